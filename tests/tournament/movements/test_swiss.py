"""Swiss pairing (tournament.movements.swiss): properties checked against a brute force over
every pairing of small fields, and the worked examples of docs/swiss.md."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.movements.swiss import (
    BYE,
    SwissError,
    first_round,
    pair_round,
    ranking,
    seen,
)


def every_pairing(order):
    """Every way to pair ``order`` (even length), in top-down order."""
    if not order:
        yield []
        return
    top, others = order[0], order[1:]
    for at, other in enumerate(others):
        for rest in every_pairing(others[:at] + others[at + 1 :]):
            yield [(top, other), *rest]


def rank_key(pairing, position):
    """Top-down order: the opponents' ranks, read from the top contestant down."""
    return [position[b] for _, b in pairing]


@st.composite
def fields(draw):
    n = draw(st.integers(2, 9))
    seeds = list(range(1, n + 1))
    scores = {c: draw(st.integers(0, 40)) for c in seeds}
    pool = [*combinations(seeds, 2), *((c, BYE) for c in seeds)] if n % 2 else []
    pool = pool or list(combinations(seeds, 2))
    met = draw(st.lists(st.sampled_from(pool), max_size=2 * n, unique=True))
    return scores, seeds, met


@settings(max_examples=examples(150))
@given(fields())
def test_pairing_is_the_first_top_down_with_fewest_repeats(field):
    scores, seeds, met = field
    pairing = pair_round(scores, seeds, met)
    order = ranking(scores, seeds) + ([BYE] if len(seeds) % 2 else [])
    played = {frozenset(m) for m in met}
    candidates = list(every_pairing(order))
    fewest = min(sum(frozenset(m) in played for m in c) for c in candidates)
    best = next(c for c in candidates if sum(frozenset(m) in played for m in c) == fewest)
    # every contestant plays exactly once (or has the bye)
    placed = [c for m in pairing.matches for c in m] + [pairing.bye] * (pairing.bye is not None)
    assert sorted(placed) == sorted(seeds)
    # no repeat while a pairing without one exists; otherwise as few as possible
    assert pairing.repeats == fewest
    assert (
        sum(frozenset(m) in played for m in pairing.matches)
        + (pairing.bye is not None and frozenset((pairing.bye, BYE)) in played)
        == fewest
    )
    # equal or nearest score: the first such pairing from the top down
    position = {c: at for at, c in enumerate(order)}
    got = sorted(
        [*pairing.matches, *([(pairing.bye, BYE)] if pairing.bye else [])],
        key=lambda m: min(position[m[0]], position[m[1]]),
    )
    got = [tuple(sorted(m, key=position.get)) for m in got]
    assert rank_key(got, position) == rank_key(best, position)


@settings(max_examples=examples(60))
@given(st.integers(2, 15), st.integers(0, 10**6))
def test_first_round_seats_everyone_once(n, seed):
    seeds = list(range(1, n + 1))
    pairing = first_round(seeds, random.Random(seed))
    placed = [c for m in pairing.matches for c in m] + ([pairing.bye] if pairing.bye else [])
    assert sorted(placed) == seeds
    assert (pairing.bye is not None) == (n % 2 == 1)


def test_first_round_by_seed_is_top_half_against_bottom_half():
    assert first_round([1, 2, 3, 4, 5, 6]).matches == ((1, 4), (2, 5), (3, 6))
    odd = first_round([1, 2, 3, 4, 5])
    assert (odd.matches, odd.bye) == (((1, 3), (2, 4)), 5)


def test_top_down_with_the_no_repeat_rule_worked_example():
    """docs/swiss.md: after round 1 (1 v 4, 2 v 5, 3 v 6), 1, 2 and 3 won; round 2 top-down
    pairs 1 v 2 and then 3 v 4 (3 and 6 have met, so 3 takes the next one down), 5 v 6."""
    scores = {1: 15, 2: 14, 3: 12, 4: 8, 5: 6, 6: 5}
    met = [(1, 4), (2, 5), (3, 6)]
    assert pair_round(scores, [1, 2, 3, 4, 5, 6], met).matches == ((1, 2), (3, 4), (5, 6))
    # 5 and 6 met already: top-down leaves 5 and 6 last, so the search backs up.
    met = [(1, 4), (2, 5), (3, 6), (5, 6), (3, 4)]
    pairing = pair_round(scores, [1, 2, 3, 4, 5, 6], met)
    assert pairing.repeats == 0
    assert pairing.matches == ((1, 2), (3, 5), (4, 6))


def test_the_bye_goes_to_the_lowest_without_one():
    scores = {1: 20, 2: 10, 3: 10, 4: 10, 5: 0}
    met = seen([first_round([1, 2, 3, 4, 5])])  # 1 v 3, 2 v 4, bye 5
    pairing = pair_round(scores, [1, 2, 3, 4, 5], met)
    assert pairing.bye == 4  # 5 had it; 4 is the lowest of the rest
    assert pairing.repeats == 0


def test_repeats_only_when_unavoidable():
    # three rounds of four teams exhaust every opponent: the fourth round must repeat twice
    met = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]
    pairing = pair_round({1: 3, 2: 2, 3: 1, 4: 0}, [1, 2, 3, 4], met)
    assert pairing.repeats == 2
    assert pairing.matches == ((1, 2), (3, 4))


@pytest.mark.parametrize("seeds", [[1], [1, 1], [0, 2], list(range(1, 300))])
def test_bad_fields_are_refused(seeds):
    with pytest.raises(SwissError):
        pair_round({}, seeds, [])
