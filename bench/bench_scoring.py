"""Benchmark of the session scorer: full recomputes and the incremental path.

``run() -> str`` returns a Markdown section (medians over several runs; no pass/fail).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine.contract import score_ns, vulnerability  # noqa: E402
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


def baseline(inp: SessionInput) -> tuple[dict, dict]:
    """The yardstick: a plain-Python sort-and-count matchpointer (EBU 2/1/0, every board full).

    Deal scores from a dict (one ``score_ns`` per distinct result), lines grouped by board,
    each board's scores sorted once and counted run by run, then summed per entry. Returns
    ({line index: (N-S MPs, E-W MPs)}, {entry: total MPs}).
    """
    table: dict = {}
    by_board: dict[int, list] = {}
    for i, line in enumerate(inp.lines):
        key = (line.contract, line.declarer, line.tricks, line.board % 16)
        score = table.get(key)
        if score is None:
            score = table[key] = score_ns(line.contract, line.declarer, line.tricks,
                                          vulnerability(line.board))  # fmt: skip
        by_board.setdefault(line.board, []).append((score, i))
    points, totals = {}, {}
    for rows in by_board.values():
        rows.sort()
        top, n, start = 2 * (len(rows) - 1), len(rows), 0
        while start < n:
            end = start
            while end < n and rows[end][0] == rows[start][0]:
                end += 1
            mp = 2 * start + end - start - 1
            for _, i in rows[start:end]:
                points[i] = (mp, top - mp)
            start = end
    for i, line in enumerate(inp.lines):
        ns, ew = points[i]
        totals[line.ns] = totals.get(line.ns, 0) + ns
        totals[line.ew] = totals.get(line.ew, 0) + ew
    return points, totals


def _same_as_baseline(inp: SessionInput) -> bool:
    """The project gives the baseline's matchpoints on every line and every entry's total."""
    result = score_session(inp)
    points, totals = baseline(inp)
    ours = {id(s.line): (s.ns_points, s.ew_points) for b in result.boards.values() for s in b.lines}
    lines_ok = all(ours[id(line)] == points[i] for i, line in enumerate(inp.lines))
    return lines_ok and all(result.standing(e).score == t for e, t in totals.items())


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _pair(fn_a, fn_b, repeat: int) -> tuple[float, float]:
    """Medians of ``fn_a`` and ``fn_b`` timed interleaved (a, b, a, b, …) after a warm-up."""
    fn_a(), fn_b()
    a, b = [], []
    for _ in range(repeat):
        a.append(_median_ms(fn_a, 1))
        b.append(_median_ms(fn_b, 1))
    return statistics.median(a), statistics.median(b)


def run() -> str:
    load_before = os.getloadavg()[0]
    small = _session(15, 27, seed=3)  # 405 results
    club = _session(30, 27, seed=1)
    big = _session(20, 26, seed=2, sections=25)  # 500 tables, 13,000 results across sections
    checked = all(_same_as_baseline(s) for s in (small, club, big))
    rows = []
    for name, inp, repeat in (
        (f"15 tables × 27 boards ({len(small.lines)} results)", small, 15),
        (f"30 tables × 27 boards ({len(club.lines)} results)", club, 9),
        (f"500 tables, 26 boards across sections ({len(big.lines):,} results)", big, 7),
    ):
        ours, base = _pair(
            lambda inp=inp: score_session(inp), lambda inp=inp: baseline(inp), repeat
        )
        rows.append((name, ours, base))
    result = score_session(big)
    changed = list(big.lines)
    changed[0] = replace(changed[0], tricks=(changed[0].tricks + 1) % 14)
    big2 = replace(big, lines=tuple(changed))
    board = changed[0].board
    on_board = [line for line in big2.lines if line.board == board]  # as the app reads them
    same = rescore_board(result, big2, board, on_board).to_json() == score_session(big2).to_json()
    full, incremental = _pair(  # timed interleaved with the full recompute it replaces
        lambda: score_session(big2), lambda: rescore_board(result, big2, board, on_board), 15
    )
    body = "\n".join(
        f"| {name} | {ours:,.1f} | {base:,.1f} | {ours / base:.2f}× |" for name, ours, base in rows
    )
    return (
        "## Scoring engine\n\n"
        "Pure `scoring.engine.session`, matchpoints (EBU 2/1/0): full recompute (`score_session`: "
        "validation, deal scores, comparison, totals, ranked standings) against the baseline, a "
        "plain-Python sort-and-count matchpointer (`baseline()` in bench/bench_scoring.py: deal "
        "scores from a dict, one sort per board, per-entry sums), timed interleaved; medians of "
        "7–15 runs. The baseline gives the same matchpoints on every line and the same totals: "
        f"{'checked, identical' if checked else 'MISMATCH'}.\n\n"
        "| case | `score_session` ms | baseline ms | ratio |\n|---|---:|---:|---:|\n"
        f"{body}\n\n"
        "Incremental update (`rescore_board` given the changed board's lines, as the app "
        "reads them: one result changed in the 13,000-result field, whose board has 500 results "
        "across the sections; the changed line is scored and the board's kept deal scores "
        "matchpointed again in one pass, the lines whose matchpoints did not move keeping "
        "their scored lines; each entry whose sum moved is moved by the points' difference, "
        "and only those entries are placed back into the field's kept order, each by a binary "
        "search, before the places are labelled again, only the rows whose label changed "
        "being copied): "
        f"{incremental:,.2f} ms, **{incremental / full:.3f}** of a full recompute (the same "
        "change, timed interleaved; medians of 15; identical standings: "
        f"{'checked' if same else 'MISMATCH'}). Target ≤ 0.02.\n\n"
        f"Load average (1 min) at the start and at the end of this run: {load_before:.2f} and "
        f"{os.getloadavg()[0]:.2f}, on {os.cpu_count()} cores shared with other work.\n"
    )


if __name__ == "__main__":
    print(run())
