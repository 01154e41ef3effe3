"""Screenshots of the director's console kept as test artefacts (issue 18): the director's
home, each of the five steps of the session console, the TD's standings, the phone keypad and
the public standings, at 1280 × 800 and on a 390 × 844 phone.

They are written to ``docs/img/`` (or ``$CONSOLE_SCREENSHOTS_DIR``) as
``console-<name>-<viewport>.png``, where docs/console.md shows them.  Every page is checked
for no sideways scroll on the phone as it is taken.
"""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

from .conftest import PHONE
from .helpers import sign_in_td
from .pages import build_evening
from .test_accessibility import OVERFLOWING
from .test_table_keypad import tap_keys

DOCS_IMG = Path(
    os.environ.get("CONSOLE_SCREENSHOTS_DIR", Path(__file__).resolve().parents[2] / "docs" / "img")
)
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
}
NO_SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _ready_for_boards(evening):
    """A third session of the event: eight pairs in, the movement chosen, no boards yet."""
    from tournament.models import Session
    from tournament.setup import services as setup_services

    session = Session.objects.create(
        event=evening.event, name="Wednesday", date=datetime.date(2026, 11, 4)
    )
    section = setup_services.add_section(session, "A")
    for i in range(6):
        setup_services.sign_in(section, [evening.players[2 * i], evening.players[2 * i + 1]])
    for i in range(2):
        setup_services.sign_in(section, [f"Guest {2 * i + 1}", f"Guest {2 * i + 2}"])
    setup_services.choose_movement(section, "howell", boards_per_round=3)
    return session


def _shoot(tab, live_server, url: str, name: str, viewport: str) -> Path:
    response = tab.goto(f"{live_server.url}{url}", wait_until="load")
    assert response.status == 200, (name, url, response.status)
    path = DOCS_IMG / f"console-{name}-{viewport}.png"
    tab.screenshot(path=str(path), full_page=True)
    if viewport == "phone":
        wider = tab.evaluate(NO_SIDEWAYS)
        assert wider <= 1, f"{name}: {wider}px sideways scroll from {tab.evaluate(OVERFLOWING)}"
    assert path.stat().st_size > 1000
    return path


def test_screenshots_of_the_console_steps_the_keypad_and_the_standings(
    browser, live_server, transactional_db
):
    from scoring.results import services as result_services
    from tournament.setup import services as setup_services

    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    evening = build_evening()
    wednesday = _ready_for_boards(evening)
    running, draft = evening.session.pk, evening.draft.pk
    shots = {
        "td-home": "/td/",
        "session-overview": f"/td/session/{wednesday.pk}/",
        "step-entries": f"/td/session/{draft}/entries/",
        "step-movement": f"/td/session/{wednesday.pk}/movement/",
        "step-boards": f"/td/session/{wednesday.pk}/boards/",
        "step-play": f"/td/session/{running}/play/",
    }
    later = {  # after Make provisional
        "step-results": f"/td/session/{running}/results/",
        "td-standings": f"/td/session/{running}/standings/",
        "public-standings": f"/session/{running}/",
    }
    contexts = {}
    try:
        for viewport, options in VIEWPORTS.items():
            contexts[viewport] = browser.new_context(**options)
            tab = contexts[viewport].new_page()
            tab.set_default_timeout(15_000)
            sign_in_td(tab, live_server)
            for name, url in shots.items():
                _shoot(tab, live_server, url, name, viewport)
        # the phone keypad: table 2 (its round 2 confirmed) keys in 4♠ by North, made
        result_services.confirm(evening.section, table_number=2, round_number=2)
        phone = contexts["phone"].new_page()
        phone.goto(f"{live_server.url}/t/{evening.tokens[2]}/")
        card = phone.locator("[id^=board-]").first
        assert "round 3" in phone.text_content("h1")
        tap_keys(card, ("Level", "4"), ("Strain and doubling", "Spades"),
                 ("Declarer", "Declarer North"), ("Tricks: made, over or down", "="))  # fmt: skip
        assert card.get_by_label("Result").input_value() == "4S N ="
        card.locator(".deal-preview").get_by_text("N-S").first.wait_for()
        assert phone.evaluate(NO_SIDEWAYS) <= 1
        path = DOCS_IMG / "console-keypad-phone.png"
        card.get_by_role("button", name=re.compile("^Save board")).scroll_into_view_if_needed()
        phone.screenshot(path=str(path))
        assert path.stat().st_size > 1000

        setup_services.set_status(evening.session, "provisional")
        for viewport, context in contexts.items():
            tab = context.pages[0]
            for name, url in later.items():
                _shoot(tab, live_server, url, name, viewport)
    finally:
        for context in contexts.values():
            context.close()
    names = [*shots, *later]
    for name in names:
        for viewport in VIEWPORTS:
            assert (DOCS_IMG / f"console-{name}-{viewport}.png").exists()
