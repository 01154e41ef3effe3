import pytest

from boards.engine.cards import FULL_PACK, Card, CardError, Direction, Rank, Strain, Suit


@pytest.mark.parametrize(
    "text, suit, rank",
    [
        ("SA", Suit.SPADES, Rank.ACE),
        ("♠A", Suit.SPADES, Rank.ACE),
        ("as", Suit.SPADES, Rank.ACE),
        ("H10", Suit.HEARTS, Rank.TEN),
        ("♥T", Suit.HEARTS, Rank.TEN),
        ("10♦", Suit.DIAMONDS, Rank.TEN),
        ("c2", Suit.CLUBS, Rank.TWO),
    ],
)
def test_card_parse(text, suit, rank):
    assert Card.parse(text) == Card(suit, rank)


def test_every_card_round_trips_in_both_notations():
    assert len(set(FULL_PACK)) == 52
    for card in FULL_PACK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.symbol()) == card
        assert Card.from_index(card.index) == card


@pytest.mark.parametrize("text", ["", "S1", "XA", "SAK", "♠", "10"])
def test_card_parse_rejects_with_a_hint(text):
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_directions_go_clockwise_and_partner_is_opposite():
    assert [d.next for d in Direction] == [
        Direction.EAST,
        Direction.SOUTH,
        Direction.WEST,
        Direction.NORTH,
    ]
    assert Direction.NORTH.partner is Direction.SOUTH
    assert Direction.EAST.partner is Direction.WEST
    assert Direction.parse("west") is Direction.WEST


def test_strain_parse():
    assert Strain.parse("NT") is Strain.NOTRUMP
    assert Strain.parse("♥") is Strain.HEARTS
    assert Strain.from_suit(Suit.CLUBS).suit is Suit.CLUBS
