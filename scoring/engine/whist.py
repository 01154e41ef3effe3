"""Duplicate whist (American Whist League code 1894; duplicate whist laws 1900–14).

Every trick counts [000 L729]; matches between two teams by the excess over one half
[000 L733]; more than two teams against the average [000 L735]; the odd-pairs rule [000 L729];
averages rounded "one-half counting as a whole", the fraction kept only to avoid a tie
[000 L737]; revoke penalties Law X §4 [002 L4221–4291]. ``../shared/SCORING.md`` §1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError, check_tricks

__all__ = [
    "MatchResult",
    "average_tricks",
    "multi_team_match",
    "odd_pair_credit",
    "pair_revoke",
    "revoke_penalty",
    "round_half_up",
    "team_revoke",
    "two_team_match",
]


def round_half_up(value: Fraction | int) -> int:
    """Nearest whole number, one-half counting as a whole [000 L737] (155.5 → 156)."""
    return math.floor(Fraction(value) + Fraction(1, 2))


def average_tricks(scores: Sequence[int | Fraction]) -> Fraction:
    """Exact mean of ``scores`` (raise if there are none)."""
    if not scores:
        raise ScoringError("scores", "an average needs at least one score")
    return Fraction(sum(Fraction(s) for s in scores), len(scores))


def revoke_penalty(revokes: int) -> int:
    """Two tricks for the first revoke, one for each further revoke by that side [002 L4245]."""
    if not isinstance(revokes, int) or revokes < 0:
        raise ScoringError("revokes", f"must be a whole number >= 0, got {revokes!r}")
    return 0 if revokes == 0 else revokes + 1


def team_revoke(
    made: int, revokes: int, average: Fraction | int, before_first_revoke: int = 0
) -> int:
    """Revokers' tricks in team play (Law X §4 [002 L4251–4263]).

    ``made − penalty``, but not more than the rounded ``average`` for their direction on the
    deal, and never fewer than the tricks won before the first revoke. D-5: average 7, made 10,
    one revoke → 7; with 8 won before the revoke → 8; two revokes, made 9 → 6.
    The opponents take 13 minus the result.
    """
    check_tricks(made)
    if revokes == 0:
        return made
    score = min(made - revoke_penalty(revokes), round_half_up(average))
    return max(score, min(before_first_revoke, made), 0)


def pair_revoke(
    as_played: int, revokes: int, other_offender_scores: Sequence[int], full_penalty: bool = False
) -> tuple[int, int]:
    """(offenders, non-offenders) in pair play; the table records ``as_played`` with ±R.

    Non-offenders = min(t + R, the highest non-offender-direction score at the other tables);
    offenders = max(t − R, the lowest offender-direction score at the other tables); neither limit
    moves a score the wrong way [002 L4265–4277]. ``other_offender_scores`` are the offenders'
    direction's tricks at the other tables. D-6: others 6, 7, 8; revokers made 6 → (6, 7).
    """
    check_tricks(as_played)
    penalty = revoke_penalty(revokes)
    offenders, non_offenders = as_played - penalty, 13 - as_played + penalty
    if not full_penalty and other_offender_scores:
        offenders = min(as_played, max(offenders, min(other_offender_scores)))
        best_other = 13 - min(other_offender_scores)
        non_offenders = max(13 - as_played, min(non_offenders, best_other))
    return max(offenders, 0), min(non_offenders, 13)


@dataclass(frozen=True)
class MatchResult:
    """A team's match result: ``margin`` whole tricks (+ won, − lost, 0 drawn).

    ``by_fraction`` is True when the rounded margin is 0 but the exact one is not: the match is
    "won (or lost) by the fraction of a trick" [000 L737]; ``exact`` keeps the exact margin.
    """

    team: str
    aggregate: Fraction
    margin: int
    exact: Fraction
    by_fraction: bool

    @property
    def outcome(self) -> str:
        if self.margin > 0 or (self.by_fraction and self.exact > 0):
            return "won"
        if self.margin < 0 or (self.by_fraction and self.exact < 0):
            return "lost"
        return "drawn"


def _round_margin(exact: Fraction) -> int:
    """Round a margin symmetrically (half counting as a whole, away from zero)."""
    sign = 1 if exact >= 0 else -1
    return sign * round_half_up(abs(exact))


def two_team_match(aggregates: Mapping[str, Fraction | int]) -> dict[str, MatchResult]:
    """Two teams: the team with more than half of all tricks wins by the excess [000 L733].

    D-1: 624 tricks, A takes 318 → A wins by 6. D-3: A 312.4, B 311.6 → A wins by the fraction.
    """
    if len(aggregates) != 2:
        raise ScoringError("teams", f"a two-team match needs 2 teams, got {len(aggregates)}")
    half = Fraction(sum(Fraction(a) for a in aggregates.values()), 2)
    return _results(aggregates, half)


def multi_team_match(aggregates: Mapping[str, Fraction | int]) -> dict[str, MatchResult]:
    """More than two teams: each wins or loses by its excess over the rounded average [000 L735]."""
    if len(aggregates) < 2:
        raise ScoringError("teams", "a match needs at least 2 teams")
    mean = average_tricks(list(aggregates.values()))
    return _results(aggregates, mean, Fraction(round_half_up(mean)))


def _results(
    aggregates: Mapping[str, Fraction | int], exact_mark: Fraction, mark: Fraction | None = None
) -> dict[str, MatchResult]:
    mark = exact_mark if mark is None else mark
    out = {}
    for team, agg in aggregates.items():
        exact = Fraction(agg) - exact_mark
        margin = _round_margin(Fraction(agg) - mark)
        out[team] = MatchResult(team, Fraction(agg), margin, exact, margin == 0 and exact != 0)
    return out


def odd_pair_credit(opposite_direction_scores: Sequence[int | Fraction]) -> int:
    """What a team with an odd pair adds "as though won by it" [000 L729].

    The rounded average of all pairs seated in the direction opposite its odd pair. D-2: E-W
    pairs 74, 78, 76 → 76.
    """
    return round_half_up(average_tricks(opposite_direction_scores))


def check_whist_tricks(tricks_ns: object) -> int:
    """Validate N-S tricks of a whist deal (0–13, E-W take the rest)."""
    if isinstance(tricks_ns, bool) or not isinstance(tricks_ns, int) or not 0 <= tricks_ns <= 13:
        raise ScoringError(
            "tricks_ns", f"N-S tricks must be 0-13 so the two sides make 13, got {tricks_ns!r}"
        )
    return tricks_ns
