"""Session totals: net plus/minus (duplicate auction), direction averages, total points.

Seed: round slips "deducting the lower from the higher" [002 L2988–2995]; net "460 plus"
[002 L3009–3014]; direction average = total ÷ tables, each pair above/below average
[002 L3017–3023]; winners each way (Law 11) [002 L3378–3383]; excess added to the plus side to
balance [002 L3385–3388]; total points (Law 78C). ``../shared/SCORING.md`` §2 and §5.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import ScoringError
from scoring.engine.imp_teams import imp_teams, owner
from scoring.engine.ranking import display_key, rank_keys
from scoring.engine.results import FieldStandings, Standing
from scoring.engine.team_match import TEAM_METHODS, TeamInfo, team_match
from scoring.engine.whist import round_half_up

__all__ = [
    "RoundSlip",
    "above_average",
    "direction_average",
    "excess_balance",
    "net_score",
    "round_slip",
    "total_points",
    "build_fields",
    "winners_each_way",
]


@dataclass(frozen=True)
class RoundSlip:
    """One round's slip entry: "110 plus on deals 13 to 16" for N-S, "110 minus" for E-W."""

    ns_net: int
    ew_net: int

    def describe(self, side: str, deals: str = "") -> str:
        value = self.ns_net if side == "NS" else self.ew_net
        word = "plus" if value > 0 else "minus" if value < 0 else "even"
        tail = f" on deals {deals}" if deals else ""
        return f"{abs(value)} {word}{tail}"


def round_slip(ns_total: int, ew_total: int) -> RoundSlip:
    """Deduct the lower total from the higher (TC-1: 420 v 310 → N-S +110, E-W −110)."""
    diff = ns_total - ew_total
    return RoundSlip(diff, -diff)


def net_score(pluses: Iterable[int], minuses: Iterable[int]) -> int:
    """Net of a pair's plus and minus entries (TC-2: 820 plus, 360 minus → 460 plus)."""
    return sum(pluses) - sum(abs(m) for m in minuses)


def direction_average(nets: Sequence[int | Fraction], tables: int | None = None) -> Fraction:
    """A direction's total net ÷ the number of tables (TC-3: 1,638 / 7 = 234), exact."""
    divisor = len(nets) if tables is None else tables
    if divisor < 1:
        raise ScoringError("tables", f"the number of tables must be at least 1, got {divisor}")
    return Fraction(sum(Fraction(n) for n in nets), divisor)


def above_average(net: int | Fraction, average: Fraction) -> Fraction:
    """A pair's score relative to its direction's average (TC-3: 460 → +226, 183 → −51)."""
    return Fraction(net) - average


def winners_each_way(nets: Mapping[object, int | Fraction]) -> list[object]:
    """The pairs with the largest net in a direction (the least net minus if all are minus).

    Ties all win (Law 11 names no tie-break) [002 L3378–3383].
    """
    if not nets:
        return []
    best = max(nets.values())
    return [pair for pair, net in nets.items() if net == best]


def excess_balance(nets: Iterable[int | Fraction], excesses: Iterable[int | Fraction]) -> Fraction:
    """Σ(net) + Σ(excess) over all pairs; 0 when the session balances [002 L3385–3388]."""
    return sum((Fraction(n) for n in nets), Fraction(0)) + sum(
        (Fraction(e) for e in excesses), Fraction(0)
    )


def total_points(scores: Iterable[int]) -> int:
    """Total points (Law 78C): the plain sum of a pair's raw scores."""
    return sum(scores)


# --- session totals: per entry sums, fields and standings ----------------------------------


@dataclass
class _Tally:
    """One entry's sums; ``points`` stays an ``int`` while every value added is whole.
    ``boards`` counts the entry's lines on each board it has lines on (a team entry of an IMP
    match has two on a board), so a board's lines can be taken off again (``retally``)."""

    points: int | Fraction = 0
    played: int = 0
    boards: dict = field(default_factory=dict)
    real_points: int | Fraction = 0
    real_boards: int = 0
    columns: dict = field(default_factory=dict)

    def copy(self) -> _Tally:
        return _Tally(self.points, self.played, dict(self.boards), self.real_points,
                      self.real_boards, dict(self.columns))  # fmt: skip


_EXTRA_KEYS = {side: tuple((key, f"{side}_{key}") for key in ("plus", "minus", "excess"))
               for side in ("ns", "ew")}  # fmt: skip


def _tally(boards: Mapping[int, Any]) -> dict[int, _Tally]:
    """Sum each entry's points over all boards (N-S points when N-S, E-W points when E-W)."""
    tallies: dict[int, _Tally] = defaultdict(_Tally)
    for board in boards.values():
        _add_lines(tallies, board.board, board.lines, 1)
    return tallies


def _add_lines(tallies: dict[int, _Tally], number: int, lines, sign: int) -> None:
    """Add (``sign`` 1) or take off (−1) scored ``lines`` of board ``number``."""
    for scored in lines:
        line = scored.line
        real = line.adjusted is None
        for side, entry, value in (
            ("ns", line.ns, scored.ns_points), ("ew", line.ew, scored.ew_points)
        ):  # fmt: skip
            t = tallies[entry]
            count = t.boards.get(number, 0) + sign
            if count:
                t.boards[number] = count
            else:
                del t.boards[number]
            if not scored.played:
                continue
            if sign < 0:
                value = -value
            t.points += value
            t.played += sign
            if real:
                t.real_points += value
                t.real_boards += sign
            if scored.extra:
                for key, name in _EXTRA_KEYS[side]:
                    t.columns[key] = t.columns.get(key, 0) + sign * scored.extra.get(name, 0)


def retally(tallies: Mapping[int, _Tally], old: Any | None, new: Any | None):
    """The tallies after one board changed from ``old`` to ``new`` (either may be None), and
    the entries whose tallies changed; ``tallies`` itself is left as it was.  Only lines whose
    scoring changed are taken off and added again (a line is a frozen value: equal lines score
    equal), so each entry's total moves by the board's difference, never re-summed."""
    before = list(old.lines) if old is not None else []
    after = list(new.lines) if new is not None else []
    if len(before) == len(after):
        kept = [i for i in range(len(before)) if before[i] == after[i]]
        if kept:
            drop = set(kept)
            before = [s for i, s in enumerate(before) if i not in drop]
            after = [s for i, s in enumerate(after) if i not in drop]
    out = dict(tallies)
    touched: set[int] = set()
    for scored in before + after:
        for entry in (scored.line.ns, scored.line.ew):
            if entry not in touched:
                touched.add(entry)
                t = out.get(entry)
                out[entry] = t.copy() if t is not None else _Tally()
    number = (old if old is not None else new).board if before or after else 0
    _add_lines(out, number, before, -1)
    _add_lines(out, number, after, 1)
    for entry in touched:
        t = out[entry]
        if type(t.points) is Fraction and t.points.denominator == 1:
            t.points = int(t.points)
        if type(t.real_points) is Fraction and t.real_points.denominator == 1:
            t.real_points = int(t.real_points)
    return out, touched


def session_percent_boards(boards: dict[int, Any], top: int) -> dict[int, Any]:
    """EBU option: an artificial MP score becomes the better of Ave+ and the pair's session
    percentage on its real boards (and the worse of Ave− and it); Ave stays 50%."""
    tallies = _tally(boards)
    out = {}
    for number, board in boards.items():
        lines = []
        for scored in board.lines:
            if scored.line.adjusted is not None and scored.played:
                adj = parse_adjusted(scored.line.adjusted)
                ns = _policy(adj.ns, tallies[scored.line.ns], top)
                ew = _policy(adj.ew, tallies[scored.line.ew], top)
                scored = replace(
                    scored, ns_points=ns * board.top / 100, ew_points=ew * board.top / 100
                )
            lines.append(scored)
        out[number] = replace(board, lines=tuple(lines))
    return out


def _policy(percent: Fraction, tally: _Tally, top: int) -> Fraction:
    if tally.real_boards == 0 or percent == 50:
        return percent
    own = Fraction(tally.real_points * 100, top * tally.real_boards)
    return max(percent, own) if percent > 50 else min(percent, own)


def _entries(inp: Any, tallies: Mapping[int, _Tally]) -> list[Any]:
    """The entries ranked; in a team match of pairs each pair in the field of its direction."""
    entries = list(inp.entries) or [_Entry(number, "", "all") for number in sorted(tallies)]
    if inp.method in TEAM_METHODS:
        seats = {p: t.direction(p) for t in inp.teams for p in t.pairs}
        entries = [replace(e, field=seats.get(e.number, e.field)) for e in entries]
    return entries


@dataclass(frozen=True)
class _Entry:
    number: int
    name: str
    field: str


#: Methods whose standings have no columns averaged over the field, so an entry whose sums did
#: not change keeps its row when one board is rescored.
_NO_FIELD_COLUMNS = ("matchpoints", "imps_butler", "imps_cross", "imps_teams", "total_points")


def build_fields(
    inp: Any,
    boards: dict[int, Any],
    top: int | None,
    tallies: dict[int, _Tally] | None = None,
    previous: tuple[Any, set] | None = None,
) -> tuple[tuple, dict, dict[int, _Tally]]:
    """Ranked standings per field, session extras (teams of four at IMPs: ``"imp_teams"``,
    a ``scoring.engine.imp_teams.ImpTeams``, and each team's victory points ``"vp"``; a whist team
    match: ``"team_match"``, a ``scoring.engine.team_match.TeamMatch``) and the entries' sums.

    ``tallies``: the sums already brought up to ``boards`` (``retally``), else summed here;
    ``previous``: (the result before one board changed, the entries whose sums changed): an
    untouched entry keeps its score and, when its place is the same, its ``Standing``."""
    if inp.method == "matchpoints" and inp.setting("adjusted_policy") == "session_percent":
        boards.update(session_percent_boards(boards, top or 0))
        tallies = previous = None  # artificial scores follow each pair's session percentage
    if tallies is None:
        tallies, previous = _tally(boards), None
    entries = _entries(inp, tallies)
    by_field: dict[str, list] = {}
    for entry in entries:
        by_field.setdefault(entry.field, []).append(entry)
    dead = _dead(boards)
    reuse = None
    if (
        previous is not None
        and inp.method in _NO_FIELD_COLUMNS
        and previous[0].top == top
        and _dead(previous[0].boards) == dead
    ):
        reuse = ({s.entry: s for f in previous[0].fields for s in f.standings}, previous[1])
    fields = tuple(
        _field(inp, name, members, tallies, top, dead, reuse) for name, members in by_field.items()
    )
    pairs = {s.entry: s for f in fields for s in f.standings}
    extras: dict[str, Any] = {}
    if inp.method == "imps_teams":
        extras["vp"] = {}
        if boards:
            teams = inp.teams or tuple(TeamInfo(e.number, e.name) for e in entries)
            extras["imp_teams"] = imp_teams(teams, owner(inp.teams), boards, pairs)
            extras["vp"] = extras["imp_teams"].vp
    if inp.method == "tricks_teams" and inp.teams and boards:
        extras["team_match"] = team_match(inp.teams, pairs)
    return fields, extras, tallies


def _dead(boards: Mapping[int, Any]) -> set[int]:
    """The boards with lines but none played."""
    return {b.board for b in boards.values() if not any(s.played for s in b.lines)}


def _score(inp: Any, tally: _Tally, scheduled: int, top: int | None):
    """(score, percent) of one entry by the session's method."""
    score = tally.points
    if inp.method == "imps_teams" and not inp.teams:
        return Fraction(score, 2), None  # a team entry is on both rooms' lines of each comparison
    if inp.method != "matchpoints":
        return Fraction(score), None
    if inp.setting("scale_missed_boards") and 0 < tally.played < scheduled:
        score = Fraction(score * scheduled, tally.played)
    percent = Fraction(score * 100, top * scheduled) if top and scheduled else None
    return Fraction(score), percent


_NO_TALLY = _Tally()


def _field(inp: Any, name: str, members: list, tallies: Mapping[int, _Tally], top: int | None,
           dead: set = frozenset(), reuse: tuple[dict, set] | None = None):  # fmt: skip
    """One field ranked on its totals (SCORING.md §6). Without a schedule, an entry was meant to
    play the most boards any entry of its field has lines on (a board nobody played aside).
    ``reuse``: (entry -> its previous ``Standing``, the entries whose sums changed)."""
    rows = []
    scheduled_of = inp.boards_scheduled
    field_boards = None
    before, touched = reuse if reuse is not None else ({}, ())
    for entry in members:
        number = entry.number
        scheduled = scheduled_of.get(number)
        if scheduled is None:
            if field_boards is None:
                field_boards = _field_boards(members, tallies, dead)
            scheduled = field_boards
        old = before.get(number)
        if (
            old is not None
            and number not in touched
            and old.boards_scheduled == scheduled
            and old.name == entry.name
        ):
            rows.append([entry, old.score, old.percent, old, scheduled])
            continue
        tally = tallies.get(number, _NO_TALLY)
        score, percent = _score(inp, tally, scheduled, top)
        rows.append([entry, score, percent, tally, scheduled])
    averages = _field_columns(inp, rows)
    keys = [display_key(r[1]) for r in rows]  # the total, never the percentage (SCORING.md §6)
    ranks, order = _places(rows, keys)
    standings = []
    for i in order:
        entry, score, percent, tally, scheduled = rows[i]
        if isinstance(tally, Standing):  # untouched: the same row unless its place moved
            same = tally.rank == ranks[i] and tally.percent == percent
            standings.append(tally if same else replace(tally, rank=ranks[i], percent=percent))
            continue
        standings.append(Standing(ranks[i], entry.number, entry.name, score, percent,
                                  tally.played, scheduled, averages[i]))  # fmt: skip
    return FieldStandings(name, tuple(standings))


def _field_boards(members: list, tallies: Mapping[int, _Tally], dead: set) -> int:
    if dead:
        return max(
            (len(tallies[e.number].boards.keys() - dead) for e in members if e.number in tallies),
            default=0,
        )
    return max((len(tallies[e.number].boards) for e in members if e.number in tallies), default=0)


def _places(rows: list, keys: list[int]) -> tuple[list[str], list[int]]:
    """(place of each row, the rows in order), ranked on ``keys`` (``display_key`` of the
    totals).  An entry with no scored board yet (live standings before its first result) has
    no percentage and is placed after every entry with one, all such entries sharing the next
    place: a 0 it has not earned never ranks it above a pair that played (docs/players.md)."""
    scored = [i for i, r in enumerate(rows) if _played(r[3])]
    waiting = [i for i, r in enumerate(rows) if not _played(r[3])]
    for i in waiting:
        rows[i][2] = None
    if not scored:
        scored, waiting = waiting, []
    order = sorted(scored, key=lambda i: (-keys[i], rows[i][0].number))
    ranks = [""] * len(rows)
    labels = rank_keys([keys[i] for i in order], range(len(order)))
    for i, label in zip(order, labels, strict=True):
        ranks[i] = label
    after = len(scored) + 1
    for i in waiting:
        ranks[i] = str(after) if len(waiting) == 1 else f"={after}"
    return ranks, order + sorted(waiting, key=lambda i: rows[i][0].number)


def _played(tally) -> int:
    """Boards scored: of a tally, or of a ``Standing`` kept from the previous result."""
    return tally.boards_played if isinstance(tally, Standing) else tally.played


def _field_columns(inp: Any, rows: list) -> list[dict]:
    """Net plus/minus: plus, minus, excess, the direction average and above/below average;
    whist tricks: the rounded direction average and above/below average."""
    if inp.method not in ("net", "tricks", "tricks_teams") or not rows:
        return [{} for _ in rows]
    divisor = len(rows)
    average = direction_average([r[1] for r in rows], divisor)
    if inp.method in ("tricks", "tricks_teams"):
        average = Fraction(round_half_up(average))
    out = []
    for r in rows:
        columns = {"average": average, "above_average": above_average(r[1], average)}
        if inp.method == "net" and r[3].played:  # plus, minus and excess of every entry that played
            columns.update(
                {k: Fraction(r[3].columns.get(k, 0)) for k in ("plus", "minus", "excess")}
            )
        out.append(columns)
    return out
