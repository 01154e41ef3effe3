"""``manage.py export_pbn --session ID [--out FILE]``: a session's boards as PBN 2.1.

The file holds the deals: it is for the TD (or for after the session), not for players
before the deals are released.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from boards import selectors
from boards.models import BoardSet

from ._common import get_session


class Command(BaseCommand):
    help = "Write a session's board set as PBN (with double-dummy tags where analysed)."

    def add_arguments(self, parser):
        parser.add_argument("--session", type=int, required=True, help="session number")
        parser.add_argument("--out", default="", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        session = get_session(options["session"])
        board_set = BoardSet.objects.filter(session=session).first()
        if board_set is None:
            raise CommandError(f"session {session.pk} has no boards; deal or import them first")
        text = selectors.export_pbn(board_set)
        if not options["out"]:
            self.stdout.write(text, ending="")
            return
        try:
            Path(options["out"]).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {options['out']}: {exc.strerror}") from None
        self.stdout.write(f"{board_set.boards.count()} boards written to {options['out']}")
