"""Team movements: teams of four (the two-team match, the American whist team movement) and
the whist club match of two teams of any agreed number of pairs.

Numbering of teams of four: with N teams at N tables, team *k* is N-S pair *k* (at home at
table *k*) and E-W pair ``N + k``.  A match between teams A and B has two halves: A's N-S
against B's E-W at table A, and B's N-S against A's E-W at table B, on the same boards
(MOVEMENTS.md §7).

The club match (kind ``"club-match"``): two teams of *p* pairs at *p* tables; N-S pair *t*
and E-W pair ``p + t`` sit at table *t* all evening; team 1 holds the N-S pairs of the odd
tables and the E-W pairs of the even ones, team 2 the others (:func:`club_team_of`).
"""

from __future__ import annotations

from .base import Movement, MovementError, Seating
from .checks import CLUB_MATCH_MEET, club_team_of, team_of
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


def club_match(
    tables: int | None = None,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
) -> Movement:
    """A whist club match: two teams of the same agreed number *p* of pairs, half of each
    team N-S and half E-W, "or as near thereto as possible" [000 L727] (LAWS.md §4.2).

    The pairs stay at their tables; the *p* sets of boards go down one table a round, so in
    *p* rounds every table plays every set.  Team 1 sits N-S at the odd tables and E-W at the
    even ones, team 2 the other way, so every deal is played by both teams in both directions
    (once each way per two tables).  With an odd *p* team 1 has one more pair N-S than E-W:
    the odd pair, whose missing seat the scoring credits with the rounded average of the
    opposite direction [000 L729].  Two pairs a side is the two-table match of [000 L741–743].
    """
    if pairs is not None and pairs % 2:
        raise MovementError(
            f"a club match is two teams of the same number of pairs [000 L727], so the "
            f"number of pairs is even, not {pairs}"
        )
    p = tables if tables is not None else (pairs or 0) // 2
    if pairs is not None and tables is not None and pairs != 2 * tables:
        raise MovementError(f"a club match of {tables} tables is {2 * tables} pairs, not {pairs}")
    if p < 2:
        raise MovementError("a club match needs two teams of at least 2 pairs each (2 tables)")
    if rounds not in (None, p):
        raise MovementError(
            f"a club match of {p} pairs a side plays {p} rounds (every set at every table), "
            f"not {rounds}; for a longer match choose more boards per round",
            field="rounds",
        )
    grid = [
        [Seating(table=t, ns=t, ew=p + t, set=(t - 1 + r) % p + 1) for t in range(1, p + 1)]
        for r in range(p)
    ]
    first = ", ".join(str(t) for t in range(1, p + 1) if t % 2)
    second = ", ".join(str(t) for t in range(1, p + 1) if t % 2 == 0)
    return Movement(
        kind="club-match", tables=p, boards_per_round=boards_per_round,
        rounds=assemble(grid, p, None), participants=tuple(range(1, 2 * p + 1)), fields=2,
        board_sets=board_sets(p, boards_per_round), meet=CLUB_MATCH_MEET,
        announcement=f"Club match, {p} pairs a side: team 1 sits N-S at tables {first} and "
        f"E-W at {second or 'none'}; team 2 the other way; pairs stay, boards down one table",
        notes=("team 1: N-S pairs of the odd tables, E-W pairs of the even tables",),
    )  # fmt: skip


def team_pairs(movement: Movement) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Team k → (its N-S pairs, its E-W pairs), as a team movement seats them in its first
    round: for kind "team" team k is N-S pair k and E-W pair T+k; for a club match, see
    :func:`club_team_of`.  Empty for any other movement."""
    if movement.kind not in ("team", "club-match") or not movement.rounds:
        return {}
    owner = club_team_of if movement.kind == "club-match" else team_of
    ns: dict[int, list[int]] = {}
    ew: dict[int, list[int]] = {}
    for st in movement.rounds[0].tables:
        if st.ns is not None:
            ns.setdefault(owner(movement, st.ns), []).append(st.ns)
        if st.ew is not None:
            ew.setdefault(owner(movement, st.ew), []).append(st.ew)
    return {
        k: (tuple(sorted(ns.get(k, ()))), tuple(sorted(ew.get(k, ()))))
        for k in sorted(set(ns) | set(ew))
    }
