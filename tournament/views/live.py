"""Live updates by push: ``/live/session/<pk>/``, a stream of server-sent events telling the
pages of a session what changed (``tournament.play.live``).  static/js/live.js listens and
refreshes the part of the page concerned; when the stream cannot be had it polls instead."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, StreamingHttpResponse

from tournament.play import live

from ..models import Session


def _exists(pk: int, streaming: bool) -> bool:
    """Whether the session exists.  Before a stream, the request's own database connection is
    closed at once: a stream holds its request open for hours (the hub reads with its own)."""
    try:
        return Session.objects.filter(pk=pk).exists()
    finally:
        if streaming:
            connection.close()


async def session_events(request, pk):
    streaming = isinstance(request, ASGIRequest)
    exists = await sync_to_async(_exists)(pk, streaming)
    if not exists:
        raise Http404("No such session.")
    last_id = request.headers.get("Last-Event-ID")
    if streaming:
        response = StreamingHttpResponse(live.stream(pk, last_id), content_type="text/event-stream")
    else:
        text = await sync_to_async(live.answer_once)(pk, last_id)
        response = HttpResponse(text, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not hold the events back
    return response
