"""The session pack through the task queue (tournament/printing/jobs.py, issue 23).

Tests run tasks with the immediate backend (tests/conftest.py), so a job is done when the
start request returns; the ``worker`` test switches to the database backend and runs
``manage.py db_worker --batch`` for one pass, as the worker scripts/serve starts would.
"""

from __future__ import annotations

import datetime
import io
import signal

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tournament.models import PrintJob
from tournament.printing import jobs
from tournament.setup import services as setup_services

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def mitchell_session(session, players):
    pairs = [(n, players[2 * n - 2 : 2 * n]) for n in range(1, 11)]
    section = setup_services.create_section(session, "A", pairs)
    setup_services.choose_movement(section, "mitchell", boards_per_round=3)
    return session


def run_worker() -> None:
    """One pass of the database worker (its signal handlers put back afterwards)."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", "--interval=0",
                     stdout=io.StringIO())  # fmt: skip
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def start_url(session):
    return reverse("print_job_start", args=[session.pk])


def test_the_td_makes_the_pack_and_downloads_it(director_client, mitchell_session):
    response = director_client.post(start_url(mitchell_session), {"page_size": "Letter"})
    job = PrintJob.objects.get(session=mitchell_session)
    assert response.status_code == 302
    assert response["Location"] == reverse("print_job", args=[mitchell_session.pk, job.pk])
    assert job.status == PrintJob.Status.DONE and job.page_size == "Letter"
    assert job.total > 0 and job.done == job.total  # the progress reached the end
    page = director_client.get(response["Location"]).content.decode()
    assert "is ready" in page and "hx-trigger" not in page  # done: no more polling
    pdf = director_client.get(reverse("print_job_download", args=[mitchell_session.pk, job.pk]))
    assert pdf["Content-Type"] == "application/pdf" and "attachment" in pdf["Content-Disposition"]
    body = b"".join(pdf)
    # the same pages as the direct download renders in the request
    direct = director_client.get(
        reverse("session_print", args=[mitchell_session.pk, "pack"]) + "?page_size=Letter"
    )
    pages = PdfReader(io.BytesIO(body)).pages
    assert len(pages) == len(PdfReader(io.BytesIO(b"".join(direct))).pages) > 1
    assert sorted((pages[0].mediabox.width, pages[0].mediabox.height)) == [612, 792]  # Letter


def test_a_pack_that_cannot_be_made_is_refused_at_once(director_client, session, players):
    setup_services.create_section(session, "A", [(1, players[:2]), (2, players[2:4])])
    response = director_client.post(start_url(session), {"page_size": "A4"}, follow=True)
    assert "no movement chosen yet" in response.content.decode()
    assert not PrintJob.objects.exists()  # nothing queued


def test_an_unknown_page_size_is_refused(director_client, mitchell_session):
    response = director_client.post(start_url(mitchell_session), {"page_size": "A3"}, follow=True)
    assert "unknown page size" in response.content.decode()
    assert not PrintJob.objects.exists()


def test_another_clubs_td_reaches_nothing(client, outsider, director_client, mitchell_session):
    director_client.post(start_url(mitchell_session), {"page_size": "A4"})
    job = PrintJob.objects.get()
    client.force_login(outsider)
    assert client.post(start_url(mitchell_session), {"page_size": "A4"}).status_code == 403
    for name in ("print_job", "print_job_progress", "print_job_download"):
        assert client.get(reverse(name, args=[mitchell_session.pk, job.pk])).status_code == 403
    assert PrintJob.objects.count() == 1


def test_a_job_of_another_session_is_not_found(director_client, mitchell_session, event):
    director_client.post(start_url(mitchell_session), {"page_size": "A4"})
    job = PrintJob.objects.get()
    other = event.sessions.create(name="Another night")
    url = reverse("print_job_download", args=[other.pk, job.pk])
    assert director_client.get(url).status_code == 404


def test_a_second_click_while_queued_returns_the_same_job(director, mitchell_session):
    with override_settings(TASKS=DATABASE_TASKS):
        first = jobs.start(
            mitchell_session, "pack", section=None, page="A4", base_url="", user=director
        )
        second = jobs.start(
            mitchell_session, "pack", section=None, page="A4", base_url="", user=director
        )
    assert first.pk == second.pk and first.status == PrintJob.Status.QUEUED


def test_a_stale_job_shows_stopped_and_a_new_one_can_start(
    director_client, director, mitchell_session
):
    with override_settings(TASKS=DATABASE_TASKS):
        job = jobs.start(
            mitchell_session, "pack", section=None, page="A4", base_url="", user=director
        )
    old = timezone.now() - jobs.STALE_AFTER - datetime.timedelta(minutes=1)
    PrintJob.objects.filter(pk=job.pk).update(updated=old)
    page = director_client.get(reverse("print_job", args=[mitchell_session.pk, job.pk]))
    assert "Stopped" in page.content.decode()
    response = director_client.post(start_url(mitchell_session), {"page_size": "A4"})
    newest = PrintJob.objects.order_by("-pk").first()
    assert newest.pk != job.pk and newest.status == PrintJob.Status.DONE
    assert response["Location"].endswith(f"/{newest.pk}/")
    assert not PrintJob.objects.filter(pk=job.pk).exists()  # only the latest finished one kept


def test_a_failure_is_shown_on_the_page(director_client, director, mitchell_session, monkeypatch):
    def broken(document, data):
        raise RuntimeError("the printer caught fire")

    monkeypatch.setattr(jobs, "generate", broken)
    response = director_client.post(start_url(mitchell_session), {"page_size": "A4"})
    job = PrintJob.objects.get()
    assert job.status == PrintJob.Status.FAILED
    page = director_client.get(response["Location"])
    assert "the printer caught fire" in page.content.decode()
    download = reverse("print_job_download", args=[mitchell_session.pk, job.pk])
    assert director_client.get(download).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_worker_makes_the_queued_pack(director_client, mitchell_session):
    """The database backend: the page queues, the fragment polls, ``db_worker`` renders."""
    with override_settings(TASKS=DATABASE_TASKS):
        director_client.post(start_url(mitchell_session), {"page_size": "A4"})
        job = PrintJob.objects.get()
        progress = reverse("print_job_progress", args=[mitchell_session.pk, job.pk])
        waiting = director_client.get(progress).content.decode()
        assert job.status == PrintJob.Status.QUEUED and 'hx-trigger="every 2s"' in waiting
        run_worker()
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and bytes(job.content).startswith(b"%PDF")
    ready = director_client.get(progress).content.decode()
    assert "is ready" in ready and "hx-trigger" not in ready
