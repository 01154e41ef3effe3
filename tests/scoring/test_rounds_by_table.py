"""A table's rounds, built once per movement (``scoring.inputs.rounds_by_table``) for the table
page, its POST and its offline queue, against the plays read one by one, and the copies the
table page gets (``scoring.results.selectors.table_rounds``) its own to change."""

import pytest

from scoring.inputs import rounds_by_table, scheduled_plays
from tournament.movements import build, build_individual_kind


def _one_by_one(movement, table: int) -> list[dict]:
    """Every play at ``table``, gathered round by round: the reference."""
    rounds: dict[int, dict] = {}
    for board, plays in scheduled_plays(movement).items():
        for play in plays:
            if play.table == table:
                item = rounds.setdefault(play.round, {"round": play.round, "ns": play.ns,
                                                      "ew": play.ew, "boards": []})  # fmt: skip
                item["boards"].append(board)
    return [dict(rounds[r], boards=sorted(rounds[r]["boards"])) for r in sorted(rounds)]


MOVEMENTS = [
    ("mitchell", {"pairs": 14, "boards_per_round": 2}),
    ("mitchell", {"pairs": 13, "boards_per_round": 3}),  # a sit-out: a phantom pair
    ("skip-mitchell", {"tables": 8, "boards_per_round": 2}),
    ("howell", {"pairs": 10, "boards_per_round": 2}),
    ("howell", {"pairs": 9, "boards_per_round": 3}),
]


@pytest.mark.parametrize("kind,options", MOVEMENTS)
def test_each_tables_rounds_are_its_plays(kind, options):
    movement = build(kind, **options)
    tables = {p.table for plays in scheduled_plays(movement).values() for p in plays}
    kept = rounds_by_table(movement)
    assert set(kept) == tables
    for table in sorted(tables) + [max(tables) + 1]:
        assert kept.get(table, []) == _one_by_one(movement, table)
    assert rounds_by_table(movement) is kept  # built once per movement


def test_an_individual_movement_by_its_n_and_e_players():
    movement = build_individual_kind("individual", 8, None, 2)
    for table in {s.table for rnd in movement.rounds for s in rnd.tables}:
        assert rounds_by_table(movement).get(table, []) == _one_by_one(movement, table)


@pytest.mark.django_db
def test_the_table_page_gets_copies_it_may_change(session, club):
    from scoring.results.selectors import table_rounds
    from tests.players.conftest import make_section

    section = make_section(session, club, 3)
    first = table_rounds(section, 1)
    assert first == _one_by_one(section.get_movement(), 1) and first
    first[0]["boards"].append(99)
    first[0]["round"] = 42
    assert table_rounds(section, 1) == _one_by_one(section.get_movement(), 1)
