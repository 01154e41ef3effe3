"""``rescore_board`` chained over many changes equals ``score_session`` of the input at each
step: results added, changed (real, artificial, not played) and removed one board at a time,
under the settings that change how totals and ranks come out (Neuberg or ratio factoring,
the ACBL scale, the EBU session-percent policy, boards scaled for missed ones, rounded board
MPs, a schedule or none), with weighted adjusted scores among the results (Law 12C1(c)),
and the kept state (``scoring.engine.state``) round-trips exactly."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from scoring.engine import state
from scoring.engine.session import EntryInfo, ResultLine, SessionInput, rescore_board, score_session

SETTINGS = [
    {},
    {"neuberg": False},
    {"mp_scale": "ACBL"},
    {"adjusted_policy": "session_percent"},
    {"scale_missed_boards": False, "mp_board_decimals": 1},
]
CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "PASS", "3CX")
WEIGHTINGS = (
    "60% 4S N =; 40% 4S N -1",
    "1/3 3NT S =; 1/3 3NT S -1; 1/3 -100",
    "50% 420; 50% 2H E =",
)


def _line(rng, board, ns, ew, method):
    roll = rng.random()
    if roll < 0.1:
        adjusted = rng.choice(("A60/A40", "A50/A50") if method == "matchpoints" else ("+3/-3",))
        return ResultLine(board, ns, ew, adjusted=adjusted)
    if roll < 0.15:
        return ResultLine(board, ns, ew, not_played=True)
    if roll < 0.22:  # a weighted adjusted score (Law 12C1(c))
        return ResultLine(board, ns, ew, weighted=rng.choice(WEIGHTINGS))
    contract = rng.choice(CONTRACTS)
    if contract == "PASS":
        return ResultLine(board, ns, ew, contract="PASS")
    return ResultLine(board, ns, ew, contract=contract, declarer=rng.choice("NESW"),
                      tricks=rng.randint(4, 13))  # fmt: skip


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "defaults")
@pytest.mark.parametrize("method", ["matchpoints", "imps_butler", "imps_cross", "total_points"])
@pytest.mark.parametrize("scheduled", [False, True], ids=["no-schedule", "schedule"])
def test_chained_rescores_equal_full_scoring(settings, method, scheduled):
    if method != "matchpoints" and settings:
        pytest.skip("matchpoint settings")
    rng = random.Random(f"{method}{settings}{scheduled}")
    tables, boards = 6, 8
    entries = tuple(EntryInfo(t, f"NS {t}", "NS") for t in range(1, tables + 1)) + tuple(
        EntryInfo(100 + t, f"EW {t}", "EW") for t in range(1, tables + 1)
    )
    slots = {(b, t): (t, 100 + (t + b) % tables + 1) for b in range(1, boards + 1)
             for t in range(1, tables + 1)}  # fmt: skip
    base = SessionInput(
        "contract", method, (), entries, settings=settings,
        boards_scheduled={e.number: boards for e in entries} if scheduled else {},
        results_expected={b: tables for b in range(1, boards + 1)} if scheduled else {},
    )  # fmt: skip
    lines: dict[tuple[int, int], ResultLine] = {}
    result = score_session(base)
    for step in range(120):
        board, table = rng.choice(sorted(slots))
        if (board, table) in lines and rng.random() < 0.25:
            del lines[(board, table)]
        else:
            lines[(board, table)] = _line(rng, board, *slots[(board, table)], method)
        inp = replace(base, lines=tuple(lines[k] for k in sorted(lines)))
        on_board = [lines[k] for k in sorted(lines) if k[0] == board]
        result = rescore_board(result, replace(base, lines=()), board, on_board)
        assert result.to_json() == score_session(inp).to_json(), f"step {step}"
        kept = state.load(replace(base, lines=()), json.loads(json.dumps(state.dump(result))))
        assert kept.to_json() == result.to_json()
        assert kept.boards == result.boards
