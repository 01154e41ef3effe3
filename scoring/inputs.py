"""The scoring engine's input, read from the database: each result row as a ``ResultLine``,
the plays a movement schedules for every board, an individual movement's seats, and a whole
section as a ``SessionInput`` (``scoring.engine.session``).  Results (writes) and standings
(recomputation) both build on it; it reads models and builds engine values, nothing more.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.engine.session import DEFAULT_SETTINGS, EntryInfo, ResultLine, SessionInput
from scoring.engine.team_match import TEAM_METHODS, TeamInfo, teams_from_seats
from scoring.models import BoardResult
from tournament.models import Entry, EntryPlayer
from tournament.movements.base import Movement, Seating
from tournament.movements.checks import FACTORED_SIT_OUTS
from tournament.movements.teams import team_pairs

LINE_FIELDS = (
    "contract",
    "declarer",
    "tricks",
    "lead",
    "honours_ns",
    "honours_ew",
    "revokes_ns",
    "revokes_ew",
    "before_revoke_ns",
    "before_revoke_ew",
    "tricks_ns",
    "score_ns",
    "adjusted",
    "not_played",
    "fouled_group",
    "penalty_ns",
    "penalty_ew",
    "committee_ns",
    "weighted",
)


#: ``BoardResult``'s own order (``Meta.ordering``) within one section.  Its first key, the
#: section, orders by the section's and the session's ordering, which joins both tables to
#: every query: a query filtered to one section orders by the rest alone, in the same order.
IN_SECTION = ("board_number", "table_number", "pk")


def result_line(row: BoardResult, ns: int | None = None, ew: int | None = None) -> ResultLine:
    """One stored result as an engine ``ResultLine`` (blank text fields become None)."""

    def value(name):
        v = getattr(row, name)
        return None if v == "" else v

    return ResultLine(
        board=row.board_number,
        ns=ns if ns is not None else row.ns_entry.number,
        ew=ew if ew is not None else row.ew_entry.number,
        round=row.round_number,
        table=row.table_number,
        **{name: value(name) for name in LINE_FIELDS},
    )


@dataclass(frozen=True)
class Play:
    """Where the movement says a board is played: round, table and the two entries."""

    round: int
    table: int
    ns: int
    ew: int


def scheduled_plays(movement: Movement) -> dict[int, list[Play]]:
    """Board number → the plays the movement schedules for it (phantom tables excluded).

    Built once per movement object (``Section.get_movement`` shares one object per stored
    movement), so the answer is shared too: read it, never change it."""
    return _memo(movement, "plays", _build_plays)


#: id(movement) -> (movement, {name: derived value}); the movement is held so the id is not
#: reused while its entry lives.
_DERIVED: dict[int, tuple[Movement, dict]] = {}
_DERIVED_KEPT = 64


def _memo(movement: Movement, name: str, build):
    entry = _DERIVED.get(id(movement))
    if entry is None or entry[0] is not movement:
        while len(_DERIVED) >= _DERIVED_KEPT:
            _DERIVED.pop(next(iter(_DERIVED)), None)
        entry = _DERIVED[id(movement)] = (movement, {})
    values = entry[1]
    if name not in values:
        values[name] = build(movement)
    return values[name]


def _build_plays(movement: Movement) -> dict[int, list[Play]]:
    plays: dict[int, list[Play]] = {}
    for rnd in movement.rounds:
        for seating in rnd.tables:
            ns, ew = _sides(seating)
            if _has_phantom(movement, seating) or ns is None or ew is None:
                continue
            for board in movement.boards_for(seating):
                plays.setdefault(board, []).append(Play(rnd.number, seating.table, ns, ew))
    return plays


def rounds_by_table(movement: Movement) -> dict[int, list[dict]]:
    """Table → each round it plays, in order: ``{"round", "ns", "ew", "boards"}`` with the
    boards in order (the plays of ``scheduled_plays``: sit-outs and phantoms left out).  Built
    once per movement object and shared: read it, never change it (``table_rounds`` in
    ``scoring.results.selectors`` hands out copies)."""
    return _memo(movement, "rounds by table", _build_rounds_by_table)


def _build_rounds_by_table(movement: Movement) -> dict[int, list[dict]]:
    tables: dict[int, dict[int, dict]] = {}
    for board, plays in scheduled_plays(movement).items():
        for play in plays:
            item = tables.setdefault(play.table, {}).setdefault(
                play.round, {"round": play.round, "ns": play.ns, "ew": play.ew, "boards": []}
            )
            item["boards"].append(board)
    return {
        table: [dict(rounds[r], boards=sorted(rounds[r]["boards"])) for r in sorted(rounds)]
        for table, rounds in tables.items()
    }


def _sides(seating: Seating) -> tuple[int | None, int | None]:
    """The entries a result row is stored under: the pairs, or (individual) the N and E
    players, whose partners S and W are credited with the same score (scoring.engine.individual)."""
    if seating.is_individual:
        return seating.n, seating.e
    return seating.ns, seating.ew


def individual_seats(movement: Movement | None) -> dict[tuple[int, int], tuple] | None:
    """(round, table) → (n, s, e, w) for an individual movement, else None."""
    if movement is None or not movement.individual:
        return None
    return _memo(movement, "seats", _build_seats)


def _build_seats(movement: Movement) -> dict[tuple[int, int], tuple]:
    return {
        (rnd.number, st.table): (st.n, st.s, st.e, st.w)
        for rnd in movement.rounds
        for st in rnd.tables
        if st.is_individual and not _has_phantom(movement, st)
    }


def _has_phantom(movement: Movement, seating: Seating) -> bool:
    return movement.phantom is not None and movement.phantom in seating.seated


def entry_fields(movement: Movement | None, numbers: list[int]) -> dict[int, str]:
    """Which field each entry is ranked in: "NS"/"EW" for two-winner movements, else "all"."""
    if movement is None or movement.fields != 2:
        return dict.fromkeys(numbers, "all")
    field: dict[int, str] = {}
    for (
        rnd
    ) in movement.rounds:  # each pair's first seat (a rover's is round 2, a late pair's later)
        for seating in rnd.tables:
            if seating.ns is not None:
                field.setdefault(seating.ns, "NS")
            if seating.ew is not None:
                field.setdefault(seating.ew, "EW")
    return {n: field.get(n, "all") for n in numbers}


def seated_fields(lines, numbers: list[int]) -> dict[int, str]:
    """One winner per direction with no movement to say who sat where (an imported file whose
    conditions say ``winners: 2``): each entry is ranked in the direction it sat in most."""
    seats: Counter[tuple[int, str]] = Counter()
    for line in lines:
        seats[(line.ns, "NS")] += 1
        seats[(line.ew, "EW")] += 1
    return {n: "NS" if seats[(n, "NS")] >= seats[(n, "EW")] else "EW" for n in numbers}


def section_input(section, event, *, final: bool = False, lines=None) -> SessionInput:
    """The scoring engine's input for one section (entries, schedule, every result).

    ``lines`` given (``()`` for none): those lines instead of every result row of the section
    (``section_context`` says when the rest of the input depends on the rows)."""
    movement = section.get_movement()
    entries = section_entries(section)
    numbers = [e.number for e in entries if not e.withdrawn]
    if lines is None:
        lines = section_lines(section)
    fields = entry_fields(movement, numbers)
    if _seated(movement, event):
        fields = seated_fields(lines, numbers)
    infos = tuple(
        EntryInfo(e.number, e.display_name, fields[e.number]) for e in entries if not e.withdrawn
    )
    scheduled: dict[int, int] = {}
    expected: dict[int, int] = {}
    if movement is not None:
        plays = scheduled_plays(movement)
        expected = {board: len(p) for board, p in plays.items()}
        if movement.missed and expected:  # a table added or removed mid-session: every
            top = max(expected.values())  # board is factored to one top (SCORING.md §4)
            expected = dict.fromkeys(expected, top)
        entry_plays = _entry_plays(movement)
        scheduled = {n: entry_plays[n] for n in numbers if n in entry_plays}
        if movement.kind in FACTORED_SIT_OUTS:
            scheduled = _field_scheduled(scheduled, fields)
    settings = scoring_settings(event.usable_conditions)
    return SessionInput(
        game=event.game,
        method=event.scoring_method,
        lines=tuple(lines),
        entries=infos,
        settings=settings,
        boards_scheduled=scheduled,
        results_expected=expected,
        final=final,
        teams=section_teams(movement, entries) if event.scoring_method in TEAM_METHODS else (),
        replayed=movement is not None and movement.kind == "mnemonic",
    )


def _field_scheduled(scheduled: dict[int, int], fields: dict[int, str]) -> dict[int, int]:
    """A rover Mitchell's pairs are all meant to play as many boards as the most of their
    field: a pair displaced by the rover (and the rover itself) missed one round, and its
    matchpoints are multiplied by scheduled/played like any missed board (SCORING.md §6,
    the ``scale_missed_boards`` condition; bridgecentral.com, "Displacement Mitchell": the
    scores of the pairs who sat out "are adjusted to those of the pairs who did not")."""
    most: dict[str, int] = {}
    for number, plays in scheduled.items():
        most[fields[number]] = max(plays, most.get(fields[number], 0))
    return {number: most[fields[number]] for number in scheduled}


def _seated(movement: Movement | None, event) -> bool:
    """No movement and two winners: each entry's field is read from the results."""
    return movement is None and event.condition("winners") in (2, "2", "NS/EW")


def lines_decide_fields(section, event) -> bool:
    """True when a section's input depends on all its result rows beyond their boards (the
    entries' fields are read from where they sat), so it cannot be rescored board by board."""
    return _seated(section.get_movement(), event)


def _entry_plays(movement: Movement) -> dict[int, int]:
    """How many plays the movement schedules for each entry (each player, individual)."""
    return _memo(movement, "entry_plays", _build_entry_plays)


def _build_entry_plays(movement: Movement) -> dict[int, int]:
    count: Counter[int] = Counter()
    seats = individual_seats(movement) or {}
    for board_plays in scheduled_plays(movement).values():
        for play in board_plays:
            for player in seats.get((play.round, play.table), (play.ns, play.ew)):
                count[player] += 1
    count.update(movement.missed)  # boards lost to a table added or removed mid-session
    return {n: c for n, c in count.items() if c}


def section_lines(section) -> tuple[ResultLine, ...]:
    """Every result row of a section as engine lines."""
    return _lines(BoardResult.objects.filter(section=section))


def _lines(rows) -> tuple[ResultLine, ...]:
    """The rows of ``rows`` (one section's) as engine lines in the order of a full read, as
    ``result_line`` makes them, read as plain values (no model instances: this runs on
    every result write)."""
    names = ("board_number", "round_number", "table_number", "ns_entry__number",
             "ew_entry__number", *LINE_FIELDS)  # fmt: skip
    out = []
    for board, rnd, table, ns, ew, *values in rows.order_by(*IN_SECTION).values_list(*names):
        fields = {n: (None if v == "" else v) for n, v in zip(LINE_FIELDS, values, strict=True)}
        out.append(ResultLine(board=board, ns=ns, ew=ew, round=rnd, table=table, **fields))
    return tuple(out)


@dataclass(frozen=True)
class SectionEntry:
    """What scoring reads of an entry (``Entry.display_name``: its name, else its players')."""

    number: int
    name: str
    withdrawn: bool
    display_name: str


def section_entries(section) -> list[SectionEntry]:
    """The section's entries by number, read as plain values in two queries (no model
    instances: this runs on every result write)."""
    players: dict[int, list[str]] = {}
    rows = (
        EntryPlayer.objects.filter(entry__section=section)
        .order_by("entry_id", "position")  # each entry's players in order (not the entries')
        .values_list("entry_id", "player__name")
    )
    for entry_id, name in rows:
        players.setdefault(entry_id, []).append(name)
    out = []
    rows = Entry.objects.filter(section=section).order_by("number")
    for pk, number, name, withdrawn in rows.values_list("pk", "number", "name", "withdrawn"):
        names = players.get(pk)
        shown = name or (" & ".join(names) if names else f"Entry {number}")
        out.append(SectionEntry(number, name, withdrawn, shown))
    return out


def entry_ratings(section) -> dict[int, list[int | None]]:
    """Each entry's players' ratings (``Player.rating``, None where a player has none), in
    seat order: what a stratified event places a pair by (``scoring.engine.strata``)."""
    out: dict[int, list[int | None]] = {}
    rows = (
        EntryPlayer.objects.filter(entry__section=section)
        .order_by("entry__number", "position")
        .values_list("entry__number", "player__rating")
    )
    for number, rating in rows:
        out.setdefault(number, []).append(rating)
    return out


def board_lines(section, board: int) -> tuple[ResultLine, ...]:
    """The result rows of one board of a section as engine lines (in the order of a full read)."""
    return _lines(BoardResult.objects.filter(section=section, board_number=board))


def scoring_settings(conditions: dict | None) -> dict:
    """The scoring settings among the conditions of contest: the keys of ``DEFAULT_SETTINGS``
    kept at the top (as a session file or an import writes them), overridden by those the TD
    set in ``conditions["scoring"]`` (the event form)."""
    conditions = conditions or {}
    settings = {k: v for k, v in conditions.items() if k in DEFAULT_SETTINGS}
    settings.update(conditions.get("scoring") or {})
    return settings


def section_teams(movement: Movement | None, entries) -> tuple[TeamInfo, ...]:
    """The teams of a team match (whist, or teams of four at IMPs): as the team movement seats
    them (team k = N-S pair k and E-W pair T+k), named by the team name given on an entry; none
    without that movement."""
    if movement is None:
        return ()
    return teams_from_seats(team_pairs(movement), {e.number: e.name for e in entries})
