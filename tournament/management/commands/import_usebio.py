"""``manage.py import_usebio results.xml``: a new session from USEBIO; prints its id."""

from django.core.management.base import BaseCommand, CommandError

from .import_session import read_text


class Command(BaseCommand):
    help = "Import a USEBIO 1.2 file as a new session (scores recomputed); prints its id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", help="import into this club (slug) instead of the file's")

    def handle(self, *args, **options):
        from tournament.interchange.db import import_usebio
        from tournament.interchange.errors import InterchangeError
        from tournament.models import Club

        club = None
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"no club {options['club']!r}")
        try:
            session = import_usebio(read_text(options["file"]), club=club)
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(str(session.pk))
