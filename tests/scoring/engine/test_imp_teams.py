"""Teams of four at IMPs in the Session API (method ``imps_teams``): the rooms found through
the teams, the teams' IMPs and the victory points of each match, worked out by hand.

The boards are those of tests/scoring/test_imps_teams_services.py: team 1 takes +10, 0, +11
and −15 IMPs (board 1: 420 v −50; board 2: 600 v 600; board 3: −110 v −620; board 4: −500 v
620), so it wins by 6 IMPs, 13.28 VPs to 6.72 over 4 boards (15·√4 = 30, τ^(3·6/30) = 0.74924).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.engine.session import (
    EntryInfo,
    ResultLine,
    ScoringError,
    SessionInput,
    TeamInfo,
    rescore_board,
    score_session,
)

# (board, room 1 line, room 2 line): (contract, declarer, tricks)
BOARDS = [
    (1, ("4S", "N", 10), ("4S", "N", 9)),
    (2, ("3NT", "S", 9), ("3NT", "S", 9)),
    (3, ("2H", "E", 8), ("4H", "W", 10)),
    (4, ("3NTX", "N", 7), ("4S", "S", 10)),
]
# Team 1 = pair 1 N-S and pair 3 E-W; team 2 = pair 2 N-S and pair 4 E-W (the team movement).
TEAMS = (TeamInfo(1, "Hastings", ns=(1,), ew=(3,)), TeamInfo(2, "Rye", ns=(2,), ew=(4,)))


def line(board, ns, ew, result) -> ResultLine:
    contract, declarer, tricks = result
    return ResultLine(board, ns, ew, contract=contract, declarer=declarer, tricks=tricks)


def pair_match() -> SessionInput:
    """Room 1: pair 1 (team 1) v pair 4 (team 2); room 2: pair 2 (team 2) v pair 3 (team 1)."""
    lines = tuple(x for b, one, two in BOARDS for x in (line(b, 1, 4, one), line(b, 2, 3, two)))
    entries = (EntryInfo(1, "Hastings", "NS"), EntryInfo(2, "Rye", "NS"), EntryInfo(3, "", "EW"),
               EntryInfo(4, "", "EW"))  # fmt: skip
    return SessionInput("contract", "imps_teams", lines, entries, teams=TEAMS)


def team_entries_match() -> SessionInput:
    """The same match with each entry a team: team 1 sits N-S in room 1 and E-W in room 2."""
    lines = tuple(x for b, one, two in BOARDS for x in (line(b, 1, 2, one), line(b, 2, 1, two)))
    entries = (EntryInfo(1, "Hastings"), EntryInfo(2, "Rye"))
    return SessionInput("contract", "imps_teams", lines, entries)


@pytest.mark.parametrize("make", [pair_match, team_entries_match])
def test_the_rooms_are_compared_and_the_match_scored(make):
    result = score_session(make())
    teams = result.extras["imp_teams"]
    assert [(t.rank, t.team, t.name, t.imps, t.describe()) for t in teams.teams] == [
        ("1", 1, "Hastings", 6, "won by 6 IMPs"), ("2", 2, "Rye", -6, "lost by 6 IMPs"),
    ]  # fmt: skip
    assert result.extras["vp"] == {1: Decimal("13.28"), 2: Decimal("6.72")}
    first = teams.team(1).matches
    assert [(m.opponent, m.boards, m.imps, m.margin) for m in first] == [(2, 4, 6, 6)]
    assert [line.ns_points for line in result.boards[1].lines] == [10, -10]


def test_a_pair_scores_the_imps_of_its_boards_and_a_team_entry_half_its_lines():
    pairs = score_session(pair_match())
    assert {n: pairs.standing(n).score for n in (1, 2, 3, 4)} == {1: 6, 2: -6, 3: 6, 4: -6}
    teams = score_session(team_entries_match())
    assert {n: teams.standing(n).score for n in (1, 2)} == {1: 6, 2: -6}


def test_the_vp_margin_is_the_match_margin_not_twice_it():
    """Over 2 boards, 10 IMPs give 16.46 VPs (15·√2 = 21.21; 3·10/21.21 = 1.414; τ^1.414 =
    0.5064; 10 + 10·0.4936/0.7639 = 16.46), not the 20 − 0 of a 20-IMP margin."""
    lines = tuple(
        ResultLine(b, ns, ew, contract="4S", declarer="N", tricks=t)
        for b, ns, ew, t in ((1, 1, 2, 10), (1, 2, 1, 9), (2, 1, 2, 9), (2, 2, 1, 9))
    )
    result = score_session(SessionInput("contract", "imps_teams", lines))
    assert result.extras["vp"] == {1: Decimal("16.46"), 2: Decimal("3.54")}


def test_an_artificial_score_in_both_rooms_counts_once():
    """Board 1 given +3 IMPs to team 1 (Law 86A) in both rooms: team 1 = 3 + 0 + 11 − 15."""
    inp = pair_match()
    lines = tuple(
        replace(x, contract=None, declarer=None, tricks=None,
                adjusted="+3/-3" if x.ns == 1 else "-3/+3") if x.board == 1 else x
        for x in inp.lines
    )  # fmt: skip
    result = score_session(replace(inp, lines=lines))
    assert [x.display for x in result.boards[1].lines] == ["+3/-3", "-3/+3"]
    teams = result.extras["imp_teams"]
    assert [(t.team, t.imps) for t in teams.teams] == [(2, 1), (1, -1)]
    assert teams.team(1).boards_played == 4


def test_a_board_in_one_room_only_is_not_compared_yet():
    inp = pair_match()
    lines = tuple(x for x in inp.lines if not (x.board == 4 and x.ns == 2))
    teams = score_session(replace(inp, lines=lines)).extras["imp_teams"]
    # boards 1-3 only: team 1 +21 IMPs over 3 boards
    assert [(t.team, t.imps, t.boards_played) for t in teams.teams] == [(1, 21, 3), (2, -21, 3)]
    assert teams.team(1).matches[0].boards == 3


def test_rescoring_one_board_equals_scoring_the_session():
    inp = pair_match()
    before = score_session(inp)
    changed = tuple(
        replace(x, tricks=9) if (x.board, x.ns) == (4, 2) else x for x in inp.lines
    )  # 4S S 9 tricks vulnerable: −100, so board 4 is −400 → −9 and team 1 wins by 12
    after = rescore_board(before, replace(inp, lines=changed), 4)
    assert after == score_session(replace(inp, lines=changed))
    assert after.extras["imp_teams"].team(1).imps == 12


@pytest.mark.parametrize(
    "lines,teams,field,words",
    [
        ((line(1, 1, 2, ("4S", "N", 10)), line(1, 1, 2, ("4S", "N", 9))), (), "ew",
         "board 1: team 1 N-S v team 2 E-W has two results"),
        ((line(1, 1, 4, ("4S", "N", 10)), line(1, 1, 3, ("4S", "N", 9))), TEAMS, "ns",
         "board 1: entry 1 has two results"),
        ((line(1, 1, 3, ("4S", "N", 10)),), TEAMS, "ew", "pairs 1 and 3 both play for team 1"),
        ((line(1, 1, 5, ("4S", "N", 10)),), TEAMS, "ew", "pair 5 plays for no team"),
        ((line(1, 1, 4, ("4S", "N", 10)),), TEAMS[:1], "teams", "at least 2 teams"),
    ],
)  # fmt: skip
def test_bad_team_input_is_refused_naming_the_field(lines, teams, field, words):
    with pytest.raises(ScoringError) as info:
        score_session(SessionInput("contract", "imps_teams", lines, teams=teams))
    assert info.value.field == field and words in info.value.message


def test_to_json_carries_the_teams():
    out = score_session(pair_match()).to_json()["imp_teams"]["teams"]
    assert out[0] == {
        "rank": "1", "team": 1, "name": "Hastings", "imps": 6.0, "vp": 13.28,
        "result": "won by 6 IMPs", "winner": True, "boards_played": 4,
        "pairs": [{"entry": 1, "name": "Hastings", "direction": "NS", "imps": 6.0, "boards_played": 4},
                  {"entry": 3, "name": "", "direction": "EW", "imps": 6.0, "boards_played": 4}],
        "matches": [{"opponent": 2, "boards": 4, "imps": 6.0, "vp": 13.28}],
    }  # fmt: skip
    assert Fraction(out[1]["imps"]) == -6
