"""Personas and a small club shared by the tests (see ../shared/STYLE.md, healthchecks' hc/test.py)."""

from __future__ import annotations

import datetime
import os

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from tests import published
from tests.properties import load_profile
from tournament.models import Club, Event, Player, Session
from tournament.permissions import td_group

load_profile()


# --- published golden data (tests/published.py) -------------------------------------------


def pytest_collection_modifyitems(config, items):
    if published.PRESENT:
        return
    for item in items:
        if item.get_closest_marker("golden"):
            item.add_marker(pytest.mark.skip(reason=published.REASON))


_golden_skipped: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped and "golden" in report.keywords:
        _golden_skipped.append(report.nodeid)


def _golden_required() -> bool:
    return os.environ.get("REQUIRE_GOLDEN", "") not in ("", "0")


def pytest_sessionfinish(session, exitstatus):
    if _golden_skipped and _golden_required() and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _golden_skipped:
        return
    if not published.PRESENT:
        line = f"{published.REASON}: {len(_golden_skipped)} tests skipped"
    else:
        line = f"{len(_golden_skipped)} golden tests skipped although the data is present"
    if _golden_required():
        terminalreporter.write_line(f"FAILED (REQUIRE_GOLDEN): {line}", red=True, bold=True)
        for nodeid in _golden_skipped[:20]:
            terminalreporter.write_line(f"  skipped: {nodeid}")
    else:
        terminalreporter.write_line(line, yellow=True, bold=True)


# --- background tasks: run inside the request that enqueues them --------------------------

IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


FAST_PASSWORDS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def _fast_passwords():
    """The personas' passwords are hashed with a fast hasher: PBKDF2's million rounds cost a
    quarter of a second per user created or signed in with a password, in nearly every test,
    and no test is about the hasher (production keeps Django's default)."""
    with override_settings(PASSWORD_HASHERS=FAST_PASSWORDS):
        yield


@pytest.fixture(autouse=True, scope="session")
def _tasks_run_immediately():
    """Tests run every task at once (the immediate backend); a test of the database backend
    and its worker sets ``settings.TASKS`` itself (tests/boards/test_task_queue.py)."""
    with override_settings(TASKS=IMMEDIATE_TASKS):
        yield


@pytest.fixture
def club(db):
    return Club.objects.create(name="Riverside Bridge Club", slug="riverside")


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Hilltop Whist Club", slug="hilltop")


def _td(username: str, club: Club) -> User:
    user = User.objects.create_user(username, password="correct-horse-battery")
    user.groups.add(td_group())
    club.directors.add(user)
    return user


@pytest.fixture
def director(club):
    return _td("director", club)


@pytest.fixture
def outsider(other_club):
    """A TD, but of another club."""
    return _td("outsider", other_club)


@pytest.fixture
def superuser(db):
    return User.objects.create_superuser("root", password="correct-horse-battery")


@pytest.fixture
def players(club):
    names = [
        "Ada Lovelace",
        "Charles Babbage",
        "Mary Somerville",
        "John Herschel",
        "Caroline Herschel",
        "George Boole",
        "Augusta De Morgan",
        "William Whewell",
        "Ellen Hardcastle",
        "Thomas Young",
        "Agnes Clerke",
        "James Clerk",
        "Margaret Huggins",
        "William Huggins",
        "Annie Maunder",
        "Walter Maunder",
        "Henrietta Leavitt",
        "Edward Pickering",
        "Williamina Fleming",
        "Arthur Eddington",
    ]
    return [Player.objects.create(club=club, name=name) for name in names]


@pytest.fixture
def event(club):
    return Event.objects.create(
        club=club, name="Tuesday Pairs", game="contract", scoring_method="matchpoints"
    )


@pytest.fixture
def session(event):
    return Session.objects.create(
        event=event, name="Tuesday 3 November", date=datetime.date(2026, 11, 3)
    )


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache (the rendered standings fragment is cached)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
