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
every save), so it skips reading the kept state back when no other worker wrote since.  The
kept state is written when a section is scored in full and otherwise every ``STATE_LAG``
boards rescored; an older kept state is continued the same way (its audit says from where).
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from django.db import DatabaseError, transaction
from django.db.models import F, Max, Q
from django_tasks import task
from django_tasks.backends.immediate import ImmediateBackend

from scoring.engine import state as engine_state
from scoring.engine.individual import individual_result
from scoring.engine.session import rescore_board, score_session
from scoring.engine.strata import pair_rating, parse_strata, strata_of, strata_text, stratum_places
from scoring.inputs import (
    board_lines,
    entry_ratings,
    individual_seats,
    lines_decide_fields,
    section_input,
    section_lines,
)
from scoring.models import ResultAudit, Standings
from scoring.standings import twins as twin_standings
from tournament.models import Section, Session

log = logging.getLogger(__name__)


def _individual(section: Section, inp, result):
    """An individual movement ranks players, each credited with the partnership's score."""
    seats = individual_seats(section.get_movement())
    if seats is None:
        return result
    names = {e.number: e.name for e in inp.entries}
    return individual_result(result, seats, names, inp.boards_scheduled)


def exact_figures(result) -> dict:
    """The figures the JSON shows rounded, kept exact for the events of several sessions
    (``tournament.prizes.combined``): the board ``top`` and each entry's ``exact``
    [score, percent] as fraction texts ("101/4")."""
    exact = {
        str(s.entry): [str(s.score), None if s.percent is None else str(s.percent)]
        for f in result.fields
        for s in f.standings
    }
    return {"top": result.top, "exact": exact}


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
        # the kept JSON is not read here (a write replaces it; ``_kept`` reads the state
        # only when this process has no scored sections of the session in memory)
        locked = Standings.objects.select_for_update().defer("state", "data")
        row = locked.filter(session_id=session_id).order_by().first()
        if row is None:
            Standings.objects.get_or_create(session_id=session_id)
            row = locked.get(session_id=session_id)
        session = Session.objects.select_related("event").get(pk=session_id)
        if row.state_key and row.computed_version >= session.results_version:
            return row
        return _score(session, row, incremental=True, version=session.results_version)


@task()
def refresh_task(session_id: int) -> None:
    """``refresh_standings`` on the task queue (run by ``manage.py db_worker``)."""
    refresh_standings(session_id)


def queue_refresh(session_id: int) -> bool:
    """A table's result write, inside its transaction: queue the standings refresh for the
    task queue's worker, so the table's request answers as soon as the result is stored;
    True when queued.  The caller refreshes after its commit when this says False
    (``scoring.results.services.store_at_table``).

    With the database backend (settings ``TASKS``) the task is a row written in the write's
    own transaction (no commit of its own), so a worker sees it only with the result; the
    pages say "Being updated" until the kept standings reach the session's results version
    (``scoring.standings.selectors.pending``), and the live stream's ``standings`` event
    (``tournament.play.live``) tells them when they do.  With the immediate backend (the
    tests, ``TASKS_BACKEND=immediate``) nothing is queued: the refresh runs after the commit,
    in the request, as ``refresh_standings`` always did.  If the queue refuses the task
    before writing it (a backend that is misconfigured or down) the request refreshes too: a
    result is never left out of the standings for want of a queue.  A database error while
    writing the row is the write's own and rolls it back whole, as any other of its inserts
    would (no savepoint: two round trips a result saved).  Writes that come together each
    queue one; the first to run brings the standings up to every committed version and the
    rest find nothing to do (``refresh_standings``)."""
    if isinstance(refresh_task.get_backend(), ImmediateBackend):
        return False
    try:
        refresh_task.enqueue(session_id)
    except DatabaseError:
        raise
    except Exception:  # noqa: BLE001 - the queue refused it unwritten: refresh in the request
        log.exception("standings refresh of session %s not queued: refreshed now", session_id)
        return False
    return True


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


def stratify(data: dict, section: Section, event) -> None:
    """A stratified event (conditions ``strata``, ``strata_by``): each standing of the
    section's JSON gets its ``stratum`` (the lowest it is ranked in), its ``strata`` places
    ({"A": "3", "B": "1"}) and ``stratum_places`` in words, from its players' ratings read
    now (``scoring.engine.strata``); the section gets ``strata``, the strata in words."""
    conditions = event.usable_conditions
    if not conditions.get("strata"):
        return
    strata = parse_strata(conditions["strata"])
    by = conditions.get("strata_by") or "higher"
    ratings = entry_ratings(section)
    eligible = {n: strata_of(pair_rating(r, by), strata) for n, r in ratings.items()}
    for field in data.get("fields", []):
        rows = [(s["entry"], Fraction(str(s["score"])), s["boards_played"])
                for s in field["standings"]]  # fmt: skip
        places = stratum_places(rows, eligible, strata)
        for s in field["standings"]:
            s["stratum"] = eligible.get(s["entry"], (strata[0].name,))[-1]
            s["strata"] = places[s["entry"]]
            s["stratum_places"] = ", ".join(f"{k} {v}" for k, v in places[s["entry"]].items())
    data["strata"] = strata_text(strata)


def recompute_standings(session: Session, standings: Standings | None = None) -> Standings:
    """Score every section in full and keep the result for the pages (one JSON row per
    session) with the scored boards the next write starts from."""
    return _score(session, standings, incremental=False)


def _score(
    session: Session, standings: Standings | None, *, incremental: bool, version: int | None = None
) -> Standings:
    """``version``: the session's results version read under the standings' lock (else it
    is read here), before any audit or result."""
    if version is None:
        version = Session.objects.values_list("results_version", flat=True).get(pk=session.pk)
    if standings is None:
        standings, _ = Standings.objects.get_or_create(session=session)
    kept = _kept(standings) if incremental else None
    # the audits are read before any result: later writes are seen next time
    audit, changed = _audits_since(session, kept["audit"]) if kept else (_last_audit(session), {})
    event = session.event
    contexts = []
    # known by digest (get_movement); by name, the order of the sections within a session
    listed = list(session.sections.defer("movement").order_by("name"))
    paired, merged = twin_standings.scored_across(listed, event), {}
    for section in listed:
        context = section_input(section, event, final=session.is_final, lines=())
        twin = "|twin" if section.pk in paired else ""  # a kept split result is not continued
        contexts.append((section, context, _context_key(context) + twin))
    if kept and kept.get("stale"):  # an older save of this process: only if it still fits
        fits = kept["audit"] <= audit and all(
            kept["sections"].get(section.pk, {}).get("context") == key
            for section, _, key in contexts
        )
        if not fits:
            kept = _kept(standings, exact=True)
            audit, changed = (
                _audits_since(session, kept["audit"]) if kept else (_last_audit(session), {})
            )
    sections, remembered, rescored, in_full = [], {}, 0, kept is None
    for section, context, key in contexts:
        result, dumped = None, None
        before = kept["sections"].get(section.pk) if kept else None
        if section.pk in paired:  # scored across twin sections: in full, both at once
            pair = paired[section.pk]
            if pair not in merged:
                merged[pair] = twin_standings.score_pair(pair, event, final=session.is_final)
            result, in_full = merged[pair][1][pair.index(section)], True
        elif before is not None and before["context"] == key:
            if not lines_decide_fields(section, event):
                result, dumped = _kept_result(before, context), before.get("dumped")
                for board in sorted(changed.get(section.pk, ())):
                    result = rescore_board(result, context, board, board_lines(section, board))
                    dumped, rescored = None, rescored + 1
        if result is None:
            if lines_decide_fields(section, event):
                inp = section_input(section, event, final=session.is_final)
            else:
                inp = replace(context, lines=section_lines(section))
            result, in_full = score_session(inp), True
        ranked = _individual(section, context, result)
        data = ranked.to_json()
        stratify(data, section, event)
        data["name"] = section.name
        data.update(exact_figures(ranked))
        sections.append(data)
        remembered[section.pk] = {"context": key, "result": result, "dumped": dumped}
    standings.data = {"status": session.status, "sections": sections}
    if merged:  # the rankings across twin sections
        standings.data["twins"] = [
            twin_standings.across_json(full, pair) for pair, (full, _) in merged.items()
        ]
    saved = ["data", "computed_at", "results_version", "computed_version", "state_key"]
    pending = (kept or {}).get("pending", 0) + rescored
    if in_full or pending >= STATE_LAG:
        standings.state = _state(audit, remembered)
        saved.append("state")
        pending = 0
    standings.state_key = uuid.uuid4().hex
    standings.results_version += 1
    standings.computed_version = version
    standings.save(update_fields=saved)
    memo = {"audit": audit, "sections": remembered, "pending": pending}
    transaction.on_commit(lambda k=(session.pk, standings.state_key): _remember(k, memo))
    return standings


#: How many boards rescored since the kept state was last written before a save writes it
#: again.  The kept state is what a process without the session's scored sections in memory
#: starts from (``_kept``): the boards of every result audit after its ``audit`` are rescored
#: from it, so an older state gives the same standings, only later; writing it (a JSON of
#: every scored board, over 100 KB for a 30-table section) at every result would cost more
#: than the result's own rescoring.  Written at once whenever a section is scored in full.
STATE_LAG = 16


def _state(audit: int, remembered: dict) -> dict:
    """The kept state (``Standings.state``): each section's scored boards and the last
    result audit they include."""
    sections = {}
    for pk, item in remembered.items():
        if item["dumped"] is None:
            item["dumped"] = engine_state.dump(item["result"])
        sections[str(pk)] = {"context": item["context"], "boards": item["dumped"]}
    return {"format": engine_state.FORMAT, "audit": audit, "sections": sections}


def _last_audit(session: Session) -> int:
    last = ResultAudit.objects.filter(section__session=session).aggregate(last=Max("pk"))
    return last["last"] or 0


def _audits_since(session: Session, since: int) -> tuple[int, dict[int, set[int]]]:
    """The last result audit of the session (``since`` when none came after it) and, by
    section pk, the boards with an audit after ``since``, in one query.  The opponents' O.K.
    (``confirm``) changes a result's status and version only, nothing the scoring reads
    (``scoring.inputs.result_line``), so its boards are not rescored for it."""
    changed: dict[int, set[int]] = {}
    last = since
    rows = ResultAudit.objects.filter(section__session=session, pk__gt=since).order_by()
    for pk, section_id, board, action in rows.values_list(
        "pk", "section_id", "board_number", "action"
    ):
        last = max(last, pk)
        if action != "confirm":
            changed.setdefault(section_id, set()).add(board)
    return last, changed


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


def _kept(standings: Standings, exact: bool = False) -> dict | None:
    """What the last save kept: {"audit", "sections": {pk: {"context", ...}}}, or None.

    This process's own last save of the session serves even when another process saved
    since: the boards changed after it are found from its audit id as after the kept state's
    (``_audits_since``), so a web worker continues from the scored sections it holds
    instead of reading and rebuilding the kept state."""
    if not standings.state_key:
        return None
    memo = _MEMORY.get((standings.session_id, standings.state_key))
    if memo is None and not exact:
        older = next((m for k, m in _MEMORY.items() if k[0] == standings.session_id), None)
        # its audit must be one of this session's (a session's pk reused after a delete
        # is another session): then every later change of it has an audit after it
        if (
            older is not None
            and older["audit"]
            and ResultAudit.objects.filter(
                pk=older["audit"], section__session_id=standings.session_id
            ).exists()
        ):
            return {**older, "stale": True}
    if memo is not None:
        return memo
    state = Standings.objects.values_list("state", flat=True).get(pk=standings.pk)
    if not isinstance(state, dict) or state.get("format") != engine_state.FORMAT:
        return None
    sections = {
        int(pk): {"context": s["context"], "dumped": s["boards"]}
        for pk, s in (state.get("sections") or {}).items()
    }
    return {"audit": state["audit"], "sections": sections, "pending": 0}


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
