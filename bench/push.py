"""Live standings by push: how long a confirmed result takes to reach 100 connected readers.

Runs the ASGI server of ``scripts/serve`` (uvicorn, one process, with its task worker) on PostgreSQL on 127.0.0.1
only, in a database of its own (created and dropped here).  100 readers hold the session's
event stream open (``/live/session/<pk>/``, what the standings page's static/js/live.js
opens); then, table after table, each board's result and the opponents' O.K. are sent to
``/t/<code>/sync/`` one at a time, and the time until every reader has the event
(``standings`` after a result, ``results`` after an O.K.) is measured, from the moment the
server answered (the write committed) and from the moment it was sent.

    .venv/bin/python bench/push.py [--readers 100] [--tables 7]

``run()`` returns the Markdown section for docs/performance.md (bench/run_all.py --load).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("LOAD_PG", "postgres://postgres@127.0.0.1:5432")
DB = "club_push_bench"
PORT = int(os.environ.get("PUSH_PORT", "8766"))
BASE = f"http://127.0.0.1:{PORT}"

SETUP = """
import json
from boards import services as boards
from scoring.inputs import scheduled_plays
from tournament.models import Club, Event, Player, Session
from tournament.play import services as play
from tournament.setup import services as setup
club = Club.objects.create(name="Push Club", slug="push")
event = Event.objects.create(club=club, name="Push", game="contract", scoring_method="matchpoints")
session = Session.objects.create(event=event, name="Push night")
people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(4 * TABLES)]
section = setup.create_section(session, "A", [(n, people[2*n-2:2*n]) for n in range(1, 2 * TABLES + 1)])
setup.choose_movement(section, "mitchell", tables=TABLES, boards_per_round=2)
section.refresh_from_db()
boards.generate(session, seed="push")
setup.set_status(session, "running")
tokens = {t.table_number: t.token for t in play.issue_tokens(section)}
rounds = {}
for board, plays in scheduled_plays(section.get_movement()).items():
    for p in plays:
        if p.round == 1:
            rounds.setdefault(p.table, {"ns": p.ns, "ew": p.ew, "boards": []})["boards"].append(board)
print(json.dumps({"session": session.pk, "tables": {t: {"token": tokens[t], **r} for t, r in rounds.items()}}))
"""


def manage(*args: str, env: dict) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return out.stdout


def setup(tables: int, env: dict) -> dict:
    subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {DB}"], check=True)
    subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {DB}"], check=True)
    manage("migrate", "--noinput", env=env)
    out = manage("shell", "-c", SETUP.replace("TABLES", str(tables)), env=env)
    return json.loads(out.strip().splitlines()[-1])


class Reader:
    """One browser holding the stream open: when each event arrived, by name."""

    def __init__(self):
        self.seen: dict[str, list[float]] = {"standings": [], "results": []}
        self.ready = asyncio.Event()

    async def run(self, session: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", PORT)
        writer.write(f"GET /live/session/{session}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())  # fmt: skip
        await writer.drain()
        try:
            while line := await reader.readline():
                text = line.decode("utf-8", "replace").strip()
                if text == "event: hello":
                    self.ready.set()
                elif text.startswith("event: ") and text[7:] in self.seen:
                    self.seen[text[7:]].append(time.monotonic())
        finally:
            writer.close()


def post(token: str, items: list[dict]) -> None:
    body = json.dumps({"queue": {"count": len(items)}, "items": items}).encode()
    request = urllib.request.Request(
        f"{BASE}/t/{token}/sync/", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        answers = json.load(response)["answers"]
    assert all(a["status"] == "stored" for a in answers), answers


async def timed(crowd: list[Reader], event: str, token: str, items: list[dict]):
    """(seconds from the server's answer, from the send) until every reader has ``event``."""
    before = [len(r.seen[event]) for r in crowd]
    started = time.monotonic()
    await asyncio.to_thread(post, token, items)
    answered = time.monotonic()
    while any(len(r.seen[event]) <= n for r, n in zip(crowd, before, strict=True)):
        if time.monotonic() - answered > 30:
            raise RuntimeError(f"the readers did not all receive {event} in 30 s")
        await asyncio.sleep(0.005)
    last = max(r.seen[event][n] for r, n in zip(crowd, before, strict=True))
    await asyncio.sleep(1.0)  # let the change settle before the next
    return max(0.0, last - answered), last - started


async def measure(state: dict, readers: int) -> dict[str, list[tuple[float, float]]]:
    crowd = [Reader() for _ in range(readers)]
    tasks = [asyncio.create_task(r.run(state["session"])) for r in crowd]
    try:
        await asyncio.wait_for(asyncio.gather(*(r.ready.wait() for r in crowd)), 60)
    except TimeoutError:
        ready = sum(r.ready.is_set() for r in crowd)
        raise RuntimeError(f"only {ready} of {readers} readers connected in 60 s") from None
    out: dict[str, list[tuple[float, float]]] = {"result": [], "confirm": []}
    for table in state["tables"].values():
        versions = {}
        for board in table["boards"]:
            item = {"client_id": uuid.uuid4().hex, "kind": "result", "round": 1,
                    "board": board, "ns": table["ns"], "ew": table["ew"], "version": 0,
                    "fields": {"result": "4S N ="}}  # fmt: skip
            versions[str(board)] = item["client_id"]
            out["result"].append(await timed(crowd, "standings", table["token"], [item]))
        ok = {"client_id": uuid.uuid4().hex, "kind": "confirm", "round": 1, "versions": versions}
        out["confirm"].append(await timed(crowd, "results", table["token"], [ok]))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out


def push(readers: int = 100, tables: int = 7) -> str:
    env = dict(os.environ, DATABASE_URL=f"{PG}/{DB}", SECRET_KEY="push-bench-secret-key-" + "x" * 40,
               DATA_DIR=str(ROOT / "bench" / "out"), ALLOWED_HOSTS="127.0.0.1")  # fmt: skip
    env.pop("DJANGO_SETTINGS_MODULE", None)
    (ROOT / "bench" / "out").mkdir(exist_ok=True)
    state = setup(tables, env)
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "tournament.asgi:application", "--host", "127.0.0.1",
         "--port", str(PORT), "--workers", "1", "--no-access-log", "--log-level", os.environ.get("PUSH_LOG", "warning")],
        cwd=ROOT, env=env,
    )  # fmt: skip
    # the task worker of scripts/serve (under nice, as there): it puts each table's result
    # in the standings
    worker = subprocess.Popen(
        ["nice", "-n", "10", sys.executable, "manage.py", "db_worker", "--no-reload",
         "--interval", "0.5"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(BASE + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        times = asyncio.run(measure(state, readers))
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(10)
        subprocess.run(
            ["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {DB}"], check=False
        )
    rows = []
    for kind, label, event in (("result", "a result stored", "standings"),
                               ("confirm", "the opponents' O.K.", "results")):  # fmt: skip
        commit = [c for c, _ in times[kind]]
        sent = [s for _, s in times[kind]]
        rows.append(
            f"| {label} | `{event}` | {readers} | {len(sent)} "
            f"| {1000 * statistics.median(commit):.0f} ms | {1000 * max(commit):.0f} ms "
            f"| {1000 * statistics.median(sent):.0f} ms | {1000 * max(sent):.0f} ms |"
        )
    return (
        "| write | event | readers | writes | median from answer | worst from answer "
        "| median from send | worst from send |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|\n" + "\n".join(rows)
    )


def run() -> str:
    head = (
        "## Push: a confirmed result reaching 100 live-standings readers (uvicorn + PostgreSQL)\n\n"
        "`bench/push.py`: one uvicorn process; 100 readers hold the session's event stream open "
        "(`/live/session/<pk>/`); table after table, a phone's queue (its round's boards and the "
        "opponents' O.K.) is sent to `/t/<code>/sync/` one write at a time, and the time until "
        "the last of the 100 readers has the event is measured (`standings` after a result, "
        "`results` after an O.K.), from the server's answer (committed; 0 when the event came "
        "first) and from the moment the write was sent.  The server looks at the database "
        "every 0.5 s for all readers together (`tournament/play/live.py`), so the wait is at most "
        "about half a second plus the standings' recomputation.  Target: under 2 s.\n"
    )
    tail = (
        "\n\nA result's POST answers before the standings refresh, which the task worker "
        '(under `nice`, as scripts/serve starts it) runs from the queue: "from send" is '
        'about "from answer", the event waiting for the worker (polling every 0.5 s) and '
        "the hub (0.5 s), not for the POST."
    )
    return head + "\n" + push() + tail


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--tables", type=int, default=7)
    args = parser.parse_args()
    print(push(args.readers, args.tables))
