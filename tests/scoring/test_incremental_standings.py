"""The kept standings after incremental refreshes equal a full recompute from scratch.

A long random session is played through the result services (entries, corrections, deletions,
confirmations, artificial scores, not-played boards, a pair's name and the conditions changed
between writes) in two sections; after EVERY write the standings the write kept (rescored board
by board from ``Standings.state``) are compared with ``recompute_standings`` from scratch,
which is rolled back so the next write still starts from the incremental state.  Run on
SQLite and, with ``DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

import datetime
import random
from unittest import mock

import pytest
from django.db import transaction

from boards import services as board_services
from scoring.engine import session as engine_session
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, Standings
from scoring.results import services as result_services
from scoring.standings import services as standings_services
from tournament.models import Entry, Event, Player, Section, Session
from tournament.setup import services as setup_services

CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "5D", "6NT", "3CX", "2HX", "PASS")
ADJUSTED = {
    "matchpoints": ("A60/A40", "A50/A50", "A40/A60"),
    "imps_butler": ("+3/-3", "A60/A40"),
    "imps_teams": ("+3/-3", "A60/A40"),
}


def _section(session, club, name):
    people = [Player.objects.create(club=club, name=f"{name} {i}") for i in range(20)]
    section = setup_services.create_section(
        session, name, [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 11)]
    )
    setup_services.choose_movement(section, "mitchell", tables=5, boards_per_round=2)
    return section


def _fields(rng, method):
    roll = rng.random()
    if roll < 0.08:
        return {"adjusted": rng.choice(ADJUSTED[method])}
    if roll < 0.12:
        return {"not_played": True}
    if roll < 0.15:
        return {"score_ns": rng.choice((-600, -100, 0, 50, 420, 1430))}
    contract = rng.choice(CONTRACTS)
    if contract == "PASS":
        return {"contract": "PASS"}
    level = int(contract[0])
    return {
        "contract": contract,
        "declarer": rng.choice("NESW"),
        "tricks": max(0, min(13, 6 + level + rng.randint(-3, 2))),
    }


def _full(session_id):
    """``recompute_standings`` from scratch, rolled back (the kept row is left as it was)."""
    with transaction.atomic():
        session = Session.objects.select_related("event").get(pk=session_id)
        data = standings_services.recompute_standings(session).data
        transaction.set_rollback(True)
    return data


def _mitchell_session(club, method):
    event = Event.objects.create(
        club=club, name=f"{method} night", game="contract", scoring_method=method
    )
    session = Session.objects.create(event=event, name="Night", date=datetime.date(2026, 11, 3))
    sections = [_section(session, club, "A"), _section(session, club, "B")]
    return session, sections


def _teams_session(club, method):
    """Three teams of four at IMPs on the team movement (pairs 1-3 N-S, 4-6 E-W)."""
    event = Event.objects.create(
        club=club, name="Teams", game="contract", scoring_method=method, format="teams"
    )
    session = Session.objects.create(event=event, name="Match", date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"T {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 7)], Entry.Kind.TEAM
    )
    setup_services.choose_movement(section, "team", boards_per_round=2)
    return session, [section]


def _individual_session(club, method):
    """Eight players on the individual movement (results stored under the N and E players)."""
    event = Event.objects.create(
        club=club, name="Individual", game="contract", scoring_method=method, format="individual"
    )
    session = Session.objects.create(event=event, name="Wed", date=datetime.date(2026, 11, 3))
    section = Section.objects.create(session=session, name="A")
    for number in range(1, 9):
        player = Player.objects.create(club=club, name=f"I {number}")
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    setup_services.choose_movement(section, "individual", boards_per_round=2)
    return session, [section]


SESSIONS = {
    "mitchell": _mitchell_session,
    "teams": _teams_session,
    "individual": _individual_session,
}


def _play(club, director, shape, method, seed, writes, memory, capture):
    session, sections = SESSIONS[shape](club, method)
    event = session.event
    board_services.generate(session, seed="incremental")
    setup_services.set_status(session, "running")
    rng = random.Random(seed)
    full_scorings = []
    real_score = engine_session.score_session

    def counting(inp):
        full_scorings.append(1)
        return real_score(inp)

    checked = incremental = 0
    for step in range(writes):
        section = Section.objects.get(pk=rng.choice(sections).pk)
        rows = list(BoardResult.objects.filter(section=section).select_related("section"))
        roll = rng.random()
        if step == writes // 2:  # a change that is not a result: that section in full
            Entry.objects.filter(section=section, number=1).update(name="Renamed pair")
            roll = 0.1  # followed by a correction, which brings the standings up to date
        if step == writes // 3 and method == "matchpoints":
            event.conditions = {"scoring": {"neuberg": False}}
            event.save(update_fields=["conditions"])
            roll = 0.1
        full_scorings.clear()
        with mock.patch.object(standings_services, "score_session", counting):
            with capture(execute=memory):
                if rows and roll < 0.2:
                    row = rng.choice(rows)
                    result_services.correct_result(
                        row, fields=_fields(rng, method), user=director, reason="TD"
                    )
                elif rows and roll < 0.3:
                    row = rng.choice(rows)
                    result_services.delete_result(row, user=director, reason="wrong pair")
                elif rows and roll < 0.38:
                    row = rng.choice(rows)
                    result_services.confirm(
                        section, table_number=row.table_number, round_number=row.round_number
                    )
                    result_services.record_result(  # the same result again: nothing changes
                        section, board_number=row.board_number, ns=row.ns_entry.number,
                        ew=row.ew_entry.number, fields=_same(row), user=director,
                    )  # fmt: skip
                else:
                    done = {(r.board_number, r.ns_entry_id) for r in rows}
                    free = [
                        (board, play)
                        for board, plays in sorted(scheduled_plays(section.get_movement()).items())
                        for play in plays
                        if (board, section.entries.get(number=play.ns).pk) not in done
                    ]
                    if not free:  # every board of the section is in: a correction
                        result_services.correct_result(
                            rng.choice(rows), fields=_fields(rng, method), user=director,
                            reason="TD",
                        )  # fmt: skip
                    else:
                        board, play = rng.choice(free)
                        result_services.record_result(
                            section, board_number=board, ns=play.ns, ew=play.ew,
                            fields=_fields(rng, method), user=director,
                        )  # fmt: skip
        kept = Standings.objects.get(session=session)
        assert kept.computed_version == Session.objects.get(pk=session.pk).results_version
        assert kept.data == _full(session.pk), f"step {step}: incremental differs from full"
        checked += 1
        incremental += not full_scorings
    return checked, incremental


def _same(row):
    return {k: getattr(row, k) for k in result_services.DEFAULTS}


@pytest.mark.parametrize("memory", [False, True], ids=["kept-in-db", "kept-in-memory"])
@pytest.mark.parametrize(
    "shape,method,seed,writes",
    [
        ("mitchell", "matchpoints", 1, 110),
        ("mitchell", "imps_butler", 2, 110),
        ("teams", "imps_teams", 3, 60),
        ("individual", "matchpoints", 4, 60),
    ],
)
def test_incremental_standings_equal_a_full_recompute_after_every_write(
    club, director, shape, method, seed, writes, memory, django_capture_on_commit_callbacks
):
    checked, incremental = _play(
        club, director, shape, method, seed, writes, memory, django_capture_on_commit_callbacks
    )
    assert checked >= writes * 0.9
    # most writes rescored only their board (no section scored in full): the path is used
    assert incremental >= checked * 0.8, (incremental, checked)


def test_a_worker_continues_from_its_own_older_save(
    club, director, django_capture_on_commit_callbacks
):
    """Issue 23: a web worker whose last save of the session is no longer the kept one
    (other workers saved since) continues from the scored sections it holds, rescoring the
    boards changed since its own save, without reading the kept state; equal to a full
    recompute.  A held save that no longer fits (the entries changed) is not used."""
    session, sections = _mitchell_session(club, "matchpoints")
    board_services.generate(session, seed="incremental")
    setup_services.set_status(session, "running")
    section = sections[0]
    plays = [
        (b, p) for b, ps in sorted(scheduled_plays(section.get_movement()).items()) for p in ps
    ]
    rng = random.Random(5)

    def write(i, remember):
        board, play = plays[i]
        with django_capture_on_commit_callbacks(execute=remember):
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew,
                fields=_fields(rng, "matchpoints"), user=director,
            )  # fmt: skip

    def no_full(inp):
        raise AssertionError("scored in full")

    write(0, True)  # this process remembers its save
    write(1, False)  # two saves by "another worker": this process does not hold them
    write(5, False)
    with mock.patch.object(standings_services, "score_session", no_full):
        with mock.patch.object(standings_services.engine_state, "load", no_full):
            write(9, True)
    assert Standings.objects.get(session=session).data == _full(session.pk)
    Entry.objects.filter(section=section, number=1).update(name="Renamed pair")
    write(2, False)  # another worker saves after the change...
    write(3, True)  # ...and this one must not continue from its held (renamed-before) save
    assert Standings.objects.get(session=session).data == _full(session.pk)


def test_a_lagging_kept_state_is_continued_from_its_own_audit(
    club, director, django_capture_on_commit_callbacks
):
    """Issue 23: a write that rescores a board keeps the standings but not the scored boards
    (``Standings.state``, over 100 KB for a big section) until ``STATE_LAG`` boards were
    rescored; a process holding nothing in memory continues from that older state, rescoring
    every board changed after its audit, and gets the full recompute's standings."""
    session, sections = _mitchell_session(club, "matchpoints")
    board_services.generate(session, seed="lagging")
    setup_services.set_status(session, "running")
    section = sections[0]
    plays = [
        (b, p) for b, ps in sorted(scheduled_plays(section.get_movement()).items()) for p in ps
    ]
    rng = random.Random(11)

    def write(i):
        board, play = plays[i]
        with django_capture_on_commit_callbacks(execute=True):
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew,
                fields=_fields(rng, "matchpoints"), user=director,
            )  # fmt: skip

    write(0)  # nothing kept yet: scored in full, the state written
    first = Standings.objects.get(session=session).state["audit"]
    for i in (1, 5, 9):  # three boards rescored from memory: the state is not rewritten
        write(i)
    kept = Standings.objects.get(session=session)
    assert kept.state["audit"] == first
    assert kept.data == _full(session.pk)
    standings_services._MEMORY.clear()  # another process: starts from the lagging state

    def no_full(inp):
        raise AssertionError("scored in full")

    with mock.patch.object(standings_services, "score_session", no_full):
        write(13)
    assert Standings.objects.get(session=session).data == _full(session.pk)
    assert standings_services.STATE_LAG > 4
