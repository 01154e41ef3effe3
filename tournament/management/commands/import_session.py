"""``manage.py import_session file.json``: create a new session; prints its id."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Import a duplicate-session/1 file as a new session (all or nothing); prints its id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", help="import into this club (slug) instead of the file's")

    def handle(self, *args, **options):
        from tournament.interchange.db import import_session
        from tournament.interchange.errors import InterchangeError
        from tournament.models import Club

        club = None
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"no club {options['club']!r}")
        try:
            session = import_session(read_text(options["file"]), club=club)
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(str(session.pk))


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}") from exc
