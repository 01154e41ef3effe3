"""Offline search for cyclic whist-tournament starters with OR-Tools CP-SAT.

The project's own randomized backtracking (tournament/movements/individual_search.py)
finds starters quickly up to about 28 players; beyond that it stalls.  This script
states the same conditions (MOVEMENTS.md §6) as a constraint model and lets CP-SAT
solve it, then stores the starter in tournament/movements/individual_starters.json,
where ``individual.starter()`` reads it (every build re-checks it, so a wrong entry
can never reach a session).  OR-Tools is needed only here, not by the application:

    python -m venv /tmp/orvenv && /tmp/orvenv/bin/pip install ortools
    /tmp/orvenv/bin/python scripts/search_individual_starters.py 32 33 36 40

Model, for n players: over Z_m with m = n − 1 plus a fixed pivot (n ≡ 0 mod 4), or
m = n with element 0 sitting out (n ≡ 1 mod 4), place the elements on n/4 tables
(seats N S E W, partners N-S and E-W) so that the partner differences ±d, pivot
excluded, cover every class {d, −d} once and the opponent differences every class
twice.  With --directed (n ≡ 1 mod 4 only) the left-hand differences N→E, E→S, S→W,
W→N must all differ, so every player meets each opponent once on each side (I8).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ortools.sat.python import cp_model

ROOT = Path(__file__).resolve().parent.parent
STARTERS = ROOT / "tournament" / "movements" / "individual_starters.json"
PARTNERS = ((0, 1), (2, 3))
OPPONENTS = ((0, 2), (0, 3), (1, 2), (1, 3))
LEFT = ((0, 2), (2, 1), (1, 3), (3, 0))  # N→E, E→S, S→W, W→N


def solve(n: int, directed: bool, seconds: float, seed: int) -> list[list[int | None]] | None:
    if n % 4 not in (0, 1) or n < 8:
        raise SystemExit(f"{n}: a whist tournament needs n ≡ 0 or 1 (mod 4), n ≥ 8")
    pivot = n % 4 == 0
    m = n - 1 if pivot else n
    tables = n // 4
    model = cp_model.CpModel()
    seats = [
        [model.NewIntVar(0 if pivot else 1, m - 1, f"t{t}s{s}") for s in range(4)]
        for t in range(tables)
    ]
    free = [
        seats[t][s] for t in range(tables) for s in range(4) if not (pivot and t == 0 and s == 0)
    ]
    model.AddAllDifferent(free)
    if pivot:  # translating every element keeps the differences: put the pivot's partner at 0
        model.Add(seats[0][1] == 0)
    classes = range(1, (m - 1) // 2 + 1)
    partner_count = {k: [] for k in classes}
    opponent_count = {k: [] for k in classes}
    left_values: list = []

    def difference(a, b, name):
        d = model.NewIntVar(1, m - 1, name)
        model.AddModuloEquality(d, a - b + m, m)
        is_value = {v: model.NewBoolVar(f"{name}={v}") for v in range(1, m)}
        model.AddExactlyOne(is_value.values())
        model.Add(d == sum(v * b_ for v, b_ in is_value.items()))
        return is_value

    for t in range(tables):
        for kind, pairs, counts in (
            ("p", PARTNERS, partner_count),
            ("o", OPPONENTS, opponent_count),
        ):
            for a, b in pairs:
                if pivot and t == 0 and 0 in (a, b):
                    continue
                is_value = difference(seats[t][a], seats[t][b], f"{kind}{t}{a}{b}")
                for k in classes:
                    counts[k] += [is_value[k], is_value[m - k]]
        if directed:
            for a, b in LEFT:
                left_values.append(difference(seats[t][b], seats[t][a], f"l{t}{a}{b}"))
    partner_classes = []
    for t in range(tables):  # redundant: the partner classes are all different
        for a, b in PARTNERS:
            if pivot and t == 0 and 0 in (a, b):
                continue
            c = model.NewIntVar(1, (m - 1) // 2, f"c{t}{a}{b}")
            index = model.NewIntVar(0, m * m - 1, f"i{t}{a}{b}")
            model.Add(index == m * seats[t][a] + seats[t][b])
            model.AddElement(
                index, [min((x - y) % m, (y - x) % m) or 1 for x in range(m) for y in range(m)], c
            )
            partner_classes.append(c)
    model.AddAllDifferent(partner_classes)
    for k in classes:
        model.Add(sum(partner_count[k]) == 1)
        model.Add(sum(opponent_count[k]) == 2)
    if directed:
        for v in range(1, m):
            model.Add(sum(lv[v] for lv in left_values) == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = 2
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    out = [[solver.Value(v) for v in row] for row in seats]
    if pivot:
        out[0][0] = None
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("players", type=int, nargs="+")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    stored = json.loads(STARTERS.read_text()) if STARTERS.exists() else {}
    for n in args.players:
        attempts = [True, False] if n % 4 == 1 else [False]
        for directed in attempts:
            found = solve(n, directed, args.seconds, args.seed)
            print(
                f"{n} players, directed={directed}: {'found' if found else 'none in time'}",
                flush=True,
            )
            if found:
                stored[str(n)] = {
                    "directed": directed,
                    "construction": "CP-SAT search (scripts/search_individual_starters.py)",
                    "tables": found,
                }
                STARTERS.write_text(json.dumps(stored, indent=1) + "\n")
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
