"""Large printed documents (the session pack) as background tasks on the task queue.

A 30-table pack takes about a second of CPU on an idle machine and several on a busy one:
long enough to hold a web worker and time out behind a proxy.  So the TD's page does not
render it in the request: ``start`` checks what is missing at once (the same
``selectors.check`` as a download, so a refusal is immediate and names what to do), stores
a ``PrintJob`` row and enqueues ``render_task`` (django-tasks; with the database backend a
worker process runs it, ``python manage.py db_worker``, which scripts/serve starts beside
the server, as for the double-dummy analysis in boards/jobs.py).  The task writes its
progress (flowables drawn of the document's total, from ReportLab's progress calls) on the
row, which the job's page polls every two seconds with htmx, then stores the PDF on the row
for the download.  The tests use the immediate backend, which runs the task inside ``start``.

A second click while the same document is still queued or rendering returns that job
instead of queuing another; a job not heard from for ``STALE_AFTER`` (a worker killed
mid-render) is shown as stopped and no longer blocks a new one.  Only the latest finished
job of each document and page size is kept per session (the PDF is in the database, so a
deployment with several machines serves it from any of them).
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django_tasks import task

from tournament.models import PrintJob, Session
from tournament.printing import selectors
from tournament.printing.documents import PrintError, generate

log = logging.getLogger(__name__)

#: documents rendered by a worker (the others are small and are rendered in the request)
QUEUED_DOCUMENTS = frozenset({"pack"})
#: a job not heard from this long is assumed dead
STALE_AFTER = datetime.timedelta(minutes=10)
#: progress is written at most this often (seconds), and at the end
WRITE_EVERY = 0.5


STOPPED = "Stopped: no worker finished it (was the worker running?). Start it again."


class QueueUnavailable(Exception):
    """The job could not be put on the task queue (the job is marked failed)."""


def is_stale(job: PrintJob, now=None) -> bool:
    now = now or timezone.now()
    unfinished = job.status in (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)
    return unfinished and job.updated < now - STALE_AFTER


def is_active(job: PrintJob) -> bool:
    """Queued or rendering, and heard from lately: the page keeps polling."""
    unfinished = job.status in (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)
    return unfinished and not is_stale(job)


def start(
    session: Session, document: str, *, section: str | None, page: str, base_url: str, user=None
) -> PrintJob:
    """Queue ``document`` of ``session``; returns the job (already done with the immediate
    backend).  Raises ``ValidationError`` with the download's message when something is
    missing (nothing queued), ``QueueUnavailable`` when the queue refuses the task."""
    if document not in QUEUED_DOCUMENTS:
        raise ValidationError(f"{document}: download it directly, it is not queued")
    try:
        chosen = selectors.check(session, document, section)
        page = selectors.page_size(page)
    except PrintError as exc:
        raise ValidationError(str(exc)) from None
    with transaction.atomic():
        Session.objects.select_for_update().filter(pk=session.pk).first()  # one start at a time
        same = PrintJob.objects.filter(
            session=session, document=document, section=chosen.name, page_size=page
        )
        for job in same.filter(status__in=[PrintJob.Status.QUEUED, PrintJob.Status.RUNNING]):
            if not is_stale(job):
                return job
            PrintJob.objects.filter(pk=job.pk).update(
                status=PrintJob.Status.FAILED, error=STOPPED
            )  # a worker killed mid-render: this one never finishes
        job = PrintJob.objects.create(
            session=session, document=document, section=chosen.name, page_size=page,
            base_url=base_url[:300], requested_by=user if user and user.is_authenticated else None,
        )  # fmt: skip
    try:
        render_task.enqueue(job.pk)
    except Exception as exc:  # the queue is unreachable: say why on the job
        message = f"The document could not be queued: {exc or exc.__class__.__name__}"
        PrintJob.objects.filter(pk=job.pk).update(
            status=PrintJob.Status.FAILED, error=message[:300]
        )
        raise QueueUnavailable(message) from exc
    job.refresh_from_db()
    return job


def run(job_pk: int) -> PrintJob | None:
    """Render the job's document now and store it; a failure is stored on the job and
    re-raised.  None when the job is gone or was already taken by another worker."""
    taken = PrintJob.objects.filter(pk=job_pk, status=PrintJob.Status.QUEUED).update(
        status=PrintJob.Status.RUNNING, done=0, total=0
    )
    if not taken:
        log.warning("print job %s: not queued any more; not run", job_pk)
        return None
    job = PrintJob.objects.select_related("session__event__club").get(pk=job_pk)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = timezone.now().timestamp()
        if now - last[0] >= WRITE_EVERY or done == total:
            last[0] = now
            PrintJob.objects.filter(pk=job_pk).update(
                done=done, total=total, updated=timezone.now()
            )

    try:
        chosen = selectors.check(job.session, job.document, job.section or None)
        data = selectors.print_data(job.session, chosen, job.page_size, job.base_url or None)
        name, _mime, body = generate(job.document, replace(data, progress=progress))
    except Exception as exc:
        message = str(exc) or exc.__class__.__name__
        PrintJob.objects.filter(pk=job_pk).update(
            status=PrintJob.Status.FAILED, error=message[:300]
        )
        raise
    with transaction.atomic():
        PrintJob.objects.filter(pk=job_pk).update(
            status=PrintJob.Status.DONE, filename=name, content=body, error=""
        )
        # keep only this finished job of its document and page size
        PrintJob.objects.filter(
            session_id=job.session_id, document=job.document, section=job.section,
            page_size=job.page_size, status__in=[PrintJob.Status.DONE, PrintJob.Status.FAILED],
        ).exclude(pk=job_pk).delete()  # fmt: skip
    return PrintJob.objects.get(pk=job_pk)


@task()
def render_task(job_pk: int) -> dict:
    """Run by a worker: render print job ``job_pk`` (``run``)."""
    job = run(job_pk)
    if job is None:
        return {"job": job_pk, "rendered": False}
    return {"job": job_pk, "rendered": True, "bytes": len(job.content or b"")}
