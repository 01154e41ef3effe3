"""The TD's board-set page of a session: generate, import PBN, enter a deal, analyse double
dummy (htmx progress), download PDFs and PBN, release.

Every view here shows or hands out deals, so every one needs a TD of the session's club
(anonymous → sign-in, another club's TD → 403) and is sent with ``Cache-Control: no-store``
so no shared cache keeps a deal before release (LAWS.md A-12: the whist trump card too).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Session
from tournament.permissions import director_required

from . import jobs, selectors, services
from .forms import DealForm, DownloadForm, GenerateForm, ImportForm
from .models import BoardSet

DOCUMENTS = ("hand-records", "trump-slips", "duplication")


def _club(request, pk, **kwargs):
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk).club


def td_view(view):
    """TD of the session's club only; never cached."""
    return never_cache(director_required(_club)(view))


def _session(pk) -> Session:
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk)


def _board_set(session) -> BoardSet | None:
    return BoardSet.objects.filter(session=session).first()


def _page(request, session, status=200, **forms):
    board_set = _board_set(session)
    game = session.event.game
    context = {
        "session": session,
        "game": game,
        "board_set": board_set,
        "rows": selectors.board_rows(board_set),
        "movement_boards": services.session_board_numbers(session),
        "running": bool(board_set and jobs.is_running(board_set)),
        "generate_form": forms.get("generate_form") or GenerateForm(),
        "import_form": forms.get("import_form") or ImportForm(),
        "deal_form": forms.get("deal_form") or DealForm(),
        "documents": _documents(game),
        "analysable": game != "whist",
    }
    return render(request, "boards/board_set.html", context, status=status)


def _documents(game: str) -> list[tuple[str, str]]:
    docs = [("hand-records", "Hand records"), ("duplication", "Duplication sheets")]
    if game == "whist":
        docs.insert(1, ("trump-slips", "Trump slips"))
    return docs


def _field_errors(exc: ValidationError) -> list[str]:
    return [m for messages_ in exc.message_dict.values() for m in messages_]


@td_view
@require_GET
def board_set(request, pk):
    return _page(request, _session(pk))


@td_view
@require_POST
def generate(request, pk):
    session = _session(pk)
    form = GenerateForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            board_set = services.generate(
                session, data["boards"], seed=data["seed"], declared_trump=data["declared_trump"]
            )
        except ValidationError as exc:
            form.add_error(None, _field_errors(exc))
        else:
            messages.success(request, f"{board_set.boards.count()} boards dealt.")
            return redirect("boards_td", pk=session.pk)
    return _page(request, session, status=400, generate_form=form)


@td_view
@require_POST
def import_pbn(request, pk):
    session = _session(pk)
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        data = form.cleaned_data
        try:
            board_set = services.import_pbn_file(
                session, data["pbn"], declared_trump=data["declared_trump"]
            )
        except ValidationError as exc:
            form.add_error(None, _field_errors(exc))
        except ValueError as exc:  # PBNError: "line 9: board 2: North has 12 cards …"
            form.add_error(None, f"Nothing was imported. {exc}")
        else:
            count = board_set.boards.count()
            messages.success(request, f"{count} boards imported from PBN.")
            return redirect("boards_td", pk=session.pk)
    return _page(request, session, status=400, import_form=form)


@td_view
@require_POST
def enter_deal(request, pk):
    session = _session(pk)
    form = DealForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            row = services.enter_deal(
                session, data["board"], data["deal"], trump_card=data["trump_card"]
            )
        except ValueError as exc:  # DealError / CardError name the card or hand
            form.add_error(None, f"Board {data['board']} was not saved: {exc}")
        else:
            messages.success(request, f"Board {row.number} recorded.")
            return redirect("boards_td", pk=session.pk)
    return _page(request, session, status=400, deal_form=form)


@td_view
@require_POST
def analyse(request, pk):
    session = _session(pk)
    board_set = _board_set(session)
    try:
        if board_set is None:
            raise ValidationError({"boards": "Deal or import the boards first."})
        jobs.start(session)
    except ValidationError as exc:
        messages.error(request, " ".join(_field_errors(exc)))
    except jobs.JobRunning as exc:
        messages.info(request, str(exc))
    except jobs.QueueUnavailable as exc:
        messages.error(request, str(exc))
    if request.htmx:
        return _progress(request, session)
    return redirect("boards_td", pk=session.pk)


@td_view
@require_GET
def progress(request, pk):
    """The progress fragment; polled every 2 s while the job runs, then reloads the page."""
    return _progress(request, _session(pk))


def _progress(request, session):
    board_set = get_object_or_404(BoardSet, session=session)
    running = jobs.is_running(board_set)
    response = render(
        request,
        "boards/_progress.html",
        {"session": session, "board_set": board_set, "running": running},
    )
    if request.htmx and not running and request.GET.get("poll"):
        response["HX-Refresh"] = "true"  # the job just ended: show the stored tables
    return response


@td_view
@require_POST
def release(request, pk):
    session = _session(pk)
    services.release(session)
    messages.success(request, "Deals released: the public board pages now show them.")
    return redirect("boards_td", pk=session.pk)


@td_view
@require_GET
def download(request, pk, document):
    if document not in DOCUMENTS:
        raise Http404("No such document.")
    session = _session(pk)
    board_set = get_object_or_404(BoardSet, session=session)
    form = DownloadForm(request.GET)
    size = (form.cleaned_data.get("size") if form.is_valid() else "") or "A4"
    try:
        filename, content_type, data = selectors.render(board_set, document, size)
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("boards_td", pk=session.pk)
    response = HttpResponse(data, content_type=content_type)
    stem = filename.rsplit(".", 1)[0]
    response["Content-Disposition"] = f'attachment; filename="session-{pk}-{stem}-{size}.pdf"'
    return response


@td_view
@require_GET
def export_pbn(request, pk):
    session = _session(pk)
    board_set = get_object_or_404(BoardSet, session=session)
    text = selectors.export_pbn(board_set)
    response = HttpResponse(text, content_type="text/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{pk}-boards.pbn"'
    return response
