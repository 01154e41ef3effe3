"""Prizes, ties and Foster's random-number draw (pure Python; LAWS.md §8).

Randomness comes in as a ``random.Random``; every tie that was decided by
play-off, cut or draw is recorded as a :class:`TieDecision` so the TD's sheet
shows how each prize was settled.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from fractions import Fraction

#: Foster's schedule [002 L2811–2823]: (band start, step); 100 numbers in all.
FOSTER_BANDS = ((1400, 4), (1500, 4), (1600, 5), (1700, 10), (1800, 10), (1900, 20), (2000, 20))
TIE_METHODS = ("play-off", "cut", "draw")


class PrizeTieUndecided(ValueError):
    """A tie whose method needs the TD's result (a play-off or a cut)."""


@dataclass(frozen=True)
class TieDecision:
    players: tuple[int, ...]
    method: str
    order: tuple[int, ...]  # best first
    note: str = ""


@dataclass
class Award:
    prize: str
    player: int
    score: object
    decisions: list[TieDecision] = field(default_factory=list)


def foster_schedule(offsets: dict[int, int] | None = None) -> list[int]:
    """The 100 numbers: per band L, numbers L+o, L+o+step, … below L+100 (A-8)."""
    offsets = offsets or {}
    numbers = []
    for start, step in FOSTER_BANDS:
        o = offsets.get(start, 0)
        if not 0 <= o < step:
            raise ValueError(f"Foster band {start}: offset {o} must be 0…{step - 1}")
        numbers += range(start + o, start + 100, step)
    return numbers


def seal(numbers: list[int], salt: str) -> str:
    """SHA-256 commitment to the schedule, published before play."""
    payload = json.dumps({"numbers": sorted(numbers), "salt": salt}, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def verify_seal(numbers: list[int], salt: str, digest: str) -> bool:
    return seal(numbers, salt) == digest


def draw_number(numbers: list[int], rng: random.Random) -> int:
    """The public draw of one slip from the sealed envelope."""
    return rng.choice(sorted(numbers))


def _resolve(group: list[int], method: str, rng, decision) -> TieDecision:
    """Order a tied group best-first by the TD's ``decision`` (a list) or by a draw."""
    if decision is not None:
        if sorted(decision) != sorted(group):
            raise ValueError(f"tie decision {decision} must order exactly players {sorted(group)}")
        return TieDecision(tuple(group), method, tuple(decision), "decided by the TD")
    if method != "draw" or rng is None:
        raise PrizeTieUndecided(
            f"players {sorted(group)} are tied; the rule is {method}: enter the order "
            f"(best first) as the TD's decision"
        )
    slips = list(range(1, len(group) + 1))
    rng.shuffle(slips)  # slip No. 1 has first choice [002 L6782–6788]
    order = [p for _, p in sorted(zip(slips, sorted(group), strict=True))]
    return TieDecision(
        tuple(group), "draw", tuple(order), f"slips {dict(zip(sorted(group), slips, strict=True))}"
    )


def rank(
    key: dict[int, object],
    *,
    reverse: bool = True,
    method: str = "draw",
    rng: random.Random | None = None,
    decisions: dict[tuple[int, ...], list[int]] | None = None,
) -> tuple[list[int], list[TieDecision]]:
    """Players ordered best-first by ``key`` (highest first unless ``reverse=False``).

    Ties go by ``method``: ``draw`` uses ``rng`` unless the TD decided; ``play-off``
    and ``cut`` need the TD's decision, keyed by the sorted tuple of tied players.
    """
    if method not in TIE_METHODS:
        raise ValueError(f"tie method {method!r}: use one of {TIE_METHODS}")
    decisions = decisions or {}
    groups: dict[object, list[int]] = {}
    for p in sorted(key):
        groups.setdefault(key[p], []).append(p)
    order, made = [], []
    for value in sorted(groups, reverse=reverse):
        group = groups[value]
        if len(group) > 1:
            decision = _resolve(group, method, rng, decisions.get(tuple(group)))
            made.append(decision)
            group = list(decision.order)
        order += group
    return order, made


def best_and_booby(
    totals: dict[int, int], prizes: int = 1, booby: bool = True, **tie_kw
) -> list[Award]:
    """First … n-th prize to the highest totals; booby to the lowest [002 L6385–6387].

    A booby tie goes to the defeated player (the loser of the play-off or the
    lowest cut) [002 L6498–6499], i.e. the last in the resolved order.
    """
    order, made = rank(totals, **tie_kw)
    awards = [
        Award(f"prize {i + 1}", p, totals[p], [d for d in made if p in d.players])
        for i, p in enumerate(order[:prizes])
    ]
    if booby and len(order) > prizes:
        p = order[-1]
        awards.append(Award("booby", p, totals[p], [d for d in made if p in d.players]))
    return awards


def class_prizes(
    totals: dict[int, int], sex: dict[int, str], prizes: int = 1, **tie_kw
) -> dict[str, list[Award]]:
    """Ladies' and gentlemen's prizes.  A substitute plays for the prize of his or her
    own class, not the seat's ("Ladies playing as gentlemen contest for the ladies'
    prizes" [002 L6501–6505, L6824–6825]), so ``sex`` is the player's own."""
    out = {}
    for cls in ("lady", "gentleman"):
        group = {p: v for p, v in totals.items() if sex.get(p) == cls}
        out[cls] = best_and_booby(group, prizes=prizes, booby=False, **tie_kw) if group else []
    return out


def most(counter: dict[int, int], label: str = "most lone hands", **tie_kw) -> Award:
    """A counter prize (most lone hands, …); ties are settled like any other."""
    order, made = rank(counter, **tie_kw)
    return Award(label, order[0], counter[order[0]], made[:1] if made else [])


def foster_ranking(
    scores: dict[int, int],
    drawn: int,
    rng: random.Random | None = None,
    decisions: dict[tuple[int, ...], list[int]] | None = None,
) -> tuple[list[int], list[TieDecision]]:
    """Players ordered by closeness of score to the drawn number [002 L2831–2846].

    Identical scores, and equal distances above and below (A-8), are ties
    resolved by a draw (``rng``) or the committee's recorded decision.
    """
    distance = {p: -abs(s - drawn) for p, s in scores.items()}
    return rank(distance, method="draw", rng=rng, decisions=decisions)


@dataclass(frozen=True)
class Contest:
    """One prize contest, in the order the prizes are given: ``label`` ("prize", "head
    prize", "aisle 2 prize", "booby", "ladies' prize", "most lone hands"), the eligible
    players' scores (``group``), how many prizes, booby (to the lowest), and the namespace
    of its ties' records (``ties``: "" for the games or points, "lone" for lone hands — a
    tie on one count is not a tie on the other)."""

    label: str
    group: dict[int, object]
    prizes: int = 1
    booby: bool = False
    ties: str = ""
    row: int | None = None  # a large room's row (aisle) whose prize table this is


@dataclass
class ContestResult:
    awards: list[tuple[Contest, Award]]
    #: the first tie that decides a prize and is not settled: {"label", "players", "ties"}
    open: list[dict]


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


def award_contests(
    contests: list[Contest],
    *,
    method: str = "draw",
    decisions: dict[tuple[str, tuple[int, ...]], list[int]] | None = None,
    one_each: bool = True,
) -> ContestResult:
    """Award the contests in order.  With ``one_each`` a player already awarded is not
    eligible for a later prize ("No player is entitled to more than one prize", LAWS.md
    §8.5; a large room's row prizes go "exclusive of those awarded principal prizes"
    [002 L6715–6725]).  A tie among the contenders for a prize stops the awarding there
    until it is in ``decisions`` (keyed ``(contest.ties, sorted players)``: the order, best
    first), since the later prizes depend on it."""
    decisions = decisions or {}
    out: list[tuple[Contest, Award]] = []
    awarded: set[int] = set()
    for contest in contests:
        eligible = {p: v for p, v in contest.group.items() if not (one_each and p in awarded)}
        contenders = _bottom(eligible) if contest.booby else _top(eligible, contest.prizes)
        groups: dict[object, list[int]] = {}
        for p in sorted(contenders):
            groups.setdefault(contenders[p], []).append(p)
        open_ties = [
            {"label": contest.label, "players": g, "ties": contest.ties}
            for g in groups.values()
            if len(g) > 1 and (contest.ties, tuple(g)) not in decisions
        ]
        if open_ties:
            return ContestResult(out, open_ties)
        mine = {g: order for (ns, g), order in decisions.items() if ns == contest.ties}
        awards = best_and_booby(contenders, prizes=contest.prizes, booby=contest.booby,
                                method=method, decisions=mine)  # fmt: skip
        for i, award in enumerate(awards, start=1):
            if not contest.booby and (contest.label == "prize" or contest.prizes > 1):
                award.prize = f"{contest.label} {i}"
            elif not contest.booby:
                award.prize = contest.label
            awarded.add(award.player)
            out.append((contest, award))
    return ContestResult(out, [])


def room_contests(
    scores: dict[int, object], row_of: dict[int, int], head_prizes: int, row_prizes: int
) -> list[Contest]:
    """A large euchre's prizes [002 L6715–6725, L6790–6794]: "The principal prizes should be
    awarded first to the players in the entire room having won the most games, after which
    the prizes in each row of tables are awarded to [the highest] remaining scores in such
    row — each row being taken up in turn."  ``row_of``: the row each player ends in
    ("the aisle at which the winner concluded his or her last game" [002 L6831–6832])."""
    out = [Contest("head prize", dict(scores), head_prizes)] if head_prizes else []
    for row in sorted(set(row_of.values())):
        group = {p: v for p, v in scores.items() if row_of.get(p) == row}
        if row_prizes and group:
            out.append(Contest(f"aisle {row} prize", group, row_prizes, row=row))
    return out


def calling_sheet(awards: list, games_played: int, score=lambda a: a.score) -> list[dict]:
    """The manager's calls [002 L6774–6780]: "those present who have won twelve games (or
    the total number of games played)" come forward; "If no one has won twelve games, the
    manager asks if any one has won eleven games; then those having won ten ... the prizes
    being awarded to each before the next number is called for."  One call per number of
    games from ``games_played`` down to the lowest prize-winning score (half games, from
    ties [002 L6817–6818], are called where someone has them), each with its awards in the
    order they are given (``score`` reads an award's games); a call with none is empty."""
    if not awards:
        return []
    low = min(Fraction(score(a)) for a in awards)
    values = {Fraction(n) for n in range(int(low), games_played + 1) if n >= low}
    values |= {Fraction(score(a)) for a in awards}
    return [
        {"games": v, "awards": [a for a in awards if Fraction(score(a)) == v]}
        for v in sorted(values, reverse=True)
    ]
