"""The double-dummy analysis on the task queue (boards/jobs.py, django-tasks).

The tests run tasks with the immediate backend (tests/conftest.py); the tests marked
``worker`` below switch to the database backend, enqueue from the page and run
``manage.py db_worker --batch`` for one pass, as a worker process would — on SQLite, and on
PostgreSQL when DATABASE_URL names it.
"""

from __future__ import annotations

import datetime
import io
import signal

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from boards import jobs, selectors, services
from boards.engine import dds
from boards.models import Board, BoardSet

SEED = "task-queue-tests"
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


def url(name, session):
    return reverse(name, args=[session.pk])


def analysed_correctly(board_set: BoardSet) -> bool:
    """Every board has the tables the solver gives when asked directly, board by board."""
    rows = list(board_set.boards.all())
    return bool(rows) and all(
        row.dd_table is not None
        and selectors.dd_result(row)
        == dds.analyse_board(dds.input_for(selectors.engine_board(row, "contract")))
        for row in rows
    )


def run_worker() -> str:
    """One pass of the database worker: every queued task, then exit (as ``--batch`` does).

    The worker installs its own SIGINT/SIGTERM handlers; they are put back afterwards."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    out = io.StringIO()
    try:
        call_command(
            "db_worker", "--batch", "--no-startup-delay", "--no-reload", "--interval=0", stdout=out
        )
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
    return out.getvalue()


def start_long_ago(session, monkeypatch):
    """``jobs.start`` with the clock set back past ``STALE_AFTER``: the claim and the task
    are as a worker finds them after waiting that long in the queue."""
    earlier = timezone.now() - jobs.STALE_AFTER - datetime.timedelta(minutes=1)
    with monkeypatch.context() as patch:
        patch.setattr(jobs.timezone, "now", lambda: earlier)
        result = jobs.start(session)
    assert BoardSet.objects.get(session=session).analysis_started == earlier
    return result


@pytest.fixture
def dealt(session):
    services.generate(session, [1, 2, 3, 4], seed=SEED)
    return session


@pytest.fixture
def database_tasks(settings):
    settings.TASKS = DATABASE_TASKS


# --- immediate backend (the tests' default) ------------------------------------------------


def test_the_page_enqueues_the_analysis_and_it_is_stored(director_client, dealt):
    response = director_client.post(url("boards_analyse", dealt), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    board_set = BoardSet.objects.get(session=dealt)
    assert (board_set.analysis_done, board_set.analysis_total, board_set.analysis_error) == (
        4,
        4,
        "",
    )
    assert analysed_correctly(board_set) and not jobs.is_running(board_set)
    fragment = response.content.decode()
    assert "4 of 4 boards analysed" in fragment and "every 2s" not in fragment
    assert not DBTaskResult.objects.exists()  # nothing went through the database queue


def test_start_returns_the_finished_task(dealt):
    result = jobs.start(dealt)
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.return_value == {"session": dealt.pk, "analysed": 4, "superseded": False}


def test_a_failing_analysis_records_its_error(director_client, dealt, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(services.dds, "analyse_board_set", broken)
    result = jobs.start(dealt)
    assert result.status == TaskResultStatus.FAILED
    assert result.errors[0].exception_class is RuntimeError
    board_set = BoardSet.objects.get(session=dealt)
    assert board_set.analysis_error == "solver exploded" and not jobs.is_running(board_set)
    page = director_client.get(url("boards_td", dealt)).content.decode()
    assert "The analysis failed: solver exploded" in page


def test_a_queue_that_refuses_the_task_releases_the_claim(director_client, dealt, settings):
    # a backend that serves another queue only: enqueueing on "default" is refused
    settings.TASKS = {
        "default": {
            "BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
            "QUEUES": ["elsewhere"],
        }
    }
    response = director_client.post(url("boards_analyse", dealt), follow=True)
    page = response.content.decode()
    assert "The analysis could not be queued" in page
    board_set = BoardSet.objects.get(session=dealt)
    assert not jobs.is_running(board_set)  # the TD can try again at once
    assert not Board.objects.filter(board_set=board_set, dd_table__isnull=False).exists()


# --- database backend and its worker -------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_worker_runs_the_task_the_page_enqueued(director_client, dealt, database_tasks):
    director_client.post(url("boards_analyse", dealt), HTTP_HX_REQUEST="true")
    board_set = BoardSet.objects.get(session=dealt)
    queued = DBTaskResult.objects.get()
    assert queued.status == TaskResultStatus.READY
    assert queued.task_path == "boards.jobs.analyse_task"
    # nothing analysed yet: the page shows the job running and keeps polling
    assert jobs.is_running(board_set)
    assert not Board.objects.filter(board_set=board_set, dd_table__isnull=False).exists()
    fragment = director_client.get(url("boards_progress", dealt) + "?poll=1").content.decode()
    assert 'hx-trigger="every 2s"' in fragment and "0 of 4" in fragment

    # a second start while it waits is refused, and nothing more is queued
    response = director_client.post(url("boards_analyse", dealt), follow=True)
    assert "already running" in response.content.decode()
    assert DBTaskResult.objects.count() == 1

    run_worker()
    queued.refresh_from_db()
    board_set.refresh_from_db()
    assert queued.status == TaskResultStatus.SUCCESSFUL
    assert queued.return_value == {"session": dealt.pk, "analysed": 4, "superseded": False}
    assert (board_set.analysis_done, board_set.analysis_total, board_set.analysis_error) == (
        4,
        4,
        "",
    )
    assert analysed_correctly(board_set) and not jobs.is_running(board_set)
    response = director_client.get(
        url("boards_progress", dealt) + "?poll=1", HTTP_HX_REQUEST="true"
    )
    assert response["HX-Refresh"] == "true"  # the page reloads to show the tables


@pytest.mark.django_db(transaction=True)
def test_worker_records_a_failing_analysis(dealt, database_tasks, monkeypatch):
    jobs.start(dealt)

    def broken(*args, **kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(services.dds, "analyse_board_set", broken)
    run_worker()
    failed = DBTaskResult.objects.get()
    board_set = BoardSet.objects.get(session=dealt)
    assert failed.status == TaskResultStatus.FAILED
    assert failed.exception_class_path == "builtins.RuntimeError"
    assert board_set.analysis_error == "solver exploded" and not jobs.is_running(board_set)


@pytest.mark.django_db(transaction=True)
def test_a_task_whose_claim_was_taken_over_does_nothing(dealt, database_tasks, monkeypatch):
    """A queued task outlives its claim (no worker for 10 minutes); the TD starts again.
    When a worker comes, the first task stands down and the second one analyses."""
    first = start_long_ago(dealt, monkeypatch)
    second = jobs.start(dealt)  # allowed: the first claim counts as dead
    run_worker()
    first.refresh()
    second.refresh()
    assert first.return_value == {"session": dealt.pk, "analysed": 0, "superseded": True}
    assert second.return_value == {"session": dealt.pk, "analysed": 4, "superseded": False}
    board_set = BoardSet.objects.get(session=dealt)
    assert board_set.analysis_done == 4 and analysed_correctly(board_set)


@pytest.mark.django_db(transaction=True)
def test_a_task_waiting_in_the_queue_longer_than_stale_after_still_runs(
    dealt, database_tasks, monkeypatch
):
    """Nobody took the claim over: the worker refreshes it and analyses."""
    start_long_ago(dealt, monkeypatch)
    assert not jobs.is_running(BoardSet.objects.get(session=dealt))  # the claim looks dead
    run_worker()
    board_set = BoardSet.objects.get(session=dealt)
    assert board_set.analysis_done == 4 and analysed_correctly(board_set)
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL
