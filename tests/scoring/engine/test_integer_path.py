"""The integer hot path against a straightforward exact computation in ``Fraction``.

The engine counts matchpoints in whole half-units and divides only when factoring; this
reference compares every pair of results one by one in ``Fraction`` (Law 78A) and factors by
the textbook formulas, so the two share no code.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.imps import cross_imps, imps
from scoring.engine.matchpoints import matchpoint_board
from scoring.engine.session import ResultLine, SessionInput, score_session
from tests.properties import examples

PERCENTS = [(60, 40), (50, 50), (40, 60), (50, 60)]


def reference_board(scores, artificial, expected, scale, use_neuberg):
    """Per-line (N-S, E-W) matchpoints, computed comparison by comparison in Fraction."""
    win, tie = (Fraction(2), Fraction(1)) if scale == "EBU" else (Fraction(1), Fraction(1, 2))
    unit = tie  # Neuberg's correction: half a win
    real = [s for s in scores if s is not None]
    n = len(real)

    def top(k):
        return max(k - 1, 0) * win

    out = []
    for i, s in enumerate(scores):
        if s is None:
            ns_pct, ew_pct = artificial[i]
            out.append(
                (Fraction(ns_pct, 100) * top(expected), Fraction(ew_pct, 100) * top(expected))
            )
            continue
        ns = sum((win if s > o else tie if s == o else 0 for o in real), Fraction(0)) - tie
        ew = top(n) - ns
        if n != expected:
            if use_neuberg:
                ns, ew = ((m + unit) * expected / n - unit for m in (ns, ew))
            elif n == 1:
                ns = ew = top(expected) / 2
            else:
                ns, ew = (m * top(expected) / top(n) for m in (ns, ew))
        out.append((ns, ew))
    return out


boards = st.lists(
    st.one_of(
        st.integers(-2000, 2000).map(lambda s: s * 10),
        st.sampled_from([-50, 0, 50, 110, 120]),
        st.none(),
    ),
    min_size=1,
    max_size=14,
)


@settings(max_examples=examples(150))
@given(
    boards,
    st.integers(0, 4),
    st.sampled_from(["EBU", "ACBL"]),
    st.booleans(),
    st.lists(st.sampled_from(PERCENTS), min_size=14, max_size=14),
)
def test_matchpoint_board_equals_the_fraction_reference(scores, missing, scale, neuberg, pcts):
    if all(s is None for s in scores):
        scores = scores + [0]
    artificial = [pcts[i] if s is None else None for i, s in enumerate(scores)]
    expected = len(scores) + missing
    board = matchpoint_board(scores, artificial, expected, scale, neuberg)
    ref = reference_board(scores, artificial, expected, scale, neuberg)
    assert list(zip(board.ns, board.ew, strict=True)) == ref
    # whole values come back as int, the rest as exact Fractions: never a float
    assert all(type(v) in (int, Fraction) for v in board.ns + board.ew)


@settings(max_examples=examples(60))
@given(st.lists(st.integers(-300, 300).map(lambda s: s * 10), min_size=0, max_size=9))
def test_cross_imps_equal_the_fraction_mean(scores):
    expected = [
        Fraction(sum(imps(s - o) for j, o in enumerate(scores) if j != i), len(scores) - 1)
        if len(scores) > 1 else Fraction(0)
        for i, s in enumerate(scores)
    ]  # fmt: skip
    assert cross_imps(scores) == expected


CONTRACTS = ["1NT", "2S", "3NT", "4H", "4SX", "6NT", "3CX", "PASS"]
line_results = st.one_of(
    st.tuples(st.sampled_from(CONTRACTS), st.sampled_from("NESW"), st.integers(4, 13)),
    st.sampled_from(["A60/A40", "A50/A50", "A40/A60", "NP"]),
)


@settings(max_examples=examples(40))
@given(
    st.integers(2, 6),
    st.integers(1, 4),
    st.data(),
    st.sampled_from(["EBU", "ACBL"]),
    st.booleans(),
    st.sampled_from(["matchpoints", "imps_cross"]),
)
def test_session_totals_equal_the_fraction_reference(
    tables, n_boards, data, scale, neuberg, method
):
    """A Mitchell field with missing results, adjustments and NP: every line's points and every
    entry's total equal a Fraction computation board by board."""
    lines = []
    for b in range(1, n_boards + 1):
        for t in range(1, tables + 1):
            if data.draw(st.integers(0, 9)) == 0:
                continue  # a missing result: the board is factored (Neuberg) or scaled
            r = data.draw(line_results)
            ew = 100 + (t + b) % tables + 1
            if r == "NP":
                lines.append(ResultLine(b, t, ew, not_played=True))
            elif isinstance(r, str):
                lines.append(
                    ResultLine(b, t, ew, adjusted=r if method == "matchpoints" else "A60/A40")
                )
            else:
                contract, declarer, tricks = r
                lines.append(ResultLine(b, t, ew, contract=contract, declarer=declarer,
                                        tricks=None if contract == "PASS" else tricks))  # fmt: skip
    if not lines:
        return
    settings_ = {"mp_scale": scale, "neuberg": neuberg, "scale_missed_boards": False}
    result = score_session(SessionInput("contract", method, tuple(lines), settings=settings_))
    totals: dict[int, Fraction] = defaultdict(Fraction)
    expected = max(sum(1 for x in lines if x.board == b) for b in range(1, n_boards + 1))
    for board in result.boards.values():
        scored = [s for s in board.lines if s.played]
        scores = [s.score_ns if s.line.adjusted is None else None for s in scored]
        if method == "matchpoints":
            arts = [None if s.line.adjusted is None else
                    tuple(int(p) for p in s.line.adjusted.replace("A", "").split("/")) for s in scored]  # fmt: skip
            ref = reference_board(scores, arts, max(expected, len(scored)), scale, neuberg)
        else:
            real = [x for x in scores if x is not None]
            ref_imps = iter(cross_imps(real))
            ref = []
            for x in scores:
                v = next(ref_imps) if x is not None else None
                ref.append((v, -v) if x is not None else (Fraction(3), Fraction(-3)))  # A60/A40
        for s, r in zip(scored, ref, strict=True):
            assert (s.ns_points, s.ew_points) == r
            totals[s.line.ns] += r[0]
            totals[s.line.ew] += r[1]
    for entry, total in totals.items():
        assert result.standing(entry).score == total
