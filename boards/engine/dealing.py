"""Board conventions: dealer, vulnerability, the order of the deal and the whist trump.

* Dealer of board *b*: N, E, S, W in turn from board 1, ``"NESW"[(b−1) mod 4]``
  (SCORING.md §3; the dealer "passes from N to E and so on round" [002 L3119–3121]).
* Vulnerability (contract bridge only) repeats every 16 boards: None on 1, 8, 11, 14;
  N-S on 2, 5, 12, 15; E-W on 3, 6, 9, 16; both on 4, 7, 10, 13 (SCORING.md §3).
  Auction bridge (1926) and whist have no vulnerability: ``vulnerability_for`` gives ``None``.
* The deal: cards are dealt "one at a time, face down, from the top, starting with the player
  on the dealer's left and continuing to the left" [002 L4011–4015], and the deal ends "when
  the last card comes in its regular order to the Dealer" [002 L1645–1647].  So card *i*
  (0-based) of a shuffled 52-card order goes to ``dealer.offset(i + 1)``; card 51 goes to the
  dealer.
* Whist trump: the last card "is the trump card" [002 L4015–4017], [000 L583]; or, "by the
  unanimous consent of the players", a trump suit declared for the match and no trump turned
  [002 L4092–4093] (LAWS.md A-14).  ``WhistTrump`` holds either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from boards.engine.cards import Card, CardError, Direction, Suit


class Game(Enum):
    """The three games the club plays on boards."""

    CONTRACT = "contract"
    AUCTION = "auction"
    WHIST = "whist"

    @classmethod
    def parse(cls, value: Game | str) -> Game:
        if isinstance(value, Game):
            return value
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise CardError(f"{value!r} is not a game; use contract, auction or whist") from None


class Vulnerability(Enum):
    """Who is vulnerable; ``pbn`` is the PBN 2.1 ``Vulnerable`` tag value."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @property
    def pbn(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}[self.value]

    def is_vulnerable(self, direction: Direction) -> bool:
        return self is Vulnerability.BOTH or self.value == direction.side

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read the PBN value and the spellings other programs use (Love, Both, N-S, -, …)."""
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        aliases = {
            "NONE": cls.NONE,
            "LOVE": cls.NONE,
            "": cls.NONE,
            "O": cls.NONE,
            "NS": cls.NS,
            "EW": cls.EW,
            "ALL": cls.BOTH,
            "BOTH": cls.BOTH,
            "B": cls.BOTH,
        }
        if key in aliases:
            return aliases[key]
        raise CardError(f"{text!r} is not a vulnerability; use None, NS, EW or All")


# Board 1 … 16 of the standard cycle.
_VUL_CYCLE = "-NEBNEBOEBONBONE"
_VUL_BY_LETTER = {
    "-": Vulnerability.NONE,
    "O": Vulnerability.NONE,
    "N": Vulnerability.NS,
    "E": Vulnerability.EW,
    "B": Vulnerability.BOTH,
}


def _check_board_number(board_number: int) -> None:
    if not isinstance(board_number, int) or board_number < 1:
        raise CardError(f"board number must be a positive whole number, not {board_number!r}")


def dealer_of(board_number: int) -> Direction:
    """The dealer of board ``board_number``: N, E, S, W in turn from board 1."""
    _check_board_number(board_number)
    return Direction("NESW"[(board_number - 1) % 4])


def vulnerability_of(board_number: int) -> Vulnerability:
    """The standard 16-board vulnerability cycle (contract bridge)."""
    _check_board_number(board_number)
    return _VUL_BY_LETTER[_VUL_CYCLE[(board_number - 1) % 16]]


def vulnerability_for(board_number: int, game: Game | str) -> Vulnerability | None:
    """Vulnerability if the game has one (contract bridge), else ``None``."""
    if Game.parse(game) is Game.CONTRACT:
        return vulnerability_of(board_number)
    _check_board_number(board_number)
    return None


def receiver(dealer: Direction, position: int) -> Direction:
    """Who receives card ``position`` (0-based) of the deal: dealer's left first, dealer last."""
    if not 0 <= position < 52:
        raise CardError(f"position {position} is outside the pack (0 … 51)")
    return dealer.offset(position + 1)


def hands_from_order(order: Sequence[Card], dealer: Direction) -> dict[Direction, list[Card]]:
    """Deal a 52-card order one card at a time to the left, ending with the dealer."""
    if len(order) != 52:
        raise CardError(f"a deal needs 52 cards in order, got {len(order)}")
    hands: dict[Direction, list[Card]] = {d: [] for d in Direction}
    seats = [hands[receiver(dealer, position)] for position in range(4)]  # then round again
    for position, card in enumerate(order):
        seats[position % 4].append(card)
    return hands


def turned_trump(order: Sequence[Card]) -> Card:
    """The last card dealt, which goes to the dealer and is the trump card [002 L4015–4017]."""
    if len(order) != 52:
        raise CardError(f"a deal needs 52 cards in order, got {len(order)}")
    return order[-1]


@dataclass(frozen=True)
class WhistTrump:
    """A board's whist trump: a turned card (recorded on the trump slip) or a declared suit.

    LAWS.md A-14: support both.  ``card`` is set for a turned trump and must be one of the
    dealer's cards; ``declared`` is true when the suit was declared for the session.
    """

    suit: Suit
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.card is not None and self.card.suit is not self.suit:
            raise CardError(f"trump card {self.card} is not a {self.suit.name.lower()[:-1]}")

    @property
    def declared(self) -> bool:
        return self.card is None

    @classmethod
    def turned(cls, card: Card) -> WhistTrump:
        return cls(card.suit, card)

    @classmethod
    def declared_suit(cls, suit: Suit) -> WhistTrump:
        return cls(suit, None)

    def label(self) -> str:
        if self.card is None:
            return f"{self.suit.symbol} (declared)"
        return self.card.symbol()
