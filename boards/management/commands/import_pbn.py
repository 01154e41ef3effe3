"""``manage.py import_pbn FILE --session ID``: replace a session's boards by a PBN file's.

All or nothing: a malformed file is reported with its line and nothing is imported.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from boards import services

from ._common import get_session, read_text


class Command(BaseCommand):
    help = "Import a PBN file as a session's board set (replacing any boards it has)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--session", type=int, required=True, help="session number")
        parser.add_argument(
            "--declared-trump", default="", help="whist: suit for boards without a trump tag"
        )

    def handle(self, *args, **options):
        session = get_session(options["session"])
        text = read_text(options["file"])
        try:
            board_set = services.import_pbn_file(
                session, text, declared_trump=options["declared_trump"]
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        except ValueError as exc:  # PBNError names the line
            raise CommandError(f"{options['file']}: {exc}; nothing was imported") from None
        count = board_set.boards.count()
        self.stdout.write(f"{count} boards imported; fingerprint {board_set.fingerprint}")
