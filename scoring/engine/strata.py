"""Stratified pairs (A/B/C): every pair plays in one field and is ranked again within each
stratum it qualifies for, by its players' ratings (masterpoints or the club's own rating).

As the ACBL runs a stratified club game: the first stratum is open to the whole field, and a
pair qualifies for each further stratum whose limit its rating is under ("Strat A is always
the entire field. Strat B might be all pairs in which at least one player has less than 500
Masterpoints, and Strat C all pairs with both players having fewer than 100"), so a C pair is
ranked in A, B and C.  A pair's rating is that of **its higher-rated player** (the ACBL's rule:
"the strata in which a pair plays depends on the points held by the more accomplished player,
but some events permit point totals between partners to be averaged"): ``by="higher"``, the
default, or ``by="average"``.  A pair with a player of no rating is rated as unknown and plays
in the first stratum only (as BBO and EBU clubs place a player with no masterpoints on record
at the top).  Per-stratum places are competition ranking on the same totals as the field's
(``scoring.engine.ranking``, SCORING.md §6): the stratum's pairs in the field's order, shared
places where the displayed totals are equal.

The strata are written as text in the conditions of contest: ``"A; B < 1000; C < 500"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.ranking import display_key, rank_keys

__all__ = [
    "BY",
    "Stratum",
    "pair_rating",
    "parse_strata",
    "strata_of",
    "strata_text",
    "stratum_places",
]

BY = ("higher", "average")
MAX_STRATA = 6
RATING_MAX = 10**7
_FIRST = re.compile(r"^([A-Za-z][A-Za-z0-9]{0,7})$")
_LIMITED = re.compile(r"^([A-Za-z][A-Za-z0-9]{0,7})\s*<\s*(\d{1,8})$")


@dataclass(frozen=True)
class Stratum:
    """One stratum: its name and the rating a pair must be under (None: open to all)."""

    name: str
    below: int | None = None

    def __str__(self) -> str:
        return self.name if self.below is None else f"{self.name} < {self.below}"


def parse_strata(text: str) -> tuple[Stratum, ...]:
    """Read "A; B < 1000; C < 500": the first stratum open to all, each next one with a lower
    limit than the one before. Raises ScoringError (field ``strata``) saying what is wrong."""
    parts = [p.strip() for p in (text or "").split(";") if p.strip()]
    if len(parts) < 2:
        raise ScoringError(
            "strata", "give two or more strata separated by ';', the first open to all: "
            "'A; B < 1000; C < 500'",
        )  # fmt: skip
    if len(parts) > MAX_STRATA:
        raise ScoringError("strata", f"at most {MAX_STRATA} strata, got {len(parts)}")
    first = _FIRST.match(parts[0])
    if first is None:
        raise ScoringError("strata", f"{parts[0]!r}: the first stratum is open to all: just its "
                           "name, e.g. 'A'")  # fmt: skip
    strata = [Stratum(first.group(1).upper())]
    for part in parts[1:]:
        found = _LIMITED.match(part)
        if found is None:
            raise ScoringError("strata", f"{part!r}: write the name and its limit, e.g. 'B < 1000'")
        name, below = found.group(1).upper(), int(found.group(2))
        if any(s.name == name for s in strata):
            raise ScoringError("strata", f"stratum {name} is named twice")
        if strata[-1].below is not None and below >= strata[-1].below:
            raise ScoringError(
                "strata", f"{name} < {below}: each stratum's limit is lower than the one before "
                f"({strata[-1]})",
            )  # fmt: skip
        strata.append(Stratum(name, below))
    return tuple(strata)


def strata_text(strata: Sequence[Stratum]) -> str:
    return "; ".join(str(s) for s in strata)


def pair_rating(ratings: Sequence[int | None], by: str = "higher") -> int | Fraction | None:
    """A pair's rating from its players': the higher one (ACBL), or their average; None when
    a player has no rating (the pair then plays in the open stratum only)."""
    if by not in BY:
        raise ScoringError("strata_by", f"expected one of {', '.join(BY)}, got {by!r}")
    if not ratings or any(r is None for r in ratings):
        return None
    if by == "higher":
        return max(ratings)
    return Fraction(sum(ratings), len(ratings))


def strata_of(rating: int | Fraction | None, strata: Sequence[Stratum]) -> tuple[str, ...]:
    """The strata a pair of ``rating`` is ranked in: the open one, and each whose limit the
    rating is under (a pair rated 400 under "A; B < 1000; C < 500" is in A, B and C)."""
    names = [strata[0].name]
    if rating is None:
        return tuple(names)
    for stratum in strata[1:]:
        if rating < stratum.below:
            names.append(stratum.name)
    return tuple(names)


def stratum_places(
    rows: Sequence[tuple[int, Fraction | int, int]],
    eligible: Mapping[int, Sequence[str]],
    strata: Sequence[Stratum],
) -> dict[int, dict[str, str]]:
    """Each entry's place in every stratum it is ranked in.  ``rows``: (entry, total, boards
    played) of one field; an entry that has not played yet has no place.  Places are
    competition ranking on the displayed totals ("1", "=2", "=2", "4")."""
    out: dict[int, dict[str, str]] = {entry: {} for entry, _, _ in rows}
    for stratum in strata:
        members = [(e, display_key(score)) for e, score, played in rows
                   if played and stratum.name in eligible.get(e, (strata[0].name,))]  # fmt: skip
        members.sort(key=lambda m: (-m[1], m[0]))
        labels = rank_keys([key for _, key in members], range(len(members)))
        for (entry, _), label in zip(members, labels, strict=True):
            out[entry][stratum.name] = label
    return out
