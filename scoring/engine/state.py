"""A scored session kept between requests: ``SessionResult`` ⇄ plain JSON, exactly.

The web app scores a section once, keeps its scored boards (``dump``) and, after a result
changes one board, starts from them again (``load``, then ``session.rescore_board``) instead of
re-reading and re-scoring every result.  Only the boards are kept: the standings are rebuilt
from them by ``load`` (the same ``build_fields`` as a full recompute), so the state holds
nothing that could drift from the boards.  Numbers stay exact: a ``Fraction`` is kept as
``["F", numerator, denominator]``.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from fractions import Fraction
from typing import Any

from scoring.engine.results import BoardResult, ScoredLine, SessionResult
from scoring.engine.session import ResultLine, SessionInput, _assemble

__all__ = ["FORMAT", "dump", "load"]

#: Changes whenever the kept shape changes; a state of another format is not loaded.
FORMAT = 2

_LINE_FIELDS = tuple(f.name for f in dataclass_fields(ResultLine))


def _num(value: Any) -> Any:
    if type(value) is Fraction:
        return ["F", value.numerator, value.denominator]
    return value


def _value(value: Any) -> Any:
    if type(value) is list and len(value) == 3 and value[0] == "F":
        return Fraction(value[1], value[2])
    return value


def dump(result: SessionResult) -> dict[str, Any]:
    """The scored boards of ``result`` as JSON-able data (``load`` gives them back)."""
    boards = []
    for number, board in result.boards.items():
        kept = board.__dict__.get("_dumped")  # dumped once per BoardResult (a private memo)
        if kept is not None and kept[0] == number:
            boards.append(kept)
            continue
        lines = []
        for s in board.lines:
            line = s.line
            values = [_num(getattr(line, name)) for name in _LINE_FIELDS]
            extra = {k: _num(v) for k, v in s.extra.items()} if s.extra else 0
            lines.append([values, _num(s.score_ns), s.display, _num(s.ns_points),
                          _num(s.ew_points), s.played, extra, _num(s.score_ew)])  # fmt: skip
        boards.append([number, board.top, lines])
        object.__setattr__(board, "_dumped", boards[-1])
    return {"format": FORMAT, "boards": boards}


def load(inp: SessionInput, data: dict[str, Any]) -> SessionResult | None:
    """The ``SessionResult`` of ``inp`` whose boards ``dump`` kept (``inp.lines`` is not read:
    the lines are the kept ones); None for a state of another format."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    boards: dict[int, BoardResult] = {}
    for number, top, lines in data["boards"]:
        scored = []
        for values, score_ns, display, ns_points, ew_points, played, extra, *ew in lines:
            line = ResultLine(*[_value(v) for v in values])
            extra = {k: _value(v) for k, v in extra.items()} if extra else {}
            score_ew = _value(ew[0]) if ew else None  # E-W's own score (kept since whist E-W)
            scored.append(ScoredLine(line, _value(score_ns), display, _value(ns_points),
                                     _value(ew_points), played, extra, score_ew))  # fmt: skip
        boards[number] = BoardResult(number, tuple(scored), top)
    return _assemble(inp, boards)
