"""Issue 18's acceptance for auction bridge: a whole 8-pair 1926 duplicate auction session
through the UI alone.

The TD creates an auction event (net plus/minus) and its session from ``/td/``, signs in eight
pairs, chooses the 4-table relay-and-bye Mitchell (4 rounds × 2 boards; N-S pairs 1–4 and E-W
pairs 5–8 are ranked apart), deals and starts.  Table 1 enters rounds 1 and 2 on a phone
(390×844): the contract by keypad taps and the honours by buttons, then the O.K.; two slips and
the travellers go in at the console (the result typed, honours chosen, a revoke on one line);
one line is an artificial score (A50/A50) and one is corrected with a reason.  The session is
made final, the prize list shows and the session file downloads.

The expected figures are worked out here from the 1926 laws as docs/scoring.md sets them out:
trick points ♣6 ♦7 ♥8 ♠9 NT10 (×2 doubled) [002 L1862–1878], the 125 duplicate game premium
[L3356–3358], 50 + 50 per overtrick doubled made [L1933–1937], 50 per undertrick (100 doubled)
[L1883–1887], honours to the side holding them [L1889–1923], 50 to the opponents per revoke
[L3345–3354]; then the lower total is taken from the higher and the winner's points other than
honours are limited to 500 (declarer) or 350 (defenders) [L3364–3376, LAWS.md A-7].  A pair's
score is its plus less its minus [L3009–3014]; an artificial line takes the average of the real
results in each direction (docs/scoring.md).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

from .helpers import (
    NAMES,
    choose_movement,
    confirm_slip,
    deal_and_start,
    download,
    make_club,
    make_final,
    new_event,
    new_session,
    open_correction,
    open_rows,
    open_slip,
    open_standings_and_prizes,
    open_traveller,
    prize_rows,
    read_table,
    save_correction,
    scored_travellers,
    sign_in_pair,
    sign_in_td,
    slip_links,
    table_urls,
    wait_for_focus,
)
from .test_table_keypad import MINUS, no_sideways_scroll, tap_keys

PAIRS, TABLES, ROUNDS, PER_ROUND = 8, 4, 4, 2
BOARDS = ROUNDS * PER_ROUND
PHONE_TABLE, PHONE_ROUNDS = 1, (1, 2)
SLIPS = 2
ARTIFICIAL = BOARDS  # the board whose first open traveller row gets A50/A50
REVOKE = 5  # the board whose first open traveller row has one revoke by E-W
CORRECTED = 2
CORRECTION = ((3, "NT", "", "S", -2), 0, 30)  # (contract, honours N-S, honours E-W)
PRIZES = 1  # per direction
STRAINS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades", "NT": "No trumps"}
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
VALUE = {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}
#: (level, strain, doubled, declarer, tricks over (+) or down (−)); no slams
CONTRACTS = [
    (4, "H", "", "N", 0), (3, "NT", "", "S", -1), (2, "S", "", "E", 1), (1, "NT", "", "W", 2),
    (4, "S", "X", "W", -2), (3, "NT", "", "E", 0), (5, "D", "", "N", -1), (2, "H", "X", "S", 1),
    (3, "C", "", "N", 1), (4, "H", "", "E", -1), (2, "NT", "", "N", 0), (1, "S", "", "E", 3),
    (5, "C", "", "S", 0),
]  # fmt: skip
HONOURS_SUIT, HONOURS_NT = (0, 30, 40, 50, 80, 90, 0), (0, 30, 40, 0, 100)


def contract_for(board: int, ns: int):
    return CONTRACTS[(board * 5 + ns * 3) % len(CONTRACTS)]


def honours_for(board: int, ns: int, contract) -> tuple[int, int]:
    """Honours held by N-S and by E-W (one side only)."""
    choices = HONOURS_NT if contract[1] == "NT" else HONOURS_SUIT
    points = choices[(board + 2 * ns) % len(choices)]
    return (points, 0) if (board + ns) % 2 else (0, points)


def line_for(board: int, ns: int):
    contract = contract_for(board, ns)
    return (contract, *honours_for(board, ns, contract), 0, 0)


def text(contract) -> str:
    level, strain, dbl, declarer, rel = contract
    return f"{level}{strain}{dbl} {declarer} {'=' if rel == 0 else f'{rel:+d}'}"


def totals_of(contract, honours_ns=0, honours_ew=0, revokes_ns=0, revokes_ew=0):
    """(N-S total, E-W total, N-S honours, E-W honours, declaring side) of one deal."""
    level, strain, dbl, declarer, rel = contract
    mult = {"": 1, "X": 2, "XX": 4}[dbl]
    side = "NS" if declarer in "NS" else "EW"
    decl = defs = 0
    if rel >= 0:
        trick_points = (level + rel) * VALUE[strain] * mult
        decl += trick_points + (125 if trick_points >= 30 else 0)
        if dbl:
            decl += (50 + 50 * rel) * mult // 2
    else:
        defs += -rel * 50 * mult
    ns, ew = (decl, defs) if side == "NS" else (defs, decl)
    return ns + honours_ns + 50 * revokes_ew, ew + honours_ew + 50 * revokes_ns, side


def net(line) -> tuple[int, int]:
    """(N-S net, E-W net) of one line: the winner's plus (Law 10 limits), the loser's minus."""
    contract, hon_ns, hon_ew, rev_ns, rev_ew = line
    ns, ew, side = totals_of(contract, hon_ns, hon_ew, rev_ns, rev_ew)
    if ns == ew:
        return 0, 0
    winner, loser, honours, won = (ns, ew, hon_ns, "NS") if ns > ew else (ew, ns, hon_ew, "EW")
    cap = 500 if won == side else 350
    minus = winner - loser
    plus = max(0, min(minus, min(winner - honours, cap) + honours - loser))
    return (plus, -minus) if won == "NS" else (-minus, plus)


def test_the_laws_by_hand():
    """The test's own arithmetic against the worked examples of docs/scoring.md."""
    # 4H by N made: 4 × 8 = 32 trick points, game 125; N-S hold 80 honours
    assert totals_of((4, "H", "", "N", 0), 80, 0)[:2] == (237, 0)
    # 2HX by S +1: 3 × 8 × 2 = 48, game 125, 50 + 50 doubled made
    assert totals_of((2, "H", "X", "S", 1))[:2] == (273, 0)
    # 4SX by W two down: 200 to N-S; E-W's 90 honours are still theirs
    assert net(((4, "S", "X", "W", -2), 0, 90, 0, 0)) == (110, -110)
    # A11 (docs/scoring.md): defenders 400, declarer holds 80 → plus 270, minus 320
    assert net(((7, "S", "X", "N", -4), 80, 0, 0, 0)) == (-320, 270)
    # a revoke gives the opponents 50
    assert totals_of((1, "NT", "", "W", 2), 0, 0, 0, 1)[:2] == (50, 155)


def expected(played):
    """(board, ns) → (ew, line or "A50/A50"): each line's (N-S, E-W) points and each pair's
    total; an artificial line takes the average of the board's real lines in each direction."""
    points: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    for board in {b for b, _ in played}:
        rows = {ns: v for (b, ns), v in played.items() if b == board}
        real = [net(line) for _, line in rows.values() if line != "A50/A50"]
        assert len(rows) == TABLES and real
        for ns, (_ew, line) in rows.items():
            if line == "A50/A50":
                points[board, ns] = (
                    Fraction(sum(r[0] for r in real), len(real)),
                    Fraction(sum(r[1] for r in real), len(real)),
                )
            else:
                points[board, ns] = tuple(Fraction(x) for x in net(line))
    totals = {n: Fraction(0) for n in range(1, PAIRS + 1)}
    for (board, ns), (p_ns, p_ew) in points.items():
        totals[ns] += p_ns
        totals[played[board, ns][0]] += p_ew
    return totals, points


def number(cell: str) -> Fraction:
    return Fraction(cell.replace(MINUS, "-").replace(",", "").replace("+", "").strip() or "0")


def plays_by_table_round(section):
    from scoring.inputs import scheduled_plays

    out: dict[tuple[int, int], list] = {}
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for p in plays:
            out.setdefault((p.table, p.round), []).append((board, p.ns, p.ew))
    return out


def enter_on_phone(phone, url, schedule, played) -> None:
    phone.goto(url)
    no_sideways_scroll(phone)
    for rnd in PHONE_ROUNDS:
        assert f"round {rnd}" in phone.text_content("h1")
        for board, ns, ew in schedule[PHONE_TABLE, rnd]:
            line = line_for(board, ns)
            (level, strain, dbl, declarer, rel), hon_ns, hon_ew = line[:3]
            card = phone.locator(f"#board-{board}")
            keys = [("Level", str(level)), ("Strain and doubling", STRAINS[strain])]
            if dbl:
                keys.append(("Strain and doubling", "Doubled"))
            keys += [
                ("Declarer", f"Declarer {SEATS[declarer]}"),
                ("Tricks: made, over or down",
                 "=" if rel == 0 else (f"+{rel}" if rel > 0 else f"{MINUS}{-rel}")),
                ("Honours N-S", str(hon_ns)),
                ("Honours E-W", str(hon_ew)),
            ]  # fmt: skip
            tap_keys(card, *keys)
            assert card.get_by_label("Result").input_value() == text(line[0])
            with phone.expect_navigation():
                card.get_by_role("button", name=f"Save board {board}").tap()
            played[board, ns] = (ew, line)
        ok = phone.locator("table.ok-scores")
        no_sideways_scroll(phone)
        for board, ns, _ in schedule[PHONE_TABLE, rnd]:
            line = line_for(board, ns)
            cells = ok.locator(f"#ok-board-{board} td").all_inner_texts()
            assert cells[:2] == [str(board), text(line[0])], cells
            assert [number(c) for c in cells[2:4]] == list(net(line)), (cells, net(line))
        phone.get_by_label("have checked these results and agree").tap()
        with phone.expect_navigation():
            phone.get_by_role("button", name=f"Confirm round {rnd}").tap()


def key_line(page, board: int, ns: int, line) -> None:
    """One console row: type the result, choose the honours, the revokes, Enter."""
    wait_for_focus(page, f"r{board}-{ns}-result")
    page.keyboard.type(text(line[0]))
    contract, hon_ns, hon_ew, rev_ns, rev_ew = line
    page.locator(f"#r{board}-{ns}-honours_ns").select_option(str(hon_ns))
    page.locator(f"#r{board}-{ns}-honours_ew").select_option(str(hon_ew))
    if rev_ns or rev_ew:
        page.locator(f"#r{board}-{ns}-revokes_ns").fill(str(rev_ns))
        page.locator(f"#r{board}-{ns}-revokes_ew").fill(str(rev_ew))
    page.locator(f"#r{board}-{ns}-result").press("Enter")
    page.wait_for_selector(f"#row-{board}-{ns}:not(.open):not(.htmx-settling) .stored")
    shown = page.locator(f"#row-{board}-{ns} .stored").inner_text()
    level, strain, dbl, declarer, rel = contract
    assert shown.split()[:4] == [f"{level}{strain}{dbl}", "by", f"{declarer},",
                                 str(6 + level + rel)], (shown, contract)  # fmt: skip


def key_artificial(page, board: int, ns: int) -> None:
    wait_for_focus(page, f"r{board}-{ns}-result")
    page.keyboard.type("A50/A50")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#row-{board}-{ns}:not(.open):not(.htmx-settling) .stored")
    assert "A50/A50" in page.locator(f"#row-{board}-{ns} .stored").inner_text().replace(" ", "")


def enter_by_slips(page, play_url, played) -> None:
    for _ in range(SLIPS):
        page.goto(play_url)
        table, rnd = slip_links(page)[-1]
        open_slip(page, table, rnd)
        rows = open_rows(page)
        assert len(rows) == PER_ROUND
        for board, ns, ew in rows:
            key_line(page, board, ns, line_for(board, ns))
            played[board, ns] = (ew, line_for(board, ns))
        confirm_slip(page, table, rnd, PER_ROUND)


def enter_by_traveller(page, play_url, played) -> None:
    page.goto(play_url)
    for board in range(1, BOARDS + 1):
        open_traveller(page, board)
        for i, (b, ns, ew) in enumerate(open_rows(page)):
            if (b, i) == (ARTIFICIAL, 0):
                key_artificial(page, b, ns)
                played[b, ns] = (ew, "A50/A50")
                continue
            line = line_for(b, ns)
            if (b, i) == (REVOKE, 0):
                line = (*line[:3], 0, 1)
            key_line(page, b, ns, line)
            played[b, ns] = (ew, line)
        assert page.locator("form.result-row.open").count() == 0


def check_standings(page, totals, pairs_in) -> None:
    """Each direction ranked apart on its net score (plus less minus)."""
    tables = page.locator("table.standings-table")
    assert tables.count() == 2, "N-S and E-W are ranked apart"
    seen = set()
    for k in range(2):
        rows = read_table(tables.nth(k))
        field = {int(r["No."]) for r in rows}
        assert field in ({1, 2, 3, 4}, {5, 6, 7, 8}), field
        for row in rows:
            pair = int(row["No."])
            seen.add(pair)
            assert row["Pair"] == pairs_in[pair]
            assert abs(number(row["Score"]) - totals[pair]) <= Fraction(1, 100), (row, totals)
            better = sum(1 for p in field if totals[p] > totals[pair])
            assert row["Place"].strip("=") == str(better + 1), row
    assert seen == set(range(1, PAIRS + 1))


def test_an_eight_pair_auction_session(page, phone, live_server, transactional_db, tmp_path):
    from tournament.models import Player, Section

    club, user, players = make_club()
    everyone = NAMES + ["Member 1", "Member 2", "Member 3", "Member 4"]
    for name in everyone[len(NAMES) :]:
        Player.objects.create(club=club, name=name)
    pairs_in = {i + 1: f"{everyone[2 * i]} & {everyone[2 * i + 1]}" for i in range(PAIRS)}

    sign_in_td(page, live_server)
    page.locator("header").get_by_role("link", name="Director's console").click()
    page.wait_for_url(f"{live_server.url}/td/")
    new_event(page, live_server, "Auction pairs", prizes=PRIZES, game="auction", method="net")
    new_session(page, "Evening", "2026-11-12")
    session_url = page.url.removesuffix("entries/")  # the session's overview
    for i in range(PAIRS):
        sign_in_pair(page, everyone[2 * i], everyone[2 * i + 1])
    choose_movement(page, "relay-bye", PER_ROUND)
    deal_and_start(page, "auction", BOARDS)
    urls = table_urls(page, live_server)
    assert sorted(urls) == list(range(1, TABLES + 1))

    section = Section.objects.get(session__event__club=club)
    schedule = plays_by_table_round(section)
    played: dict[tuple[int, int], tuple[int, object]] = {}
    enter_on_phone(phone, urls[PHONE_TABLE], schedule, played)
    assert len(played) == len(PHONE_ROUNDS) * PER_ROUND
    play_url = session_url + "play/"
    enter_by_slips(page, play_url, played)
    enter_by_traveller(page, play_url, played)
    assert len(played) == BOARDS * TABLES

    ns = min(n for b, n in played if b == CORRECTED and played[b, n][1] != "A50/A50")
    ew, old = played[CORRECTED, ns]
    assert old[0] != CORRECTION[0]
    open_correction(page, live_server, section.pk, CORRECTED, ns)
    page.get_by_label("Result", exact=True).fill(text(CORRECTION[0]))
    page.get_by_label(re.compile(r"^Honours N-S")).select_option(str(CORRECTION[1]))
    page.get_by_label(re.compile(r"^Honours E-W")).select_option(str(CORRECTION[2]))
    save_correction(page, CORRECTED, "the contract was 3NT, not as written")
    played[CORRECTED, ns] = (ew, (*CORRECTION, 0, 0))

    make_final(page, session_url)
    totals, points = expected(played)
    assert len(set(totals.values())) > 4, "the results should spread the field"
    for row in scored_travellers(page, session_url):
        p_ns, p_ew = points[int(row["Board"]), int(row["N-S"])]
        got = (number(row["Points N-S"]), number(row["Points E-W"]))
        assert abs(got[0] - p_ns) <= Fraction(1, 100) and abs(got[1] - p_ew) <= Fraction(1, 100), (
            row, p_ns, p_ew)  # fmt: skip
    open_standings_and_prizes(page, session_url)
    winners = set()
    for field in ((1, 2, 3, 4), (5, 6, 7, 8)):
        best = max(totals[p] for p in field)
        winners |= {p for p in field if totals[p] == best}
    assert len(winners) == 2, ("one winner each way", totals)
    assert {int(r["Pair"]): r["Prize(s)"] for r in prize_rows(page)} == {p: "1" for p in winners}

    page.goto(f"{live_server.url}/session/{section.session_id}/")
    assert page.is_visible("text=Final results.")
    no_sideways_scroll(page)
    check_standings(page, totals, pairs_in)

    data = json.loads(download(page, session_url, "Download the session file (JSON)",
                               tmp_path / "auction.json"))  # fmt: skip
    results = data["sections"][0]["results"]
    assert len(results) == BOARDS * TABLES
    for r in results:
        ew, line = played[r["board"], r["ns"]]
        assert r["ew"] == ew
        if line == "A50/A50":
            assert r["adjusted"] == "A50/A50"
            continue
        level, strain, dbl, declarer, rel = line[0]
        assert (r["contract"], r["declarer"], r["tricks"]) == (
            f"{level}{strain}{dbl}", declarer, 6 + level + rel), r  # fmt: skip
        assert (r.get("honours_ns", 0), r.get("honours_ew", 0)) == line[1:3], r
        assert (r.get("revokes_ns", 0), r.get("revokes_ew", 0)) == line[3:5], r
