"""The table phone's offline queue, server side: ``POST /t/<token>/sync/`` (JSON), the web
app manifest and the service worker (static/js/table-offline.js, static/js/table-sw.js).

The phone keeps each result and O.K. entered while the club's Wi-Fi is down (IndexedDB) and
sends its queue here, oldest first, when the connection returns::

    {"queue": {"count": 3, "oldest": "2026-11-24T19:40:00Z"},
     "items": [{"client_id": "…", "kind": "result", "round": 1, "board": 3, "ns": 1,
                "ew": 2, "version": 0, "fields": {"result": "4S N =", "lead": ""},
                "at": "…"},
               {"client_id": "…", "kind": "confirm", "round": 1,
                "versions": {"3": "<client id of board 3's queued result>", "4": 2}}]}

Each item is answered in order: ``stored``, ``duplicate`` (seen before: its first answer
again, nothing stored twice), ``conflict`` (not applied; the stored result in ``current``)
or ``invalid`` (the field messages in ``errors``).  The same checks as the page's forms
(``ResultEntryForm``, the table's current round) and the same services decide.

No CSRF cookie is needed: the table's secret code in the URL is the credential (a page of
another site cannot know it), and a request whose ``Origin`` is another site's is refused.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from scoring.forms import FORM_FIELDS, ResultEntryForm, check_place, surface_errors
from scoring.models import BoardResult
from scoring.results import queue as queue_services
from scoring.results import selectors as result_selectors
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services

from ..models import Session

CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
MAX_ITEMS = 200
REFUSED = {
    "unknown": (404, "This table code is not known."),
    "revoked": (403, "This table code has been withdrawn: ask the director for the new card."),
    Session.Status.DRAFT: (403, "The session has not started."),
    Session.Status.PROVISIONAL: (403, "Play is over: ask the director about any correction."),
    Session.Status.FINAL: (403, "The session is final: results can no longer be entered."),
}


def _token(token: str):
    row = play_selectors.lookup(token)
    if row is None:
        return None, "unknown"
    if row.revoked:
        return None, "revoked"
    status = row.section.session.status
    return (row, None) if status == Session.Status.RUNNING else (None, status)


def _same_origin(request) -> bool:
    origin = request.headers.get("Origin")
    if origin is None or origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    return origin == f"{request.scheme}://{request.get_host()}"


def _when(value) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        when = parse_datetime(value)
    except ValueError:
        return None
    if when is not None and timezone.is_naive(when):
        when = timezone.make_aware(when, UTC)
    return when


def _number(value) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        return None
    return value


@csrf_exempt
@never_cache
@require_POST
def table_sync(request, token):
    if not _same_origin(request):
        return JsonResponse({"refused": "origin", "message": "Another site's request."}, status=403)
    row, reason = _token(token)
    if reason is not None:
        status, message = REFUSED[reason]
        return JsonResponse({"refused": str(reason), "message": message}, status=status)
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return JsonResponse({"refused": "json", "message": "Not a JSON request."}, status=400)
    items = body.get("items") if isinstance(body, dict) else None
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        message = f"Expected a list of at most {MAX_ITEMS} items."
        return JsonResponse({"refused": "json", "message": message}, status=400)
    queue = body.get("queue") if isinstance(body.get("queue"), dict) else {}
    count = _number(queue.get("count")) or 0
    oldest = _when(queue.get("oldest"))
    play_services.note_queue(row, queued=count, since=oldest)
    answers = [_answer(row, item) for item in items]
    play_services.note_queue(row, queued=max(0, count - len(answers)), since=oldest)
    _, _, current = result_selectors.table_progress(row.section, row.table_number)
    return JsonResponse({"answers": answers, "round": current["round"] if current else None})


def _answer(row, item) -> dict:
    if not isinstance(item, dict):
        return {"client_id": None, "status": "invalid", "errors": {"__all__": ["Not an item."]}}
    client_id = item.get("client_id")
    if not isinstance(client_id, str) or not CLIENT_ID.match(client_id):
        return {"client_id": None, "status": "invalid",
                "errors": {"__all__": ["Each item needs a client id (8 to 64 letters)."]}}  # fmt: skip
    seen = result_selectors.queued_write(client_id)
    if seen is not None:
        if (seen.section_id, seen.table_number) != (row.section_id, row.table_number):
            errors = {"__all__": ["This client id was used by another table."]}
            return {"client_id": client_id, "status": "invalid", "errors": errors}
        return _reply(seen, duplicate=True)
    kind = item.get("kind")
    if kind == "confirm":
        kept, duplicate = _confirm(row, client_id, item)
    elif kind == "result":
        kept, duplicate = _result(row, client_id, item)
    else:
        errors = {"__all__": ["The kind is 'result' or 'confirm'."]}
        return {"client_id": client_id, "status": "invalid", "errors": errors}
    return _reply(kept, duplicate=duplicate)


def _reply(kept, *, duplicate: bool) -> dict:
    reply = {"client_id": kept.client_id, "status": "duplicate" if duplicate else kept.outcome,
             "outcome": kept.outcome, "board": kept.board_number, "round": kept.round_number,
             **kept.answer}  # fmt: skip
    return reply


def _result(row, client_id: str, item: dict):
    section, table = row.section, row.table_number
    _, results, current = result_selectors.table_state(section, table)
    board, round_number = _number(item.get("board")), _number(item.get("round"))
    at = _when(item.get("at"))
    place = {"kind": "result", "round_number": round_number, "board": board, "entered_at": at}
    if current is None or round_number != current["round"]:
        done = results.get((round_number, board))
        if done is not None and done.status == BoardResult.Status.CONFIRMED:
            now = queue_services.current_result(
                section, board=board, ns=done.ns_entry.number, ew=done.ew_entry.number
            )
            message = f"Board {board} was confirmed meanwhile; only the director can change it."
            return queue_services.conflict(section, table, client_id, message=message,
                                           current=now, **place)  # fmt: skip
        playing = f"round {current['round']}" if current else "no round (every round is confirmed)"
        return queue_services.refuse(section, table, client_id, entered_at=at,
                                     messages={"round": [f"This table is playing {playing}."]},
                                     **{k: v for k, v in place.items() if k != "entered_at"})  # fmt: skip
    form = _form(section.session.event.game, item, board)
    if form.is_valid():
        check_place(form, current, form.cleaned_data["board"])
    if form.errors:
        surface_errors(form, section.session.event.game)
        messages = {name: list(errors) for name, errors in form.errors.items()}
        return queue_services.refuse(section, table, client_id, messages=messages,
                                     **{k: v for k, v in place.items()})  # fmt: skip
    return queue_services.store_result(
        section, table, current, client_id=client_id, board=form.cleaned_data["board"],
        based_on=form.cleaned_data.get("version") or 0, fields=form.result_fields, entered_at=at,
    )  # fmt: skip


def _form(game: str, item: dict, board) -> ResultEntryForm:
    """The page's entry form, bound to the queued item (only the boxes the page shows)."""
    prefix = f"b{board}"
    data = {
        f"{prefix}-{name}": item.get(name) for name in ("board", "ns", "ew", "round", "version")
    }
    fields = item.get("fields") if isinstance(item.get("fields"), dict) else {}
    for name in FORM_FIELDS.get(game, FORM_FIELDS["contract"]):
        value = fields.get(name)
        if isinstance(value, str | int) and not isinstance(value, bool):
            data[f"{prefix}-{name}"] = str(value)
    data = {k: ("" if v is None else str(v)) for k, v in data.items()}
    return ResultEntryForm(data, game=game, prefix=prefix)


def _confirm(row, client_id: str, item: dict):
    section, table = row.section, row.table_number
    round_number, at = _number(item.get("round")), _when(item.get("at"))
    raw = item.get("versions")
    versions: dict[int, int | str] = {}
    if isinstance(raw, dict) and len(raw) <= 64:
        for key, value in raw.items():
            if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 6:
                if _number(value) is not None or (
                    isinstance(value, str) and CLIENT_ID.match(value)
                ):
                    versions[int(key)] = value
    if round_number is None or not versions or len(versions) != len(raw or {}):
        messages = {"__all__": ["The O.K. names its round and each board's result."]}
        return queue_services.refuse(section, table, client_id, kind="confirm",
                                     round_number=round_number, board=None, messages=messages,
                                     entered_at=at)  # fmt: skip
    return queue_services.confirm_round(section, table, client_id=client_id,
                                        round_number=round_number, versions=versions,
                                        entered_at=at)  # fmt: skip


def manifest(request, token):
    """The table's web app manifest: installable on the phone's home screen, opening at
    this table's page."""
    row = play_selectors.lookup(token)
    name = f"Table {row.table_number}" if row is not None else "Table"
    data = {
        "name": f"{name} — club tournament",
        "short_name": name,
        "start_url": f"/t/{token}/",
        "scope": "/t/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d4f91",
        "icons": [{"src": "/static/img/table-icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(data, content_type="application/manifest+json")


def service_worker(request):
    """The service worker, served under /t/ so that its scope covers every table's page."""
    prefix = settings.STATIC_URL
    prefix = prefix if prefix.startswith(("/", "http")) else "/" + prefix
    response = render(request, "table/sw.js", {"static_prefix": prefix},
                      content_type="text/javascript; charset=utf-8")  # fmt: skip
    response["Service-Worker-Allowed"] = "/t/"
    response["Cache-Control"] = "no-cache"
    return response
