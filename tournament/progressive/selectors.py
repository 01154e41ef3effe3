"""Reads of a progressive game: its conditions and tally, the players, the current round, each
table's results, the tallies, the next round's seating as the policy computes it
(``tournament.movements.progressive``), and the final ranking with prizes
(``tournament.movements.prizes``).

The event's conditions say how it is scored (docs/schedules.md, "Running them in a session"):
``progressive`` (the policy), ``tally`` ("gross", "net" or "games"), ``prizes`` (how
many best prizes, 1), ``booby`` (true), ``class_prizes`` (true: ladies' and
gentlemen's) and ``tie_rule`` (``play_off``, ``cut`` or ``draw``; ``share`` -> draw).
"""

from __future__ import annotations

from fractions import Fraction

from django.core.exceptions import ValidationError

from scoring.engine.ranking import rank as rank_labels
from tournament.conditions import TALLIES
from tournament.models import RoundSeating, Section

TIE_RULES = {"play_off": "play-off", "cut": "cut", "draw": "draw", "share": "draw"}


def conditions(section: Section) -> dict:
    return section.session.event.usable_conditions


def tally_mode(section: Section) -> str:
    mode = conditions(section).get("tally", "gross")
    if mode not in TALLIES:
        raise ValidationError({"__all__": f"tally {mode!r}: use one of {TALLIES}."})
    return mode


def players(section: Section) -> dict[int, object]:
    """Entry number → its (single) Player, for the entries still in the game."""
    out = {}
    entries = section.entries.filter(withdrawn=False).prefetch_related("entry_players__player")
    for entry in entries:
        places = list(entry.entry_players.all())
        out[entry.number] = places[0].player if places else None
    return out


def current_round(section: Section) -> RoundSeating | None:
    return section.round_seatings.order_by("-round_number").first()


def table_results(section: Section, round_number: int) -> tuple[dict, dict]:
    """({table: TableResult}, {table: the TD's decision}) of one round."""
    from tournament.movements.progressive import TableResult

    results, decisions = {}, {}
    for row in section.progressive_results.filter(round_number=round_number):
        results[row.table_number] = TableResult(
            winner=row.winner or None, ns_points=row.ns_points, ew_points=row.ew_points
        )
        if row.tie_decision:
            decisions[row.table_number] = row.tie_decision
    return results, decisions


def tallies(section: Section) -> dict[int, dict]:
    """Each player's points (gross or net) and games won over every round with results."""
    from tournament.movements.base import Seating
    from tournament.movements.progressive import round_credits
    from tournament.movements.tallies import round_tally

    policy, mode = _policy(section), tally_mode(section)
    out = {n: {"points": 0, "games": Fraction(0), "rounds": 0} for n in players(section)}
    for rs in section.round_seatings.all():
        results, _ = table_results(section, rs.round_number)
        seats = [Seating(**row) for row in rs.seating if row["table"] in results]
        for p, games in round_credits(policy, seats, results).items():
            out.setdefault(p, {"points": 0, "games": Fraction(0), "rounds": 0})
            out[p]["games"] += games
            out[p]["rounds"] += 1
        for st in seats:
            res = results[st.table]
            if res.ns_points is not None and len(st.seated) == 4:
                tally = round_tally((st.n, st.s), (st.e, st.w), res.ns_points, res.ew_points,
                                    "net" if mode == "net" else "gross")  # fmt: skip
                for p, pts in tally.items():
                    out[p]["points"] += pts
    return out


def _policy(section: Section):
    from tournament.movements.progressive import ProgressivePolicy

    data = conditions(section).get("progressive", {})
    try:
        return ProgressivePolicy.from_dict(data)
    except ValueError as exc:
        raise ValidationError({"__all__": str(exc)}) from None


def _seats(rows: list[dict]):
    from tournament.movements.base import Seating

    return [Seating(**row) for row in rows]


def next_seating(section: Section) -> dict | None:
    """{"round": r + 1, "seating": [...]} after the last kept round, or {"error": ...};
    a tie the policy cannot settle adds {"ties": [table, ...]} for the TD to decide."""

    last = section.round_seatings.order_by("-round_number").first()
    if last is None:
        return None
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import TieUndecided
    from tournament.movements.progressive import next_seating as engine_next

    results, decisions = table_results(section, last.round_number)
    try:
        seats = engine_next(_policy(section), _seats(last.seating), results, decisions)
    except TieUndecided as exc:
        return {"round": last.round_number + 1, "error": str(exc), "ties": exc.tables}
    except (MovementError, ValueError, KeyError) as exc:
        return {"round": last.round_number + 1, "error": str(exc)}
    rows = [{k: v for k, v in vars(s).items() if v not in (None, (), False)} for s in seats]
    return {"round": last.round_number + 1, "seating": rows}


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
