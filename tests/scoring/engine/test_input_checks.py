"""``score_session`` checks a session's entries on whole columns (``_entries_fit``: every
entry in the session, none with two results on a board) and falls back to the line-by-line
check (``_check_lines``) only to name the fault: the error is the one the line-by-line check
raises, for the first line at fault, whatever mix of faults the lines hold (issue 23)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scoring.engine.session import (
    EntryInfo,
    ResultLine,
    ScoringError,
    SessionInput,
    _check_lines,
    rescore_board,
    score_session,
)


def _session(rng: random.Random, replayed: bool) -> SessionInput:
    tables, boards = 5, 4
    entries = tuple(EntryInfo(n, f"Pair {n}", "NS" if n <= tables else "EW")
                    for n in range(1, 2 * tables + 1))  # fmt: skip
    lines = [ResultLine(b, t, tables + 1 + (t + b) % tables, contract="4S",
                        declarer=rng.choice("NESW"), tricks=rng.randint(6, 13))
             for b in range(1, boards + 1) for t in range(1, tables + 1)]  # fmt: skip
    return SessionInput("contract", "matchpoints", tuple(lines), entries, replayed=replayed)


def _fault(rng: random.Random, lines: list[ResultLine]) -> None:
    i = rng.randrange(len(lines))
    kind = rng.choice(("stranger", "twice", "tricks", "swap"))
    if kind == "stranger":  # an entry not in the session
        lines[i] = replace(lines[i], **{rng.choice(("ns", "ew")): 99})
    elif kind == "twice":  # an entry with a second result on the board
        other = rng.choice([x for x in lines if x.board == lines[i].board and x is not lines[i]])
        lines[i] = replace(lines[i], ew=other.ew)
    elif kind == "tricks":  # a line that does not validate
        lines[i] = replace(lines[i], tricks=14)
    else:  # one entry on both sides of the board (a replayed board allows it)
        other = next(x for x in lines if x.board == lines[i].board and x is not lines[i])
        lines[i] = replace(lines[i], ns=other.ew)


def _with_faults(rng: random.Random, inp, count: int):
    """``inp`` with ``count`` faults put into its lines (``_fault``)."""
    lines = list(inp.lines)
    for _ in range(count):
        _fault(rng, lines)
    return replace(inp, lines=tuple(lines))


@pytest.mark.parametrize("replayed", [False, True], ids=["once", "replayed"])
def test_the_first_line_at_fault_is_named_as_line_by_line(replayed):
    rng = random.Random(f"checks{replayed}")
    faulty = 0
    for trial in range(300):
        inp = _with_faults(rng, _session(rng, replayed), rng.randint(0, 3))
        try:
            _check_lines(inp, {e.number for e in inp.entries}, teams=False)
        except ScoringError as expected:
            faulty += 1
            with pytest.raises(ScoringError) as raised:
                score_session(inp)
            assert (raised.value.field, str(raised.value)) == (expected.field, str(expected)), trial
        else:
            score_session(inp)  # no fault: scored
    assert 150 < faulty < 300  # both kinds of input were met


def test_an_unhashable_entry_number_is_named_by_its_field():
    """A number that cannot be looked up is refused by the line check, naming the field,
    not by the column check's set."""
    inp = _session(random.Random(1), False)
    lines = list(inp.lines)
    lines[3] = replace(lines[3], ns=[1])
    with pytest.raises(ScoringError) as raised:
        score_session(replace(inp, lines=tuple(lines)))
    assert raised.value.field == "ns"


@pytest.mark.parametrize("replayed", [False, True], ids=["once", "replayed"])
def test_a_rescored_board_names_the_same_fault_as_full_scoring(replayed):
    """``rescore_board`` checks the changed board's entries with the same two checks."""
    rng = random.Random(f"board{replayed}")
    faulty = 0
    for _ in range(100):
        inp = _session(rng, replayed)
        result = score_session(inp)
        now = _with_faults(rng, inp, 1)
        moved = [new.board for new, old in zip(now.lines, inp.lines, strict=True) if new != old]
        if not moved:
            continue
        board = moved[0]
        try:
            score_session(now)
        except ScoringError as expected:
            faulty += 1
            with pytest.raises(ScoringError) as raised:
                rescore_board(result, now, board)
            assert (raised.value.field, str(raised.value)) == (expected.field, str(expected))
        else:
            assert rescore_board(result, now, board).to_json() == score_session(now).to_json()
    assert faulty > 30
