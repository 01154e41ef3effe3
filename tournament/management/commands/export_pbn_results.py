"""``manage.py export_pbn_results SESSION [--section A] > results.pbn``: PBN 2.1 with
ScoreTable and TotalScoreTable."""

from ..interchange_commands import SectionExportCommand


class Command(SectionExportCommand):
    help = (
        "Write one section of a session as PBN 2.1 with ScoreTable and TotalScoreTable "
        "(scored now) to standard output."
    )

    def write(self, session, section):
        from tournament.interchange.selectors import export_pbn_results

        return export_pbn_results(session, section)
