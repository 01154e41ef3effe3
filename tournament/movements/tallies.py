"""Individual and progressive tallies (pure Python; LAWS.md §6.5–6.7, A-9, A-10).

* :func:`round_tally` — each player's score for one round at one table:
  ``gross`` ("keep all they make" [002 L2893–2899]: each player is credited with
  the side's points) or ``net`` (the lower score deducted from the higher).
* :func:`progressive_auction_round` — TC-9: trick points accumulate over the
  round's deals; +125 for each game of 30 completed, nothing for a rubber,
  nothing for an unfinished game [002 L2871–2875].
* :class:`PlusMinusSheet` — Five Hundred: points won in the plus column,
  set-backs in the minus column, net = plus − minus [002 L7381–7395].
* :func:`pivot_total` — three rubbers, gross, nothing for unfinished games or
  parts of an unfinished rubber at the call [002 L2765–2779].
* :func:`individual_totals` — sum of per-round scores (games won or points).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

TALLY_MODES = ("gross", "net")
GAME_BONUS = 125


def round_tally(
    ns: tuple[int, int], ew: tuple[int, int], ns_points: int, ew_points: int, mode: str = "gross"
) -> dict[int, int]:
    """Each player's score for the round: gross keeps all; net nets the sides (A-10)."""
    if mode not in TALLY_MODES:
        raise ValueError(f"tally mode {mode!r}: use 'gross' or 'net'")
    if mode == "gross":
        a, b = ns_points, ew_points
    else:
        a, b = ns_points - ew_points, ew_points - ns_points
    return {ns[0]: a, ns[1]: a, ew[0]: b, ew[1]: b}


def progressive_auction_round(deals: Iterable[tuple[int, int, int, int]]) -> tuple[int, int]:
    """Totals (ns, ew) for one round from deals ``(ns_trick, ew_trick, ns_above, ew_above)``.

    Trick points accumulate across the round; every time a side reaches 30
    below the line it scores 125 and both sides start a new game (TC-9).
    """
    below = [0, 0]
    total = [0, 0]
    for ns_t, ew_t, ns_a, ew_a in deals:
        for side, (trick, above) in enumerate(((ns_t, ns_a), (ew_t, ew_a))):
            below[side] += trick
            total[side] += trick + above
        for side in (0, 1):
            if below[side] >= 30:
                total[side] += GAME_BONUS
                below = [0, 0]
                break
    return total[0], total[1]


#: "Four deals shall be played at each table, after which the winners progress" [002 L2868–2869]
PROGRESSIVE_DEALS = 4
#: a side's trick points on one deal: seven odd tricks at no trumps (10 each), redoubled
TRICK_POINTS_MAX = 7 * 10 * 4
#: a side's points above the line on one deal (honours, slams, penalties of a long set)
ABOVE_POINTS_MAX = 10_000


def check_deal(ns_trick: int, ew_trick: int, ns_above: int, ew_above: int) -> None:
    """One deal of progressive auction as the table writes it; ``ValueError`` naming the
    field (``ns_trick``…) when it cannot be: only the declarer's side scores below the line."""
    for name, value, high in (
        ("ns_trick", ns_trick, TRICK_POINTS_MAX), ("ew_trick", ew_trick, TRICK_POINTS_MAX),
        ("ns_above", ns_above, ABOVE_POINTS_MAX), ("ew_above", ew_above, ABOVE_POINTS_MAX),
    ):  # fmt: skip
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise ValueError(f"{name}: points are a whole number from 0 to {high}")
    if ns_trick and ew_trick:
        raise ValueError(
            "ew_trick: only the declarer's side scores trick points below the line on a deal; "
            "the other side's points (penalties, honours) go above"
        )


@dataclass
class PlusMinusSheet:
    """Five Hundred's general sheet: each player credited with the partnership's result."""

    plus: dict[int, int] = field(default_factory=dict)
    minus: dict[int, int] = field(default_factory=dict)

    def enter(self, players: Iterable[int], points: int) -> None:
        """Points won go to the plus column, set-backs (negative) to the minus column."""
        column = self.plus if points >= 0 else self.minus
        for p in players:
            column[p] = column.get(p, 0) + abs(points)

    def net(self) -> dict[int, int]:
        everyone = set(self.plus) | set(self.minus)
        return {p: self.plus.get(p, 0) - self.minus.get(p, 0) for p in sorted(everyone)}


@dataclass(frozen=True)
class RubberScore:
    """One player's rubber at pivot: points won (tricks, honours, penalties) and bonuses."""

    points: int
    game_bonuses: int = 0
    rubber_bonus: int = 0
    finished: bool = True


def pivot_total(rubbers: list[RubberScore], count: int = 3) -> int:
    """Gross total of the first ``count`` rubbers; an unfinished rubber keeps its points
    but adds nothing for games or the rubber (A-9)."""
    total = 0
    for rubber in rubbers[:count]:
        total += rubber.points
        if rubber.finished:
            total += rubber.game_bonuses + rubber.rubber_bonus
    return total


def individual_totals(rounds: Iterable[dict[int, int | Fraction]]) -> dict[int, Fraction]:
    """Sum per-player round scores (games won, half games, or points)."""
    totals: dict[int, Fraction] = {}
    for rnd in rounds:
        for player, score in rnd.items():
            totals[player] = totals.get(player, Fraction(0)) + Fraction(score)
    return totals


def baker_unfinished_bonus(games_won_in_unfinished_rubber: int) -> int:
    """Baker: at the 24th hand, 125 for each game won toward an unfinished rubber (TC-19)."""
    return GAME_BONUS * games_won_in_unfinished_rubber
