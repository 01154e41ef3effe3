"""Twin sections scored across both (scoring.engine.twins): merged, scored once, split back.

Properties over seeded random twin evenings: every board's matchpoints over both sections sum
to top × results / 2 for N-S (and as much for E-W), the top is over all the board's results,
each section's part holds its own lines and entries numbered as in the section, and each
line's points are those of the whole field (SCORING.md §4, §6)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.engine.session import EntryInfo, ResultLine, SessionInput, score_session
from scoring.engine.twins import OFFSET, across, merge, split

CONTRACTS = [("3NT", "N", 9), ("3NT", "N", 8), ("4S", "E", 10), ("2H", "S", 9), ("1NT", "W", 6)]


def section(rng: random.Random, tables: int, boards: int, method: str) -> SessionInput:
    """A Mitchell-like section: N-S pair k and E-W pair tables+k meet on every board
    (simplified: each board once at every table), a random result each time."""
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            if rng.random() < 0.1:
                lines.append(ResultLine(board, table, tables + table, table=table,
                                        score_ns=rng.choice([-100, 0, 50, 420])))  # fmt: skip
                continue
            contract, declarer, tricks = rng.choice(CONTRACTS)
            lines.append(ResultLine(board, table, tables + table, table=table,
                                    contract=contract, declarer=declarer,
                                    tricks=tricks + rng.randint(-1, 1)))  # fmt: skip
    entries = tuple(EntryInfo(n, f"Pair {n}", "NS" if n <= tables else "EW")
                    for n in range(1, 2 * tables + 1))  # fmt: skip
    return SessionInput(game="contract", method=method, lines=tuple(lines), entries=entries,
                        results_expected=dict.fromkeys(range(1, boards + 1), tables))  # fmt: skip


@pytest.mark.parametrize("seed", range(25))
def test_matchpoints_across_sections_sum_to_top_times_results_over_two(seed):
    rng = random.Random(seed)
    boards = rng.randint(2, 6)
    a = section(rng, rng.randint(2, 7), boards, "matchpoints")
    b = section(rng, rng.randint(2, 7), boards, "matchpoints")
    merged = score_session(merge(a, b))
    parts = split(merged, 0), split(merged, 1)
    n = len(a.lines) // boards + len(b.lines) // boards
    assert merged.top == 2 * (n - 1)  # EBU: one top over both sections' results
    for board in range(1, boards + 1):
        lines = [s for part in parts for s in part.boards[board].lines]
        assert len(lines) == n
        ns = sum((s.ns_points for s in lines), Fraction(0))
        ew = sum((s.ew_points for s in lines), Fraction(0))
        assert ns == ew == Fraction(merged.top * n, 2)
        # each part: its own lines, numbered as in the section, the whole field's points
        for k, (part, inp) in enumerate(zip(parts, (a, b), strict=True)):
            own = [line for line in inp.lines if line.board == board]
            assert [s.line for s in part.boards[board].lines] == own
            whole = {(s.line.ns - OFFSET * k, s.line.ew - OFFSET * k): s.ns_points
                     for s in merged.boards[board].lines if (s.line.ns >= OFFSET) == bool(k)}  # fmt: skip
            assert {(s.line.ns, s.line.ew): s.ns_points for s in part.boards[board].lines} == whole
    for part, inp in zip(parts, (a, b), strict=True):
        got = {s.entry: s.score for f in part.fields for s in f.standings}
        assert set(got) == {e.number for e in inp.entries}
        for f in part.fields:  # placed among themselves, best first
            scores = [s.score for s in f.standings]
            assert scores == sorted(scores, reverse=True) and f.standings[0].rank in ("1", "=1")


@pytest.mark.parametrize("method", ["imps_cross", "imps_butler"])
def test_imps_across_sections_compare_every_result_of_both(method):
    rng = random.Random(7)
    a, b = section(rng, 3, 4, method), section(rng, 4, 4, method)
    merged = score_session(merge(a, b))
    alone = score_session(a)
    # a section's part is the whole field's scores, not the section's own comparison
    part = split(merged, 0)
    differs = False
    for board, result in part.boards.items():
        assert [s.line for s in result.lines] == [s.line for s in alone.boards[board].lines]
        theirs = {s.line: s.ns_points for s in merged.boards[board].lines}
        assert [s.ns_points for s in result.lines] == [theirs[s.line] for s in result.lines]
        differs |= [s.ns_points for s in result.lines] != [
            s.ns_points for s in alone.boards[board].lines
        ]
    assert differs  # section B's results moved section A's IMPs
    if method == "imps_cross":  # cross-IMPs: every pair of results once each way, sum 0
        for result in merged.boards.values():
            assert sum(s.ns_points for s in result.lines) == 0


def test_across_names_each_pair_with_its_section():
    rng = random.Random(3)
    a, b = section(rng, 3, 3, "matchpoints"), section(rng, 3, 3, "matchpoints")
    ranking = across(score_session(merge(a, b)), ("A", "B"))
    assert ranking["sections"] == ["A", "B"] and ranking["top"] == 10
    for field in ranking["fields"]:
        seen = sorted((r["section"], r["entry"]) for r in field["standings"])
        want = range(1, 4) if field["name"] == "NS" else range(4, 7)
        assert seen == [(s, n) for s in "AB" for n in want]
        scores = [r["score"] for r in field["standings"]]
        assert scores == sorted(scores, reverse=True)


def test_high_entry_numbers_stay_in_their_own_section():
    """A section may number its pairs up to 9,999 (tournament.limits): the second section's
    renumbering must never reach the first's numbers, so pair 1001 of section A stays A's."""
    rng = random.Random(5)
    a, b = section(rng, 3, 2, "matchpoints"), section(rng, 3, 2, "matchpoints")

    def renumbered(inp, by):
        return SessionInput(game=inp.game, method=inp.method,
                            lines=tuple(ResultLine(ln.board, ln.ns + by, ln.ew + by, table=ln.table,
                                                   contract=ln.contract, declarer=ln.declarer,
                                                   tricks=ln.tricks, score_ns=ln.score_ns)
                                        for ln in inp.lines),
                            entries=tuple(EntryInfo(e.number + by, e.name, e.field)
                                          for e in inp.entries),
                            results_expected=inp.results_expected)  # fmt: skip

    high = renumbered(a, 9_990)  # pairs 9,991 … 9,996
    merged = score_session(merge(high, b))
    first, second = split(merged, 0), split(merged, 1)
    assert sorted(s.entry for f in first.fields for s in f.standings) == list(range(9991, 9997))
    assert sorted(s.entry for f in second.fields for s in f.standings) == list(range(1, 7))
    assert OFFSET > 9_999
