"""``manage.py import_pbn_results results.pbn --club SLUG``: a new session; prints its id."""

from django.core.management.base import BaseCommand, CommandError

from .import_session import read_text


class Command(BaseCommand):
    help = "Import the results (ScoreTable) of a PBN file as a new session; prints its id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", required=True, help="the club's slug")

    def handle(self, *args, **options):
        from tournament.interchange.db import import_pbn_results
        from tournament.interchange.errors import InterchangeError
        from tournament.models import Club

        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club {options['club']!r}")
        try:
            session = import_pbn_results(read_text(options["file"]), club)
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(str(session.pk))
