"""Concurrency and durability of result entry.

On PostgreSQL the devices really race (threads released by a barrier); SQLite,
the embedded default, runs the same scenarios one after the other.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, Standings
from scoring.results import services as result_services
from scoring.standings import services as standings_services
from tournament.models import Player
from tournament.setup import services as setup_services

POSTGRES = connection.vendor == "postgresql"


@pytest.fixture
def section(transactional_db, session, club):
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(18)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 10)]
    )
    setup_services.choose_movement(section, "mitchell", tables=5, boards_per_round=2, pairs=9)
    board_services.generate(session, seed="test_concurrency")  # play needs the boards
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    return section


def run_all(jobs):
    """Run callables at the same moment on PostgreSQL, in turn on SQLite; return outcomes."""
    outcomes: list[str] = [""] * len(jobs)
    if not POSTGRES:
        return [job() for job in jobs]
    barrier = threading.Barrier(len(jobs))

    def worker(i, job):
        try:
            barrier.wait()
            outcomes[i] = job()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return outcomes


def submit(section, play, board, tricks):
    def job():
        try:
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew,
                fields={"contract": "3NT", "declarer": "N", "tricks": tricks}, via="table",
            )  # fmt: skip
            return "stored"
        except result_services.ResultConflict:
            return "conflict"

    return job


def test_two_devices_entering_the_same_board_store_one_and_warn_the_other(section):
    board, plays = min(scheduled_plays(section.get_movement()).items())
    outcomes = run_all([submit(section, plays[0], board, 9), submit(section, plays[0], board, 10)])
    assert sorted(outcomes) == ["conflict", "stored"]
    assert BoardResult.objects.filter(section=section, board_number=board).count() == 1


def test_a_double_tap_stores_once(section):
    board, plays = min(scheduled_plays(section.get_movement()).items())
    outcomes = run_all([submit(section, plays[0], board, 9) for _ in range(3)])
    assert outcomes == ["stored"] * 3
    assert BoardResult.objects.filter(section=section, board_number=board).count() == 1


def test_standings_after_a_burst_equal_standings_computed_afterwards(section):
    plays = scheduled_plays(section.get_movement())
    jobs = [
        submit(section, p, board, 7 + (board + p.table) % 4)
        for board, ps in plays.items()
        for p in ps
    ]
    outcomes = run_all(jobs)
    assert (
        outcomes.count("stored") == len(jobs) == BoardResult.objects.filter(section=section).count()
    )
    kept = Standings.objects.get(session=section.session).data
    fresh = standings_services.recompute_standings(section.session).data
    assert kept["sections"] == fresh["sections"]


def test_a_restart_mid_session_loses_nothing(section):
    plays = scheduled_plays(section.get_movement())
    for board, ps in list(plays.items())[:4]:
        for p in ps:
            submit(section, p, board, 8)()
    before = Standings.objects.get(session=section.session).data
    count = BoardResult.objects.count()
    connections.close_all()  # the process's connections go away, as in a restart
    assert BoardResult.objects.count() == count
    assert (
        standings_services.recompute_standings(section.session).data["sections"]
        == before["sections"]
    )


def test_confirming_while_other_tables_enter_results_never_deadlocks(section):
    """The load test found a deadlock: the O.K. locked results before the session, entries
    the other way round.  All writes now lock the session first."""
    plays = scheduled_plays(section.get_movement())
    first_round = [(b, p) for b, ps in plays.items() for p in ps if p.round == 1]
    table_one = [(b, p) for b, p in first_round if p.table == 1]
    others = [(b, p) for b, p in first_round if p.table != 1]
    for board, play in table_one:
        submit(section, play, board, 9)()

    def confirm_table_one():
        return str(result_services.confirm(section, table_number=1, round_number=1))

    jobs = [confirm_table_one] + [submit(section, p, b, 8) for b, p in others]
    outcomes = run_all(jobs)
    assert outcomes[0] == str(len(table_one))
    assert outcomes[1:] == ["stored"] * len(others)
    assert BoardResult.objects.filter(section=section, status="confirmed").count() == len(table_one)
