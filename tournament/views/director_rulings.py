"""One board on the console: its scored traveller, the audit trail of its results, and the
TD's rulings on it (``scoring.rulings.services``)."""

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

from ..forms import RulingForm, add_errors
from ..permissions import club_of_section, director_required, get_section


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


def board_context(section, board, ruling_form=None) -> dict:
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
    }


@director_required(club_of_section)
def board(request, pk, board):
    """One board: its scored traveller, the audit trail and the rulings."""
    section = get_section(pk)
    return render(request, "tournament/director/board.html", board_context(section, board))
