"""Events of several sessions: combined rankings, carry-over into a final, qualifying and seeding
(docs/scoring.md "Events of several sessions").

Pure and exact (``Fraction``).  A contestant is whatever key the caller uses (the app uses the
pair's players, so a pair renumbered for the final is the same contestant).  The methods:

* ``sum`` — the total of the session percentages (the ACBL side-game series ranks "the sum of
  the percentage scores" [ACBL tech file EVENTS, "Side game series"]);
* ``average`` — the average of the session percentages over the sessions played;
* ``matchpoints`` — the session matchpoints added after each session is factored to a common
  board top, the largest of the sessions' tops: ``mp × common top ÷ session top``;
* ``carry_mp`` — a qualifying stage carried into a final as matchpoints: the carry-forward
  ``C = f × S × FT ÷ QT`` (S the qualifying matchpoints, QT and FT the board tops of the
  qualifying session and of the final); with f = ½ this is the EBU White Book §172 formula
  ``C = S × FT ÷ (2 × QT)``, under which the final weighs twice a qualifier of equal length.
  The final's ranking is C + the final's matchpoints;
* ``carry_percent`` — the same weight on percentages: ``(f × Q% + F%) ÷ (f + 1)``, the
  qualifying percentage counting f against the final's 1.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.ranking import display_key, rank_keys

__all__ = [
    "METHODS",
    "CARRY_METHODS",
    "SessionScore",
    "carry_forward",
    "combine",
    "parse_factor",
    "qualifiers",
    "ranked",
    "seed_final",
]

#: every way an event of several sessions ranks its contestants
METHODS = ("sum", "average", "matchpoints", "carry_mp", "carry_percent")
#: the methods with a final that qualifying sessions carry into
CARRY_METHODS = ("carry_mp", "carry_percent")


@dataclass(frozen=True)
class SessionScore:
    """One contestant's result in one session: matchpoints (the method's score), percentage,
    and the session's board top (None when not scored by matchpoints)."""

    score: Fraction
    percent: Fraction | None
    top: int | None = None


def parse_factor(text: object) -> Fraction:
    """A carry-over factor from "1/2", "0.5", "50%" or a number: a fraction from 0 to 1."""
    if isinstance(text, bool):
        raise ScoringError("factor", f"{text!r} is not a fraction")
    raw = str(text).strip()
    try:
        value = Fraction(raw[:-1]) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise ScoringError("factor", f"{raw!r} is not a fraction such as 1/2, 0.5 or 50%") from None
    if not 0 <= value <= 1:
        raise ScoringError("factor", f"{raw} must be from 0 to 1 (0% to 100%)")
    return value


def _percent(score: SessionScore, who: object) -> Fraction:
    if score.percent is None:
        raise ScoringError("percent", f"{who}: a session has no percentage to combine")
    return Fraction(score.percent)


def _common_top(sessions: Sequence[Mapping[Hashable, SessionScore]]) -> int:
    tops = {s.top for session in sessions for s in session.values()}
    if None in tops or not tops:
        raise ScoringError("top", "matchpoints are combined only when every session has a top")
    return max(tops)


def combine(
    sessions: Sequence[Mapping[Hashable, SessionScore]], method: str
) -> dict[Hashable, Fraction]:
    """Each contestant's combined figure over ``sessions`` (oldest first) by ``method`` of
    ``sum``, ``average`` or ``matchpoints`` (for a final, see :func:`carry_forward`)."""
    if method not in ("sum", "average", "matchpoints"):
        raise ScoringError("method", f"expected sum, average or matchpoints, got {method!r}")
    common = _common_top(sessions) if method == "matchpoints" else None
    totals: dict[Hashable, Fraction] = {}
    counts: dict[Hashable, int] = {}
    for session in sessions:
        for who, s in session.items():
            if common is not None:
                value = Fraction(s.score) * common / s.top
            else:
                value = _percent(s, who)
            totals[who] = totals.get(who, Fraction(0)) + value
            counts[who] = counts.get(who, 0) + 1
    if method == "average":
        return {who: total / counts[who] for who, total in totals.items()}
    return totals


def carry_forward(
    qualifying: Sequence[Mapping[Hashable, SessionScore]],
    final: Mapping[Hashable, SessionScore],
    method: str,
    factor: Fraction,
) -> tuple[dict[Hashable, Fraction], dict[Hashable, Fraction]]:
    """(carry-over, combined) of each finalist: what the qualifying sessions carry into the
    final and the final's ranking figure (see the module's doc for the two methods).  Only the
    contestants of ``final`` are ranked; one not in a qualifying session carries nothing
    from it."""
    factor = Fraction(factor)
    if method == "carry_mp":
        final_top = _common_top([final])
        carry = {
            who: factor
            * sum(
                (Fraction(q[who].score) * final_top / _top_of(q[who], who) for q in qualifying
                 if who in q),
                Fraction(0),
            )
            for who in final
        }  # fmt: skip
        return carry, {who: carry[who] + Fraction(final[who].score) for who in final}
    if method == "carry_percent":
        carry = {}
        for who in final:
            played = [_percent(q[who], who) for q in qualifying if who in q]
            carry[who] = factor * sum(played, Fraction(0)) / len(played) if played else Fraction(0)
        combined = {who: (carry[who] + _percent(s, who)) / (factor + 1) for who, s in final.items()}
        return carry, combined
    raise ScoringError("method", f"expected carry_mp or carry_percent, got {method!r}")


def _top_of(score: SessionScore, who: object) -> int:
    if not score.top:
        raise ScoringError("top", f"{who}: a qualifying session has no matchpoint top")
    return score.top


def ranked(totals: Mapping[Hashable, Fraction]) -> list[tuple[str, Hashable, Fraction]]:
    """(place, contestant, figure), best first; equal figures as shown (2 d.p.) share."""
    order = sorted(totals.items(), key=lambda kv: -kv[1])
    places = rank_keys([display_key(v) for _, v in order])
    return [(place, who, value) for place, (who, value) in zip(places, order, strict=True)]


def qualifiers(totals: Mapping[Hashable, Fraction], count: int) -> list[Hashable]:
    """The top ``count`` contestants, best first.  Contestants tied (as shown) for the last
    place go through together, so the list may be longer than ``count``; the EBU splits such
    a tie instead (White Book §143.4(b)) — the TD may then withdraw one from the final."""
    if count < 1:
        raise ScoringError("qualify", f"at least one contestant qualifies, not {count}")
    order = ranked(totals)
    if count >= len(order):
        return [who for _, who, _ in order]
    cut = display_key(order[count - 1][2])
    return [who for _, who, value in order if display_key(value) >= cut]


def seed_final(qualified: Sequence[Hashable], sizes: Sequence[int]) -> dict[Hashable, tuple]:
    """Each qualifier's (section index, pair number) in the final: the first ``sizes[0]`` in
    qualifying order to the first section (the A final) numbered 1, 2, … by place, the next
    ``sizes[1]`` to the second, and so on; the last section takes any qualifiers left over
    (ties at the cut)."""
    if not sizes or any(n < 1 for n in sizes):
        raise ScoringError("sections", "each final section takes at least one contestant")
    seeds: dict[Hashable, tuple] = {}
    start = 0
    for index, size in enumerate(sizes):
        last = index == len(sizes) - 1
        group = qualified[start:] if last else qualified[start : start + size]
        for number, who in enumerate(group, start=1):
            seeds[who] = (index, number)
        start += len(group)
    return seeds
