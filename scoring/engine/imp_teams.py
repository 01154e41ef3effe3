"""Teams of four at IMPs: the two rooms of each match, the teams' IMPs and victory points.

A match between teams A and B plays each board in two rooms: A's N-S pair against B's E-W
pair in one, B's N-S pair against A's E-W pair in the other, "two linked pair-tables with
swapped directions" (MOVEMENTS.md §7). The board scores IMPs(N-S room 1 − N-S room 2) to the
team N-S in room 1 (Law 78B; SCORING.md §5).

Who is a team: with ``SessionInput.teams`` (``scoring.engine.team_match.TeamInfo``, the same teams as
the whist team match; in the club the team movement seats team k as N-S pair k and E-W pair
T + k) the lines carry pair numbers, and each pair's team finds the other room. Without teams
each entry is a team and sits in both rooms. Every comparison appears on both rooms' lines, so
a team's IMPs are half the points of its lines. Victory points are worked out per match, over
the boards of that match, on the WBF 2013 scale (``scoring.engine.imps.wbf_vp``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.engine.contract import ScoringError
from scoring.engine.imps import wbf_vp
from scoring.engine.ranking import display, rank
from scoring.engine.team_match import TeamInfo, TeamPair, as_number, team_of, team_pair

__all__ = [
    "ImpMatch",
    "ImpTeamStanding",
    "ImpTeams",
    "check_rooms",
    "imp_teams",
    "other_rooms",
    "owner",
]

Owner = Callable[[int], int]


def owner(teams: Sequence[TeamInfo]) -> Owner:
    """Entry → its team: the pair's team when teams are given, else the entry itself."""
    mapping = team_of(teams)
    return mapping.__getitem__ if mapping else _itself


def _itself(entry: int) -> int:
    return entry


def check_rooms(lines: Iterable[Any], team: Owner) -> None:
    """Each match plays a board once in each room: refuse a second line with the same team
    N-S against the same team E-W on one board (``field`` "ew", naming the board)."""
    seen: set[tuple[int, int, int]] = set()
    for line in lines:
        key = (line.board, team(line.ns), team(line.ew))
        if key in seen:
            raise ScoringError(
                "ew",
                f"board {line.board}: team {key[1]} N-S v team {key[2]} E-W has two results; "
                "a match plays each board once in each room",
            )
        seen.add(key)


def other_rooms(lines: Sequence[Any], team: Owner) -> dict[int, int]:
    """For the lines of one board: index → index of the other room's line of the same match
    (its N-S team is this line's E-W team and the other way round). Unmatched lines are left
    out: until both rooms are in, the board scores nothing."""
    rooms = {(team(line.ns), team(line.ew)): i for i, line in enumerate(lines)}
    out = {}
    for i, line in enumerate(lines):
        j = rooms.get((team(line.ew), team(line.ns)))
        if j is not None and j != i:
            out[i] = j
    return out


# --- the teams' standings ---------------------------------------------------------------------


@dataclass(frozen=True)
class ImpMatch:
    """A team's match against one opponent: the boards compared, the team's IMPs in it, and
    its VPs for the margin, half the difference of the two teams' IMPs (the team's IMPs
    whenever the match balances; an artificial score such as +3/+3 need not)."""

    opponent: int
    boards: int
    imps: Fraction
    margin: Fraction
    vp: Decimal

    def to_json(self) -> dict[str, Any]:
        return {
            "opponent": self.opponent,
            "boards": self.boards,
            "imps": as_number(self.imps),
            "vp": float(self.vp),
        }


@dataclass(frozen=True)
class ImpTeamStanding:
    """A team's place by IMPs, its pairs, its matches and its victory points."""

    rank: str
    team: int
    name: str
    pairs: tuple[TeamPair, ...]
    imps: Fraction
    matches: tuple[ImpMatch, ...]
    boards_played: int
    two_teams: bool

    @property
    def vp(self) -> Decimal | None:
        return sum((m.vp for m in self.matches), Decimal(0)) if self.matches else None

    @property
    def winner(self) -> bool:
        """Placed first alone: the winner of a two-team match, the top team of more."""
        return self.rank == "1"

    def describe(self) -> str:
        """Two teams: "won by 6 IMPs", "lost by 1 IMP", "drawn"; more: "won 2, lost 1";
        "" until a board of the team is compared."""
        if not self.matches:
            return ""
        if not self.two_teams:
            won = sum(1 for m in self.matches if m.margin > 0)
            lost = sum(1 for m in self.matches if m.margin < 0)
            drawn = len(self.matches) - won - lost
            return f"won {won}, lost {lost}" + (f", drawn {drawn}" if drawn else "")
        margin = self.matches[0].margin
        if display(margin) == 0:
            return "drawn"
        size = abs(margin)
        word = "won" if margin > 0 else "lost"
        return f"{word} by {_text(size)} IMP{'' if size == 1 else 's'}"

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "team": self.team,
            "name": self.name,
            "imps": as_number(self.imps),
            "vp": None if self.vp is None else float(self.vp),
            "result": self.describe(),
            "winner": self.winner,
            "boards_played": self.boards_played,
            "pairs": [p.to_json() for p in self.pairs],
            "matches": [m.to_json() for m in self.matches],
        }


@dataclass(frozen=True)
class ImpTeams:
    """The teams in order of place (by IMPs)."""

    teams: tuple[ImpTeamStanding, ...]

    @property
    def vp(self) -> dict[int, Decimal]:
        """Team → its victory points (teams that have played a match)."""
        return {t.team: t.vp for t in self.teams if t.vp is not None}

    def team(self, number: int) -> ImpTeamStanding:
        for t in self.teams:
            if t.team == number:
                return t
        raise KeyError(number)

    def to_json(self) -> dict[str, Any]:
        return {"teams": [t.to_json() for t in self.teams]}


def _text(value: Fraction) -> str:
    return f"{as_number(value):g}"


def imp_teams(
    teams: Sequence[TeamInfo], team: Owner, boards: Mapping[int, Any], pairs: Mapping[int, Any]
) -> ImpTeams:
    """The teams' IMPs and VPs from the scored boards (``BoardResult``s whose lines carry the
    IMPs of ``scoring.engine.session``); ``pairs`` maps entry → its ``Standing`` (name, score, boards
    played). A team's IMPs are half the points of its lines: each comparison is on both rooms'
    lines. A board counts in a match (and in a team's boards played) once it is compared: both
    rooms are in, or it has an artificial score. Teams are placed by IMPs; the VPs of each
    match follow its margin over the boards compared."""
    imps: dict[int, Fraction] = defaultdict(Fraction)
    played: dict[int, set[int]] = defaultdict(set)
    in_match: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    match_boards: dict[frozenset[int], set[int]] = defaultdict(set)
    for board in boards.values():
        lines = [scored for scored in board.lines if scored.played]
        for scored in lines:
            ns, ew = team(scored.line.ns), team(scored.line.ew)
            for own, other, points in ((ns, ew, scored.ns_points), (ew, ns, scored.ew_points)):
                imps[own] += points / 2
                in_match[(own, other)] += points / 2
        for scored in _compared(lines, team):
            ns, ew = team(scored.line.ns), team(scored.line.ew)
            match_boards[frozenset((ns, ew))].add(board.board)
            played[ns].add(board.board)
            played[ew].add(board.board)
    two = len(teams) == 2
    rows = [
        ImpTeamStanding(
            "",
            t.number,
            t.name or f"Team {t.number}",
            _pairs(t, pairs),
            imps[t.number],
            _matches(t.number, in_match, match_boards),
            len(played[t.number]),
            two,
        )
        for t in teams
    ]
    return ImpTeams(_placed(rows))


def _compared(lines: list[Any], team: Owner) -> list[Any]:
    """The scored lines of one board that take part in a comparison: an artificial score, or
    a real result whose other room is in."""
    real = [scored for scored in lines if scored.line.adjusted is None]
    found = other_rooms([scored.line for scored in real], team)
    return [s for s in lines if s.line.adjusted is not None] + [real[i] for i in found]


def _pairs(team: TeamInfo, standings: Mapping[int, Any]) -> tuple[TeamPair, ...]:
    entries = sorted(team.ns) + sorted(team.ew)
    return tuple(team_pair(e, team.direction(e), standings.get(e), "imps") for e in entries)


def _matches(
    number: int,
    in_match: Mapping[tuple[int, int], Fraction],
    match_boards: Mapping[frozenset[int], set[int]],
) -> tuple[ImpMatch, ...]:
    out = []
    for pair, boards in match_boards.items():
        if number not in pair or len(pair) != 2:
            continue
        (opponent,) = pair - {number}
        own, theirs = in_match[(number, opponent)], in_match[(opponent, number)]
        margin = (own - theirs) / 2
        out.append(ImpMatch(opponent, len(boards), own, margin, wbf_vp(margin, len(boards))[0]))
    return tuple(sorted(out, key=lambda m: m.opponent))


def _placed(rows: list[ImpTeamStanding]) -> tuple[ImpTeamStanding, ...]:
    keys = [r.imps for r in rows]
    ranks = rank(keys)
    order = sorted(range(len(rows)), key=lambda i: (-display(keys[i]), rows[i].team))
    return tuple(replace(rows[i], rank=ranks[i]) for i in order)
