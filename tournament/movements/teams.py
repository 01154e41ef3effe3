"""Teams of four: the two-team match and the American whist team movement.

Numbering: with N teams at N tables, team *k* is N-S pair *k* (at home at table *k*) and
E-W pair ``N + k``.  A match between teams A and B has two halves: A's N-S against B's E-W
at table A, and B's N-S against A's E-W at table B, on the same boards (MOVEMENTS.md §7).
"""

from __future__ import annotations

from .base import Movement, MovementError, Seating
from .checks import team_of
from .mitchell import assemble, board_sets


def team(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    teams: int | None = None,
) -> Movement:
    """Dispatch: 2 teams → :func:`team_match`; an odd number of teams → :func:`american_whist`."""
    count = teams or tables
    if pairs is not None and pairs != 2 * count:
        raise MovementError(f"{count} teams of four are {2 * count} pairs, not {pairs}")
    if count == 2:
        return team_match(rounds, boards_per_round)
    return american_whist(count, rounds, boards_per_round)


def team_match(rounds: int | None = None, boards_per_round: int = 2) -> Movement:
    """Two teams: each team's N-S pair at one table, E-W pair at the other; boards exchanged.

    "The highest two at one table are partners with the lowest two at the other"
    [000 L741–743] (LAWS.md §4.2).  In each pair of rounds tables 1 and 2 play two sets and
    then exchange them, so every board is played at both tables in opposite directions.
    """
    rounds = 2 if rounds is None else rounds
    if rounds % 2:
        raise MovementError(
            f"a two-team match exchanges boards between rounds, so it needs an even number "
            f"of rounds, not {rounds}; use {rounds + 1}"
        )
    grid = []
    for r in range(rounds):
        first, second = r - r % 2 + 1, r - r % 2 + 2
        sets = (first, second) if r % 2 == 0 else (second, first)
        grid.append([Seating(table=1, ns=1, ew=4, set=sets[0]),
                     Seating(table=2, ns=2, ew=3, set=sets[1])])  # fmt: skip
    return Movement(
        kind="team", tables=2, boards_per_round=boards_per_round,
        rounds=assemble(grid, rounds, None), participants=(1, 2, 3, 4), fields=2,
        board_sets=board_sets(rounds, boards_per_round), meet="teams",
        announcement="Team 1: pair 1 N-S at table 1, pair 3 E-W at table 2; team 2: pair 2 "
        "N-S at table 2, pair 4 E-W at table 1; exchange boards after each round",
        notes=("team k = N-S pair k and E-W pair k+2",),
    )  # fmt: skip


def american_whist(teams: int, rounds: int | None = None, boards_per_round: int = 2) -> Movement:
    """American whist: N-S stay at home, E-W down two, boards down one [27] (MOVEMENTS.md §7).

    With an odd number N of teams, N tables and N−1 rounds: in round r (from 0) table t holds
    set t + r and the E-W pair of team t + 2 + 2r (mod N).  Team A's N-S meets team B's E-W
    in round r₁ and B's N-S meets A's E-W in round r₂ = N − 2 − r₁ on the same set.
    """
    if teams < 3 or teams % 2 == 0:
        raise MovementError(
            f"the American whist movement needs an odd number of teams from 3, not {teams}; "
            f"use a two-team match for 2, or add a bye team to make {teams + 1}"
        )
    full = teams - 1
    if rounds not in (None, full):
        raise MovementError(
            f"{teams} teams play all {full} rounds (each match is split over two rounds); "
            f"not {rounds}"
        )
    rounds = full
    grid = [
        [
            Seating(
                table=t, ns=t, ew=teams + (t + 1 + 2 * r) % teams + 1, set=(t - 1 + r) % teams + 1
            )
            for t in range(1, teams + 1)
        ]
        for r in range(rounds)
    ]
    return Movement(
        kind="team", tables=teams, boards_per_round=boards_per_round,
        rounds=assemble(grid, teams, None), participants=tuple(range(1, 2 * teams + 1)),
        fields=2, board_sets=board_sets(teams, boards_per_round),
        meet="teams",
        announcement="American whist: N-S stay at home; E-W down two tables; "
        "boards down one table",
        notes=(f"team k = N-S pair k and E-W pair {teams}+k",),
    )  # fmt: skip


def team_pairs(movement: Movement) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Team k → (its N-S pairs, its E-W pairs), as the team movement (kind "team") seats them
    in its first round: team k is N-S pair k and E-W pair T+k.  Empty for any other movement."""
    if movement.kind != "team" or not movement.rounds:
        return {}
    ns: dict[int, list[int]] = {}
    ew: dict[int, list[int]] = {}
    for st in movement.rounds[0].tables:
        if st.ns is not None:
            ns.setdefault(team_of(movement, st.ns), []).append(st.ns)
        if st.ew is not None:
            ew.setdefault(team_of(movement, st.ew), []).append(st.ew)
    return {
        k: (tuple(sorted(ns.get(k, ()))), tuple(sorted(ew.get(k, ()))))
        for k in sorted(set(ns) | set(ew))
    }
