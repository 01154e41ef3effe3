"""Invariants I1–I8 for individual movements (MOVEMENTS.md §4; pure Python).

Each ``check_*`` function returns a list of problems (empty when the invariant
holds).  :func:`check_individual` runs them all; :func:`lho_rho_balance` is the
information-only I8 report stored in ``Movement.balance``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .base import Movement, Seating

SEATS = ("n", "e", "s", "w")
#: ``Movement.meet`` of a whist-tournament schedule stopped early (12 players after 7 or 8
#: of its 11 rounds [002 L3062–3065]): partners at most once, opponents at most twice.
CUT_SHORT_MEET = "partner_at_most_once_oppose_at_most_twice"  # clockwise: each seat's left-hand opponent follows it


def _players(st: Seating) -> dict[str, int]:
    return {seat: getattr(st, seat) for seat in SEATS if getattr(st, seat) is not None}


def check_i1(mv: Movement) -> list[str]:
    """Rounds numbered 1..R, table numbers unique, nobody seated twice in a round."""
    problems = []
    for i, rnd in enumerate(mv.rounds, start=1):
        if rnd.number != i:
            problems.append(f"round {i} is numbered {rnd.number}")
        tables = Counter(st.table for st in rnd.tables)
        problems += [f"round {i}: table {t} listed {c} times" for t, c in tables.items() if c > 1]
        seen = Counter(p for st in rnd.tables for p in st.seated) + Counter(rnd.sit_out)
        problems += [f"round {i}: player {p} placed {c} times" for p, c in seen.items() if c > 1]
    return problems


def check_i2(mv: Movement) -> list[str]:
    """No player plays a board twice."""
    played: dict[int, set[int]] = {}
    problems = []
    for rnd in mv.rounds:
        for st in rnd.tables:
            for p in st.seated:
                for b in mv.boards_for(st):
                    if b in played.setdefault(p, set()):
                        problems.append(f"round {rnd.number}: player {p} replays board {b}")
                    played[p].add(b)
    return problems


def meetings(mv: Movement) -> tuple[Counter, Counter]:
    """(partner counts, opponent counts) keyed by sorted player pairs."""
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for rnd in mv.rounds:
        for st in rnd.tables:
            for a, b in ((st.n, st.s), (st.e, st.w)):
                if a is not None and b is not None:
                    partners[tuple(sorted((a, b)))] += 1
            for a in (st.n, st.s):
                for b in (st.e, st.w):
                    if a is not None and b is not None:
                        opponents[tuple(sorted((a, b)))] += 1
    return partners, opponents


def check_i3_i4(
    mv: Movement, partner: int = 1, oppose: int = 2, at_most: bool = False
) -> list[str]:
    """Every pair of players partners ``partner`` times and opposes ``oppose`` times
    (``at_most``: no more often — a schedule cut short [002 L3064–3065])."""
    partners, opponents = meetings(mv)
    problems = []
    for pair in combinations(sorted(mv.participants), 2):
        bad_partner = partners[pair] > partner if at_most else partners[pair] != partner
        bad_oppose = opponents[pair] > oppose if at_most else opponents[pair] != oppose
        if bad_partner:
            problems.append(f"players {pair[0]} and {pair[1]} partner {partners[pair]} times")
        if bad_oppose:
            problems.append(f"players {pair[0]} and {pair[1]} oppose {opponents[pair]} times")
    return problems


def check_rainbow_lines(mv: Movement) -> list[str]:
    """Rainbow: players meet only players of other lines (taken from round 1), once each."""
    line = {getattr(st, seat): seat for st in mv.rounds[0].tables for seat in SEATS}
    partners, opponents = meetings(mv)
    met = partners + opponents
    problems = []
    for a, b in combinations(sorted(mv.participants), 2):
        want = 0 if line[a] == line[b] else 1
        if met[(a, b)] != want:
            problems.append(f"players {a} and {b} meet {met[(a, b)]} times, want {want}")
    return problems


def check_boards(mv: Movement) -> list[str]:
    """I5 (a board at one table per round unless shared), I6 (equal plays), I7."""
    problems = []
    plays: Counter = Counter()
    for rnd in mv.rounds:
        at = Counter(b for st in rnd.tables for b in set(mv.boards_for(st)))
        plays.update(at)
        if not mv.share_sets:
            problems += [
                f"round {rnd.number}: board {b} at {c} tables" for b, c in at.items() if c > 1
            ]
    if len(set(plays.values())) > 1:
        problems.append(f"boards are played unequally often: {dict(sorted(plays.items()))}")
    count = Counter(p for rnd in mv.rounds for st in rnd.tables for p in st.seated)
    if len(set(count[p] for p in mv.participants)) > 1:
        problems.append(f"players play unequal numbers of rounds: {dict(sorted(count.items()))}")
    return problems


def lho_rho_balance(mv: Movement) -> dict[str, int]:
    """I8 (info only): for each opposing pair, is the other on the left as often as the right?"""
    left: Counter = Counter()  # (x, y): y sat on x's left
    for rnd in mv.rounds:
        for st in rnd.tables:
            seats = _players(st)
            for i, seat in enumerate(SEATS):
                nxt = SEATS[(i + 1) % 4]
                if seat in seats and nxt in seats:
                    left[(seats[seat], seats[nxt])] += 1
    _, opponents = meetings(mv)
    uneven = sum(1 for a, b in opponents if left[(a, b)] != left[(b, a)])
    return {"opposing_pairs": len(opponents), "lho_rho_uneven": uneven}


def check_individual(mv: Movement, partner: int | None = 1, oppose: int | None = 2) -> list[str]:
    """All the individual invariants that apply to ``mv``; an empty list means all hold."""
    problems = check_i1(mv) + check_i2(mv) + check_boards(mv)
    if mv.kind == "rainbow":
        problems += check_rainbow_lines(mv)
    elif partner is not None and oppose is not None:
        problems += check_i3_i4(mv, partner, oppose, at_most=mv.meet == CUT_SHORT_MEET)
    return problems
