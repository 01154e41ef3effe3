"""Download a session's printed documents (see docs/printing.md).

The results sheet is public once the session is final; every other document (and the results
sheet before then) is for the club's tournament directors.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.printing import jobs as print_jobs
from tournament.printing import selectors as print_selectors

from ..permissions import club_of_session, director_required, get_print_job, get_session


def _download(request, pk: int, document: str) -> HttpResponse:
    session = get_session(pk)
    try:
        name, mime, body = print_selectors.render(
            session,
            document,
            section=request.GET.get("section") or None,
            page=request.GET.get("page_size", "A4"),
            base_url=request.build_absolute_uri("/"),
        )
    except ValidationError as exc:
        return HttpResponse(
            " ".join(exc.messages), status=400, content_type="text/plain; charset=utf-8"
        )
    response = HttpResponse(body, content_type=mime)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


_director_download = director_required(club_of_session)(_download)


def download(request, pk: int, document: str) -> HttpResponse:
    """``session/<pk>/print/<document>/?page_size=A4|Letter&section=A``."""
    if print_selectors.public_when_final(get_session(pk), document):
        return _download(request, pk, document)
    return _director_download(request, pk=pk, document=document)


# --- large documents through the task queue (tournament/printing/jobs.py) -----------------


@director_required(club_of_session)
@require_POST
def job_start(request, pk: int) -> HttpResponse:
    """Queue the session pack (``document``, ``page_size``, ``section`` posted); then its page."""
    session = get_session(pk)
    try:
        job = print_jobs.start(
            session,
            request.POST.get("document", "pack"),
            section=request.POST.get("section") or None,
            page=request.POST.get("page_size", "A4"),
            base_url=request.build_absolute_uri("/"),
            user=request.user,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("td_session", pk=session.pk)
    except print_jobs.QueueUnavailable as exc:
        messages.error(request, str(exc))
        return redirect("td_session", pk=session.pk)
    return redirect("print_job", pk=session.pk, job=job.pk)


def _job_context(session, job) -> dict:
    return {"session": session, "job": job, "active": print_jobs.is_active(job),
            "stale": print_jobs.is_stale(job)}  # fmt: skip


@director_required(club_of_session)
@require_GET
@never_cache
def job_page(request, pk: int, job: int) -> HttpResponse:
    session = get_session(pk)
    context = _job_context(session, get_print_job(session, job))
    return render(request, "tournament/director/print_job.html", context)


@director_required(club_of_session)
@require_GET
@never_cache
def job_progress(request, pk: int, job: int) -> HttpResponse:
    """The job's progress fragment, polled every 2 s while it is queued or rendering."""
    session = get_session(pk)
    return render(
        request, "tournament/_print_job.html", _job_context(session, get_print_job(session, job))
    )


@director_required(club_of_session)
@require_GET
def job_download(request, pk: int, job: int) -> HttpResponse:
    found = get_print_job(get_session(pk), job, with_content=True)
    if found.status != found.Status.DONE or found.content is None:
        raise Http404("This document is not ready.")
    response = HttpResponse(bytes(found.content), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{found.filename}"'
    return response
