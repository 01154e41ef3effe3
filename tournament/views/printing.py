"""Download a session's printed documents (see docs/printing.md).

The results sheet is public once the session is final; every other document (and the results
sheet before then) is for the club's tournament directors.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpResponse

from tournament.printing import selectors as print_selectors

from ..permissions import club_of_session, director_required, get_session


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
