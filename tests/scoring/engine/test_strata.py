"""Stratified pairs: strata, a pair's rating, and the places in each stratum, by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.engine.contract import ScoringError
from scoring.engine.strata import (
    Stratum,
    pair_rating,
    parse_strata,
    strata_of,
    strata_text,
    stratum_places,
)

STRATA = parse_strata("A; b < 1000; C<500")
# entry: (total, players' ratings)
PAIRS = {
    1: (60, (1500, 200)),  # higher 1500: A only; average 850: A, B
    2: (55, (800, 900)),  # 900: A, B (average 850 too)
    3: (55, (300, 400)),  # 400: A, B, C (average 350 too)
    4: (50, (1200, 100)),  # 1200: A; average 650: A, B
    5: (45, (450, 450)),  # 450: A, B, C
    6: (40, (None, 100)),  # a player with no rating: A only
}


def test_strata_are_read_and_written_back():
    assert STRATA == (Stratum("A"), Stratum("B", 1000), Stratum("C", 500))
    assert strata_text(STRATA) == "A; B < 1000; C < 500"


@pytest.mark.parametrize(
    "text, words",
    [
        ("A", "two or more"),
        ("A < 10; B < 5", "open to all"),
        ("A; B < 500; C < 1000", "lower than the one before"),
        ("A; B 1000", "its limit"),
        ("A; A < 100", "named twice"),
    ],
)
def test_bad_strata_are_refused_saying_why(text, words):
    with pytest.raises(ScoringError) as err:
        parse_strata(text)
    assert err.value.field == "strata" and words in err.value.message


def test_a_pairs_rating_is_its_higher_player_or_the_average():
    assert pair_rating((1500, 200)) == 1500
    assert pair_rating((1500, 200), "average") == 850
    assert pair_rating((301, 400), "average") == F(701, 2)
    assert pair_rating((None, 100)) is None
    assert strata_of(400, STRATA) == ("A", "B", "C")
    assert strata_of(500, STRATA) == ("A", "B")  # "under 500": 500 is not
    assert strata_of(None, STRATA) == ("A",)


def _places(by):
    eligible = {e: strata_of(pair_rating(r, by), STRATA) for e, (_, r) in PAIRS.items()}
    rows = [(e, total, 3) for e, (total, _) in PAIRS.items()]
    return stratum_places(rows, eligible, STRATA)


def test_places_in_each_stratum_by_the_higher_rating():
    # A, the whole field: 60, 55, 55, 50, 45, 40 → 1, =2, =2, 4, 5, 6
    # B (pairs 2, 3, 5): 55, 55, 45 → =1, =1, 3;  C (pairs 3, 5): 55, 45 → 1, 2
    assert _places("higher") == {
        1: {"A": "1"},
        2: {"A": "=2", "B": "=1"},
        3: {"A": "=2", "B": "=1", "C": "1"},
        4: {"A": "4"},
        5: {"A": "5", "B": "3", "C": "2"},
        6: {"A": "6"},
    }


def test_places_in_each_stratum_by_the_average_rating():
    # B by the average (pairs 1-5): 60, 55, 55, 50, 45 → 1, =2, =2, 4, 5; C (3, 5) as before
    places = _places("average")
    assert [places[e].get("B") for e in range(1, 7)] == ["1", "=2", "=2", "4", "5", None]
    assert [places[e].get("C") for e in range(1, 7)] == [None, None, "1", None, "2", None]


def test_a_pair_that_has_not_played_has_no_place():
    eligible = {1: ("A", "B"), 2: ("A", "B")}
    assert stratum_places([(1, 10, 2), (2, 0, 0)], eligible, STRATA[:2]) == {
        1: {"A": "1", "B": "1"},
        2: {},
    }
