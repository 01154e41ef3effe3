"""Issue 18's acceptance for whist: a whole 6-pair duplicate whist session through the UI alone.

The TD creates a whist event (tricks against the average) and its session from ``/td/``, signs in
six pairs, chooses a 3-table Mitchell (3 rounds × 2 boards: N-S pairs 1–3 are compared with one
another and E-W pairs 4–6 with one another), deals and starts.  Table 1 enters rounds 1 and 2 on
a phone (390×844) by tapping the N-S tricks and confirms the O.K. screen; two slips and the
travellers go in at the console from the keyboard alone (the cursor starts in Tricks N-S: type
the tricks, Enter); one line is an artificial score (A50/A50) and one is corrected with a reason.
The session is made final, the prize list shows and the session file downloads.

The expected figures are worked out here from the Laws of Duplicate Whist: every trick counts,
N-S score *t* and E-W 13 − *t* [LAWS.md; 000 L733]; an artificial score takes the rounded
average of the real results on the board [000 L737, docs/scoring.md]; each pair is ranked in its
own direction on its tricks over the average of its direction on each deal it played, summed
[002 L3972–3975], with its tricks won shown beside.
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
from .test_table_keypad import no_sideways_scroll, tap_keys

PAIRS, TABLES, ROUNDS, PER_ROUND = 6, 3, 3, 2
BOARDS = ROUNDS * PER_ROUND
PHONE_TABLE, PHONE_ROUNDS = 1, (1, 2)
SLIPS = 2
ARTIFICIAL = (BOARDS, "A50/A50")  # the board whose first open traveller row is artificial
CORRECTED, CORRECTION = 3, 12  # the board whose first row is corrected, and the N-S tricks
PRIZES = 1  # per direction
TRICKS = [9, 4, 7, 6, 8, 10, 3, 7, 5, 11, 6, 8, 2, 9, 7]


def half_up(x: Fraction) -> int:
    """The 1894 rule: to the nearest whole, one-half counting as a whole [000 L737]."""
    return int(x + Fraction(1, 2)) if x >= 0 else -int(-x + Fraction(1, 2))


def tricks_for(board: int, ns: int) -> int:
    return TRICKS[(board * 5 + ns * 3) % len(TRICKS)]


def test_half_up_by_hand():
    assert [half_up(Fraction(n, 2)) for n in (13, 14, 15)] == [7, 7, 8]
    assert half_up(Fraction(311, 2)) == 156  # 155.5 → 156 (docs/scoring.md)


def expected(played):
    """(board, ns) → (ew, N-S tricks or "A50/A50"): each pair's total tricks, each line's
    (N-S, E-W) tricks, and each pair's score: its tricks over the average of its direction's
    real results on each deal it played, summed [002 L3972–3975]; an artificial line takes the
    rounded average of the board's real lines."""
    lines: dict[tuple[int, int], tuple[int, int]] = {}
    over = {n: Fraction(0) for n in range(1, PAIRS + 1)}
    for board in {b for b, _ in played}:
        rows = {ns: v for (b, ns), v in played.items() if b == board}
        real = [t for _, t in rows.values() if t != "A50/A50"]
        assert len(rows) == TABLES and real
        ns_mean = Fraction(sum(real), len(real))
        for ns, (ew, t) in rows.items():
            if t == "A50/A50":
                t = half_up(ns_mean)
            lines[board, ns] = (t, 13 - t)
            over[ns] += t - ns_mean
            over[ew] += (13 - t) - (13 - ns_mean)
    totals = {n: 0 for n in range(1, PAIRS + 1)}
    for (board, ns), (t_ns, t_ew) in lines.items():
        totals[ns] += t_ns
        totals[played[board, ns][0]] += t_ew
    return totals, lines, over


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
            t = tricks_for(board, ns)
            card = phone.locator(f"#board-{board}")
            tap_keys(card, ("Tricks won by N-S", str(t)))
            assert card.get_by_label("Tricks N-S").input_value() == str(t)
            preview = f"N-S {t} tricks · E-W {13 - t} tricks"
            card.locator(".deal-preview").get_by_text(preview).wait_for()
            with phone.expect_navigation():
                card.get_by_role("button", name=f"Save board {board}").tap()
            played[board, ns] = (ew, t)
        ok = phone.locator("table.ok-scores")
        no_sideways_scroll(phone)
        for board, ns, _ in schedule[PHONE_TABLE, rnd]:
            t = tricks_for(board, ns)  # E-W's score is 13 − N-S's tricks, never negative
            cells = ok.locator(f"#ok-board-{board} td").all_inner_texts()
            assert cells == [str(board), f"{t} tricks", str(t), str(13 - t)], cells
        phone.get_by_label("have checked these results and agree").tap()
        with phone.expect_navigation():
            phone.get_by_role("button", name=f"Confirm round {rnd}").tap()


def key_tricks(page, board: int, ns: int, tricks: int) -> None:
    """The TD's keys for one whist row: the cursor is in Tricks N-S; type the tricks, Enter."""
    wait_for_focus(page, f"r{board}-{ns}-tricks_ns")
    page.keyboard.type(str(tricks))
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#row-{board}-{ns}:not(.open):not(.htmx-settling) .stored")
    shown = page.locator(f"#row-{board}-{ns} .stored").inner_text()
    assert shown.startswith(f"{tricks} tricks to N-S"), shown


def key_artificial(page, board: int, ns: int, text: str) -> None:
    wait_for_focus(page, f"r{board}-{ns}-tricks_ns")
    page.locator(f"#r{board}-{ns}-adjusted").fill(text)
    page.locator(f"#r{board}-{ns}-adjusted").press("Enter")
    page.wait_for_selector(f"#row-{board}-{ns}:not(.open):not(.htmx-settling) .stored")
    assert text in page.locator(f"#row-{board}-{ns} .stored").inner_text().replace(" ", "")


def enter_by_slips(page, play_url, played) -> None:
    for _ in range(SLIPS):
        page.goto(play_url)
        table, rnd = slip_links(page)[-1]
        open_slip(page, table, rnd)
        rows = open_rows(page)
        assert len(rows) == PER_ROUND
        for board, ns, ew in rows:
            key_tricks(page, board, ns, tricks_for(board, ns))
            played[board, ns] = (ew, tricks_for(board, ns))
        confirm_slip(page, table, rnd, PER_ROUND)


def enter_by_traveller(page, play_url, played) -> None:
    page.goto(play_url)
    for board in range(1, BOARDS + 1):
        open_traveller(page, board)
        for i, (b, ns, ew) in enumerate(open_rows(page)):
            if (b, i) == (ARTIFICIAL[0], 0):
                key_artificial(page, b, ns, ARTIFICIAL[1])
                played[b, ns] = (ew, ARTIFICIAL[1])
                continue
            key_tricks(page, b, ns, tricks_for(b, ns))
            played[b, ns] = (ew, tricks_for(b, ns))
        assert page.locator("form.result-row.open").count() == 0


def number(text: str) -> float:
    return float(text.replace("\u2212", "-").replace("+", ""))


def check_standings(page, totals, over, pairs_in) -> None:
    """Each direction ranked apart on the tricks over each deal's average; tricks beside."""
    tables = page.locator("table.standings-table")
    assert tables.count() == 2, "N-S and E-W are ranked apart"
    seen = set()
    for k in range(2):
        rows = read_table(tables.nth(k))
        field = {int(r["No."]) for r in rows}
        assert field in ({1, 2, 3}, {4, 5, 6}), field
        for row in rows:
            pair = int(row["No."])
            seen.add(pair)
            assert row["Pair"] == pairs_in[pair]
            assert int(row["Tricks"]) == totals[pair], (row, totals[pair])
            assert abs(number(row["Score"]) - float(over[pair])) < 0.006, (row, over[pair])
            better = sum(1 for p in field if round(over[p], 2) > round(over[pair], 2))
            assert row["Place"].strip("=") == str(better + 1), row
    assert seen == set(range(1, PAIRS + 1))


def check_scorecard_on_phone(phone, live_server, session_pk, pair, totals, lines, played):
    """An E-W pair's public scorecard at 390px: its own tricks (13 − N-S's), never negative."""
    phone.goto(f"{live_server.url}/session/{session_pk}/")
    phone.get_by_role("link", name=re.compile(f"^{NAMES[2 * pair - 2]} & ")).first.click()
    phone.get_by_role("heading", name=re.compile(f"^Pair {pair}:")).wait_for()
    no_sideways_scroll(phone)
    mine = {b: ns for (b, ns), (ew, _) in played.items() if ew == pair}
    rows = [r for t in phone.locator("section.scorecard-round table").all() for r in read_table(t)]
    assert sorted(int(r["Board"]) for r in rows) == sorted(mine)
    for row in rows:
        board = int(row["Board"])
        t_ns, t_ew = lines[board, mine[board]]
        assert int(row["Points"]) == t_ew, (row, t_ns, t_ew)
        assert row["Score"] in ("", str(t_ew)), (row, "E-W's score is its own tricks")
    assert int(rows[-1]["Total"]) == totals[pair], rows[-1]


def test_a_six_pair_whist_session(page, phone, live_server, transactional_db, tmp_path):
    from tournament.models import Section

    club, user, players = make_club()
    pairs_in = {i + 1: f"{NAMES[2 * i]} & {NAMES[2 * i + 1]}" for i in range(PAIRS)}

    sign_in_td(page, live_server)
    page.locator("header").get_by_role("link", name="Director's console").click()
    page.wait_for_url(f"{live_server.url}/td/")
    new_event(page, live_server, "Whist drive", prizes=PRIZES, game="whist", method="tricks")
    new_session(page, "Evening", "2026-11-10")
    session_url = page.url.removesuffix("entries/")  # the session's overview
    for i in range(PAIRS):
        sign_in_pair(page, NAMES[2 * i], NAMES[2 * i + 1])
    choose_movement(page, "mitchell", PER_ROUND)
    deal_and_start(page, "whist", BOARDS)
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
    assert played[CORRECTED, ns][1] != CORRECTION
    open_correction(page, live_server, section.pk, CORRECTED, ns)
    page.get_by_label("Tricks N-S").fill(str(CORRECTION))
    save_correction(page, CORRECTED, "N-S wrote E-W's tricks")
    played[CORRECTED, ns] = (played[CORRECTED, ns][0], CORRECTION)

    make_final(page, session_url)
    totals, lines, over = expected(played)
    assert len(set(over.values())) > 2, "the results should spread the field"
    for row in scored_travellers(page, session_url):
        t_ns, t_ew = lines[int(row["Board"]), int(row["N-S"])]
        assert (int(row["Points N-S"]), int(row["Points E-W"])) == (t_ns, t_ew), row
    open_standings_and_prizes(page, session_url)
    winners = set()
    for field in ((1, 2, 3), (4, 5, 6)):
        best = max(round(over[p], 2) for p in field)
        winners |= {p for p in field if round(over[p], 2) == best}
    assert len(winners) == 2, ("one winner each way", totals)
    assert {int(r["Pair"]): r["Prize(s)"] for r in prize_rows(page)} == {p: "1" for p in winners}

    page.goto(f"{live_server.url}/session/{section.session_id}/")
    assert page.is_visible("text=Final results.")
    no_sideways_scroll(page)
    check_standings(page, totals, over, pairs_in)

    check_scorecard_on_phone(phone, live_server, section.session_id, 4, totals, lines, played)

    data = json.loads(download(page, session_url, "Download the session file (JSON)",
                               tmp_path / "whist.json"))  # fmt: skip
    results = data["sections"][0]["results"]
    assert len(results) == BOARDS * TABLES
    for r in results:
        ew, t = played[r["board"], r["ns"]]
        assert r["ew"] == ew
        if t == "A50/A50":
            assert r["adjusted"] == "A50/A50"
        else:
            assert r["tricks_ns"] == t, r
