"""``manage.py export_pbn_results SESSION [--section A] > results.pbn``: PBN 2.1 with ScoreTable and TotalScoreTable."""

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Write one section of a session as PBN 2.1 with ScoreTable and TotalScoreTable (scored now) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("session", type=int)
        parser.add_argument("--section", help="section name (default: the first)")

    def handle(self, *args, **options):
        from tournament.interchange.db import export_pbn_results
        from tournament.interchange.errors import InterchangeError
        from tournament.models import Session

        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"no session with id {options['session']}")
        try:
            self.stdout.write(export_pbn_results(session, options["section"]), ending="")
        except InterchangeError as exc:
            raise CommandError(str(exc)) from exc
