"""The duplicate whist team match (AWL code 1894): team aggregates, odd pairs, the result.

"Every trick taken is scored, and the match is determined by a comparison of the aggregate
scores won by the competing teams" [000 L729]. The teams are of the same number of pairs, half
of each (or as near as possible) N-S and half E-W [000 L727]. A team with an odd pair adds "as
though won by it, the average score of all the pairs seated in the positions opposite to its
odd pair" [000 L729]. Two teams: the majority of all the tricks wins by the excess over one
half [000 L733]; more teams: each wins or loses by its difference from the average
[000 L735]; averages are rounded, one-half counting as a whole, and the fraction is kept only
to avoid a tie: "won by the fraction of a trick" [000 L737]. LAWS.md §6.1, SCORING.md §1.

The arithmetic of the result is ``scoring.engine.whist`` (``two_team_match``, ``multi_team_match``,
``odd_pair_credit``); this module finds each team's aggregate and orders the teams. Its teams
(``TeamInfo``, ``team_of``, ``check_teams``, ``check_team_lines``) also serve teams of four at
IMPs (``scoring.engine.imp_teams``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from scoring.engine.contract import ScoringError
from scoring.engine.ranking import display, rank
from scoring.engine.whist import (
    MatchResult,
    average_tricks,
    multi_team_match,
    odd_pair_credit,
    round_half_up,
    two_team_match,
)

__all__ = [
    "DIRECTIONS",
    "TEAM_METHODS",
    "TeamInfo",
    "TeamMatch",
    "TeamPair",
    "TeamStanding",
    "as_number",
    "check_team_lines",
    "check_teams",
    "team_match",
    "team_of",
    "team_pair",
    "teams_from_seats",
]

#: The movements that seat each method's teams: the team movement (teams of four), and for
#: the whist match also the club match of two teams of any agreed number of pairs [000 L727].
TEAM_MOVEMENTS = {"tricks_teams": ("team", "club-match"), "imps_teams": ("team",)}


def team_movement_hint(method: str) -> str:
    """What to choose, in words, for a team match of ``method``."""
    if "club-match" in TEAM_MOVEMENTS.get(method, ()):
        return "the team movement (or the club match, two teams of any number of pairs)"
    return "the team movement"


DIRECTIONS = ("NS", "EW")
#: The methods that score teams made of pairs (``SessionInput.teams``): the whist team match,
#: and teams of four at IMPs (``scoring.engine.imp_teams``). Both take their teams from the same place.
TEAM_METHODS = ("tricks_teams", "imps_teams")
_SHOWN = {"NS": "N-S", "EW": "E-W"}


@dataclass(frozen=True)
class TeamInfo:
    """A team of a team match (whist or IMPs): its number, its name, and the entry numbers of
    its pairs seated N-S (``ns``) and E-W (``ew``). Each pair keeps its direction for the match:
    "the highest two at each table sit north and south; the lowest two east and west"
    [000 L743]."""

    number: int
    name: str = ""
    ns: tuple[int, ...] = ()
    ew: tuple[int, ...] = ()

    @property
    def pairs(self) -> tuple[int, ...]:
        return tuple(self.ns) + tuple(self.ew)

    def direction(self, pair: int) -> str:
        return "NS" if pair in self.ns else "EW"


@dataclass(frozen=True)
class TeamPair:
    """One pair of a team: the direction it sat and its score in the match's ``unit`` — the
    tricks it won after revokes (whist), or the IMPs of the boards it played."""

    entry: int
    name: str
    direction: str
    score: Fraction
    boards_played: int
    unit: str = "tricks"

    def to_json(self) -> dict[str, Any]:
        return {
            "entry": self.entry,
            "name": self.name,
            "direction": self.direction,
            self.unit: as_number(self.score),
            "boards_played": self.boards_played,
        }


@dataclass(frozen=True)
class TeamStanding:
    """A team's place and result. ``aggregate`` is its pairs' ``tricks`` plus the odd-pair
    ``credit`` rounded as the law says; ``exact_aggregate`` keeps the credit's fraction.
    ``result`` is the engine's ``MatchResult`` (``margin`` in whole tricks, ``exact``,
    ``by_fraction``, ``outcome``)."""

    rank: str
    team: int
    name: str
    pairs: tuple[TeamPair, ...]
    tricks: Fraction
    credit: int | None
    exact_aggregate: Fraction
    result: MatchResult
    two_teams: bool

    @property
    def aggregate(self) -> Fraction:
        return self.result.aggregate

    @property
    def winner(self) -> bool:
        """First alone and ahead: the winner of a two-team match, the top team of more."""
        return self.rank == "1" and self.result.outcome == "won"

    def describe(self) -> str:
        """ "won by 6 tricks", "lost by 1 trick", "won by the fraction of a trick", "drawn"."""
        r = self.result
        if r.by_fraction:
            return f"{r.outcome} by the fraction of a trick"
        if r.margin == 0:
            return "drawn" if self.two_teams else "level with the average"
        size = abs(r.margin)
        return f"{r.outcome} by {size} trick{'' if size == 1 else 's'}"

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "team": self.team,
            "name": self.name,
            "tricks": as_number(self.tricks),
            "odd_pair_credit": self.credit,
            "aggregate": as_number(self.aggregate),
            "exact_aggregate": as_number(self.exact_aggregate),
            "margin": self.result.margin,
            "exact_margin": as_number(self.result.exact),
            "by_fraction": self.result.by_fraction,
            "outcome": self.result.outcome,
            "result": self.describe(),
            "winner": self.winner,
            "boards_played": sum(p.boards_played for p in self.pairs),
            "pairs": [p.to_json() for p in self.pairs],
        }


@dataclass(frozen=True)
class TeamMatch:
    """The whole match: ``mark`` is one half of all the tricks (two teams) or the rounded
    average of the teams' aggregates (more teams); ``teams`` in order of place."""

    total: Fraction
    mark: Fraction
    teams: tuple[TeamStanding, ...]

    @property
    def two_teams(self) -> bool:
        return len(self.teams) == 2

    def team(self, number: int) -> TeamStanding:
        for t in self.teams:
            if t.team == number:
                return t
        raise KeyError(number)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": "two_teams" if self.two_teams else "more_teams",
            "total": as_number(self.total),
            "half" if self.two_teams else "average": as_number(self.mark),
            "teams": [t.to_json() for t in self.teams],
        }


def as_number(value: Fraction | int | None) -> float | None:
    """A figure for the JSON: a whole or a fraction shown as the ranking shows it."""
    return None if value is None else float(display(value))


def team_of(teams: Sequence[TeamInfo]) -> dict[int, int]:
    """Pair (entry number) → the number of the team it plays for."""
    return {pair: team.number for team in teams for pair in team.pairs}


def teams_from_seats(
    seats: Mapping[int, tuple[Sequence[int], Sequence[int]]], names: Mapping[int, str]
) -> tuple[TeamInfo, ...]:
    """``TeamInfo`` from team → (N-S pairs, E-W pairs); a team is named by the first of its
    pairs (N-S first) whose entry has a name given, else it is "Team k"."""
    teams = []
    for number, (ns, ew) in sorted(seats.items()):
        given = [names.get(p, "") for p in (*ns, *ew)]
        name = next((n for n in given if n), "")
        teams.append(TeamInfo(number, name, tuple(ns), tuple(ew)))
    return tuple(teams)


# --- checks ---------------------------------------------------------------------------------


def check_teams(teams: Sequence[TeamInfo]) -> None:
    """The teams the law allows: two or more, each pair in one team, the same number of pairs
    in every team, half of them N-S and half E-W or as near thereto as possible [000 L727]."""
    if len(teams) < 2:
        raise ScoringError("teams", f"a team match needs at least 2 teams, got {len(teams)}")
    numbers: set[int] = set()
    owner: dict[int, int] = {}
    for team in teams:
        if team.number in numbers:
            raise ScoringError("teams", f"team {team.number} is given twice")
        numbers.add(team.number)
        if not team.pairs:
            raise ScoringError("teams", f"team {team.number} has no pairs")
        for pair in team.pairs:
            if pair in owner:
                where = "twice" if owner[pair] == team.number else f"also in team {owner[pair]}"
                raise ScoringError("teams", f"pair {pair} of team {team.number} is {where}")
            owner[pair] = team.number
    _check_sizes(teams)


def _check_sizes(teams: Sequence[TeamInfo]) -> None:
    sizes = {t.number: len(t.pairs) for t in teams}
    if len(set(sizes.values())) > 1:
        shown = ", ".join(f"team {n}: {s}" for n, s in sizes.items())
        raise ScoringError(
            "teams", f"the teams must be of the same number of pairs [000 L727] ({shown})"
        )
    for team in teams:
        if abs(len(team.ns) - len(team.ew)) > 1:
            raise ScoringError(
                "teams",
                f"team {team.number} has {len(team.ns)} pairs N-S and {len(team.ew)} E-W; half "
                "of a team sits each way, or as near thereto as possible [000 L727]",
            )


def check_team_lines(teams: Sequence[TeamInfo], lines: Iterable[Any]) -> None:
    """Every pair with a result plays for a team, in its team's direction for it, and never
    against its own team-mates; the error names the board and the side."""
    owner = {pair: t for t in teams for pair in t.pairs}
    for line in lines:
        for side, direction in (("ns", "NS"), ("ew", "EW")):
            pair = getattr(line, side)
            if pair not in owner:
                raise ScoringError(side, f"board {line.board}: pair {pair} plays for no team")
            team = owner[pair]
            if team.direction(pair) != direction:
                raise ScoringError(
                    side,
                    f"board {line.board}: pair {pair} sits {_SHOWN[team.direction(pair)]} for "
                    f"team {team.number}, not {_SHOWN[direction]}",
                )
        if owner[line.ns] is owner[line.ew]:
            raise ScoringError(
                "ew",
                f"board {line.board}: pairs {line.ns} and {line.ew} both play for team "
                f"{owner[line.ns].number}; a team plays against the other teams",
            )


# --- the match ------------------------------------------------------------------------------


def team_match(teams: Sequence[TeamInfo], standings: Mapping[int, Any]) -> TeamMatch:
    """The match from the pairs' standings (entry → a ``Standing``: ``name``, ``score`` = the
    tricks it won after revoke penalties, ``boards_played``); a pair without one counts 0.

    A team's aggregate is its pairs' tricks plus, for a team with an odd pair, the rounded
    average of the pairs (of every team) seated opposite its odd pair that have played
    (``odd_pair_credit``) [000 L729]. The result is ``two_team_match`` or ``multi_team_match``
    on those aggregates; where that is a tie (margin 0), the same function on the aggregates
    with the credits' fractions kept says whether the team won or lost "by the fraction of a
    trick" [000 L737]. Teams are placed by the exact aggregate, so only a true tie shares a
    place.
    """
    check_teams(teams)
    pairs = {p: team_pair(p, t.direction(p), standings.get(p)) for t in teams for p in t.pairs}
    credits = {t.number: _credit(t, pairs) for t in teams}
    own = {t.number: sum((pairs[p].score for p in t.pairs), Fraction(0)) for t in teams}
    rounded = _decide({n: own[n] + (c[0] if c else 0) for n, c in credits.items()})
    exact = _decide({n: own[n] + (c[1] if c else 0) for n, c in credits.items()})
    two = len(teams) == 2
    rows = [
        _standing(team, pairs, own[team.number], credits[team.number], rounded, exact, two)
        for team in teams
    ]
    total = sum((r.aggregate for r in rounded.values()), Fraction(0))
    return TeamMatch(total, _mark(next(iter(rounded.values())), two), _placed(rows))


def _standing(team, pairs, own, credit, rounded, exact, two) -> TeamStanding:
    """One team's row: the law's result, with the fraction of a trick where it decides."""
    r, e = rounded[team.number], exact[team.number]
    result = replace(r, exact=e.exact, by_fraction=r.margin == 0 and e.exact != 0)
    members = tuple(pairs[p] for p in sorted(team.ns) + sorted(team.ew))
    name = team.name or f"Team {team.number}"
    return TeamStanding(
        "", team.number, name, members, own, credit[0] if credit else None, e.aggregate,
        result, two,
    )  # fmt: skip


def team_pair(entry: int, direction: str, standing: Any, unit: str = "tricks") -> TeamPair:
    """A team's pair from its ``Standing`` (name, score, boards played); none yet: 0."""
    if standing is None:
        return TeamPair(entry, "", direction, Fraction(0), 0, unit)
    return TeamPair(entry, standing.name, direction, standing.score, standing.boards_played, unit)


def _credit(team: TeamInfo, pairs: Mapping[int, TeamPair]) -> tuple[int, Fraction] | None:
    """(credit rounded, credit exact) for a team with an odd pair, else None [000 L729]."""
    if len(team.ns) == len(team.ew):
        return None
    opposite = "EW" if len(team.ns) > len(team.ew) else "NS"
    scores = [tp.score for tp in pairs.values() if tp.direction == opposite and tp.boards_played]
    return (odd_pair_credit(scores), average_tricks(scores)) if scores else None


def _decide(aggregates: Mapping[int, Fraction]) -> dict[int, MatchResult]:
    """Two teams: ``two_team_match``; more: ``multi_team_match`` (keyed back by number)."""
    keyed = {str(n): a for n, a in aggregates.items()}
    decided = two_team_match(keyed) if len(keyed) == 2 else multi_team_match(keyed)
    return {n: decided[str(n)] for n in aggregates}


def _mark(result: MatchResult, two: bool) -> Fraction:
    """What the engine measured ``result`` against: one half of the total (two teams), or the
    average of the aggregates, rounded as the law says (more teams)."""
    mark = result.aggregate - result.exact
    return mark if two else Fraction(round_half_up(mark))


def _placed(standings: list[TeamStanding]) -> tuple[TeamStanding, ...]:
    keys = [s.exact_aggregate for s in standings]
    ranks = rank(keys)
    order = sorted(range(len(standings)), key=lambda i: (-display(keys[i]), standings[i].team))
    return tuple(replace(standings[i], rank=ranks[i]) for i in order)
