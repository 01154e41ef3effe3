"""``manage.py import_pbn_results results.pbn --club SLUG``: a new session; prints its id."""

from ..interchange_commands import ImportCommand


class Command(ImportCommand):
    help = "Import the results (ScoreTable) of a PBN file as a new session; prints its id."
    club_required = True
    binary = True

    def load(self, text, club):
        from tournament.interchange.services import import_pbn_results

        return import_pbn_results(text, club)
