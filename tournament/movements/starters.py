"""A cyclic Howell's round-1 *starter*: (ns, ew, set) per table, and its text form
("ns-ew/set ...", as kept in ``howell.STARTERS`` and ``short_howell.SHORT_STARTERS``).
"""

from __future__ import annotations

Starter = tuple[tuple[int, int, int], ...]  # (ns, ew, set) per table in round 1


def parse_starter(text: str) -> Starter:
    rows = []
    for cell in text.split():
        pairs, set_ = cell.split("/")
        ns, ew = pairs.split("-")
        rows.append((int(ns), int(ew), int(set_)))
    return tuple(rows)


def format_starter(starter: Starter) -> str:
    return " ".join(f"{ns}-{ew}/{s}" for ns, ew, s in starter)
