"""Dealer and vulnerability against the table written out by hand from SCORING.md §3."""

import pytest

from boards.engine.cards import Direction
from boards.engine.dealing import (
    Game,
    Vulnerability,
    dealer_of,
    hands_from_order,
    receiver,
    vulnerability_for,
    vulnerability_of,
)
from boards.engine.deals import generate_board, generate_board_set, random_order

N, E, S, W = "N", "E", "S", "W"
# Boards 1-16 (SCORING.md §3): None on 1, 8, 11, 14; N-S on 2, 5, 12, 15; E-W on 3, 6, 9, 16;
# both on 4, 7, 10, 13.  Boards 17-32 and 33-36 repeat it.
TABLE_1_TO_36 = [
    (1, N, "None"), (2, E, "NS"), (3, S, "EW"), (4, W, "All"),
    (5, N, "NS"), (6, E, "EW"), (7, S, "All"), (8, W, "None"),
    (9, N, "EW"), (10, E, "All"), (11, S, "None"), (12, W, "NS"),
    (13, N, "All"), (14, E, "None"), (15, S, "NS"), (16, W, "EW"),
    (17, N, "None"), (18, E, "NS"), (19, S, "EW"), (20, W, "All"),
    (21, N, "NS"), (22, E, "EW"), (23, S, "All"), (24, W, "None"),
    (25, N, "EW"), (26, E, "All"), (27, S, "None"), (28, W, "NS"),
    (29, N, "All"), (30, E, "None"), (31, S, "NS"), (32, W, "EW"),
    (33, N, "None"), (34, E, "NS"), (35, S, "EW"), (36, W, "All"),
]  # fmt: skip


@pytest.mark.parametrize("board, dealer, vul", TABLE_1_TO_36)
def test_dealer_and_vulnerability_boards_1_to_36(board, dealer, vul):
    assert dealer_of(board) is Direction(dealer)
    assert vulnerability_of(board) is Vulnerability(vul)


@pytest.mark.parametrize("board", [37, 48, 64, 100, 999, 1024])
def test_beyond_36_the_cycles_repeat(board):
    dealer, vul = TABLE_1_TO_36[(board - 1) % 16][1:]
    assert dealer_of(board) is Direction(dealer)
    assert vulnerability_of(board) is Vulnerability(vul)


@pytest.mark.parametrize("bad", [0, -1, 1.5])
def test_board_numbers_must_be_positive(bad):
    with pytest.raises(ValueError, match="board number"):
        dealer_of(bad)


def test_only_contract_bridge_has_vulnerability():
    assert vulnerability_for(4, Game.CONTRACT) is Vulnerability.BOTH
    assert vulnerability_for(4, "auction") is None
    assert vulnerability_for(4, "whist") is None


@pytest.mark.parametrize("text, vul", [("All", "All"), ("Both", "All"), ("love", "None"),
                                       ("-", "None"), ("N-S", "NS"), ("e/w", "EW")])  # fmt: skip
def test_vulnerability_reads_other_spellings(text, vul):
    assert Vulnerability.parse(text) is Vulnerability(vul)


def test_the_deal_starts_at_dealers_left_and_ends_with_the_dealer():
    assert receiver(Direction.SOUTH, 0) is Direction.WEST
    assert receiver(Direction.SOUTH, 51) is Direction.SOUTH
    order = random_order(1, seed="order")
    hands = hands_from_order(order, Direction.EAST)
    assert hands[Direction.EAST][-1] == order[-1]
    assert hands[Direction.SOUTH][0] == order[0]
    assert all(len(cards) == 13 for cards in hands.values())


@pytest.mark.parametrize("board_number", range(1, 9))
def test_whist_trump_card_is_the_dealers_last_card(board_number):
    order = random_order(board_number, seed="trump")
    board = generate_board(board_number, seed="trump", game="whist")
    assert board.trump.card == order[-1]
    assert board.trump.card in board.deal[board.dealer]
    assert not board.trump.declared
    assert board.vulnerability is None


def test_declared_trump_suit_for_the_session():
    from boards.engine.cards import Suit

    boards = generate_board_set(range(1, 5), seed="x", game="whist", declared_trump=Suit.HEARTS)
    assert {b.trump.suit for b in boards.boards} == {Suit.HEARTS}
    assert all(b.trump.declared and b.trump.card is None for b in boards.boards)
