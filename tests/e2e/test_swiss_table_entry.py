"""A Swiss teams match entered at the table on a phone (390 × 844): one team taps and types
the eight boards' results at both tables, sees each board's N-S scores and IMPs as entered,
the other team ticks the O.K.; then the match counts in the standings with its VPs.

The sheet and every figure are worked by hand in tests/swiss/test_table_entry.py (scores by
Law 77 with the board's vulnerability, IMPs by Law 78B): home 34 – away 24 IMPs, 13.78 –
6.22 VPs on the WBF 8-board scale (the formula written out in test_swiss_evening.wbf).
"""

from __future__ import annotations

import pytest

from tests.swiss.test_table_entry import SCORES, SHEET

from .test_swiss_evening import vps
from .test_table_keypad import no_sideways_scroll, tap_keys

#: each board's IMPs (home, away) from the hand-worked table
IMPS = {1: (10, 0), 2: (0, 1), 3: (0, 13), 4: (0, 5), 5: (13, 0), 6: (0, 0), 7: (11, 0),
        8: (0, 5)}  # fmt: skip


@pytest.fixture
def swiss_night(transactional_db):
    """Four teams, round 1 paired by seed (table 1: 1 v 3), the table codes issued."""
    from tournament.models import Club, Event, Player, Session
    from tournament.play import services as play_services
    from tournament.setup import services as setup
    from tournament.swiss import services as swiss

    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    event = Event.objects.create(club=club, name="Swiss teams", game="contract",
                                 scoring_method="imps_teams", format="teams")  # fmt: skip
    session = Session.objects.create(event=event, name="Thursday", date="2026-11-05")
    players = [Player.objects.create(club=club, name=f"Player {i}") for i in range(8)]
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
    board = phone.locator("#board-1")  # board 1, table 1 by the pairs' keypad: 4S N =
    pad = board.locator('[data-kp-contract="id_b1_t1"]')
    tap_keys(pad, ("Level", "4"), ("Strain and doubling", "Spades"),
             ("Declarer", "Declarer North"), ("Tricks: made, over or down", "="))  # fmt: skip
    assert board.get_by_label("Table 1 (home N-S)").input_value() == "4S N ="
    for b, (t1, t2) in SHEET.items():  # the rest typed, as the keypad writes them
        card = phone.locator(f"#board-{b}")
        if b != 1:
            card.get_by_label("Table 1 (home N-S)").fill(t1)
        card.get_by_label("Table 2 (away N-S)").fill(t2)
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
