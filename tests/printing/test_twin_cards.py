"""Personal cards name the copy of the boards (a web Mitchell's "copy A"/"copy B",
``Movement.copy_of``) and, in twin sections, the other section's table sharing them ("share
with table A2", ``tournament.movements.sections``), round by round, as the table cards do."""

from __future__ import annotations

import re

from tournament.movements import build
from tournament.movements.sections import shared_tables, table_map
from tournament.printing.documents import generate
from tournament.printing.documents.moves import movers, place_of

from .test_documents import data, pages


def cards(text: str, movement) -> dict[int, str]:
    """Each moving pair's card text, by pair number (cards follow ``movers``' order)."""
    who = [p for p in movers(movement) if p != movement.phantom]
    starts = [text.index(f"\nPair {p}\n") if f"\nPair {p}\n" in text else text.index(f"Pair {p}\n")
              for p in who]  # fmt: skip
    ends = starts[1:] + [len(text)]
    return {p: text[s:e] for p, s, e in zip(who, starts, ends, strict=True)}


def test_web_mitchell_personal_cards_name_the_copy_every_round():
    movement = build("web-mitchell", tables=6, boards_per_round=3)
    text = "\n" + "\n".join(pages(generate("personal-cards", data(movement))[2]))
    found = cards(text, movement)
    assert found  # the E-W pairs move
    for pair, card in found.items():
        want = []
        for rnd in movement.rounds:
            place = place_of(movement, rnd, pair)
            if place is not None:
                want.append(f"copy {movement.copy_of(place.table)}")
        assert re.findall(r"copy [AB]", card) == want, (pair, card)
    assert {"copy A", "copy B"} <= set(re.findall(r"copy [AB]", text))  # both copies named


def test_twin_section_personal_cards_say_which_table_shares_the_boards():
    a = build("mitchell", tables=3, boards_per_round=3)
    b = build("mitchell", tables=3, boards_per_round=3)
    # section B's marks, as ``sharing_selectors.share_marks`` makes them
    shares = {(rnd, tb): f"A{table_map(a, b)[tb]}" for rnd, tb in shared_tables(a, b)}
    assert len(shares) == 9  # every table of B shares with its twin every round
    text = "\n" + "\n".join(pages(generate("personal-cards", data(b, shares=shares))[2]))
    found = cards(text, b)
    assert set(found) == {4, 5, 6}  # the E-W pairs move
    for pair, card in found.items():
        tables = [place_of(b, rnd, pair).table for rnd in b.rounds]
        want = [f"share with table A{t}" for t in tables]
        assert re.findall(r"share with table A\d", card) == want, (pair, card)
    # a section with its own boards has no Notes column at all
    alone = "\n".join(pages(generate("personal-cards", data(b))[2]))
    assert "Notes" not in alone and "share" not in alone


def test_the_public_grid_names_the_copy_and_the_twin_table():
    from tournament.templatetags.movement_tags import grid, shared

    movement = build("web-mitchell", tables=6, boards_per_round=3)
    drawn = grid(movement)
    copies = {c["table"]: c["copy"] for r in drawn["rounds"] for c in r["tables"]}
    assert copies == {1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "B"}
    a = build("mitchell", tables=3, boards_per_round=3)
    drawn = grid(a)
    shared(drawn, {(rnd, tb): f"B{tb}" for rnd, tb in shared_tables(a, a)})
    assert [c["twin"] for r in drawn["rounds"] for c in r["tables"]] == ["B1", "B2", "B3"] * 3
    assert {c["copy"] for r in drawn["rounds"] for c in r["tables"]} == {""}  # one copy
