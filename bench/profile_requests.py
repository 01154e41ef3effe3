"""In-process profile of a table's result POST and the public standings page (issue 23).

Sets up the session of ``bench/load.py`` (a 30-table skip Mitchell, 16 rounds of 2 boards,
rounds 1–12 entered and confirmed through the result services) in a SQLite database of its
own (``--db postgres``: a PostgreSQL database of its own, dropped afterwards), then plays
round 13 through Django's test client, table after table: the admin login page, a board's
result POST (timed alone), the standings refresh it queued (run here as the task worker
would, timed apart), the table page its redirect leads to, and the public standings page;
then the login page, the standings page and the live fragment in turn with nothing changing
(idle).  Reports the median CPU time of each request and its queries, and the ratios the
issue's targets are set on.  CPU time (``time.process_time``) rather than wall time, so a
machine shared with other work still gives comparable figures; no network and no server, so
the ratios are higher than over HTTP, where both requests also pay the server's fixed cost
(and, on PostgreSQL, the waits for the database's answers, which are not CPU time).

    .venv/bin/python bench/profile_requests.py [--tables 30] [--profile post|standings|none]
        [--sort cumulative|tottime] [--top 40] [--queries] [--db sqlite|postgres]

``--profile`` prints cProfile's table for that request; ``--queries`` the SQL of its last
request (of the last result POST with ``--profile none``).  Not part of ``run_all.py`` (not a benchmark section: a tool for finding where
the time goes).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]


def _setup(tables: int, rounds: int) -> tuple[int, dict[int, str]]:
    import load
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    script = (
        load.SETUP.replace("FILL_DIRECT", "True").replace("FILL_ROUNDS", str(rounds - 4))
        .replace("TABLES", str(tables)).replace("ROUNDS", str(rounds))
    )  # fmt: skip
    names = {"a_result": load.a_result, "fields_of": load.fields_of, "random": random}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(script, names)  # noqa: S102 - the load test's own set-up code
    lines = [line.split() for line in out.getvalue().splitlines()]
    session = next(int(w[1]) for w in lines if w[:1] == ["SESSION"])
    return session, {int(w[1]): w[2] for w in lines if w[:1] == ["TOKEN"]}


class Timer:
    """CPU time and query count of each request, by kind; one kind under cProfile."""

    def __init__(self, profiled: str):
        self.cpu: dict[str, list[float]] = {}
        self.queries: dict[str, list[int]] = {}
        self.profiled, self.profile = profiled, cProfile.Profile()
        self.last_sql: dict[str, list[str]] = {}

    def __call__(self, kind: str, request):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            started = time.process_time()
            if kind == self.profiled:
                self.profile.enable()
            response = request()
            if kind == self.profiled:
                self.profile.disable()
            self.cpu.setdefault(kind, []).append(time.process_time() - started)
        self.queries.setdefault(kind, []).append(len(captured.captured_queries))
        self.last_sql[kind] = [q["sql"] for q in captured.captured_queries]
        return response


def play(session: int, tokens: dict[int, str], timer: Timer) -> None:
    import load
    from django.test import Client

    client, rng = Client(), random.Random("profile")
    for table in sorted(tokens):
        path = f"/t/{tokens[table]}/"
        page = client.get(path).content.decode()
        for board in sorted({int(b) for b in re.findall(r'name="b(\d+)-board"', page)}):
            pattern = rf'name="(b{board}-(?:board|ns|ew|round|version))" value="(\d*)"'
            fields = dict(re.findall(pattern, page), **{f"b{board}-result": load.a_result(rng)})
            timer("login", lambda: client.get(load.LOGIN))
            response = timer("result POST", lambda p=path, f=fields: client.post(p, f))
            assert response.status_code == 302, response.content[:2000]
            timer("standings refresh (the worker's task)", lambda: run_queued(session))
            page = timer("table page after POST", lambda p=path: client.get(p)).content.decode()
            timer("standings page after POST", lambda: client.get(f"/session/{session}/"))
        data = {"action": "confirm", "ok": "yes"}
        data.update(re.findall(r'name="(round|v\d+)" value="(\d+)"', page))
        assert client.post(path, data).status_code == 302
    for _ in range(30):
        timer("login, idle", lambda: client.get(load.LOGIN))
        timer("standings page, idle", lambda: client.get(f"/session/{session}/"))
        timer("live fragment, idle", lambda: client.get(f"/session/{session}/standings/"))


def run_queued(session: int) -> None:
    """What ``manage.py db_worker`` does after a table's POST: the queued standings refresh
    (``scoring.standings.services.refresh_task``), run here in the same process (the
    worker keeps the scored session in memory the same way), and its task rows cleared."""
    from django_tasks_db.models import DBTaskResult

    from scoring.standings.services import refresh_standings

    queued = DBTaskResult.objects.filter(task_path__endswith="refresh_task")
    if queued.exists():
        refresh_standings(session)
        queued.delete()


def report(timer: Timer) -> str:
    median = {k: statistics.median(v) * 1000 for k, v in timer.cpu.items()}
    lines = ["| request | count | median CPU ms | queries |", "|---|---:|---:|---:|"]
    for kind, values in timer.cpu.items():
        queries = statistics.median(timer.queries[kind])
        lines.append(f"| {kind} | {len(values)} | {median[kind]:.1f} | {queries:g} |")
    lines += ["", "| ratio | |", "|---|---:|"]
    for measure, against in (("result POST", "login"),
                             ("standings page, idle", "login, idle"),
                             ("live fragment, idle", "login, idle")):  # fmt: skip
        lines.append(f"| {measure} / {against} | {median[measure] / median[against]:.2f}× |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--profile", default="result POST",
                        help="the request kind to profile ('post', 'standings' or 'none')")  # fmt: skip
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--queries", action="store_true")
    parser.add_argument(
        "--db",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="postgres: a database of its own on LOAD_PG, removed afterwards",
    )
    args = parser.parse_args()
    profiled = {"post": "result POST", "standings": "standings page, idle"}.get(
        args.profile, args.profile
    )
    os.chdir(ROOT)
    os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix="club-profile-")
    os.environ.setdefault("SECRET_KEY", "profile-secret-key-" + "x" * 40)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.pop("DATABASE_URL", None)
    if args.db == "postgres":
        import subprocess

        import load

        name = f"club_profile_{os.getpid()}"
        subprocess.run(["psql", load.PG + "/postgres", "-qc", f"CREATE DATABASE {name}"],
                       check=True)  # fmt: skip
        os.environ["DATABASE_URL"] = f"{load.PG}/{name}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
    os.environ["TASKS_BACKEND"] = "database"  # the refresh is queued, as in production
    import django

    django.setup()
    try:
        session, tokens = _setup(args.tables, args.rounds)
        timer = Timer(profiled)
        play(session, tokens, timer)
    finally:
        if args.db == "postgres":
            from django.db import connections

            connections.close_all()
            subprocess.run(["psql", load.PG + "/postgres", "-qc", f"DROP DATABASE {name}"],
                           check=False)  # fmt: skip
    print(report(timer))
    if args.queries:
        kind = profiled if profiled in timer.last_sql else "result POST"
        print(f"\nQueries of the last '{kind}':")
        for sql in timer.last_sql[kind]:
            print(" ", sql[:300])
    if profiled in timer.cpu:
        print(f"\ncProfile of '{profiled}':")
        pstats.Stats(timer.profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
