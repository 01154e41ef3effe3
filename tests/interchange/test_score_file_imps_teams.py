"""``score_file`` on teams of four at IMPs (method ``imps_teams``), with no database.

The figures are those of tests/scoring/test_imps_teams_services.py, worked out by hand there:
board 1 +10, board 2 0, board 3 +11, board 4 −15 to team 1, so team 1 wins by 6 IMPs,
13.28 VPs to 6.72 over 4 boards.

Files name pairs, as the team movement does; entries that are teams would have two results on
a board, which a session file refuses (the engine's Session API still scores such entries).
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError

from scoring.standings.services import recompute_standings
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.services import import_session
from tournament.models import Session

# (board, ns, ew, contract, declarer, tricks): table 1 pair 1 (team 1) v pair 4 (team 2),
# table 2 pair 2 (team 2) v pair 3 (team 1), as the two-team movement seats them.
PAIR_LINES = [
    (1, 1, 4, "4S", "N", 10), (1, 2, 3, "4S", "N", 9),
    (2, 1, 4, "3NT", "S", 9), (2, 2, 3, "3NT", "S", 9),
    (3, 1, 4, "2H", "E", 8), (3, 2, 3, "4H", "W", 10),
    (4, 1, 4, "3NTX", "N", 7), (4, 2, 3, "4S", "S", 10),
]  # fmt: skip


def imps_file(lines, entries, movement=None) -> dict:
    results = [
        {"board": b, "ns": ns, "ew": ew, "contract": c, "declarer": d, "tricks": t}
        for b, ns, ew, c, d, t in lines
    ]
    section = {"name": "A", "entries": entries, "results": results}
    if movement:
        section["movement"] = movement
    return {
        "format": "duplicate-session/1",
        "event": {"name": "Hastings v Rye", "game": "contract", "scoring_method": "imps_teams",
                  "format": "teams"},
        "session": {"name": "Match", "date": "2026-11-24", "status": "final"},
        "sections": [section],
    }  # fmt: skip


def pair_entries(extra: dict[int, dict] | None = None) -> list[dict]:
    names, extra = {1: "Hastings", 2: "Rye"}, extra or {}
    return [
        {"number": n, "kind": "team", "name": names.get(n, ""), **extra.get(n, {})}
        for n in range(1, 5)
    ]


def movement_file() -> dict:
    movement = {"kind": "team", "tables": 2, "rounds": 2, "boards_per_round": 2}
    return imps_file(PAIR_LINES, pair_entries(), movement)


def summary(out: dict) -> list[tuple]:
    return [
        (t["rank"], t["team"], t["name"], t["imps"], t["vp"], t["result"])
        for t in out["imp_teams"]["teams"]
    ]


EXPECTED = [
    ("1", 1, "Hastings", 6.0, 13.28, "won by 6 IMPs"),
    ("2", 2, "Rye", -6.0, 6.72, "lost by 6 IMPs"),
]


def test_score_file_finds_the_rooms_through_the_team_movement(score_file):
    out = score_file(movement_file())
    assert summary(out) == EXPECTED
    assert {f["name"]: {s["entry"]: s["score"] for s in f["standings"]} for f in out["fields"]} == {
        "NS": {1: 6.0, 2: -6.0}, "EW": {3: 6.0, 4: -6.0},
    }  # fmt: skip


def test_score_file_finds_the_rooms_through_the_entries_teams(score_file):
    teams = {1: {"team": 1, "field": "NS"}, 3: {"team": 1, "field": "EW"},
             2: {"team": 2, "field": "NS"}, 4: {"team": 2, "field": "EW"}}  # fmt: skip
    out = score_file(imps_file(PAIR_LINES, pair_entries(teams)))
    assert summary(out) == EXPECTED


def test_a_team_against_itself_is_refused_naming_the_result(score_file):
    teams = {1: {"team": 1, "field": "NS"}, 3: {"team": 1, "field": "EW"},
             2: {"team": 2, "field": "NS"}, 4: {"team": 2, "field": "EW"}}  # fmt: skip
    data = imps_file(PAIR_LINES, pair_entries(teams))
    data["sections"][0]["results"][2].update(ew=3)  # board 2: 1 v 4 → 1 v 3 (team 1 v team 1)
    data["sections"][0]["results"][3].update(ew=4)  # board 2: 2 v 3 → 2 v 4
    where = r"sections\[0\]\.results\[2\]\.ew: board 2: pairs 1 and 3 both play for team 1"
    with pytest.raises(CommandError, match=where):
        score_file(data)


def test_import_then_the_database_scores_the_same(db):
    data = movement_file()
    data["club"] = {"name": "Hastings", "slug": "hastings"}
    session = import_session(data)
    section = recompute_standings(session).data["sections"][0]
    assert summary(section) == EXPECTED


def test_import_refuses_an_imp_team_match_without_the_team_movement(db):
    teams = {1: {"team": 1, "field": "NS"}, 3: {"team": 1, "field": "EW"},
             2: {"team": 2, "field": "NS"}, 4: {"team": 2, "field": "EW"}}  # fmt: skip
    data = imps_file(PAIR_LINES, pair_entries(teams))
    data["club"] = {"name": "Hastings", "slug": "hastings"}
    with pytest.raises(InterchangeError, match=r"sections\[0\]\.movement: an IMP team match"):
        import_session(data)
    assert not Session.objects.exists()
