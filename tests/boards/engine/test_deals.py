import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.engine.cards import FULL_PACK, Card, Direction, Suit
from boards.engine.deals import (
    Deal,
    DealError,
    SeededStream,
    generate_board_set,
    make_board,
    random_order,
    shuffled_pack,
)
from tests.properties import examples

SAMPLE = "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54 AT9865.K73.KT.Q8"
TYPED = """
N: S KJ7 H AQ1042 D A2 C 972
East ♠Q4 ♥J96 ♦9875 ♣JT63
s - s 32 h 85 d QJ643 c AK54
W: AT9865.K73.KT.Q8
"""


def assert_valid(deal: Deal) -> None:
    cards = [c for d in Direction for c in deal[d].cards]
    assert len(cards) == 52 and set(cards) == set(FULL_PACK)
    assert all(len(deal[d]) == 13 for d in Direction)


@settings(max_examples=examples(300))
@given(seed=st.text(max_size=40) | st.binary(max_size=40), board=st.integers(1, 10_000))
def test_seeded_deals_are_valid_for_any_seed(seed, board):
    order = random_order(board, seed)
    assert sorted(order) == sorted(FULL_PACK)
    assert_valid(Deal.from_order(order, Direction.NORTH))


def test_thousands_of_seeds_give_valid_distinct_deals():
    deals = {
        generate_board_set([1], seed=f"seed-{i}").boards[0].deal.canonical() for i in range(2000)
    }
    assert len(deals) == 2000


def test_same_seed_same_set_different_seed_different_set():
    a = generate_board_set(range(1, 37), seed="Tuesday 17 Nov")
    b = generate_board_set(range(1, 37), seed="Tuesday 17 Nov")
    c = generate_board_set(range(1, 37), seed="Tuesday 17 Nov.")
    assert a == b and a.fingerprint() == b.fingerprint()
    assert a.fingerprint() != c.fingerprint()
    assert all(x.deal != y.deal for x, y in zip(a.boards, c.boards, strict=True))


def test_a_board_depends_only_on_seed_and_number():
    whole = generate_board_set(range(1, 37), seed="s")
    part = generate_board_set([5, 30], seed="s")
    assert part.boards == (whole.boards[4], whole.boards[29])


def test_unseeded_sets_differ():
    assert generate_board_set(range(1, 5)).boards != generate_board_set(range(1, 5)).boards


def test_fingerprint_changes_when_one_card_moves():
    boards = generate_board_set(range(1, 3), seed="fp")
    text = boards.canonical_text()
    assert "board 1 dealer N vul None" in text and len(boards.fingerprint()) == 64
    first = boards.boards[0]
    north, east = first.deal[Direction.NORTH], first.deal[Direction.EAST]
    n_card, e_card = min(north.cards), min(east.cards)
    swapped = Deal.from_hands(
        {
            Direction.NORTH: (north.cards - {n_card}) | {e_card},
            Direction.EAST: (east.cards - {e_card}) | {n_card},
            Direction.SOUTH: first.deal[Direction.SOUTH].cards,
            Direction.WEST: first.deal[Direction.WEST].cards,
        }
    )
    changed = type(boards)(boards.game, (make_board(1, swapped),) + boards.boards[1:])
    assert changed.fingerprint() != boards.fingerprint()


def test_seeded_stream_is_unbiased_by_construction():
    stream = SeededStream("x", "t")
    counts = [0] * 52
    for _ in range(52 * 200):
        counts[stream.randbelow(52)] += 1
    assert min(counts) > 120 and max(counts) < 290
    with pytest.raises(ValueError):
        stream.randbelow(257)


def test_shuffle_uses_the_given_source():
    assert shuffled_pack(lambda n: n - 1) == list(FULL_PACK)


def test_pbn_round_trip_from_any_first_seat():
    deal = Deal.from_pbn(SAMPLE)
    for first in Direction:
        assert Deal.from_pbn(deal.to_pbn(first)) == deal
    assert Deal.from_pbn(SAMPLE.lower()) == deal
    assert deal[Direction.NORTH].hcp == 14 and deal[Direction.WEST].pattern == (6, 3, 2, 2)


def test_hand_typed_forms():
    deal = Deal.from_pbn(SAMPLE)
    assert Deal.parse(TYPED) == deal
    assert Deal.parse(SAMPLE) == deal
    assert Deal.parse(f'[Deal "{SAMPLE}"]') == deal
    three_hands = "\n".join(TYPED.strip().splitlines()[:3])
    assert Deal.parse(three_hands) == deal  # the fourth hand is the rest of the pack


def test_pbn_deal_with_one_unknown_hand_is_completed():
    hands = SAMPLE[2:].split()
    assert Deal.from_pbn("N:" + " ".join(hands[:3] + ["-"])) == Deal.from_pbn(SAMPLE)


@pytest.mark.parametrize(
    "text, message",
    [
        # 51 cards: East lacks the ♣3
        (
            TYPED.replace("♣JT63", "♣JT6"),
            r"East has 12 cards, not 13; 51 different cards, not 52: missing ♣3",
        ),
        # a repeated card: ♠K typed for North and again for West
        (TYPED.replace("W: AT9865", "W: AT986K"), r"♠K appears twice \(North and West\)"),
        # 14 cards in one hand
        (TYPED.replace("c AK54", "c AK542"), r"♣2 appears twice.*South has 14 cards, not 13"),
        (TYPED.replace("H AQ1042", "H AQ104x"), r"'X' is not a rank"),
        ("X: S AKQ", r"line 1: start with the seat"),
        ("N:AKQ.JT9.876", r"4 hands separated by spaces"),
    ],
)
def test_bad_hand_typed_deals_name_the_problem(text, message):
    with pytest.raises(DealError, match=message):
        Deal.parse(text)


def test_deal_error_is_a_value_error_listing_problems():
    with pytest.raises(ValueError) as info:
        Deal.from_hands({Direction.NORTH: list(FULL_PACK[:14])})
    assert "North has 14 cards, not 13" in info.value.problems


def test_whist_board_trump_card_must_be_the_dealers():
    deal = Deal.from_pbn(SAMPLE)
    assert make_board(1, deal, "whist", trump_card=Card.parse("SK")).trump.card.suit is Suit.SPADES
    with pytest.raises(DealError, match="not in the dealer's"):
        make_board(1, deal, "whist", trump_card=Card.parse("SQ"))
    with pytest.raises(DealError, match="needs its trump card"):
        make_board(1, deal, "whist")
