"""A table's result answers before the standings refresh: the refresh is queued for the task
worker (``scoring.standings.services.queue_refresh``, issue 23).

The other tests run tasks with the immediate backend (tests/conftest.py), where the refresh
runs inside the POST as before.  Here the database backend is used, as in production: the
POST stores the result and queues the refresh; until a worker has run it the pages say the
standings are being updated (and show the standings of the results before it, never a
half-scored field); one pass of ``manage.py db_worker`` brings them up to the result, equal
to a full recompute.
"""

from __future__ import annotations

import io
import signal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from scoring.models import ResultAudit, Standings
from scoring.results import services as result_services
from scoring.results.services import StaleResult
from scoring.standings import services as standings_services
from tournament.models import Session

from .conftest import round_plays
from .test_table_entry import post_result

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
PENDING = "Being updated: the latest result is not in these standings yet"


def run_worker() -> None:
    """One pass of the database worker (``--batch``), its signal handlers put back after."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload",
                     "--interval=0", stdout=io.StringIO())  # fmt: skip
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def entry_row(session, number: int) -> dict:
    data = Standings.objects.get(session=session).data
    return next(
        s for sec in data["sections"] for f in sec["fields"] for s in f["standings"]
        if s["entry"] == number
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_the_post_answers_and_the_worker_brings_the_standings_up(
    client, director_client, running, codes, settings
):
    settings.TASKS = DATABASE_TASKS
    session = running.session
    (board, play), *_ = round_plays(running, 1, 1)
    assert post_result(client, codes[1], board, play.ns, play.ew, 1, "4S N =").status_code == 302

    # stored and answered; the refresh waits in the queue
    session.refresh_from_db()
    assert session.results_version == 1
    kept = Standings.objects.filter(session=session).first()
    assert kept is None or kept.computed_version == 0
    queued = DBTaskResult.objects.filter(task_path__endswith="standings.services.refresh_task")
    assert queued.count() == 1
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert PENDING in page
    fragment = client.get(reverse("session_standings", args=[session.pk])).content.decode()
    assert PENDING in fragment
    td_page = director_client.get(reverse("td_standings", args=[session.pk])).content.decode()
    assert PENDING in td_page

    run_worker()

    kept = Standings.objects.get(session=session)
    assert kept.computed_version == 1
    assert entry_row(session, play.ns)["boards_played"] == 1
    assert entry_row(session, play.ew)["boards_played"] == 1
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    fragment = client.get(reverse("session_standings", args=[session.pk])).content.decode()
    assert PENDING not in page and PENDING not in fragment
    td_page = director_client.get(reverse("td_standings", args=[session.pk])).content.decode()
    assert PENDING not in td_page
    incremental = kept.data
    full = standings_services.recompute_standings(Session.objects.get(pk=session.pk)).data
    assert incremental == full


@pytest.mark.django_db(transaction=True)
def test_writes_queued_together_are_all_in_the_standings_after_one_pass(
    client, running, codes, settings
):
    settings.TASKS = DATABASE_TASKS
    session = running.session
    posted = []
    for table in (1, 2, 3):
        for board, play in round_plays(running, 1, table):
            response = post_result(client, codes[table], board, play.ns, play.ew, 1, "3NT S +1")
            assert response.status_code == 302
            posted.append(play)
    session.refresh_from_db()
    assert session.results_version == len(posted) == 6
    run_worker()
    kept = Standings.objects.get(session=session)
    assert kept.computed_version == 6
    # every pair of round 1 has its two boards in (a Mitchell: each table plays two boards)
    for number in {p.ns for p in posted} | {p.ew for p in posted}:
        assert entry_row(session, number)["boards_played"] == 2
    assert kept.data == standings_services.recompute_standings(session).data


def test_a_queue_that_cannot_take_the_refresh_refreshes_in_the_request(
    client, running, codes, monkeypatch, settings
):
    settings.TASKS = DATABASE_TASKS
    backend = standings_services.refresh_task.get_backend()

    class Down:
        def get_backend(self):
            return backend

        def enqueue(self, *args, **kwargs):
            raise RuntimeError("queue down")

    monkeypatch.setattr(standings_services, "refresh_task", Down())
    session = running.session
    (board, play), *_ = round_plays(running, 1, 2)
    assert post_result(client, codes[2], board, play.ns, play.ew, 1, "4S N =").status_code == 302
    assert Standings.objects.get(session=session).computed_version == 1
    assert entry_row(session, play.ns)["boards_played"] == 1
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert PENDING not in page
    assert not DBTaskResult.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_table_write_is_one_transaction_without_savepoints(client, running, codes, settings):
    """The result, its audit, the version bump and the queued refresh are one transaction with
    no savepoint in it (each savepoint is two more round trips to PostgreSQL); a refused write
    stores nothing and queues nothing."""
    settings.TASKS = DATABASE_TASKS
    (board, play), *_ = round_plays(running, 1, 1)
    with CaptureQueriesContext(connection) as write:
        assert (
            post_result(client, codes[1], board, play.ns, play.ew, 1, "4S N =").status_code == 302
        )
    statements = [q["sql"].upper() for q in write.captured_queries]
    assert not [s for s in statements if "SAVEPOINT" in s]
    assert sum(s.startswith("INSERT") for s in statements) == 3  # result, audit, task
    queued = DBTaskResult.objects.filter(task_path__endswith="standings.services.refresh_task")
    assert queued.count() == 1
    assert running.results.get(board_number=board).contract == "4S"

    # the same board again from a page that showed no result, past the page's own checks (a
    # post that raced the first): refused under the lock as a stale page, and the refusal
    # rolls the whole write back (no second audit, no second task, no new version)
    current = {"round": 1, "ns": play.ns, "ew": play.ew}
    with pytest.raises(StaleResult):
        result_services.store_at_table(running, 1, current, board=board, based_on=0,
                                       fields={"contract": "3NT", "declarer": "S", "tricks": 9})  # fmt: skip
    assert running.results.get(board_number=board).contract == "4S"
    assert ResultAudit.objects.filter(section=running).count() == 1
    assert queued.count() == 1
    assert Session.objects.get(pk=running.session_id).results_version == 1
