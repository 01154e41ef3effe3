"""A social game on the console (``/td/section/<pk>/social/``): every table's points for every
round (enter, correct, delete), each player's total, the prizes and Baker's two teams.

One URL; a POST says what it does in ``action`` (``score`` or ``delete``).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournament import limits
from tournament.forms import SocialScoreForm, run_action
from tournament.permissions import club_of_section, director_required, get_section
from tournament.social import selectors as social_selectors
from tournament.social import services as social_services


def _form(request) -> SocialScoreForm:
    form = SocialScoreForm(request.POST)
    if not form.is_valid():
        raise ValidationError(
            {
                f: [f"{form.fields[f].label or f}: {m}" for m in msgs]
                for f, msgs in form.errors.items()
            }
        )
    return form


def _score(request, section) -> str:
    form = _form(request)
    rnd, table = form.cleaned_data["round"], form.cleaned_data["table"]
    social_services.enter_score(section, rnd, table, user=request.user, **form.score())
    return f"Round {rnd}, table {table}: score kept."


def _delete(request, section) -> str:
    try:
        rnd = limits.number(request.POST.get("round"), "round", limits.ROUND_NUMBER_MAX)
        table = limits.number(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    except ValueError as exc:
        raise ValidationError({"table": f"{exc}."}) from None
    social_services.delete_score(section, rnd, table, user=request.user)
    return f"Round {rnd}, table {table}: score deleted."


def _prize_tie(request, section) -> str:
    try:
        tied = [
            limits.number(x, "players", limits.PLAYERS_MAX)
            for x in request.POST.get("players", "").split(",")
            if x.strip()
        ]
        text = request.POST.get("order", "").replace(",", " ").split()
        order = [limits.number(x, "order", limits.PLAYERS_MAX) for x in text] if text else None
    except ValueError as exc:
        raise ValidationError({"order": f"{exc}."}) from None  # fmt: skip
    social_services.decide_prize_tie(section, tied, order, user=request.user)
    return f"The tie between players {sorted(set(tied))} is settled and recorded."


ACTIONS = {"score": _score, "delete": _delete, "prize_tie": _prize_tie}


def _page(request, section, errors=(), status=200):
    plan = social_selectors.schedule(section)
    rounds: dict[int, list] = {}
    for item in plan:
        rounds.setdefault(item.round, []).append(item)
    context = {
        "section": section,
        "mode": social_selectors.scoring_mode(section),
        "rounds": sorted(rounds.items()),
        "standings": social_selectors.standings(section)
        if social_selectors.is_social(section)
        else None,
        "errors": list(errors),
        "tie_rule": section.session.event.condition("tie_rule", "share"),
    }
    return render(request, "tournament/director/social.html", context, status=status)


@director_required(club_of_section)
def social(request, pk):
    """The social game's scores, totals and prizes."""
    section = get_section(pk)
    if request.method != "POST":
        return _page(request, section)
    note, errors = run_action(ACTIONS, request, section)
    if errors:
        return _page(request, section, errors=errors, status=400)
    messages.success(request, note)
    return redirect("td_social", pk=section.pk)
