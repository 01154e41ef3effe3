"""Output dataclasses of the scoring engine: scored lines, boards, standings, the session result.

Values are exact (``Fraction``); ``SessionResult.to_json()`` is the only place that rounds, to
2 d.p., in the shape of the ``score_file`` command ("duplicate-standings/1").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.engine.ranking import display

__all__ = ["BoardResult", "FieldStandings", "ScoredLine", "SessionResult", "Standing"]

FORMAT = "duplicate-standings/1"


def _num(value: Fraction | int | None) -> float | None:
    """Round for display to 2 d.p."""
    return None if value is None else float(display(value))


def _score(value: Fraction | int | None) -> int | float | None:
    """A deal score: whole numbers stay whole, fractions (averages) show 2 d.p."""
    if value is None:
        return None
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(display(value))


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One table's result on a board after scoring.

    ``line`` is the input ``ResultLine``; ``score_ns`` the N-S deal score (points, or N-S tricks
    for whist; None for an artificial score or a board not played); ``ns_points``/``ew_points``
    the comparison points (MPs, IMPs, net, tricks); ``extra`` holds auction ``ns_plus``,
    ``ns_minus``, ``ns_excess``, ``ew_plus``, ``ew_minus``, ``ew_excess`` and whist revoke notes.
    """

    line: Any
    score_ns: Fraction | None
    display: str
    ns_points: Fraction
    ew_points: Fraction
    played: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    #: the E-W deal score when it is not minus N-S's (whist: E-W's own tricks, revokes
    #: applied; see ``scoring.engine.session._Deal``)
    score_ew: Fraction | None = None

    def to_json(self) -> dict[str, Any]:
        line = self.line
        out: dict[str, Any] = {
            "ns": line.ns,
            "ew": line.ew,
            "contract": line.contract,
            "declarer": line.declarer,
            "tricks": line.tricks if line.tricks is not None else line.tricks_ns,
            "score_ns": _score(self.score_ns),
            "ns_points": _num(self.ns_points),
            "ew_points": _num(self.ew_points),
        }
        if self.score_ew is not None and self.score_ew != -(self.score_ns or 0):
            out["score_ew"] = _score(self.score_ew)
        for key in ("honours_ns", "honours_ew", "revokes_ns", "revokes_ew"):
            if getattr(line, key, 0):
                out[key] = getattr(line, key)
        if line.adjusted:
            out["adjusted"] = line.adjusted
        if getattr(line, "weighted", None):
            out["weighted"] = line.weighted  # Law 12C1(c): the weighting, exactly
        if not self.played:
            out["not_played"] = True
        out.update(
            {k: _num(v) if isinstance(v, int | Fraction) else v for k, v in self.extra.items()}
        )
        return out


@dataclass(frozen=True)
class BoardResult:
    """All scored lines of one board; ``top`` is the board's matchpoint top (None otherwise)."""

    board: int
    lines: tuple[ScoredLine, ...]
    top: int | None = None


@dataclass(frozen=True)
class Standing:
    """One entry's place in its field. ``extra`` carries method columns (net: ``average``,
    ``above_average``, ``plus``, ``minus``, ``excess``; whist: ``average``, ``above_average``)."""

    rank: str
    entry: int
    name: str
    score: Fraction
    percent: Fraction | None
    boards_played: int
    boards_scheduled: int
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class FieldStandings:
    """The ranked standings of one field ("all", or "NS"/"EW" for a two-winner Mitchell)."""

    name: str
    standings: tuple[Standing, ...]


@dataclass
class SessionResult:
    """The whole scored session. ``boards`` maps board number → BoardResult; ``top`` is the
    matchpoint top per board (None for other methods); ``final`` says final v provisional;
    ``extras`` holds ``"imp_teams"`` and ``"vp"`` (teams of four at IMPs) or ``"team_match"``
    (a whist team match); ``tallies`` the entries' sums."""

    game: str
    method: str
    top: int | None
    fields: tuple[FieldStandings, ...]
    boards: dict[int, BoardResult]
    final: bool = False
    extras: dict[str, Any] = field(default_factory=dict)
    #: each entry's sums over ``boards`` (``scoring.engine.totals``), kept so that
    #: ``rescore_board`` moves them by one board's difference instead of re-summing
    tallies: dict[int, Any] | None = field(default=None, repr=False, compare=False)

    def field(self, name: str) -> FieldStandings:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def standing(self, entry: int) -> Standing:
        for f in self.fields:
            for s in f.standings:
                if s.entry == entry:
                    return s
        raise KeyError(entry)

    def to_json(self) -> dict[str, Any]:
        """The ``score_file`` JSON shape; numbers rounded to 2 d.p. only here. A whist team
        match adds ``"team_match"`` (``scoring.engine.team_match.TeamMatch.to_json()``), teams of four
        at IMPs ``"imp_teams"`` (``scoring.engine.imp_teams.ImpTeams.to_json()``)."""
        out = {
            "format": FORMAT,
            "game": self.game,
            "method": self.method,
            "status": "final" if self.final else "provisional",
            "fields": [
                {"name": f.name, "standings": [_standing_json(s) for s in f.standings]}
                for f in self.fields
            ],
            "boards": [_board_json(b) for _, b in sorted(self.boards.items())],
        }
        for key in ("team_match", "imp_teams"):
            if key in self.extras:
                out[key] = self.extras[key].to_json()
        if self.method == "net":
            out["balance"] = self.balance()
        return out

    def balance(self) -> dict[str, Any]:
        """Net plus/minus: the final balance "between the North and South and East and West
        scores" — Σ net of every pair plus Σ excess, which is 0 when the session is right
        [002 L3385–3388], with each direction's total and average [002 L3017–3023]."""
        rows = [s for f in self.fields for s in f.standings if s.boards_played]
        net = sum((s.score for s in rows), Fraction(0))
        excess = sum((Fraction(s.extra.get("excess", 0)) for s in rows), Fraction(0))
        fields = [
            {"name": f.name, "total": float(display(sum((s.score for s in f.standings),
                                                        Fraction(0)))),
             "average": float(display(f.standings[0].extra.get("average", 0)))}
            for f in self.fields if f.standings
        ]  # fmt: skip
        return {"net": float(display(net)), "excess": float(display(excess)),
                "total": float(display(net + excess)), "balances": net + excess == 0,
                "fields": fields}  # fmt: skip


def _board_json(board: BoardResult) -> dict[str, Any]:
    """A board's JSON, made once per ``BoardResult`` (kept on it, a private memo): a board
    that ``rescore_board`` left as it was is not written out again.  Treat it as read-only."""
    out = board.__dict__.get("_json")
    if out is None:
        out = {"board": board.board, "results": [line.to_json() for line in board.lines]}
        object.__setattr__(board, "_json", out)
    return out


def _standing_json(s: Standing) -> dict[str, Any]:
    out = {
        "rank": s.rank,
        "entry": s.entry,
        "name": s.name,
        "score": float(display(s.score)),
        "percent": None if s.percent is None else float(display(s.percent)),
        "boards_played": s.boards_played,
    }
    out.update({k: float(display(v)) for k, v in s.extra.items() if isinstance(v, int | Fraction)})
    return out
