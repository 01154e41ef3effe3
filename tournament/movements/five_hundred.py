"""Progressive Five Hundred (pure Python): the tally cards' seats, each deal's points, the
general score sheet and who progresses where [002 L7368–7406].

The book: "each player is furnished with a score or tally-card, designating table at which he
is to begin play.  For four and six-hand play, it is also necessary to designate partners.
Thus, four-hand, tally-cards may be marked: Table A 1, A 2, A 3, A 4; one and three playing
partners against two and four.  Six-hand: Table A 1, … A 6; the odd numbers playing partners
against the even" [002 L7370–7376].  After each deal "count all points made or set back, and
enter score of each player individually … (In partnership play each player is credited with
entire amount made by the partners.)"; the scorer's general score sheet has "plus and minus
column for each player"; at the end "the points won by each are added up, and the points lost
(through 'set backs') are deducted therefrom.  The player having the highest number of points
… wins" [002 L7381–7396].  "Play one deal for each player at table and then progress.
Three-hand, high player progresses; four-hand, winning partners; five-hand, two players;
six-hand, three winning partners" [002 L7400–7406] (OCR-damaged; LAWS.md §4.11's reading).

What the book leaves open, decided here (docs/schedules.md, "Progressive Five Hundred"):

* every table of an evening has the same number of hands (3, 4, 5 or 6), so the players must
  fill whole tables, and there are at least two tables;
* a round is one deal for each player at the table; who progresses is decided on the round's
  points at that table (partners' totals are alike, since each is credited with the whole);
* the progressing players go to the next table by letter (A → B → …), the last table's to
  Table A; the others stay.  At the new table those who stayed take seats 1, 2, … in their
  old seat order, the arrivals the seats after them in theirs — so at four hands the two who
  stayed (partners before) become adversaries and each takes an arrival as partner;
* a tie for a place to progress is cut for ("Ties may cut to progress", Cinch, played "as in
  Progressive Euchre" [002 L10449–10458]); the TD enters who progresses
  (:class:`FiveHundredTie` until then).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .base import MovementError

HANDS = (3, 4, 5, 6)
#: how many progress from a table after its round [002 L7400–7406]
MOVERS = {3: 1, 4: 2, 5: 2, 6: 3}
#: partnership tables: seats 1 and 3 against 2 and 4; the odd seats against the even
PARTNERSHIP = frozenset({4, 6})
#: the most a player can make or lose in one deal (the largest schedules bid 520, a nullo
#: 250, the games of 1,000 and 1,500 add at most 456 card points [002 L7349–7366])
DEAL_POINTS_MAX = 2000
#: the most a partnership side can be set back in a deal, as players: the bidder with one
#: partner, or two "on bid of eight, nine or ten" at five hands [002 L7283–7287]
SET_BACK_MAX = {3: 1, 4: 2, 5: 3, 6: 3}


def letter(table: int) -> str:
    """Table 1 → "A", 26 → "Z", 27 → "AA" (as a spreadsheet names its columns)."""
    if table < 1:
        raise ValueError(f"table {table}: tables are numbered from 1")
    out = ""
    while table:
        table, rest = divmod(table - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def table_number(text: str) -> int:
    """ "A" → 1, "AA" → 27; ``ValueError`` for anything else."""
    text = text.strip().upper()
    if not text or not text.isascii() or not text.isalpha():
        raise ValueError(f"{text!r} is not a table letter")
    n = 0
    for ch in text:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n


def position(table: int, seat: int) -> str:
    """The tally card's mark: table 1, seat 3 → "A 3"."""
    return f"{letter(table)} {seat}"


def parse_position(text: str) -> tuple[int, int]:
    """ "A 3" or "a3" → (1, 3); ``ValueError`` with what is wrong."""
    raw = text.strip().replace(" ", "")
    head = raw.rstrip("0123456789")
    tail = raw[len(head) :]
    if not head or not tail:
        raise ValueError(f"{text.strip()!r}: write the table letter and the seat, e.g. 'A 3'")
    return table_number(head), int(tail)


@dataclass(frozen=True)
class Table:
    """One table in one round: ``seats[0]`` sits in seat 1 (the card's "A 1"), and so on."""

    table: int
    seats: tuple[int, ...]

    @property
    def hands(self) -> int:
        return len(self.seats)

    @property
    def partnership(self) -> bool:
        return self.hands in PARTNERSHIP

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the odd seats, the even seats): the partners at four and six hands."""
        return self.seats[0::2], self.seats[1::2]

    def side_of(self, player: int) -> tuple[int, ...]:
        odd, even = self.sides()
        return odd if player in odd else even

    def label(self, player: int) -> str:
        return position(self.table, self.seats.index(player) + 1)

    def to_row(self) -> dict:
        return {"table": self.table, "seats": list(self.seats)}

    @classmethod
    def from_row(cls, row: Mapping) -> Table:
        return cls(table=int(row["table"]), seats=tuple(int(p) for p in row["seats"]))


class FiveHundredTie(MovementError):
    """Players tie for a place to progress: they cut, and the TD enters who progresses."""

    def __init__(self, ties: dict[int, dict]):
        #: table → {"tied": the players who tie, "places": how many of them progress,
        #: "sure": those who progress in any case}
        self.ties = ties
        parts = [
            f"Table {letter(t)}: players {', '.join(map(str, d['tied']))} tie for "
            f"{d['places']} place{'s' if d['places'] > 1 else ''} to progress"
            for t, d in sorted(ties.items())
        ]
        super().__init__("; ".join(parts) + ": they cut, and the TD enters who progresses")


def check_count(players: int, hands: int) -> None:
    """``MovementError`` saying what to do when ``players`` cannot fill ``hands``-hand tables."""
    if hands not in HANDS:
        raise MovementError(f"Five Hundred is played {', '.join(map(str, HANDS))}-hand")
    if players < 2 * hands:
        raise MovementError(
            f"{players} players: a progressive game needs at least two {hands}-hand tables "
            f"({2 * hands} players); sign in {2 * hands - players} more or choose fewer hands"
        )
    short = players % hands
    if short:
        raise MovementError(
            f"{players} players do not fill {hands}-hand tables: sign in {hands - short} more, "
            f"or let {short} sit out (withdraw them), or choose another number of hands "
            f"({', '.join(str(h) for h in HANDS if players % h == 0 and players >= 2 * h) or 'none fits'})"
        )


def initial_seating(
    players: list[int],
    hands: int,
    rng: random.Random | None = None,
    given: Mapping[int, str] | None = None,
) -> list[Table]:
    """Round 1 from the tally cards: ``given`` {player: "A 1"} as drawn, or at random
    (``rng``) — players in a random order fill Table A's seats 1…hands, then Table B's."""
    check_count(len(players), hands)
    tables = len(players) // hands
    if given:
        if sorted(given) != sorted(players):
            missing = sorted(set(players) - set(given))
            raise MovementError(f"give a tally card to every player (missing {missing})")
        seats: dict[tuple[int, int], int] = {}
        for player, text in sorted(given.items()):
            t, s = parse_position(text)
            if not (1 <= t <= tables and 1 <= s <= hands):
                raise MovementError(
                    f"player {player}: {text.strip()!r} is not a card of this game (tables A to "
                    f"{letter(tables)}, seats 1 to {hands})"
                )
            if (t, s) in seats:
                raise MovementError(
                    f"card {position(t, s)} is given to players {seats[(t, s)]} and {player}"
                )
            seats[(t, s)] = player
        return [
            Table(t, tuple(seats[(t, s)] for s in range(1, hands + 1)))
            for t in range(1, tables + 1)
        ]
    order = list(players)
    (rng or random.Random(0)).shuffle(order)
    return [Table(t + 1, tuple(order[t * hands : (t + 1) * hands])) for t in range(tables)]


def check_deal(table: Table, points: Mapping[int, int]) -> dict[int, int]:
    """One deal's points at ``table``: each player's made (plus) or set back (minus).
    ``ValueError`` ("field: message") for a missing or extra player, a number out of range,
    partners credited differently, or more players set back than a bidder's side holds."""
    missing = [p for p in table.seats if p not in points]
    extra = sorted(set(points) - set(table.seats))
    if missing or extra:
        raise ValueError(
            f"points: give the points of each player at Table {letter(table.table)}: "
            f"{', '.join(map(str, table.seats))}"
        )
    for p in table.seats:
        v = points[p]
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > DEAL_POINTS_MAX:
            raise ValueError(
                f"points: player {p}: a deal's points are a whole number from "
                f"-{DEAL_POINTS_MAX} (set back) to {DEAL_POINTS_MAX}"
            )
    if table.partnership:
        for side in table.sides():
            if len({points[p] for p in side}) > 1:
                raise ValueError(
                    f"points: partners {', '.join(map(str, side))} are each credited with the "
                    "whole amount the side makes or is set back [002 L7381–7384]"
                )
    back = [p for p in table.seats if points[p] < 0]
    if len(back) > SET_BACK_MAX[table.hands]:
        raise ValueError(
            f"points: only the bidder's side is set back in a deal: {len(back)} players have "
            f"minus points at a {table.hands}-hand table"
        )
    return {p: points[p] for p in table.seats}


def round_totals(table: Table, deals: Iterable[Mapping[int, int]]) -> dict[int, int]:
    """Each player's points at ``table`` over the round's deals (set-backs deducted)."""
    totals = dict.fromkeys(table.seats, 0)
    for deal in deals:
        for p in table.seats:
            totals[p] += deal[p]
    return totals


def progressing(
    table: Table, totals: Mapping[int, int], cut: Iterable[int] | None = None
) -> tuple[int, ...] | dict:
    """Who progresses from ``table``: the high player (3), the winning partners (4, 6), the
    two highest (5) [002 L7400–7406].  At a tie for a place, ``cut`` (the players the cut
    sends on) settles it; without it the tie is returned as {"tied", "places", "sure"}."""
    m = MOVERS[table.hands]
    cut = tuple(cut or ())
    if table.partnership:
        odd, even = table.sides()
        a, b = totals[odd[0]], totals[even[0]]
        if a != b:
            return odd if a > b else even
        if cut and tuple(sorted(cut)) in (tuple(sorted(odd)), tuple(sorted(even))):
            return odd if set(cut) == set(odd) else even
        return {"tied": list(table.seats), "places": m, "sure": [], "sides": True}
    ranked = sorted(table.seats, key=lambda p: (-totals[p], table.seats.index(p)))
    cutoff = totals[ranked[m - 1]]
    sure = [p for p in ranked if totals[p] > cutoff]
    tied = [p for p in ranked if totals[p] == cutoff]
    if len(sure) + len(tied) == m:
        return tuple(p for p in table.seats if p in sure + tied)
    places = m - len(sure)
    if cut and len(set(cut)) == len(cut) == places and set(cut) <= set(tied):
        return tuple(p for p in table.seats if p in sure or p in cut)
    return {"tied": tied, "places": places, "sure": sure, "sides": False}


def check_cut(table: Table, totals: Mapping[int, int], cut: Iterable[int]) -> tuple[int, ...]:
    """The TD's entry of a cut: the players it sends on, checked (``ValueError``)."""
    cut = tuple(cut)
    tie = progressing(table, totals)
    if not isinstance(tie, dict):
        raise ValueError(f"cut: there is no tie at Table {letter(table.table)}")
    moved = progressing(table, totals, cut)
    if isinstance(moved, dict):
        if tie["sides"]:
            want = "the partners of one side: " + " or ".join(
                ", ".join(map(str, s)) for s in table.sides()
            )
        else:
            want = f"{tie['places']} of players {', '.join(map(str, tie['tied']))}"
        raise ValueError(f"cut: name who progresses after the cut: {want}")
    return tuple(p for p in cut)


def next_seating(
    tables: list[Table],
    totals: Mapping[int, Mapping[int, int]],
    cuts: Mapping[int, Iterable[int]] | None = None,
) -> list[Table]:
    """The next round: the progressing players of each table go to the next table by letter
    (the last table's to Table A); the stayers take the first seats in their old order, the
    arrivals the next ones in theirs.  ``totals``: table → player → the round's points;
    ``cuts``: table → the players a cut sent on.  Raises :class:`FiveHundredTie`."""
    cuts = cuts or {}
    order = sorted(tables, key=lambda t: t.table)
    missing = [letter(t.table) for t in order if t.table not in totals]
    if missing:
        raise ValueError(f"the round is not finished at Table(s) {', '.join(missing)}")
    moving, ties = {}, {}
    for t in order:
        got = progressing(t, totals[t.table], cuts.get(t.table))
        if isinstance(got, dict):
            ties[t.table] = got
        else:
            moving[t.table] = got
    if ties:
        raise FiveHundredTie(ties)
    out = []
    for i, t in enumerate(order):
        came_from = order[i - 1]  # Table A receives the last table's
        stay = tuple(p for p in t.seats if p not in moving[t.table])
        out.append(Table(t.table, stay + tuple(moving[came_from.table])))
    return out


@dataclass
class SheetLine:
    """One player's line on the general score sheet: per round (plus, minus), and totals."""

    player: int
    rounds: dict[int, tuple[int, int]] = field(default_factory=dict)
    plus: int = 0
    minus: int = 0

    @property
    def net(self) -> int:
        return self.plus - self.minus


def score_sheet(deals: Iterable[tuple[int, Mapping[int, int]]], players: Iterable[int]) -> dict:
    """The scorer's general score sheet [002 L7386–7396]: ``deals`` as (round, {player:
    points}); every point won goes in the plus column, every set-back in the minus column;
    the net is the plus less the minus.  Returns {player: :class:`SheetLine`}."""
    sheet = {p: SheetLine(p) for p in players}
    for rnd, points in deals:
        for p, v in points.items():
            line = sheet.setdefault(p, SheetLine(p))
            plus, minus = line.rounds.get(rnd, (0, 0))
            if v >= 0:
                plus += v
                line.plus += v
            else:
                minus -= v
                line.minus -= v
            line.rounds[rnd] = (plus, minus)
    return sheet
