"""Benchmark: median time to build and check each movement family for 2–30 tables.

``run()`` returns a Markdown section for docs/performance.md (medians, no pass/fail).
Each build goes through ``tournament.movements.build``, which runs every check and the
balance; the Howell starter cache is warm after the first build, as on a club's server.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.movements import build  # noqa: E402

FAMILIES = {
    "mitchell": range(3, 31, 2),
    "skip-mitchell": range(4, 31, 2),
    "relay-bye": range(4, 31, 2),
    "arrow-switch": range(3, 31),
    "howell": range(2, 31),
    "team": range(3, 31, 2),
}
SHOWN = (4, 5, 7, 10, 15, 20, 30)


def _median(kind: str, tables: int, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        build(kind, tables=tables)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> str:
    lines = [
        "## Movements: build + check + balance (median of 3, milliseconds)",
        "",
        "| family | " + " | ".join(f"{t} tables" for t in SHOWN) + " | all sizes, worst |",
        "|---|" + "---|" * (len(SHOWN) + 1),
    ]
    for kind, sizes in FAMILIES.items():
        medians = {t: _median(kind, t) for t in sizes}
        cells = [f"{medians[t] * 1000:.1f}" if t in medians else "–" for t in SHOWN]
        lines.append(
            f"| {kind} | " + " | ".join(cells) + f" | {max(medians.values()) * 1000:.1f} |"
        )
    howell = [_median("howell", t) for t in range(2, 16)]
    lines += [
        "",
        f"Complete balanced Howell, 2–15 tables: slowest {max(howell) * 1000:.1f} ms "
        "(cached starters; a size outside the cache is searched once, then cached).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
