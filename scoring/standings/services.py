"""Writes of standings: after a results write has committed, the session's kept standings are
brought up to its results version (``refresh_standings``), every section scored by
``scoring.engine.session``.

Incremental: a result changes one board, so a refresh re-reads and re-compares only the boards
changed since the kept standings were computed (``rescore_board``), starting from the scored
boards kept with them (``Standings.state``, ``scoring.engine.state``).  The changed boards are
those of the result audits written since (every result write leaves one, under the session's
row lock, so their ids grow in commit order within a session).  A section whose input changed
in any other way (entries, movement, conditions, status, the engine's code) is scored in full,
as is everything when nothing usable is kept; ``recompute_standings`` always scores in full
and is the check of the incremental path (tests/scoring/test_incremental_standings.py).  A
worker keeps the scored sections of its last writes in memory, keyed by ``state_key`` (new at
every save), so it skips reading the kept state back when no other worker wrote since.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import replace
from pathlib import Path

from django.db import transaction
from django.db.models import F, Max, Q

from scoring.engine import state as engine_state
from scoring.engine.individual import individual_result
from scoring.engine.session import rescore_board, score_session
from scoring.inputs import (
    board_lines,
    individual_seats,
    lines_decide_fields,
    section_input,
    section_lines,
)
from scoring.models import ResultAudit, Standings
from tournament.models import Section, Session


def _individual(section: Section, inp, result):
    """An individual movement ranks players, each credited with the partnership's score."""
    seats = individual_seats(section.get_movement())
    if seats is None:
        return result
    names = {e.number: e.name for e in inp.entries}
    return individual_result(result, seats, names, inp.boards_scheduled)


def refresh_standings(session_id: int) -> Standings:
    """After a write has committed, bring the kept standings up to the session's version.

    Writes that arrive together share one recomputation: each takes the standings row's
    lock in turn and finds it already computed at or past its own version.  Versions are
    bumped under the session's row lock, so a version that is visible is committed with
    every write before it, and the recomputation (which reads the version first) never
    records a version whose results it did not see.  Writers do not hold the session lock
    while scoring, so entries at other tables are not kept waiting behind it.  Only the
    boards changed since the kept standings are re-scored (see the module's docstring).
    """
    with transaction.atomic():
        row, _ = Standings.objects.get_or_create(session_id=session_id)
        row = Standings.objects.select_for_update().defer("state").get(pk=row.pk)
        session = Session.objects.select_related("event").get(pk=session_id)
        if row.data and row.computed_version >= session.results_version:
            return row
        return _score(session, row, incremental=True)


def lagging_sessions():
    """Sessions whose kept standings are behind their results: no standings kept after a
    result was written, or computed at an older results version (a process killed between
    a result's commit and its recomputation leaves this)."""
    return Session.objects.filter(
        Q(standings__isnull=True, results_version__gt=0)
        | Q(standings__computed_version__lt=F("results_version"))
    ).order_by("pk")


def refresh_lagging_standings() -> list[int]:
    """Bring every lagging session's standings up to date (``manage.py refresh_standings``,
    run by scripts/serve before the server starts); the ids refreshed."""
    refreshed = list(lagging_sessions().values_list("pk", flat=True))
    for session_id in refreshed:
        refresh_standings(session_id)
    return refreshed


def recompute_standings(session: Session, standings: Standings | None = None) -> Standings:
    """Score every section in full and keep the result for the pages (one JSON row per
    session) with the scored boards the next write starts from."""
    return _score(session, standings, incremental=False)


def _score(session: Session, standings: Standings | None, *, incremental: bool) -> Standings:
    version = Session.objects.values_list("results_version", flat=True).get(pk=session.pk)
    audit = _last_audit(session)  # read before any result: later writes are seen next time
    if standings is None:
        standings, _ = Standings.objects.get_or_create(session=session)
    kept = _kept(standings) if incremental else None
    changed = _changed_boards(session, kept["audit"]) if kept else {}
    event = session.event
    sections, state, remembered = [], {}, {}
    for section in session.sections.all():
        context = section_input(section, event, final=session.is_final, lines=())
        key = _context_key(context)
        result, dumped = None, None
        before = kept["sections"].get(section.pk) if kept else None
        if before is not None and before["context"] == key:
            if not lines_decide_fields(section, event):
                result, dumped = _kept_result(before, context), before.get("dumped")
                for board in sorted(changed.get(section.pk, ())):
                    result = rescore_board(result, context, board, board_lines(section, board))
                    dumped = None
        if result is None:
            if lines_decide_fields(section, event):
                inp = section_input(section, event, final=session.is_final)
            else:
                inp = replace(context, lines=section_lines(section))
            result = score_session(inp)
        if dumped is None:
            dumped = engine_state.dump(result)
        data = _individual(section, context, result).to_json()
        data["name"] = section.name
        sections.append(data)
        state[str(section.pk)] = {"context": key, "boards": dumped}
        remembered[section.pk] = {"context": key, "result": result, "dumped": dumped}
    standings.data = {"status": session.status, "sections": sections}
    standings.state = {"format": engine_state.FORMAT, "audit": audit, "sections": state}
    standings.state_key = uuid.uuid4().hex
    standings.results_version += 1
    standings.computed_version = version
    standings.save()
    memo = {"audit": audit, "sections": remembered}
    transaction.on_commit(lambda k=(session.pk, standings.state_key): _remember(k, memo))
    return standings


def _last_audit(session: Session) -> int:
    last = ResultAudit.objects.filter(section__session=session).aggregate(last=Max("pk"))
    return last["last"] or 0


def _changed_boards(session: Session, since: int) -> dict[int, set[int]]:
    """Section pk -> the boards with a result audit after ``since``."""
    changed: dict[int, set[int]] = {}
    rows = ResultAudit.objects.filter(section__session=session, pk__gt=since).values_list(
        "section_id", "board_number"
    )
    for section_id, board in rows.distinct():
        changed.setdefault(section_id, set()).add(board)
    return changed


#: (session pk, state_key) -> the scored sections of that save, in this process (filled only
#: once the save committed); a few sessions at most.
_MEMORY: dict[tuple[int, str], dict] = {}
_MEMORY_KEPT = 16


def _remember(key: tuple[int, str], memo: dict) -> None:
    for old in [k for k in _MEMORY if k[0] == key[0]]:
        del _MEMORY[old]
    while len(_MEMORY) >= _MEMORY_KEPT:
        _MEMORY.pop(next(iter(_MEMORY)), None)
    _MEMORY[key] = memo


def _kept(standings: Standings) -> dict | None:
    """What the last save kept: {"audit", "sections": {pk: {"context", ...}}}, or None."""
    if not standings.data or not standings.state_key:
        return None
    memo = _MEMORY.get((standings.session_id, standings.state_key))
    if memo is not None:
        return memo
    state = Standings.objects.values_list("state", flat=True).get(pk=standings.pk)
    if not isinstance(state, dict) or state.get("format") != engine_state.FORMAT:
        return None
    sections = {
        int(pk): {"context": s["context"], "dumped": s["boards"]}
        for pk, s in (state.get("sections") or {}).items()
    }
    return {"audit": state["audit"], "sections": sections}


def _kept_result(before: dict, context):
    result = before.get("result")
    if result is None:
        result = engine_state.load(context, before["dumped"])
    return result


def _engine_digest() -> str:
    """The scoring engine's code: kept states of another version are not continued."""
    global _ENGINE
    if _ENGINE is None:
        digest = hashlib.sha256()
        for path in sorted(Path(engine_state.__file__).parent.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        _ENGINE = digest.hexdigest()
    return _ENGINE


_ENGINE: str | None = None


def _context_key(context) -> str:
    """Everything the scoring of a section depends on besides its result lines."""
    text = f"{engine_state.FORMAT}|{_engine_digest()}|{context!r}"
    return hashlib.sha256(text.encode()).hexdigest()
