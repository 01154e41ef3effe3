"""Rulings on a board (``scoring.rulings``) and progressive seatings with the TD's override."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from scoring import rulings

from .. import progressive_services
from ..forms import OverrideForm, RulingForm
from ..permissions import director_required
from . import director_progressive
from .director import add_errors, club_of_section, get_section
from .director_standings import board_context


@require_POST
@director_required(club_of_section)
def ruling(request, pk, board):
    section = get_section(pk)
    form = RulingForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            rulings.apply(section, board, data["kind"], data, user=request.user)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Ruling recorded on board {board}.")
            return redirect("td_board", pk=pk, board=board)
    context = board_context(section, board, ruling_form=form)
    return render(request, "tournament/director/board.html", context, status=400)


@director_required(club_of_section)
def progressive(request, pk):
    """The progressive game (``director_progressive``) and the TD's override of a seating."""
    section = get_section(pk)
    if request.method == "POST" and request.POST.get("action"):
        return director_progressive.handle(request, section)
    form = OverrideForm(request.POST if request.method == "POST" else None)  # {} is a post too
    if request.method == "POST" and form.is_valid():
        try:
            progressive_services.override(section, _round(request.POST.get("round")),
                                          form.cleaned_data["seating"], request.user,
                                          form.cleaned_data["reason"])  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Seating overridden; the reason is kept.")
            return redirect("td_progressive", pk=pk)
    status = 400 if request.method == "POST" else 200
    return director_progressive.render_page(request, section, form=form, status=status)


def _round(value: str | None) -> int:
    """The round of the override as typed; a clear error rather than a crash on junk."""
    value = (value or "").strip()
    if not (value.isascii() and value.isdigit() and int(value) >= 1):
        raise ValidationError("Give the round to seat: a number from 1.")
    return int(value)
