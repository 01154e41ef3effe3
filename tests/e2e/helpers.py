"""Shared steps of the browser tests: a club with a TD, and the TD's keyboard at the console.

Selectors are the ones a TD (or a screen reader) uses: labels, button names, the rows' ids
(``row-<board>-<ns>``) and the one-box result fields (``r<board>-<ns>-result``).
"""

from __future__ import annotations

import re

from playwright.sync_api import TimeoutError

from .conftest import login

PASSWORD = "correct-horse-battery"
NAMES = [
    "Ada Lovelace", "Charles Babbage", "Mary Somerville", "John Herschel",
    "Caroline Herschel", "George Boole", "Augusta De Morgan", "William Whewell",
    "Ellen Hardcastle", "Thomas Young", "Agnes Clerke", "James Clerk",
]  # fmt: skip
ROW_TEXT = re.compile(r"N-S (\d+) v E-W (\d+)")


def make_club(username: str = "td"):
    """A club with twelve players and a TD of the club (made with the ORM)."""
    from django.contrib.auth.models import User

    from tournament.models import Club, Player
    from tournament.permissions import td_group

    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(td_group())
    club.directors.add(user)
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    return club, user, players


def sign_in_td(page, live_server, username: str = "td") -> None:
    login(page, live_server, username=username, password=PASSWORD)
    assert f"Sign out {username}" in page.text_content("header")


def new_event(page, live_server, name: str, prizes: int = 3) -> None:
    """Console → New event: contract bridge, matchpoints, pairs; ties shared."""
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option("contract")
    page.get_by_label("Scoring method").select_option("matchpoints")
    page.get_by_label("Format").select_option("pairs")
    page.get_by_label("Prizes per field").fill(str(prizes))
    page.get_by_label("Tie rule").select_option("share")
    page.get_by_role("button", name="Create the event").click()
    assert page.text_content("h1") == name


def new_session(page, name: str, date: str) -> None:
    """On the event page: a session, then its section A."""
    page.get_by_label("Name").fill(name)
    page.get_by_label("Date").fill(date)
    page.get_by_role("button", name="New session").click()
    assert name in page.text_content("h1")
    page.get_by_role("button", name="Add section").click()
    assert page.is_visible("#section-A")


def sign_in_pair(page, first: str, second: str) -> None:
    """Pick both players of a pair from the club list and sign them in."""
    form = page.locator("#section-A form[id^=sign-in-]")
    # a label wrapping a <select> is named with the chosen option too ("Player 1 ------")
    form.get_by_label(re.compile(r"^Player 1\b")).select_option(label=first)
    form.get_by_label(re.compile(r"^Player 2\b")).select_option(label=second)
    form.get_by_role("button", name="Sign in").click()
    assert page.is_visible("ul.messages")


def open_rows(page) -> list[tuple[int, int, int]]:
    """(board, ns, ew) of every row still to enter on an entry screen, in page order."""
    rows = page.locator("form.result-row.open").evaluate_all(
        "forms => forms.map(f => [f.id, f.textContent])"
    )
    out = []
    for row_id, text in rows:
        _, board, ns = row_id.split("-")
        match = ROW_TEXT.search(text)
        assert match and int(match[1]) == int(ns), text
        out.append((int(board), int(ns), int(match[2])))
    return out


def focused_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def wait_for_focus(page, element_id: str) -> None:
    try:
        page.wait_for_function(
            "id => document.activeElement && document.activeElement.id === id",
            arg=element_id, timeout=5_000,
        )  # fmt: skip
    except TimeoutError as exc:
        raise AssertionError(f"the cursor is in {focused_id(page)!r}, not {element_id}") from exc


def key_in(page, board: int, ns: int, text: str, lead: str = "") -> None:
    """The TD's keys for one row: the cursor is already in its Result box; type, (Tab, lead),
    Enter; the row turns into the stored result in place."""
    wait_for_focus(page, f"r{board}-{ns}-result")
    page.keyboard.type(text)
    if lead:
        page.keyboard.press("Tab")
        assert focused_id(page) == f"r{board}-{ns}-lead"
        page.keyboard.type(lead)
    page.keyboard.press("Enter")
    # swapped in place and settled (htmx keeps the old classes for a moment)
    page.wait_for_selector(f"#row-{board}-{ns}:not(.open):not(.htmx-settling) .stored")


def read_table(table) -> list[dict[str, str]]:
    heads = [h.strip() for h in table.locator("thead th").all_text_contents()]
    rows = []
    for tr in table.locator("tbody tr").all():
        cells = (c.strip() for c in tr.locator("td").all_text_contents())
        rows.append(dict(zip(heads, cells, strict=True)))
    return rows


def running_session(pairs: int = 6, boards_per_round: int = 2, start: bool = True):
    """A (running) Howell with its boards dealt, set up with the services (not the browser)."""
    import datetime

    from boards import services as boards_services
    from tournament.models import Event, Session
    from tournament.setup import services as setup_services

    club, user, players = make_club()
    event = Event.objects.create(
        club=club, name="Tuesday pairs", game="contract", scoring_method="matchpoints"
    )
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    section = setup_services.add_section(session, "A")
    for i in range(pairs):
        setup_services.sign_in(section, [players[2 * i], players[2 * i + 1]])
    setup_services.choose_movement(section, "howell", boards_per_round=boards_per_round)
    boards_services.generate(session, seed="keyboard")
    if start:
        setup_services.set_status(session, Session.Status.RUNNING)
    return session, section
