"""Teams, build() dispatch and JSON, recommend, master sheet."""

import pytest

from tournament.movements import BUILDERS, build
from tournament.movements.base import Movement, MovementError
from tournament.movements.checks import check_teams, violations
from tournament.movements.recommend import describe, recommend
from tournament.movements.teams import team_pairs
from tournament.movements.text import master_sheet


def test_two_team_match_exchanges_boards():
    m = build("team", tables=2, rounds=2)
    one, two = m.round(1), m.round(2)
    assert (one.table(1).set, one.table(2).set) == (two.table(2).set, two.table(1).set)
    assert check_teams(m) == []


@pytest.mark.parametrize("teams", range(3, 31, 2))
def test_american_whist_every_match_on_the_same_boards(teams):
    m = build("team", tables=teams)
    assert m.round_count == teams - 1 and check_teams(m) == [] and violations(m) == []


@pytest.mark.parametrize(
    ("tables", "expected"),
    [
        (2, {1: ((1,), (3,)), 2: ((2,), (4,))}),  # "highest two ... partners with the lowest two"
        (3, {1: ((1,), (4,)), 2: ((2,), (5,)), 3: ((3,), (6,))}),  # team k = pairs k and T+k
    ],
)
def test_team_pairs_read_the_teams_off_the_movement(tables, expected):
    m = build("team", tables=tables, rounds=2 if tables == 2 else None)
    assert team_pairs(m) == expected
    # no pair ever meets its own team-mates
    home = {p: k for k, (ns, ew) in expected.items() for p in ns + ew}
    assert all(home[st.ns] != home[st.ew] for rnd in m.rounds for st in rnd.tables)
    assert team_pairs(build("mitchell", tables=3)) == {}


@pytest.mark.parametrize(("tables", "hint"), [(4, "bye team"), (2, "even number of rounds")])
def test_team_bad_input(tables, hint):
    rounds = 3 if tables == 2 else None
    with pytest.raises(MovementError, match=hint):
        build("team", tables=tables, rounds=rounds)


def test_unknown_kind_lists_the_kinds():
    with pytest.raises(MovementError, match="howell"):
        build("safari", tables=3)
    assert {"mitchell", "skip-mitchell", "relay-bye", "arrow-switch", "howell", "team"} <= set(
        BUILDERS
    )


@pytest.mark.parametrize("kind", ["mitchell", "arrow-switch", "howell"])
def test_json_round_trip(kind):
    m = build(kind, pairs=13, boards_per_round=3)
    data = m.to_json()
    assert data["schedule"][0]["tables"][0]["boards"] == list(
        m.board_sets[data["schedule"][0]["tables"][0]["set"]]
    )
    again = Movement.from_json(data)
    assert again.to_json() == data and violations(again) == []


def test_recommend_13_pairs_at_7_25():
    options = recommend(13, minutes=180, limit=12)  # the rover's three sizes come first
    assert options and all(o.minutes <= 180 and o.sit_out for o in options)
    assert {o.kind for o in options} >= {"mitchell", "howell", "rover-mitchell"}
    assert all(o.tables == (6 if o.kind == "rover-mitchell" else 7) for o in options)
    assert "| movement |" in describe(options)


def test_recommend_with_fixed_boards_per_round():
    options = recommend(20, target_boards=27, boards_per_round=3)
    assert all(o.boards_per_round == 3 for o in options)
    assert options[0].boards_played == 27


def test_master_sheet_names_relay_bye_and_skip():
    relay = master_sheet(build("relay-bye", tables=6))
    assert "Bye stand: between tables 3 and 4" in relay and "tables 1 and 6" in relay
    skip = master_sheet(build("skip-mitchell", tables=8))
    assert "skip one table after round 4" in skip
    arrow = master_sheet(build("arrow-switch", tables=5))
    assert "round(s): 5" in arrow and "*" in arrow
    howell = master_sheet(build("howell", pairs=13))
    assert "Phantom: pair 14" in howell and "Rd" in howell
