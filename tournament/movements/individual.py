"""Individual movements: social pivot / whist-tournament schedules and Rainbow.

Social pivot [002 L3029–3088] (LAWS.md §4.6): one player, the pivot, sits still;
each round every other player k takes the seat held by k+1 in the previous
round ("No. 1 takes the place vacated by No. 2 … No. 7 going to No. 1"), so the
number in a seat goes *down* by one each round (mod n−1).  8, 12 and 16 players
use the seed's diagrams exactly; every other n ≡ 0 or 1 (mod 4) uses a searched
cyclic starter (MOVEMENTS.md §6) stored in ``individual_starters.json`` and
checked on build.  n ≡ 1 (mod 4) has no pivot: n rounds, one player sits out
each round; n = 9 develops over Z_3 × Z_3 (no Z_9 starter exists).

Rainbow (MOVEMENTS.md §6, prime T ≥ 5): N stays, S up 1, E up 2, W down 2,
boards down 1; players meet only players of the other three lines, once each.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .base import Movement, MovementError, Round, Seating
from .individual_checks import check_individual, lho_rho_balance
from .individual_search import PIVOT, Group, group_for, search_starter

STARTERS_FILE = Path(__file__).with_name("individual_starters.json")
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
    high = low + 4
    parts = [f"{low} or {high} players" if low >= MIN_PLAYERS else f"{high} players"]
    sit_out = [x for x in (low + 1, high + 1) if x >= MIN_PLAYERS + 1]
    if sit_out:
        parts.append(" or ".join(map(str, sit_out)) + " players with a sit-out each round")
    parts.append("progressive play with a two- or three-hand table at the foot [002 L6507–6515]")
    return ", or ".join(parts)


def _validate(players: int) -> None:
    if not isinstance(players, int) or players < MIN_PLAYERS or players % 4 not in (0, 1):
        raise MovementError(
            f"a whist-tournament schedule needs 8 or more players with n ≡ 0 or 1 (mod 4); "
            f"{players} players will not do: use {nearest_choices(int(players))}"
        )


def _stored_starters() -> dict[str, dict]:
    if STARTERS_FILE.exists():
        return json.loads(STARTERS_FILE.read_text())
    return {}


def _best_orientation(group: Group, starter: list[tuple]) -> list[tuple]:
    """Swap E/W at some tables (reverses the table's left-hand order) to balance I8."""
    best, best_score = starter, -1
    for mask in range(1 << len(starter)):
        tables = [
            (n, s, w, e) if mask >> i & 1 else (n, s, e, w)
            for i, (n, s, e, w) in enumerate(starter)
        ]
        score = _balanced_classes(group, tables)
        if score > best_score:
            best, best_score = tables, score
    return best


def _balanced_classes(group: Group, tables: list[tuple]) -> int:
    count: dict[int, int] = {}
    for n, s, e, w in tables:
        for a, b in ((n, e), (e, s), (s, w), (w, n)):
            if a is not PIVOT and b is not PIVOT:
                d = group.sub(b, a)
                count[d] = count.get(d, 0) + 1
    return sum(1 for d in range(1, group.order) if count.get(d, 0) == count.get(group.neg(d), 0))


@cache
def starter(players: int) -> tuple[tuple[int | None, ...], ...]:
    """Round-1 tables as group elements (``None`` = pivot) for ``players``.

    Seed diagrams for 8/12/16 (player k is element k mod n−1); otherwise the
    stored starter, or a fresh search (cached for the process).
    """
    _validate(players)
    if players in SEED_DIAGRAMS:
        m = players - 1
        return tuple(
            tuple(None if p is None else p % m for p in table) for table in SEED_DIAGRAMS[players]
        )
    stored = _stored_starters().get(str(players))
    if stored:
        return tuple(tuple(t) for t in stored["tables"])
    tables = search_starter(players, tries=20)
    if tables is None:
        raise MovementError(
            f"no {players}-player schedule is stored and a quick search found none "
            f"(run individual_search.search_starter offline); use {nearest_choices(players)}"
        )
    return tuple(_best_orientation(group_for(players)[0], tables))


def _player(element: int | None, players: int, modulus: int) -> int:
    if element is None:
        return players
    return element if element else modulus


def default_boards_per_round(players: int) -> int:
    """Four deals a round for 8 or 9, three up to 13, then two (LAWS.md §4.6)."""
    return 4 if players <= 9 else 3 if players <= 13 else 2


def build_individual(players: int, boards_per_round: int | None = None) -> Movement:
    """The whist-tournament schedule for ``players``; every table plays the round's set."""
    tables = starter(players)
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
        notes=_notes(players),
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
    return ("searched cyclic starter, MOVEMENTS.md §6",)


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
