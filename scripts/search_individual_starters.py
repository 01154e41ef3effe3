"""Offline search for cyclic whist-tournament starters, stored for the application.

    .venv/bin/python scripts/search_individual_starters.py 32 33 36 40 --seconds 600

For each size the script runs the two-stage search of
``tournament/movements/individual_search.py`` (random partner starter, then an
exhaustive pairing of partnerships into tables) with successive seeds until the
time is up, and keeps the starter that balances left- and right-hand opponents
best (I8): for n ≡ 1 (mod 4) it first asks for a fully directed starter (every
opponent once on each side); with a pivot (n ≡ 0 mod 4) full balance is
impossible, so it keeps the orientation with the most balanced classes.  The
result goes to ``tournament/movements/individual_starters.json``, which
``individual.starter()`` reads; every build re-checks the whole schedule, so a
wrong entry can never reach a session.  Entries that come from a construction
(the primitive-root one for primes p = 4t + 1) are kept unless ``--replace``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournament.movements.individual import STARTERS_FILE  # noqa: E402
from tournament.movements.individual_search import (  # noqa: E402
    balanced_classes,
    best_orientation,
    group_for,
    search_starter,
)


def best_for(
    players: int, seconds: float, first_seed: int = 1
) -> tuple[list[tuple], bool, int] | None:
    """The best starter found in ``seconds``: (tables, directed, balanced classes)."""
    group, pivot = group_for(players)
    deadline = time.monotonic() + seconds
    best: tuple[list[tuple], bool, int] | None = None
    seed = first_seed - 1
    while time.monotonic() < deadline:
        seed += 1
        directed = not pivot and (best is None or not best[1])
        found = search_starter(players, directed=directed, seed=seed, tries=1)
        if found is None and directed and best is None:
            found = search_starter(players, seed=seed, tries=1)
            directed = False
        if found is None:
            continue
        tables = best_orientation(group, found)
        score = balanced_classes(group, tables)
        if best is None or score > best[2]:
            best = (tables, directed, score)
            print(f"  {players}: seed {seed}, balanced classes {score}/{group.order - 1}")
        if directed or score == group.order - 3:  # the most a pivot allows
            break
    return best


def dump(stored: dict) -> str:
    """The starters file, one size per block and one table per line, sizes in order."""
    blocks = []
    for key in sorted(stored, key=int):
        entry = dict(stored[key])
        tables = entry.pop("tables")
        head = ", ".join(
            f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entry.items()
        )
        rows = ",\n".join("   " + json.dumps(t) for t in tables)
        blocks.append(f' "{key}": {{{head}, "tables": [\n{rows}\n  ]}}')
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int, nargs="+")
    parser.add_argument("--seconds", type=float, default=600, help="time per size")
    parser.add_argument("--replace", action="store_true", help="also replace constructions")
    parser.add_argument("--file", type=Path, default=STARTERS_FILE, help="where to store")
    parser.add_argument("--first-seed", type=int, default=1, help="to go on from an earlier run")
    args = parser.parse_args()
    stored = json.loads(args.file.read_text()) if args.file.exists() else {}
    for n in args.players:
        if n < 8 or n % 4 not in (0, 1):
            print(f"{n}: a whist tournament needs n ≡ 0 or 1 (mod 4), n ≥ 8", file=sys.stderr)
            return 2
        old = stored.get(str(n))
        if old and old.get("construction", "").startswith("p = 4t+1") and not args.replace:
            print(f"{n}: keeping the stored construction")
            continue
        found = best_for(n, args.seconds, args.first_seed)
        if found is None:
            print(f"{n}: none found in {args.seconds:.0f} s")
            continue
        tables, directed, score = found
        group, _ = group_for(n)
        if old and balanced_classes(group, [tuple(t) for t in old["tables"]]) >= score:
            print(f"{n}: the stored starter is as well balanced; kept")
            continue
        stored[str(n)] = {
            "directed": directed,
            "construction": "two-stage search (scripts/search_individual_starters.py)",
            "tables": [list(t) for t in tables],
        }
        args.file.write_text(dump(stored))
        print(f"{n}: stored (directed={directed}, balanced classes {score}/{group.order - 1})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
