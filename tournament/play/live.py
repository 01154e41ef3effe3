"""Live updates by push: what changed in a session, streamed to the browsers as server-sent
events (``/live/session/<pk>/``: the standings, the TD's during-play grid, the tables' pages).

One :class:`Hub` per server process watches every session some browser is following with one
query every ``INTERVAL`` seconds (the session's results version, its kept standings' version,
its newest result change, and what its tables' phones hold unsent), and hands each change to every
subscriber's queue.  The change is read from the database, so it reaches the browsers of
every server process whichever process stored it; a hundred readers cost one query per
interval, not a hundred.  Under ASGI (``scripts/serve`` runs uvicorn) a connection is a
waiting coroutine, not a worker; under WSGI (the test server, ``runserver``)
:func:`answer_once` answers at once and the browser comes back every ``RETRY_MS`` with the
id of the last event it saw (a short poll, as cheap as the htmx poll it replaces).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

from django.db import connection
from django.db.models import Count, Max, OuterRef, Subquery, Sum

from scoring.models import BoardResult, QueuedWrite, Standings
from tournament.models import Session, TableToken

logger = logging.getLogger(__name__)

INTERVAL = 0.5  # seconds between two looks at the database
KEEPALIVE = 15.0  # seconds between two comments on a quiet stream
RETRY_MS = 2000  # the browser's reconnection delay after a dropped stream


def _total(queryset, column: str, how):
    """A subquery: ``how`` (Sum, Max, Count) of ``column`` over a session's rows."""
    grouped = queryset.filter(section__session=OuterRef("pk")).values("section__session")
    return Subquery(grouped.annotate(v=how(column)).values("v")[:1])


def fingerprints(session_ids: list[int]) -> dict[int, dict]:
    """Each session's change counters: ``results`` (the results version), ``standings`` (the
    kept standings' version), ``updated`` (its newest result write, an O.K. included) and
    ``tables`` (what the tables' phones hold unsent, and the conflicts their queues met) —
    one query for all the sessions."""
    rows = (
        Session.objects.filter(pk__in=session_ids)
        .annotate(
            kept=Subquery(
                Standings.objects.filter(session=OuterRef("pk")).values("computed_version")[:1]
            ),
            updated=_total(BoardResult.objects, "updated", Max),
            unsent=_total(TableToken.objects.filter(revoked=False), "queued", Sum),
            since=_total(TableToken.objects.filter(revoked=False), "queued_since", Max),
            conflicts=_total(
                QueuedWrite.objects.filter(outcome=QueuedWrite.Outcome.CONFLICT), "pk", Count
            ),
        )
        .values_list("pk", "results_version", "kept", "updated", "unsent", "since", "conflicts")
    )
    return {
        pk: {"results": version, "standings": kept or 0,
             "updated": updated.isoformat() if updated else "",
             "tables": f"{unsent or 0}.{since.timestamp() if since else 0:.0f}.{conflicts or 0}"}
        for pk, version, kept, updated, unsent, since, conflicts in rows
    }  # fmt: skip


def events(old: dict | None, new: dict) -> list[str]:
    """The events one change makes: ``standings``, ``results`` (a result written or confirmed)
    and ``tables`` (a phone's report), as the pages listen for them."""
    if old is None or old == new:
        return ["hello"] if old is None else []
    names = []
    if new["standings"] != old["standings"]:
        names.append("standings")
    if new["results"] != old["results"] or new["updated"] != old["updated"]:
        names.append("results")
    if new["tables"] != old["tables"]:
        names.append("tables")
    return names


def event_id(counters: dict) -> str:
    """The counters as the event's id: the browser sends it back (``Last-Event-ID``) when it
    reconnects, so a change made while it was away is told at once."""
    return "~".join(str(counters[k]) for k in ("results", "standings", "updated", "tables"))


def parse_id(value: str | None) -> dict | None:
    parts = (value or "").split("~")
    if len(parts) != 4 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    return {"results": int(parts[0]), "standings": int(parts[1]), "updated": parts[2],
            "tables": parts[3]}  # fmt: skip


def message(name: str, data: dict) -> str:
    payload = json.dumps(data, separators=(",", ":"))
    return f"id: {event_id(data)}\nevent: {name}\ndata: {payload}\n\n"


class Hub:
    """The watcher of one process (one event loop): subscribers by session, one query per
    interval for all of them."""

    def __init__(self):
        self.subscribers: dict[int, set[asyncio.Queue]] = {}
        self.last: dict[int, dict] = {}
        self.task: asyncio.Task | None = None
        # one thread, so one database connection, for every look of this process
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-hub")

    def subscribe(self, session_id: int) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(maxsize=64)
        self.subscribers.setdefault(session_id, set()).add(queue)
        if session_id in self.last:
            queue.put_nowait(("hello", self.last[session_id]))
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._watch())
        return queue

    def unsubscribe(self, session_id: int, queue: asyncio.Queue) -> None:
        queue_set = self.subscribers.get(session_id)
        if queue_set is not None:
            queue_set.discard(queue)
            if not queue_set:
                del self.subscribers[session_id]
                self.last.pop(session_id, None)

    async def look(self, session_ids: list[int]) -> dict[int, dict]:
        return await asyncio.get_running_loop().run_in_executor(self.executor, _look, session_ids)

    async def stop(self) -> None:
        """Close the hub's database connection and its thread (a server or a test ending)."""
        if self.task is not None:
            self.task.cancel()
        await asyncio.get_running_loop().run_in_executor(self.executor, _close)
        self.executor.shutdown(wait=True)
        _hubs.pop(id(asyncio.get_running_loop()), None)

    async def _watch(self) -> None:
        while self.subscribers:
            try:
                now = await self.look(list(self.subscribers))
            except Exception:  # a database hiccup: look again next time
                logger.exception("live updates: looking at the database failed")
                now = {}
            for session_id, counters in now.items():
                old = self.last.get(session_id)
                if old == counters:
                    continue
                self.last[session_id] = counters
                for name in events(old, counters):
                    for queue in list(self.subscribers.get(session_id, ())):
                        if queue.full():  # a reader that does not read: drop its oldest
                            queue.get_nowait()
                        queue.put_nowait((name, counters))
            await asyncio.sleep(INTERVAL)


def _look(session_ids: list[int]) -> dict[int, dict]:
    """The hub thread's look; a failed one closes the connection, so the next reconnects."""
    try:
        return fingerprints(session_ids)
    except Exception:
        connection.close()
        raise


def _close() -> None:
    connection.close()  # this thread's connection: looked up here, not in the caller's


_hubs: dict[int, Hub] = {}


def hub() -> Hub:
    """This event loop's hub (one per process under an ASGI server)."""
    loop = asyncio.get_running_loop()
    return _hubs.setdefault(id(loop), Hub())


async def stream(session_id: int, last_id: str | None = None) -> AsyncIterator[str]:
    """The server-sent events of one session, for as long as the browser listens; a browser
    coming back (``last_id``) is first told what changed while it was away."""
    watcher = hub()
    queue = watcher.subscribe(session_id)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        seen = parse_id(last_id)
        if seen is not None:
            now = await watcher.look([session_id])
            if session_id in now and now[session_id] != seen:
                for name in events(seen, now[session_id]):
                    yield message(name, now[session_id])
        while True:
            try:
                name, counters = await asyncio.wait_for(queue.get(), KEEPALIVE)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            yield message(name, counters)
    finally:
        watcher.unsubscribe(session_id, queue)


def answer_once(session_id: int, last_id: str | None = None) -> str:
    """The same events for a WSGI server (the test server, ``runserver``), where a waiting
    connection would hold a worker: what changed since ``last_id`` (or a hello), then the
    stream ends and the browser comes back after ``RETRY_MS`` with the id it was given."""
    now = fingerprints([session_id]).get(session_id)
    if now is None:
        return ""
    names = events(parse_id(last_id), now)
    return f"retry: {RETRY_MS}\n\n" + "".join(message(name, now) for name in names)
