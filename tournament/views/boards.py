"""A board's deal shaped for the page: compass hands with suit symbols, DD table and par.

Only called once ``boards.services.deals_visible`` allows the deal to be shown.
"""

from __future__ import annotations

from typing import Any

from boards.cards import Direction, Suit
from boards.deals import Deal, DealError

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
