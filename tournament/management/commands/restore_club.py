"""``manage.py restore_club FILE``: rebuild a club from backup_club (all or nothing)."""

import json

from django.core.management.base import BaseCommand, CommandError

from ..interchange_commands import read_text


class Command(BaseCommand):
    help = "Restore a duplicate-club/1 backup onto a database that does not have the club."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        from tournament.interchange.formats.errors import InterchangeError
        from tournament.interchange.services import restore_club

        try:
            club = restore_club(json.loads(read_text(options["file"])))
        except json.JSONDecodeError as exc:
            raise CommandError(f"{options['file']}: line {exc.lineno}: not valid JSON") from exc
        except RecursionError:
            raise CommandError(
                f"{options['file']}: JSON nested too deeply to read; is the file damaged?"
            ) from None
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(club.slug)
