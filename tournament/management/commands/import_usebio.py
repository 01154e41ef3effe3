"""``manage.py import_usebio results.xml [--club SLUG]``: a new session from USEBIO; prints its id."""

from ..interchange_commands import ImportCommand


class Command(ImportCommand):
    help = "Import a USEBIO 1.2 file as a new session (scores recomputed); prints its id."

    binary = True

    def load(self, text, club):
        from tournament.interchange.services import import_usebio

        return import_usebio(text, club=club)
