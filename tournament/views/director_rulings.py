"""One board on the console: its scored traveller, the audit trail of its results, the
TD's rulings on it (``scoring.rulings.services``) and the protests filed on it; the session's
protests and the committee's decisions (Law 12)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring.results import selectors as result_selectors
from scoring.rulings import selectors as ruling_selectors
from scoring.rulings import services as ruling_services
from scoring.standings import selectors as standings_selectors
from scoring.tables import TravellerTable, traveller_rows

from ..forms import ProtestDecisionForm, ProtestForm, RulingForm, add_errors
from ..permissions import (
    club_of_protest,
    club_of_section,
    club_of_session,
    director_required,
    get_section,
    get_session,
)


@require_POST
@director_required(club_of_section)
def ruling(request, pk, board):
    section = get_section(pk)
    form = RulingForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            ruling_services.apply(section, board, data["kind"], data, user=request.user)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Ruling recorded on board {board}.")
            return redirect("td_board", pk=pk, board=board)
    context = board_context(section, board, ruling_form=form)
    return render(request, "tournament/director/board.html", context, status=400)


def board_context(section, board, ruling_form=None, protest_form=None) -> dict:
    return {
        "section": section,
        "board": board,
        "table": TravellerTable(
            traveller_rows(standings_selectors.section_data(section.session, section), board)
        ),
        "audit": result_selectors.audit_trail(section, board),
        "rulings": ruling_selectors.board_rulings(section, board),
        "ruling_form": ruling_form or RulingForm(),
        "ruling_url": reverse("td_ruling", args=[section.pk, board]),
        "protests": [
            p
            for p in ruling_selectors.protests(section.session)
            if p.section_id == section.pk and p.board_number == board
        ],
        "protest_form": protest_form or ProtestForm(),
        "protest_url": reverse("td_protest", args=[section.pk, board]),
    }


@director_required(club_of_section)
def board(request, pk, board):
    """One board: its scored traveller, the audit trail and the rulings."""
    section = get_section(pk)
    return render(request, "tournament/director/board.html", board_context(section, board))


@require_POST
@director_required(club_of_section)
def protest(request, pk, board):
    """File a protest on a board (Law 12: within the protest window)."""
    section = get_section(pk)
    form = ProtestForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            ruling_services.file_protest(
                section, board=board, entry=data["entry"], grounds=data["grounds"],
                filed_at=data["filed_at"], user=request.user,
            )  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Protest on board {board} filed for the committee.")
            return redirect("td_board", pk=pk, board=board)
    context = board_context(section, board, protest_form=form)
    return render(request, "tournament/director/board.html", context, status=400)


def _protests_context(session, forms=None) -> dict:
    rows = ruling_selectors.protests(session)
    forms = forms or {}
    for p in rows:
        p.form = forms.get(p.pk) or (None if p.decided else ProtestDecisionForm(prefix=f"p{p.pk}"))
    return {"session": session, "protests": rows}


@director_required(club_of_session)
def protests(request, pk):
    """The session's protests, each with the committee's decision or the form to record it."""
    session = get_session(pk)
    return render(request, "tournament/director/protests.html", _protests_context(session))


@require_POST
@director_required(club_of_protest)
def decide(request, pk):
    """Record the committee's decision on a protest (final, Law 12)."""
    found = ruling_selectors.protest(pk)
    form = ProtestDecisionForm(request.POST, prefix=f"p{found.pk}")
    if form.is_valid():
        try:
            ruling_services.decide_protest(
                found, status=form.cleaned_data["status"],
                decision=form.cleaned_data["decision"], user=request.user,
            )  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Decision on the protest on board {found.board_number} "
                             "recorded.")  # fmt: skip
            return redirect("td_protests", pk=found.section.session_id)
    session = found.section.session
    context = _protests_context(session, {found.pk: form})
    return render(request, "tournament/director/protests.html", context, status=400)
