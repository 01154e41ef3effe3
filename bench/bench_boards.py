"""Benchmark: dealing speed and double-dummy analysis (batch vs board by board).

``run() -> str`` returns a Markdown section for docs/performance.md (medians, no pass/fail).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boards.engine.cards import FULL_PACK  # noqa: E402
from boards.engine.dds import analyse_board_set, analyse_boards_one_by_one, input_for  # noqa: E402
from boards.engine.dealing import dealer_of  # noqa: E402
from boards.engine.deals import generate_board_set  # noqa: E402

_RANKS = "AKQJT98765432"


def baseline_pbn(boards: int) -> list[str]:
    """The yardstick: ``random.SystemRandom().shuffle`` of 52 card indices per board, dealt
    round from the dealer's left and written as a PBN ``Deal`` value (no validation)."""
    rng = random.SystemRandom()
    out = []
    for number in range(1, boards + 1):
        pack = list(range(52))
        rng.shuffle(pack)
        first = "NESW".index(dealer_of(number).letter) + 1
        hands: list[list[int]] = [[], [], [], []]
        for position, card in enumerate(pack):
            hands[(first + position) % 4].append(card)
        text = []
        for hand in hands:
            hand.sort()
            suits = [[], [], [], []]
            for card in hand:
                suits[card // 13].append(_RANKS[card % 13])
            text.append(".".join("".join(s) for s in suits))
        out.append("N:" + " ".join(text))
    return out


def _project_pbn(boards: int, seed: str | None) -> list[str]:
    """The project's path: deal (validated once) and write each board's PBN ``Deal`` value."""
    return [b.deal.to_pbn() for b in generate_board_set(range(1, boards + 1), seed=seed).boards]


def _median_seconds(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _dealing(boards: int, repeats: int) -> tuple[float, float, float]:
    """Median seconds to deal ``boards`` boards to PBN: seeded, unseeded, and the baseline,
    timed interleaved."""
    times: list[list[float]] = [[], [], []]
    for _ in range(repeats):
        times[0].append(_median_seconds(lambda: _project_pbn(boards, "bench"), 1))
        times[1].append(_median_seconds(lambda: _project_pbn(boards, None), 1))
        times[2].append(_median_seconds(lambda: baseline_pbn(boards), 1))
    return tuple(statistics.median(t) for t in times)  # type: ignore[return-value]


def _double_dummy(repeats: int) -> tuple[float, float]:
    items = [input_for(b) for b in generate_board_set(range(1, 37), seed="bench dd").boards]
    batch = _median_seconds(lambda: analyse_board_set(items), repeats)
    single = _median_seconds(lambda: analyse_boards_one_by_one(items), repeats)
    return batch, single


def run(boards: int = 10_000, repeats: int = 5, dd_repeats: int = 3) -> str:
    assert sorted(baseline_pbn(1)[0].replace("N:", "").replace(".", "").replace(" ", "")) == \
        sorted(str(c)[1] for c in FULL_PACK)  # fmt: skip
    seeded, unseeded, base = _dealing(boards, repeats)
    batch, single = _double_dummy(dd_repeats)
    return "\n".join(
        [
            "## Boards: dealing and double dummy",
            "",
            f"Dealing {boards:,} boards to PBN `Deal` values (deal, validate once, dealer and "
            "vulnerability, write PBN), median of "
            f"{repeats} interleaved runs, against the baseline `baseline_pbn` in "
            "bench/bench_boards.py (`random.SystemRandom().shuffle` of 52 card numbers, dealt "
            f"and written as PBN, nothing validated); and median of {dd_repeats} runs of a "
            "36-board double-dummy analysis (20 strain/declarer results + par per board).",
            "",
            "| Measure | Median | vs baseline |",
            "|---|---:|---:|",
            f"| Baseline: `SystemRandom().shuffle` to PBN, {boards:,} boards | {base:.2f} s | 1.00× |",
            f"| Seeded (HMAC-SHA256 stream), {boards:,} boards | {seeded:.2f} s | {seeded / base:.2f}× |",
            f"| Unseeded (a fresh secret key per board), {boards:,} boards | {unseeded:.2f} s | {unseeded / base:.2f}× |",
            f"| Double dummy, 36 boards, one batch call (`CalcAllTables`) | {batch:.2f} s | |",
            f"| Double dummy, 36 boards, board by board (`CalcDDtable`) | {single:.2f} s | |",
            f"| Batch speed-up | {single / batch:.2f}× | |",
            "",
        ]
    )


if __name__ == "__main__":
    print(run())
