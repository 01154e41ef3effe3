"""The club's players' ratings on the console (``/td/club/<slug>/players/``; docs/console.md,
"Players' ratings"): one form, a row per player, saved all together or not at all.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournament.forms import RatingsForm, add_errors
from tournament.permissions import club_of_slug, director_required
from tournament.setup import player_services
from tournament.setup import selectors as setup_selectors


def _note(changed) -> str:
    if not changed:
        return "No rating changed."
    names = ", ".join(p.name for p in changed[:5]) + (" …" if len(changed) > 5 else "")
    return f"{len(changed)} rating{'s' if len(changed) != 1 else ''} kept: {names}."


@director_required(club_of_slug)
def club_players(request, slug):
    """GET: the club's players with their ratings; POST: the ratings changed, all or none."""
    club = club_of_slug(request, slug)
    players = setup_selectors.club_players(club)
    if request.method != "POST":
        form = RatingsForm(players)
    else:
        form = RatingsForm(players, request.POST)
        if form.is_valid():
            try:
                changed = player_services.set_ratings(club, form.ratings())
            except ValidationError as exc:
                add_errors(form, exc)
            else:
                messages.success(request, _note(changed))
                return redirect("td_club_players", slug=club.slug)
    status = 400 if form.is_bound else 200
    return render(
        request,
        "tournament/director/club_players.html",
        {"club": club, "form": form, "rows": form.rows()},
        status=status,
    )
