"""The final individual ranking of a progressive game and its prizes (LAWS.md §8):
best (``prizes`` of them), booby, ladies' and gentlemen's by ``Player.gender``.

A tie that decides a prize is settled by the event's tie rule; every settlement is
kept as a :class:`ProgressivePrizeTie` — the TD's order after a play-off or a cut, or
the numbered slips of a draw [002 L6782–6788].  Until then the page asks the TD.
"""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.ranking import rank as rank_labels

from .models import ProgressivePrizeTie, Section
from .progressive_play import TIE_RULES, conditions, players, tallies, tally_mode

SEX = {"F": "lady", "M": "gentleman"}
CLASS_LABEL = {"lady": "ladies' prize", "gentleman": "gentlemen's prize"}


def tie_method(section: Section) -> str:
    return TIE_RULES.get(conditions(section).get("tie_rule", "draw"), "draw")


def _key(section: Section) -> tuple[dict, dict]:
    """(player → ranking score, player → tally)."""
    tally = tallies(section)
    field = "games" if tally_mode(section) == "games" else "points"
    return {p: t[field] for p, t in tally.items()}, tally


def _decisions(section: Section) -> dict[tuple[int, ...], list[int]]:
    return {
        tuple(int(x) for x in t.players.split(",")): list(t.order)
        for t in section.progressive_prize_ties.all()
    }


def _top(scores: dict, k: int) -> dict:
    """The players whose score is at least the k-th best (everyone tied for a prize)."""
    if not scores or k < 1:
        return {}
    values = sorted(scores.values(), reverse=True)
    threshold = values[min(k, len(values)) - 1]
    return {p: v for p, v in scores.items() if v >= threshold}


def _bottom(scores: dict) -> dict:
    low = min(scores.values(), default=None)
    return {p: v for p, v in scores.items() if v == low}


def _contests(section: Section, scores: dict):
    """(label, how many prizes, booby?, the players eligible) for every prize, in the order
    they are awarded: best, booby, then the ladies' and gentlemen's prizes."""
    cond = conditions(section)
    k = int(cond.get("prizes", 1))
    yield "prize", k, False, scores
    if cond.get("booby", True) and len(scores) > k:
        yield "booby", 0, True, scores
    if cond.get("class_prizes", True):
        who = players(section)
        for sex, cls in SEX.items():
            group = {p: v for p, v in scores.items() if who.get(p) and who[p].gender == sex}
            yield CLASS_LABEL[cls], 1, False, group


def _open_ties(label: str, contenders: dict, decided: dict) -> list[dict]:
    groups: dict[object, list[int]] = {}
    for p in sorted(contenders):
        groups.setdefault(contenders[p], []).append(p)
    return [
        {"label": label, "players": g, "key": ",".join(map(str, g))}
        for g in groups.values()
        if len(g) > 1 and tuple(g) not in decided
    ]


def final_ranking(section: Section) -> dict:
    """{"rows": ranked players, "awards": prizes, "ties": open ties for the TD, "method"}.

    Prizes go in order; with the condition ``one_prize_each`` (the default — "No player is
    entitled to more than one prize", the precedent of LAWS.md §8.5) a player already
    awarded is not eligible for a later prize.  A tie that decides a prize stops the
    awarding there until the TD settles it, since later prizes depend on it.
    """
    from tournament.movements.prizes import best_and_booby

    scores, tally = _key(section)
    who = players(section)
    method, decided = tie_method(section), _decisions(section)
    one_each = conditions(section).get("one_prize_each", True)
    by_label = dict(zip(scores, rank_labels(list(scores.values())), strict=True))
    order = sorted(scores, key=lambda p: (-scores[p], p))
    rows = [{"rank": by_label[p], "player": p, "name": str(who.get(p) or p), **tally[p]}
            for p in order]  # fmt: skip
    ties, awards, awarded = [], [], set()
    for label, k, booby, group in _contests(section, scores):
        eligible = {p: v for p, v in group.items() if not (one_each and p in awarded)}
        contenders = _bottom(eligible) if booby else _top(eligible, k)
        ties = _open_ties(label, contenders, decided)
        if ties:
            break
        for award in best_and_booby(contenders, prizes=k, booby=booby,
                                    method=method, decisions=decided):  # fmt: skip
            awarded.add(award.player)
            awards.append({"prize": award.prize if label == "prize" or booby else label,
                           "player": award.player, "name": str(who.get(award.player) or award.player),
                           "score": award.score, "ties": award.decisions})  # fmt: skip
    return {"rows": rows, "awards": awards, "ties": ties, "method": method, "records": decided}


@transaction.atomic
def decide_prize_tie(section: Section, tied: list[int], order: list[int] | None, user=None):
    """Keep how a prize tie was settled: the TD's order (best first), or a draw of slips."""
    from tournament.movements.prizes import rank

    tied = sorted(set(tied))
    key = ",".join(map(str, tied))
    open_ties = [t["key"] for t in final_ranking(section)["ties"]]
    if key not in open_ties and not section.progressive_prize_ties.filter(players=key).exists():
        shown = "; ".join(open_ties) or "none"
        raise ValidationError(
            {"players": f"Players [{key}] are not a prize tie to settle (open ties: {shown})."}
        )
    method = tie_method(section)
    if order is not None:
        if sorted(order) != tied:
            raise ValidationError({"order": f"Order exactly the tied players {tied}, best first."})
        note = "decided by the TD"
    else:
        if method != "draw":
            raise ValidationError({"order": f"The tie rule is {method}: enter the order."})
        _, made = rank(dict.fromkeys(tied, 0), method="draw", rng=random.SystemRandom())
        order, note = list(made[0].order), made[0].note
    return ProgressivePrizeTie.objects.update_or_create(
        section=section, players=",".join(map(str, tied)),
        defaults={"order": order, "method": method, "note": note,
                  "decided_by": user if user is not None and user.is_authenticated else None},
    )[0]  # fmt: skip
