"""PBN 2.1 export and lenient import of board sets (pure Python).

Export writes, per board, ``Event``, ``Site``, ``Date``, ``Board``, ``Dealer``, ``Vulnerable``
and ``Deal``, then the double-dummy tags ``DoubleDummyTricks``, ``OptimumScore``,
``ParContract`` and the ``OptimumResultTable`` section when an analysis is given.  Whist boards
carry the trump in the non-standard tags ``TrumpCard`` (turned) or ``TrumpSuit`` (declared),
which other programs ignore.

Import reads what other programs write: ``%`` directives, ``;`` and ``{ … }`` comments, CRLF,
lower-case tags, any first seat in ``Deal``, tags inherited with ``"#"``, missing ``Dealer`` or
``Vulnerable`` (taken from the board number), DD tricks from either ``DoubleDummyTricks`` or
``OptimumResultTable``.  A file that cannot be read raises :class:`PBNError` with the line
number; nothing is returned, so nothing is imported.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from boards.engine.cards import STRAINS_PBN, Card, CardError, Direction, Suit
from boards.engine.dds import PBN_DECLARERS, DDError, DDResult, ParContract, strain_from_pbn
from boards.engine.dealing import Game, Vulnerability, WhistTrump, dealer_of, vulnerability_of
from boards.engine.deals import Board, Deal, DealError


class PBNError(ValueError):
    """A PBN file that cannot be imported; ``line`` is the 1-based line number (or None)."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class PBNBoard:
    """One imported (or exported) board with its double-dummy analysis and event tags."""

    board: Board
    dd: DDResult | None = None
    event: str = ""
    site: str = ""
    date: str = ""


# ---------------------------------------------------------------------------------------------
# Export


def _tag(name: str, value: object) -> str:
    text = str(value).replace('"', '\\"')
    return f'[{name} "{text}"]'


def _pbn_date(date: dt.date | str | None) -> str:
    if date is None or date == "":
        return "????.??.??"
    if isinstance(date, dt.date):
        return date.strftime("%Y.%m.%d")
    return date


def _dd_lines(dd: DDResult) -> list[str]:
    lines = [_tag("DoubleDummyTricks", dd.to_pbn_tricks())]
    if dd.par_score is not None:
        side = "NS" if dd.par_score >= 0 else "EW"
        lines.append(_tag("OptimumScore", f"{side} {abs(dd.par_score)}"))
        contracts = "; ".join(_par_pbn(c) for c in dd.par_contracts) or "Pass"
        lines.append(_tag("ParContract", contracts))
    lines.append(_tag("OptimumResultTable", r"Declarer;Denomination\2R;Result\2R"))
    for declarer in PBN_DECLARERS:
        for strain in STRAINS_PBN:
            lines.append(
                f"{declarer.letter} {strain.value:>2} {dd.tricks_for(declarer, strain):>2}"
            )
    return lines


def _par_pbn(contract: ParContract) -> str:
    result = "" if contract.result == 0 else f"{contract.result:+d}"
    double = "X" if contract.doubled else ""
    return f"{contract.declarers} {contract.level}{contract.strain.value}{double}{result}"


def _board_lines(board: Board, dd: DDResult | None, event: str, site: str, date: str) -> list[str]:
    vul = board.vulnerability or Vulnerability.NONE
    lines = [
        _tag("Event", event),
        _tag("Site", site),
        _tag("Date", date),
        _tag("Board", board.board_number),
        _tag("Dealer", board.dealer.letter),
        _tag("Vulnerable", vul.pbn),
        _tag("Deal", board.deal.to_pbn(board.dealer)),
    ]
    if board.trump is not None and board.trump.card is not None:
        lines.append(_tag("TrumpCard", str(board.trump.card)))
    elif board.trump is not None:
        lines.append(_tag("TrumpSuit", board.trump.suit.letter))
    if dd is not None:
        lines += _dd_lines(dd)
    return lines


def export_pbn(
    boards: Iterable[Board],
    dd: Mapping[int, DDResult] | None = None,
    event: str = "",
    site: str = "",
    date: dt.date | str | None = None,
) -> str:
    """A PBN 2.1 export file for ``boards`` (``dd`` maps board number to analysis)."""
    dd = dd or {}
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", ""]
    for board in sorted(boards, key=lambda b: b.board_number):
        out += _board_lines(board, dd.get(board.board_number), event, site, _pbn_date(date))
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# Import

_TAG = re.compile(r'\[\s*([A-Za-z][\w-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')


@dataclass
class _Game:
    tags: dict[str, tuple[str, int]] = field(
        default_factory=dict
    )  # lowercase name -> (value, line)
    table: list[tuple[str, int]] = field(default_factory=list)  # OptimumResultTable rows
    in_table: bool = False
    first_line: int = 0


def _strip_comments(lines: list[str]) -> list[tuple[int, str]]:
    """Remove ``%`` lines and ``;`` / ``{ }`` comments; keep line numbers (1-based)."""
    out: list[tuple[int, str]] = []
    open_at: int | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.lstrip("\ufeff")
        if open_at is not None:
            if "}" not in line:
                continue
            line, open_at = line.split("}", 1)[1], None
            if not line.strip():
                continue
        if line.lstrip().startswith("%"):
            continue
        kept, open_at = _drop_inline_comments(line, number)
        if kept.strip() or not line.strip():  # a comment-only line is not a blank line
            out.append((number, kept.rstrip()))
    if open_at is not None:
        raise PBNError("a { comment is never closed", open_at)
    return out


def _drop_inline_comments(line: str, number: int) -> tuple[str, int | None]:
    kept, in_quote, i = [], False, 0
    while i < len(line):
        char = line[i]
        if char == '"' and (i == 0 or line[i - 1] != "\\"):
            in_quote = not in_quote
        elif not in_quote and char == ";":
            break
        elif not in_quote and char == "{":
            end = line.find("}", i)
            if end < 0:
                return "".join(kept), number
            i = end + 1
            continue
        kept.append(char)
        i += 1
    return "".join(kept), None


def _split_games(lines: list[tuple[int, str]]) -> list[_Game]:
    games: list[_Game] = []
    game = _Game()
    for number, line in lines:
        if not line.strip():
            game.in_table = False
            if game.tags:
                games.append(game)
                game = _Game()
            continue
        if line.lstrip().startswith("["):
            game = _read_tags(line, number, game, games)
        elif game.in_table:
            game.table.append((line.strip(), number))
    if game.tags:
        games.append(game)
    return games


def _read_tags(line: str, number: int, game: _Game, games: list[_Game]) -> _Game:
    matches = list(_TAG.finditer(line))
    leftover = _TAG.sub("", line).strip()
    if not matches or leftover.startswith("["):
        raise PBNError(f'cannot read the tag {line.strip()!r}; expected [Name "value"]', number)
    for match in matches:
        name = match.group(1).lower()
        if name in game.tags and name in ("board", "deal"):
            games.append(game)  # a program that leaves out the blank line between games
            game = _Game()
        game.tags[name] = (match.group(2).replace('\\"', '"').replace("\\\\", "\\"), number)
        game.first_line = game.first_line or number
        game.in_table = name == "optimumresulttable"
    return game


def _inherit(games: list[_Game]) -> None:
    """PBN tag inheritance: a value of ``#`` repeats the previous game's value."""
    previous: dict[str, str] = {}
    for game in games:
        for name, (value, number) in list(game.tags.items()):
            if value == "#":
                game.tags[name] = (previous.get(name, ""), number)
        previous.update({k: v for k, (v, _) in game.tags.items()})


#: the highest board number a file may give (``tournament.limits.BOARD_NUMBER_MAX`` is this)
BOARD_NUMBER_MAX = 1_000


def _board_number(game: _Game, fallback: int) -> int:
    if "board" not in game.tags:
        return fallback
    value, number = game.tags["board"]
    digits = re.sub(r"\D", "", value)
    if not digits or len(digits) > 9 or int(digits) < 1:
        raise PBNError(f"Board {value[:20]!r} is not a board number", number)
    if int(digits) > BOARD_NUMBER_MAX:
        raise PBNError(f"Board {int(digits)}: board numbers go up to {BOARD_NUMBER_MAX}", number)
    return int(digits)


def _dealer(game: _Game, board_number: int) -> Direction:
    value, number = game.tags.get("dealer", ("", 0))
    if not value.strip() or value.strip() == "?":
        return dealer_of(board_number)
    try:
        return Direction.parse(value)
    except CardError as exc:
        raise PBNError(f"Dealer: {exc}", number) from None


def _vulnerability(game: _Game, board_number: int) -> Vulnerability:
    value, number = game.tags.get("vulnerable", ("?", 0))
    if value.strip() == "?":
        return vulnerability_of(board_number)
    try:
        return Vulnerability.parse(value)
    except CardError as exc:
        raise PBNError(f"Vulnerable: {exc}", number) from None


def _trump(game: _Game) -> WhistTrump | None:
    try:
        if "trumpcard" in game.tags:
            return WhistTrump.turned(Card.parse(game.tags["trumpcard"][0]))
        if "trumpsuit" in game.tags:
            return WhistTrump.declared_suit(Suit.parse(game.tags["trumpsuit"][0]))
    except CardError as exc:
        line = (game.tags.get("trumpcard") or game.tags["trumpsuit"])[1]
        raise PBNError(f"trump: {exc}", line) from None
    return None


def _table_tricks(game: _Game) -> tuple[int, ...] | None:
    cells: dict[tuple[Direction, object], int] = {}
    for row, number in game.table:
        parts = row.split()
        if len(parts) < 3:
            raise PBNError(f"OptimumResultTable row {row!r} needs declarer, strain, tricks", number)
        try:
            cells[(Direction.parse(parts[0]), strain_from_pbn(parts[1]))] = int(parts[2])
        except (CardError, DDError, ValueError):
            raise PBNError(f"cannot read OptimumResultTable row {row!r}", number) from None
    keys = [(d, s) for d in PBN_DECLARERS for s in STRAINS_PBN]
    if not all(k in cells for k in keys):
        return None
    return tuple(cells[k] for k in keys)


def _optimum_score(game: _Game) -> int | None:
    if "optimumscore" not in game.tags:
        return None
    value, number = game.tags["optimumscore"]
    side = re.match(r"\s*(NS|EW)\b", value, flags=re.IGNORECASE)
    amounts = re.findall(r"[+-]?\d+", value.split(";")[-1])
    if not side or not amounts:
        raise PBNError(f"OptimumScore {value!r}: expected e.g. 'NS 420' or 'EW 620'", number)
    amount = int(amounts[-1])
    # "EW 620" is +620 to E-W; "EW -620" (seen in the wild) already states N-S's view.
    return -amount if side.group(1).upper() == "EW" and amount > 0 else amount


_PAR = re.compile(r"(NS|EW|[NESW])\s+([1-7])(NT|[NSHDC])(X{0,2})([+-]\d+|=)?", re.IGNORECASE)


def _par_contracts(game: _Game) -> tuple[ParContract, ...]:
    """``ParContract`` has no fixed syntax across programs: read ours, ignore the rest."""
    value = game.tags.get("parcontract", ("", 0))[0]
    contracts = []
    for part in filter(None, (p.strip() for p in re.split(r"[;,]", value))):
        match = _PAR.fullmatch(part)
        if not match:
            return ()
        seats, level, strain, double, result = match.groups()
        extra = 0 if result in (None, "=") else int(result)
        contracts.append(
            ParContract(int(level), strain_from_pbn(strain), seats.upper(), bool(double), extra)
        )
    return tuple(contracts)


def _dd(game: _Game) -> DDResult | None:
    par = _optimum_score(game)
    contracts = _par_contracts(game) if par is not None else ()
    try:
        if "doubledummytricks" in game.tags:
            value, number = game.tags["doubledummytricks"]
            return DDResult.from_pbn_tricks(value, par_score=par, par_contracts=contracts)
        tricks = _table_tricks(game)
        return None if tricks is None else DDResult(tricks, par, contracts)
    except DDError as exc:
        line = game.tags.get("doubledummytricks", ("", game.first_line))[1]
        raise PBNError(str(exc), line) from None


def _to_board(game: _Game, fallback_number: int, kind: Game | None) -> PBNBoard:
    deal_value, deal_line = game.tags["deal"]
    board_number = _board_number(game, fallback_number)
    try:
        deal = Deal.from_pbn(deal_value)
        board = Board(
            board_number,
            deal,
            _dealer(game, board_number),
            None if kind in (Game.AUCTION, Game.WHIST) else _vulnerability(game, board_number),
            _trump(game),
        )
    except DealError as exc:
        raise PBNError(f"board {board_number}: {exc}", deal_line) from None
    tag = lambda name: game.tags.get(name, ("", 0))[0]  # noqa: E731
    return PBNBoard(board, _dd(game), tag("event"), tag("site"), tag("date"))


def import_pbn(text: str, game: Game | str | None = None) -> list[PBNBoard]:
    """Read every board of a PBN file; raise :class:`PBNError` (with the line) on any fault.

    With ``game`` given as auction or whist the boards carry no vulnerability (those games
    have none), whatever the file's ``Vulnerable`` tag says.
    """
    game = None if game is None else Game.parse(game)
    games = _split_games(_strip_comments(text.splitlines()))
    _inherit(games)
    boards: list[PBNBoard] = []
    seen: dict[int, int] = {}
    for entry in games:
        if "deal" not in entry.tags:
            continue  # a header game (Event/Site only) or a results-only game
        pbn_board = _to_board(entry, len(boards) + 1, game)
        number = pbn_board.board.board_number
        if number in seen:
            line = entry.tags["deal"][1]
            raise PBNError(f"board {number} appears twice (first at line {seen[number]})", line)
        seen[number] = entry.tags["deal"][1]
        boards.append(pbn_board)
    if not boards:
        raise PBNError("the file has no [Deal] tag, so there are no boards to import")
    return boards
