"""Whist-tournament schedules, Rainbow and the golden individual files (MOVEMENTS.md §6)."""

import json

import pytest

from tests import published
from tournament.movements.base import Movement, MovementError, Round, Seating
from tournament.movements.individual import (
    SEED_DIAGRAMS,
    STARTERS_FILE,
    build_individual,
    build_rainbow,
    nearest_choices,
    starter,
)
from tournament.movements.individual_checks import check_individual, lho_rho_balance, meetings
from tournament.movements.individual_search import balanced_classes, group_for

TESTDATA = published.TESTDATA / "movements"
VALID = [n for n in range(8, 41) if n % 4 in (0, 1)]
STARTERS = json.loads(STARTERS_FILE.read_text())

# LAWS.md §4.6: full rotation tables, rows = rounds, per table (N, S, E, W).
SEED_8 = [
    "5 7 1 8 4 3 6 2",
    "4 6 7 8 3 2 5 1",
    "3 5 6 8 2 1 4 7",
    "2 4 5 8 1 7 3 6",
    "1 3 4 8 7 6 2 5",
    "7 2 3 8 6 5 1 4",
    "6 1 2 8 5 4 7 3",
]
SEED_12 = [
    "9 2 1 12 6 8 4 3 7 10 11 5",
    "8 1 11 12 5 7 3 2 6 9 10 4",
    "7 11 10 12 4 6 2 1 5 8 9 3",
    "6 10 9 12 3 5 1 11 4 7 8 2",
    "5 9 8 12 2 4 11 10 3 6 7 1",
    "4 8 7 12 1 3 10 9 2 5 6 11",
    "3 7 6 12 11 2 9 8 1 4 5 10",
    "2 6 5 12 10 1 8 7 11 3 4 9",
    "1 5 4 12 9 11 7 6 10 2 3 8",
    "11 4 3 12 8 10 6 5 9 1 2 7",
    "10 3 2 12 7 9 5 4 8 11 1 6",
]
SEED_16 = [
    "9 5 1 16 14 13 11 4 10 7 6 12 3 8 15 2",
    "8 4 15 16 13 12 10 3 9 6 5 11 2 7 14 1",
    "7 3 14 16 12 11 9 2 8 5 4 10 1 6 13 15",
    "6 2 13 16 11 10 8 1 7 4 3 9 15 5 12 14",
    "5 1 12 16 10 9 7 15 6 3 2 8 14 4 11 13",
    "4 15 11 16 9 8 6 14 5 2 1 7 13 3 10 12",
    "3 14 10 16 8 7 5 13 4 1 15 6 12 2 9 11",
    "2 13 9 16 7 6 4 12 3 15 14 5 11 1 8 10",
    "1 12 8 16 6 5 3 11 2 14 13 4 10 15 7 9",
    "15 11 7 16 5 4 2 10 1 13 12 3 9 14 6 8",
    "14 10 6 16 4 3 1 9 15 12 11 2 8 13 5 7",
    "13 9 5 16 3 2 15 8 14 11 10 1 7 12 4 6",
    "12 8 4 16 2 1 14 7 13 10 9 15 6 11 3 5",
    "11 7 3 16 1 15 13 6 12 9 8 14 5 10 2 4",
    "10 6 2 16 15 14 12 5 11 8 7 13 4 9 1 3",
]


def test_every_size_from_8_to_40_has_a_schedule():
    assert set(VALID) == set(SEED_DIAGRAMS) | {int(k) for k in STARTERS}


@pytest.mark.parametrize("players", VALID)
def test_partner_once_oppose_twice(players):
    mv = build_individual(players)
    assert check_individual(mv) == []
    assert mv.individual and mv.kind == "individual"
    assert mv.round_count == (players - 1 if players % 4 == 0 else players)
    if players % 4 == 1:
        sitters = [p for rnd in mv.rounds for p in rnd.sit_out]
        assert sorted(sitters) == list(range(1, players + 1))


@pytest.mark.parametrize(("players", "table"), [(8, SEED_8), (12, SEED_12), (16, SEED_16)])
def test_seed_rotation_tables(players, table):
    mv = build_individual(players)
    got = [" ".join(str(x) for st in r.tables for x in (st.n, st.s, st.e, st.w)) for r in mv.rounds]
    assert got == table


@pytest.mark.parametrize("players", sorted(SEED_DIAGRAMS))
def test_seed_diagrams_round_one(players):
    mv = build_individual(players)
    for st, (n, s, e, w) in zip(mv.rounds[0].tables, SEED_DIAGRAMS[players], strict=True):
        assert (st.n, st.s, st.e, st.w) == (n, s, e, w or players)


def test_eight_player_lho_rho_matches_movements_md():
    assert build_individual(8).balance == {"opposing_pairs": 28, "lho_rho_uneven": 14}


def test_lho_rho_balanced_where_search_found_directed_starter():
    assert build_individual(9).balance["lho_rho_uneven"] == 0


@pytest.mark.parametrize("players", [n for n in VALID if n % 4 == 1])
def test_every_sit_out_size_is_fully_directed(players):
    """Every opponent once on the left and once on the right (I8), and the file says so."""
    assert build_individual(players).balance["lho_rho_uneven"] == 0
    assert STARTERS[str(players)]["directed"] is True


def test_directed_flag_only_on_sit_out_sizes():
    assert all(int(k) % 4 == 1 for k, v in STARTERS.items() if v["directed"])


@pytest.mark.parametrize("players", [n for n in VALID if n % 4 == 0])
def test_pivot_sizes_cannot_be_fully_balanced(players):
    """With a pivot the left-hand differences sum to −a + b ≠ 0, so some pair is uneven."""
    assert build_individual(players).balance["lho_rho_uneven"] > 0


@pytest.mark.parametrize("players", [20, 24, 28, 32, 36])
def test_searched_pivot_sizes_balance_as_many_classes_as_a_pivot_allows(players):
    group, _ = group_for(players)
    assert balanced_classes(group, list(starter(players))) == group.order - 3


def test_starter_notes_say_where_it_came_from():
    assert "primitive root" in build_individual(29).notes[0]
    assert "seed diagram" in build_individual(16).notes[0]


def test_json_roundtrip_and_boards():
    mv = build_individual(12, boards_per_round=2)
    data = mv.to_json()
    assert data["schedule"][0]["tables"][0].keys() >= {"n", "s", "e", "w"}
    assert Movement.from_json(data).to_json() == data
    assert mv.total_boards == 22


def _golden(name):
    data = json.loads((TESTDATA / f"{name}.json").read_text())
    rounds = tuple(
        Round(
            number=r["round"],
            tables=tuple(
                Seating(
                    table=t["table"],
                    n=t["n"],
                    s=t["s"],
                    e=t["e"],
                    w=t["w"],
                    set=t.get("set"),
                    boards=tuple(t.get("boards") or ()),
                )
                for t in r["tables"]
            ),
        )
        for r in data["rounds_data"]
    )
    mv = Movement(
        kind="individual",
        tables=data["tables"],
        boards_per_round=1,
        rounds=rounds,
        participants=tuple(data["participants"]),
        individual=True,
        share_sets=True,
    )
    return data, mv


GOLDEN = [
    "individual-8p-versloot",
    "individual-12p-versloot",
    "individual-16p-versloot",
    "individual-8p-bridgescorer",
    "individual-12p-bridgescorer",
]


@published.golden
@pytest.mark.parametrize("name", GOLDEN)
def test_golden_invariants(name):
    data, mv = _golden(name)
    oppose = 2 if data["expected"]["oppose"] == "exactly_twice" else None
    assert check_individual(mv, partner=1, oppose=oppose) == []
    partners, _ = meetings(mv)
    assert set(partners.values()) == {1}


@published.golden
@pytest.mark.parametrize("name", ["individual-8p-versloot", "individual-8p-bridgescorer"])
def test_golden_8_same_partnerships_as_seed(name):
    _, golden = _golden(name)
    seed = build_individual(8)
    first = {frozenset(p) for st in golden.rounds[0].tables for p in ((st.n, st.s), (st.e, st.w))}
    assert first == {frozenset(x) for x in ({8, 1}, {2, 6}, {3, 4}, {5, 7})}
    assert meetings(seed)[0].keys() == meetings(golden)[0].keys()


@published.golden
def test_bridgescorer_12_opponents_unbalanced():
    _, mv = _golden("individual-12p-bridgescorer")
    assert set(meetings(mv)[1].values()) != {2}
    assert lho_rho_balance(mv)["opposing_pairs"] > 0


@pytest.mark.parametrize("players", [44, 45, 60])
def test_beyond_forty_players_offers_rainbow_and_sections(players):
    with pytest.raises(MovementError) as err:
        build_individual(players)
    text = str(err.value)
    assert "8 to 40 players" in text and "Rainbow individual of" in text
    assert "two sections" in text and "40 players" in text


@pytest.mark.parametrize("players", [10, 11, 14, 7, 3])
def test_bad_player_count_message(players):
    with pytest.raises(MovementError) as err:
        build_individual(players)
    assert "mod 4" in str(err.value)


def test_ten_players_offers_nearest_choices():
    text = nearest_choices(10)
    assert "8 or 12 players" in text
    assert "9 or 13 players with a sit-out" in text
    assert "three-hand" in text


@pytest.mark.parametrize("tables", [5, 7, 11, 13])
def test_rainbow(tables):
    mv = build_rainbow(tables)
    assert mv.fields == 4 and mv.round_count == tables
    assert check_individual(mv) == []


@pytest.mark.parametrize("tables", [3, 4, 6, 9])
def test_rainbow_needs_prime(tables):
    with pytest.raises(MovementError, match="prime"):
        build_rainbow(tables)


@pytest.mark.parametrize("players", [8, 9, 12, 13, 16, 20, 21])
def test_generic_checks_p1_p2_p5_p6_p7(players):
    checks = pytest.importorskip("tournament.movements.checks")
    found = checks.violations(build_individual(players))
    # n ≡ 1 (mod 4): the round's sit-out is listed in Round.sit_out, not as a phantom
    assert [v for v in found if "is not seated" not in v] == []
