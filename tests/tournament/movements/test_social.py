"""The social games scored as the book plays them (tournament/movements/social.py).

Every expected figure is worked by hand in the comment beside it (docs/schedules.md,
"Scoring the social games", writes the same sums out).
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.properties import examples, settings
from tournament.movements import build
from tournament.movements.social import (
    SocialError,
    TableScore,
    baker_matches,
    baker_result,
    pivot_prizes,
    player_totals,
    ranked_prizes,
    ranking,
)

# Pivot at one table [002 L2751–2779]: 1 is the pivot, 2 her first partner, 4 on her right,
# 3 on her left.  Rubber 1: 1+2 v 3+4; rubber 2: 1+4 v 3+2; rubber 3: 1+3 v 4+2.
PIVOT = [
    TableScore(1, 1, (1, 2), (3, 4), 520, 180),  # 1+2 won the rubber: 270 + 250
    TableScore(2, 1, (1, 4), (3, 2), 300, 610),
    TableScore(3, 1, (1, 3), (4, 2), 410, 90),
    TableScore(4, 1, (1, 2), (3, 4), 700, 0),  # a fourth rubber: "only the first three count"
]


def test_pivot_totals_first_three_rubbers_gross():
    # 1: 520 + 300 + 410 = 1230;  2: 520 + 610 + 90 = 1220
    # 3: 180 + 610 + 410 = 1200;  4: 180 + 300 + 90 = 570   (rubber 4 left out)
    assert player_totals("pivot", PIVOT) == {1: 1230, 2: 1220, 3: 1200, 4: 570}


def test_pivot_unfinished_rubber_counts_as_it_stands():
    # At the two-hour call rubber 3 stands 1+3: 120, 4+2: 90, and 1+3 had won one game:
    # "adding nothing for unfinished games" [002 L2776–2779] — the game is worth nothing.
    scores = PIVOT[:2] + [TableScore(3, 1, (1, 3), (4, 2), 120, 90, finished=False)]
    # 1: 520 + 300 + 120 = 940;  3: 180 + 610 + 120 = 910
    assert player_totals("pivot", scores)[1] == 940
    assert player_totals("pivot", scores)[3] == 910


def test_pivot_refuses_games_for_an_unfinished_rubber_when_finished():
    with pytest.raises(SocialError, match="only if it is unfinished"):
        TableScore(1, 1, (1, 2), (3, 4), 100, 0, finished=True, ns_games=1)
    with pytest.raises(SocialError, match="never negative"):
        TableScore(1, 1, (1, 2), (3, 4), -30, 0)


ROOM = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}
ROOM_TOTALS = {1: 1230, 2: 1220, 3: 1200, 4: 570, 5: 900, 6: 1400, 7: 1400, 8: 300}


def test_pivot_prizes_at_every_table():
    # table 1's highest is 1 (1230); at table 2, 6 and 7 tie on 1400 (the TD settles it)
    prizes = pivot_prizes(ROOM_TOTALS, ROOM, "every_table", 1)
    assert [(z.label, z.players, z.score) for z in prizes] == [
        ("Table 1", (1,), 1230),
        ("Table 2", (6, 7), 1400),
    ]


def test_pivot_prizes_table_winners_in_order():
    # the table winners are 6/7 (1400) and 1 (1230): the best of these in order; 3 (1200)
    # beats 1 on nothing since only each table's highest is taken [002 L2781–2784]
    prizes = pivot_prizes(ROOM_TOTALS, ROOM, "table_winners", 2)
    assert [(z.label, z.players, z.table) for z in prizes] == [
        ("1st", (6, 7), 2),
        ("2nd", (1,), 1),
    ]
    assert len(pivot_prizes(ROOM_TOTALS, ROOM, "table_winners", 1)) == 1


# Baker [002 L3090–3164]: team A 1–4 (captain 1), B 5–8 (captain 5).  First stage of the
# movement: four x = 1+2 (A) N-S v 7+8 (B) E-W; four y = 5+6 (B) N-S v 3+4 (A) E-W.
BAKER = [
    TableScore(1, 1, (1, 2), (7, 8), 60, 0),  # x, deal 1
    TableScore(1, 2, (5, 6), (3, 4), 0, 24),  # y, deal 2
    TableScore(2, 1, (5, 6), (3, 4), 280, 30),  # y overplays 1, plays 3: B wins a rubber
    TableScore(2, 2, (1, 2), (7, 8), 16, 300),  # x overplays 2, plays 4
    TableScore(3, 1, (1, 2), (7, 8), 40, 0, finished=False, ns_games=1),  # the 24th hand
    TableScore(3, 2, (5, 6), (3, 4), 0, 0, finished=False, ew_games=1),
]


def test_baker_player_totals_with_125_a_game_of_an_unfinished_rubber():
    # 1 and 2: 60 + 16 + (40 + 125) = 241;  7 and 8: 0 + 300 + 0 = 300
    # 5 and 6: 0 + 280 + 0 = 280;           3 and 4: 24 + 30 + (0 + 125) = 179
    assert player_totals("baker", BAKER) == {1: 241, 2: 241, 7: 300, 8: 300,
                                             5: 280, 6: 280, 3: 179, 4: 179}  # fmt: skip


def test_baker_two_simultaneous_matches_and_the_teams():
    # match of A's captain (four x): A 60 + 16 + 165 = 241, B 0 + 300 + 0 = 300 → A −59
    # match of B's captain (four y): A 24 + 30 + 125 = 179, B 0 + 280 + 0 = 280 → A −101
    matches = baker_matches(BAKER)
    assert [(m.captain, m.a_points, m.b_points, m.a_net) for m in matches] == [
        (1, 241, 300, -59),
        (5, 179, 280, -101),
    ]
    assert baker_result(BAKER) == {"A": -160, "B": 160}


def test_social_pivot_adds_each_set():
    # the 8-player social pivot: each player's total is the sum of the sets [002 L3053–3055]
    scores = [TableScore(1, 1, (5, 7), (1, 8), 120, 40), TableScore(2, 1, (4, 6), (8, 7), 8, 90)]
    totals = player_totals("individual", scores)
    assert totals[7] == 120 + 90 and totals[8] == 40 + 90 and totals[5] == 120


def test_ranking_and_prizes_share_places():
    assert ranking({1: 10, 2: 30, 3: 30, 4: 5}) == [(1, 2, 30), (1, 3, 30), (3, 1, 10), (4, 4, 5)]
    prizes = ranked_prizes({1: 10, 2: 30, 3: 30, 4: 5}, 2)
    assert [(z.place, z.players) for z in prizes] == [(1, (2, 3))]


@settings(max_examples=examples(40))
@given(st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 2000)), min_size=3, max_size=3))
def test_each_rubber_credits_both_partners_alike(points):
    """Invariant: partners of a rubber share its points, and the four totals add up to twice
    every point won in the first three rubbers."""
    seats = [((1, 2), (3, 4)), ((1, 4), (3, 2)), ((1, 3), (4, 2))]
    scores = [TableScore(r + 1, 1, *seats[r], *points[r]) for r in range(3)]
    totals = player_totals("pivot", scores)
    assert sum(totals.values()) == 2 * sum(a + b for a, b in points)


def test_pivot_room_and_pivot_pair_build():
    room = build("pivot", players=12)
    assert room.tables == 3 and len(room.rounds) == 3
    # every table runs the pivot's rubbers: at table 2, 5 partners 6, then 8, then 7
    partners = [next(s for s in r.tables if s.table == 2).s for r in room.rounds]
    assert partners == [6, 8, 7]
    pairs = build("pivot-pair", pairs=8)  # what the console passes for a pairs event
    assert pairs.tables == 4 and len(pairs.rounds) == 7


def test_settled_ties_give_out_the_tied_places_in_order():
    from tournament.movements.social import Prize, ranked_prizes, settle_prizes

    totals = {1: 300, 2: 300, 3: 250, 4: 100}
    prizes = ranked_prizes(totals, 2)
    assert prizes == [Prize(1, "1st", (1, 2), 300)]
    # the play-off: 2 beats 1; "the winner takes first and the loser second" [002 L6488–6493]
    assert settle_prizes(prizes, {(1, 2): [2, 1]}, 2) == [
        Prize(1, "1st", (2,), 300),
        Prize(2, "2nd", (1,), 300),
    ]
    # one prize only: the loser of the play-off takes none
    assert settle_prizes(ranked_prizes(totals, 1), {(1, 2): [2, 1]}, 1) == [
        Prize(1, "1st", (2,), 300)
    ]
    # a table's prize goes to the first of the order
    table = [Prize(1, "Table 1", (1, 2), 300, 1)]
    assert settle_prizes(table, {(1, 2): [1, 2]}, 3) == [Prize(1, "Table 1", (1,), 300, 1)]
    assert settle_prizes(table, {}, 3) == table
