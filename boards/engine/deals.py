"""Deals: four hands of 13 from one pack, validated, in PBN and hand-typed forms (pure Python).

``Deal`` is "the four hands into which a pack is distributed for play" [002 L3957–3959];
the pack is 52 cards "without duplication" [002 L1545–1548] and a deal where "more or less
than thirteen cards are dealt to any player" must be redealt [002 L4019–4031].  A deal that
breaks these rules raises :class:`DealError` naming the faulty card or hand.

Random generation (uniform, cryptographic, optionally reproducible from a TD's seed) and
board sets with a publishable fingerprint are in the second half of this module.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from boards.engine.cards import FULL_PACK, Card, CardError, Direction, Rank, Suit
from boards.engine.dealing import (
    Game,
    Vulnerability,
    WhistTrump,
    dealer_of,
    hands_from_order,
    turned_trump,
    vulnerability_for,
)


class DealError(ValueError):
    """A deal that is not four hands of 13 from one pack; ``problems`` lists each fault."""

    def __init__(self, problems: Sequence[str]):
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


_PACK_INDEX = {card: index for index, card in enumerate(FULL_PACK)}
_PBN_RANKS = "AKQJT98765432"


@dataclass(frozen=True)
class Hand:
    """The thirteen cards received by one player [002 L3954–3955]."""

    cards: frozenset[Card]

    def holding(self, suit: Suit) -> tuple[Rank, ...]:
        return tuple(sorted((c.rank for c in self.cards if c.suit is suit), reverse=True))

    def holding_text(self, suit: Suit, void: str = "-", ten: str = "T") -> str:
        ranks = self.holding(suit)
        return "".join(ten if r is Rank.TEN else r.char for r in ranks) or void

    def to_pbn(self) -> str:
        suits: list[str] = ["", "", "", ""]
        for index in sorted(_PACK_INDEX[c] for c in self.cards):  # ♠A … ♣2
            suits[index // 13] += _PBN_RANKS[index % 13]
        return ".".join(suits)

    @property
    def hcp(self) -> int:
        return sum(c.rank.hcp for c in self.cards)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order ♠ ♥ ♦ ♣."""
        s, h, d, c = (len(self.holding(suit)) for suit in Suit)
        return (s, h, d, c)

    @property
    def pattern(self) -> tuple[int, ...]:
        """Suit lengths longest first, e.g. (4, 4, 3, 2)."""
        return tuple(sorted(self.shape, reverse=True))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def _validate(hands: Mapping[Direction, Sequence[Card]]) -> None:
    problems: list[str] = []
    seen: dict[Card, Direction] = {}
    for direction in Direction:
        for card in hands.get(direction, ()):
            if card in seen:
                where = seen[card].title
                where += "'s hand" if seen[card] is direction else f" and {direction.title}"
                problems.append(f"{card.symbol()} appears twice ({where})")
            seen[card] = direction
    for direction in Direction:
        count = len(hands.get(direction, ()))
        if count != 13:
            problems.append(f"{direction.title} has {count} cards, not 13")
    missing = [c.symbol() for c in FULL_PACK if c not in seen] if len(seen) != 52 else []
    if missing:
        problems.append(f"{len(seen)} different cards, not 52: missing {' '.join(missing)}")
    if problems:
        raise DealError(problems)


@dataclass(frozen=True)
class Deal:
    """Four hands of 13 from one pack, indexed by :class:`Direction` (``deal[Direction.NORTH]``)."""

    hands: tuple[Hand, Hand, Hand, Hand]  # N, E, S, W

    def __post_init__(self) -> None:
        _validate({d: list(h.cards) for d, h in zip(Direction, self.hands, strict=True)})

    @classmethod
    def from_hands(cls, hands: Mapping[Direction, Iterable[Card]]) -> Deal:
        lists = {d: list(hands.get(d, ())) for d in Direction}
        _validate(lists)
        return cls._checked(tuple(Hand(frozenset(lists[d])) for d in Direction))

    @classmethod
    def _checked(cls, hands: tuple[Hand, Hand, Hand, Hand]) -> Deal:
        """A deal from hands ``_validate`` has just passed: built without validating twice."""
        deal = object.__new__(cls)
        object.__setattr__(deal, "hands", hands)
        return deal

    @classmethod
    def from_order(cls, order: Sequence[Card], dealer: Direction) -> Deal:
        """Deal a shuffled 52-card order to the left, ending with the dealer."""
        return cls.from_hands(hands_from_order(order, dealer))

    def __getitem__(self, direction: Direction) -> Hand:
        return self.hands[direction.index]

    def owner(self, card: Card) -> Direction:
        for direction, hand in zip(Direction, self.hands, strict=True):
            if card in hand:
                return direction
        raise DealError([f"{card.symbol()} is in no hand"])

    def to_pbn(self, first: Direction = Direction.NORTH) -> str:
        """PBN ``Deal`` value, e.g. ``N:AKQ.T98.765.432 …`` (hands clockwise from ``first``)."""
        hands = " ".join(self[first.offset(i)].to_pbn() for i in range(4))
        return f"{first.letter}:{hands}"

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN ``Deal`` value leniently (any first seat, lower case, "10", one "-" hand)."""
        value = text.strip().strip('"')
        match = re.fullmatch(r"([NESWnesw])\s*:\s*(.+)", value, flags=re.DOTALL)
        if not match:
            raise DealError([f"{text!r} is not a PBN deal; expected e.g. 'N:AKQ.T98.765.432 …'"])
        parts = match.group(2).split()
        if len(parts) != 4:
            raise DealError([f"a PBN deal has 4 hands separated by spaces, found {len(parts)}"])
        first = Direction.parse(match.group(1))
        hands: dict[Direction, list[Card] | None] = {}
        for i, part in enumerate(parts):
            seat = first.offset(i)
            hands[seat] = None if part == "-" else _parse_pbn_hand(part, seat)
        return cls.from_hands(_complete(hands))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a hand-typed deal: a PBN deal, or one line per seat such as
        ``N: S AKQ H T98 D 765 C 432`` / ``North ♠AKQ ♥T98 ♦765 ♣432`` / ``W AKQ.T98.765.432``.
        One seat may be left out; it then gets the remaining cards if they are exactly 13.
        """
        value = text.strip()
        tag = re.search(r'\[\s*deal\s+"([^"]*)"', value, flags=re.IGNORECASE)
        if tag:
            return cls.from_pbn(tag.group(1))
        if re.match(r"^[NESWnesw]\s*:\s*\S+\.", value) and "\n" not in value.strip():
            return cls.from_pbn(value)
        hands: dict[Direction, list[Card] | None] = {}
        for lineno, line in enumerate(value.splitlines(), start=1):
            if line.strip():
                seat, cards = _parse_seat_line(line, lineno)
                if seat in hands:
                    raise DealError([f"line {lineno}: {seat.title} is given twice"])
                hands[seat] = cards
        if not hands:
            raise DealError(["no hands given"])
        return cls.from_hands(_complete(hands))

    def canonical(self) -> str:
        return self.to_pbn(Direction.NORTH)


def _parse_rank(char: str, where: str) -> Rank:
    try:
        return Rank.parse(char)
    except CardError:
        raise DealError([f"{where}: {char!r} is not a rank (use A K Q J T 9 … 2)"]) from None


def _parse_pbn_hand(text: str, seat: Direction) -> list[Card]:
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError([f"{seat.title}'s hand {text!r} needs 4 suits separated by dots"])
    cards = []
    for suit, ranks in zip(Suit, suits, strict=True):
        for char in ranks.upper().replace("10", "T"):
            cards.append(Card(suit, _parse_rank(char, f"{seat.title} {suit.symbol}")))
    return cards


_SEAT_LINE = re.compile(r"^\s*(north|east|south|west|[nesw])\b\s*[:=\-]?\s*(.*)$", re.IGNORECASE)
_SUIT_MARK = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUIT_MARK.update({s: Suit.parse(s) for s in "♠♤♥♡♦♢♣♧"})


def _parse_seat_line(line: str, lineno: int) -> tuple[Direction, list[Card]]:
    match = _SEAT_LINE.match(line)
    if not match:
        raise DealError([f"line {lineno}: start with the seat (N, E, S, W), e.g. 'N: S AKQ H …'"])
    seat = Direction.parse(match.group(1))
    body = match.group(2).strip()
    if "." in body:
        return seat, _parse_pbn_hand(body.replace(" ", ""), seat)
    return seat, _parse_marked_suits(body, seat, lineno)


def _parse_marked_suits(body: str, seat: Direction, lineno: int) -> list[Card]:
    """``S AKQ H T98 D - C 432`` (suit markers in any order, spaces and commas ignored)."""
    text = re.sub(r"(?i)\bvoid\b", "-", body).upper().replace("10", "T")
    suit: Suit | None = None
    done: set[Suit] = set()
    cards: list[Card] = []
    for char in text:
        if char in " ,;:-—–\t":
            continue
        if char in _SUIT_MARK:
            suit = _SUIT_MARK[char]
            if suit in done:
                raise DealError([f"line {lineno}: {seat.title} gives {suit.symbol} twice"])
            done.add(suit)
            continue
        if suit is None:
            raise DealError([f"line {lineno}: {seat.title}: put a suit (S H D C) before {char!r}"])
        cards.append(Card(suit, _parse_rank(char, f"line {lineno}, {seat.title} {suit.symbol}")))
    return cards


def _complete(hands: Mapping[Direction, list[Card] | None]) -> dict[Direction, list[Card]]:
    """Give the one missing (or "-") seat the rest of the pack when that is exactly 13 cards."""
    absent = [d for d in Direction if hands.get(d) is None]
    given = {d: cards for d, cards in hands.items() if cards is not None}
    if len(absent) == 1:
        used = {c for cards in given.values() for c in cards}
        rest = [c for c in FULL_PACK if c not in used]
        if len(rest) == 13 and all(len(c) == 13 for c in given.values()):
            given[absent[0]] = rest
    return given


# ---------------------------------------------------------------------------------------------
# Random deals: uniform, cryptographic, reproducible from a seed.


def shuffled_pack(randbelow: Callable[[int], int]) -> list[Card]:
    """An unbiased Fisher–Yates shuffle of the pack; ``randbelow(n)`` must be uniform on 0…n−1."""
    pack = list(FULL_PACK)
    for i in range(51, 0, -1):
        j = randbelow(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


class SeededStream:
    """A deterministic random stream: HMAC-SHA256 in counter mode, one stream per board.

    The key is SHA-256 of the (NFC-normalised) seed under a domain label, and each block is
    ``HMAC(key, label || counter)``.  Without the seed nothing about one board predicts
    another.  ``randbelow`` uses rejection sampling on single bytes, so it is unbiased.
    """

    DOMAIN = b"duplicate-boards/deal/v1\x00"

    def __init__(self, seed: str | bytes, label: str):
        raw = seed if isinstance(seed, bytes) else unicodedata.normalize("NFC", seed).encode()
        self._key = hashlib.sha256(self.DOMAIN + raw).digest()
        self._label = label.encode() + b"\x00"
        self._counter = 0
        self._buffer = b""
        self._pos = 0

    def _next_byte(self) -> int:
        if self._pos >= len(self._buffer):
            block = self._label + self._counter.to_bytes(8, "big")
            self._buffer = hmac.new(self._key, block, hashlib.sha256).digest()
            self._counter += 1
            self._pos = 0
        self._pos += 1
        return self._buffer[self._pos - 1]

    def randbelow(self, n: int) -> int:
        if not 1 <= n <= 256:
            raise ValueError(f"randbelow supports 1 … 256, not {n}")
        limit = 256 - 256 % n
        while True:
            byte = self._next_byte()
            if byte < limit:
                return byte % n


def random_order(board_number: int, seed: str | bytes | None = None) -> list[Card]:
    """A uniformly shuffled pack for one board, from the seed or, without one, from a fresh
    256-bit secret key drawn from the OS (``secrets``) and never kept.

    Either way the shuffle is :func:`shuffled_pack` over :class:`SeededStream` (HMAC-SHA256
    in counter mode, a cryptographic generator); a fresh key per board costs one call to the
    OS instead of one per card."""
    key = secrets.token_bytes(32) if seed is None else seed
    return shuffled_pack(SeededStream(key, f"board:{board_number}").randbelow)


def new_seed() -> str:
    """A fresh 128-bit seed for a TD who wants a reproducible set but has no seed in mind."""
    return secrets.token_hex(16)


@dataclass(frozen=True)
class Board:
    """One board: its number, deal, dealer, vulnerability (contract only) and whist trump."""

    board_number: int
    deal: Deal
    dealer: Direction
    vulnerability: Vulnerability | None = None
    trump: WhistTrump | None = None

    def __post_init__(self) -> None:
        card = self.trump.card if self.trump else None
        if card is not None and card not in self.deal[self.dealer]:
            raise DealError(
                [
                    f"board {self.board_number}: trump card {card.symbol()} is not in the "
                    f"dealer's ({self.dealer.title}'s) hand"
                ]
            )

    def canonical(self) -> str:
        vul = self.vulnerability.pbn if self.vulnerability else "-"
        trump = "-" if self.trump is None else (str(self.trump.card or self.trump.suit.letter))
        return f"board {self.board_number} dealer {self.dealer.letter} vul {vul} trump {trump} deal {self.deal.canonical()}"


def make_board(
    board_number: int,
    deal: Deal,
    game: Game | str = Game.CONTRACT,
    trump_card: Card | None = None,
    declared_trump: Suit | None = None,
) -> Board:
    """A board with the standard dealer/vulnerability; for whist, a turned card or declared suit."""
    game = Game.parse(game)
    trump = None
    if game is Game.WHIST:
        if declared_trump is not None:
            trump = WhistTrump.declared_suit(declared_trump)
        elif trump_card is not None:
            trump = WhistTrump.turned(trump_card)
        else:
            raise DealError([f"whist board {board_number} needs its trump card or a declared suit"])
    dealer = dealer_of(board_number)
    return Board(board_number, deal, dealer, vulnerability_for(board_number, game), trump)


def generate_board(
    board_number: int,
    seed: str | bytes | None = None,
    game: Game | str = Game.CONTRACT,
    declared_trump: Suit | None = None,
) -> Board:
    order = random_order(board_number, seed)
    deal = Deal.from_order(order, dealer_of(board_number))
    return make_board(board_number, deal, game, turned_trump(order), declared_trump)


@dataclass(frozen=True)
class BoardSet:
    """The boards of a session, with the fingerprint a TD can publish before play."""

    game: Game
    boards: tuple[Board, ...]

    def canonical_text(self) -> str:
        lines = ["duplicate-boards board-set v1", f"game {self.game.value}"]
        lines += [b.canonical() for b in sorted(self.boards, key=lambda b: b.board_number)]
        return "\n".join(lines) + "\n"

    def fingerprint(self) -> str:
        """SHA-256 (hex) of :meth:`canonical_text`: any change to any board changes it."""
        return hashlib.sha256(self.canonical_text().encode()).hexdigest()


def generate_board_set(
    board_numbers: Iterable[int],
    seed: str | bytes | None = None,
    game: Game | str = Game.CONTRACT,
    declared_trump: Suit | None = None,
) -> BoardSet:
    """Deal every board: uniformly at random from the OS, or reproducibly from ``seed``.

    Board *n* depends only on (seed, *n*), so boards 1–36 of a seed are the same whether the
    set is dealt whole or in parts.
    """
    game = Game.parse(game)
    numbers = sorted(set(board_numbers))
    if not numbers:
        raise DealError(["no board numbers given"])
    boards = tuple(generate_board(n, seed, game, declared_trump) for n in numbers)
    return BoardSet(game, boards)
