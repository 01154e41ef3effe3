"""Download a session's printed documents (see docs/printing.md).

The results sheet is public once the session is final; every other document (and the results
sheet before then) is for the club's tournament directors.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from .. import pdf_data
from ..models import Session
from ..pdf import PUBLIC_WHEN_FINAL, PrintError
from ..permissions import director_required


def _session(pk: int) -> Session:
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk)


def _club(request, pk, **kwargs):
    return _session(pk).club


def _download(request, pk: int, document: str) -> HttpResponse:
    session = _session(pk)
    try:
        name, mime, body = pdf_data.render(
            session,
            document,
            section=request.GET.get("section") or None,
            page=request.GET.get("page_size", "A4"),
            base_url=request.build_absolute_uri("/"),
        )
    except PrintError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(body, content_type=mime)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


_director_download = director_required(_club)(_download)


def download(request, pk: int, document: str) -> HttpResponse:
    """``session/<pk>/print/<document>/?page_size=A4|Letter&section=A``."""
    if document in PUBLIC_WHEN_FINAL and _session(pk).is_final:
        return _download(request, pk, document)
    return _director_download(request, pk=pk, document=document)
