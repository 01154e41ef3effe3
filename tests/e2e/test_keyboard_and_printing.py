"""Keyboard-only result entry (no mouse) and the printed documents as real PDF downloads."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from pypdf import PdfReader

from .helpers import (
    focused_id,
    key_in,
    open_rows,
    read_table,
    running_session,
    sign_in_td,
    wait_for_focus,
)

MARK = "window.__not_reloaded"


def stored_count(section) -> int:
    from scoring.models import BoardResult

    return BoardResult.objects.filter(section=section).count()


def press_and_expect_error(page, board: int, ns: int, typed: str, message: str) -> None:
    """Type a wrong result and Enter: the message at the field, the text kept, the cursor there."""
    wait_for_focus(page, f"r{board}-{ns}-result")
    page.keyboard.type(typed)
    page.keyboard.press("Enter")
    field = page.locator(f"#row-{board}-{ns} label.has-error:has(#r{board}-{ns}-result)")
    field.wait_for()
    assert re.search(message, field.locator(".errorlist").text_content(), re.I)
    assert page.input_value(f"#r{board}-{ns}-result") == typed
    # the redrawn row still goes back to this screen when sent without htmx
    assert page.input_value(f"#row-{board}-{ns} input[name=next]") == urlsplit(page.url).path
    wait_for_focus(page, f"r{board}-{ns}-result")


def test_keyboard_only_entry_updates_rows_in_place(page, live_server, transactional_db):
    session, section = running_session()
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/section/{section.pk}/board/1/traveller/")
    page.evaluate(f"{MARK} = true")
    (b, ns1, _), (_, ns2, _), (_, ns3, _) = open_rows(page)

    # the cursor starts in the first row; a wrong contract stays as typed with its message
    press_and_expect_error(page, b, ns1, "8NT N =", "contract|level|1.7")
    assert stored_count(section) == 0
    page.keyboard.press("Control+A")
    key_in(page, b, ns1, "4H N =")
    assert "4H by N" in page.text_content(f"#row-{b}-{ns1} .stored")

    # the cursor moved on by itself; tricks out of range are refused at the field
    press_and_expect_error(page, b, ns2, "3NT S 14", "trick|13")
    assert stored_count(section) == 1
    page.keyboard.press("Control+A")
    key_in(page, b, ns2, "3NT S -1")

    # Tab through the row (result, lead, adjusted, Save) and press Enter on Save
    wait_for_focus(page, f"r{b}-{ns3}-result")
    page.keyboard.type("1NT S +1")
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(focused_id(page) or page.evaluate("document.activeElement.textContent"))
    assert order == [f"r{b}-{ns3}-lead", f"r{b}-{ns3}-adjusted", "Save"]
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#row-{b}-{ns3}:not(.open):not(.htmx-settling) .stored")

    assert page.evaluate(MARK) is True  # every row was swapped by htmx: no page load
    assert page.locator("form.result-row.open").count() == 0
    assert stored_count(section) == 3


def test_a_pick_up_slip_by_keyboard_then_confirmed(page, live_server, transactional_db):
    session, section = running_session()
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/section/{section.pk}/slip/1/1/")
    page.evaluate(f"{MARK} = true")
    rows = open_rows(page)
    assert len(rows) == 2
    for board, ns, _ in rows:
        key_in(page, board, ns, "PASS")
    assert page.evaluate(MARK) is True
    # then the keyboard reaches the confirm button
    button = page.get_by_role("button", name="Confirm round 1 at table 1 (opponents' O.K.)")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    assert "2 result(s) confirmed." in page.text_content("ul.messages")
    assert page.locator(".status-confirmed").count() == 2


def test_the_same_board_from_two_screens_is_a_conflict_not_a_double(
    page, new_page, live_server, transactional_db
):
    session, section = running_session()
    other = new_page()
    url = f"{live_server.url}/td/section/{section.pk}/board/1/traveller/"
    for screen in (page, other):
        sign_in_td(screen, live_server)
        screen.goto(url)
    board, ns, _ = open_rows(page)[0]
    key_in(page, board, ns, "4H N =")
    wait_for_focus(other, f"r{board}-{ns}-result")
    other.keyboard.type("4H N -1")
    other.keyboard.press("Enter")
    conflict = other.locator(f"#row-{board}-{ns} .conflict")
    conflict.wait_for()
    assert "4H by N, 10 tricks" in conflict.text_content()
    assert "4H N -1" in conflict.text_content()
    assert conflict.get_by_role("link", name="Keep the stored result").is_visible()
    assert stored_count(section) == 1


def enter_every_result(section) -> None:
    from scoring.inputs import scheduled_plays
    from scoring.results.services import record_result

    for board, plays in scheduled_plays(section.get_movement()).items():
        for play in plays:
            record_result(
                section, board_number=board, ns=play.ns, ew=play.ew, round_number=play.round,
                fields={"contract": "1NT", "declarer": "S", "tricks": 7 + play.ns % 3},
            )  # fmt: skip


def download(page, link) -> tuple[str, PdfReader]:
    with page.expect_download() as info:
        link.click()
    done = info.value
    assert done.failure() is None, done.failure()
    data = Path(done.path()).read_bytes()
    assert data.startswith(b"%PDF"), data[:80]
    return done.suggested_filename, PdfReader(done.path())


def text_of(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


DOCUMENTS = {
    # the print card's line → text the PDF must contain
    "Master sheet (TD)": "Master sheet",
    "Table (guide) cards": "Table 1",
    "Travellers": "Board 1",
    "Pick-up slips": "Table 1 · round 1",
    "Hand records": "Board 1",
    "Results sheet and prize list": "Ada Lovelace",
}


def test_printing_downloads_open_as_pdfs(page, live_server, transactional_db):
    session, section = running_session()
    enter_every_result(section)
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/session/{session.pk}/results/")
    card = page.locator("section.print-links")
    assert "Trump slips" not in card.text_content()  # a contract bridge session has none
    for line, expected in DOCUMENTS.items():
        item = card.locator("li", has_text=line + ":")
        name, reader = download(page, item.get_by_role("link", name="A4"))
        assert name.endswith(".pdf")
        assert len(reader.pages) > 0, line
        assert expected in text_of(reader), (line, text_of(reader)[:300])
    name, reader = download(
        page, card.locator("li", has_text="Pick-up slips:").get_by_text("Letter")
    )
    assert "letter" in name and len(reader.pages) > 0

    # the standings page links the results sheet too
    page.get_by_role("link", name="Standings and prizes").click()
    assert read_table(page.locator("main table").first)
    name, reader = download(page, page.get_by_role("link", name="Results sheet (PDF)"))
    assert len(reader.pages) > 0 and "Ada Lovelace" in text_of(reader)


def test_before_play_the_print_card_offers_only_what_can_be_printed(
    page, live_server, transactional_db
):
    session, section = running_session(start=False)
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/session/{session.pk}/boards/")
    card = page.locator("section.print-links")
    assert "after the first results are in" in card.text_content()
    hrefs = [a.get_attribute("href") for a in card.get_by_role("link", name="A4").all()]
    assert len(hrefs) >= 10
    # Chromium asks before a page starts more than ten downloads, so each document is
    # fetched from a fresh tab of the signed-in TD, as one clicks them over an evening.
    state = page.context.storage_state()
    for href in hrefs:  # every link is a real PDF
        context = page.context.browser.new_context(storage_state=state)
        tab = context.new_page()
        tab.goto(f"{live_server.url}/td/session/{session.pk}/boards/")
        name, reader = download(tab, tab.locator(f'section.print-links a[href="{href}"]'))
        assert len(reader.pages) > 0, name
        context.close()
