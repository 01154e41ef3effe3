"""From a session file to the scoring engine's input, and the ``score_file`` output (pure).

A section is scored on its own (results are compared within a section), or, twin sections under
the ``twin_scoring`` condition, across both (``twin_pair``, ``scoring.engine.twins``).  The movement, when the
file has one, gives each entry's scheduled boards and each board's expected number of results;
without one the engine's defaults apply (every board expects the most results any board has).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scoring.engine import twins
from scoring.engine.team_match import TEAM_METHODS
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.session_file import Section, SessionFile
from tournament.movements import build
from tournament.movements.base import Movement, MovementError
from tournament.movements.teams import team_pairs

STANDINGS_FORMAT = "duplicate-standings/1"


def movement_of(section: Section, where: str = "movement") -> Movement | None:
    """The section's movement: the explicit schedule, or rebuilt from kind and size."""
    data = section.movement
    if not data:
        return None
    try:
        if "schedule" in data:
            return Movement.from_json(data)
        size = {k: data.get(k) for k in ("tables", "pairs", "rounds", "boards_per_round")}
        return build(data["kind"], **size, **data.get("options", {}))
    except (MovementError, KeyError, TypeError) as exc:
        raise InterchangeError(where, f"cannot rebuild the movement: {exc}") from exc


def winners(sf: SessionFile, movement: Movement | None, section: Section | None = None) -> int:
    """One field (1) or a winner per direction (2): the movement says, else the conditions,
    else the entries' own fields (any N-S or E-W), else the method: net plus/minus and whist
    tricks have a winner each way (Law 11 [002 L3378–3383]).
    A team match of pairs ranks its pairs by direction (the teams are ranked apart): always a
    whist team match, teams of four at IMPs when the entries name their teams."""
    if movement is not None:
        return 2 if movement.fields == 2 else 1
    if sf.method == "tricks_teams":
        return 2
    if sf.method == "imps_teams" and section is not None and _teams_given(section):
        return 2
    given = sf.conditions.get("winners")
    if given is not None:
        return 2 if given in (2, "2", "NS/EW") else 1
    if section is not None and any(e.field in ("NS", "EW") for e in section.entries):
        return 2  # the entries' own fields
    # net plus/minus and whist tricks of pairs: the winners each way [002 L3378–3383]; N-S and
    # E-W scores are not comparable (the E-W net is minus the N-S, the tricks 13 minus them).
    # A progressive game or individuals change partners and seats: one field.
    pairs = section is None or all(e.kind == "pair" for e in section.entries)
    progressive = sf.event.get("format") == "progressive"
    return 2 if sf.method in ("net", "tricks") and pairs and not progressive else 1


def _teams_given(section: Section) -> bool:
    return any(e.team is not None for e in section.entries)


def entry_fields(sf: SessionFile, section: Section, movement: Movement | None) -> dict[int, str]:
    """Each entry's field: as the file says, else the direction it sat in most, else "all"."""
    if winners(sf, movement, section) == 1:
        return {e.number: "all" for e in section.entries}
    seats: Counter[tuple[int, str]] = Counter()
    for r in section.results:
        seats[(r.ns, "NS")] += 1
        seats[(r.ew, "EW")] += 1
    if movement is not None:
        for rnd in movement.rounds:
            for st in rnd.tables:
                seats[(st.ns, "NS" if not st.switched else "EW")] += 1
                seats[(st.ew, "EW" if not st.switched else "NS")] += 1
    out = {}
    for e in section.entries:
        if e.field in ("NS", "EW"):
            out[e.number] = e.field
        else:
            out[e.number] = "NS" if seats[(e.number, "NS")] >= seats[(e.number, "EW")] else "EW"
    return out


def schedule_counts(movement: Movement | None) -> tuple[dict[int, int], dict[int, int]]:
    """(boards scheduled per entry, results expected per board) from the movement."""
    if movement is None:
        return {}, {}
    scheduled: Counter[int] = Counter()
    expected: Counter[int] = Counter()
    for rnd in movement.rounds:
        for st in rnd.tables:
            if movement.phantom in (st.ns, st.ew) or st.ns is None or st.ew is None:
                continue
            boards = movement.boards_for(st)
            scheduled[st.ns] += len(boards)
            scheduled[st.ew] += len(boards)
            for b in boards:
                expected[b] += 1
    return dict(scheduled), dict(expected)


def section_teams(section: Section, movement: Movement | None, fields: dict[int, str], where: str):
    """The teams of a team match of pairs (whist, or teams of four at IMPs): from the entries'
    ``team`` (each pair in the direction of its field), else as the team movement seats them;
    none otherwise."""
    from scoring.engine.team_match import teams_from_seats

    names = {e.number: e.name for e in section.entries}
    given = [e for e in section.entries if e.team is not None]
    if not given:
        return teams_from_seats(team_pairs(movement), names) if movement is not None else ()
    seats: dict[int, tuple[list[int], list[int]]] = {}
    for j, e in enumerate(section.entries):
        if e.team is None:
            raise InterchangeError(
                f"{where}[{j}].team", f"missing: entry {e.number} plays for which team?"
            )
        ns, ew = seats.setdefault(e.team, ([], []))
        (ns if fields[e.number] == "NS" else ew).append(e.number)
    return teams_from_seats(seats, names)


def check_teams_of(section: Section, teams, where: str, method: str = "tricks_teams") -> None:
    """The teams as the law allows, and every result between two teams in their directions;
    an error names the entries, or the result and its side. Teams of four at IMPs may have no
    teams: then each entry is a team."""
    from scoring.engine.contract import ScoringError
    from scoring.engine.team_match import check_team_lines, check_teams

    if not teams:
        if section.results and method == "tricks_teams":
            raise InterchangeError(
                f"{where}.entries",
                "a whist team match needs its teams: give each entry its team, or use the "
                "team movement",
            )
        return
    try:
        check_teams(teams)
    except ScoringError as exc:
        raise InterchangeError(f"{where}.entries", exc.message) from exc
    for j, result in enumerate(section.results):
        try:
            check_team_lines(teams, [result])
        except ScoringError as exc:
            raise InterchangeError(f"{where}.results[{j}].{exc.field}", exc.message) from exc


def entry_name(entry) -> str:
    return entry.name or " & ".join(p.name for p in entry.players)


def session_input(sf: SessionFile, index: int):
    """The ``scoring.engine.session.SessionInput`` of section ``index``."""
    from scoring.engine.session import DEFAULT_SETTINGS, EntryInfo, ResultLine, SessionInput

    section = sf.sections[index]
    movement = movement_of(section, f"sections[{index}].movement")
    fields = entry_fields(sf, section, movement)
    teams = ()
    if sf.method in TEAM_METHODS:
        teams = section_teams(section, movement, fields, f"sections[{index}].entries")
        check_teams_of(section, teams, f"sections[{index}]", sf.method)
    scheduled, expected = schedule_counts(movement)
    vul = (
        {b.number: b.vulnerability for b in sf.boards.list if b.vulnerability} if sf.boards else {}
    )
    return SessionInput(
        game=sf.game,
        method=sf.method,
        lines=tuple(ResultLine(**r.line()) for r in section.results),
        entries=tuple(
            EntryInfo(e.number, entry_name(e), fields[e.number]) for e in section.entries
        ),
        settings={
            **{k: v for k, v in sf.conditions.items() if k in DEFAULT_SETTINGS},
            **(sf.conditions.get("scoring") or {}),
        },
        boards_scheduled=scheduled,
        results_expected=expected,
        vulnerability=vul,
        final=sf.session.get("status") == "final",
        teams=teams,
    )


def twin_pair(sf: SessionFile, index: int) -> tuple[int, int] | None:
    """(the first, the second) of the twin sections section ``index`` is one of, when the
    conditions say ``twin_scoring`` (each board scored across both, ``scoring.engine.twins``);
    else None.  Not for a team match."""
    if not sf.conditions.get("twin_scoring") or sf.method in TEAM_METHODS:
        return None
    names = {s.name: i for i, s in enumerate(sf.sections)}
    for i, sec in enumerate(sf.sections):
        first = names.get(sec.shares_boards_with) if sec.shares_boards_with else None
        if first is not None and index in (first, i):
            return first, i
    return None


def score_section(sf: SessionFile, index: int) -> dict[str, Any]:
    """The standings JSON of one section (``SessionResult.to_json()`` with the section name)."""
    from scoring.engine.contract import ScoringError
    from scoring.engine.session import score_session

    try:
        pair = twin_pair(sf, index)
        if pair is None:
            result = score_session(session_input(sf, index))
        else:  # scored across both twin sections, this one's part
            merged = twins.merge(*(session_input(sf, i) for i in pair))
            result = twins.split(score_session(merged), pair.index(index))
    except ScoringError as exc:
        part = "entries" if exc.field == "teams" else "results"
        raise InterchangeError(f"sections[{index}].{part}", str(exc)) from exc
    data = result.to_json()
    return {"format": data.pop("format"), "section": sf.sections[index].name, **data}


def score(sf: SessionFile) -> dict[str, Any]:
    """Score every section; the standings JSON that ``score_file`` prints."""
    out = [score_section(sf, i) for i in range(len(sf.sections))]
    if len(out) == 1:
        return out[0]
    return {"format": STANDINGS_FORMAT, "sections": out}
