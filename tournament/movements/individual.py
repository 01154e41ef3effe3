"""Individual movements: social pivot / whist-tournament schedules and Rainbow.

Social pivot [002 L3029–3088] (LAWS.md §4.6): one player, the pivot, sits still;
each round every other player k takes the seat held by k+1 in the previous
round ("No. 1 takes the place vacated by No. 2 … No. 7 going to No. 1"), so the
number in a seat goes *down* by one each round (mod n−1).  8, 12 and 16 players
use the seed's diagrams exactly; every other n ≡ 0 or 1 (mod 4) up to 40 uses a
cyclic starter (MOVEMENTS.md §6) stored in ``individual_starters.json`` — found
by the two-stage search of ``individual_search.py`` or, for the primes 29 and
37, built by the primitive-root construction — and checked on build.  n ≡ 1
(mod 4) has no pivot: n rounds, one player sits out each round; n = 9 develops
over Z_3 × Z_3 (no Z_9 starter exists).

Rainbow (MOVEMENTS.md §6, prime T ≥ 5): N stays, S up 1, E up 2, W down 2,
boards down 1; players meet only players of the other three lines, once each.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from .base import Movement, MovementError, Round, Seating
from .individual_checks import CUT_SHORT_MEET, check_individual, lho_rho_balance
from .individual_search import group_for

STARTERS_FILE = Path(__file__).with_name("individual_starters.json")
#: Every n ≡ 0 or 1 (mod 4) in this range has a schedule (a seed diagram or a stored starter).
MIN_PLAYERS, MAX_PLAYERS = 8, 40

#: The seed's diagrams (LAWS.md §4.6), tables as (N, S, E, W); ``None`` is the pivot.
SEED_DIAGRAMS: dict[int, tuple[tuple[int | None, ...], ...]] = {
    8: ((5, 7, 1, None), (4, 3, 6, 2)),
    12: ((9, 2, 1, None), (6, 8, 4, 3), (7, 10, 11, 5)),
    16: ((9, 5, 1, None), (14, 13, 11, 4), (10, 7, 6, 12), (3, 8, 15, 2)),
}


def nearest_choices(players: int) -> str:
    """What a TD can do instead of a whist-tournament schedule for ``players``."""
    low = players - players % 4
    pivots = [x for x in (low, low + 4) if MIN_PLAYERS <= x <= MAX_PLAYERS]
    sit_outs = [x + 1 for x in (low, low + 4) if MIN_PLAYERS < x + 1 <= MAX_PLAYERS]
    parts = []
    if pivots:
        parts.append(" or ".join(map(str, pivots)) + " players")
    if sit_outs:
        parts.append(" or ".join(map(str, sit_outs)) + " players with a sit-out each round")
    if players > MAX_PLAYERS:
        tables = min(
            (t for t in range(5, players) if is_prime(t)), key=lambda t: abs(4 * t - players)
        )
        parts.append(f"a Rainbow individual of {tables} tables ({4 * tables} players)")
        parts.append("two sections")
    parts.append("progressive play with a two- or three-hand table at the foot [002 L6507–6515]")
    return ", or ".join(parts)


def _validate(players: int) -> None:
    if not isinstance(players, int) or players < MIN_PLAYERS or players % 4 not in (0, 1):
        raise MovementError(
            f"a whist-tournament schedule needs 8 or more players with n ≡ 0 or 1 (mod 4); "
            f"{players} players will not do: use {nearest_choices(int(players))}"
        )
    if players > MAX_PLAYERS:
        raise MovementError(
            f"whist-tournament schedules are held for {MIN_PLAYERS} to {MAX_PLAYERS} players; "
            f"for {players} players use {nearest_choices(players)}"
        )


@cache
def _stored_starters() -> dict[str, dict]:
    """The starters file, read once per process."""
    if STARTERS_FILE.exists():
        return json.loads(STARTERS_FILE.read_text())
    return {}


@cache
def starter(players: int) -> tuple[tuple[int | None, ...], ...]:
    """Round-1 tables as group elements (``None`` = pivot) for ``players``.

    Seed diagrams for 8/12/16 (player k is element k mod n−1); every other size
    from 9 to 40 is stored in ``individual_starters.json`` (found offline by
    ``scripts/search_individual_starters.py`` or built by a construction), so a
    session never waits for a search.
    """
    _validate(players)
    if players in SEED_DIAGRAMS:
        m = players - 1
        return tuple(
            tuple(None if p is None else p % m for p in table) for table in SEED_DIAGRAMS[players]
        )
    stored = _stored_starters().get(str(players))
    if not stored:
        raise MovementError(
            f"no {players}-player schedule is stored: individual_starters.json is incomplete "
            f"(run scripts/search_individual_starters.py {players})"
        )
    return tuple(tuple(t) for t in stored["tables"])


def _player(element: int | None, players: int, modulus: int) -> int:
    if element is None:
        return players
    return element if element else modulus


def default_boards_per_round(players: int) -> int:
    """Four deals a round for 8 or 9, three up to 13, then two (LAWS.md §4.6)."""
    return 4 if players <= 9 else 3 if players <= 13 else 2


#: Schedules the book allows to stop early: 12 players "will not be time for more than two or
#: three deals at a table before changing as 11 rounds are necessary ... Of course it may be
#: cut short, stopping after seven or eight rounds" [002 L3062–3065].
CUT_SHORT = {12: (7, 8)}


def build_individual(
    players: int, boards_per_round: int | None = None, rounds: int | None = None
) -> Movement:
    """The whist-tournament schedule for ``players``; every table plays the round's set.

    ``rounds`` stops it early where the book allows (``CUT_SHORT``: 12 players after 7 or 8
    rounds); the first rounds are played as scheduled, so nobody partners anyone twice or
    opposes anyone more than twice, and everyone plays every round."""
    mv = develop(players, starter(players), boards_per_round, _notes(players))
    if rounds is None or rounds == mv.round_count:
        return mv
    allowed = CUT_SHORT.get(players, ())
    if rounds not in allowed:
        if allowed:
            choices = " or ".join(str(r) for r in allowed)
            why = f"the {players}-player game plays all {mv.round_count} rounds or stops after {choices}"
        else:
            why = f"the {players}-player game plays all {mv.round_count} rounds (the book lets only the 12-player game stop early, after 7 or 8 rounds [002 L3064–3065])"
        raise MovementError(f"{rounds} rounds: {why}", field="rounds")
    short = replace(
        mv,
        rounds=mv.rounds[:rounds],
        meet=CUT_SHORT_MEET,
        notes=(*mv.notes, f"cut short after {rounds} of {mv.round_count} rounds [002 L3064–3065]"),
    )
    short.balance = lho_rho_balance(short)
    return short


def develop(
    players: int,
    tables: Sequence[Sequence[int | None]],
    boards_per_round: int | None = None,
    notes: tuple[str, ...] = (),
) -> Movement:
    """Every round of the schedule whose round 1 is the starter ``tables``.

    Round r adds −(r − 1) to every group element (the seat of the next number);
    element 0 is player ``m`` (the modulus), the pivot is player ``players``.
    """
    group, pivot = group_for(players)
    m = group.order
    rounds = []
    for r in range(m):
        shift = group.neg(r)
        seats = []
        for t, table in enumerate(tables, start=1):
            moved = [None if x is None else group.add(x, shift) for x in table]
            n, s, e, w = (_player(x, players, m) for x in moved)
            seats.append(Seating(table=t, n=n, s=s, e=e, w=w, set=r + 1))
        sit = () if pivot else (_player(shift, players, m),)
        rounds.append(Round(number=r + 1, tables=tuple(seats), sit_out=sit))
    bpr = boards_per_round or default_boards_per_round(players)
    mv = Movement(
        kind="individual",
        tables=len(tables),
        boards_per_round=bpr,
        rounds=tuple(rounds),
        participants=tuple(range(1, players + 1)),
        individual=True,
        share_sets=True,
        meet="partner_once_oppose_twice",
        announcement=_announcement(players, pivot),
        notes=notes,
    )
    mv.balance = lho_rho_balance(mv)
    return mv


def _announcement(players: int, pivot: bool) -> str:
    if players == 9:
        return "Follow your personal card; one player sits out each round."
    lead = f"No. {players} is the pivot and sits still; " if pivot else ""
    tail = "" if pivot else " One player sits out each round."
    top = players - 1 if pivot else players
    return f"{lead}each player takes the seat of the next number ({top} goes to 1).{tail}"


def _notes(players: int) -> tuple[str, ...]:
    if players in SEED_DIAGRAMS:
        return ("seed diagram [002 L3029–3088], LAWS.md §4.6",)
    how = _stored_starters()[str(players)].get("construction") or "searched cyclic starter"
    return (f"{how}, MOVEMENTS.md §6",)


def is_prime(x: int) -> bool:
    return x >= 2 and all(x % d for d in range(2, int(x**0.5) + 1))


def build_rainbow(tables: int, boards_per_round: int = 2) -> Movement:
    """Rainbow individual for a prime number of tables ≥ 5 (MOVEMENTS.md §6)."""
    if not is_prime(tables) or tables < 5:
        primes = [p for p in range(5, max(tables, 5) + 8) if is_prime(p)]
        near = min(primes, key=lambda p: (abs(p - tables), p))
        raise MovementError(
            f"a Rainbow needs a prime number of tables ≥ 5 (players replay boards otherwise); "
            f"{tables} tables will not do: use {near} tables, or an individual for "
            f"{4 * tables} players"
        )
    t = tables
    rounds = []
    for r in range(t):
        seats = tuple(
            Seating(
                table=k + 1,
                n=k + 1,
                s=t + (k - r) % t + 1,
                e=2 * t + (k - 2 * r) % t + 1,
                w=3 * t + (k + 2 * r) % t + 1,
                set=(k + r) % t + 1,
            )
            for k in range(t)
        )
        rounds.append(Round(number=r + 1, tables=seats))
    mv = Movement(
        kind="rainbow",
        tables=t,
        boards_per_round=boards_per_round,
        rounds=tuple(rounds),
        participants=tuple(range(1, 4 * t + 1)),
        fields=4,
        individual=True,
        meet="cross_lines_once",
        announcement="North stays; South up one, East up two, West down two; boards down one.",
    )
    mv.balance = lho_rho_balance(mv)
    return mv


def verify(mv: Movement) -> None:
    """Raise :class:`MovementError` if an individual movement breaks I1–I7."""
    problems = check_individual(mv)
    if problems:
        raise MovementError(f"{mv.kind} for {len(mv.participants)}: " + "; ".join(problems[:5]))
