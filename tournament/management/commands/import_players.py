"""``manage.py import_players players.csv --club SLUG``: add or update a club's players."""

from ..interchange_commands import ImportCommand


class Command(ImportCommand):
    help = (
        "Import a club's players from CSV (name, membership, email, phone, gender); all or nothing."
    )
    club_required = True

    def load(self, text, club):
        from tournament.interchange.services import import_players

        return import_players(club, text)

    def report(self, counts) -> str:
        created, updated = counts
        return f"{created} players added, {updated} updated"
