"""``manage.py import_session file.json [--club SLUG]``: create a new session; prints its id."""

from ..interchange_commands import ImportCommand


class Command(ImportCommand):
    help = "Import a duplicate-session/1 file as a new session (all or nothing); prints its id."

    def load(self, text, club):
        from tournament.interchange.services import import_session

        return import_session(text, club=club)
