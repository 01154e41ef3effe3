"""Printed matter for a session: one renderer per document, each returning
``(filename, mimetype, bytes)`` from a plain :class:`PrintData` (see docs/printing.md).

``DOCUMENTS`` maps the document's slug (used by ``manage.py print`` and the download view) to
its renderer; ``generate(document, data)`` looks one up with a clear error.
"""

from __future__ import annotations

from collections.abc import Callable

from tournament.printing.documents import (
    calling,
    cards,
    five_hundred,
    foster,
    guide,
    pack,
    results,
    slips,
    social,
    swiss,
    tally,
)
from tournament.printing.documents.common import PAGE_SIZES, PrintData, PrintError

Rendered = tuple[str, str, bytes]

DOCUMENTS: dict[str, Callable[[PrintData], Rendered]] = {
    "table-cards": guide.table_cards,
    "personal-cards": cards.personal_cards,
    "master-sheet": cards.master_sheet,
    "score-slips": slips.score_slips,
    "travellers": slips.travellers,
    "pickup-slips": slips.pickup_slips,
    "tally-cards": tally.tally_cards,
    "social-cards": social.social_cards,
    "swiss-rounds": swiss.swiss_rounds,
    "foster-slips": foster.foster_slips,
    "calling-sheet": calling.calling_sheet,
    "five-hundred-sheet": five_hundred.score_sheet,
    "indicator-cards": guide.indicator_cards,
    "trump-slips": pack.trump_slips,
    "hand-records": pack.hand_records,
    "qr-table-cards": guide.qr_table_cards,
    "results-sheet": results.results_sheet,
    "scorecards": results.scorecards,
    "pack": pack.session_pack,
}

TITLES = {
    "pack": "Session pack (everything, in order)",
    "master-sheet": "Master sheet (TD)",
    "table-cards": "Table (guide) cards",
    "qr-table-cards": "Table cards with QR code",
    "personal-cards": "Personal movement cards",
    "indicator-cards": "Indicator cards",
    "score-slips": "Score slips (white N-S, tinted E-W)",
    "travellers": "Travellers",
    "pickup-slips": "Pick-up slips",
    "tally-cards": "Tally cards (progressive)",
    "social-cards": "Social score cards (pivot, Baker, Safford, social pivot)",
    "swiss-rounds": "Swiss round sheets (pairings, scores, standings)",
    "foster-slips": "Foster's prize draw: the sealed numbers (TD)",
    "calling-sheet": "Calling sheet: prizes by games won (manager)",
    "five-hundred-sheet": "General score sheet (Progressive Five Hundred)",
    "trump-slips": "Trump slips (whist)",
    "hand-records": "Hand records",
    "results-sheet": "Results sheet and prize list",
    "scorecards": "Pair scorecards",
}

#: documents anyone may download once the session is final; the rest are for the TD.
PUBLIC_WHEN_FINAL = frozenset({"results-sheet"})


def generate(document: str, data: PrintData) -> Rendered:
    try:
        renderer = DOCUMENTS[document]
    except KeyError:
        raise PrintError(
            f"unknown document {document!r}; choose one of {', '.join(sorted(DOCUMENTS))}"
        ) from None
    return renderer(data)


__all__ = [
    "DOCUMENTS",
    "PAGE_SIZES",
    "PUBLIC_WHEN_FINAL",
    "TITLES",
    "PrintData",
    "PrintError",
    "generate",
]
