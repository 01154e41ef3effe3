"""Double-dummy analysis of bridge boards with endplay's wrapper of Bo Haglund's DDS.

For each board: the tricks each declarer makes in each strain with perfect play by all four
players, and the par score and contracts (DDS ``DealerParBin``, which takes the dealer and
vulnerability into account).  ``analyse_board_set`` sends the whole set to the solver's batch
call ``CalcAllTables`` (up to 40 deals per call, so 36 boards are one call), reporting progress
through a callback; ``analyse_board`` is the one-board path used by the benchmark.
Par is only meaningful for contract bridge; boards without a vulnerability are scored as None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boards.engine.cards import DIRECTIONS, STRAINS_PBN, CardError, Direction, Strain
from boards.engine.dealing import Vulnerability

# DDS CalcAllTables takes at most MAXNOOFTABLES (40) deals when all five strains are solved.
BATCH_LIMIT = 40
# PBN DoubleDummyTricks order: declarers N, S, E, W; strains NT, S, H, D, C within each.
PBN_DECLARERS: tuple[Direction, ...] = (
    Direction.NORTH,
    Direction.SOUTH,
    Direction.EAST,
    Direction.WEST,
)

Progress = Callable[[int, int], None]


class DDError(ValueError):
    """Double-dummy data that cannot be read or computed."""


@dataclass(frozen=True)
class ParContract:
    """One par contract, e.g. ``4S NS``, ``5DX E -2`` (result: overtricks, or minus undertricks)."""

    level: int
    strain: Strain
    declarers: str  # "N", "NS", "E", "EW", …
    doubled: bool = False
    result: int = 0

    def __str__(self) -> str:
        text = f"{self.level}{self.strain.value}{'X' if self.doubled else ''} {self.declarers}"
        return text if self.result == 0 else f"{text} {self.result:+d}"


@dataclass(frozen=True)
class DDResult:
    """Tricks by declarer and strain (PBN order) and, where computed, the par."""

    tricks: tuple[int, ...]  # 20 values: N, S, E, W × NT, S, H, D, C
    par_score: int | None = None  # from N-S's point of view
    par_contracts: tuple[ParContract, ...] = ()

    def __post_init__(self) -> None:
        if len(self.tricks) != 20 or not all(0 <= t <= 13 for t in self.tricks):
            raise DDError(f"a double-dummy table needs 20 trick counts 0 … 13, got {self.tricks}")

    def tricks_for(self, declarer: Direction, strain: Strain) -> int:
        return self.tricks[PBN_DECLARERS.index(declarer) * 5 + STRAINS_PBN.index(strain)]

    def to_pbn_tricks(self) -> str:
        """The PBN ``DoubleDummyTricks`` value: 20 hex digits."""
        return "".join(format(t, "x") for t in self.tricks)

    @classmethod
    def from_pbn_tricks(cls, text: str, **par: object) -> DDResult:
        value = text.strip()
        if len(value) != 20:
            raise DDError(f"DoubleDummyTricks needs 20 hex digits, got {len(value)}: {value!r}")
        try:
            tricks = tuple(int(c, 16) for c in value)
        except ValueError:
            raise DDError(f"DoubleDummyTricks {value!r} is not hexadecimal") from None
        return cls(tricks, **par)  # type: ignore[arg-type]

    def par_text(self) -> str:
        if self.par_score is None:
            return ""
        if not self.par_contracts:
            return "Pass 0" if self.par_score == 0 else f"{self.par_score:+d}"
        side = "NS" if self.par_score >= 0 else "EW"
        contracts = ", ".join(str(c) for c in self.par_contracts)
        return f"{side} {abs(self.par_score)}: {contracts}"


@dataclass(frozen=True)
class DDInput:
    """What the solver needs for one board (build it from a ``deals.Board``)."""

    deal_pbn: str
    dealer: Direction
    vulnerability: Vulnerability | None


def input_for(board: object) -> DDInput:
    """Adapter from :class:`boards.engine.deals.Board` (duck-typed to keep the import graph flat)."""
    return DDInput(board.deal.to_pbn(), board.dealer, board.vulnerability)  # type: ignore[attr-defined]


def _endplay():
    try:
        from endplay import dds, types
    except ImportError as exc:  # pragma: no cover - endplay is a declared dependency
        raise DDError(f"double-dummy analysis needs endplay: {exc}") from exc
    return dds, types


def _vul(types, vulnerability: Vulnerability | None):
    names = {None: "none", "None": "none", "NS": "ns", "EW": "ew", "All": "both"}
    return getattr(types.Vul, names[vulnerability.value if vulnerability else None])


def _result(table, item: DDInput, dds, types) -> DDResult:
    tricks = tuple(
        table[types.Denom(_DENOM[strain]), types.Player(declarer.index)]
        for declarer in PBN_DECLARERS
        for strain in STRAINS_PBN
    )
    parlist = dds.par(table, _vul(types, item.vulnerability), types.Player(item.dealer.index))
    return DDResult(tricks, parlist.score, _par_contracts(parlist))


# endplay Denom values: spades 0, hearts 1, diamonds 2, clubs 3, nt 4.
_DENOM = {
    Strain.SPADES: 0,
    Strain.HEARTS: 1,
    Strain.DIAMONDS: 2,
    Strain.CLUBS: 3,
    Strain.NOTRUMP: 4,
}
_STRAIN_OF_DENOM = {v: k for k, v in _DENOM.items()}


def _par_contracts(parlist) -> tuple[ParContract, ...]:
    """Merge endplay's per-seat contracts into one entry per contract (``4S NS``)."""
    merged: dict[tuple, str] = {}
    for c in parlist:
        key = (c.level, int(c.denom), int(c.penalty) >= 2, int(c.result))
        merged[key] = merged.get(key, "") + DIRECTIONS[int(c.declarer)].letter
    return tuple(
        ParContract(level, _STRAIN_OF_DENOM[denom], _order_seats(seats), doubled, result)
        for (level, denom, doubled, result), seats in merged.items()
    )


def _order_seats(seats: str) -> str:
    return "".join(s for s in "NSEW" if s in seats)


def analyse_board(item: DDInput) -> DDResult:
    """One board, one solver call (``CalcDDtable``)."""
    dds, types = _endplay()
    table = dds.calc_dd_table(types.Deal(item.deal_pbn))
    return _result(table, item, dds, types)


def analyse_board_set(items: Sequence[DDInput], progress: Progress | None = None) -> list[DDResult]:
    """Every board through the batch call ``CalcAllTables``, ``BATCH_LIMIT`` deals per call.

    ``progress(done, total)`` is called after each batch (once for a set of up to 40 boards).
    """
    dds, types = _endplay()
    results: list[DDResult] = []
    total = len(items)
    for start in range(0, total, BATCH_LIMIT):
        chunk = items[start : start + BATCH_LIMIT]
        try:
            tables = dds.calc_all_tables([types.Deal(i.deal_pbn) for i in chunk])
        except Exception as exc:  # the C library reports errors with its own types
            raise DDError(f"the double-dummy solver failed on boards {start + 1}…: {exc}") from exc
        results.extend(_result(tables[k], item, dds, types) for k, item in enumerate(chunk))
        if progress is not None:
            progress(len(results), total)
    return results


def analyse_boards_one_by_one(
    items: Sequence[DDInput], progress: Progress | None = None
) -> list[DDResult]:
    """The board-by-board path (for comparison in the benchmark)."""
    results = []
    for item in items:
        results.append(analyse_board(item))
        if progress is not None:
            progress(len(results), len(items))
    return results


def strain_from_pbn(text: str) -> Strain:
    try:
        return Strain.parse(text)
    except CardError as exc:
        raise DDError(str(exc)) from None
