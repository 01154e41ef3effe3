"""The double-dummy analysis as a background job.

``start(session)`` claims the board set (one conditional UPDATE, so two clicks or two
processes cannot both start a job), then runs ``services.analyse`` in a daemon thread of the
web process.  The thread writes its progress (``analysis_done``/``analysis_total``) and any
failure (``analysis_error``) on the ``BoardSet`` row, which the TD's page polls every two
seconds with htmx, and closes its database connection when it ends.

A daemon thread dies with its process.  A claim older than ``STALE_AFTER`` that never
finished is treated as dead, so a restarted server does not block the analysis for ever.
In a deployment with several worker processes, or one that recycles workers, run the
analysis outside the web server instead::

    python manage.py analyse_boards SESSION_ID

It takes the same claim, so it refuses to run while a job started from the page is running.
"""

from __future__ import annotations

import datetime
import logging
import threading

from django.db import connection
from django.db.models import F, Q
from django.utils import timezone

from . import services
from .models import BoardSet

log = logging.getLogger(__name__)

#: a job that has not finished this long after it started is assumed dead
STALE_AFTER = datetime.timedelta(minutes=10)


class JobRunning(Exception):
    """An analysis of this board set is already running."""


def _running_q(now) -> Q:
    return (
        Q(analysis_started__gt=now - STALE_AFTER)
        & Q(analysis_done__lt=F("analysis_total"))
        & Q(analysis_error="")
    )


def is_running(board_set: BoardSet, now=None) -> bool:
    now = now or timezone.now()
    return BoardSet.objects.filter(_running_q(now), pk=board_set.pk).exists()


def claim(board_set: BoardSet) -> int:
    """Mark the analysis as started; returns the number of boards or raises ``JobRunning``.

    Raises ``ValidationError`` (from the services) when the set cannot be analysed.
    """
    total = len(services.analysable_rows(board_set))
    now = timezone.now()
    claimed = (
        BoardSet.objects.filter(pk=board_set.pk)
        .exclude(_running_q(now))
        .update(analysis_started=now, analysis_total=total, analysis_done=0, analysis_error="")
    )
    if not claimed:
        raise JobRunning("The double-dummy analysis of these boards is already running.")
    return total


def progress_batch(total: int) -> int:
    """Boards per solver call for the page: each call is still the solver's batch call, but
    a set is split into about four so the TD sees the analysis advance (at least 8 boards
    a call, so both solver threads stay busy)."""
    return max(8, -(-total // 4))


def run(session, progress=None) -> BoardSet:
    """Analyse now (after ``claim``); a failure is stored on the board set and re-raised."""
    try:
        total = BoardSet.objects.get(session=session).analysis_total
        return services.analyse(session, progress, batch=progress_batch(total))
    except Exception as exc:
        message = str(exc) or exc.__class__.__name__
        BoardSet.objects.filter(session=session).update(analysis_error=message[:300])
        raise


def _thread_main(session_pk: int) -> None:
    from tournament.models import Session

    try:
        run(Session.objects.get(pk=session_pk))
    except Exception:  # stored on the row by run(); logged for the operator
        log.exception("double-dummy analysis of session %s failed", session_pk)
    finally:
        connection.close()


def start(session) -> threading.Thread:
    """Claim the session's board set and analyse it in a daemon thread (returned, for tests)."""
    claim(BoardSet.objects.get(session=session))
    thread = threading.Thread(
        target=_thread_main, args=(session.pk,), name=f"dd-analysis-{session.pk}", daemon=True
    )
    thread.start()
    return thread
