"""Result entry by traveller and by pick-up slip, confirmation, corrections and conflicts.

Both entry screens post one row at a time (a ``ResultEntryForm``) to :func:`result`; with htmx
the row is swapped in place by the stored result, the errors at the field (with what was
typed kept), or the conflict with both values and the TD's choice.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring.forms import ResultEntryForm
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from scoring.results.services import ResultConflict, correct_result, describe, record_result
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services

from ..forms import ConfirmForm, ReasonForm, add_errors
from ..models import Entry
from ..permissions import (
    club_of_result,
    club_of_section,
    director_required,
    get_section,
    safe_next,
)

ROW = "tournament/director/_result_row.html"
FIELD_OF = {"board_number": "board"}


def _stored(section, **filters) -> dict[tuple[int, int], BoardResult]:
    rows = BoardResult.objects.filter(section=section, **filters).select_related(
        "ns_entry", "ew_entry"
    )
    return {(r.board_number, r.ns_entry.number): r for r in rows}


def _row(section, board, play, stored=None, form=None, conflict=None) -> dict:
    initial = {"board": board, "ns": play.ns, "ew": play.ew, "round": play.round}
    form = form or ResultEntryForm(
        initial=initial, game=section.session.event.game, auto_id=f"r{board}-{play.ns}-%s"
    )
    return {
        "board": board, "play": play, "form": form, "stored": stored,
        "shown": describe(stored) if stored else "", "conflict": conflict,
        "conflict_shown": describe(conflict) if conflict else "",
    }  # fmt: skip


@director_required(club_of_section)
def traveller(request, pk, board):
    """Every table's result on one board, a row per scheduled play."""
    section = get_section(pk)
    movement = section.get_movement()
    plays = scheduled_plays(movement).get(board, []) if movement else []
    stored = _stored(section, board_number=board)
    rows = [_row(section, board, p, stored.get((board, p.ns))) for p in plays]
    boards = sorted(scheduled_plays(movement)) if movement else []
    context = {"section": section, "board": board, "rows": rows, "boards": boards,
               "names": Entry.names_in(section), "mode": "traveller"}  # fmt: skip
    return render(request, "tournament/director/entry.html", context)


@director_required(club_of_section)
def slip(request, pk, round_number, table):
    """One table's pick-up slip: one round, all its boards."""
    section = get_section(pk)
    plays = play_selectors.round_plays(section, round_number, table)
    stored = _stored(section, round_number=round_number, table_number=table)
    rows = [_row(section, b, p, stored.get((b, p.ns))) for b, p in plays]
    context = {"section": section, "round": round_number, "table": table, "rows": rows,
               "names": Entry.names_in(section), "mode": "slip"}  # fmt: skip
    return render(request, "tournament/director/entry.html", context)


@require_POST
@director_required(club_of_section)
def result(request, pk):
    """Record one row; answer with the row (htmx) or go back to the page it came from."""
    section = get_section(pk)
    posted = _Play(request.POST)
    form = ResultEntryForm(
        request.POST, game=section.session.event.game, auto_id=f"r{posted.board}-{posted.ns}-%s"
    )
    stored = conflict = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            stored = record_result(
                section, board_number=data["board"], ns=data["ns"], ew=data["ew"],
                round_number=data["round"], fields=form.result_fields, user=request.user,
                actor="TD console", via="td", reported_by=data.get("reported_by") or None,
            )  # fmt: skip
        except ResultConflict as exc:
            conflict = exc.existing
        except ValidationError as exc:
            add_errors(form, _renamed(exc))
    status = 200 if stored else (409 if conflict else 400)
    if not request.htmx and stored:
        return _back(request, section)
    play = _Play(form.data)
    row = _row(section, play.board, play, stored, None if stored else form, conflict)
    return render(request, ROW, {"row": row, "section": section, "names": {}}, status=status)


class _Play:
    """The row's play as posted (kept so a failed row is redrawn as typed)."""

    def __init__(self, data):
        def num(key):
            try:
                return int(data.get(key))
            except (TypeError, ValueError):
                return None

        self.board, self.ns, self.ew, self.round = (
            num(k) for k in ("board", "ns", "ew", "round")
        )  # fmt: skip


def _renamed(exc: ValidationError) -> ValidationError:
    if not hasattr(exc, "error_dict"):
        return exc
    return ValidationError({FIELD_OF.get(k, k): v for k, v in exc.error_dict.items()})


@require_POST
@director_required(club_of_section)
def confirm(request, pk):
    """The opponents' O.K. for one table's round [002 L3360–3362]."""
    section = get_section(pk)
    form = ConfirmForm(request.POST)
    if form.is_valid():
        count = play_services.confirm_round(
            section, form.cleaned_data["table"], form.cleaned_data["round"], request.user
        )
        messages.success(request, f"{count} result(s) confirmed.")
    else:
        messages.error(request, "Give the table and the round to confirm.")
    return _back(request, section)


def _back(request, section):
    """Back to the entry screen the form came from (``next``: a path on this site only)."""
    url = safe_next(request, reverse("td_session_play", args=[section.session_id]))
    return HttpResponseRedirect(url)  # not redirect(): a bare word would be a view name


def _result_row(pk) -> BoardResult:
    return BoardResult.objects.select_related(
        "section__session__event", "ns_entry", "ew_entry"
    ).get(pk=pk)


@director_required(club_of_result)
def correct(request, pk):
    """The TD corrects a result; a confirmed one needs the reason (kept in the audit).

    The form carries the version of the result it showed: a form loaded before another
    change or the opponents' O.K. is refused (reload), never applied over it.
    """
    row = _result_row(pk)
    game = row.section.session.event.game
    initial = {"board": row.board_number, "ns": row.ns_entry.number, "ew": row.ew_entry.number,
               "round": row.round_number, "tricks_ns": row.tricks_ns, "version": row.version,
               "result": request.GET.get("result") or result_text(row)}  # fmt: skip
    posted = request.POST if request.method == "POST" else None  # an empty post is refused too
    form = ResultEntryForm(posted, initial=initial, game=game, only_game_fields=True)
    reason = ReasonForm(posted)
    if request.method == "POST" and form.is_valid() and reason.is_valid():
        try:
            correct_result(row, fields=form.result_fields, user=request.user,
                           reason=reason.cleaned_data["reason"],
                           based_on=_based_on(form, row))  # fmt: skip
        except ValidationError as exc:
            add_errors(reason if "reason" in _keys(exc) else form, _renamed(exc))
        else:
            messages.success(request, f"Board {row.board_number} corrected.")
            return redirect("td_board", pk=row.section_id, board=row.board_number)
    if request.method == "POST":
        row = BoardResult.objects.filter(pk=pk).select_related(
            "section__session__event", "ns_entry", "ew_entry"
        ).first()  # fmt: skip
        if row is None:
            raise Http404("This result has been removed.")
    # the page shows the result as stored now, so its form is based on this version
    context = {"row": row, "form": form, "reason_form": reason, "shown": describe(row),
               "version": row.version}  # fmt: skip
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/director/correct.html", context, status=status)


def _based_on(form, row: BoardResult) -> int:
    """The version the posted form was loaded with; a post without one is refused."""
    version = form.cleaned_data.get("version")
    if version is None:
        raise ValidationError(
            {"__all__": f"This form does not say which version of board {row.board_number} "
                        "it was loaded with — reload the page."}
        )  # fmt: skip
    return version


def result_text(row: BoardResult) -> str:
    """A stored result as the one-box text the form reads back ("4S N 10", "PASS", "NP")."""
    if row.not_played:
        return "NP"
    if row.adjusted:
        return row.adjusted
    if row.contract == "PASS" or not row.contract:
        return row.contract
    return f"{row.contract} {row.declarer} {row.tricks}"


def _keys(exc: ValidationError) -> set[str]:
    return set(exc.error_dict) if hasattr(exc, "error_dict") else set()
