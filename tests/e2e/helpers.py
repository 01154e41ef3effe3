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


def new_event(
    page, live_server, name: str, prizes: int = 3, game: str = "contract",
    method: str = "matchpoints",
) -> None:  # fmt: skip
    """Console → New event: the game and scoring method given (contract bridge at matchpoints
    by default), pairs; ties shared."""
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Scoring method").select_option(method)
    page.get_by_label("Format").select_option("pairs")
    page.get_by_label("Prizes per field").fill(str(prizes))
    page.get_by_label("Tie rule").select_option("share")
    page.get_by_role("button", name="Create the event").click()
    assert page.text_content("h1") == name


def new_session(page, name: str, date: str) -> None:
    """On the event page: a session, then (on its step 1, Entries) its section A."""
    page.get_by_label("Name").fill(name)
    page.get_by_label("Date").fill(date)
    page.get_by_role("button", name="New session").click()
    assert name in page.text_content("h1")
    open_step(page, "Entries")
    page.get_by_role("button", name="Add section").click()
    assert page.is_visible("#section-A")


def open_step(page, title: str) -> None:
    """Open a step of the session console (Entries, Movement, Boards, Play, Results) by its
    link in the step bar, as a TD does."""
    steps = page.get_by_role("navigation", name="Session steps")
    steps.get_by_role("link", name=re.compile(rf"^\d*\s*{title}\b")).click()
    page.wait_for_url(re.compile(rf"/td/session/\d+/{title.lower()}/$"))
    current = steps.locator('[aria-current="step"]')
    assert title in current.text_content(), current.text_content()


def sign_in_pair(page, first: str, second: str) -> None:
    """Pick both players of a pair from the club list and sign them in."""
    form = page.locator("#section-A form[id^=sign-in-]")
    # a label wrapping a <select> is named with the chosen option too ("Player 1 ------")
    form.get_by_label(re.compile(r"^Player 1\b")).select_option(label=first)
    form.get_by_label(re.compile(r"^Player 2\b")).select_option(label=second)
    form.get_by_role("button", name="Sign in").click()
    assert page.is_visible("ul.messages")


def sign_in_players(page, names) -> None:
    """Sign in single players (an individual or a progressive game) from the club list."""
    for name in names:
        form = page.locator("#section-A form[id^=sign-in-]")
        form.locator("select").first.select_option(label=name)
        form.get_by_role("button", name="Sign in").click()
        assert page.is_visible("ul.messages")


def seat_round_one(page, live_server, session, field: str, lines: str) -> tuple[str, dict]:
    """From the Entries step: seat a progressive game's round 1 from ``lines`` typed in the
    field whose label contains ``field``, make the session running, and return the
    progressive page's URL and the tables' phone URLs."""
    page.get_by_role("link", name="Progressive seating: next round and override").click()
    page.get_by_label(re.compile(field)).fill(lines)
    page.get_by_role("button", name="Seat round 1").click()
    assert "Round 1 is seated." in page.text_content("ul.messages")
    progressive_url = page.url
    page.goto(f"{live_server.url}/td/session/{session.pk}/play/")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()
    page.goto(f"{live_server.url}/session/{session.pk}/")
    return progressive_url, table_urls(page, live_server)


def choose_movement(page, kind: str, boards_per_round: int) -> None:
    """Step 2, Movement: a movement by name (the form under the recommendations)."""
    open_step(page, "Movement")
    page.locator("#section-A details.other-movement summary").click()  # "Another movement"
    form = page.locator("#section-A form.entry-form", has=page.get_by_role(
        "button", name="Choose this movement"))  # fmt: skip
    form.get_by_label(re.compile(r"^Movement")).select_option(kind)
    form.get_by_label(re.compile(r"^Boards per round")).fill(str(boards_per_round))
    form.get_by_role("button", name="Choose this movement").click()
    assert f"{kind} chosen" in page.text_content("ul.messages")


def deal_and_start(page, seed: str, boards: int) -> None:
    """Step 3, Boards: deal the boards with a seed; step 4, Play: make the session running
    (the page is left on the Play step)."""
    open_step(page, "Boards")
    page.get_by_label("Seed (optional)").fill(seed)
    page.get_by_role("button", name="Deal the boards").click()
    assert f"{boards} boards dealt" in page.text_content("main")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()


def table_urls(page, live_server) -> dict[int, str]:
    """From the Play step: the table codes page; each table's address (issued if need be)."""
    page.get_by_role("link", name="Table QR codes").click()
    if page.locator(".qr-url a").count() == 0:
        page.get_by_role("button", name="Issue codes for tables without one").click()
    urls = {}
    for card in page.locator("li.qr-card").all():
        number = int(card.locator("h3").text_content().split()[-1])
        href = card.locator(".qr-url a").get_attribute("href")
        urls[number] = href if href.startswith("http") else live_server.url + href
    return urls


def slip_links(page) -> list[tuple[int, int]]:
    """On the Play step: (table, round) of each pick-up slip link, in page order."""
    links = page.get_by_role("link", name=re.compile(r"^Pick-up slip: table \d+, round \d+$"))
    out = []
    for label in links.evaluate_all("as => as.map(a => a.getAttribute('aria-label'))"):
        table, rnd = re.findall(r"\d+", label)
        out.append((int(table), int(rnd)))
    return out


def open_slip(page, table: int, rnd: int) -> None:
    page.get_by_role("link", name=f"Pick-up slip: table {table}, round {rnd}", exact=True).click()
    page.get_by_role("heading", name=f"Pick-up slip: table {table}, round {rnd}", exact=True
                     ).wait_for()  # fmt: skip


def confirm_slip(page, table: int, rnd: int, count: int) -> None:
    page.get_by_role("button", name=f"Confirm round {rnd} at table {table}").click()
    assert f"{count} result(s) confirmed." in page.text_content("ul.messages")


def open_traveller(page, board: int) -> None:
    """From the Play step (board 1) or a traveller (another board): the board's traveller."""
    if page.get_by_role("heading", name=re.compile(r"^Traveller: board \d+$")).count() == 0:
        page.get_by_role("link", name="Enter by traveller").click()
        page.get_by_role("heading", name="Traveller: board 1", exact=True).wait_for()
    if (
        board != 1
        or page.get_by_role("heading", name="Traveller: board 1", exact=True).count() == 0
    ):
        page.get_by_role("navigation", name="Boards").get_by_role(
            "link", name=str(board), exact=True
        ).click()
    page.get_by_role("heading", name=f"Traveller: board {board}", exact=True).wait_for()


def open_correction(page, live_server, section_pk: int, board: int, ns: int) -> None:
    page.goto(f"{live_server.url}/td/section/{section_pk}/board/{board}/traveller/")
    page.locator(f"#row-{board}-{ns}").get_by_role("link", name="Correct…").click()


def save_correction(page, board: int, reason: str) -> None:
    page.get_by_label(re.compile(r"^Reason")).fill(reason)
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_role("heading", name=f"Board {board}", exact=True).wait_for()
    audit = page.locator("section.card", has=page.get_by_role("heading", name="Audit trail"))
    assert audit.locator("tbody tr", has_text=reason).count() == 1


def make_final(page, session_url: str, reason: str = "all protests heard") -> None:
    """From the session's overview (``session_url``), step 5, Results: provisional, then final."""
    page.goto(session_url)
    open_step(page, "Results")
    page.get_by_role("button", name="Make provisional").click()
    page.locator("p.provisional-banner").wait_for()
    page.fill("#override-reason", reason)
    page.get_by_role("button", name="Make final now").click()
    page.locator("p.final-banner").wait_for()


def open_standings_and_prizes(page, session_url: str) -> None:
    page.goto(session_url)
    page.get_by_role("link", name="Standings and prizes").click()
    page.wait_for_url(re.compile(r"/td/session/\d+/standings/$"))
    page.get_by_role("heading", name=re.compile("^Prize list")).wait_for()


def download(page, session_url: str, link: str, path):
    """From the session page: Downloads, then the named download saved to ``path``."""
    page.goto(session_url)
    page.get_by_role("link", name=re.compile("^Downloads")).click()
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    info.value.save_as(path)
    return path.read_bytes()


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


def prize_rows(page) -> list[dict[str, str]]:
    """On the standings and prizes page: the rows of the prize list."""
    return read_table(
        page.locator(
            "xpath=//h2[starts-with(normalize-space(.), 'Prize list')]/following::table[1]"
        )
    )


def scored_travellers(page, session_url: str) -> list[dict[str, str]]:
    """From the session's overview, the Play step: the scored travellers of section A, one
    dict a line."""
    page.goto(session_url)
    open_step(page, "Play")
    page.get_by_role("link", name="Scored travellers").click()
    page.get_by_role("heading", name="Scored travellers", exact=True).wait_for()
    return read_table(page.locator("main table").first)
