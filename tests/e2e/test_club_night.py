"""A whole club night in the browser (issue 7): a 3-table Howell, every result typed at the
keyboard, checked against matchpoints computed here by plain arithmetic.

The TD signs in, creates the event and the session, signs in six pairs from the club list,
takes the recommended movement with one click, deals, starts, enters boards 1–10 by
traveller and the rest by pick-up slip, confirms every round, corrects one result with a
reason, makes the session provisional then final, and reads the standings and the prize list.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .helpers import (
    NAMES,
    key_in,
    make_club,
    new_event,
    new_session,
    open_rows,
    open_step,
    read_table,
    sign_in_pair,
    sign_in_td,
)

#: Law 2 vulnerability, boards 1–16 (then again from 17)
VULNERABLE = [
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW",
]  # fmt: skip
#: what the TD types → (declaring side, score not vulnerable, score vulnerable), Law 77
SCORES = {
    "PASS": (None, 0, 0),
    "1NT S +1": ("NS", 120, 120),  # 40 + 30 + 50
    "2S E =": ("EW", 110, 110),  # 60 + 50
    "4H N =": ("NS", 420, 620),  # 120 + 300 / 500
    "3NT S -1": ("NS", -50, -100),
    "4SX W -1": ("EW", -100, -200),  # doubled: 100 / 200
    "3NT E 9": ("EW", 400, 600),  # 100 + 300 / 500
}
TEXTS = list(SCORES)
TRAVELLER_BOARDS = range(1, 11)
CORRECTION = (1, "3NT E 9")  # board, the corrected result
TOP = 4  # three scores on each board: 2 per score beaten, 1 per score equalled


def text_for(board: int, ns: int) -> str:
    return TEXTS[(board * 5 + ns * 3) % len(TEXTS)]


def ns_score(board: int, text: str) -> int:
    side, not_vul, vul = SCORES[text]
    if side is None:
        return 0
    vulnerability = VULNERABLE[(board - 1) % 16]
    score = vul if vulnerability in ("All", side) else not_vul
    return score if side == "NS" else -score


def expected_totals(played: dict[tuple[int, int], tuple[int, str]]) -> dict[int, Fraction]:
    """Each pair's matchpoints: (board, ns) → (ew, text) as entered."""
    boards: dict[int, dict[int, tuple[int, int]]] = {}
    for (board, ns), (ew, text) in played.items():
        boards.setdefault(board, {})[ns] = (ew, ns_score(board, text))
    totals: dict[int, Fraction] = {}
    for lines in boards.values():
        assert len(lines) == 3
        for ns, (ew, score) in lines.items():
            others = [s for other, (_, s) in lines.items() if other != ns]
            mp = Fraction(sum(2 if score > s else 1 if score == s else 0 for s in others))
            totals[ns] = totals.get(ns, 0) + mp
            totals[ew] = totals.get(ew, 0) + TOP - mp
    return totals


def enter_by_traveller(page, played) -> None:
    page.get_by_role("link", name="Enter by traveller").click()
    for board in TRAVELLER_BOARDS:
        if board > 1:
            page.get_by_role("navigation", name="Boards").get_by_role(
                "link", name=str(board), exact=True
            ).click()
        assert page.text_content("h1") == f"Traveller: board {board}"
        rows = open_rows(page)
        assert len(rows) == 3
        for i, (b, ns, ew) in enumerate(rows):
            text = text_for(b, ns)
            key_in(page, b, ns, text, lead="HK" if i == 1 else "")
            played[b, ns] = (ew, text)
        assert page.locator("form.result-row.open").count() == 0, page.inner_html("#rows")


def enter_by_slip(page, session_url, played) -> int:
    """Every table's current round from the session page, until all are finished."""
    slips = 0
    while True:
        page.goto(session_url)
        link = page.get_by_role("link", name=re.compile(r"^Pick-up slip: table \d+, round \d+$"))
        if link.count() == 0:
            break
        table, rnd = re.findall(r"\d+", link.first.get_attribute("aria-label"))
        link.first.click()
        assert page.text_content("h1") == f"Pick-up slip: table {table}, round {rnd}"
        for b, ns, ew in open_rows(page):
            assert b not in TRAVELLER_BOARDS
            text = text_for(b, ns)
            key_in(page, b, ns, text)
            played[b, ns] = (ew, text)
        assert page.locator("form.result-row.open").count() == 0, page.inner_html("#rows")
        page.get_by_role("button", name=f"Confirm round {rnd} at table {table}").click()
        assert "5 result(s) confirmed." in page.text_content("ul.messages")
        slips += 1
    assert slips == 15
    return slips


def correct_one(page, live_server, section_pk, played) -> None:
    board, new_text = CORRECTION
    ns = min(n for b, n in played if b == board)
    ew, old_text = played[board, ns]
    assert old_text != new_text
    page.goto(f"{live_server.url}/td/section/{section_pk}/board/{board}/traveller/")
    page.locator(f"#row-{board}-{ns}").get_by_role("link", name="Correct…").click()
    assert "Confirmed" in page.text_content("main")
    page.get_by_label("Result", exact=True).fill(new_text)
    page.get_by_role("button", name="Save the correction").click()  # no reason: refused
    assert page.is_visible("text=give the reason")
    assert page.get_by_label("Result", exact=True).input_value() == new_text
    page.get_by_label(re.compile(r"^Reason")).fill("N-S slip misread")
    page.get_by_role("button", name="Save the correction").click()
    assert page.text_content("h1") == f"Board {board}"
    audit = page.locator("section.card", has=page.get_by_role("heading", name="Audit trail"))
    row = audit.locator("tbody tr", has_text="N-S slip misread")
    assert row.count() == 1
    cells = [c.strip() for c in row.locator("td").all_text_contents()]
    assert cells[1] == "td" and cells[2] == "correct"
    assert cells[3].split()[:2] == old_text.split()[:2]  # e.g. "1NT S 8"
    assert cells[4].split() == ["3NT", "E", "9"]
    played[board, ns] = (ew, new_text)


def test_a_three_table_howell_club_night(page, live_server, transactional_db):
    club, user, players = make_club()
    sign_in_td(page, live_server)
    new_event(page, live_server, "Tuesday pairs", prizes=3)
    new_session(page, "Evening", "2026-11-03")

    for i in range(6):
        sign_in_pair(page, NAMES[2 * i], NAMES[2 * i + 1])
    section = page.locator("#section-A")
    assert "6 present" in section.text_content()

    open_step(page, "Movement")
    recommended = page.locator("#section-A ul.recommendations li").first
    assert "(recommended)" in recommended.text_content()
    assert "howell: 3 tables, 5 rounds × 5 boards = 25 boards" in recommended.text_content()
    recommended.get_by_role("button").click()
    assert "howell chosen" in page.text_content("ul.messages")

    open_step(page, "Boards")
    page.get_by_label("Seed (optional)").fill("club night")
    page.get_by_role("button", name="Deal the boards").click()
    assert "25 boards dealt" in page.text_content("main")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    assert (
        "0 of 5 boards in"
        in page.locator("#section-A table.progress tbody tr").first.text_content()
    )
    play_url = page.url

    played: dict[tuple[int, int], tuple[int, str]] = {}
    enter_by_traveller(page, played)
    enter_by_slip(page, play_url, played)
    assert len(played) == 75
    assert "finished" in page.locator("#section-A table.progress tbody tr").nth(2).text_content()

    from tournament.models import Section

    section_pk = Section.objects.get(session__event__club=club).pk
    correct_one(page, live_server, section_pk, played)

    page.goto(play_url)
    open_step(page, "Results")
    page.get_by_role("button", name="Make provisional").click()
    assert page.is_visible("p.provisional-banner")
    # inside the protest window, Make final says why the window is overridden
    page.fill("#override-reason", "all protests heard")
    page.get_by_role("button", name="Make final now").click()
    assert page.is_visible("p.final-banner")
    assert "The protest window was overridden: all protests heard." in page.text_content(
        ".messages"
    )

    page.get_by_role("link", name="Standings and prizes").click()
    assert page.is_visible("text=Final results.")
    check_standings(page, expected_totals(played))


def check_standings(page, totals: dict[int, Fraction]) -> None:
    tables = page.locator("main table")
    standings, prizes = read_table(tables.first), read_table(tables.last)
    names = {i + 1: f"{NAMES[2 * i]} & {NAMES[2 * i + 1]}" for i in range(6)}
    assert {int(r["Pair"]) for r in standings} == set(totals)
    for row in standings:
        pair = int(row["Pair"])
        assert Fraction(row["Score"]) == totals[pair], row
        percent = totals[pair] * 100 / (25 * TOP)
        assert abs(Fraction(row["%"]) - percent) <= Fraction(1, 100), row
        assert row["Boards"] == "25"
        better = sum(1 for t in totals.values() if t > totals[pair])
        assert row["Place"].strip("=") == str(better + 1), row
        assert row["Players"] == names[pair]
    # the prize list: places 1–3, a tie shares the prizes it covers
    order = sorted(totals.values(), reverse=True)
    expected: dict[int, list[int]] = {}
    for pair, total in totals.items():
        first = order.index(total) + 1
        won = [p for p in range(first, first + order.count(total)) if p <= 3]
        if won:
            expected[pair] = won
    got = {int(r["Pair"]): [int(p) for p in r["Prize(s)"].split(", ")] for r in prizes}
    assert got == expected
