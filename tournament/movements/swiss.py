"""Swiss pairing: each round, teams (or pairs) of equal or nearest score meet, and no two meet
twice while a pairing without a repeat exists.

Pure Python.  The rule is **top-down** (the "Danish" order with the no-repeat rule, not the
fold): rank the contestants by score, highest first, ties by their seed (the order the TD
entered them, or round 1's draw); the highest unpaired contestant meets the highest-ranked
one it has not met, and so on down.  When that greedy choice would leave the rest impossible
to pair without a repeat, the search backs up and takes the next candidate, so the result is
the first pairing without a repeat in that order (the one that keeps each match as close in
rank as the rule allows, from the top down).  Only when no such pairing exists are repeats
allowed, as few as possible (the first pairing in the same order with the fewest repeats).

An odd field adds a **bye**, ranked last; a contestant may take the bye once, so the bye
goes to the lowest-ranked contestant that has not had one (when the rest can then be
paired).  The bye's VPs are the conditions' (``swiss_bye_vp``, services).

Round 1 has no scores: :func:`first_round` pairs by seed, top half against bottom half
(1 v k+1, 2 v k+2, …, for 2k contestants) — or, with a random draw, the seeds are shuffled by
a :class:`random.Random` passed in, then paired the same way.
"""

from __future__ import annotations

import random as random_module
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "BYE",
    "MAX_CONTESTANTS",
    "SwissError",
    "SwissPairing",
    "first_round",
    "pair_round",
    "ranking",
    "seen",
]

#: the bye, as an opponent
BYE = 0
MAX_CONTESTANTS = 200


class SwissError(ValueError):
    """A field that cannot be paired (too small, a repeated number…)."""


@dataclass(frozen=True)
class SwissPairing:
    """One round: ``matches`` in table order (the higher-ranked first), and who has the bye."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None
    repeats: int

    def opponent(self, contestant: int) -> int:
        for a, b in self.matches:
            if contestant in (a, b):
                return b if contestant == a else a
        if contestant == self.bye:
            return BYE
        raise SwissError(f"{contestant} is not in this round")


def _check(order: Sequence[int]) -> None:
    if len(order) < 2:
        raise SwissError("a Swiss round needs at least 2 contestants")
    if len(order) > MAX_CONTESTANTS:
        raise SwissError(f"at most {MAX_CONTESTANTS} contestants, not {len(order)}")
    if len(set(order)) != len(order) or BYE in order:
        raise SwissError("each contestant needs a different number, and 0 is the bye")


def first_round(seeds: Sequence[int], rng: random_module.Random | None = None) -> SwissPairing:
    """Round 1: top half against bottom half by seed, after a shuffle when ``rng`` is given."""
    order = list(seeds)
    _check(order)
    if rng is not None:
        rng.shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    matches = tuple(zip(order[:half], order[half:], strict=True))
    return SwissPairing(matches, bye, 0)


def ranking(scores: Mapping[int, Fraction | int | float], seeds: Sequence[int]) -> list[int]:
    """Contestants by score (highest first), ties in seed order."""
    seed = {number: at for at, number in enumerate(seeds)}
    return sorted(seeds, key=lambda number: (-scores.get(number, 0), seed[number]))


def pair_round(
    scores: Mapping[int, Fraction | int | float],
    seeds: Sequence[int],
    met: Iterable[tuple[int, int]],
) -> SwissPairing:
    """The next round's pairing (module docstring).  ``met``: every earlier match, byes as
    ``(contestant, BYE)``."""
    order = ranking(scores, seeds)
    _check(order)
    if len(order) % 2:
        order.append(BYE)
    played = _played(met)
    for allowed in range(len(order) // 2 + 1):
        found = _search(order, played, allowed)
        if found is not None:
            matches, repeats = found
            bye = next((a if b == BYE else b for a, b in matches if BYE in (a, b)), None)
            real = tuple(m for m in matches if BYE not in m)
            return SwissPairing(real, bye, repeats)
    raise SwissError("no pairing found")  # unreachable: allowed = n/2 always succeeds


def _played(met: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(match) for match in met}


def _search(
    order: list[int], played: set[frozenset[int]], allowed: int
) -> tuple[list[tuple[int, int]], int] | None:
    """Depth-first, top-down: the first pairing of ``order`` with at most ``allowed`` repeats."""
    out: list[tuple[int, int]] = []
    failed: set[tuple[frozenset[int], int]] = set()  # rests known not to pair

    def walk(rest: list[int], spare: int) -> int | None:
        if not rest:
            return allowed - spare
        if (key := (frozenset(rest), spare)) in failed:
            return None
        top, others = rest[0], rest[1:]
        for at, other in enumerate(others):
            repeat = frozenset((top, other)) in played
            if repeat and not spare:
                continue
            out.append((top, other))
            done = walk(others[:at] + others[at + 1 :], spare - repeat)
            if done is not None:
                return done
            out.pop()
        failed.add(key)
        return None

    repeats = walk(order, allowed)
    return None if repeats is None else (out, repeats)


def seen(history: Iterable[SwissPairing]) -> list[tuple[int, int]]:
    """Every match of earlier rounds, byes as ``(contestant, BYE)``: ``pair_round``'s ``met``."""
    out: list[tuple[int, int]] = []
    for pairing in history:
        out.extend(pairing.matches)
        if pairing.bye is not None:
            out.append((pairing.bye, BYE))
    return out
