"""``score_file`` on a whist team match (method ``tricks_teams``), with no database."""

from __future__ import annotations

import pytest
from django.core.management import CommandError

from scoring.standings.services import recompute_standings
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.services import import_session
from tournament.models import Session

# Two tables, the team movement rebuilt from its size (2 rounds of 2 boards): table 1 has
# pair 1 (team 1) N-S v pair 4 (team 2) E-W, table 2 pair 2 (team 2) v pair 3 (team 1).
# N-S tricks (board, table): worked out as in tests/scoring/engine/test_team_match.py:
# team 1 = 28 + 28 = 56, team 2 = 24 + 24 = 48; 104 tricks, half 52 → team 1 wins by 4.
TWO_TABLES = [(1, 1, 4, 8), (2, 1, 4, 7), (3, 1, 4, 9), (4, 1, 4, 4),
              (1, 2, 3, 6), (2, 2, 3, 7), (3, 2, 3, 5), (4, 2, 3, 6)]  # fmt: skip


def team_file(results, entries, movement=None) -> dict:
    section = {"name": "A", "entries": entries, "results": results}
    if movement:
        section["movement"] = movement
    return {
        "format": "duplicate-session/1",
        "event": {"name": "Hastings v Rye", "game": "whist", "scoring_method": "tricks_teams",
                  "format": "teams"},
        "session": {"name": "Match", "date": "2026-11-24", "status": "final"},
        "sections": [section],
    }  # fmt: skip


def two_table_file() -> dict:
    results = [{"board": b, "ns": ns, "ew": ew, "tricks_ns": t} for b, ns, ew, t in TWO_TABLES]
    entries = [{"number": 1, "kind": "team", "name": "Hastings"},
               {"number": 2, "kind": "team", "name": "Rye"},
               {"number": 3, "kind": "team"}, {"number": 4, "kind": "team"}]  # fmt: skip
    movement = {"kind": "team", "tables": 2, "rounds": 2, "boards_per_round": 2}
    return team_file(results, entries, movement)


def test_score_file_prints_the_team_match(score_file):
    out = score_file(two_table_file())
    assert (out["method"], out["status"]) == ("tricks_teams", "final")
    match = out["team_match"]
    assert (match["rule"], match["total"], match["half"]) == ("two_teams", 104.0, 52.0)
    assert [(t["rank"], t["team"], t["name"], t["aggregate"], t["margin"], t["result"],
             t["winner"]) for t in match["teams"]] == [
        ("1", 1, "Hastings", 56.0, 4, "won by 4 tricks", True),
        ("2", 2, "Rye", 48.0, -4, "lost by 4 tricks", False),
    ]  # fmt: skip
    assert {f["name"]: [s["entry"] for s in f["standings"]] for f in out["fields"]} == {
        "NS": [1, 2], "EW": [3, 4],
    }  # fmt: skip


def d3_file() -> dict:
    """D-3 with teams of five pairs, given on the entries (no movement): A = pairs 1-3 N-S and
    4-5 E-W; B = pairs 6-7 N-S and 8-10 E-W. N-S tricks per table over 8 deals: 53, 53, 52
    (A v B), 53, 52 (B v A). Rounded, A = 261 + 51 = 312 = B = 259 + 53; exact, A = 312.4 and
    B = 311.6: A wins by the fraction of a trick (see tests/scoring/engine/test_team_match.py)."""
    tables = {(1, 8): 53, (2, 9): 53, (3, 10): 52, (6, 4): 53, (7, 5): 52}
    results = []
    for (ns, ew), total in tables.items():
        tricks = [7] * (total - 48) + [6] * (56 - total)
        results += [{"board": b, "ns": ns, "ew": ew, "tricks_ns": t}
                    for b, t in enumerate(tricks, 1)]  # fmt: skip
    side = {1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "NS", 7: "NS", 8: "EW", 9: "EW",
            10: "EW"}  # fmt: skip
    entries = [{"number": n, "team": 1 if n <= 5 else 2, "field": side[n]} for n in range(1, 11)]
    entries[0]["name"], entries[5]["name"] = "A", "B"
    return team_file(results, entries)


def test_score_file_scores_odd_pairs_and_the_fraction_of_a_trick(score_file):
    match = score_file(d3_file())["team_match"]
    a, b = match["teams"]
    assert (a["name"], a["odd_pair_credit"], a["aggregate"], a["exact_aggregate"]) == (
        "A", 51, 312.0, 312.4,
    )  # fmt: skip
    assert (b["name"], b["odd_pair_credit"], b["aggregate"], b["exact_aggregate"]) == (
        "B", 53, 312.0, 311.6,
    )  # fmt: skip
    assert (a["margin"], a["by_fraction"], a["result"], a["winner"]) == (
        0, True, "won by the fraction of a trick", True,
    )  # fmt: skip
    assert b["result"] == "lost by the fraction of a trick"


def test_the_directions_can_come_from_the_results(score_file):
    data = d3_file()
    for entry in data["sections"][0]["entries"]:
        del entry["field"]
    match = score_file(data)["team_match"]
    assert [t["exact_aggregate"] for t in match["teams"]] == [312.4, 311.6]


@pytest.mark.parametrize(
    "spoil,where",
    [
        (lambda d: d["sections"][0]["entries"][9].pop("team"),
         r"sections\[0\]\.entries\[9\]\.team: missing: entry 10 plays for which team"),
        (lambda d: d["sections"][0]["entries"][9].update(team=1),
         r"sections\[0\]\.entries: the teams must be of the same number of pairs"),
        (lambda d: (d["sections"][0]["results"][3].update(ew=4),    # board 4: 1 v 8 → 1 v 4
                    d["sections"][0]["results"][27].update(ew=8)),  # board 4: 6 v 4 → 6 v 8
         r"sections\[0\]\.results\[3\]\.ew: board 4: pairs 1 and 4 both play for team 1"),
        (lambda d: d["event"].update(game="auction"),
         r"event\.scoring_method: tricks_teams scores a duplicate whist team match"),
    ],
)  # fmt: skip
def test_a_bad_team_file_names_the_place(score_file, spoil, where):
    data = d3_file()
    spoil(data)
    with pytest.raises(CommandError, match=where):
        score_file(data)


def test_a_file_without_teams_is_refused(score_file):
    data = two_table_file()
    del data["sections"][0]["movement"]
    with pytest.raises(CommandError, match=r"sections\[0\]\.entries: a whist team match needs"):
        score_file(data)


def test_import_keeps_teams_only_as_the_team_movement_seats_them(db):
    data = two_table_file()
    data["club"] = {"name": "Hastings", "slug": "hastings"}
    data["sections"][0]["entries"][2]["team"] = 2  # pair 3 is team 1's E-W pair
    with pytest.raises(InterchangeError, match=r"sections\[0\]\.entries\[2\]\.team"):
        import_session(data)
    assert not Session.objects.exists()
    data["sections"][0]["entries"][2]["team"] = 1
    session = import_session(data)
    match = recompute_standings(session).data["sections"][0]["team_match"]
    assert [(t["team"], t["margin"]) for t in match["teams"]] == [(1, 4), (2, -4)]


def test_import_refuses_a_team_match_without_the_team_movement(db):
    data = d3_file()
    data["club"] = {"name": "Hastings", "slug": "hastings"}
    with pytest.raises(InterchangeError, match=r"sections\[0\]\.movement: a whist team match"):
        import_session(data)
    assert not Session.objects.exists()
