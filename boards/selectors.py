"""Reads of board sets: rows → engine values (``boards.engine.deals.Board``, ``DDResult``) for the
PDF renderers and the PBN export.

Everything here returns deals, so callers must already have checked that the user may see
them (``boards.services.deals_visible``; the TD's pages are TD-only).
"""

from __future__ import annotations

import re
from typing import Any

from boards import pdf
from boards.engine import deals, pbn
from boards.engine.cards import STRAINS_PBN, Card, Direction, Strain, Suit
from boards.engine.dds import PBN_DECLARERS, DDResult, ParContract
from boards.engine.dealing import Game
from boards.engine.deals import Deal, DealError

from .models import Board, BoardSet

#: strain keys of ``Board.dd_table``: ``{"N": {"NT": 9, "S": 10, "H": 8, "D": 7, "C": 6}, …}``
DD_KEYS = {s: s.value for s in STRAINS_PBN}


def game_of(board_set: BoardSet) -> Game:
    return Game.parse(board_set.session.event.game)


def engine_board(row: Board, game: Game | str, declared_trump: str = "") -> deals.Board:
    """One row as an engine board (its deal validated again on the way)."""
    game = Game.parse(game)
    card = Card.parse(row.trump_card) if row.trump_card and not declared_trump else None
    suit = Suit.parse(declared_trump) if declared_trump and game is Game.WHIST else None
    return deals.make_board(row.number, deals.Deal.from_pbn(row.deal), game, card, suit)


def to_engine(board_set: BoardSet) -> deals.BoardSet:
    """The stored boards that have a deal as an engine ``BoardSet`` (for PDFs, PBN, DD).

    A row whose deal is not a deal (stored before imports checked it) is left out: the
    board-set page names it (``bad_deal``), and every other board still prints."""
    game = game_of(board_set)
    rows = board_set.boards.exclude(deal="").order_by("number")
    boards = []
    for row in rows:
        try:
            boards.append(engine_board(row, game, board_set.declared_trump))
        except ValueError:  # DealError, or a trump card that is not a card
            continue
    return deals.BoardSet(game, tuple(boards))


def bad_deal(row: Board) -> str:
    """What is wrong with a stored deal ('' when it is a deal, or none is recorded)."""
    if not row.deal:
        return ""
    try:
        Deal.from_pbn(row.deal)
    except DealError as exc:
        return f"board {row.number}: the stored deal {row.deal[:30]!r} is not a deal ({exc})"
    return ""


# ---------------------------------------------------------------------------------------------
# Double-dummy results as JSON on the row and back


def dd_json(result: DDResult) -> tuple[dict, dict | None]:
    """``(dd_table, par)`` for a row; par is ``{"score": 420, "contracts": ["4S NS"]}``."""
    table = {
        d.letter: {DD_KEYS[s]: result.tricks_for(d, s) for s in STRAINS_PBN} for d in PBN_DECLARERS
    }
    if result.par_score is None:
        return table, None
    return table, {"score": result.par_score, "contracts": [str(c) for c in result.par_contracts]}


_PAR = re.compile(r"^([1-7])(NT|[SHDC])(X?) ([NESW]{1,2})(?: ([+-]\d+))?$")


def _par_contract(text: str) -> ParContract | None:
    match = _PAR.match(text.strip())
    if not match:
        return None
    level, strain, doubled, seats, result = match.groups()
    return ParContract(int(level), Strain(strain), seats, bool(doubled), int(result or 0))


def dd_result(row: Board) -> DDResult | None:
    """The row's stored analysis as a ``DDResult`` (None if not analysed)."""
    if not row.dd_table:
        return None
    try:
        tricks = tuple(
            int(row.dd_table[d.letter][DD_KEYS[s]]) for d in PBN_DECLARERS for s in STRAINS_PBN
        )
    except (KeyError, TypeError, ValueError):
        return None
    par = row.par or {}
    contracts = tuple(c for c in map(_par_contract, par.get("contracts", [])) if c is not None)
    return DDResult(tricks, par.get("score"), contracts)


# ---------------------------------------------------------------------------------------------
# What the renderers and the PBN export take


def _rows_and_boards(board_set: BoardSet):
    engine = {b.board_number: b for b in to_engine(board_set).boards}
    rows = board_set.boards.exclude(deal="").order_by("number")
    return [(row, engine[row.number]) for row in rows if row.number in engine]


def hand_records(board_set: BoardSet) -> list[pdf.HandRecordBoard]:
    """Per board the engine board and its double-dummy analysis if computed."""
    return [pdf.HandRecordBoard(b, dd_result(r)) for r, b in _rows_and_boards(board_set)]


def title(board_set: BoardSet) -> str:
    session = board_set.session
    return f"{session.event.name} — {session.name}"


def export_pbn(board_set: BoardSet) -> str:
    """The board set as a PBN 2.1 file, with the double-dummy tags where analysed."""
    pairs = _rows_and_boards(board_set)
    dd = {r.number: res for r, _ in pairs if (res := dd_result(r)) is not None}
    session = board_set.session
    return pbn.export_pbn(
        [b for _, b in pairs],
        dd=dd,
        event=title(board_set),
        site=session.event.club.name,
        date=session.date,
    )


def render(board_set: BoardSet, document: str, size: str = "A4") -> tuple[str, str, bytes]:
    """``(filename, content type, bytes)`` of ``hand-records``, ``trump-slips`` or
    ``duplication``; raises ``ValueError`` for an unknown document or a set with no deals."""
    engine = to_engine(board_set)
    if not engine.boards:
        raise ValueError("no deals are recorded for this session")
    name = title(board_set)
    if document == "hand-records":
        return pdf.render_hand_records(hand_records(board_set), f"Hand records — {name}", size)
    if document == "trump-slips":
        if engine.game is not Game.WHIST:
            raise ValueError("trump slips are for whist boards only")
        return pdf.render_trump_slips(engine.boards, name, size)
    if document == "duplication":
        return pdf.render_duplication_sheets(engine.boards, f"Duplication — {name}", size)
    raise ValueError(f"unknown document {document!r}: hand-records, trump-slips or duplication")


# --- a board's deal shaped for the page (once ``services.deals_visible`` allows it) ----------

VULNERABILITY = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both", "Both": "Both"}
DD_STRAINS = ("C", "D", "H", "S", "N")
STRAIN_LABEL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "N": "NT", "NT": "NT"}


def hand_rows(deal: Deal, direction: Direction) -> list[dict[str, str]]:
    hand = deal[direction]
    return [
        {"letter": s.letter, "symbol": s.symbol, "cards": hand.holding_text(s, void="—")}
        for s in Suit
    ]


def _dd_rows(dd_table: Any) -> list[dict[str, Any]] | None:
    """``{"N": {"C": 7, …}, …}`` → rows per declarer; None if absent or not in that shape."""
    if not isinstance(dd_table, dict):
        return None
    rows = []
    for seat in "NSEW":
        tricks = dd_table.get(seat)
        if not isinstance(tricks, dict):
            return None
        rows.append(
            {"seat": seat, "tricks": [tricks.get(s, tricks.get("NT", "")) for s in DD_STRAINS]}
        )
    return rows


def _par_text(par: Any) -> str:
    if not par:
        return ""
    if isinstance(par, dict):
        score = par.get("score", "")
        contracts = par.get("contracts", "")
        if isinstance(contracts, list):
            contracts = ", ".join(str(c) for c in contracts)
        return f"{contracts} {score}".strip()
    return str(par)


def _trump(card: str) -> dict[str, str] | None:
    if not card:
        return None
    suit = Suit(card[0].upper())
    return {"letter": suit.letter, "symbol": suit.symbol, "rank": card[1:]}


def board_context(board) -> dict[str, Any]:
    """Template context for one board's diagram (the deal must already be visible)."""
    try:
        deal = Deal.from_pbn(board.deal) if board.deal else None
    except DealError:
        deal = None
    hands = {d.letter.lower(): hand_rows(deal, d) for d in Direction} if deal else None
    return {
        "board_row": board,
        "hands": hands,
        "dealer": Direction.parse(board.dealer).title if board.dealer else "",
        "vulnerability": VULNERABILITY.get(board.vulnerability, board.vulnerability),
        "trump": _trump(board.trump_card),
        "dd_rows": _dd_rows(board.dd_table),
        "dd_labels": [STRAIN_LABEL[s] for s in DD_STRAINS],
        "par": _par_text(board.par),
    }


def board_rows(board_set: BoardSet | None) -> list[dict[str, Any]]:
    """The board-set page's rows: each board's hands (suits and high-card points), par, and
    whether the double-dummy analysis is in."""
    if board_set is None:
        return []
    out = []
    for row in board_set.boards.order_by("number"):
        problem = bad_deal(row)
        deal = Deal.from_pbn(row.deal) if row.deal and not problem else None
        dd = dd_result(row)
        hands = [{"seat": d.letter, "suits": hand_rows(deal, d), "hcp": deal[d].hcp}
                 for d in Direction] if deal else []  # fmt: skip
        out.append({"row": row, "hands": hands, "par": dd.par_text() if dd else "",
                    "analysed": dd is not None, "problem": problem})  # fmt: skip
    return out
