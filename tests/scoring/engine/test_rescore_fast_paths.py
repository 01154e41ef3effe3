"""The shortcuts of the incremental path give what the general code gives (issue 23, speed):

- ``rescore_board`` chained over many changes equals ``score_session`` at every step in fields
  full of ties (three trick counts of one contract) with entries still waiting for their first
  result, in one field, two (N-S / E-W) and six (more than ``_by_field`` picks out in C), with
  the input's entries the same tuple at every step (kept grouping, members known by identity)
  or equal entries made afresh (as the app builds its input for every write);
- the one-pass matchpointing of a plain board (``_matchpoint``) equals the group-by-group
  code (``_matchpoint_groups``) on random boards, and both equal a hand count on one board.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scoring.engine.session import (
    EntryInfo,
    ResultLine,
    ScoringError,
    SessionInput,
    _deal,
    _matchpoint,
    _matchpoint_groups,
    rescore_board,
    score_session,
)


def _entries(tables: int, fields: int) -> tuple[EntryInfo, ...]:
    names = ("all",) if fields == 1 else ("NS", "EW") if fields == 2 else tuple("ABCDEF")
    out = []
    for t in range(1, tables + 1):
        out.append(EntryInfo(t, f"NS {t}", names[(t - 1) % len(names)] if fields > 2 else names[0]))
        out.append(
            EntryInfo(100 + t, f"EW {t}", names[t % len(names)] if fields > 2 else names[-1])
        )
    return tuple(out)


@pytest.mark.parametrize("fields", [1, 2, 6])
@pytest.mark.parametrize("fresh", [False, True], ids=["same-entries", "fresh-entries"])
def test_rescores_with_ties_and_waiting_entries_equal_full_scoring(fields, fresh):
    rng = random.Random(f"ties{fields}{fresh}")
    tables, boards = 9, 6
    entries = _entries(tables, fields)
    slots = {(b, t): (t, 100 + (t + b) % tables + 1) for b in range(1, boards + 1)
             for t in range(1, tables + 1)}  # fmt: skip
    base = SessionInput("contract", "matchpoints", (), entries)
    lines: dict[tuple[int, int], ResultLine] = {}
    result = score_session(base)
    tied, waiting = 0, 0
    for step in range(150):
        board, table = rng.choice(sorted(slots))
        if (board, table) in lines and rng.random() < 0.2:
            del lines[(board, table)]
        else:
            lines[(board, table)] = ResultLine(board, *slots[(board, table)], contract="3NT",
                                               declarer="N", tricks=rng.choice((9, 10)))  # fmt: skip
        now = tuple(replace(e) for e in entries) if fresh else entries
        inp = replace(base, entries=now, lines=tuple(lines[k] for k in sorted(lines)))
        on_board = [lines[k] for k in sorted(lines) if k[0] == board]
        result = rescore_board(result, replace(inp, lines=()), board, on_board)
        assert result.to_json() == score_session(inp).to_json(), f"step {step}"
        played = [s.rank for f in result.fields for s in f.standings if s.boards_played]
        tied += any(r.startswith("=") for r in played)
        waiting += any(not s.boards_played for f in result.fields for s in f.standings)
    assert tied >= 10 and waiting >= 10  # ties and entries waiting were both exercised


def _plain_deals(rng, board: int, count: int):
    inp = SessionInput("contract", "matchpoints", (), ())
    lines = [ResultLine(board, t, 100 + t, contract=rng.choice(("1NT", "4S", "3CX")),
                        declarer=rng.choice("NESW"), tricks=rng.randint(5, 13))
             for t in range(1, count + 1)]  # fmt: skip
    return inp, lines, [_deal(inp, line, "None") for line in lines]


@pytest.mark.parametrize("settings", [{}, {"neuberg": False}, {"mp_scale": "ACBL"}])
def test_a_plain_board_matchpoints_as_group_by_group(settings):
    rng = random.Random(f"plain{settings}")
    for trial in range(200):
        count = rng.randint(1, 14)
        inp, lines, deals = _plain_deals(rng, 1 + trial % 16, count)
        inp = replace(inp, settings=settings)
        expected = count + rng.randint(0, 3)
        points, top = _matchpoint(inp, lines, deals, expected)
        assert points == _matchpoint_groups(inp, lines, deals, expected, inp.setting("mp_scale"))


def test_a_plain_board_by_hand():
    """Four results of four (EBU, 2 per worse score, 1 per equal): 420, 420, 140, -50 give
    N-S 5, 5, 2, 0 and E-W the rest of the top of 6."""
    inp = SessionInput("contract", "matchpoints", (), ())
    lines = [
        ResultLine(1, 1, 101, contract="4S", declarer="N", tricks=10),  # 420
        ResultLine(1, 2, 102, contract="4S", declarer="S", tricks=10),  # 420
        ResultLine(1, 3, 103, contract="2S", declarer="N", tricks=9),  # 140
        ResultLine(1, 4, 104, contract="4S", declarer="N", tricks=9),  # -50
    ]
    deals = [_deal(inp, line, "None") for line in lines]
    assert [int(d.ns) for d in deals] == [420, 420, 140, -50]
    points, top = _matchpoint(inp, lines, deals, 4)
    assert top == 6
    assert points == [(5, 1), (5, 1), (2, 4), (0, 6)]


@pytest.mark.parametrize(
    "settings",
    [{}, {"neuberg": False}, {"mp_scale": "ACBL"}, {"mp_board_decimals": 1}],
    ids=lambda s: ",".join(s) or "defaults",
)
@pytest.mark.parametrize("factored", [False, True], ids=["full-boards", "results-expected"])
def test_a_result_changed_in_place_equals_full_scoring(monkeypatch, settings, factored):
    """One line at a time changed in its place (the app's usual write: a table's result
    entered or corrected) on boards of 24 tables: mostly plain results, rescored in one pass
    from the board's kept comparison (``_plain_again``), now and then an artificial score, a
    board not played or a fouled board (the general path), the totals moved by the points'
    difference (``retally``).  Standings and totals equal full scoring at every step, and
    the one-pass path is the one taken where it applies (counted)."""
    from scoring.engine import session as engine
    from scoring.engine.totals import _tally

    calls = {"general": 0}
    general = engine.score_board

    def counted(*args, **kwargs):
        calls["general"] += 1
        return general(*args, **kwargs)

    monkeypatch.setattr(engine, "score_board", counted)
    rng = random.Random(f"in-place{settings}{factored}")
    tables, boards = 24, 3
    entries = _entries(tables, 2)
    base = SessionInput(
        "contract", "matchpoints", (), entries, settings=settings,
        results_expected={b: tables + 2 for b in range(1, boards + 1)} if factored else {},
    )  # fmt: skip

    def plain(board, t):
        return ResultLine(board, t, 100 + (t + board) % tables + 1,
                          contract=rng.choice(("1NT", "4S", "3CX", "6H")),
                          declarer=rng.choice("NESW"), tricks=rng.randint(6, 13))  # fmt: skip

    lines = {(b, t): plain(b, t) for b in range(1, boards + 1) for t in range(1, tables + 1)}
    result = engine.score_session(replace(base, lines=tuple(lines.values())))
    steps, fast = 300, 0
    for step in range(steps):
        board, table = rng.randint(1, boards), rng.randint(1, tables)
        line, roll = plain(board, table), rng.random()
        if roll < 0.01:
            line = replace(line, contract=None, declarer=None, tricks=None, adjusted="A60/A40")
        elif roll < 0.015:
            line = replace(line, contract=None, declarer=None, tricks=None, not_played=True)
        elif roll < 0.02:
            line = replace(line, fouled_group="B")
        lines[(board, table)] = line
        inp = replace(base, lines=tuple(lines[k] for k in sorted(lines)))
        on_board = [lines[k] for k in sorted(lines) if k[0] == board]
        before = calls["general"]
        result = rescore_board(result, replace(base, lines=()), board, on_board)
        fast += calls["general"] == before
        full = engine.score_session(inp)
        assert result.to_json() == full.to_json(), f"step {step}"
        assert result.boards == full.boards
        summed = {n: t for n, t in _tally(full.boards).items() if t.boards}
        assert {n: t for n, t in result.tallies.items() if t.boards} == summed, f"step {step}"
    if "mp_board_decimals" in settings:
        assert fast == 0  # each line's points rounded: the general path
    else:
        assert fast > steps // 4  # while a board holds a line that is not plain: the general path


def test_a_penalty_on_a_plain_board_is_refused_as_in_full_scoring():
    """A penalty in points (Law 4d) on a matchpointed board is refused by the one-pass path
    as by full scoring: the change falls to ``score_board``, which names the field."""
    inp = SessionInput("contract", "matchpoints", (), _entries(4, 2))
    lines = [ResultLine(1, t, 100 + t, contract="4S", declarer="N", tricks=9 + t % 3)
             for t in range(1, 5)]  # fmt: skip
    result = score_session(replace(inp, lines=tuple(lines)))
    fined = [lines[0], replace(lines[1], tricks=11, penalty_ns=50), *lines[2:]]
    with pytest.raises(ScoringError) as full:
        score_session(replace(inp, lines=tuple(fined)))
    with pytest.raises(ScoringError) as again:
        rescore_board(result, inp, 1, fined)
    assert (again.value.field, str(again.value)) == (full.value.field, str(full.value))


@pytest.mark.parametrize("big", ["entry numbers", "totals"])
def test_rows_beyond_the_kept_order_keys_are_ranked_afresh(big):
    """The kept order of a field packs each row's total and entry number into one int
    (``scoring.engine.totals._order_key``); an entry numbered 2³² or more, or a total of
    2²⁰⁰ hundredths or more, does not fit: such a field is ranked afresh, and the
    standings are still those of full scoring."""
    base = 2**32 if big == "entry numbers" else 1
    entries = tuple(EntryInfo(base + n, f"Pair {n}", "all") for n in range(1, 7))
    score = 10**70 if big == "totals" else 420
    inp = SessionInput("contract", "total_points", (), entries)
    lines = {b: [ResultLine(b, base + 1 + t, base + 4 + t, score_ns=score * (t - 1))
                 for t in range(3)] for b in range(1, 4)}  # fmt: skip
    result = score_session(replace(inp, lines=tuple(x for b in lines for x in lines[b])))
    for step in range(6):
        board = 1 + step % 3
        lines[board][step % 3] = replace(lines[board][step % 3], score_ns=score * (step - 2))
        now = replace(inp, lines=tuple(x for b in lines for x in lines[b]))
        result = rescore_board(result, replace(inp, lines=()), board, lines[board])
        # compared as values: the JSON's two decimals (``display``) hold 28 digits
        assert result.fields == score_session(now).fields, f"step {step}"
        assert result.boards == score_session(now).boards
        assert getattr(result.fields[0], "_again", None) is None  # no kept order: afresh
