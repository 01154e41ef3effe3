"""Issue 24's browser acceptance: table entry that survives the club's Wi-Fi.

Two phones (two browser contexts) load their table's page, lose the network (Playwright's
offline mode), enter their whole round and the opponents' O.K., and get the network back: the
phones' queues are sent and the standings equal those of the same round entered online on
another session.  A duplicate replay of a queue stores nothing twice; a result changed offline
after the director's correction is shown as a conflict on the phone and the console, and not
applied.
"""

from __future__ import annotations

import datetime

import pytest

from tests.e2e.conftest import PHONE

RESULTS = ["4S N =", "3NT S -1", "2H E +1", "PASS"]


def _session(name, seed="offline-test"):
    from boards import services as board_services
    from scoring.inputs import scheduled_plays
    from scoring.results import services as result_services
    from tournament.models import Club, Event, Player, Session
    from tournament.play import services as play_services
    from tournament.setup import services as setup_services

    club, _ = Club.objects.get_or_create(name="Riverside Bridge Club", slug="riverside")
    event, _ = Event.objects.get_or_create(
        club=club, name="Tuesday Pairs", game="contract", scoring_method="matchpoints"
    )
    session = Session.objects.create(event=event, name=name, date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"{name} player {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 7)]
    )
    setup_services.choose_movement(section, "mitchell", tables=3, boards_per_round=2)
    section.refresh_from_db()
    board_services.generate(session, seed=seed)
    setup_services.set_status(session, "running")
    codes = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    boards = {}
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for p in plays:
            if p.round != 1:
                continue
            boards.setdefault(p.table, []).append(board)
            if p.table == 3:  # table 3 has no phone: the director enters its round
                result_services.record_result(
                    section, board_number=board, ns=p.ns, ew=p.ew, round_number=1,
                    fields={"contract": "3NT", "declarer": "S", "tricks": 9},
                )  # fmt: skip
    return {"session": session, "section": section, "codes": codes, "boards": boards}


@pytest.fixture
def evenings(transactional_db, settings):
    settings.LIVE_POLL_SECONDS = 1
    return _session("Offline"), _session("Online")


def result_of(table: int, n: int) -> str:
    return RESULTS[(table + n) % len(RESULTS)]


def enter_round(phone, table: int, boards: list[int], online: bool) -> None:
    for n, board in enumerate(boards):
        box = phone.locator(f"#board-{board}").get_by_label("Result")
        box.fill(result_of(table, n))
        button = phone.locator(f"#board-{board}").get_by_role("button", name=f"Save board {board}")
        if online:
            with phone.expect_navigation():
                button.click()
        else:
            button.click()
            phone.wait_for_selector(f"[data-queued-board='{board}']:not([hidden])")
    phone.get_by_label("have checked these results and agree").check()
    if online:
        with phone.expect_navigation():
            phone.get_by_role("button", name="Confirm round 1").click()
    else:
        phone.get_by_role("button", name="Confirm round 1").click()
        phone.wait_for_selector("#ok-waiting:not([hidden])")


def open_table(new_page, live_server, token):
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    phone.goto(f"{live_server.url}/t/{token}/")
    phone.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    phone.wait_for_function(
        "() => caches.open('table-v1').then(c => c.match(location.pathname)).then(r => !!r)"
    )
    phone.wait_for_function(
        "() => caches.open('table-v1').then(c => c.keys()).then(k => k.some(r => r.url.includes('table-offline')))"
    )
    return phone


QUEUE = """() => new Promise((resolve) => {
  const open = indexedDB.open('table-queue', 1);
  open.onsuccess = () => {
    const req = open.result.transaction('items').objectStore('items').getAll();
    req.onsuccess = () => resolve(req.result);
  };
})"""

REPLAY = """([url, items]) => fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'},
  body: JSON.stringify({queue: {count: items.length}, items: items.map(i => {
    const c = Object.assign({}, i); delete c.seq; delete c.token; return c; })})
}).then(r => r.json())"""


def snapshot(section):
    from scoring.models import BoardResult

    return sorted(
        BoardResult.objects.filter(section=section).values_list(
            "board_number", "contract", "declarer", "tricks", "status", "version"
        )
    )


def test_two_phones_enter_a_round_offline_and_the_standings_match_online(
    evenings, new_page, live_server
):
    from scoring.models import BoardResult, Standings

    offline, online = evenings
    phones = {t: open_table(new_page, live_server, offline["codes"][t]) for t in (1, 2)}
    for table, phone in phones.items():
        phone.context.set_offline(True)
        phone.reload()  # the page comes from the phone's cache now
        assert f"Table {table}" in phone.text_content("h1")
        enter_round(phone, table, offline["boards"][table], online=False)
        status = phone.text_content("#sync-status")
        boards = len(offline["boards"][table])
        assert status.startswith("Offline") and f"{boards + 1} waiting to send" in status
    queues = {t: p.evaluate(QUEUE) for t, p in phones.items()}
    assert not BoardResult.objects.filter(section=offline["section"], table_number__in=(1, 2))

    for phone in phones.values():  # one after the other: the test server's SQLite is shared
        phone.context.set_offline(False)
        phone.wait_for_function(
            "() => document.querySelector('h1').textContent.includes('round 2')"
        )
        assert "nothing waiting to send" in phone.text_content("#sync-status")

    # the same round entered online, on the other session
    for table in (1, 2):
        page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
        page.goto(f"{live_server.url}/t/{online['codes'][table]}/")
        enter_round(page, table, online["boards"][table], online=True)
        assert "round 2" in page.text_content("h1")

    def sections(evening):
        """The kept standings, less the players' names (each session has its own players)."""
        data = Standings.objects.get(session=evening["session"]).data["sections"]
        for section in data:
            for field in section["fields"]:
                for row in field["standings"]:
                    row.pop("name")
        return data

    assert sections(offline) == sections(online)
    assert snapshot(offline["section"]) == snapshot(online["section"])
    confirmed = BoardResult.objects.filter(section=offline["section"], status="confirmed")
    assert confirmed.count() == len(offline["boards"][1]) + len(offline["boards"][2])

    # a duplicate replay of a whole queue stores nothing twice
    before = snapshot(offline["section"])
    url = f"{live_server.url}/t/{offline['codes'][1]}/sync/"
    reply = phones[1].evaluate(REPLAY, [url, queues[1]])
    assert [a["status"] for a in reply["answers"]] == ["duplicate"] * len(queues[1])
    assert snapshot(offline["section"]) == before


def test_an_offline_change_after_the_directors_correction_is_a_conflict(
    evenings, new_page, live_server, django_user_model
):
    from scoring.models import BoardResult
    from scoring.results import services as result_services
    from tests.e2e.conftest import login

    offline, _ = evenings
    board = offline["boards"][1][0]
    phone = open_table(new_page, live_server, offline["codes"][1])
    phone.locator(f"#board-{board}").get_by_label("Result").fill("4S N =")
    with phone.expect_navigation():
        phone.locator(f"#board-{board}").get_by_role("button", name=f"Save board {board}").click()

    phone.context.set_offline(True)
    row = BoardResult.objects.get(section=offline["section"], board_number=board, table_number=1)
    result_services.correct_result(
        row, fields={"contract": "4S", "declarer": "N", "tricks": 11}, user=None,
        reason="the director's ruling", actor="director",
    )  # fmt: skip
    phone.locator(f"#board-{board}").get_by_label("Change: Result").fill("4S N -1")
    phone.locator(f"#board-{board}").get_by_role("button", name=f"Change board {board}").click()
    phone.wait_for_selector(f"[data-queued-board='{board}']:not([hidden])")
    phone.context.set_offline(False)

    problem = phone.wait_for_selector("#sync-problems:not([hidden])")
    text = problem.text_content()
    assert f"Board {board}" in text and "was not stored" in text and "4S N +1" in text
    row.refresh_from_db()
    assert row.tricks == 11  # not applied

    from tournament.models import Club

    director = django_user_model.objects.create_user("td", password="tournament-director")
    Club.objects.get(slug="riverside").directors.add(director)
    console = new_page()
    login(console, live_server, "td")
    console.goto(f"{live_server.url}/td/session/{offline['session'].pk}/play/")  # the Play step
    grid = console.text_content(f"#during-play-{offline['section'].pk}")
    assert "conflicts" in grid and f"board {board}" in grid and "Kept: 4S N +1" in grid
