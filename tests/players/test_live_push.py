"""Live updates by push (tournament/play/live.py): the events a change makes, the short answer
under WSGI with ``Last-Event-ID``, and one process's hub serving 100 readers with one query
per interval."""

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from scoring.results import services as result_services
from tournament.play import live

from .conftest import round_plays

BASE = {"results": 3, "standings": 3, "updated": "t1", "tables": ""}


@pytest.mark.parametrize(
    ("change", "names"),
    [
        ({}, []),
        ({"results": 4, "updated": "t2"}, ["results"]),
        ({"results": 4, "standings": 4, "updated": "t2"}, ["standings", "results"]),
        ({"updated": "t2"}, ["results"]),  # an O.K.: the results' newest change moves
        ({"tables": "t9"}, ["tables"]),
    ],
)
def test_each_change_makes_its_events(change, names):
    assert live.events(BASE, {**BASE, **change}) == names
    assert live.events(None, BASE) == ["hello"]


def test_the_event_id_round_trips():
    counters = {"results": 7, "standings": 6, "updated": "2026-11-24T19:40:00+00:00",
                "tables": ""}  # fmt: skip
    assert live.parse_id(live.event_id(counters)) == counters
    assert live.parse_id("junk") is None and live.parse_id(None) is None


def enter_first(section):
    board, play = round_plays(section, 1, 1)[0]
    result_services.record_result(
        section, board_number=board, ns=play.ns, ew=play.ew, round_number=1,
        fields={"contract": "4S", "declarer": "N", "tricks": 10},
    )  # fmt: skip


def test_a_browser_coming_back_is_told_what_changed(client, running):
    url = reverse("session_events", args=[running.session_id])
    first = client.get(url)
    assert first["Content-Type"] == "text/event-stream"
    body = first.content.decode()
    assert "event: hello" in body and "retry: " in body
    seen = body.split("id: ", 1)[1].split("\n", 1)[0]
    assert "event:" not in client.get(url, HTTP_LAST_EVENT_ID=seen).content.decode()
    enter_first(running)
    after = client.get(url, HTTP_LAST_EVENT_ID=seen).content.decode()
    assert "event: results" in after and "event: standings" in after
    assert client.get(reverse("session_events", args=[987654])).status_code == 404


def enter_and_close(section):
    """A result stored from another thread (another server process, say), which then lets go
    of its database connection."""
    from django.db import connection

    try:
        enter_first(section)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_one_hub_brings_a_confirmed_result_to_100_readers(running, monkeypatch):
    looks = []
    real = live.fingerprints

    def counted(ids):
        looks.append(len(ids))
        return real(ids)

    monkeypatch.setattr(live, "fingerprints", counted)

    async def scenario():
        readers = [live.stream(running.session_id) for _ in range(100)]
        for reader in readers:
            assert (await reader.__anext__()).startswith("retry:")
        hellos = await asyncio.gather(*(reader.__anext__() for reader in readers))
        assert all("event: hello" in h for h in hellos)
        started = time.monotonic()
        await sync_to_async(enter_and_close, thread_sensitive=False)(running)

        async def until_standings(reader):
            while "event: standings" not in await reader.__anext__():
                pass
            return time.monotonic() - started

        delays = await asyncio.wait_for(
            asyncio.gather(*(until_standings(r) for r in readers)), timeout=60
        )
        for reader in readers:
            await reader.aclose()
        await live.hub().stop()
        return delays, time.monotonic() - started

    # How fast the event arrives is measured by bench/push.py (docs/performance.md), not here:
    # a loaded CI machine would make a timed assertion fail for nothing. What is checked is the
    # shape of the work: every reader has the event, and the hub looks at the database once
    # every INTERVAL for all readers together, never once per reader.
    # a thread of its own: the browser tests' Playwright keeps an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        delays, elapsed = pool.submit(asyncio.run, scenario()).result()
    assert len(delays) == 100
    assert all(n == 1 for n in looks)  # one query per look, for all 100 readers
    assert len(looks) <= elapsed / live.INTERVAL + 3  # one look per interval, not per reader


def test_a_phone_with_unsent_results_moves_the_tables_event_a_heartbeat_does_not(running):
    from tournament.play import services as play_services

    tokens = play_services.issue_tokens(running)
    before = live.fingerprints([running.session_id])[running.session_id]
    play_services.note_queue(tokens[0], queued=0, since=None)  # a heartbeat, nothing unsent
    same = live.fingerprints([running.session_id])[running.session_id]
    assert live.events(before, same) == []
    play_services.note_queue(tokens[0], queued=2, since=None)
    after = live.fingerprints([running.session_id])[running.session_id]
    assert live.events(same, after) == ["tables"]
