"""Reads of Foster's prize draw [002 L2794–2846] (``tournament.movements.prizes``): the scores
it ranks, the seal and whether the list matches it, and the prize order once a number is drawn.

The scores are each player's total: the book's social game (pivot's three rubbers, the basis of
the draw [002 L2808–2811]) or a progressive game's tally.  Before the draw only the seal (the
SHA-256 digest) is shown; after it the numbers and the salt too, so anyone can recompute it.
"""

from __future__ import annotations

from tournament.models import FosterDraw, Section
from tournament.movements.prizes import FOSTER_BANDS

#: Foster's bands and steps [002 L2811–2823], as the console's form offers them
BANDS = FOSTER_BANDS

#: Foster's ties drawn by the committee are kept as ``ProgressivePrizeTie`` rows whose
#: ``players`` start with this prefix (apart from the game's own prize ties).
TIE_PREFIX = "foster:"


def draw_of(section: Section) -> FosterDraw | None:
    return (
        FosterDraw.objects.filter(section=section).select_related("sealed_by", "drawn_by").first()
    )


def scores(section: Section) -> tuple[dict[int, int], dict[int, str]]:
    """(player → total, player → name) for the section's game; empty when it has none."""
    from tournament.progressive import selectors as progressive_selectors
    from tournament.social import selectors as social_selectors

    if social_selectors.is_social(section):
        table = social_selectors.standings(section)
        return {r.number: r.total for r in table.rows}, {r.number: r.name for r in table.rows}
    if section.session.event.format == "progressive" and section.round_seatings.exists():
        tallies = progressive_selectors.tallies(section)
        names = {n: str(p or n) for n, p in progressive_selectors.players(section).items()}
        return {p: int(t["points"]) for p, t in tallies.items()}, names
    return {}, {}


def any_score(section: Section) -> bool:
    """Whether play has begun: a score is in for the section."""
    return (
        section.social_scores.exists()
        or section.progressive_results.exists()
        or section.progressive_deals.exists()
        or section.five_hundred_deals.exists()
    )


def tie_decisions(section: Section) -> dict[tuple[int, ...], list[int]]:
    out = {}
    for t in section.progressive_prize_ties.filter(players__startswith=TIE_PREFIX):
        out[tuple(int(x) for x in t.players[len(TIE_PREFIX) :].split(","))] = list(t.order)
    return out


def result(section: Section) -> dict:
    """The draw as the page shows it: the seal, and after the draw the list, the salt, the check
    of the seal, each player's distance from the number drawn, the order and the open ties."""
    from tournament.movements.prizes import PrizeTieUndecided, foster_ranking, verify_seal

    draw = draw_of(section)
    out = {"draw": draw, "rows": [], "ties": [], "order": None, "verified": None}
    if draw is None or draw.drawn is None:
        return out
    out["verified"] = verify_seal(list(draw.numbers), draw.salt, draw.digest)
    totals, names = scores(section)
    decided = tie_decisions(section)
    try:
        order, made = foster_ranking(totals, draw.drawn, decisions=decided)
    except PrizeTieUndecided:
        out["ties"] = open_ties(totals, draw.drawn, decided)
        order, made = sorted(totals, key=lambda p: (abs(totals[p] - draw.drawn), p)), []
    else:
        out["order"] = order
    notes = {p: d.note for d in made for p in d.players}
    out["rows"] = [
        {"place": i, "player": p, "name": names.get(p, str(p)), "score": totals[p],
         "distance": abs(totals[p] - draw.drawn), "note": notes.get(p, "")}
        for i, p in enumerate(order, start=1)
    ]  # fmt: skip
    return out


def open_ties(totals: dict[int, int], drawn: int, decided: dict) -> list[list[int]]:
    """Groups of players at the same distance from the number drawn, not yet drawn for."""
    groups: dict[int, list[int]] = {}
    for p in sorted(totals):
        groups.setdefault(abs(totals[p] - drawn), []).append(p)
    return [g for _, g in sorted(groups.items()) if len(g) > 1 and tuple(g) not in decided]
