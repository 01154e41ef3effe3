"""Time to produce a session pack (every document, one PDF) for 15 and 30 tables.

15 tables: a Mitchell, 15 rounds of 2 boards; 30 tables: relay and bye stand, 30 rounds of
1 board; contract bridge (pick-up slips), names on, with hand records for seeded deals.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")


def pack_seconds(kind: str, tables: int, boards_per_round: int, repeat: int = 3) -> tuple:
    from boards.deals import generate_board
    from tournament.movements import build
    from tournament.pdf import PrintData, generate

    movement = build(kind, tables=tables, boards_per_round=boards_per_round)
    boards = tuple(generate_board(n, seed="bench") for n in range(1, movement.total_boards + 1))
    data = PrintData(
        title="Bench night",
        movement=movement,
        names={p: f"Player {p}a & Player {p}b" for p in movement.participants},
        boards=boards,
        table_urls={t: f"https://club.example/t/{t:032x}/" for t in range(1, tables + 1)},
    )
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(generate("pack", data)[2])
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def run() -> str:
    rows = ["## Printing: the session pack", "", "| Tables | Movement | Median | PDF size |"]
    rows.append("|---|---|---|---|")
    for kind, tables, b in (("mitchell", 15, 2), ("relay-bye", 30, 1)):
        seconds, size = pack_seconds(kind, tables, b)
        rows.append(
            f"| {tables} | {kind}, {b} boards a round | {seconds:.2f} s | {size // 1024} KiB |"
        )
    rows += [
        "",
        "Everything for the session in one PDF (master sheet, guide and QR cards, "
        "personal cards, pick-up slips, hand records); median of 3 runs.",
    ]
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    import django

    django.setup()
    print(run())
