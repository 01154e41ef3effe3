"""Load the published vectors in ../shared/testdata/scoring/ and turn whole sessions into
``SessionInput``s, with the raw N-S scores taken from the per-board vector files."""

from __future__ import annotations

import json
from functools import cache

from scoring.engine.session import EntryInfo, ResultLine, SessionInput
from tests.published import TESTDATA

SCORING = TESTDATA / "scoring"

METHODS = {
    "MP_PAIRS": ("matchpoints", "EBU"),
    "MP_PAIRS_ACBL": ("matchpoints", "ACBL"),
    "BUTLER_PAIRS": ("imps_butler", None),
    "CROSS_IMP": ("imps_cross", None),
}


@cache
def vectors(name: str) -> list[dict]:
    with open(SCORING / f"{name}.json", encoding="utf-8") as handle:
        return json.load(handle)["vectors"]


def entry_number(pair: str) -> int:
    """ "7NS" → 7, "7EW" → 107, "7" → 7 (entry numbers are whole numbers)."""
    if pair.endswith("EW"):
        return 100 + int(pair[:-2])
    return int(pair.removesuffix("NS"))


def _key(source: str) -> tuple[str, int]:
    """(file name, board number) of a vector's source, however the source is spelled."""
    words = source.replace(":", " ").replace("/", " ").split()
    name = next(w for w in words if w.endswith((".xml", ".json")))
    board = int(words[words.index("board") + 1])
    return name, board


def _raw_board(source: str, board: int) -> tuple[list, list]:
    """(real N-S scores in line order, artificial percentages) for one published board."""
    key = (_key(source + " board 0")[0], board)
    for v in vectors("matchpoints"):
        if _key(v["source"]) == key:
            return list(v["ns_scores"]), []
    for v in vectors("neuberg_adjusted"):
        if v["kind"] == "board" and _key(v["source"]) == key:
            artificial = [(a["ns_pct"], a["ew_pct"], a["ns_mp"]) for a in v["artificial"]]
            return list(v["ns_scores"]), artificial
    for v in vectors("butler_crossimp"):
        if _key(v["source"]) == key:
            return v["scores"], []
    raise KeyError(key)


def _board_lines(session: dict, board: dict) -> list[ResultLine]:
    source = session["source"].split(" ->")[0].split(" with ")[0]
    scores, artificial = _raw_board(source, board["board"])
    lines = board["lines"]
    if any(isinstance(s, str) for s in scores):  # Butler files keep the artificial in place
        return [_line(board["board"], ln, s) for ln, s in zip(lines, scores, strict=True)]
    adjusted_at = _artificial_positions(lines, artificial)
    real = iter(scores)
    out = []
    for k, ln in enumerate(lines):
        out.append(_line(board["board"], ln, adjusted_at.get(k) or next(real)))
    return out


def _artificial_positions(lines: list, artificial: list) -> dict[int, str]:
    """Place each artificial score on a line published with its matchpoints (last match)."""
    taken: dict[int, str] = {}
    for ns_pct, ew_pct, ns_mp in artificial:
        for k in range(len(lines) - 1, -1, -1):
            if k not in taken and abs(lines[k][2] - ns_mp) < 1e-9:
                taken[k] = f"A{ns_pct}{ew_pct}"
                break
    return taken


def _line(board: int, published: list, score) -> ResultLine:
    ns, ew = entry_number(published[0]), entry_number(published[1])
    if isinstance(score, str):
        return ResultLine(board=board, ns=ns, ew=ew, adjusted=score)
    return ResultLine(board=board, ns=ns, ew=ew, score_ns=score)


def session_input(session: dict) -> SessionInput:
    method, scale = METHODS[session["method"]]
    one_field = session["winners"] == "one field"
    entries = tuple(
        EntryInfo(entry_number(p["pair"]), p["pair"], "all" if one_field else p["direction"])
        for p in session["pairs"]
    )
    lines = tuple(line for b in session["boards"] for line in _board_lines(session, b))
    expected = session["expected_results_per_board"]
    settings = {"mp_scale": scale} if scale else {}
    return SessionInput(
        game="contract",
        method=method,
        lines=lines,
        entries=entries,
        settings=settings,
        boards_scheduled={entry_number(p["pair"]): p["boards_scheduled"] for p in session["pairs"]},
        results_expected={b["board"]: expected for b in session["boards"]},
    )
