"""``manage.py import_players players.csv --club SLUG``: add or update a club's players."""

from django.core.management.base import BaseCommand, CommandError

from .import_session import read_text


class Command(BaseCommand):
    help = (
        "Import a club's players from CSV (name, membership, email, phone, gender); all or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", required=True, help="the club's slug")

    def handle(self, *args, **options):
        from tournament.interchange.db_club import import_players
        from tournament.interchange.errors import InterchangeError
        from tournament.models import Club

        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club {options['club']!r}")
        try:
            created, updated = import_players(club, read_text(options["file"]))
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(f"{created} players added, {updated} updated")
