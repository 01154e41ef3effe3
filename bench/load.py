"""HTTP load test: a whole 30-table session played through the table pages, timed against
the admin login page measured in the same run (issue 23).

For each database (a SQLite file and a PostgreSQL database of its own, both created here
and removed afterwards) it starts the production-style server, ``gunicorn`` with the
repository's gunicorn.conf.py, and a task worker beside it (``nice manage.py db_worker``,
as scripts/serve does), sets up a 30-table skip Mitchell (18 rounds of 2 boards, 1,080 results)
and plays every round through the table devices' pages: open the QR link, post each board
(a realistic spread of contracts and results, not all the same), then the opponents confirm.

    rounds 1–12   20 clients play the 30 tables (the session filling up)
    round 13      1 client, table after table; each result POST is timed alone (the
                  redirect that follows is fetched and timed apart), and the admin login
                  page is fetched before each POST: the yardstick, in the same minute
    (idle)        1 client reads the login page, the public standings page and the live
                  standings fragment in turn
    rounds 14–15  20 phones play the 30 tables, each pausing before each result and before
                  the O.K. as a player entering it would (``THINK``, 1–3 s: a board typed on
                  a keypad takes longer): the result POSTs' median and p95
    round 16      20 clients play the 30 tables back to back, no pause (the machine
                  saturated), while 1 reader fetches the login page: what any page costs
                  at that load, beside the POSTs' figures
    rounds 17–18  10 clients play the 30 tables while 1 reader fetches the login page, the
                  standings page and the live fragment in turn (two rounds: enough of the
                  reader's samples for a median)

Any 4xx or 5xx answer (or a refused connection) counts as an error.  Reports medians and
p95 in milliseconds and the ratios the issue sets targets for, with the machine's load
average (the load generator shares the machine's cores with the server).

    .venv/bin/python bench/load.py [--db sqlite,postgres] [--tables 30] [--workers 4]

``run()`` returns the Markdown section for docs/performance.md (bench/run_all.py --load).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import queue
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("LOAD_PG", "postgres://postgres@127.0.0.1:5432")
PORT = int(os.environ.get("LOAD_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
LOGIN = "/admin/login/"

#: a phone's pause before each result and before the O.K. (seconds, uniform): a player
#: reading the board and tapping the contract, declarer and tricks
THINK = (1.0, 3.0)

#: the issue's targets: (measure, against, at most)
TARGETS = (
    ("result POST, 1 client", "login, 1 client", 3.0, "median"),
    ("result POST, 20 phones", "login, 1 client", 5.0, "p95"),
    ("standings page, idle", "login, idle", 2.0, "median"),
    ("live fragment, idle", "login, idle", 2.0, "median"),
    ("standings page, 10 tables posting", "login, 10 tables posting", 2.0, "median"),
    ("live fragment, 10 tables posting", "login, 10 tables posting", 2.0, "median"),
)

#: shown beside the targets, with no target of their own: (measure, against, statistic)
SHOWN = (
    ("result POST, 20 clients back to back", "login, 1 client", "p95"),
    ("result POST, 20 clients back to back", "login, 20 clients back to back", "p95"),
)


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.examples: list[str] = []

    def record(self, kind: str, seconds: float, ok: bool, note: str = "") -> None:
        with self.lock:
            self.latency.setdefault(kind, []).append(seconds)
            if not ok:
                self.errors[kind] = self.errors.get(kind, 0) + 1
                if len(self.examples) < 5:
                    self.examples.append(f"{kind}: {note}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 comes back as it is: the POST is timed without what follows


def _opener():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect())


def fetch(opener, path: str, stats: Stats | None, kind: str, data: dict | None = None):
    """(status, body, location); timed under ``kind`` (not timed when ``stats`` is None)."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    req = urllib.request.Request(BASE + path, data=body, headers={"Referer": BASE + path})
    started = time.perf_counter()
    try:
        with opener.open(req, timeout=60) as response:
            text = response.read().decode()
            status, location = response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as exc:
        text = exc.read().decode(errors="replace")
        status, location = exc.code, exc.headers.get("Location", "")
    except OSError as exc:
        if stats is not None:
            stats.record(kind, time.perf_counter() - started, False, repr(exc))
        return 0, "", ""
    elapsed = time.perf_counter() - started
    ok = status < 400
    if stats is not None:
        note = "" if ok else f"{status} {_alerts(text)}"
        stats.record(kind, elapsed, ok, note)
    return status, text, location


def _alerts(text: str) -> str:
    found = re.findall(r'(?:role="alert"[^>]*>|class="errorlist"[^>]*><li>)([^<]+)', text)
    return "; ".join(found[:3])


# --- the session --------------------------------------------------------------------------

SETUP = """
import datetime
from tournament.models import Club, Event, Player, Session
from tournament.setup import services as setup
from tournament.play import services as play
from boards import services as boards
club = Club.objects.create(name="Load Club", slug="load")
event = Event.objects.create(club=club, name="Load", game="contract", scoring_method="matchpoints")
session = Session.objects.create(event=event, name="Load night", date=datetime.date(2026, 11, 24))
people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(4 * TABLES)]
section = setup.create_section(session, "A", [(n, people[2*n-2:2*n]) for n in range(1, 2 * TABLES + 1)])
setup.choose_movement(section, "skip-mitchell", tables=TABLES, rounds=ROUNDS, boards_per_round=2)
boards.generate(session, seed="load")
setup.set_status(session, "running")
if FILL_DIRECT:
    import random as _random
    from scoring.inputs import scheduled_plays
    from scoring.results import services as results
    _rng = _random.Random("fill")
    plays = sorted((p.round, p.table, board, p) for board, ps in scheduled_plays(section.get_movement()).items() for p in ps)
    for rnd, table, board, p in plays:
        if rnd <= FILL_ROUNDS:
            results.record_result(section, board_number=board, ns=p.ns, ew=p.ew, round_number=rnd,
                                  fields=fields_of(a_result(_rng)), actor=f"table {table}", via="table")
    for rnd, table in sorted({(r, t) for r, t, _, _ in plays if r <= FILL_ROUNDS}):
        results.confirm(section, table_number=table, round_number=rnd, actor=f"table {table}")
print("SESSION", session.pk)
for t in play.issue_tokens(section):
    print("TOKEN", t.table_number, t.token)
"""

STRAINS = ("C", "D", "H", "S", "NT")
LEVELS = (1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6)  # part scores and games mostly, some slams
OFF_BY = (-3, -2, -1, -1, 0, 0, 0, 0, 0, 1, 1, 2)


def a_result(rng: random.Random) -> str:
    """A plausible result: mostly made or one off, some doubled, a few passed out."""
    if rng.random() < 0.03:
        return "PASS"
    level, strain = rng.choice(LEVELS), rng.choice(STRAINS)
    doubled = "X" if rng.random() < 0.08 else ""
    off = max(-level - 6, min(7 - level, rng.choice(OFF_BY)))
    made = "=" if off == 0 else f"{off:+d}"
    return f"{level}{strain}{doubled} {rng.choice('NESW')} {made}"


def fields_of(text: str) -> dict:
    """``a_result``'s text as the result services' fields."""
    if text == "PASS":
        return {"contract": "PASS"}
    contract, declarer, made = text.split()
    level = int(contract[0])
    tricks = level + 6 + (0 if made == "=" else int(made))
    return {"contract": contract, "declarer": declarer, "tricks": tricks}


def play_round(token: str, rng: random.Random, stats: Stats, *, timed: bool, yardstick=None,
               think: tuple[float, float] | None = None):  # fmt: skip
    """One table's round: open the page, post each board, confirm.  ``timed``: the POSTs
    are recorded as ``result POST`` (else under ``fill``); ``yardstick()`` runs before each
    POST (the login page fetched at 1 client); ``think``: a pause (seconds, uniform) before
    each POST and before the O.K."""
    opener = _opener()
    path = f"/t/{token}/"
    label = "result POST" if timed else "fill POST"
    status, page, _ = fetch(opener, path, stats, "table page")
    boards = sorted({int(b) for b in re.findall(r'name="b(\d+)-board"', page)})
    for board in boards:
        fields = dict(
            re.findall(rf'name="(b{board}-(?:board|ns|ew|round|version))" value="(\d*)"', page)
        )
        csrf = CSRF.search(page)
        if csrf is None:
            stats.record(label, 0.0, False, "no form on the table page")
            return
        fields.update({"csrfmiddlewaretoken": csrf.group(1), f"b{board}-result": a_result(rng)})
        if yardstick is not None:
            yardstick()
        if think is not None:
            time.sleep(rng.uniform(*think))
        status, text, location = fetch(opener, path, stats, label, fields)
        if status != 302:
            return
        _, page, _ = fetch(opener, urllib.parse.urlsplit(location).path or path, stats,
                           "table page after POST")  # fmt: skip
    rnd = re.search(r'name="round" value="(\d+)"', page)
    csrf = CSRF.search(page)
    data = {"csrfmiddlewaretoken": csrf.group(1) if csrf else "", "action": "confirm", "ok": "yes",
            "round": rnd.group(1) if rnd else ""}  # fmt: skip
    data.update(dict(re.findall(r'name="(v\d+)" value="(\d+)"', page)))
    if think is not None:
        time.sleep(rng.uniform(*think))
    fetch(opener, path, stats, "confirm", data)


def play_rounds(tokens: dict[int, str], clients: int, stats: Stats, seed: str, timed: bool,
                think: tuple[float, float] | None = None, rounds: int = 1):  # fmt: skip
    """Every table plays ``rounds`` rounds, one after the other; ``clients`` threads share
    the tables."""
    for r in range(rounds):
        _play_round_of_all(tokens, clients, stats, f"{seed}-{r}", timed, think)


def _play_round_of_all(tokens, clients, stats, seed, timed, think) -> None:
    work: queue.Queue = queue.Queue()
    for table in sorted(tokens):
        work.put(table)

    def client(number: int) -> None:
        rng = random.Random(f"{seed}-{number}")
        while True:
            try:
                table = work.get_nowait()
            except queue.Empty:
                return
            play_round(tokens[table], rng, stats, timed=timed, think=think)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def reader(session: int, stats: Stats, suffix: str, stop: threading.Event, limit: int,
           pages: bool = True) -> None:  # fmt: skip
    """The login page, the public standings page and the live fragment, in turn (``pages``
    False: the login page only)."""
    opener = _opener()
    for _ in range(limit):
        if stop.is_set():
            return
        fetch(opener, LOGIN, stats, f"login, {suffix}")
        if pages:
            fetch(opener, f"/session/{session}/", stats, f"standings page, {suffix}")
            fetch(opener, f"/session/{session}/standings/", stats, f"live fragment, {suffix}")


def while_reading(session: int, stats: Stats, suffix: str, pages: bool, play) -> None:
    """``play()`` while one reader fetches pages (``reader``) until it ends."""
    stop = threading.Event()
    read = threading.Thread(target=reader, args=(session, stats, suffix, stop, 10**6, pages))
    read.start()
    try:
        play()
    finally:
        stop.set()
        read.join()


# --- servers and databases ---------------------------------------------------------------


def manage(*args: str, env: dict) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return out.stdout


def _wait_for_server() -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(BASE + LOGIN, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def _loadavg() -> str:
    try:
        return " / ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def _source(function) -> str:
    import inspect

    return inspect.getsource(function) + "\n"


def session_run(db: str, tables: int, rounds: int, workers: int, direct: bool = False) -> dict:
    """Set up, serve and play one session on ``db`` ("sqlite" or "postgres")."""
    data_dir = Path(tempfile.mkdtemp(prefix="club-load-"))
    name = f"club_load_{os.getpid()}"
    env = dict(os.environ, DATA_DIR=str(data_dir), SECRET_KEY="load-test-secret-key-" + "x" * 40,
               ALLOWED_HOSTS="127.0.0.1", LIVE_POLL_SECONDS="15")  # fmt: skip
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("TASKS_BACKEND", None)
    if db == "postgres":
        subprocess.run(
            ["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {name}"], check=True
        )
        subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        env["DATABASE_URL"] = f"{PG}/{name}"
    else:
        env.pop("DATABASE_URL", None)  # SQLite: DATA_DIR/club.sqlite3, a file of its own
    processes = []
    try:
        manage("migrate", "--noinput", env=env)
        fill = rounds - 6
        script = (
            "import random\n" + _source(a_result) + _source(fields_of)
            + "STRAINS, LEVELS, OFF_BY = " + repr((STRAINS, LEVELS, OFF_BY)) + "\n"
            + SETUP.replace("FILL_DIRECT", str(direct)).replace("FILL_ROUNDS", str(fill))
            .replace("TABLES", str(tables)).replace("ROUNDS", str(rounds))
        )  # fmt: skip
        lines = [ln.split() for ln in manage("shell", "-c", script, env=env).splitlines()]
        session = next(int(w[1]) for w in lines if w[:1] == ["SESSION"])
        tokens = {int(w[1]): w[2] for w in lines if w[:1] == ["TOKEN"]}
        gunicorn = [str(ROOT / ".venv" / "bin" / "gunicorn"), "tournament.wsgi", "-c",
                    str(ROOT / "gunicorn.conf.py"), "-w", str(workers), "-b", f"127.0.0.1:{PORT}",
                    "--log-level", "warning"]  # fmt: skip
        worker = ["nice", "-n", "10", sys.executable, "manage.py", "db_worker", "--no-reload",
                  "--interval", "0.5"]  # fmt: skip  # as scripts/serve and the README start it
        for command in (gunicorn, worker):
            processes.append(subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True,
                                              stdout=subprocess.DEVNULL))  # fmt: skip
        _wait_for_server()
        stats = Stats()
        started = time.time()
        load = [_loadavg()]
        # the session fills up
        play_rounds(tokens, 20, stats, f"{db}-fill", timed=False, rounds=0 if direct else fill)
        load.append(_loadavg())
        yard = _opener()
        rng = random.Random(f"{db}-one")
        for table in sorted(tokens):  # 1 client, late in the session
            play_round(tokens[table], rng, stats, timed=True,
                       yardstick=lambda: fetch(yard, LOGIN, stats, "login, 1 client"))  # fmt: skip
        stats.latency["result POST, 1 client"] = stats.latency.pop("result POST", [])
        reader(session, stats, "idle", threading.Event(), 30)
        # 20 phones, late in the session
        play_rounds(tokens, 20, stats, f"{db}-twenty", timed=True, think=THINK, rounds=2)
        stats.latency["result POST, 20 phones"] = stats.latency.pop("result POST", [])
        saturated = "20 clients back to back"
        while_reading(session, stats, saturated, False,
                      lambda: play_rounds(tokens, 20, stats, f"{db}-saturated", timed=True))  # fmt: skip
        stats.latency[f"result POST, {saturated}"] = stats.latency.pop("result POST", [])
        load.append(_loadavg())
        while_reading(session, stats, "10 tables posting", True,
                      lambda: play_rounds(tokens, 10, stats, f"{db}-ten", timed=True, rounds=2))  # fmt: skip
        stats.latency["result POST, 10 clients"] = stats.latency.pop("result POST", [])
        load.append(_loadavg())
        return {"db": db, "stats": stats, "seconds": time.time() - started, "load": load,
                "tables": tables, "rounds": rounds, "workers": workers, "direct": direct}  # fmt: skip
    finally:
        for process in processes:
            _stop(process)
        if db == "postgres":
            subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {name}"],
                           check=False)  # fmt: skip
        shutil.rmtree(data_dir, ignore_errors=True)


# --- the report ---------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def _figures(stats: Stats) -> dict[str, tuple[int, int, float, float]]:
    out = {}
    for kind, values in stats.latency.items():
        if values:
            ms = [v * 1000 for v in values]
            out[kind] = (
                len(ms),
                stats.errors.get(kind, 0),
                statistics.median(ms),
                percentile(ms, 95),
            )
    return out


ORDER = (
    "login, 1 client", "result POST, 1 client", "result POST, 20 phones",
    "result POST, 20 clients back to back", "login, 20 clients back to back",
    "result POST, 10 clients", "table page", "table page after POST", "confirm", "fill POST",
    "login, idle", "standings page, idle", "live fragment, idle", "login, 10 tables posting",
    "standings page, 10 tables posting", "live fragment, 10 tables posting",
)  # fmt: skip


def report(runs: list[dict]) -> str:
    figures = {run["db"]: _figures(run["stats"]) for run in runs}
    names = [r["db"] for r in runs]
    head = (
        "| request | "
        + " | ".join(f"{n} count | {n} errors | {n} median | {n} p95" for n in names)
        + " |"
    )
    lines = [head, "|---|" + "---:|" * (4 * len(names))]
    kinds = [k for k in ORDER if any(k in f for f in figures.values())]
    for kind in kinds:
        cells = []
        for n in names:
            count, errors, median, p95 = figures[n].get(kind, (0, 0, 0.0, 0.0))
            cells.append(f"{count} | {errors} | {median:.0f} | {p95:.0f}")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    ratio_lines = ["| target | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for measure, against, limit, stat in (*TARGETS, *((m, a, None, s) for m, a, s in SHOWN)):
        cells = []
        for n in names:
            f = figures[n]
            if measure not in f or against not in f:
                cells.append("not measured")
                continue
            value = f[measure][3] if stat == "p95" else f[measure][2]
            ratio = value / f[against][2]
            verdict = "" if limit is None else " met" if ratio <= limit else " **not met**"
            cells.append(f"{ratio:.2f}×{verdict}")
        bound = "no target:" if limit is None else f"≤ {limit:g}×"
        ratio_lines.append(f"| {measure} ({stat}) {bound} {against} (median) | "
                           + " | ".join(cells) + " |")  # fmt: skip
    errors = sum(sum(r["stats"].errors.values()) for r in runs)
    examples = [e for r in runs for e in r["stats"].examples]
    runs_text = "; ".join(
        f"{r['db']}: {r['seconds']:.0f} s, load average (1/5/15 min) at the start, after the "
        f"fill, after the 20 clients, at the end: {', '.join(r['load'])}"
        for r in runs
    )
    first = runs[0]
    return "\n".join([
        f"{first['tables']}-table skip Mitchell, {first['rounds']} rounds of 2 boards "
        f"({first['tables'] * first['rounds'] * 2} results), played whole"
        + (f" (rounds 1–{first['rounds'] - 6} entered and confirmed through the result services "
           "while setting up, to keep the run short on the shared machine; the rest through "
           "the table pages)" if first.get("direct") else " through the table pages")
        + f" against `gunicorn -w {first['workers']}` (gunicorn.conf.py) with `manage.py "
        "db_worker` beside it, on 127.0.0.1; the load generator runs on the same cores. "
        "Latencies in milliseconds; a result POST is timed alone, the page its redirect "
        "leads to is `table page after POST`.",
        "",
        f"Runs: {runs_text}.",
        "",
        f"Errors (any 4xx/5xx or refused connection): {errors}"
        + (f" — e.g. {'; '.join(examples)}" if examples else "") + ".",
        "",
        *ratio_lines,
        "",
        *lines,
    ])  # fmt: skip


def load(dbs=("sqlite", "postgres"), tables: int = 30, rounds: int = 18, workers: int = 4,
         direct: bool = False) -> str:  # fmt: skip
    runs = [session_run(db, tables, rounds, workers, direct) for db in dbs]
    return report(runs)


def run() -> str:
    head = (
        "## Load: result entry and standings against the admin login page\n\n"
        "`bench/load.py` (see its docstring for the phases). The yardstick is Django's admin "
        "login page, fetched in the same run: at 1 client between the 1-client result "
        "POSTs, then idle, then while 10 tables post. The issue's targets are checked on "
        "these ratios.\n\n"
        '**"20 phones"** are 20 clients that each pause 1–3 s before a result and before '
        "the O.K., as a player at a table does (typing a board on a phone takes longer): the "
        'issue\'s "under 20 clients".  **"20 clients back to back"** send their requests '
        "with no pause at all, which keeps the 2 cores saturated: there any request waits "
        "behind the others, the login page too (fetched during that round, beside the POSTs), "
        "so that round measures throughput, and its ratio to the 1-client login page has no "
        "target.  The task worker runs under `nice`, as scripts/serve starts it.\n"
    )
    return head + "\n" + load(direct=os.environ.get("LOAD_FILL") == "direct")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="sqlite,postgres")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=18)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--fill", choices=("http", "direct"), default="http",
                        help="rounds 1-12 through the table pages (http) or the result "
                        "services in the setup (direct: a shorter run)")  # fmt: skip
    args = parser.parse_args()
    dbs = tuple(d.strip() for d in args.db.split(",") if d.strip())
    print(load(dbs, args.tables, args.rounds, args.workers, args.fill == "direct"))
