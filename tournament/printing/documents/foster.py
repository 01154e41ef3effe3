"""Foster's sealed numbers [002 L2794–2846]: the 100 numbers of the prize draw as slips to cut
and seal in the envelope before play, each band on its own rows, with the SHA-256 seal to
publish.  For the TD only: the list is secret until the draw.
"""

from __future__ import annotations

from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    BODY,
    SMALL,
    SUBTITLE,
    TITLE,
    PrintData,
    PrintError,
    frame_width,
    grid,
    result,
)

PER_ROW = 10


def slip_rows(numbers: list[int]) -> list[list[str]]:
    """The numbers ten to a row, a band (1400s, 1500s …) starting a new row."""
    rows: list[list[str]] = []
    bands: dict[int, list[int]] = {}
    for n in sorted(numbers):
        bands.setdefault(n // 100, []).append(n)
    for band in sorted(bands):
        values = [f"{n:,}" for n in bands[band]]
        for i in range(0, len(values), PER_ROW):
            chunk = values[i : i + PER_ROW]
            rows.append(chunk + [""] * (PER_ROW - len(chunk)))
    return rows


def foster_slips(data: PrintData):
    draw = data.foster
    if not draw:
        raise PrintError(
            "Foster's slips: seal the numbers first (the section's Foster's draw page)"
        )
    width = frame_width(data)
    story = [
        Text("Foster's prize draw: the sealed numbers", TITLE),
        Text(f"{data.title} · section {data.section} · {data.date}", SUBTITLE),
        Text(
            "Cut along the lines, fold each slip and seal them in the envelope before play. "
            "When the scores are in, one is drawn in public: the nearest score, above or below, "
            "wins the first prize, the next nearest the second [002 L2831–2843].",
            BODY,
        ),
        grid(slip_rows(draw["numbers"]), [width / PER_ROW] * PER_ROW, extra=[]),
        Text(f"Seal (SHA-256), sealed {draw['sealed_at']}: {draw['digest']}", SMALL),
    ]
    return result(data, "foster-slips", story)
