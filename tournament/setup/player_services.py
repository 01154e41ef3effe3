"""Writes of the club's players from the console: their ratings (masterpoints or the club's
own rating), which set a pair's stratum in a stratified event (``scoring.engine.strata``).

The players' CSV import (``tournament.interchange.services.import_players``) sets them too;
this is the page for a few changes by hand (docs/console.md, "Players' ratings").
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction

from tournament import limits
from tournament.models import Club, Player, Session

#: the message at a rating's field when it is refused
RATING_RULE = f"a whole number from 0 to {limits.RATING_MAX:,} (blank: no rating)"


def rating_field(pk: int) -> str:
    """The name of player ``pk``'s rating field on the page (and in a refusal)."""
    return f"rating_{pk}"


def _check(club: Club, ratings: Mapping[int, int | None]) -> dict[int, Player]:
    players = {p.pk: p for p in Player.objects.select_for_update().filter(club=club)}
    errors: dict[str, str] = {}
    for pk, rating in ratings.items():
        if pk not in players:
            errors[rating_field(pk)] = "No such player in this club (reload the page)."
        elif rating is not None and not (
            isinstance(rating, int)
            and not isinstance(rating, bool)
            and 0 <= rating <= limits.RATING_MAX
        ):
            errors[rating_field(pk)] = f"{players[pk].name}: {rating!r:.20} is not {RATING_RULE}."
    if errors:
        raise ValidationError(errors)
    return players


def set_ratings(club: Club, ratings: Mapping[int, int | None]) -> list[Player]:
    """Set the ratings ``{player pk: rating or None}`` of ``club``'s players, all or none.

    A player not of this club, or a rating outside 0 to ``RATING_MAX``, refuses the whole
    change (``ValidationError`` keyed by each bad row's field); players not named keep theirs.
    The kept standings of each stratified session still open (running or provisional) that
    one of them played in are computed again, so its strata follow at once; a final session
    keeps the strata it was finalised with.  Returns the players whose rating changed.
    """
    with transaction.atomic():
        players = _check(club, ratings)
        changed = [players[pk] for pk, r in ratings.items() if players[pk].rating != r]
        for player in changed:
            player.rating = ratings[player.pk]
        Player.objects.bulk_update(changed, ["rating"])
        _restand(changed)
    return sorted(changed, key=lambda p: (p.name, p.pk))


def _restand(players: list[Player]) -> None:
    from scoring.standings.services import recompute_standings

    if not players:
        return
    sessions = Session.objects.filter(
        status__in=(Session.Status.RUNNING, Session.Status.PROVISIONAL),
        sections__entries__entry_players__player__in=players,
        standings__isnull=False,
    ).distinct()
    for session in sessions.select_related("event"):
        if session.event.condition("strata"):
            recompute_standings(session)
