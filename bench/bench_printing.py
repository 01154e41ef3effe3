"""Time to produce a session pack (every document, one PDF) for 15 and 30 tables.

15 tables: a Mitchell, 15 rounds of 2 boards; 30 tables: relay and bye stand, 30 rounds of
1 board; contract bridge (pick-up slips), names on, with hand records for seeded deals.
Wall-clock and CPU medians: on a shared machine the wall clock also counts the other work,
the CPU time is what the pack itself costs.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")


def pack_seconds(kind: str, tables: int, boards_per_round: int, repeat: int = 5) -> tuple:
    from boards.engine.deals import generate_board
    from tournament.movements import build
    from tournament.printing.documents import PrintData, generate

    movement = build(kind, tables=tables, boards_per_round=boards_per_round)
    boards = tuple(generate_board(n, seed="bench") for n in range(1, movement.total_boards + 1))
    data = PrintData(
        title="Bench night",
        movement=movement,
        names={p: f"Player {p}a & Player {p}b" for p in movement.participants},
        boards=boards,
        table_urls={t: f"https://club.example/t/{t:032x}/" for t in range(1, tables + 1)},
    )
    generate("pack", data)  # warm up: imports, fonts
    times, cpu, size = [], [], 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(generate("pack", data)[2])
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), statistics.median(cpu), size


def run() -> str:
    rows = ["## Printing: the session pack", ""]
    rows.append("| Tables | Movement | Median (wall) | Median (CPU) | PDF size |")
    rows.append("|---|---|---|---|---|")
    for kind, tables, b in (("mitchell", 15, 2), ("relay-bye", 30, 1)):
        seconds, cpu, size = pack_seconds(kind, tables, b)
        rows.append(
            f"| {tables} | {kind}, {b} boards a round | {seconds:.2f} s | {cpu:.2f} s "
            f"| {size // 1024} KiB |"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows += [
        "",
        "Everything for the session in one PDF (master sheet, guide and QR cards, "
        "personal cards, pick-up slips, hand records); median of 5 runs after a warm-up, "
        f"load average {load:.1f} on {os.cpu_count()} cores when measured.",
    ]
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    import django

    django.setup()
    print(run())
