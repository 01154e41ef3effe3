"""Benchmark of the session scorer: full recomputes and the incremental path.

``run() -> str`` returns a Markdown section (medians over several runs; no pass/fail).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine.session import EntryInfo, ResultLine, SessionInput, rescore_board, score_session  # noqa: E402

CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "5D", "6NT", "3CX", "4SX")


def _session(tables: int, boards: int, seed: int, sections: int = 1) -> SessionInput:
    """A Mitchell-shaped field: every board played once at every table of every section."""
    rng = random.Random(seed)
    lines, entries = [], []
    for s in range(sections):
        base = s * 1000
        for t in range(1, tables + 1):
            entries += [
                EntryInfo(base + t, f"NS {s}-{t}", "NS"),
                EntryInfo(base + 500 + t, f"EW {s}-{t}", "EW"),
            ]
        for b in range(1, boards + 1):
            for t in range(1, tables + 1):
                ew = base + 500 + (t + b) % tables + 1
                contract = rng.choice(CONTRACTS)
                lines.append(ResultLine(b, base + t, ew, contract=contract, declarer=rng.choice("NESW"),
                                        tricks=rng.randint(5, 13)))  # fmt: skip
    return SessionInput("contract", "matchpoints", tuple(lines), tuple(entries))


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def run() -> str:
    club = _session(30, 27, seed=1)
    big = _session(20, 26, seed=2, sections=25)  # 500 tables, 13,000 results across sections
    club_full = _median_ms(lambda: score_session(club), 5)
    big_full = _median_ms(lambda: score_session(big), 3)
    result = score_session(big)
    changed = list(big.lines)
    changed[0] = replace(changed[0], tricks=(changed[0].tricks + 1) % 14)
    big2 = replace(big, lines=tuple(changed))
    incremental = _median_ms(lambda: rescore_board(result, big2, changed[0].board), 5)
    rows = [
        ("30 tables × 27 boards, matchpoints (810 results)", club_full),
        (f"500 tables, 26 boards across sections ({len(big.lines):,} results)", big_full),
        ("incremental: one result changed in the 13,000-result field", incremental),
    ]
    body = "\n".join(f"| {name} | {ms:,.1f} |" for name, ms in rows)
    return (
        "## Scoring engine\n\n"
        "Pure `scoring.engine.session`: full recompute (`score_session`) and incremental update "
        "(`rescore_board`: re-compare the changed board, re-sum the totals). Medians of 3–5 runs.\n\n"
        "| case | median ms |\n|---|---:|\n"
        f"{body}\n\n"
        f"Incremental / full (13,000 results): {incremental / big_full:.2f}.\n"
    )


if __name__ == "__main__":
    print(run())
