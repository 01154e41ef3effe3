"""Adjustments and irregularities (LAWS.md §7; SCORING.md §1, §2, §4).

Average for a table (whist Law IV §9–10, V §1 [002 L4078–4103]); wrong number of cards
(duplicate auction Law 4c–d [002 L3298–3315]; whist 1894 (e) III [000 L763–765]); shifted hands
(Law 5 [002 L3317–3333]); artificial adjusted scores (Law 12C2; 2007 Law 86A); split scores.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.whist import round_half_up

__all__ = [
    "AVERAGE_METHODS",
    "PASSING_ON_PENALTY",
    "Adjusted",
    "average_for_table",
    "check_adjusted_for_method",
    "parse_adjusted",
    "shifted_hands",
    "split_score",
    "wrong_card_count",
]

PASSING_ON_PENALTY = 50  # Law 4d [002 L3311–3315]
_PCT_RE = re.compile(r"^A?(\d{1,3})$")
_IMP_RE = re.compile(r"^([+-]?\d{1,2})$")


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: percentages (matchpoints) or IMPs, N-S first.

    The two sides need not balance (Law 12C2), e.g. A60/A60 or A50/A60.
    """

    ns: Fraction
    ew: Fraction
    kind: str  # "percent" or "imps"

    def __str__(self) -> str:
        if self.kind == "percent":
            return f"A{self.ns}/A{self.ew}"
        return f"{_signed(self.ns)}/{_signed(self.ew)}"


def _signed(value: Fraction) -> str:
    """IMPs with their sign, "+3", "-3", "0" (``Fraction`` takes no "+" format before 3.12)."""
    return f"+{value}" if value > 0 else str(value)


#: Other programs' names for the artificial scores of Law 12C2 (Magic Contest writes "A+",
#: "A-"; others "AVG+", "AVG-", "A=", "AVG"): Ave+ 60%, Ave 50%, Ave− 40%.
NAMED_AVERAGES = {
    "A+": 60, "AV+": 60, "AVG+": 60, "AVE+": 60,
    "A=": 50, "A": 50, "AV": 50, "AV=": 50, "AVG": 50, "AVG=": 50, "AVE": 50, "AVE=": 50,
    "A-": 40, "AV-": 40, "AVG-": 40, "AVE-": 40,
}  # fmt: skip
_PERCENT_SIGN = re.compile(r"^A?(\d{1,3})%$")


def _side(part: str) -> str:
    """One side in the form "A60": named averages and "60%" are rewritten."""
    if part in NAMED_AVERAGES:
        return f"A{NAMED_AVERAGES[part]}"
    match = _PERCENT_SIGN.match(part)
    return f"A{match.group(1)}" if match else part


def parse_adjusted(text: str) -> Adjusted:
    """Parse "A60/A40", "A50/A50", "A6040" (Compscore3), named averages "A+/A-", "AVG+/AVG-",
    "A=/A=", percentages "60%/40%", or IMPs "+3/-3" (N-S first)."""
    raw = (text or "").strip().upper().replace(" ", "")
    if re.fullmatch(r"A\d{4}", raw):
        raw = f"A{raw[1:3]}/A{raw[3:5]}"
    parts = raw.split("/")
    if len(parts) == 2 and not all(_IMP_RE.match(p) for p in parts):
        parts = [_side(p) for p in parts]
    if len(parts) == 2 and all(p.startswith("A") for p in parts):
        values = [_PCT_RE.match(p) for p in parts]
        if all(values) and all(int(v.group(1)) <= 100 for v in values):
            return Adjusted(Fraction(values[0].group(1)), Fraction(values[1].group(1)), "percent")
    if len(parts) == 2 and all(_IMP_RE.match(p) for p in parts):
        return Adjusted(Fraction(int(parts[0])), Fraction(int(parts[1])), "imps")
    raise ScoringError(
        "adjusted",
        f"{text!r}: write N-S/E-W as 'A60/A40', 'A50/A50', 'A+/A-', '60%/40%' or IMPs '+3/-3'",
    )


#: The methods that score an artificial line as each direction's average of the board's real
#: results (``session._artificial``): whist tricks (rounded by the 1894 rule [000 L737]), net
#: plus/minus and total points.  They have no Ave+ or Ave−, so only A50/A50 is taken.
AVERAGE_METHODS = ("tricks", "tricks_teams", "net", "total_points")


def check_adjusted_for_method(method: str, text: str) -> Adjusted:
    """Parse an artificial score and refuse one the method cannot give: under an
    ``AVERAGE_METHODS`` method "A60/A40" would silently score as the average, so only the
    average itself (A50/A50) is accepted, with a message saying why."""
    adj = parse_adjusted(text)
    if method in AVERAGE_METHODS and (adj.kind, adj.ns, adj.ew) != ("percent", 50, 50):
        raise ScoringError(
            "adjusted",
            f"{text!r}: this event is scored against the average, so an artificial score gives "
            "each side the average of the other tables on the board; enter A50/A50 "
            "(or NP if the board was not played).",
        )
    return adj


def percent_to_imps(percent: Fraction) -> Fraction:
    """Ave+ (≥60%) = +3 IMPs, Ave (50%) = 0, Ave− (≤40%) = −3 (2007 Law 86A); linear between."""
    return max(Fraction(-3), min(Fraction(3), (Fraction(percent) - 50) * Fraction(3, 10)))


def average_for_table(other_scores: Sequence[int], whist_rounding: bool = False) -> Fraction:
    """The average of the other tables on the deal; whist rounds by the 1894 rule [000 L737]."""
    if not other_scores:
        raise ScoringError("scores", "an average needs at least one other table's score")
    mean = Fraction(sum(other_scores), len(other_scores))
    return Fraction(round_half_up(mean)) if whist_rounding else mean


def wrong_card_count(other_ns_scores: Sequence[int], at_fault: str) -> tuple[Fraction, Fraction]:
    """(N-S score, E-W score) for a table that bid or played with a wrong card count (Law 4c).

    Offenders take the lowest and their opponents the highest score made on the deal in their
    direction at the other tables [LAWS.md A-6]; both at fault → both take the average.
    Scores are N-S scores, so E-W's score is the negative.
    """
    if not other_ns_scores:
        raise ScoringError("scores", "no other table's score to take")
    low, high = min(other_ns_scores), max(other_ns_scores)
    if at_fault == "NS":
        return Fraction(low), Fraction(-low)
    if at_fault == "EW":
        return Fraction(high), Fraction(-high)
    if at_fault == "both":
        mean = Fraction(sum(other_ns_scores), len(other_ns_scores))
        return mean, -mean
    raise ScoringError("at_fault", f"expected 'NS', 'EW' or 'both', got {at_fault!r}")


def shifted_hands(as_dealt: Sequence[int], shifted: Sequence[int]) -> tuple[str, Fraction]:
    """Law 5: which group is re-scored and the average it takes.

    Played as dealt at half the tables or more → the shifted tables take the average of the
    as-dealt scores ("shifted", avg); otherwise the as-dealt tables take the average of the
    shifted scores ("as_dealt", avg). D-9: 5 of 7 as dealt → the 2 shifted tables re-scored.
    """
    tables = len(as_dealt) + len(shifted)
    if tables == 0:
        raise ScoringError("scores", "no scores on the board")
    if 2 * len(as_dealt) >= tables:
        return "shifted", Fraction(sum(as_dealt), len(as_dealt))
    return "as_dealt", Fraction(sum(shifted), len(shifted))


def split_score(ns: int | Fraction, ew: int | Fraction) -> tuple[Fraction, Fraction]:
    """A split (non-balancing) score: each side keeps its own assigned result."""
    return Fraction(ns), Fraction(ew)
