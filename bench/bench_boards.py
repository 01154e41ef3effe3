"""Benchmark: dealing speed and double-dummy analysis (batch vs board by board).

``run() -> str`` returns a Markdown section for docs/performance.md (medians, no pass/fail).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boards.engine.dds import analyse_board_set, analyse_boards_one_by_one, input_for  # noqa: E402
from boards.engine.deals import generate_board_set  # noqa: E402


def _median_seconds(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _dealing(boards: int, repeats: int) -> tuple[float, float]:
    numbers = range(1, boards + 1)
    seeded = _median_seconds(lambda: generate_board_set(numbers, seed="bench"), repeats)
    unseeded = _median_seconds(lambda: generate_board_set(numbers), repeats)
    return boards / seeded, boards / unseeded


def _double_dummy(repeats: int) -> tuple[float, float]:
    items = [input_for(b) for b in generate_board_set(range(1, 37), seed="bench dd").boards]
    batch = _median_seconds(lambda: analyse_board_set(items), repeats)
    single = _median_seconds(lambda: analyse_boards_one_by_one(items), repeats)
    return batch, single


def run(boards: int = 2000, repeats: int = 5, dd_repeats: int = 3) -> str:
    seeded, unseeded = _dealing(boards, repeats)
    batch, single = _double_dummy(dd_repeats)
    return "\n".join(
        [
            "## Boards: dealing and double dummy",
            "",
            f"Median of {repeats} runs of {boards} boards (deal + dealer/vulnerability), and of "
            f"{dd_repeats} runs of a 36-board double-dummy analysis (20 strain/declarer results "
            "+ par per board).",
            "",
            "| Measure | Median |",
            "|---|---|",
            f"| Deals per second, seeded (HMAC-SHA256 stream) | {seeded:,.0f} |",
            f"| Deals per second, unseeded (`secrets`) | {unseeded:,.0f} |",
            f"| Double dummy, 36 boards, one batch call (`CalcAllTables`) | {batch:.2f} s |",
            f"| Double dummy, 36 boards, board by board (`CalcDDtable`) | {single:.2f} s |",
            f"| Batch speed-up | {single / batch:.2f}× |",
            "",
        ]
    )


if __name__ == "__main__":
    print(run())
