"""Files in the console (docs/console.md, "Files"): every export as a download and every
import as an upload, with the same services, validation and messages as the management
commands (``export_*``, ``import_*``, ``backup_club``, ``restore_club``).

Permission comes first (a TD of the club), then the method (downloads GET, imports POST).
A file refused by an import shows its ``where: what`` (a JSON path or a line) at the upload
field, answers 400 and stores nothing (each import is one transaction).
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from scoring.tables import combined_table, export_csv
from tournament.interchange import selectors as interchange_selectors
from tournament.interchange import services as interchange_services
from tournament.interchange.services import InterchangeError
from tournament.prizes import combined as combined_selectors

from ..forms import UploadForm
from ..permissions import (
    club_of_event,
    club_of_session,
    club_of_slug,
    director_required,
    get_event,
    get_session,
)

#: kind → (title, what the file is, accepted extensions)
IMPORTS = {
    "session": ("Session file", "a duplicate-session/1 JSON file (from this or another club "
                "site): a new session in this club", ".json"),
    "usebio": ("USEBIO results", "USEBIO 1.2 XML from another scoring program: a new session, "
               "scores recomputed from the travellers", ".xml"),
    "pbn-results": ("PBN results", "a PBN file with ScoreTable results: a new session", ".pbn"),
    "players": ("Players", "CSV with the columns name, membership, email, phone, gender and "
                "rating (masterpoints, for stratified pairs): players added or updated, their "
                "ratings set", ".csv,.txt"),
    "restore": ("Restore a club backup", "a duplicate-club/1 backup: the club is rebuilt as a "
                "new club (its slug must be free) and you become one of its directors", ".json"),
}  # fmt: skip

#: fmt → (content type, extension)
EXPORTS = {
    "session-file": ("application/json", "json"),
    "usebio": ("application/xml", "xml"),
    "pbn-results": ("application/x-chess-pbn; charset=utf-8", "pbn"),
}

#: the event's downloads: its combined ranking (docs/interchange.md)
EVENT_EXPORTS = ("combined-csv", "combined-usebio")


def _attachment(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body.encode("utf-8"), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def _forms(bound_kind=None, bound=None):
    return [
        {"kind": kind, "title": title, "help": help_text, "accept": accept,
         "form": bound if kind == bound_kind else UploadForm(auto_id=f"id_{kind}_%s")}
        for kind, (title, help_text, accept) in IMPORTS.items()
    ]  # fmt: skip


@director_required(club_of_slug)
def club_files(request, slug):
    club = club_of_slug(request, slug)
    return render(
        request, "tournament/director/club_files.html", {"club": club, "imports": _forms()}
    )


@director_required(club_of_slug)
@require_GET
def club_backup(request, slug):
    club = club_of_slug(request, slug)
    data = interchange_selectors.backup_club(club)
    name = f"{club.slug}-backup-{timezone.localdate():%Y-%m-%d}.json"
    body = json.dumps(data, indent=1, ensure_ascii=False)
    return _attachment(body, "application/json", name)


def _load(kind: str, text: str, club, user):
    """Import ``text``; returns (the message, where to go next). Raises InterchangeError."""
    if kind in ("session", "usebio", "pbn-results"):
        load = {
            "session": interchange_services.import_session,
            "usebio": interchange_services.import_usebio,
            "pbn-results": interchange_services.import_pbn_results,
        }[kind]
        session = load(text, club=club)
        return f"Imported {session.event.name} — {session.name} as a new session.", (
            "td_session", {"pk": session.pk})  # fmt: skip
    if kind == "players":
        created, updated = interchange_services.import_players(club, text)
        return f"{created} players added, {updated} updated.", (
            "td_club_files",
            {"slug": club.slug},
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InterchangeError(f"line {exc.lineno}", "not valid JSON") from None
    restored = interchange_services.restore_club(data, director=user)
    return f"Club {restored.name} restored.", ("td_console", {})


@director_required(club_of_slug)
@require_POST
def club_import(request, slug, kind):
    club = club_of_slug(request, slug)
    if kind not in IMPORTS:
        raise Http404("No such import.")
    form = UploadForm(request.POST, request.FILES, auto_id=f"id_{kind}_%s")
    if form.is_valid():
        try:
            message, (name, kwargs) = _load(kind, form.text, club, request.user)
        except InterchangeError as exc:
            form.add_error("file", f"{form.cleaned_data['file'].name}: {exc}")
        else:
            messages.success(request, message)
            return redirect(name, **kwargs)
    context = {"club": club, "imports": _forms(kind, form), "failed": kind}
    return render(request, "tournament/director/club_files.html", context, status=400)


@director_required(club_of_session)
def session_files(request, pk):
    session = get_session(pk)
    sections = list(session.sections.order_by("name").values_list("name", flat=True))
    context = {"session": session, "sections": sections}
    return render(request, "tournament/director/session_files.html", context)


@director_required(club_of_session)
@require_GET
def session_export(request, pk, fmt):
    session = get_session(pk)
    if fmt not in EXPORTS:
        raise Http404("No such export.")
    section = request.GET.get("section") or None
    content_type, ext = EXPORTS[fmt]
    base = slugify(f"{session.event.name} {session.name} {session.date:%Y-%m-%d}") or "session"
    try:
        if fmt == "session-file":
            body = json.dumps(
                interchange_selectors.export_session(session), indent=2, ensure_ascii=False
            )
        elif fmt == "usebio":
            body = interchange_selectors.export_usebio(session, section)
        else:
            body = interchange_selectors.export_pbn_results(session, section)
    except InterchangeError as exc:
        messages.error(request, f"No {fmt} file: {exc}")
        return redirect("td_session_files", pk=pk)
    suffix = f"-{slugify(section)}" if section else ""
    return _attachment(body, content_type, f"{base}{suffix}.{ext}")


def _group(request) -> int:
    """The ``?group=`` of a combined USEBIO download: 1 for the first ranking group."""
    text = request.GET.get("group", "1")
    return int(text) - 1 if text.isascii() and text.isdigit() and len(text) < 4 else -1


@director_required(club_of_event)
@require_GET
def event_export(request, pk, fmt):
    """The event's combined ranking as CSV (every group) or USEBIO (one group); 404 when the
    event ranks its sessions apart (it has no combined ranking)."""
    event = get_event(pk)
    found = combined_selectors.ranking(event) if fmt in EVENT_EXPORTS else None
    if found is None:
        raise Http404("No such export: the event has no combined ranking.")
    base = slugify(f"{event.name} combined") or "combined"
    try:
        if found["error"]:
            raise InterchangeError("event.conditions.combined", found["error"])
        if fmt == "combined-usebio":
            body = interchange_selectors.export_combined_usebio(event, _group(request))
            group = request.GET.get("group", "1")
            suffix = f"-{slugify(group)}" if group != "1" else ""
            return _attachment(body, "application/xml", f"{base}{suffix}.xml")
    except InterchangeError as exc:
        messages.error(request, f"No {fmt} file: {exc}")
        return redirect("td_event", pk=pk)
    content_type, text = export_csv(combined_table(found))
    return _attachment(text, content_type, f"{base}.csv")
