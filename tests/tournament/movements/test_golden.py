"""Golden tests against the published movements in ../shared/testdata/movements/.

Each pair movement is loaded, checked (MOVEMENTS.md §4) and balanced (§5); the uniformity
U must reproduce the published table of §3 (and read at most 6 points under the NBB Qf of
an incomplete movement).  Generated Mitchells must equal the published ones up to pair
renumbering; generated Howells must be at least as balanced as every published one.
"""

import json
from pathlib import Path

import pytest

from tests.published import TESTDATA, cases, golden
from tournament.movements import build
from tournament.movements.base import Movement, Round, Seating
from tournament.movements.checks import balance, violations

DATA = TESTDATA / "movements"
pytestmark = golden


def files(wanted=lambda data: True) -> list:
    """The published pair movements whose JSON satisfies ``wanted`` (read at collection)."""

    def load():
        for path in sorted(DATA.glob("*.json")):
            data = json.loads(path.read_text())
            if data["kind"] == "pairs" and wanted(data):
                yield path

    return cases(load)


FILES = files()
MEET = {
    "all_exactly_once": "exactly_once",
    "all_at_most_once": "at_most_once",
    "all_exactly_twice": "twice",
    "ns_vs_ew_at_most_once": "cross_lines_at_most_once",
}
# MOVEMENTS.md §3: measured U of the published complete Howells.
PUBLISHED_U = {
    "howell-2t-nbb": 100, "howell-2t-acbl": 100, "howell-3t-nbb": 60, "howell-3t-bridgette": 60,
    "howell-3t-bridgescorer": 100, "howell-4t-acbl": 100, "howell-4t-nbb": 100,
    "howell-4t-nbb-tablecard": 100, "howell-4t-bridgette": 100, "howell-4t-bridgescorer": 100,
    "howell-4t-nl-gen": 100, "howell-4t-nbb-mpx-unbalanced": 84, "howell-5t-nbb": 83.33,
    "howell-5t-nbb-tablecard": 83.33, "howell-5t-bridgette": 83.33,
    "howell-5t-bridgescorer": 83.33, "howell-6t-nbb-tablecard": 100, "howell-6t-bridgette": 100,
    "howell-6t-bridgescorer": 100, "howell-7t-bridgescorer": 91.30, "howell-7t-nl-gen": 91.30,
}  # fmt: skip


def load(path: Path) -> tuple[dict, Movement]:
    data = json.loads(path.read_text())
    rounds = tuple(
        Round(
            r["round"],
            tuple(
                Seating(table=t["table"], ns=t["ns"], ew=t["ew"], set=t.get("set"),
                        boards=tuple(t.get("boards", ())))
                for t in r["tables"]
            ),
        )
        for r in data["rounds_data"]
    )  # fmt: skip
    expected = data["expected"]
    movement = Movement(
        kind=data["family"],
        tables=data["tables"],
        boards_per_round=1,
        rounds=rounds,
        participants=tuple(data["participants"]),
        fields=2 if expected.get("two_field") else 1,
        share_sets=expected["share_sets"],
        meet=MEET[expected["meet"]],
    )
    return data, movement


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_published_movement_passes_the_checks(path):
    _, movement = load(path)
    assert violations(movement) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_balance_reproduces_the_published_figures(path):
    data, movement = load(path)
    u = balance(movement)["U"]
    if data["id"] in PUBLISHED_U:
        assert u == pytest.approx(PUBLISHED_U[data["id"]], abs=0.01)
    if "published_balance_Qf" in data:
        assert 0 <= data["published_balance_Qf"] - u <= 6


COMPLETE_HOWELLS = files(
    lambda d: d["family"] == "howell" and MEET[d["expected"]["meet"]] == "exactly_once"
)


@pytest.mark.parametrize("path", COMPLETE_HOWELLS, ids=lambda p: p.stem)
def test_generated_howell_is_at_least_as_balanced(path):
    data, published = load(path)
    ours = build("howell", tables=data["tables"])
    assert ours.balance["U"] >= balance(published)["U"] - 1e-9 or data["tables"] == 3


def shape(movement: Movement) -> list:
    """The structure up to renumbering: pairs named by their round-1 seat."""
    name = {}
    for st in movement.rounds[0].tables:
        name[st.ns], name[st.ew] = ("NS", st.table), ("EW", st.table)
    return [
        sorted((st.table, name[st.ns], name[st.ew], st.set) for st in rnd.tables)
        for rnd in movement.rounds
    ]


MITCHELL_KIND = {
    "mitchell": "mitchell",
    "relay_bye_mitchell": "relay-bye",
    "arrow_switch_mitchell": "arrow-switch",
}


# ACBL's Mitchells move E-W the other way round: compared on balance (next test).
MITCHELLS_WITH_SETS = files(
    lambda d: (
        d["family"] in MITCHELL_KIND
        and d["rounds_data"][0]["tables"][0].get("set") is not None
        and "acbl" not in d["id"]
    )
)


@pytest.mark.parametrize("path", MITCHELLS_WITH_SETS, ids=lambda p: p.stem)
def test_generated_mitchell_reproduces_the_published_one(path):
    data, published = load(path)
    kind = MITCHELL_KIND[data["family"]]
    ours = build(kind, tables=data["tables"])
    assert shape(ours) == shape(published)
    assert ours.balance["U"] == balance(published)["U"]


def test_acbl_5_table_mitchell_has_our_balance():
    _, published = load(DATA / "mitchell-5t-acbl.json")
    assert balance(published)["U"] == build("mitchell", tables=5).balance["U"]


def test_three_quarter_howell_6_tables_9_rounds():
    data, published = load(DATA / "three-quarter-howell-6t-9r-nbb.json")
    ours = build("howell", tables=6, rounds=9)
    assert ours.kind == "three-quarter-howell" and ours.round_count == 9
    assert violations(ours) == []
    # The fixed-pair form: one copy of the boards and better balanced than the NBB's.
    assert not ours.share_sets and len(ours.board_sets) == 9
    assert ours.balance["U"] > balance(published)["U"]
