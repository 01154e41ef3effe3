"""``manage.py analyse_boards SESSION``: the double-dummy analysis from a shell, now.

The page queues the analysis for a task worker (``manage.py db_worker``, boards/jobs.py);
this runs it in the shell's own process instead, without the queue.  It takes the same claim
as the page, so it refuses while a job is already running, and the page shows its progress.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from boards import jobs
from boards.models import BoardSet

from ._common import get_session


class Command(BaseCommand):
    help = "Compute and store double-dummy tables and par for a session's boards."

    def add_arguments(self, parser):
        parser.add_argument("session", type=int, help="session number")

    def handle(self, *args, **options):
        session = get_session(options["session"])
        board_set = BoardSet.objects.filter(session=session).first()
        if board_set is None:
            raise CommandError(f"session {session.pk} has no boards; deal or import them first")
        try:
            jobs.claim(board_set)
        except (ValidationError, jobs.JobRunning) as exc:
            raise CommandError(" ".join(getattr(exc, "messages", [str(exc)]))) from None
        progress = lambda done, total: self.stdout.write(f"{done} of {total} boards")  # noqa: E731
        try:
            board_set = jobs.run(session, progress)
        except Exception as exc:
            raise CommandError(f"the analysis failed: {exc}") from exc
        self.stdout.write(f"{board_set.analysis_done} boards analysed for {session}")
