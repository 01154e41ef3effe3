"""Run every benchmark and write docs/performance.md.

Each ``bench/bench_*.py`` exposes ``run() -> str`` returning a Markdown section
(medians and ratios; these machines are noisy, so nothing here passes or fails
on time).  ``bench/load.py`` (the HTTP load test) and ``bench/push.py`` (live
updates to 100 readers) run only with ``--load`` because they start servers.  Usage::

    .venv/bin/python bench/run_all.py [--load] [--only boards,scoring]
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu}){mem}, Python {platform.python_version()}"


def load_module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def merged(old: str, new: list[str]) -> list[str]:
    """The sections of the existing file, each replaced by the new one with the same heading
    (``--only`` reruns some benchmarks and keeps the others' figures)."""
    head, *parts = old.split("\n## ")
    dated = dict(
        line[2:].split(": ", 1)
        for line in head.splitlines()
        if line.startswith("- ") and ": " in line
    )
    when = (
        f"\n\n_Measured {dated['Date']} on {dated['Machine']}._"
        if {"Date", "Machine"} <= set(dated)
        else ""
    )
    kept = ["## " + part.strip() + ("" if "_Measured " in part else when) for part in parts]
    heading = {section.splitlines()[0]: section for section in new}
    out = [heading.pop(section.splitlines()[0], section) for section in kept]
    return out + list(heading.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--load", action="store_true", help="also run bench/load.py and bench/push.py (servers)"
    )
    parser.add_argument("--only", default="", help="comma-separated topics, e.g. boards,scoring")
    parser.add_argument("--out", default=str(ROOT / "docs" / "performance.md"))
    args = parser.parse_args()
    only = {t.strip() for t in args.only.split(",") if t.strip()}
    scripts = sorted((ROOT / "bench").glob("bench_*.py"))
    if args.load:
        scripts += [ROOT / "bench" / "load.py", ROOT / "bench" / "push.py"]
    sections = []
    for path in scripts:
        topic = path.stem.removeprefix("bench_")
        if only and topic not in only:
            continue
        started = time.perf_counter()
        print(f"running {path.name} …", flush=True)
        try:
            sections.append(load_module(path).run().strip())
        except Exception as exc:  # a broken benchmark is reported, not hidden
            sections.append(f"## {topic}\n\nFAILED: {type(exc).__name__}: {exc}")
        print(f"  done in {time.perf_counter() - started:.1f} s", flush=True)
    today = datetime.date.today().isoformat()
    sections = [f"{s}\n\n_Measured {today} on {machine()}._" for s in sections]
    out = Path(args.out)
    if only and out.exists():
        sections = merged(out.read_text(), sections)
    header = (
        "# Performance\n\n"
        "Written by `python bench/run_all.py` (see bench/). Figures are medians over repeated runs "
        "on the machine named under each section; compare ratios rather than absolute times.\n"
    )
    out.write_text(header + "\n" + "\n\n".join(sections) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
