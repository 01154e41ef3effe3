"""A table more or one fewer mid-session, through the browser (docs/console.md, "A table more or
one fewer"), at a desktop (1280×800) and a phone (390×844), with axe's contrast, label and name
rules on every page shown.

Adding: a 5-table Mitchell (10 pairs, 5 rounds of 2 boards) has played rounds 1 and 2 (every
board 3NT by N, just made). On the Entries step the TD picks late pair 11 from the club list
and types late pair 12 as new players, shows the new plan (six tables in rounds 3–5, late pair
11 v 9 at table 6 on set 3 in round 3) and re-plans; table 6 has its code. Table 6 enters its
rounds on its phone — N-S makes an overtrick on every board — and the TD keys the other
tables' results on the console's travellers (3NT N =). The standings are then worked out here
by plain counting: 2 matchpoints per N-S score beaten and 1 per score equalled, Neuberg
((m + 1)·N/n − 1, N = 6 results) on a board played n times, and a late pair's total over its
6 boards × 10/6 for the 4 it did not play (SCORING.md §3).

Removing: a 9-pair Mitchell (pair 10 the sit-out) after round 1: pair 1 and the sit-out leave,
scored Average− to pair 1 and Average+ to its opponents; the plan shows no table closed.

Screenshots go to ``$SCREENSHOTS_DIR`` (default /tmp/tablechange-shots).
"""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import PHONE
from .helpers import PASSWORD, key_in, open_rows, sign_in_td
from .test_accessibility import OPTIONS

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/tablechange-shots"))
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
}


def no_violations(tab) -> None:
    violations = Axe().run(tab, options=OPTIONS).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def shoot(tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def running_mitchell(pairs: int, played: set[int]):
    """A running Mitchell of ``pairs`` pairs (2 boards a round), table codes issued, rounds
    ``played`` in (every board 3NT by N, 9 tricks); a TD and two club members not playing."""
    from django.contrib.auth.models import User

    from boards import services as board_services
    from tests.console.test_table_change_console import play_flat
    from tournament.models import Club, Event, Player, Session
    from tournament.permissions import td_group
    from tournament.play import services as play_services
    from tournament.setup import services as setup_services

    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    user = User.objects.create_user("td", password=PASSWORD)
    user.groups.add(td_group())
    club.directors.add(user)
    event = Event.objects.create(club=club, name="Tuesday Pairs", game="contract",
                                 scoring_method="matchpoints")  # fmt: skip
    session = Session.objects.create(event=event, name="Tuesday", date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(1, 2 * pairs + 1)]
    for name in ("Ann Member", "Bob Member"):
        Player.objects.create(club=club, name=name)
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, pairs + 1)]
    )
    setup_services.choose_movement(section, "mitchell", boards_per_round=2)
    board_services.generate(session, seed="table change")
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    play_services.issue_tokens(section)
    play_flat(section, played)
    return session, section


def table_change_form(tab, section):
    return tab.locator(f"#tables-{section.pk}")


def expected_rows(section, tricks: dict) -> dict[int, tuple[float, float]]:
    """Each pair's (score, percent) by hand: ``tricks`` maps (board, ns, ew) → N-S tricks."""
    by_board: dict[int, list] = {}
    for (board, ns, ew), t in tricks.items():
        by_board.setdefault(board, []).append((ns, ew, t))
    top_n = max(len(rows) for rows in by_board.values())  # N: results on a full board
    raw: dict[int, float] = {}
    played: dict[int, int] = {}
    for rows in by_board.values():
        n = len(rows)
        for ns, ew, t in rows:
            m = sum(2 if u < t else 1 if u == t else 0 for _, _, u in rows) - 1  # not itself
            for pair, mp in ((ns, m), (ew, 2 * (n - 1) - m)):
                raw[pair] = raw.get(pair, 0) + (mp + 1) * top_n / n - 1
                played[pair] = played.get(pair, 0) + 1
    boards = 10  # every pair's schedule: 5 rounds of 2 boards
    top = 2 * (top_n - 1)
    out = {}
    for pair, total in raw.items():
        score = total * boards / played[pair]
        out[pair] = (score, 100 * score / (boards * top))
    return out


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_td_adds_a_table_mid_session(viewport, transactional_db, new_page, live_server):
    from django.urls import reverse

    from scoring.inputs import scheduled_plays
    from scoring.models import Standings
    from tournament.models import Player

    session, section = running_mitchell(10, {1, 2})
    td = new_page(**VIEWPORTS[viewport])
    sign_in_td(td, live_server)
    entries_url = live_server.url + reverse("td_session_entries", args=[session.pk])
    td.goto(entries_url)
    form = table_change_form(td, section)
    form.get_by_role("heading", name="One table more or one fewer").wait_for()
    form.get_by_label("Change").select_option(label="Add a table (two late pairs)")
    form.get_by_label(re.compile(r"^Late pair 1: player 1\b")).select_option(label="Ann Member")
    form.get_by_label(re.compile(r"^Late pair 1: player 2\b")).select_option(label="Bob Member")
    late2 = form.locator("fieldset.late-pairs .row").nth(1)
    late2.get_by_label("or new player 1").fill("Cyril New")
    late2.get_by_label("or new player 2").fill("Dora New")
    shoot(td, f"add-1-form-{viewport}")
    form.get_by_role("button", name="Show the new plan").click()
    plan = td.get_by_role("region", name="The new plan")
    plan.wait_for()
    text = plan.inner_text()
    assert "The new plan from round 3" in text
    assert "Tables playing: round 3: 6; round 4: 6; round 5: 6." in text  # a sixth table
    assert "Late pairs 11 and 12 (Ann Member & Bob Member, Cyril New & Dora New)" in text
    sheet = plan.locator("pre.master-sheet")
    assert "11-9/3=" in sheet.inner_text()  # 11 v 9, set 3
    assert td.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport][
        "viewport"]["width"]  # the sheet scrolls in its box, not the page  # fmt: skip
    assert not section.entries.filter(number=11).exists()  # nothing stored yet
    no_violations(td)
    shoot(td, f"add-2-plan-{viewport}")
    td.get_by_role("button", name="Re-plan from round 3").click()
    assert "Table 6 added from round 3" in td.text_content("ul.messages")
    no_violations(td)
    eleven = section.entries.get(number=11)
    assert {p.name for p in eleven.players.all()} == {"Ann Member", "Bob Member"}
    assert Player.objects.filter(name="Cyril New").count() == 1

    # the new table's code and QR, from the Play step
    td.goto(live_server.url + reverse("td_session_play", args=[session.pk]))
    td.get_by_role("link", name="Table QR codes").click()
    card = td.locator("li.qr-card", has=td.get_by_role("heading", name="Table 6", exact=True))
    assert card.locator("svg, img").count() >= 1
    href = card.locator(".qr-url a").get_attribute("href")
    table6 = href if href.startswith("http") else live_server.url + href
    shoot(td, f"add-3-codes-{viewport}")

    section.refresh_from_db()
    plays = [(b, p) for b, ps in scheduled_plays(section.get_movement()).items() for p in ps]
    tricks = {(b, p.ns, p.ew): 9 for b, p in plays}
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    for rnd in (3, 4, 5):  # table 6's phone: N-S makes 10 tricks on each board
        phone.goto(table6)
        assert phone.text_content("h1").split() == ["Table", "6", "·", "round", str(rnd), "of", "5"]
        boards = sorted(b for b, p in plays if p.table == 6 and p.round == rnd)
        assert len(boards) == 2
        for board in boards:
            box = phone.locator(f"#board-{board}").get_by_label("Result")
            box.fill("3NT N +1")
            with phone.expect_navigation():
                phone.locator(f"#board-{board}").get_by_role(
                    "button", name=f"Save board {board}").tap()  # fmt: skip
        if rnd == 3:
            no_violations(phone)
            shoot(phone, f"add-4-table6-{viewport}")
        phone.get_by_label("have checked these results and agree").tap()
        with phone.expect_navigation():
            phone.get_by_role("button", name=f"Confirm round {rnd}").tap()
        for b, p in plays:
            if p.table == 6 and p.round == rnd:
                tricks[b, p.ns, p.ew] = 10
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # the other tables' rounds 3–5 on the console's travellers
    td.goto(live_server.url + reverse("td_session_play", args=[session.pk]))
    td.get_by_role("link", name="Enter by traveller").click()
    keyed = 0
    for board in range(1, 11):
        if board > 1:
            td.get_by_role("navigation", name="Boards").get_by_role(
                "link", name=str(board), exact=True).click()  # fmt: skip
        td.get_by_role("heading", name=f"Traveller: board {board}", exact=True).wait_for()
        for b, ns, _ew in open_rows(td):
            key_in(td, b, ns, "3NT N =")
            keyed += 1
    assert keyed == 5 * 3 * 2  # five tables, three rounds, two boards
    shoot(td, f"add-5-traveller-{viewport}")

    want = expected_rows(section, tricks)
    data = Standings.objects.get(session=session).data["sections"][0]
    got = {r["entry"]: r for f in data["fields"] for r in f["standings"]}
    assert set(got) == set(range(1, 13))
    for pair, (score, percent) in want.items():
        row = got[pair]
        assert float(row["score"]) == pytest.approx(score, abs=0.01), (pair, row, score)
        assert float(row["percent"]) == pytest.approx(percent, abs=0.01), (pair, row, percent)
    assert got[11]["boards_played"] == got[12]["boards_played"] == 6
    td.goto(live_server.url + reverse("session", args=[session.pk]))
    standings = td.inner_text("#standings")
    assert "Ann Member" in standings and "Cyril New" in standings
    no_violations(td)
    shoot(td, f"add-6-standings-{viewport}")


def test_a_td_removes_a_table_mid_session(transactional_db, new_page, live_server):
    from django.urls import reverse

    from scoring.models import BoardResult

    session, section = running_mitchell(9, {1})  # pair 10 the sit-out
    td = new_page(**VIEWPORTS["desktop"])
    sign_in_td(td, live_server)
    td.goto(live_server.url + reverse("td_session_entries", args=[session.pk]))
    form = table_change_form(td, section)
    form.get_by_label("Change").select_option(label="Remove a table (two pairs leave)")
    form.get_by_label(re.compile(r"^Leaving pair\b")).select_option(label="1: Player 1 & Player 2")
    form.get_by_label(re.compile(r"^and pair\b")).select_option(label="10: the sit-out")
    form.get_by_label(re.compile(r"^Boards not played\b")).select_option("fault")
    form.get_by_role("button", name="Show the new plan").click()
    plan = td.get_by_role("region", name="The new plan")
    text = plan.inner_text()
    assert "The new plan from round 2" in text
    assert (
        "Leaving: pairs 1 (Player 1 & Player 2) and 10 (the sit-out); 6 board(s) they were "
        "still to play with no new opponent, scored as Average− to the pair, Average+ to "
        "its opponents"
    ) in text
    # round 2 was pair 1's sit-out round anyway; in rounds 3–5 its table no longer plays
    assert "Tables playing: round 2: 4; round 3: 3; round 4: 3; round 5: 3." in text, text
    assert not BoardResult.objects.filter(round_number__gt=1).exists()
    no_violations(td)
    shoot(td, "remove-1-plan-desktop")
    td.get_by_role("button", name="Re-plan from round 2").click()
    message = td.text_content("ul.messages")
    assert "Pairs 1 and 10 leave from round 2" in message
    # a complete Mitchell: pair 1's opponents of rounds 3–5 have no other board to play, so
    # pair 1's tables are scored as chosen (round 2 was its sit-out anyway): 3 rounds × 2
    rows = BoardResult.objects.filter(section=section, round_number__gt=1)
    assert "6 board(s) scored as Average− to the pair, Average+ to its opponents" in message
    assert rows.count() == 6 and {r.adjusted for r in rows} == {"A40/A60"}
    assert {r.ns_entry.number for r in rows} == {1}
    no_violations(td)
    shoot(td, "remove-2-done-desktop")
