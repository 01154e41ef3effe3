"""The card vocabulary: suits, ranks, cards, compass directions and strains (pure Python).

The pack is "fifty-two cards divided into four suits of thirteen cards each without
duplication" [002 L1545–1548]; suits rank Spades > Hearts > Diamonds > Clubs and cards
A (high) down to 2 [002 L1550–1557].  Every notation has a parse/format pair:
``Card.parse("SA") == Card.parse("♠A") == Card.parse("as")`` and ``str(card) == "SA"``,
``card.symbol() == "♠A"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class CardError(ValueError):
    """A card, suit, rank or direction that cannot be read; the message says what would work."""


_SUIT_ALIASES = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
    "SPADES": "S",
    "HEARTS": "H",
    "DIAMONDS": "D",
    "CLUBS": "C",
}


class Suit(Enum):
    """The four suits in rank order, highest first (``list(Suit)`` is S, H, D, C)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def index(self) -> int:
        """0 for spades … 3 for clubs (the PBN hand order)."""
        return "SHDC".index(self.value)

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        key = _SUIT_ALIASES.get(key, key)
        for suit in cls:
            if suit.value == key:
                return suit
        raise CardError(f"{text!r} is not a suit; use S, H, D, C or ♠ ♥ ♦ ♣")


class Rank(IntEnum):
    """Card ranks; the value is the card's order (2 … 14), so ``Rank.ACE > Rank.KING``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return "23456789TJQKA"[self._value_ - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self.value - 10)

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise CardError(f"{text!r} is not a rank; use A K Q J T (or 10) 9 … 2")


RANKS_HIGH_FIRST: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


@dataclass(frozen=True, order=False)
class Card:
    """One card of the pack.  ``Card.parse`` reads "SA", "♠A", "AS", "S10", "10♠"."""

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        """Position in the canonical pack order (♠A = 0 … ♣2 = 51)."""
        return self.suit.index * 13 + (14 - self.rank.value)

    @classmethod
    def from_index(cls, index: int) -> Card:
        return FULL_PACK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        raw = text.strip()
        for suit_part, rank_part in ((raw[:1], raw[1:]), (raw[-1:], raw[:-1])):
            try:
                return cls(Suit.parse(suit_part), Rank.parse(rank_part))
            except CardError:
                continue
        raise CardError(f"{text!r} is not a card; write the suit then the rank, e.g. SA, ♥10, DT")

    def symbol(self) -> str:
        return f"{self.suit.symbol}{self.rank.char}"

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.char}"

    def __lt__(self, other: Card) -> bool:
        """Canonical pack order: spades first, then higher rank first."""
        return self.index < other.index

    def __hash__(self) -> int:
        # Consistent with the generated __eq__ (suit and rank); the members' plain values
        # avoid Enum.__hash__, which dominated dealing and validation.
        return hash((self.suit._value_, self.rank._value_))


FULL_PACK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in RANKS_HIGH_FIRST)


_DIRECTION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class Direction(Enum):
    """Compass seats in clockwise order N, E, S, W (each player's left is ``next``)."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def title(self) -> str:
        return _DIRECTION_NAMES[self.value]

    @property
    def index(self) -> int:
        return "NESW".index(self.value)

    @property
    def next(self) -> Direction:
        """The player on this player's left (the deal goes clockwise) [002 L4011–4015]."""
        return DIRECTIONS[(self.index + 1) % 4]

    @property
    def partner(self) -> Direction:
        return DIRECTIONS[(self.index + 2) % 4]

    @property
    def side(self) -> str:
        return "NS" if self in (Direction.NORTH, Direction.SOUTH) else "EW"

    def offset(self, steps: int) -> Direction:
        """The seat ``steps`` places to the left (clockwise)."""
        return DIRECTIONS[(self.index + steps) % 4]

    @classmethod
    def parse(cls, text: str) -> Direction:
        key = text.strip().upper()
        for direction in cls:
            if key in (direction.value, direction.title.upper()):
                return direction
        raise CardError(f"{text!r} is not a seat; use N, E, S, W (or North, East, South, West)")


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


class Strain(Enum):
    """The five denominations of a contract, in bidding order (clubs lowest)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NOTRUMP else self.suit.symbol

    @property
    def suit(self) -> Suit:
        if self is Strain.NOTRUMP:
            raise CardError("no-trump has no suit")
        return Suit(self.value)

    @classmethod
    def from_suit(cls, suit: Suit) -> Strain:
        return cls(suit.value)

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "NO-TRUMP"):
            return cls.NOTRUMP
        return cls.from_suit(Suit.parse(key))


# PBN and hand-record order: NT first, then the suits from spades down.
STRAINS_PBN: tuple[Strain, ...] = (
    Strain.NOTRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)
