"""A Swiss teams match board by board: each board's two table results turned into IMPs
(Law 78B) and added up to the match score the VP scale reads (docs/swiss.md, "Board by board").

Pure Python.  The home team sits N-S at table 1 and E-W at table 2, so each board's two N-S
scores are compared as a team match compares its rooms: the home team's IMPs on a board are
``IMPs(table 1 N-S − table 2 N-S)`` (``scoring.engine.imps.teams_board``); a positive figure
is won by the home team, a negative one by the away team.  The match score is each side's
IMPs won; the VPs come from it as from a match total (``scoring.engine.swiss.match_vps``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.engine.contract import ScoringError
from scoring.engine.imps import teams_board

__all__ = ["SCORE_MAX", "SheetBoard", "MatchSheet", "check_table_score", "match_sheet"]

#: the largest N-S score a table can have: 7600, thirteen down vulnerable, redoubled (Law 77)
SCORE_MAX = 7600


def check_table_score(score: object, where: str) -> int:
    """A table's N-S score: a whole multiple of 10 from −7600 to 7600 (every contract bridge
    score is one); ``ScoringError`` naming ``where`` otherwise."""
    if isinstance(score, bool) or not isinstance(score, int):
        raise ScoringError(where, "give the N-S score, e.g. 420 or -50")
    if score % 10 or not -SCORE_MAX <= score <= SCORE_MAX:
        raise ScoringError(where, f"{score} is no bridge score (a multiple of 10, -7600 to 7600)")
    return score


@dataclass(frozen=True)
class SheetBoard:
    board: int
    table1_ns: int  # the home team sits N-S
    table2_ns: int  # the away team sits N-S
    home_imps: int
    away_imps: int

    @property
    def net(self) -> int:
        """The home team's net points on the board: table 1 N-S − table 2 N-S."""
        return self.table1_ns - self.table2_ns


@dataclass(frozen=True)
class MatchSheet:
    boards: tuple[SheetBoard, ...]

    @property
    def home_imps(self) -> int:
        return sum(b.home_imps for b in self.boards)

    @property
    def away_imps(self) -> int:
        return sum(b.away_imps for b in self.boards)


def match_sheet(scores: Sequence[tuple[int, int, int]]) -> MatchSheet:
    """The sheet of ``(board, table 1 N-S score, table 2 N-S score)`` rows, in board order."""
    rows = []
    for board, t1, t2 in sorted(scores):
        check_table_score(t1, f"board {board}, table 1")
        check_table_score(t2, f"board {board}, table 2")
        won = teams_board(t1, t2)
        rows.append(SheetBoard(board, t1, t2, max(won, 0), max(-won, 0)))
    return MatchSheet(tuple(rows))
