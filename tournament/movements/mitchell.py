"""Compass / Mitchell family: odd tables, skip, relay and bye stand, arrow switch.

Numbering: N-S pair *t* sits still at table *t*; the E-W pair that starts at table *e*
is pair ``T + e``.  E-W move up one table (T → 1), boards down one (1 → T), as the 1926
Laws of Duplicate Auction Bridge, Law 2 [002 L3265–3268]; with an odd number of tables
every E-W pair meets every N-S pair once [002 L3009–3011].  An even number of tables
needs a skip after half the rounds [002 L3270–3274] or the "Relay System"
[002 L3276–3279].  See MOVEMENTS.md §2 and docs/movements.md.
"""

from __future__ import annotations

from .base import Movement, MovementError, Round, Seating
from .checks import balance


def phantom_for(tables: int, pairs: int | None) -> int | None:
    """The phantom pair number (2T) when an odd number of pairs fills T tables."""
    if pairs is None or pairs == 2 * tables:
        return None
    if pairs == 2 * tables - 1:
        return 2 * tables
    raise MovementError(
        f"{pairs} pairs do not fill {tables} tables; use {2 * tables - 1} or {2 * tables}"
    )


def tables_for(pairs: int) -> int:
    """Tables needed for a number of pairs (an odd count gets a phantom)."""
    if pairs < 2:
        raise MovementError(f"{pairs} pairs cannot make a table; at least 2 pairs are needed")
    return (pairs + 1) // 2


def assemble(grid: list[list[Seating]], set_count: int, phantom: int | None) -> tuple[Round, ...]:
    """Rounds from per-round seatings: fill shared_with, idle sets and sit-outs."""
    rounds = []
    for number, seatings in enumerate(grid, start=1):
        first: dict[int, int] = {}
        for st in seatings:
            first.setdefault(st.set, st.table)
        tables = []
        for st in seatings:
            others = [o.table for o in seatings if o.set == st.set and o.table != st.table]
            tables.append(_with(st, shared_with=others[0] if others else None))
        used = {st.set for st in seatings}
        idle = tuple(s for s in range(1, set_count + 1) if s not in used)
        sit = tuple(x for st in seatings if phantom in st.seated for x in st.seated if x != phantom)
        rounds.append(Round(number, tuple(tables), idle_sets=idle, sit_out=sit))
    return tuple(rounds)


def _with(st: Seating, **changes) -> Seating:
    values = {k: getattr(st, k) for k in st.__dataclass_fields__}
    values.update(changes)
    return Seating(**values)


def board_sets(set_count: int, boards_per_round: int) -> dict[int, tuple[int, ...]]:
    b = boards_per_round
    return {s: tuple(range((s - 1) * b + 1, s * b + 1)) for s in range(1, set_count + 1)}


def _participants(tables: int, phantom: int | None) -> tuple[int, ...]:
    return tuple(x for x in range(1, 2 * tables + 1) if x != phantom)


def _check_rounds(rounds: int, most: int, what: str, least: int = 1) -> None:
    if not least <= rounds <= most:
        raise MovementError(f"{what} has {least} to {most} rounds, not {rounds}")


def compass_grid(tables: int, shifts: list[int]) -> list[list[Seating]]:
    """N-S pair t stays at table t; in round r+1 the E-W pairs have moved up ``shifts[r]``
    tables (r for the plain Mitchell, one more after the skip) and boards down r tables."""
    return [
        [
            Seating(
                table=t,
                ns=t,
                ew=tables + (t - 1 - shift) % tables + 1,
                set=(t - 1 + r) % tables + 1,
            )
            for t in range(1, tables + 1)
        ]
        for r, shift in enumerate(shifts)
    ]


def mitchell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Compass / Mitchell for an odd number of tables: two fields, T rounds (or fewer)."""
    if tables < 3:
        raise MovementError(f"a Mitchell needs at least 3 tables, not {tables}; use a howell")
    if tables % 2 == 0:
        raise MovementError(
            f"a Mitchell needs an odd number of tables, not {tables}: use skip-mitchell "
            f"({tables - 1} rounds), relay-bye ({tables} rounds) or a howell"
        )
    rounds = tables if rounds is None else rounds
    _check_rounds(rounds, tables, f"a {tables}-table Mitchell", least=2)
    phantom = phantom_for(tables, pairs)
    grid = compass_grid(tables, list(range(rounds)))
    return Movement(
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, tables, phantom),
        participants=_participants(tables, phantom),
        fields=2,
        board_sets=board_sets(tables, boards_per_round),
        phantom=phantom,
        meet="cross_lines_once" if rounds == tables else "cross_lines_at_most_once",
        announcement="N-S stay; E-W up one table; boards down one table",
    )


def skip_mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    revenge: bool = False,
) -> Movement:
    """Skip Mitchell for an even number of tables: E-W skip a table after round T/2.

    The modern form plays T−1 rounds (EBU Exeter, bridgette); ``revenge=True`` plays all T
    rounds as in the 1926 laws, so the last round meets the first opponent again
    [002 L3270–3279].
    """
    if tables % 2 or tables < 4:
        raise MovementError(
            f"a skip Mitchell needs an even number of tables from 4, not {tables}: "
            "use a mitchell for odd tables or a howell for 2"
        )
    full = tables if revenge else tables - 1
    rounds = full if rounds is None else rounds
    half = tables // 2
    what = f"a {tables}-table skip Mitchell" + (" (1926 form)" if revenge else "")
    _check_rounds(rounds, full, what, least=half + 1)
    phantom = phantom_for(tables, pairs)
    grid = compass_grid(tables, [r + (r >= half) for r in range(rounds)])
    return Movement(
        kind="skip-mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, tables, phantom),
        participants=_participants(tables, phantom),
        fields=2,
        board_sets=board_sets(tables, boards_per_round),
        phantom=phantom,
        meet="cross_lines_at_most_twice" if revenge else "cross_lines_at_most_once",
        skip_after=half if rounds > half else None,
        announcement=f"N-S stay; E-W up one table, boards down one; E-W skip one table "
        f"after round {half}",
        notes=("1926 form: the last round meets the first opponent again",) if revenge else (),
    )


def relay_stations(tables: int) -> list[int | None]:
    """Stations in board order: tables 1..T/2, the bye stand (None), tables T/2+1..T−1."""
    half = tables // 2
    return [*range(1, half + 1), None, *range(half + 1, tables)]


def relay_bye(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Relay and bye stand ("Relay System"): tables T and 1 share; T rounds; complete.

    Boards move down one station through a bye stand between tables T/2 and T/2+1;
    E-W move up one table with no skip [002 L3276–3279], MOVEMENTS.md §2 [8][9].
    """
    if tables % 2 or tables < 4:
        raise MovementError(
            f"relay and bye stand needs an even number of tables from 4, not {tables}: "
            "use a mitchell for odd tables or a howell for 2"
        )
    if rounds not in (None, tables):
        raise MovementError(
            f"a relay-and-bye Mitchell must play all {tables} rounds (cut short, boards are "
            f"played unequally); for {rounds} rounds use skip-mitchell"
        )
    stations = relay_stations(tables)
    phantom = phantom_for(tables, pairs)
    grid = []
    for r in range(tables):
        at = {t: (i + r) % tables + 1 for i, t in enumerate(stations) if t is not None}
        at[tables] = at[1]
        grid.append(
            [
                Seating(table=t, ns=t, ew=tables + (t - 1 - r) % tables + 1, set=at[t])
                for t in range(1, tables + 1)
            ]
        )
    half = tables // 2
    return Movement(
        kind="relay-bye",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, tables, phantom),
        participants=_participants(tables, phantom),
        fields=2,
        board_sets=board_sets(tables, boards_per_round),
        phantom=phantom,
        share_sets=True,
        meet="cross_lines_once",
        announcement=f"N-S stay; E-W up one table; boards down one; tables 1 and {tables} "
        f"share; bye stand between tables {half} and {half + 1}",
    )


def default_switch_rounds(rounds: int) -> tuple[int, ...]:
    """About 1/8 of the boards (Manning, Rainsford [10][11]): the last rounds, spread out."""
    count = max(1, round(rounds / 8))
    step = rounds // count
    return tuple(sorted(rounds - i * step for i in range(count)))


def arrow_switch(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    switch_rounds: tuple[int, ...] | None = None,
    switch_table_one: bool | None = None,
) -> Movement:
    """A Mitchell (relay-bye for even tables) with boards turned on chosen rounds: one field.

    A switched table stores the moving pair in ``ns`` (it holds the N-S cards) and is
    marked ``switched``.  The NBB "Draaiend Mitchell" leaves table 1 unswitched; by default
    (``switch_table_one=None``) both ways are built and the better balanced one is kept.
    """
    if switch_table_one is None:
        both = [
            arrow_switch(tables, rounds, boards_per_round, pairs, switch_rounds, flag)
            for flag in (False, True)
        ]
        return max(both, key=lambda m: balance(m)["U"])
    build = mitchell if tables % 2 else relay_bye
    base = build(tables, rounds=rounds, boards_per_round=boards_per_round, pairs=pairs)
    chosen = default_switch_rounds(base.round_count) if switch_rounds is None else switch_rounds
    bad = [r for r in chosen if not 1 <= r <= base.round_count]
    if bad or not chosen:
        raise MovementError(f"switch rounds must be among 1..{base.round_count}, not {bad or []}")
    new_rounds = []
    for rnd in base.rounds:
        if rnd.number in chosen:
            tables_ = tuple(
                st
                if st.table == 1 and not switch_table_one
                else _with(st, ns=st.ew, ew=st.ns, switched=True)
                for st in rnd.tables
            )
            rnd = Round(rnd.number, tables_, rnd.idle_sets, rnd.sit_out)
        new_rounds.append(rnd)
    base.kind, base.fields, base.rounds = "arrow-switch", 1, tuple(new_rounds)
    base.announcement += "; arrow switch in round" + ("s " if len(chosen) > 1 else " ")
    base.announcement += ", ".join(map(str, sorted(chosen)))
    return base


def hesitation_mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    switch_rounds: int | None = None,
) -> Movement:
    """Hesitation Mitchell for an odd number T of tables: T+1 rounds and sets, one winner.

    MOVEMENTS.md §2 [14]; John Pain, "Unusual movements for clubs" (EBU), and E.E. Blandon
    (Bridge Magazine, 1973): a Mitchell with a relay stand between tables (T−1)/2 and
    (T+1)/2, so T+1 sets; N-S pairs 1…T−1 stay at tables 1…T−1; the T+1 moving pairs T…2T go
    E-W up one table, and after E-W at table T "hesitate" one round N-S at table T before E-W
    at table 1 (pair T starts N-S at table T, pair T+k E-W at table k); boards go down one
    station, the relay included.  To make one field, the last round (or two) is arrow-switched
    at every table but the hesitation table: ``switch_rounds`` 1 or 2, by default the better
    balanced (7 tables: the last round only, as Pain's example).
    """
    if tables < 3 or tables % 2 == 0:
        raise MovementError(
            f"a hesitation Mitchell needs an odd number of tables from 3, not {tables}; "
            "use skip-mitchell, relay-bye or a howell for an even number"
        )
    full = tables + 1
    if rounds not in (None, full):
        raise MovementError(
            f"a {tables}-table hesitation Mitchell plays {full} rounds, not {rounds}",
            field="rounds",
        )
    if switch_rounds is None:
        both = [hesitation_mitchell(tables, None, boards_per_round, pairs, n) for n in (1, 2)]
        return max(both, key=lambda m: balance(m)["U"])
    if switch_rounds not in (1, 2):
        raise MovementError(f"the last 1 or 2 rounds are arrow-switched, not {switch_rounds}")
    phantom = phantom_for(tables, pairs)  # pair 2T, a moving pair: a different sit-out a round
    half = tables // 2
    stations = [*range(1, half + 1), None, *range(half + 1, tables + 1)]  # None: the relay
    station = {t: i for i, t in enumerate(stations) if t is not None}
    places = [("ew", t) for t in range(1, tables + 1)] + [("ns", tables)]
    grid = []
    for r in range(full):
        seats: dict[int, dict[str, int]] = {}
        for k in range(full):  # moving pair T + k starts at place k − 1 (pair T: N-S at T)
            side, table = places[(k - 1 + r) % full]
            seats.setdefault(table, {})[side] = tables + k
        row = []
        for t in range(1, tables + 1):
            ns, ew = seats[t].get("ns", t), seats[t]["ew"]
            st = Seating(table=t, ns=ns, ew=ew, set=(station[t] + r) % full + 1)
            if r >= full - switch_rounds and t != tables:
                st = _with(st, ns=ew, ew=ns, switched=True)
            row.append(st)
        grid.append(row)
    last = "the last round" if switch_rounds == 1 else "the last two rounds"
    return Movement(
        kind="hesitation-mitchell", tables=tables, boards_per_round=boards_per_round,
        rounds=assemble(grid, full, phantom), participants=_participants(tables, phantom),
        fields=1, board_sets=board_sets(full, boards_per_round), phantom=phantom,
        meet="at_most_once",
        announcement=f"N-S 1–{tables - 1} stay; the others go E-W up one table and, after "
        f"table {tables} E-W, play one round N-S at table {tables}; boards down one table "
        f"(relay between tables {half} and {half + 1}); arrow switch in {last} except at "
        f"table {tables}",
    )  # fmt: skip
