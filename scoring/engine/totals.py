"""Session totals: net plus/minus (duplicate auction), direction averages, total points.

Seed: round slips "deducting the lower from the higher" [002 L2988–2995]; net "460 plus"
[002 L3009–3014]; direction average = total ÷ tables, each pair above/below average
[002 L3017–3023]; winners each way (Law 11) [002 L3378–3383]; excess added to the plus side to
balance [002 L3385–3388]; total points (Law 78C). ``../shared/SCORING.md`` §2 and §5.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import compress, islice, repeat
from operator import and_, attrgetter, eq, is_, is_not, ne, not_, rshift
from typing import Any, NamedTuple

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


@dataclass(slots=True)
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
    #: the sum of the matchpoint tops of the boards played (each board its own top)
    tops: int = 0

    def copy(self) -> _Tally:
        return _Tally(self.points, self.played, dict(self.boards), self.real_points,
                      self.real_boards, dict(self.columns), self.tops)  # fmt: skip


_EXTRA_KEYS = {side: tuple((key, f"{side}_{key}") for key in ("plus", "minus", "excess"))
               for side in ("ns", "ew")}  # fmt: skip


def _tally(boards: Mapping[int, Any]) -> dict[int, _Tally]:
    """Sum each entry's points over all boards (N-S points when N-S, E-W points when E-W)."""
    tallies: dict[int, _Tally] = defaultdict(_Tally)
    for board in boards.values():
        _add_lines(tallies, board.board, board.lines, 1, board.top)
    return tallies


def _add_lines(tallies: dict[int, _Tally], number: int, lines, sign: int, top=None) -> None:
    """Add (``sign`` 1) or take off (−1) scored ``lines`` of board ``number`` (MP ``top``)."""
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
            if top:
                t.tops += sign * top
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
    equal), so each entry's total moves by the board's difference, never re-summed; when
    only points moved (``_points_moved``: a result changed in its place), only they are
    moved, the board counts and columns shared with the old tallies."""
    before = list(old.lines) if old is not None else []
    after = list(new.lines) if new is not None else []
    if len(before) == len(after):  # the lines that changed: not the same object, nor equal
        moved = list(compress(range(len(before)), map(is_not, before, after)))
        if old is not None and new is not None and old.top == new.top:
            again = _points_moved(tallies, [before[i] for i in moved], [after[i] for i in moved])
            if again is not None:
                return again
        moved = [i for i in moved if before[i] != after[i]]
        before, after = [before[i] for i in moved], [after[i] for i in moved]
    out = dict(tallies)
    touched: set[int] = set()
    for scored in before + after:
        for entry in (scored.line.ns, scored.line.ew):
            if entry not in touched:
                touched.add(entry)
                t = out.get(entry)
                out[entry] = t.copy() if t is not None else _Tally()
    number = (old if old is not None else new).board if before or after else 0
    _add_lines(out, number, before, -1, old.top if old is not None else None)
    _add_lines(out, number, after, 1, new.top if new is not None else None)
    for entry in touched:
        t = out[entry]
        t.points, t.real_points = _whole(t.points), _whole(t.real_points)
    return out, touched


def _points_moved(tallies: Mapping[int, _Tally], before: list, after: list):
    """``retally`` when each changed line is played, real (not adjusted) and without columns
    (``extra``) before and after, between the same two entries, on a board whose top is the
    same: only points move, each entry's by the difference of its lines' points; None when
    that is not so.  An entry's new tally shares its board counts and columns with the old
    one (neither changes; a tally's dicts are never changed once it is in a result: the
    general path copies them, ``_Tally.copy``, before it adds)."""
    out = dict(tallies)
    touched = _PointsMoved()
    for b, a in zip(before, after, strict=True):
        line, was = a.line, b.line
        ns, ew = line.ns, line.ew
        if (
            ns != was.ns
            or ew != was.ew
            or not (a.played and b.played)
            or line.adjusted is not None
            or was.adjusted is not None
            or a.extra
            or b.extra
            or ns not in out
            or ew not in out
        ):
            return None  # the copies made so far are dropped with ``out``
        for entry, moved in ((ns, a.ns_points - b.ns_points), (ew, a.ew_points - b.ew_points)):
            if not moved:
                continue
            t = out[entry]
            if entry not in touched:
                touched.add(entry)
                t = out[entry] = _shared(t)
            t.points = _whole(t.points + moved)
            t.real_points = _whole(t.real_points + moved)
    return out, touched


class _PointsMoved(set):
    """The entries ``_points_moved`` touched: only their points moved, each entry's board
    counts are as they were (so are the boards an unscheduled entry was meant to play:
    ``_field_again``)."""


def _shared(t: _Tally) -> _Tally:
    """A copy of ``t`` sharing its dicts (``_points_moved``)."""
    return _Tally(t.points, t.played, t.boards, t.real_points, t.real_boards, t.columns, t.tops)


def _whole(value: int | Fraction) -> int | Fraction:
    """``value``, an ``int`` when it is a whole ``Fraction`` (a tally stays an ``int`` while
    every value added is whole)."""
    if type(value) is Fraction and value.denominator == 1:
        return int(value)
    return value


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


def _by_field(entries: list) -> dict[str, list]:
    """The entries of each field, the fields in order of their first entry; with a few fields
    (one, or N-S and E-W) each is picked out of the list in one pass in C."""
    names = list(map(_FIELD, entries))
    distinct = dict.fromkeys(names)
    if len(distinct) <= 4:
        return {name: list(compress(entries, map(eq, names, repeat(name)))) for name in distinct}
    by_field: dict[str, list] = {}
    for entry in entries:
        by_field.setdefault(entry.field, []).append(entry)
    return by_field


_FIELD, _PLAYED = attrgetter("field"), attrgetter("played")

#: (the ``entries`` tuple last grouped, its fields): a session rescored board after board
#: keeps one input (as ``scoring.engine.session._known_entries`` does), whose entries need
#: not be grouped every time; the lists are only read.
_GROUPED: list = [None, {}]


def _grouped(inp: Any, tallies: Mapping[int, _Tally]) -> tuple[list | None, dict[str, list]]:
    """(the entries ranked, or None when they are the input's own; their fields)."""
    if inp.method not in TEAM_METHODS and inp.entries and type(inp.entries) is tuple:
        return None, _fields_of(inp.entries)
    entries = _entries(inp, tallies)
    return entries, _by_field(entries)


def _fields_of(entries: tuple) -> dict[str, list]:
    """``_by_field`` of an input's own entries (a tuple of frozen entries), kept for the next
    call with the same tuple."""
    if _GROUPED[0] is not entries:
        _GROUPED[:] = [entries, _by_field(list(entries))]
    return _GROUPED[1]


@dataclass(frozen=True)
class _Entry:
    number: int
    name: str
    field: str


#: Methods whose standings have no columns averaged over the field, so an entry whose sums did
#: not change keeps its row when one board is rescored.
_NO_FIELD_COLUMNS = ("matchpoints", "imps_butler", "imps_cross", "imps_teams", "total_points")


#: Methods whose scores (whist pairs: tricks over each deal's average) or Law 10/11 columns
#: (net: the direction average, above average) move for every entry of the field when one
#: board changes: ranked afresh, never from the previous standings.
FIELD_WIDE_METHODS = ("tricks", "net", "tricks_teams")


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
    if inp.method in FIELD_WIDE_METHODS:
        previous = None  # every row's score or columns follow the whole field
    entries, by_field = _grouped(inp, tallies)
    dead = _dead(boards)
    reuse = None
    if (
        previous is not None
        and inp.method in _NO_FIELD_COLUMNS
        and previous[0].top == top
        and _dead(previous[0].boards) == dead
    ):
        reuse = ({f.name: f for f in previous[0].fields}, previous[1])
    compared = over_average(boards) if inp.method == "tricks" else None
    fields = tuple(
        _field(inp, name, members, tallies, top, dead, reuse, compared)
        for name, members in by_field.items()
    )
    extras: dict[str, Any] = {}
    if inp.method in ("imps_teams", "tricks_teams"):
        pairs = {s.entry: s for f in fields for s in f.standings}
    if inp.method == "imps_teams":
        extras["vp"] = {}
        if boards:
            entries = entries if entries is not None else _entries(inp, tallies)
            teams = inp.teams or tuple(TeamInfo(e.number, e.name) for e in entries)
            extras["imp_teams"] = imp_teams(teams, owner(inp.teams), boards, pairs)
            extras["vp"] = extras["imp_teams"].vp
    if inp.method == "tricks_teams" and inp.teams and boards:
        extras["team_match"] = team_match(inp.teams, pairs)
    return fields, extras, tallies


def over_average(boards: Mapping[int, Any]) -> dict[int, Fraction]:
    """Whist pairs compared on the hands each played: on every deal, each side's tricks less
    the average of its direction's real results on that deal, summed over the deals the pair
    played [002 L3972–3975] ("each deal is so overplayed as to bring the play of ... pairs ...
    into comparison"; the pair-form revoke bounds compare with "the other tables, on the deal"
    [002 L4265–4277]). A deal a pair did not play counts neither for nor against it, so a pair
    playing exactly to the average scores 0 however many deals it missed. Exact fractions."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for board in boards.values():
        real = [s for s in board.lines if s.played and s.line.adjusted is None]
        if not real:
            continue
        ns_mean = Fraction(sum(Fraction(s.ns_points) for s in real), len(real))
        ew_mean = Fraction(sum(Fraction(s.ew_points) for s in real), len(real))
        for s in board.lines:
            if s.played:
                out[s.line.ns] += Fraction(s.ns_points) - ns_mean
                out[s.line.ew] += Fraction(s.ew_points) - ew_mean
    return dict(out)


def _dead(boards: Mapping[int, Any]) -> set[int]:
    """The boards with lines but none played."""
    return {b.board for b in boards.values() if True not in map(_PLAYED, b.lines)}


def _score(inp: Any, tally: _Tally, scheduled: int, top: int | None):
    """(score, percent) of one entry by the session's method."""
    value, percent = _value(inp, tally, scheduled, top)
    return Fraction(value), percent


def _value(inp: Any, tally: _Tally, scheduled: int, top: int | None):
    """``_score`` with the score as computed, an ``int`` when it is one (``display_key`` reads
    an ``int`` at once)."""
    score = tally.points
    if inp.method == "imps_teams" and not inp.teams:
        return Fraction(score, 2), None  # a team entry is on both rooms' lines of each comparison
    if inp.method != "matchpoints":
        return score, None
    raw = score
    # the setting matters only for an entry that missed boards
    scale = (
        scheduled is not None and tally.played < scheduled and inp.setting("scale_missed_boards")
    )
    if scale and 0 < tally.played:
        score = Fraction(score * scheduled, tally.played)
    return score, _percent(raw, tally, scheduled, top, scale)


def _percent(raw, tally: _Tally, scheduled: int, top: int | None, scale) -> Fraction | None:
    """The MPs won out of the MPs there were to win on the boards played, each board on its own
    top (boards expecting fewer results have a smaller top); without scaling (``scale`` false)
    a missed board counts as a zero at the mean top of those played.  One exact division:
    ``raw`` × 100 (× played) over the tops (× scheduled)."""
    if not top or not scheduled:
        return None
    if not tally.played or not tally.tops:
        return Fraction(raw * 100, top * scheduled)
    if not scale and tally.played < scheduled:
        return Fraction(raw * 100 * tally.played, tally.tops * scheduled)
    return Fraction(raw * 100, tally.tops)


_NO_TALLY = _Tally()
#: a ``Standing``'s place
_RANK = attrgetter("rank")


def _field(inp: Any, name: str, members: list, tallies: Mapping[int, _Tally], top: int | None,
           dead: set = frozenset(), reuse: tuple[dict, set] | None = None,
           compared: Mapping[int, Fraction] | None = None):  # fmt: skip
    """One field ranked on its totals (SCORING.md §6). Without a schedule, an entry was meant to
    play the most boards any entry of its field has lines on (a board nobody played aside).
    ``reuse``: (field name -> its previous ``FieldStandings``, the entries whose sums changed):
    the untouched entries keep their order and rows, only the touched ones are placed again
    (``_field_again``); ``compared``: whist pairs' tricks over average on the deals played
    (``over_average``), their score."""
    if reuse is not None and reuse[0].get(name) is not None:
        again = _field_again(inp, members, tallies, top, dead, reuse[0][name], reuse[1])
        if again is not None:
            return again
        before = {s.entry: s for s in reuse[0][name].standings}
        touched = reuse[1]
    else:
        before, touched = {}, ()
    rows = []
    scheduled_of = inp.boards_scheduled
    field_boards = None
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
        if compared is not None:
            score = compared.get(number, Fraction(0))
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
    return _keyed(FieldStandings(name, tuple(standings)), inp, members, field_boards)


def _sort_key(standing: Standing) -> int | None:
    """A standing's place in its field's order (``_places``): entries that played by their
    displayed total, highest first, then by number; then those waiting, by number."""
    return _order_key(standing.boards_played, standing.score, standing.entry)


#: ``_order_key``: an entry's number in the low bits, the total (its ``display_key``,
#: negated: highest first) above it; the entries waiting after all of them
_ENTRY_BITS = 32
_ENTRY_MASK = (1 << _ENTRY_BITS) - 1
_TOTAL_LIMIT = 1 << 200
_WAITING = _TOTAL_LIMIT << (_ENTRY_BITS + 1)


def _order_key(played: int, score, entry: int) -> int | None:
    """``_sort_key`` of a row with these boards played, score and entry, as one ``int``: the
    order of (waiting, −total, entry), compared, stored and read without a tuple (a field's
    keys are read whole at every rescore).  None beyond the ints it can hold (an entry number
    of 2³² or more, a total of 2²⁰⁰ hundredths or more: such a field is ranked afresh)."""
    if type(entry) is not int or not 0 <= entry <= _ENTRY_MASK:
        return None
    if not played:
        return _WAITING + entry
    total = display_key(score)
    if not -_TOTAL_LIMIT < total < _TOTAL_LIMIT:
        return None
    return (-total << _ENTRY_BITS) + entry


class _Again(NamedTuple):
    """What ``_field_again`` starts from, kept beside a field's standings (``_keyed``): each
    row's ``_sort_key`` and its place label, in the rows' order (parallel lists, so the next
    rescore reads no ``Standing``), the members (the list, to know them again at the cost of
    an identity check) and their names, the schedule, and the boards an unscheduled entry
    was meant to play."""

    keys: list
    ranks: list
    names: dict
    scheduled: dict
    field_boards: int | None
    members: list


def _keyed(
    field_standings: FieldStandings, inp: Any, members: list, field_boards: int | None,
    again: tuple | None = None, names: dict | None = None,
) -> FieldStandings:  # fmt: skip
    """``field_standings`` with its ``_Again`` kept beside it (a private memo, not a dataclass
    field: equality and JSON are unchanged); ``again``: its (keys, ranks) when known.  No
    memo when a row has no ``_sort_key`` (``_order_key``)."""
    if again is None:
        standings = field_standings.standings
        again = ([_sort_key(s) for s in standings], list(map(_RANK, standings)))
        if None in again[0]:
            return field_standings
    if names is None:
        names = {e.number: e.name for e in members}
    memo = _Again(*again, names, dict(inp.boards_scheduled), field_boards, members)
    object.__setattr__(field_standings, "_again", memo)
    return field_standings


def _same_members(members: list, old_members: list, old_names: dict) -> dict | None:
    """The members' names when they are those of the previous standings, else None: the same
    entry objects (an identity check in C), or entries with the same numbers and names."""
    if members is old_members or (
        len(members) == len(old_members) and all(map(is_, members, old_members))
    ):
        return old_names
    names = {e.number: e.name for e in members}
    return names if names == old_names else None


def _field_boards_again(members, tallies, dead, touched, names, old_field_boards):
    """The boards an unscheduled entry of the field was meant to play, after one board
    changed: the untouched entries' boards are as they were (and the dead boards the same:
    ``build_fields``), so the most boards only the touched entries can raise; a fall is
    looked for over the whole field."""
    most = max((_boards_of(tallies[n], dead) for n in touched if n in names and n in tallies),
               default=0)  # fmt: skip
    if old_field_boards is not None and most >= old_field_boards:
        return most
    return _field_boards(members, tallies, dead)


def _field_again(inp: Any, members: list, tallies: Mapping[int, _Tally], top: int | None,
                 dead: set, old: FieldStandings, touched: set):  # fmt: skip
    """``_field`` after one board changed, from the field's previous standings ``old``: the
    rows of the entries whose sums did not change stay in their order, the ``touched`` ones
    are scored and sorted into it (one near-sorted merge), and the places are labelled again;
    a row whose place is the same is the old ``Standing``.  None when it does not apply (the
    field's members, names or schedule changed, or nobody in it has played: ``_field`` then
    ranks the field afresh, as ``_places`` does)."""
    memo = getattr(old, "_again", None)
    if memo is None or not old.standings:
        return None
    names = _same_members(members, memo.members, memo.names)
    scheduled_of = inp.boards_scheduled
    if names is None or scheduled_of != memo.scheduled:
        return None
    field_boards = None
    if isinstance(touched, _PointsMoved):  # no entry's board counts changed
        field_boards = memo.field_boards
    elif (
        len(scheduled_of) < len(names)
        or None in scheduled_of.values()
        or (len(scheduled_of.keys() & names.keys()) < len(names))
    ):
        field_boards = _field_boards_again(members, tallies, dead, touched, names,
                                           memo.field_boards)  # fmt: skip
    if field_boards != memo.field_boards:
        return None  # every unscheduled entry's percentage moves
    moved = [number for number in touched if number in names]
    keys, ranks, rows = memo.keys, memo.ranks, old.standings
    if moved:  # the untouched rows, in their order: a key's low bits are its entry's number
        entries = map(and_, keys, repeat(_ENTRY_MASK))
        keep = list(map(not_, map(touched.__contains__, entries)))
        keys, ranks, rows = (list(compress(kept, keep)) for kept in (keys, ranks, rows))
    else:
        keys, ranks, rows = list(keys), list(ranks), list(rows)
    for number in moved:
        key, row = _row_again(inp, number, names[number], tallies, scheduled_of, field_boards,
                              top)  # fmt: skip
        if key is None:
            return None  # beyond ``_order_key``'s ints: ranked afresh
        at = bisect_left(keys, key)  # the untouched keys are sorted: insert in order
        keys.insert(at, key)
        ranks.insert(at, "")
        rows.insert(at, row)
    if keys[0] >= _WAITING:  # nobody has played: _places ranks them all together
        return None
    standings, ranks = _relabelled(keys, rows, ranks)
    return _keyed(FieldStandings(old.name, standings), inp, members, field_boards,
                  (keys, ranks), names)  # fmt: skip


def _row_again(inp, number, name, tallies, scheduled_of, field_boards, top):
    """(``_sort_key``, ``Standing``) of a touched entry, its place not yet known (its rank
    "" until ``_relabelled`` labels it)."""
    scheduled = scheduled_of.get(number)
    if scheduled is None:
        scheduled = field_boards
    tally = tallies.get(number, _NO_TALLY)
    value, percent = _value(inp, tally, scheduled, top)
    played = tally.played
    if not played:
        percent = None
    row = object.__new__(Standing)
    row.__dict__.update(rank="", entry=number, name=name, score=Fraction(value),
                        percent=percent, boards_played=played, boards_scheduled=scheduled,
                        extra={})  # fmt: skip
    return _order_key(played, value, number), row


def _relabelled(keys: list, rows: list, ranks: list) -> tuple[tuple, list]:
    """(the rows in ``keys``' order with their places labelled as ``_places`` labels them
    (``rank_keys``: ties share "=n"; the entries waiting share the place after the last that
    played), the labels).  ``ranks``: each row's label now ("" for a row made by
    ``_row_again`` for this call); a row already so labelled is kept as it is.  The labels
    are "1", "2", … but at the ties, which are found by comparing each total with the next
    (loops in C), and only the rows whose label changed are copied."""
    scored = bisect_left(keys, _WAITING)
    waiting = len(keys) - scored
    values = list(map(rshift, islice(keys, scored), repeat(_ENTRY_BITS)))  # the totals
    labels = _numbers(scored)[:scored]
    start, previous = 0, -2
    for k in compress(range(scored - 1), map(eq, values, islice(values, 1, None))):
        if k != previous + 1:  # a new group of equal totals starts at k
            start = k
        labels[k] = labels[k + 1] = f"={start + 1}"
        previous = k
    labels += [str(scored + 1) if waiting == 1 else f"={scored + 1}"] * waiting
    for k in compress(range(len(rows)), map(ne, labels, ranks)):
        if ranks[k] == "":  # made for this call and not yet seen by anyone: placed as it is
            rows[k].__dict__["rank"] = labels[k]
        else:
            rows[k] = _placed(rows[k], labels[k])
    return tuple(rows), labels


#: the place labels "1", "2", … of untied rows, made once (``_numbers``)
_NUMBERS: list[str] = []


def _numbers(count: int) -> list[str]:
    """The labels "1" … ``count`` (at least), grown as larger fields come."""
    if len(_NUMBERS) < count:
        _NUMBERS.extend(str(k + 1) for k in range(len(_NUMBERS), count))
    return _NUMBERS


def _placed(standing: Standing, label: str) -> Standing:
    """``replace(standing, rank=label)``, at the cost of a dict copy: many rows move one place
    when one board changes, and a frozen dataclass's ``__init__`` sets field by field."""
    moved = object.__new__(Standing)
    moved.__dict__.update(standing.__dict__)
    moved.__dict__["rank"] = label
    return moved


def _boards_of(tally: _Tally, dead: set) -> int:
    return len(tally.boards.keys() - dead) if dead else len(tally.boards)


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
    if inp.method == "tricks":  # the score is already the comparison on the same deals
        return [{"tricks": Fraction(r[3].points)} for r in rows]
    if inp.method not in ("net", "tricks_teams") or not rows:
        return [{} for _ in rows]
    divisor = len(rows)
    average = direction_average([r[1] for r in rows], divisor)
    if inp.method == "tricks_teams":
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
