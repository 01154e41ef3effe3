"""Foster's prize draw on the console (``/td/section/<pk>/foster/``) [002 L2794–2846]: seal the
100 numbers before play, draw one in public once the scores are in, draw between tied scores.

One URL; a POST says what it does in ``action`` (``seal``, ``draw`` or ``tie``).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournament import limits
from tournament.forms import run_action
from tournament.permissions import club_of_section, director_required, get_section
from tournament.prizes import foster_selectors, foster_services

BANDS = foster_selectors.BANDS


def _number(value, field, high, low=0):
    try:
        return limits.number(value, field, high, low)
    except ValueError as exc:
        raise ValidationError({field: f"{exc}."}) from None


def _seal(request, section):
    offsets = {}
    for start, step in BANDS:
        value = request.POST.get(f"start_{start}", "").strip()
        if value:
            offsets[start] = _number(value, f"start_{start}", start + step - 1, start) - start
    foster_services.seal(section, offsets=offsets, user=request.user)
    return "The 100 numbers are sealed: publish the seal before play."


def _draw(request, section):
    value = request.POST.get("number", "").strip()
    number = _number(value, "number", 2099, 1400) if value else None
    row = foster_services.draw(section, number=number, user=request.user)
    return f"{row.drawn} is drawn."


def _tie(request, section):
    tied = [_number(x, "players", limits.PLAYERS_MAX, 1)
            for x in request.POST.get("players", "").split(",") if x.strip()]  # fmt: skip
    foster_services.draw_tie(section, tied, user=request.user)
    return f"The tie between players {sorted(set(tied))} is drawn and recorded."


ACTIONS = {"seal": _seal, "draw": _draw, "tie": _tie}


def _page(request, section, errors=(), status=200):
    context = {"section": section, "bands": BANDS, "errors": list(errors),
               **foster_selectors.result(section)}  # fmt: skip
    return render(request, "tournament/director/foster.html", context, status=status)


@director_required(club_of_section)
def foster(request, pk):
    """Foster's draw: the seal, the draw, the prize order."""
    section = get_section(pk)
    if request.method != "POST":
        return _page(request, section)
    note, errors = run_action(ACTIONS, request, section)
    if errors:
        return _page(request, section, errors=errors, status=400)
    messages.success(request, note)
    return redirect("td_foster", pk=section.pk)
