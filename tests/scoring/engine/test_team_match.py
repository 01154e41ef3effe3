"""The duplicate whist team match (1894) through the Session API: method "tricks_teams".

Every expected figure is worked out by hand in the comments, from the law [000 L725–737]
(LAWS.md §6.1, D-1–D-3) — not from the engine.
"""

from __future__ import annotations

import json
from dataclasses import replace
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
from scoring.engine.team_match import team_match

# --- a small two-team match, by hand -------------------------------------------------------
# The team movement for 2 tables, 2 rounds of 2 boards: team 1 = pair 1 N-S at table 1 and
# pair 3 E-W at table 2; team 2 = pair 2 N-S at table 2 and pair 4 E-W at table 1.
#
#   board  table 1 (1 v 4)  table 2 (2 v 3)     tricks to N-S
#     1         8                6
#     2         7                7
#     3         9                5
#     4         4                6
#
# pair 1 (N-S): 8 + 7 + 9 + 4 = 28      pair 4 (E-W v 1): 5 + 6 + 4 + 9 = 24
# pair 2 (N-S): 6 + 7 + 5 + 6 = 24      pair 3 (E-W v 2): 7 + 6 + 8 + 7 = 28
# team 1 = 28 + 28 = 56, team 2 = 24 + 24 = 48; all tricks 8 deals × 13 = 104, half 52:
# team 1 has the majority and wins by 56 − 52 = 4 [000 L733].
TABLES = {1: (8, 7, 9, 4), 2: (6, 7, 5, 6)}
TEAMS = (TeamInfo(1, "Hastings", ns=(1,), ew=(3,)), TeamInfo(2, "Rye", ns=(2,), ew=(4,)))


def small_match(**changes) -> SessionInput:
    seats = {1: (1, 4), 2: (2, 3)}
    lines = tuple(
        ResultLine(board, *seats[table], table=table, tricks_ns=tricks)
        for table, row in TABLES.items()
        for board, tricks in enumerate(row, start=1)
    )
    return replace(SessionInput("whist", "tricks_teams", lines, teams=TEAMS), **changes)


def test_two_teams_by_hand():
    result = score_session(small_match())
    match = result.extras["team_match"]
    winner, loser = match.teams
    assert (match.total, match.mark) == (104, 52)
    assert (winner.team, winner.name, winner.tricks, winner.aggregate) == (1, "Hastings", 56, 56)
    assert (winner.rank, winner.result.margin, winner.describe(), winner.winner) == (
        "1", 4, "won by 4 tricks", True,
    )  # fmt: skip
    assert (loser.team, loser.aggregate, loser.result.margin, loser.describe()) == (
        2, 48, -4, "lost by 4 tricks",
    )  # fmt: skip
    assert [(p.entry, p.direction, p.score) for p in winner.pairs] == [
        (1, "NS", 28),
        (3, "EW", 28),
    ]
    assert winner.credit is None and not winner.result.by_fraction


def test_pairs_are_ranked_by_direction_alongside_the_teams():
    result = score_session(small_match())
    assert [f.name for f in result.fields] == ["NS", "EW"]
    assert [(s.entry, s.score) for s in result.field("NS").standings] == [(1, 28), (2, 24)]
    assert [(s.entry, s.score) for s in result.field("EW").standings] == [(3, 28), (4, 24)]


def test_a_revoke_is_penalised_in_the_team_form_before_the_aggregates():
    # Board 2, table 1: pair 1 (N-S) made 7 and revoked once. Team form [002 L4251–4263]:
    # 7 − 2 = 5, capped at the rounded N-S average on the deal, (7 + 7) / 2 = 7 → 5.
    # Pair 1 = 28 − 2 = 26, pair 4 = 24 + 2 = 26; team 1 = 26 + 28 = 54, team 2 = 24 + 26 = 50:
    # team 1 wins by 54 − 52 = 2.
    inp = small_match()
    revoked = tuple(
        replace(line, revokes_ns=1) if (line.board, line.table) == (2, 1) else line
        for line in inp.lines
    )
    match = score_session(replace(inp, lines=revoked)).extras["team_match"]
    assert [(t.team, t.aggregate, t.result.margin) for t in match.teams] == [
        (1, 54, 2),
        (2, 50, -2),
    ]
    # The pair form (±R bounded by the other table's 7) would leave 7: the conditions may say so.
    pair_form = replace(inp, lines=revoked, settings={"whist_revoke_form": "pair"})
    assert score_session(pair_form).extras["team_match"].teams[0].aggregate == 56


def test_the_json_carries_the_team_match():
    data = json.loads(json.dumps(score_session(small_match()).to_json()))
    match = data["team_match"]
    assert (match["rule"], match["total"], match["half"]) == ("two_teams", 104.0, 52.0)
    first = match["teams"][0]
    assert (first["team"], first["aggregate"], first["margin"], first["winner"]) == (
        1, 56.0, 4, True,
    )  # fmt: skip
    assert first["result"] == "won by 4 tricks" and first["pairs"][1]["direction"] == "EW"


def test_the_incremental_path_agrees():
    inp = small_match()
    first = score_session(inp)
    changed = tuple(
        replace(line, tricks_ns=13) if (line.board, line.table) == (4, 2) else line
        for line in inp.lines
    )
    new = replace(inp, lines=changed)
    again = rescore_board(first, new, 4)
    assert again.to_json() == score_session(new).to_json()
    # pair 2 gains 7 tricks on board 4 (6 → 13): team 2 = 55, team 1 = 49; team 2 wins by 3.
    assert [(t.team, t.result.margin) for t in again.extras["team_match"].teams] == [
        (2, 3), (1, -3),
    ]  # fmt: skip


# --- D-1, D-2, D-3 (LAWS.md §10.2) through the session ------------------------------------


def two_table_lines(table_1: list[int], table_2: list[int]) -> tuple[ResultLine, ...]:
    """Team A = pair 1 N-S at table 1 + pair 3 E-W at table 2; team B = pairs 2 and 4."""
    return tuple(ResultLine(b, 1, 4, tricks_ns=t) for b, t in enumerate(table_1, 1)) + tuple(
        ResultLine(b, 2, 3, tricks_ns=t) for b, t in enumerate(table_2, 1)
    )


def test_d1_two_team_match_through_the_session():
    # D-1: 24 deals at two tables = 624 tricks. N-S take 7 on every deal at table 1; at table 2
    # N-S take 7 on 18 deals and 6 on 6. Team A = 24 × 7 + (24 × 13 − (18 × 7 + 6 × 6))
    # = 168 + (312 − 162) = 318; B = 162 + 144 = 306. A wins by 318 − 312 = 6 [000 L733].
    lines = two_table_lines([7] * 24, [7] * 18 + [6] * 6)
    teams = (TeamInfo(1, "A", ns=(1,), ew=(3,)), TeamInfo(2, "B", ns=(2,), ew=(4,)))
    match = score_session(SessionInput("whist", "tricks_teams", lines, teams=teams)).extras[
        "team_match"
    ]
    a, b = match.teams
    assert (match.total, match.mark) == (624, 312)
    assert (a.name, a.aggregate, a.result.margin, a.describe()) == ("A", 318, 6, "won by 6 tricks")
    assert (b.name, b.aggregate, b.result.margin) == ("B", 306, -6)


def d2_lines() -> tuple[ResultLine, ...]:
    """Three tables, 12 deals each: A1 (1) v B2 (5), A2 (2) v B3 (6), B1 (4) v A3 (3).

    LAWS.md D-2's own pair figures (A1 82, A2 78, A3 74; B1 80, B2 78, B3 76) would put A1 and
    A3 at one table (82 + 74 = 156 = 12 × 13), a team playing itself, which a session refuses.
    These figures keep D-2's team shape, its direction totals (N-S 240, E-W 228), averages and
    aggregates: A1 82, A2 77, B1 81 (N-S 240, average 80); B2 = 156 − 82 = 74,
    B3 = 156 − 77 = 79, A3 = 156 − 81 = 75 (E-W 228, average 76).
    """
    per_table = {(1, 5): 82, (2, 6): 77, (4, 3): 81}
    lines = []
    for (ns, ew), total in per_table.items():
        tricks = [7] * 12  # 84, then take away tricks until the table's total is reached
        for i in range(84 - total):
            tricks[i] -= 1
        lines += [ResultLine(b, ns, ew, tricks_ns=t) for b, t in enumerate(tricks, 1)]
    return tuple(lines)


D2_TEAMS = (TeamInfo(1, "A", ns=(1, 2), ew=(3,)), TeamInfo(2, "B", ns=(4,), ew=(5, 6)))


def test_d2_odd_pairs_through_the_session():
    # A's odd pair sits N-S, so A adds the E-W average 76; B's sits E-W, so B adds the N-S
    # average 80 [000 L729]. A = 82 + 77 + 75 + 76 = 310; B = 81 + 74 + 79 + 80 = 314.
    # Total 624, half 312: B wins by 2.
    result = score_session(SessionInput("whist", "tricks_teams", d2_lines(), teams=D2_TEAMS))
    match = result.extras["team_match"]
    b, a = match.teams
    assert (a.tricks, a.credit, a.aggregate, a.result.margin) == (234, 76, 310, -2)
    assert (b.tricks, b.credit, b.aggregate, b.result.margin) == (234, 80, 314, 2)
    assert (match.total, match.mark, b.winner, b.describe()) == (624, 312, True, "won by 2 tricks")


def test_d2_with_the_laws_own_pair_figures():
    # LAWS.md D-2 exactly, given the pairs' scores: A = 82 + 78 + 74 + 76 = 310,
    # B = 80 + 78 + 76 + 80 = 314 → B wins by 2.
    scores = {1: 82, 2: 78, 3: 74, 4: 80, 5: 78, 6: 76}
    standings = {n: EntryInfoStanding(n, Fraction(s)) for n, s in scores.items()}
    match = team_match(D2_TEAMS, standings)
    assert [(t.name, t.aggregate, t.credit, t.result.margin) for t in match.teams] == [
        ("B", 314, 80, 2), ("A", 310, 76, -2),
    ]  # fmt: skip


class EntryInfoStanding:
    """The three things ``team_match`` reads from a pair's standing."""

    def __init__(self, entry: int, score: Fraction, boards_played: int = 12):
        self.entry, self.name, self.score, self.boards_played = entry, "", score, boards_played


def d3_lines() -> tuple[ResultLine, ...]:
    """Five tables, 8 deals: A's N-S pairs 1, 2, 3 v B's E-W 8, 9, 10 at tables 1–3; B's N-S
    pairs 6, 7 v A's E-W 4, 5 at tables 4–5. N-S tricks per table: 53, 53, 52, 53, 52."""
    per_table = {(1, 8): 53, (2, 9): 53, (3, 10): 52, (6, 4): 53, (7, 5): 52}
    lines = []
    for (ns, ew), total in per_table.items():
        tricks = [6] * 8  # 48, then add a trick to as many deals as the total needs
        for i in range(total - 48):
            tricks[i] += 1
        lines += [ResultLine(b, ns, ew, tricks_ns=t) for b, t in enumerate(tricks, 1)]
    return tuple(lines)


D3_TEAMS = (TeamInfo(1, "A", ns=(1, 2, 3), ew=(4, 5)), TeamInfo(2, "B", ns=(6, 7), ew=(8, 9, 10)))


def test_d3_fraction_of_a_trick_through_the_session():
    # N-S total 53 + 53 + 52 + 53 + 52 = 263, average 52.6; E-W 5 × 104 − 263 = 257, average
    # 51.4. A's own tricks: 53 + 53 + 52 + (104 − 53) + (104 − 52) = 261, + E-W average;
    # B's: 53 + 52 + (104 − 53) + (104 − 53) + (104 − 52) = 259, + N-S average.
    # Rounded [000 L737]: A = 261 + 51 = 312, B = 259 + 53 = 312, a tie on a half of 312.
    # Exact: A = 312.4, B = 311.6, so A wins "by the fraction of a trick" (D-3).
    match = score_session(SessionInput("whist", "tricks_teams", d3_lines(), teams=D3_TEAMS)).extras[
        "team_match"
    ]
    a, b = match.teams
    assert (a.name, a.tricks, a.credit, a.aggregate, a.exact_aggregate) == (
        "A", 261, 51, 312, Fraction(3124, 10),
    )  # fmt: skip
    assert (b.name, b.tricks, b.credit, b.aggregate, b.exact_aggregate) == (
        "B", 259, 53, 312, Fraction(3116, 10),
    )  # fmt: skip
    assert (a.result.margin, a.result.by_fraction, a.result.outcome) == (0, True, "won")
    assert (a.rank, b.rank, a.winner) == ("1", "2", True)
    assert a.describe() == "won by the fraction of a trick"
    assert b.describe() == "lost by the fraction of a trick"


# --- more than two teams ------------------------------------------------------------------
# The American whist movement for 3 teams (team k = N-S pair k, E-W pair 3 + k), 2 rounds of
# 2 boards; every board is played at two tables.
#   round 1: table 1 1 v 6 boards 1-2, table 2 2 v 4 boards 3-4, table 3 3 v 5 boards 5-6
#   round 2: table 1 1 v 5 boards 3-4, table 2 2 v 6 boards 5-6, table 3 3 v 4 boards 1-2
THREE = [
    (1, 1, 6, 8), (2, 1, 6, 7), (3, 2, 4, 5), (4, 2, 4, 6), (5, 3, 5, 8), (6, 3, 5, 7),
    (3, 1, 5, 9), (4, 1, 5, 7), (5, 2, 6, 6), (6, 2, 6, 9), (1, 3, 4, 6), (2, 3, 4, 7),
]  # fmt: skip
# pair 1: 8 + 7 + 9 + 7 = 31; pair 2: 5 + 6 + 6 + 9 = 26; pair 3: 8 + 7 + 6 + 7 = 28
# pair 4 (E-W v 2 and 3): 8 + 7 + 7 + 6 = 28; pair 5 (v 3 and 1): 5 + 6 + 4 + 6 = 21;
# pair 6 (v 1 and 2): 5 + 6 + 7 + 4 = 22.
# team 1 = 31 + 28 = 59, team 2 = 26 + 21 = 47, team 3 = 28 + 22 = 50; total 156,
# average 52 [000 L735]: team 1 wins by 7, team 3 loses by 2, team 2 loses by 5.
THREE_TEAMS = tuple(TeamInfo(k, f"Team {'XYZ'[k - 1]}", ns=(k,), ew=(3 + k,)) for k in (1, 2, 3))


def test_three_teams_against_the_average():
    lines = tuple(ResultLine(b, ns, ew, tricks_ns=t) for b, ns, ew, t in THREE)
    match = score_session(SessionInput("whist", "tricks_teams", lines, teams=THREE_TEAMS)).extras[
        "team_match"
    ]
    assert (match.total, match.mark, match.two_teams) == (156, 52, False)
    assert [(t.rank, t.team, t.aggregate, t.result.margin, t.describe()) for t in match.teams] == [
        ("1", 1, 59, 7, "won by 7 tricks"),
        ("2", 3, 50, -2, "lost by 2 tricks"),
        ("3", 2, 47, -5, "lost by 5 tricks"),
    ]
    assert [t.winner for t in match.teams] == [True, False, False]
    assert json.loads(json.dumps(match.to_json()))["average"] == 52.0


def test_a_board_not_played_leaves_a_rounded_average():
    # Board 6 at table 2 not played: 11 lines, total 143, team 1 = 59, team 2 = 26 + 21 − 9
    # = 38, team 3 = 28 + 22 − 4 = 46; average 143 / 3 = 47.67 → 48 [000 L737]: team 1 wins
    # by 11, team 3 loses by 2, team 2 by 10.
    lines = tuple(
        ResultLine(b, ns, ew, tricks_ns=t, not_played=(b, ns) == (6, 2)) for b, ns, ew, t in THREE
    )
    match = score_session(SessionInput("whist", "tricks_teams", lines, teams=THREE_TEAMS)).extras[
        "team_match"
    ]
    assert match.mark == 48
    assert [(t.team, t.aggregate, t.result.margin) for t in match.teams] == [
        (1, 59, 11), (3, 46, -2), (2, 38, -10),
    ]  # fmt: skip


def test_a_team_level_with_the_rounded_average_wins_by_the_fraction():
    # Aggregates 48, 50, 45: total 143, average 47.67 → 48 [000 L737]. Team 1 is level with the
    # rounded average but 1/3 above the true one: it wins "by the fraction of a trick".
    scores = {1: 30, 4: 18, 2: 25, 5: 25, 3: 20, 6: 25}
    standings = {n: EntryInfoStanding(n, Fraction(s)) for n, s in scores.items()}
    match = team_match(THREE_TEAMS, standings)
    first = match.team(1)
    assert (match.mark, first.aggregate, first.result.margin) == (48, 48, 0)
    assert (first.result.exact, first.describe()) == (
        Fraction(1, 3), "won by the fraction of a trick",
    )  # fmt: skip
    assert [(t.team, t.result.margin) for t in match.teams] == [(2, 2), (1, 0), (3, -3)]


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change,field,words",
    [
        ({"game": "contract"}, "method", "imps_teams"),
        ({"teams": ()}, "teams", "needs its teams"),
        ({"teams": TEAMS[:1]}, "teams", "at least 2 teams"),
        (
            {"teams": (TEAMS[0], TeamInfo(2, "Rye", ns=(2, 5), ew=(4,)))},
            "teams",
            "same number of pairs",
        ),
        (
            {"teams": (TeamInfo(1, ns=(1, 3)), TeamInfo(2, ns=(2, 4)))},
            "teams",
            "as near thereto as possible",
        ),
        ({"teams": (TeamInfo(1, ns=(1,), ew=(3,)), TeamInfo(2, ns=(2,), ew=(3,)))}, "teams", "also in team 1"),
        ({"teams": (TeamInfo(1, ns=(1,), ew=(4,)), TeamInfo(2, ns=(2,), ew=(3,)))}, "ew", "both play for team 1"),
        ({"teams": (TeamInfo(1, ns=(1,), ew=(3,)), TeamInfo(2, ns=(4,), ew=(2,)))}, "ew", "pair 4 sits N-S for team 2, not E-W"),
        ({"teams": (TeamInfo(1, ns=(1,), ew=(3,)), TeamInfo(2, ns=(2,), ew=(5,)))}, "ew", "pair 4 plays for no team"),
    ],
)  # fmt: skip
def test_bad_team_input_is_refused_naming_the_field(change, field, words):
    with pytest.raises(ScoringError) as info:
        score_session(small_match(**change))
    assert info.value.field == field and words in info.value.message
    assert isinstance(info.value, ValueError)


def test_a_bad_line_names_its_board():
    teams = (TeamInfo(1, ns=(1,), ew=(4,)), TeamInfo(2, ns=(2,), ew=(3,)))
    with pytest.raises(ScoringError, match=r"board 1: pairs 1 and 4 both play for team 1"):
        score_session(small_match(teams=teams))


def test_entries_without_results_and_no_teams_score_nothing():
    inp = SessionInput("whist", "tricks_teams", (), entries=(EntryInfo(1), EntryInfo(2)))
    result = score_session(inp)
    assert "team_match" not in result.extras and "team_match" not in result.to_json()
