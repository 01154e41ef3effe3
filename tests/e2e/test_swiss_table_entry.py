"""A Swiss teams match entered at the table on a phone (390 × 844): one board open at a time
and one keypad, the line being entered; one team taps and types the eight boards' results at
both tables and sees each board's N-S scores and IMPs as they type, before saving (the
server's preview); the other team ticks the O.K. (or the TD records it on the console); then
the match counts in the standings with its VPs.

The sheet and every figure are worked by hand in tests/swiss/test_table_entry.py (scores by
Law 77 with the board's vulnerability, IMPs by Law 78B): home 34 – away 24 IMPs, 13.78 –
6.22 VPs on the WBF 8-board scale (the formula written out in test_swiss_evening.wbf).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.swiss.test_table_entry import SCORES, SHEET

from .helpers import make_club, sign_in_td
from .test_accessibility import OPTIONS, report
from .test_swiss_evening import vps
from .test_table_keypad import no_sideways_scroll, tap_keys

#: each board's IMPs (home, away) from the hand-worked table
IMPS = {1: (10, 0), 2: (0, 1), 3: (0, 13), 4: (0, 5), 5: (13, 0), 6: (0, 0), 7: (11, 0),
        8: (0, 5)}  # fmt: skip


@pytest.fixture
def swiss_night(transactional_db):
    """Four teams, round 1 paired by seed (table 1: 1 v 3), the table codes issued."""
    from tournament.models import Event, Session
    from tournament.play import services as play_services
    from tournament.setup import services as setup
    from tournament.swiss import services as swiss

    club, _, players = make_club()  # with the club's TD, "td"
    event = Event.objects.create(club=club, name="Swiss teams", game="contract",
                                 scoring_method="imps_teams", format="teams")  # fmt: skip
    session = Session.objects.create(event=event, name="Thursday", date="2026-11-05")
    section = setup.add_section(session, "A")
    for k in range(4):
        setup.add_entry(section, players[2 * k : 2 * k + 2], name=f"Team {k + 1}")
    swiss.start(section, vp_scale="wbf", boards_per_match=8, rounds=2, bye_vp=12)
    swiss.pair_next_round(section)
    section.refresh_from_db()
    codes = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    return section, codes


def test_a_phone_enters_a_swiss_sheet_and_the_other_team_confirms(swiss_night, phone, live_server):
    from tournament.models import SwissMatch
    from tournament.swiss import selectors

    section, codes = swiss_night
    phone.goto(f"{live_server.url}/t/{codes[1]}/")  # the table's QR code
    phone.get_by_role("heading", name="Enter the sheet").wait_for()
    no_sideways_scroll(phone)
    enter_with_preview(phone)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save the sheet").tap()

    for b, t1_ns, t2_ns in SCORES:
        cells = phone.locator(f"#sheet-board-{b} td").all_inner_texts()
        home, away = IMPS[b]
        assert cells == [SHEET[b][0], str(t1_ns), SHEET[b][1] if b != 6 else "", str(t2_ns),
                         str(home or ""), str(away or "")], b  # fmt: skip
    assert phone.locator("#home-imps").inner_text() == "34"
    assert phone.locator("#away-imps").inner_text() == "24"
    assert selectors.standings(section)[0].row.vps == 0  # not counted before the O.K.
    no_sideways_scroll(phone)

    phone.get_by_label("We, the team that did not enter the sheet").check()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Confirm the match").tap()
    phone.get_by_text("confirmed — only the director can change it").wait_for()
    home_vps, away_vps = vps(34, 24)
    assert phone.locator("#home-vps").inner_text() == str(home_vps) == "13.78"
    assert phone.locator("#away-vps").inner_text() == str(away_vps)
    assert phone.get_by_role("button", name="Save the sheet").count() == 0
    match = SwissMatch.objects.get(round_number=1, table_number=1)
    assert (match.status, match.home_imps, match.away_imps) == ("confirmed", 34, 24)
    standing = {s.entry.number: str(s.row.vps) for s in selectors.standings(section)}
    assert (standing[1], standing[3]) == ("13.78", "6.22")


def preview_text(b: int, t1_ns: int, t2_ns: int) -> str:
    """Board ``b``'s summary as the hand-worked table gives it (test_table_entry)."""
    t1, t2 = SHEET[b]
    home, away = IMPS[b]
    imps = f"home {home} IMP" if home else f"away {away} IMP" if away else "no IMPs"
    imps += "s" if max(home, away) > 1 else ""
    line2 = f"T2 {t2} {t2_ns}" if b != 6 else f"T2 {t2_ns}"  # a typed N-S score: no text
    return f"T1 {t1} {t1_ns} · {line2} · {imps}"


def visible_keypads(phone) -> int:
    return phone.locator(".keypad:visible").count()


def enter_with_preview(phone) -> None:
    """The eight boards one at a time: board 1's first line by the keypad, the rest typed;
    each board's scores and IMPs shown before saving; never more than one keypad open."""
    assert phone.locator("details.board-entry[open]").count() == 1  # board 1, to enter
    assert visible_keypads(phone) == 1  # table 1's line of board 1 (was 16 keypads)
    board = phone.locator("#board-1")
    pad = board.locator('[data-kp-contract="id_b1_t1"]')
    tap_keys(pad, ("Level", "4"), ("Strain and doubling", "Spades"),
             ("Declarer", "Declarer North"), ("Tricks: made, over or down", "="))  # fmt: skip
    assert board.get_by_label("Table 1 (home N-S)").input_value() == "4S N ="
    expect(board.locator("output.sheet-preview")).to_have_text("T1 4S N = 420")  # no IMPs yet
    board.get_by_role("button", name="Keypad for table 2").tap()  # the other line's keypad
    assert visible_keypads(phone) == 1
    assert board.locator('[data-kp-contract="id_b1_t2"]').is_visible()
    for b, t1_ns, t2_ns in SCORES:  # the rest typed, as the keypad writes them
        card = phone.locator(f"#board-{b}")
        if b != 1:
            card.locator("summary").tap()  # opening a board closes the one before
            assert phone.locator("details.board-entry[open]").count() == 1
            card.get_by_label("Table 1 (home N-S)").fill(SHEET[b][0])
        card.get_by_label("Table 2 (away N-S)").fill(SHEET[b][1])
        assert visible_keypads(phone) <= 1
        expect(card.locator("output.sheet-preview")).to_have_text(preview_text(b, t1_ns, t2_ns))
    no_sideways_scroll(phone)
    violations = Axe().run(phone, options=OPTIONS).response["violations"]
    assert not report("swiss sheet", "phone", phone.url, violations)


def test_the_td_records_the_teams_ok_on_the_console(swiss_night, phone, page, live_server):
    from tournament.models import SwissMatch

    section, codes = swiss_night
    phone.goto(f"{live_server.url}/t/{codes[1]}/")
    enter_with_preview(phone)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save the sheet").tap()
    assert phone.locator("#home-imps").inner_text() == "34"

    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/section/{section.pk}/swiss/")
    page.get_by_role("link", name="Board by board, table 1").click()
    page.get_by_text("waiting for the other team's O.K.").wait_for()
    violations = Axe().run(page, options=OPTIONS).response["violations"]
    assert not report("td swiss sheet", "desktop", page.url, violations)
    page.get_by_role("button", name="Record the teams' O.K., table 1").click()
    page.get_by_text("the teams' O.K. of 34–24 IMPs recorded").wait_for()
    match = SwissMatch.objects.get(round_number=1, table_number=1)
    assert (match.status, match.history[0]["by"]) == ("confirmed", "td")
    phone.reload()
    phone.get_by_text("confirmed — only the director can change it").wait_for()
    assert phone.locator("#home-vps").inner_text() == "13.78"
    assert phone.get_by_role("button", name="Save the sheet").count() == 0
