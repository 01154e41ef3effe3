"""Issue 18: score entry at the table with a keypad, on a phone (390×844).

Taps only (no typing), the score before saving (the server's engine), the O.K. screen with each
board's result and score, the confirmation; whist tricks by keypad; keyboard-only entry; no
sideways scrolling on the table page and the scorecard.  Expected scores are worked out here
from the Law 77 table.  Screenshots of the keypad go to ``artefacts/e2e/`` (git-ignored; set
``E2E_ARTEFACTS`` to put them elsewhere).
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

TABLE = 2
MINUS = "\u2212"
VUL = "None NS EW All NS EW All None EW All None NS All None NS EW".split()  # Law 2
ARTEFACTS = Path(
    os.environ.get("E2E_ARTEFACTS", Path(__file__).resolve().parents[2] / "artefacts" / "e2e")
)


def vulnerable(board: int, declarer: str) -> bool:
    side = "NS" if declarer in "NS" else "EW"
    return VUL[(board - 1) % 16] in ("All", side)


def signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"{MINUS}{-n}")


def shot(page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000
    return path


def evening(game: str, method: str):
    """A running 3-table Mitchell with table codes; tables other than TABLE have played round 1."""
    from boards import services as board_services
    from scoring.inputs import scheduled_plays
    from scoring.results import services as result_services
    from tournament.models import Club, Event, Player, Session
    from tournament.play import services as play_services
    from tournament.setup import services as setup_services

    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    event = Event.objects.create(club=club, name="Tuesday Pairs", game=game, scoring_method=method)
    session = Session.objects.create(event=event, name="Tuesday", date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 7)]
    )
    setup_services.choose_movement(section, "mitchell", tables=3, boards_per_round=2)
    section.refresh_from_db()
    board_services.generate(session, seed="keypad-test")
    setup_services.set_status(session, "running")
    codes = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    mine, pairs = [], None
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for p in plays:
            if p.round != 1:
                continue
            if p.table == TABLE:
                mine.append(board)
                pairs = (p.ns, p.ew)
                continue
            fields = {"tricks_ns": 7} if game == "whist" else {
                "contract": "3NT", "declarer": "S", "tricks": 9}  # fmt: skip
            result_services.record_result(
                section, board_number=board, ns=p.ns, ew=p.ew, round_number=1, fields=fields
            )
    return {"session": session, "section": section, "codes": codes, "boards": mine,
            "pairs": pairs}  # fmt: skip


@pytest.fixture
def contract_night(transactional_db):
    return evening("contract", "matchpoints")


@pytest.fixture
def whist_night(transactional_db):
    return evening("whist", "tricks")


def no_sideways_scroll(page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
        " Math.max(0, ...[...document.querySelectorAll('.table-wrap, table')]"
        ".map(e => e.scrollWidth - e.clientWidth))]"
    )
    scroll, client, inner = widths
    assert scroll <= client, f"the page scrolls sideways: {scroll}px in {client}px"
    assert inner <= 0, f"a table scrolls sideways by {inner}px"


def tap_keys(card, *names) -> None:
    for group, name in names:
        card.get_by_role("group", name=group).get_by_role("button", name=name, exact=True).tap()


def test_a_phone_enters_a_round_by_keypad_sees_the_scores_and_confirms(
    contract_night, phone, live_server
):
    from django.urls import reverse

    night = contract_night
    b1, b2 = night["boards"]
    phone.goto(f"{live_server.url}/t/{night['codes'][TABLE]}/")
    no_sideways_scroll(phone)

    card = phone.locator(f"#board-{b1}")
    tap_keys(card, ("Level", "4"), ("Strain and doubling", "Spades"),
             ("Declarer", "Declarer North"))  # fmt: skip
    assert "Still to choose: tricks" in card.locator(".kp-missing").inner_text()
    tap_keys(card, ("Tricks: made, over or down", "="))
    assert card.get_by_label("Result").input_value() == "4S N ="
    s1 = 620 if vulnerable(b1, "N") else 420
    card.locator(".deal-preview").get_by_text(f"N-S {signed(s1)} · E-W {signed(-s1)}").wait_for()
    # a 4-level contract leaves 14 outcomes: 10 down to 3 over
    shown = card.get_by_role("group", name="Tricks: made, over or down").get_by_role("button")
    assert shown.all_inner_texts() == [f"{MINUS}{d}" for d in range(10, 0, -1)] + [
        "=", "+1", "+2", "+3"]  # fmt: skip
    shot(phone, "table-keypad-phone")
    no_sideways_scroll(phone)
    with phone.expect_navigation():
        card.get_by_role("button", name=f"Save board {b1}").tap()

    card = phone.locator(f"#board-{b2}")
    tap_keys(card, ("Level", "3"), ("Strain and doubling", "No trumps"),
             ("Strain and doubling", "Doubled"), ("Declarer", "Declarer West"),
             ("Tricks: made, over or down", f"{MINUS}2"))  # fmt: skip
    assert card.get_by_label("Result").input_value() == "3NTX W -2"
    s2 = 500 if vulnerable(b2, "W") else 300  # N-S defend: 2 down doubled
    card.locator(".deal-preview").get_by_text(f"N-S {signed(s2)} · E-W {signed(-s2)}").wait_for()
    with phone.expect_navigation():
        card.get_by_role("button", name=f"Save board {b2}").tap()

    # the O.K. screen: each board's result and score for East-West to check
    ok = phone.locator("table.ok-scores")
    assert ok.locator(f"#ok-board-{b1} td").all_inner_texts() == [
        str(b1), "4S N =", signed(s1), signed(-s1)]  # fmt: skip
    assert ok.locator(f"#ok-board-{b2} td").all_inner_texts() == [
        str(b2), "3NTX W -2", signed(s2), signed(-s2)]  # fmt: skip
    assert f"N-S {signed(s1)}" in phone.locator(f"#board-{b1} .entered").inner_text()
    no_sideways_scroll(phone)
    phone.locator("section.confirm").scroll_into_view_if_needed()
    shot(phone, "table-ok-screen-phone")
    phone.get_by_label("have checked these results and agree").tap()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Confirm round 1").tap()
    assert "round 2" in phone.text_content("h1")

    from scoring.models import BoardResult

    stored = {r.board_number: (r.contract, r.declarer, r.tricks, r.status)
              for r in BoardResult.objects.filter(table_number=TABLE)}  # fmt: skip
    assert stored == {b1: ("4S", "N", 10, "confirmed"), b2: ("3NTX", "W", 7, "confirmed")}

    # the players' scorecard fits the phone too
    ns, _ = night["pairs"]
    phone.goto(live_server.url + reverse("scorecard", args=[night["session"].pk, "A", ns]))
    assert f"Pair {ns}" in phone.text_content("h1")
    no_sideways_scroll(phone)
    shot(phone, "scorecard-phone")


def test_pass_and_an_artificial_score_by_keypad(contract_night, phone, live_server):
    night = contract_night
    b1, b2 = night["boards"]
    phone.goto(f"{live_server.url}/t/{night['codes'][TABLE]}/")
    card = phone.locator(f"#board-{b1}")
    tap_keys(card, ("Level", "2"), ("No contract, or the director's score", "Passed out"))
    assert card.get_by_label("Result").input_value() == "PASS"
    card.locator(".deal-preview").get_by_text("N-S 0 · E-W 0").wait_for()
    with phone.expect_navigation():
        card.get_by_role("button", name=f"Save board {b1}").tap()
    card = phone.locator(f"#board-{b2}")
    tap_keys(card, ("No contract, or the director's score", "A60/A40"))
    card.locator(".deal-preview").get_by_text("Artificial score: N-S 60 % · E-W 40 %").wait_for()
    with phone.expect_navigation():
        card.get_by_role("button", name=f"Save board {b2}").tap()
    ok = phone.locator("table.ok-scores")
    assert ok.locator(f"#ok-board-{b1} td").all_inner_texts() == [str(b1), "PASS", "0", "0"]
    assert ok.locator(f"#ok-board-{b2} td").all_inner_texts() == [
        str(b2), "A60/A40", "60 %", "40 %"]  # fmt: skip


def test_a_whist_table_enters_tricks_by_keypad(whist_night, phone, live_server):
    night = whist_night
    b1, b2 = night["boards"]
    phone.goto(f"{live_server.url}/t/{night['codes'][TABLE]}/")
    no_sideways_scroll(phone)
    for board, tricks in ((b1, 9), (b2, 4)):
        card = phone.locator(f"#board-{board}")
        tap_keys(card, ("Tricks won by N-S", str(tricks)))
        assert card.get_by_label("Tricks N-S").input_value() == str(tricks)
        text = f"N-S {tricks} tricks · E-W {13 - tricks} tricks"
        card.locator(".deal-preview").get_by_text(text).wait_for()
        if board == b1:
            shot(phone, "table-keypad-whist-phone")
        with phone.expect_navigation():
            card.get_by_role("button", name=f"Save board {board}").tap()
    ok = phone.locator("table.ok-scores")
    assert ok.locator(f"#ok-board-{b1} td").all_inner_texts() == [str(b1), "9 tricks", "9", "4"]
    assert ok.locator(f"#ok-board-{b2} td").all_inner_texts() == [str(b2), "4 tricks", "4", "9"]
    no_sideways_scroll(phone)
    phone.get_by_label("have checked these results and agree").tap()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Confirm round 1").tap()
    assert "round 2" in phone.text_content("h1")


def test_the_keypad_works_from_the_keyboard_alone(contract_night, new_page, live_server):
    """Tab to each key and press Enter or Space; Tab to Save, Enter; the same for the O.K."""
    from django.urls import reverse

    night = contract_night
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + reverse("table", args=[night["codes"][TABLE]]))

    def tab_to(selector: str) -> None:
        for _ in range(120):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    for board in night["boards"]:
        card = f"#board-{board}"
        for kind, value, key in (("level", "3", "Enter"), ("strain", "NT", "Space"),
                                 ("declarer", "S", "Enter"), ("tricks", "-1", "Space")):  # fmt: skip
            tab_to(f"{card} button[data-kp={kind}][data-value='{value}']")
            page.keyboard.press(key)
        assert page.locator(card).get_by_label("Result").input_value() == "3NT S -1"
        s = 100 if vulnerable(board, "S") else 50
        page.locator(f"{card} .deal-preview").get_by_text(f"N-S {signed(-s)}").wait_for()
        tab_to(f"{card} button[type=submit]")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "entered, not yet confirmed" in page.text_content(card)
    tab_to("input[name=ok]")
    page.keyboard.press("Space")
    tab_to("form:has(input[name=ok]) button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "round 2" in page.text_content("h1")


def test_a_full_scorecard_fits_the_phone(contract_night, phone, live_server):
    """Every board played (so every line shows), with the widest values a line can take:
    redoubled grand slams (+2980), fractional percentages and running totals."""
    from django.urls import reverse

    from scoring.inputs import scheduled_plays
    from scoring.results import services as result_services

    night = contract_night
    section = night["section"]
    wide = [("7NTXX", "N", 13), ("7NTXX", "E", 0), ("6CX", "W", 12), ("1NT", "S", 7)]
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for i, p in enumerate(plays):
            if p.round == 1 and p.table != TABLE:
                continue  # entered by the fixture
            contract, declarer, tricks = wide[(board + i) % len(wide)]
            result_services.record_result(
                section, board_number=board, ns=p.ns, ew=p.ew, round_number=p.round,
                fields={"contract": contract, "declarer": declarer, "tricks": tricks},
            )  # fmt: skip
    for pair in (night["pairs"][0], night["pairs"][1]):
        phone.goto(live_server.url + reverse("scorecard", args=[night["session"].pk, "A", pair]))
        assert phone.locator("tr.in-play").count() == 0, "every board should be shown"
        assert MINUS in phone.inner_text("main") or "-" in phone.inner_text("main")
        no_sideways_scroll(phone)
    shot(phone, "scorecard-full-phone")
