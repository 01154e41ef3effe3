"""Individual standings from a pair-scored session (pure Python).

In an individual movement each table's result is stored and scored as one pair line
(``ResultLine.ns`` = the North player's entry, ``ResultLine.ew`` = the East player's);
the board is compared (matchpoints, net, tricks…) across every table that played it,
exactly as a pair game.  Each player is then credited with the partnership's score:
North and South get the line's ``ns_points``, East and West its ``ew_points``
("the partners separate at the end of four deals, so the player with the highest
total at the end is the winner" [002 L3053–3055]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from scoring.engine.ranking import display, rank
from scoring.engine.results import FieldStandings, SessionResult, Standing

__all__ = ["Seat4", "individual_result", "player_tallies"]

#: (n, s, e, w) player numbers at one table in one round.
Seat4 = tuple[int, int, int, int]


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    played: int = 0


def _partners(line, seats: Mapping[tuple[int, int], Seat4]) -> tuple[tuple, tuple]:
    """The (N, S) and (E, W) players of a line, from its round and table."""
    seat = seats.get((line.round, line.table))
    if seat is None or seat[0] != line.ns or seat[2] != line.ew:
        raise ValueError(
            f"board {line.board}: no table in round {line.round} has N {line.ns} and E {line.ew}"
        )
    return (seat[0], seat[1]), (seat[2], seat[3])


def player_tallies(
    result: SessionResult, seats: Mapping[tuple[int, int], Seat4]
) -> dict[int, _Tally]:
    """Each player's points (the partnership's) and boards played."""
    tallies: dict[int, _Tally] = {}
    for board in result.boards.values():
        for scored in board.lines:
            ns, ew = _partners(scored.line, seats)
            for players, points in ((ns, scored.ns_points), (ew, scored.ew_points)):
                for p in players:
                    t = tallies.setdefault(p, _Tally())
                    t.points += Fraction(points)
                    t.played += scored.played
    return tallies


def individual_result(
    result: SessionResult,
    seats: Mapping[tuple[int, int], Seat4],
    names: Mapping[int, str],
    scheduled: Mapping[int, int],
) -> SessionResult:
    """``result`` with one field ``all`` ranking the players (``names``: number → name).

    Percentages (matchpoints only) are of the top on the boards the player was
    scheduled to play; a player with no result yet scores 0.
    """
    tallies = player_tallies(result, seats)
    rows = []
    for number in sorted(names):
        t = tallies.get(number, _Tally())
        boards = scheduled.get(number, t.played)
        percent = None
        if result.method == "matchpoints" and result.top and boards:
            percent = t.points * 100 / (result.top * boards)
        rows.append((number, t, percent, boards))
    keys = [r[2] if r[2] is not None else r[1].points for r in rows]
    ranks = rank(keys)
    order = sorted(range(len(rows)), key=lambda i: (-display(keys[i]), rows[i][0]))
    standings = tuple(
        Standing(ranks[i], rows[i][0], names[rows[i][0]], rows[i][1].points, rows[i][2],
                 rows[i][1].played, rows[i][3])
        for i in order
    )  # fmt: skip
    return replace(result, fields=(FieldStandings("all", standings),))
