"""HTTP load test: 30 tables entering results while 100 readers poll live standings.

Runs the production-style server (gunicorn) on PostgreSQL on 127.0.0.1 only, in a
database of its own (created and dropped here), bounded in time and in requests.
Each table device opens its QR link, posts every board of its round, has the
opponents confirm, and moves on; each reader fetches the live-standings fragment
about once a second.  Reports throughput, latency percentiles and errors.

    .venv/bin/python bench/load.py [--seconds 60] [--tables 30] [--readers 100]

``run()`` returns the Markdown section for docs/performance.md (bench/run_all.py --load).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("LOAD_PG", "postgres://postgres@127.0.0.1:5432")
DB = "club_load_test"
PORT = int(os.environ.get("LOAD_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    def record(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latency.setdefault(kind, []).append(seconds)
            if not ok:
                self.errors[kind] = self.errors.get(kind, 0) + 1


def manage(*args: str, env: dict) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return out.stdout


SETUP = """
from tournament.models import Club, Event, Player, Session
from tournament import services, tokens
from boards import services as boards
club = Club.objects.create(name="Load Club", slug="load")
event = Event.objects.create(club=club, name="Load", game="contract", scoring_method="matchpoints")
session = Session.objects.create(event=event, name="Load night")
people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(4 * TABLES)]
section = services.create_section(session, "A", [(n, people[2*n-2:2*n]) for n in range(1, 2 * TABLES + 1)])
services.choose_movement(section, "relay-bye" if TABLES % 2 == 0 else "mitchell", tables=TABLES, boards_per_round=2)
boards.generate(session, seed="load")
services.set_status(session, "running")
print("SESSION", session.pk)
for t in tokens.issue_tokens(section):
    print("TOKEN", t.table_number, t.token)
"""


def setup(tables: int, env: dict) -> tuple[int, dict[int, str]]:
    subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {DB}"], check=True)
    subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {DB}"], check=True)
    manage("migrate", "--noinput", env=env)
    lines = [
        ln.split()
        for ln in manage("shell", "-c", SETUP.replace("TABLES", str(tables)), env=env).splitlines()
    ]
    session = next(int(w[1]) for w in lines if w[:1] == ["SESSION"])
    tokens = {int(w[1]): w[2] for w in lines if w[:1] == ["TOKEN"]}
    return session, tokens


def request(opener, url: str, data: dict | None, stats: Stats, kind: str) -> str:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers={"Referer": url})
    started = time.perf_counter()
    try:
        with opener.open(req, timeout=30) as response:
            text = response.read().decode()
            stats.record(kind, time.perf_counter() - started, True)
            return text
    except urllib.error.HTTPError as exc:
        text = exc.read().decode(errors="replace")
        ok = exc.code < 500 and exc.code != 400
        stats.record(kind, time.perf_counter() - started, ok)
        if not ok and os.environ.get("LOAD_DEBUG"):
            found = re.findall(r'(?:role="alert"[^>]*>|class="errorlist"[^>]*>)([^<]+)', text)
            print(f"{kind} {exc.code}: {found[:3]}", file=sys.stderr)
        return text
    except OSError:
        stats.record(kind, time.perf_counter() - started, False)
        return ""


def table_device(token: str, deadline: float, stats: Stats, rounds: int) -> None:
    """One table: enter each board of the current round, confirm, repeat."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    url = f"{BASE}/t/{token}/"
    for _ in range(rounds):
        page = request(opener, url, None, stats, "table page")
        boards = sorted({int(b) for b in re.findall(r'name="b(\d+)-board"', page)})
        match = CSRF.search(page)
        if not boards or not match:
            return
        for board in boards:
            if time.time() > deadline:
                return
            fields = dict(
                re.findall(rf'name="(b{board}-(?:board|ns|ew|round))" value="(\d+)"', page)
            )
            fields.update({"csrfmiddlewaretoken": match.group(1), f"b{board}-result": "3NT N ="})
            page = request(opener, url, fields, stats, "result entry")
            match = CSRF.search(page) or match
        rnd = re.search(r'name="round" value="(\d+)"', page)
        data = {"csrfmiddlewaretoken": match.group(1), "action": "confirm", "ok": "yes",
                "round": rnd.group(1) if rnd else ""}  # fmt: skip
        request(opener, url, data, stats, "confirm")


def reader(session: int, deadline: float, stats: Stats, pause: float) -> None:
    opener = urllib.request.build_opener()
    time.sleep(random.uniform(0, min(pause, 5)))  # phones do not all poll at the same moment
    while time.time() < deadline:
        request(opener, f"{BASE}/session/{session}/standings/", None, stats, "live standings")
        time.sleep(pause)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(
    stats: Stats, seconds: float, tables: int, readers: int, workers: int, poll: float
) -> str:
    total = sum(len(v) for v in stats.latency.values())
    lines = [
        f"### {readers} readers polling every {poll:g} s",
        "",
        f"{tables} table devices entering results and {readers} readers polling the live standings "
        f"fragment every {poll:g} s, for {seconds:.0f} s against `gunicorn -w {workers}` on "
        "127.0.0.1; the load generator runs on the same 2 cores. Latencies in milliseconds.",
        "",
        f"Throughput: {total / seconds:.1f} requests/s; errors: {sum(stats.errors.values())}.",
        "",
        "| request | count | errors | median | p95 | p99 |",
        "|---|---|---|---|---|---|",
    ]
    for kind, values in sorted(stats.latency.items()):
        ms = [v * 1000 for v in values]
        lines.append(
            f"| {kind} | {len(ms)} | {stats.errors.get(kind, 0)} | {statistics.median(ms):.0f} | "
            f"{percentile(ms, 95):.0f} | {percentile(ms, 99):.0f} |"
        )
    return "\n".join(lines)


def load(
    seconds: int = 60,
    tables: int = 30,
    readers: int = 100,
    workers: int = 4,
    rounds: int = 3,
    poll: float = 1.0,
) -> str:
    env = dict(os.environ, DATABASE_URL=f"{PG}/{DB}", SECRET_KEY="load-test-secret-key-" + "x" * 40,
               DATA_DIR=str(ROOT / "bench" / "out"), ALLOWED_HOSTS="127.0.0.1")  # fmt: skip
    env.pop("DJANGO_SETTINGS_MODULE", None)
    (ROOT / "bench" / "out").mkdir(exist_ok=True)
    session, tokens = setup(tables, env)
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "tournament.wsgi", "-w", str(workers),
         "-b", f"127.0.0.1:{PORT}", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(BASE + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        stats = Stats()
        started = time.time()
        deadline = started + seconds
        threads = [
            threading.Thread(target=table_device, args=(tok, deadline, stats, rounds))
            for tok in tokens.values()
        ]
        threads += [
            threading.Thread(target=reader, args=(session, deadline, stats, poll))
            for _ in range(readers)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(seconds + 60)
        return report(stats, time.time() - started, tables, readers, workers, poll)
    finally:
        server.terminate()
        server.wait(10)
        subprocess.run(
            ["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {DB}"], check=False
        )


def run() -> str:
    head = (
        "## Load: table entry and live standings (gunicorn + PostgreSQL)\n\n"
        "`bench/load.py`: every table device opens its QR page, enters each board of its round "
        "and has the opponents confirm, three rounds; readers fetch the live-standings fragment. "
        "First as the pages poll (every 15 s), then a stress case polling every second.\n"
    )
    return "\n\n".join([head, load(seconds=45, poll=15.0), load(seconds=45, poll=1.0)])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between a reader's polls")
    args = parser.parse_args()
    print(load(args.seconds, args.tables, args.readers, args.workers, args.rounds, args.poll))
