"""Every document for five kinds of session, checked by text extraction against the movement.

Expectations come from the published rules (closed formulas for the Mitchell, station order
for relay and bye stand) or from a lookup written here, never from the renderers' own code.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from boards.engine.deals import generate_board
from tournament.movements import build
from tournament.printing.documents import DOCUMENTS, PrintData, PrintError, generate

from .movements import individual_8, progressive_3

STANDINGS = {
    "format": "duplicate-standings/1",
    "game": "contract",
    "method": "matchpoints",
    "status": "final",
    "fields": [
        {
            "name": "NS",
            "standings": [
                {"rank": "1", "entry": 3, "name": "Ada & Charles", "score": 14.0, "percent": 58.33},
                {"rank": "2", "entry": 1, "name": "Mary & John", "score": 10.0, "percent": 41.67},
            ],
        }
    ],
    "boards": [
        {
            "board": 1,
            "results": [
                {
                    "ns": 3,
                    "ew": 7,
                    "contract": "4S",
                    "declarer": "N",
                    "tricks": 10,
                    "score_ns": 420,
                    "ns_points": 3.0,
                    "ew_points": 1.0,
                }
            ],
        }
    ],
}


def pages(body: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(body)).pages]


def data(movement, game="contract", size="A4", **kw) -> PrintData:
    return PrintData(title="Tuesday Pairs", movement=movement, game=game, page_size=size, **kw)


SESSIONS = {
    "mitchell": lambda: data(build("mitchell", tables=5, boards_per_round=3)),
    "relay-bye": lambda: data(build("relay-bye", tables=6, boards_per_round=2), game="auction"),
    "howell": lambda: data(build("howell", tables=4, boards_per_round=2), game="whist"),
    "individual": lambda: data(individual_8()),
    "appendix-mitchell": lambda: data(build("appendix-mitchell", tables=8, boards_per_round=3)),
    "endless-howell": lambda: data(build("endless-howell", tables=5, boards_per_round=2)),
    "web-mitchell": lambda: data(build("web-mitchell", tables=6, boards_per_round=3)),
    "howell-mitchell": lambda: data(build("howell-mitchell", tables=8, boards_per_round=3)),
    "progressive": lambda: data(progressive_3(), progressive=True, tables=3, rounds=3),
}
OPTIONAL = {
    "trump-slips", "hand-records", "results-sheet", "scorecards", "social-cards", "swiss-rounds",
    "foster-slips", "calling-sheet", "five-hundred-sheet",
}  # fmt: skip


@pytest.mark.parametrize("size", ["A4", "Letter"])
@pytest.mark.parametrize("kind", sorted(SESSIONS))
def test_every_document_opens(kind, size):
    d = SESSIONS[kind]()
    d = PrintData(
        **{
            **d.__dict__,
            "page_size": size,
            "standings": STANDINGS,
            "table_urls": {1: "https://club.example/t/abc/"},
        }
    )
    for document in sorted(set(DOCUMENTS) - OPTIONAL) + ["results-sheet", "scorecards"]:
        name, mime, body = generate(document, d)
        assert mime == "application/pdf" and name.endswith(".pdf")
        assert body.startswith(b"%PDF") and pages(body)


def mitchell_row(t: int, r: int, tables: int = 5, b: int = 3):
    ew = tables + (t - 1 - (r - 1)) % tables + 1
    s = (t - 1 + r - 1) % tables + 1
    return t, ew, f"{(s - 1) * b + 1}–{s * b}"


def test_mitchell_table_card_says_round_by_round_where_to_go():
    d = SESSIONS["mitchell"]()
    text = pages(generate("table-cards", d)[2])
    assert len(text) == 5
    card = text[2]
    assert "\nTable 3\n" in card
    for r in range(1, 5):
        ns, ew, boards = mitchell_row(3, r)
        row = rf"\b{r}\s+{ns}\s+{ew}\s+{boards}\s+N-S stay\s+E-W to table 4\s+boards to table 2"
        assert re.search(row, card), (r, card)
    ns, ew, boards = mitchell_row(3, 5)
    assert re.search(rf"\b5\s+{ns}\s+{ew}\s+{boards}\s+N-S end\s+E-W end", card)


def test_mitchell_round_2_at_table_3_matches_the_published_rule():
    card = pages(generate("table-cards", SESSIONS["mitchell"]())[2])[2]
    # EW pair 7 started at table 2 and moved up one; set 4 came down from table 4.
    assert re.search(r"\b2\s+3\s+7\s+10–12\s+N-S stay\s+E-W to table 4\s+boards to table 2", card)


def test_relay_bye_cards_send_boards_to_the_bye_stand_and_mark_the_share():
    text = pages(generate("table-cards", SESSIONS["relay-bye"]())[2])
    assert text[3].count("boards to the bye stand") == 5  # table 4, every round but the last
    assert text[0].count("boards to table 5") == 5  # table 1 → station before it = table 5
    assert text[5].count("share with table 1") == 6
    assert "boards to tables" in text[1]  # table 2's boards go to tables 1 and 6 together


def test_appendix_cards_mark_the_share_and_give_every_moving_pair_its_route():
    movement = build("appendix-mitchell", tables=8, boards_per_round=3)  # base 7 + table 8
    text = pages(generate("table-cards", data(movement))[2])
    assert len(text) == 8 and text[7].count("share with table 1") == 7
    assert text[0].count("share with table 8") == 7
    # table 8: the stationary E-W pair 16 stays; the N-S visitor goes on to table 2
    assert text[7].count("E-W stay") == 6 and text[7].count("N-S to table 2") == 6
    personal = "\n".join(pages(generate("personal-cards", data(movement))[2]))
    moving = [p for p in range(1, 17) if f"\nPair {p}\n" in personal]
    assert moving == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]  # not N-S 1, not E-W 16
    card = personal[personal.index("\nPair 9\n") : personal.index("\nPair 10\n")]
    for rnd in movement.rounds:  # E-W 9 goes up two tables within the base of 7
        st = next(s for s in rnd.tables if s.ew == 9)
        assert st.table == (2 * (rnd.number - 1)) % 7 + 1
        b = movement.boards_for(st)
        assert f"{rnd.number} {st.table} E-W {st.ns} {b[0]}–{b[-1]}" in card


def test_endless_howell_table_cards_follow_the_loop():
    movement = build("endless-howell", tables=5, boards_per_round=2)
    text = pages(generate("table-cards", data(movement))[2])
    # table 1: pair 10 stays; the E-W pair goes N-S at table 2; table 5: N-S turns E-W there
    assert text[0].count("N-S stay") == 8 and text[0].count("E-W to table 2 (sit N-S)") == 8
    assert text[4].count("N-S stay, sit E-W") == 8 and text[4].count("E-W to table 4") == 8
    assert text[1].count("share with table 5") == 9  # 5 tables: tables 2 and 5 hold one set


def test_web_mitchell_cards_name_the_copy_and_keep_the_boards_in_their_circuit():
    movement = build("web-mitchell", tables=6, boards_per_round=3)  # 5 sets, relays after 3, 6
    text = pages(generate("table-cards", data(movement))[2])
    marks = [[ln for ln in card.splitlines() if ln.startswith("copy ")] for card in text]
    assert marks == [["copy A"] * 5] * 3 + [["copy B"] * 5] * 3  # a note every round
    assert "share" not in "".join(text)  # copies of the boards, nothing shared
    # copy A: table 2 → table 1 → relay; copy B: table 6 → table 5 → table 4 → relay
    assert text[1].count("boards to table 1") == 4 and text[0].count("boards to a relay") == 4
    assert text[5].count("boards to table 5") == 4 and text[3].count("boards to a relay") == 4
    # round 1 at table 5: N-S 5 v E-W 11 on copy B of set 1 (table T-1 starts with set 1)
    assert re.search(r"\b1\s+5\s+11\s+1–3\s+N-S stay\s+E-W to table 6\s+boards to table 4",
                     text[4]), text[4]  # fmt: skip
    sheet = pages(generate("master-sheet", data(movement))[2])[0]
    assert "Copies of every board: A at tables 1–3, B at tables 4–6" in sheet
    blank = "\n".join(pages(generate("travellers", data(movement))[2]))
    assert blank.count("copy A") == 15 and blank.count("copy B") == 15  # one per board each
    start = blank.index("Board 1 · ")
    one_a = blank[start : blank.index("Board 1 · ", start + 1)].splitlines()
    assert one_a[0].endswith("copy A")  # boards 1-3 of copy A go to tables 1, 3, 2 (rounds 1, 4, 5)
    assert [ln.split()[:2] for ln in one_a[3:]] == [["1", "1"], ["4", "3"], ["5", "2"]]


def seat_lookup(movement) -> dict[tuple[int, int], tuple[int, str]]:
    out = {}
    for rnd in movement.rounds:
        for st in rnd.tables:
            out[(rnd.number, st.ns)] = (st.table, "N-S")
            out[(rnd.number, st.ew)] = (st.table, "E-W")
    return out


def test_howell_table_cards_follow_each_pair_into_the_next_round():
    movement = build("howell", tables=4, boards_per_round=2)
    seats = seat_lookup(movement)
    text = pages(generate("table-cards", data(movement))[2])
    for rnd in movement.rounds[:-1]:
        for st in rnd.tables:
            for pair, label in ((st.ns, "N-S"), (st.ew, "E-W")):
                table, seat = seats[(rnd.number + 1, pair)]
                if (table, seat) == (st.table, label):
                    want = f"{label} stay"
                elif table == st.table:
                    want = f"{label} stay, sit {seat}"
                else:
                    want = f"{label} to table {table}" + ("" if seat == label else f" (sit {seat})")
                assert want in text[st.table - 1], (rnd.number, st.table, want)


def test_howell_personal_cards_list_table_seat_opponents_and_boards():
    movement = build("howell", tables=4, boards_per_round=2)
    text = "\n".join(pages(generate("personal-cards", data(movement))[2]))
    seats = seat_lookup(movement)
    rounds = movement.rounds
    still = [p for p in movement.participants if len({seats[(r.number, p)] for r in rounds}) == 1]
    assert still == [8] and "\nPair 8\n" not in text
    card = text[text.index("\nPair 1\n") : text.index("\nPair 2\n")]
    for rnd in movement.rounds:
        st = next(s for s in rnd.tables if 1 in (s.ns, s.ew))
        seat, other = ("N-S", st.ew) if st.ns == 1 else ("E-W", st.ns)
        b = movement.boards_for(st)
        assert re.search(rf"\b{rnd.number}\s+{st.table}\s+{seat}\s+{other}\s+{b[0]}–{b[-1]}", card)


def test_individual_personal_card_gives_partner_and_opponents():
    text = "\n".join(pages(generate("personal-cards", data(individual_8()))[2]))
    assert "Player 8" not in text  # the pivot sits still
    card = text[text.index("Player 1") : text.index("Player 2")]
    assert re.search(r"\b1\s+1\s+South\s+8\s+3 & 4\s+1–2", card)
    # round 2: the numbers went up one, so 1 holds the seat 7 held (table 2 South)
    assert re.search(r"\b2\s+2\s+South\s+6\s+7 & 3\s+3–4", card)


def test_indicator_cards_say_who_sits_north_south_east_west():
    text = pages(generate("indicator-cards", data(progressive_3(), progressive=True))[2])
    assert re.search(r"\b1\s+1\s+2\s+3\s+4\s+1–4", text[0])
    assert re.search(r"\b2\s+1\s+6\s+11\s+8\s+5–8", text[0])


def test_safford_indicators_print_husbands_as_numbers_and_wives_as_letters():
    """[002 L3171–3174]: "The numbers represent the husbands, and the letters the wives, the
    couples being a-1, b-2, etc."; set 1 is LAWS.md §4.8's starter, and each set the men go to
    the next number and the ladies to the next letter, a-1 sitting still [002 L3174–3177]."""
    text = pages(generate("indicator-cards", data(build("safford")))[2])
    assert "Numbers are the husbands, letters the wives" in text[0]
    assert re.search(r"\b1\s+6\s+g\s+2\s+a\s+1–4", text[0])  # set 1, table 1: N 6 S g E 2 W a
    # set 2: the seat of 6 goes to 5 (5 moves up to 6's old seat), of g to f, of 2 to 8; a stays
    assert re.search(r"\b2\s+5\s+f\s+8\s+a\s+5–8", text[0])
    assert re.search(r"\b1\s+f\s+7\s+b\s+1\s+1–4", text[2])  # table 3, set 1


def test_social_cards_carry_each_players_rounds_and_total():
    movement = build("pivot", players=4)
    social = {
        "kind": "pivot",
        "cards": {
            1: [
                {
                    "round": 1,
                    "table": 1,
                    "partner": "Bea",
                    "opponents": "Cy, Di",
                    "points": 520,
                    "finished": True,
                },
                {
                    "round": 2,
                    "table": 1,
                    "partner": "Di",
                    "opponents": "Cy, Bea",
                    "points": 120,
                    "finished": False,
                },
            ]
        },  # fmt: skip
        "totals": {1: 640},
    }
    text = pages(generate("social-cards", data(movement, names={1: "Ann"}, social=social))[2])
    assert "1 · Ann" in text[0] and "only the first three rubbers count" in text[0]
    assert re.search(r"\b1\s+1\s+Bea\s+Cy, Di\s+520", text[0])
    assert "120 (unfinished)" in text[0] and re.search(r"Total\s+640", text[0])
    with pytest.raises(PrintError, match="not scored as the book"):
        generate("social-cards", data(movement))


def test_tally_cards_are_table_and_couple_for_ladies_and_gentlemen():
    d = PrintData(title="Euchre night", progressive=True, tables=3, rounds=6)
    text = "\n".join(pages(generate("tally-cards", d)[2]))
    for t in (1, 2, 3):
        for couple in "AB":
            assert text.count(f"Table {t} {couple}") == 2
    assert text.count("LADY'S") == 6 and text.count("GENTLEMAN'S") == 6
    assert "Round 6" in text and "Round 7" not in text


def test_score_slips_note_deals_and_opponents_for_both_sides():
    text = "\n".join(pages(generate("score-slips", SESSIONS["mitchell"]())[2]))
    ns, ew, boards = mitchell_row(3, 2)
    assert re.search(rf"N-S score slip\s+Pair {ns}\s+Round 2 · table 3", text)
    assert re.search(rf"Deals {boards}\s+against pair {ew}", text)
    assert re.search(rf"E-W score slip\s+Pair {ew}\s+Round 2 · table 3", text)
    assert text.count("score slip") == 2 * 5 * 5 and "O.K." in text


def test_travellers_have_a_line_per_round_in_which_the_board_is_played():
    text = "\n".join(pages(generate("travellers", SESSIONS["mitchell"]())[2]))
    # board 10 is in set 4: at table t in round r when (t + r - 2) % 5 + 1 == 4
    block = text[text.index("Board 10 ") : text.index("Board 11 ")]
    for r in range(1, 6):
        t = (4 - 1 - (r - 1)) % 5 + 1
        ns, ew, _ = mitchell_row(t, r)
        assert re.search(rf"\b{r}\s+{t}\s+{ns}\s+{ew}\b", block)
    assert "Contract" in block and "O.K." in block


def test_whist_forms_ask_for_tricks_and_never_show_the_trump():
    movement = build("howell", tables=4, boards_per_round=2)
    boards = tuple(generate_board(n, seed="s", game="whist") for n in range(1, 15))
    d = data(movement, game="whist", boards=boards)
    text = "\n".join(pages(generate("travellers", d)[2]))
    assert "Tricks N-S" in text and "Tricks E-W" in text and "Contract" not in text
    assert "trump" not in text.lower()
    slips = "\n".join(pages(generate("trump-slips", d)[2]))
    assert "Board 14" in slips


def test_pickup_slips_one_per_table_and_round_with_a_line_per_board():
    text = "\n".join(pages(generate("pickup-slips", SESSIONS["mitchell"]())[2]))
    assert text.count("Pick-up slip") == 25
    assert re.search(r"Table 3 · round 2 · N-S 3 v E-W 7", text)


def test_master_sheet_has_the_grid_and_the_announcement():
    movement = build("relay-bye", tables=6, boards_per_round=2)
    text = "\n".join(pages(generate("master-sheet", data(movement))[2]))
    assert movement.announcement in text.replace("\n", " ")
    assert "Tables sharing boards: 1 and 6" in text and "Idle boards" in text


def test_qr_card_carries_the_table_url():
    d = data(build("mitchell", tables=5), table_urls={3: "https://club.example/t/tok3/"})
    text = pages(generate("qr-table-cards", d)[2])
    assert len(text) == 1 and "Table 3" in text[0] and "https://club.example/t/tok3/" in text[0]


def test_results_sheet_and_scorecards_from_the_standings():
    d = data(None, standings=STANDINGS)
    sheet = "\n".join(pages(generate("results-sheet", d)[2]))
    assert "Results — FINAL" in sheet and "Prize list" in sheet and "58.33" in sheet
    cards = "\n".join(pages(generate("scorecards", d)[2]))
    assert re.search(r"\b1\s+N-S\s+7\s+4S\s+N\s+10\s+420\s+3", cards)


def test_pack_runs_in_the_order_a_td_lays_it_out():
    movement = build("mitchell", tables=5, boards_per_round=3)
    boards = tuple(generate_board(n, seed="s") for n in range(1, 16))
    text = pages(generate("pack", data(movement, boards=boards))[2])
    first = [
        next(i for i, p in enumerate(text) if marker in p)
        for marker in ("Master sheet", "Table 1", "Pair 6", "Pick-up slip")
    ]
    assert first == sorted(first)
    assert len(text) > 10


@pytest.mark.parametrize("document", ["table-cards", "master-sheet", "travellers", "pack"])
def test_no_movement_says_so(document):
    with pytest.raises(PrintError, match="no movement chosen"):
        generate(document, data(None))


def test_unknown_document_and_missing_boards_are_clear():
    with pytest.raises(PrintError, match="unknown document 'menu'"):
        generate("menu", data(None))
    with pytest.raises(PrintError, match="no boards yet"):
        generate("hand-records", data(build("mitchell", tables=5)))
