"""Prizes, ties and Foster's draw (LAWS.md §8; TC-12, TC-13, TC-14, TC-35)."""

import random

import pytest

from tournament.movements.prizes import (
    PrizeTieUndecided,
    best_and_booby,
    class_prizes,
    draw_number,
    foster_ranking,
    foster_schedule,
    most,
    rank,
    seal,
    verify_seal,
)


def test_tc12_foster_schedule_counts():
    numbers = foster_schedule()
    counts = [sum(lo <= x < lo + 100 for x in numbers) for lo in range(1400, 2100, 100)]
    assert counts == [25, 25, 20, 10, 10, 5, 5] and len(numbers) == 100


def test_foster_offsets_per_band():
    numbers = foster_schedule({1400: 3, 1500: 2, 1900: 19})
    assert numbers[0] == 1403 and numbers[24] == 1499 and numbers[25] == 1502
    assert len(numbers) == 100
    with pytest.raises(ValueError, match="offset"):
        foster_schedule({1600: 5})


def test_seal_and_public_draw():
    numbers = foster_schedule({1400: 1})
    digest = seal(numbers, "salt-1916")
    assert verify_seal(numbers, "salt-1916", digest)
    assert not verify_seal(foster_schedule(), "salt-1916", digest)
    drawn = draw_number(numbers, random.Random(7))
    assert drawn in numbers and drawn == draw_number(numbers, random.Random(7))


def test_tc13_foster_ranking():
    scores = dict(enumerate([1434, 1500, 1443, 1447, 1438, 1435, 1448, 1620], start=1))
    order, ties = foster_ranking(scores, 1442)
    assert [scores[p] for p in order[:6]] == [1443, 1438, 1447, 1448, 1435, 1434]
    assert ties == []


def test_tc14_identical_scores_drawn_and_recorded():
    scores = {1: 1450, 2: 1450, 3: 1600}
    order, ties = foster_ranking(scores, 1452, rng=random.Random(3))
    assert set(order[:2]) == {1, 2} and ties[0].method == "draw"
    again, _ = foster_ranking(scores, 1452, decisions={(1, 2): [2, 1]})
    assert again[:2] == [2, 1]


def test_equidistant_above_below_is_a_tie():
    _, ties = foster_ranking({1: 1440, 2: 1444}, 1442, rng=random.Random(1))
    assert ties and ties[0].players == (1, 2)


def test_tc35_four_tied_draw_slips():
    order, ties = rank({1: 5, 2: 5, 3: 5, 4: 5}, rng=random.Random(11))
    assert sorted(order) == [1, 2, 3, 4]
    assert "slips" in ties[0].note and sorted(ties[0].order) == [1, 2, 3, 4]


def test_play_off_needs_td_then_booby_goes_to_defeated():
    totals = {1: 30, 2: 25, 3: 10, 4: 10}
    with pytest.raises(PrizeTieUndecided):
        best_and_booby(totals, method="play-off")
    awards = best_and_booby(totals, method="play-off", decisions={(3, 4): [4, 3]})
    assert [(a.prize, a.player) for a in awards] == [("prize 1", 1), ("booby", 3)]
    assert awards[1].decisions[0].note == "decided by the TD"


def test_ladies_and_gentlemen_substitute_plays_for_own_class():
    totals = {1: 50, 2: 40, 3: 45, 4: 30}
    sex = {1: "gentleman", 2: "lady", 3: "lady", 4: "gentleman"}  # 3 sat in a gentleman's seat
    out = class_prizes(totals, sex)
    assert out["lady"][0].player == 3 and out["gentleman"][0].player == 1


def test_most_lone_hands():
    award = most({1: 2, 2: 5, 3: 5}, method="cut", decisions={(2, 3): [3, 2]})
    assert award.player == 3 and award.prize == "most lone hands"
