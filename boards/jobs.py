"""The double-dummy analysis as a background task on the task queue (django-tasks).

``start(session)`` claims the board set (one conditional UPDATE, so two clicks, two web
processes or two machines cannot both start a job), then enqueues ``analyse_task`` with the
time of its claim.  With the database backend (the default: ``TASKS`` in
tournament/settings.py) the task is a row in the database and a worker process runs it —
``python manage.py db_worker``, which scripts/serve starts beside the web server; a larger
deployment runs one per machine against the shared PostgreSQL (README, "Deploying for many
clubs").  The task writes its progress (``analysis_done``/``analysis_total``) and any failure
(``analysis_error``) on the ``BoardSet`` row, which the TD's page polls every two seconds
with htmx.  The tests use the immediate backend, which runs the task inside ``start``.

A claim older than ``STALE_AFTER`` that never finished is treated as dead (a worker killed
mid-analysis), so it does not block the analysis for ever.  The task refreshes the claim's
time when a worker picks it up, so time spent waiting in the queue does not count; a task
whose claim was taken over meanwhile (it went stale and the TD started again) does nothing.
The analysis can also be run from a shell, without the queue::

    python manage.py analyse_boards SESSION_ID

It takes the same claim, so it refuses to run while a job started from the page is running.
"""

from __future__ import annotations

import datetime
import logging

from django.db.models import F, Q
from django.utils import timezone
from django_tasks import TaskResult, task

from tournament.models import Session

from . import services
from .models import BoardSet

log = logging.getLogger(__name__)

#: a job that has not finished this long after it started is assumed dead
STALE_AFTER = datetime.timedelta(minutes=10)


class JobRunning(Exception):
    """An analysis of this board set is already running."""


class QueueUnavailable(Exception):
    """The analysis could not be put on the task queue (the claim is released)."""


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


@task()
def analyse_task(session_pk: int, claimed_at: str) -> dict:
    """Run by a worker: analyse the session's boards under the claim taken at ``claimed_at``.

    Returns what was done (stored with the task's result); a failure is stored on the board
    set by ``run`` and re-raised, so the queue records the task as failed too.
    """
    taken = BoardSet.objects.filter(
        session_id=session_pk,
        analysis_started=datetime.datetime.fromisoformat(claimed_at),
        analysis_error="",
    ).update(analysis_started=timezone.now())
    if not taken:
        log.warning("analysis of session %s: its claim was taken over; not run", session_pk)
        return {"session": session_pk, "analysed": 0, "superseded": True}
    board_set = run(Session.objects.get(pk=session_pk))
    return {"session": session_pk, "analysed": board_set.analysis_done, "superseded": False}


def start(session) -> TaskResult:
    """Claim the session's board set and enqueue its analysis; returns the task's result
    (finished already with the immediate backend, ``READY`` with the database backend).

    Raises ``JobRunning`` or ``ValidationError`` (nothing enqueued) like ``claim``, and
    ``QueueUnavailable`` when the queue refuses the task.
    """
    board_set = BoardSet.objects.get(session=session)
    claim(board_set)
    claimed_at = BoardSet.objects.values_list("analysis_started", flat=True).get(pk=board_set.pk)
    try:
        return analyse_task.enqueue(session.pk, claimed_at.isoformat())
    except Exception as exc:  # the queue is unreachable: free the claim, say why
        message = f"The analysis could not be queued: {exc or exc.__class__.__name__}"
        BoardSet.objects.filter(pk=board_set.pk).update(analysis_error=message[:300])
        raise QueueUnavailable(message) from exc
