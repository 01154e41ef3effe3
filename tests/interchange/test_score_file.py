"""``score_file`` scores a file written here, with no database, against standings computed here."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.db import connections

# board → [(ns, ew, contract, declarer, tricks, N-S score worked out by hand from Law 77)]
TRAVELLERS = {
    1: [(1, 2, "4S", "N", 10, 420), (3, 4, "4S", "N", 9, -50)],  # none vulnerable
    2: [(1, 3, "3NT", "S", 9, 600), (2, 4, "3NT", "S", 10, 630)],  # N-S vulnerable
    3: [(1, 4, "2H", "W", 8, -110), (2, 3, "2H", "W", 9, -140)],  # E-W vulnerable
}


def session_file() -> dict:
    results = [
        {"board": b, "ns": ns, "ew": ew, "contract": c, "declarer": d, "tricks": t}
        for b, lines in TRAVELLERS.items()
        for ns, ew, c, d, t, _ in lines
    ]
    entries = [
        {"number": n, "players": [{"name": f"Player {n}a"}, {"name": f"Player {n}b"}]}
        for n in range(1, 5)
    ]
    return {
        "format": "duplicate-session/1",
        "event": {"name": "Test pairs", "game": "contract", "scoring_method": "matchpoints"},
        "session": {"name": "Evening", "date": "2026-11-03"},
        "sections": [{"name": "A", "entries": entries, "results": results}],
    }


def expected_standings() -> dict[int, tuple[Fraction, Fraction]]:
    """Law 78A by hand: 2 per score beaten, 1 per tie; top 2 per board; % of 2 × 3 boards."""
    total: dict[int, Fraction] = {n: Fraction(0) for n in range(1, 5)}
    for lines in TRAVELLERS.values():
        for ns, ew, *_, score in lines:
            others = [line[-1] for line in lines if line[0] != ns]
            mp = sum(2 if score > o else 1 if score == o else 0 for o in others)
            total[ns] += mp
            total[ew] += 2 * len(others) - mp
    return {n: (mp, mp / 6 * 100) for n, mp in total.items()}


def test_score_file_prints_the_standings(tmp_path, capsys, monkeypatch):
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session_file()))

    def no_database(*args, **kwargs):
        raise AssertionError("score_file touched the database")

    monkeypatch.setattr(connections["default"], "cursor", no_database)
    call_command("score_file", str(path))
    out = json.loads(capsys.readouterr().out)
    (field,) = out["fields"]
    got = {s["entry"]: (s["score"], s["percent"], s["rank"]) for s in field["standings"]}
    want = expected_standings()
    assert {
        n: (pytest.approx(float(mp)), pytest.approx(float(pct), abs=0.005))
        for n, (mp, pct) in want.items()
    } == {n: (score, pct) for n, (score, pct, _) in got.items()}
    assert {n: rank for n, (*_, rank) in got.items()} == {1: "=1", 3: "=1", 2: "=3", 4: "=3"}
    board1 = next(b for b in out["boards"] if b["board"] == 1)
    assert sorted(r["score_ns"] for r in board1["results"]) == [-50, 420]


def test_score_file_refuses_a_bad_file(tmp_path):
    data = session_file()
    data["sections"][0]["results"][1]["contract"] = "4Z"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match=r"sections\[0\]\.results\[1\]\.contract"):
        call_command("score_file", str(path))
