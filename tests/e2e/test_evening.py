"""Issue 18's acceptance: a whole 13-pair contract evening through the UI alone.

The TD signs in, reaches the console from the header, creates the event and the session,
signs in thirteen pairs from the club list, takes the recommended Howell (7 tables, 13 rounds
× 2 boards, a sit-out each round), deals, starts and opens the table codes page.  Two tables
enter rounds 1 and 2 on a phone (390×844) by keypad taps and confirm the O.K.; a few tables'
current rounds go in by pick-up slip and the rest by traveller at the console; one line is an
artificial score (A60/A40) and one result is corrected with a reason.  The session is made
provisional and final (overriding the protest window with a reason), the prize list shows,
and the USEBIO download of the files page parses.

Every deal score is worked out here from the Law 77 table and every matchpoint by plain
counting (2 per score beaten, 1 per score equalled, Neuberg on the board with the artificial
score); the public standings, the prize list and the USEBIO totals are checked against it.
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
from .test_table_keypad import MINUS, tap_keys

VUL = "None NS EW All NS EW All None EW All None NS All None NS EW".split()  # Law 2
STRAINS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades", "NT": "No trumps"}
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: (level, strain, doubled, declarer, tricks over (+) or down (−) the contract); None = PASS
CONTRACTS = [
    (4, "H", "", "N", 0), (3, "NT", "", "S", -1), (2, "S", "", "E", 0), (1, "NT", "", "S", 1),
    (4, "S", "X", "W", -1), (3, "NT", "", "E", 0), (5, "D", "", "N", -2), (2, "H", "", "W", 1),
    (6, "C", "", "S", 0), None, (3, "C", "", "N", 1), (4, "H", "", "E", -1),
    (2, "NT", "", "N", 0), (3, "S", "X", "E", 1),
    (1, "D", "", "W", 2), (4, "S", "", "S", 0), (5, "C", "X", "N", -3),
]  # fmt: skip
PAIRS = 13
EXPECTED = 6  # results per board: 7 tables, one sits out
TOP = 2 * (EXPECTED - 1)
BOARDS = 26
PLAYED = 24  # boards each pair plays: 12 rounds of 2
PHONE_TABLES, PHONE_ROUNDS = (1, 2), (1, 2)
SLIPS = 6
ARTIFICIAL = 26  # the board whose first open traveller row gets A60/A40
CORRECTED = 25  # the board whose first row is corrected
CORRECTION = (6, "NT", "", "N", -3)
PRIZES = 3
MORE_NAMES = [f"Member {i}" for i in range(1, 15)]


def contract_for(board: int, ns: int):
    return CONTRACTS[(board * 7 + ns * 3) % len(CONTRACTS)]


def text(contract) -> str:
    if contract is None:
        return "PASS"
    level, strain, dbl, declarer, rel = contract
    return f"{level}{strain}{dbl} {declarer} {'=' if rel == 0 else f'{rel:+d}'}"


def declarer_score(contract, vul: bool) -> int:
    """The declaring side's score, Law 77."""
    level, strain, dbl, _, rel = contract
    mult = {"": 1, "X": 2, "XX": 4}[dbl]
    if rel < 0:
        down = -rel
        if not dbl:
            return -(100 if vul else 50) * down

        def per(i: int) -> int:
            if vul:
                return 200 if i == 0 else 300
            return 100 if i == 0 else 200 if i < 3 else 300

        total = sum(per(i) for i in range(down))
        return -total * mult // 2
    trick = 20 if strain in "CD" else 30
    below = (trick * level + (10 if strain == "NT" else 0)) * mult
    score = below + ((500 if vul else 300) if below >= 100 else 50)
    if level == 6:
        score += 750 if vul else 500
    if level == 7:
        score += 1500 if vul else 1000
    score += {"": 0, "X": 50, "XX": 100}[dbl]
    score += rel * (trick if not dbl else (200 if vul else 100) * mult // 2)
    return score


def ns_score(board: int, contract) -> int:
    if contract is None:
        return 0
    side = "NS" if contract[3] in "NS" else "EW"
    vul = VUL[(board - 1) % 16] in ("All", side)
    score = declarer_score(contract, vul)
    return score if side == "NS" else -score


def test_declarer_scores_by_hand():
    """The test's own Law 77 table against scores every TD knows."""
    assert declarer_score((4, "H", "", "N", 0), False) == 420
    assert declarer_score((3, "NT", "", "S", 1), True) == 630
    assert declarer_score((4, "S", "X", "W", -1), True) == -200
    assert declarer_score((5, "C", "X", "N", -3), False) == -500
    assert declarer_score((5, "C", "X", "N", -4), False) == -800
    assert declarer_score((3, "S", "X", "E", 1), True) == 930
    assert declarer_score((6, "C", "", "S", 0), False) == 920
    assert declarer_score((2, "H", "", "W", 1), False) == 140
    assert declarer_score((1, "D", "", "W", 2), True) == 110


def expected_totals(played) -> dict[int, Fraction]:
    """(board, ns) → (ew, contract or "A60/A40"): matchpoints by counting, Neuberg where a
    board has fewer real results than EXPECTED."""
    boards: dict[int, list] = {}
    for (board, ns), (ew, contract) in played.items():
        boards.setdefault(board, []).append((ns, ew, contract))
    totals = {n: Fraction(0) for n in range(1, PAIRS + 1)}
    for board, lines in boards.items():
        assert len(lines) == EXPECTED, (board, lines)
        real = [(ns, ew, ns_score(board, c)) for ns, ew, c in lines if c != "A60/A40"]
        n = len(real)
        for ns, ew, score in real:
            m = sum(2 if score > s else 1 if score == s else 0 for _, _, s in real) - 1
            mp = Fraction(m + 1) * EXPECTED / n - 1 if n < EXPECTED else Fraction(m)
            totals[ns] += mp
            totals[ew] += TOP - mp
        for ns, ew, c in lines:
            if c == "A60/A40":
                totals[ns] += Fraction(TOP * 60, 100)
                totals[ew] += Fraction(TOP * 40, 100)
    return totals


def plays_by_table_round(section):
    from scoring.inputs import scheduled_plays

    out: dict[tuple[int, int], list] = {}
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for p in plays:
            out.setdefault((p.table, p.round), []).append((board, p.ns, p.ew))
    return out


def enter_on_phone(phone, url: str, rounds, schedule, table: int, played) -> None:
    phone.goto(url)
    for rnd in rounds:
        assert f"round {rnd}" in phone.text_content("h1")
        for board, ns, ew in schedule[table, rnd]:
            contract = contract_for(board, ns)
            card = phone.locator(f"#board-{board}")
            if contract is None:
                tap_keys(card, ("No contract, or the director's score", "Passed out"))
            else:
                level, strain, dbl, declarer, rel = contract
                keys = [("Level", str(level)), ("Strain and doubling", STRAINS[strain])]
                if dbl:
                    keys.append(("Strain and doubling", "Doubled"))
                keys += [("Declarer", f"Declarer {SEATS[declarer]}"),
                         ("Tricks: made, over or down",
                          "=" if rel == 0 else (f"+{rel}" if rel > 0 else f"{MINUS}{-rel}"))]  # fmt: skip
                tap_keys(card, *keys)
            assert card.get_by_label("Result").input_value() == text(contract)
            s = ns_score(board, contract)
            shown = "0" if s == 0 else (f"+{s}" if s > 0 else f"{MINUS}{-s}")
            card.locator(".deal-preview").get_by_text(f"N-S {shown}").wait_for()
            with phone.expect_navigation():
                card.get_by_role("button", name=f"Save board {board}").tap()
            played[board, ns] = (ew, contract)
        ok = phone.locator("table.ok-scores")
        for board, ns, _ in schedule[table, rnd]:
            cells = ok.locator(f"#ok-board-{board} td").all_inner_texts()
            assert cells[:2] == [str(board), text(contract_for(board, ns))], cells
        phone.get_by_label("have checked these results and agree").tap()
        with phone.expect_navigation():
            phone.get_by_role("button", name=f"Confirm round {rnd}").tap()


def key_and_check(page, board: int, ns: int, contract) -> None:
    """Type one row at the console and check the row it turns into."""
    typed = contract if contract == "A60/A40" else text(contract)
    key_in(page, board, ns, typed)
    shown = page.locator(f"#row-{board}-{ns} .stored").inner_text()
    if contract is None or contract == "A60/A40":
        assert ("PASS" if contract is None else "A60") in shown.upper().replace(" ", ""), shown
        return
    level, strain, dbl, declarer, rel = contract
    # e.g. "5CX by N, 8 tricks Entered"
    assert shown.split()[:4] == [f"{level}{strain}{dbl}", "by", f"{declarer},",
                                 str(6 + level + rel)], (shown, contract)  # fmt: skip


def enter_by_slips(page, session_url, played) -> None:
    for _ in range(SLIPS):
        page.goto(session_url)
        link = page.get_by_role("link", name=re.compile(r"^Pick-up slip: table \d+, round \d+$"))
        table, rnd = re.findall(r"\d+", link.last.get_attribute("aria-label"))
        link.last.click()
        title = f"Pick-up slip: table {table}, round {rnd}"
        page.get_by_role("heading", name=title, exact=True).wait_for()
        rows = open_rows(page)
        assert len(rows) == 2
        for b, ns, ew in rows:
            key_and_check(page, b, ns, contract_for(b, ns))
            played[b, ns] = (ew, contract_for(b, ns))
        page.get_by_role("button", name=f"Confirm round {rnd} at table {table}").click()
        assert "2 result(s) confirmed." in page.text_content("ul.messages")


def enter_by_traveller(page, played) -> None:
    page.get_by_role("link", name="Enter by traveller").click()
    for board in range(1, BOARDS + 1):
        if board > 1:
            page.get_by_role("navigation", name="Boards").get_by_role(
                "link", name=str(board), exact=True
            ).click()
        page.get_by_role("heading", name=f"Traveller: board {board}", exact=True).wait_for()
        for i, (b, ns, ew) in enumerate(open_rows(page)):
            if b == ARTIFICIAL and i == 0:
                key_and_check(page, b, ns, "A60/A40")
                played[b, ns] = (ew, "A60/A40")
                continue
            key_and_check(page, b, ns, contract_for(b, ns))
            played[b, ns] = (ew, contract_for(b, ns))
        assert page.locator("form.result-row.open").count() == 0, page.inner_html("#rows")


def correct_one(page, live_server, section_pk, played) -> None:
    ns = min(n for b, n in played if b == CORRECTED and played[b, n][1] != "A60/A40")
    ew, old = played[CORRECTED, ns]
    assert text(old) != text(CORRECTION)
    page.goto(f"{live_server.url}/td/section/{section_pk}/board/{CORRECTED}/traveller/")
    page.locator(f"#row-{CORRECTED}-{ns}").get_by_role("link", name="Correct…").click()
    page.get_by_label("Result", exact=True).fill(text(CORRECTION))
    page.get_by_label(re.compile(r"^Reason")).fill("E-W scorer wrote the wrong declarer")
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_role("heading", name=f"Board {CORRECTED}", exact=True).wait_for()
    audit = page.locator("section.card", has=page.get_by_role("heading", name="Audit trail"))
    assert audit.locator("tbody tr", has_text="E-W scorer wrote the wrong declarer").count() == 1
    played[CORRECTED, ns] = (ew, CORRECTION)


def names_of(pair: int) -> str:
    everyone = NAMES + MORE_NAMES
    return f"{everyone[2 * pair - 2]} & {everyone[2 * pair - 1]}"


def check_public_standings(page, totals) -> None:
    rows = read_table(page.locator("table.standings-table"))
    assert len(rows) == PAIRS
    for row in rows:
        pair = int(row["No."])
        assert row["Pair"] == names_of(pair)
        assert abs(Fraction(row["Score"]) - totals[pair]) <= Fraction(1, 200), (row, totals[pair])
        percent = totals[pair] * 100 / (TOP * PLAYED)
        assert abs(Fraction(row["%"]) - percent) <= Fraction(1, 200), (row, float(percent))
        better = sum(1 for t in totals.values() if t > totals[pair])
        assert row["Place"].strip("=") == str(better + 1), row


def check_prizes(page, totals) -> None:
    page.get_by_role("heading", name=re.compile("^Prize list")).wait_for()
    prizes = read_table(
        page.locator(
            "xpath=//h2[starts-with(normalize-space(.), 'Prize list')]/following::table[1]"
        )
    )
    order = sorted(totals.values(), reverse=True)
    expected: dict[int, list[int]] = {}
    for pair, total in totals.items():
        first = order.index(total) + 1
        won = [p for p in range(first, first + order.count(total)) if p <= PRIZES]
        if won:
            expected[pair] = won
    assert expected
    got = {int(r["Pair"]): [int(p) for p in r["Prize(s)"].split(", ")] for r in prizes}
    assert got == expected


def test_a_thirteen_pair_howell_evening(page, phone, live_server, transactional_db, tmp_path):
    from tournament.interchange.formats import usebio
    from tournament.models import Player, Section

    club, user, players = make_club()
    for name in MORE_NAMES:
        Player.objects.create(club=club, name=name)
    everyone = NAMES + MORE_NAMES

    sign_in_td(page, live_server)
    page.locator("header").get_by_role("link", name="Director's console").click()
    page.wait_for_url(f"{live_server.url}/td/")
    new_event(page, live_server, "Thursday pairs", prizes=PRIZES)
    new_session(page, "Evening", "2026-11-05")
    session_url = page.url.removesuffix("entries/")  # the session's overview

    for i in range(PAIRS):
        sign_in_pair(page, everyone[2 * i], everyone[2 * i + 1])
    assert f"{PAIRS} present" in page.locator("#section-A").text_content()
    open_step(page, "Movement")
    recommended = page.locator("#section-A ul.recommendations li").first
    assert "(recommended)" in recommended.text_content()
    assert "howell: 7 tables, 13 rounds × 2 boards = 26 boards" in recommended.text_content()
    recommended.get_by_role("button").click()
    assert "howell chosen" in page.text_content("ul.messages")
    open_step(page, "Boards")
    page.get_by_label("Seed (optional)").fill("thirteen")
    page.get_by_role("button", name="Deal the boards").click()
    assert f"{BOARDS} boards dealt" in page.text_content("main")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()
    play_url = page.url

    page.get_by_role("link", name="Table QR codes").click()
    if page.locator(".qr-url a").count() == 0:
        page.get_by_role("button", name="Issue codes for tables without one").click()
    urls = {}
    for card in page.locator("li.qr-card").all():
        number = int(card.locator("h3").text_content().split()[-1])
        urls[number] = card.locator(".qr-url a").get_attribute("href")
    assert sorted(urls) == list(range(1, 8))

    section = Section.objects.get(session__event__club=club)
    schedule = plays_by_table_round(section)
    phone_tables = [t for t in range(1, 8) if all((t, r) in schedule for r in PHONE_ROUNDS)]
    played: dict[tuple[int, int], tuple[int, object]] = {}
    for table in phone_tables[: len(PHONE_TABLES)]:
        url = urls[table] if urls[table].startswith("http") else live_server.url + urls[table]
        enter_on_phone(phone, url, PHONE_ROUNDS, schedule, table, played)
    assert len(played) == 8

    enter_by_slips(page, play_url, played)
    page.goto(play_url)
    enter_by_traveller(page, played)
    assert len(played) == BOARDS * EXPECTED
    page.goto(play_url)
    assert "no result yet" not in page.text_content("#section-A")

    correct_one(page, live_server, section.pk, played)

    page.goto(session_url)
    open_step(page, "Results")
    page.get_by_role("button", name="Make provisional").click()
    page.locator("p.provisional-banner").wait_for()
    page.fill("#override-reason", "all protests heard")
    page.get_by_role("button", name="Make final now").click()
    page.locator("p.final-banner").wait_for()

    totals = expected_totals(played)
    assert len(set(totals.values())) > 5, "the results should spread the field"
    page.get_by_role("link", name="Standings and prizes").click()
    page.wait_for_url(re.compile(r"/td/session/\d+/standings/$"))
    check_prizes(page, totals)

    page.goto(f"{live_server.url}/session/{section.session_id}/")
    assert page.is_visible("text=Final results.")
    try:
        check_public_standings(page, totals)
    except AssertionError:
        _debug(section, played, totals)
        raise

    page.goto(session_url)
    page.get_by_role("link", name=re.compile("^Downloads")).click()
    with page.expect_download() as info:
        page.get_by_role("link", name="USEBIO (XML)").click()
    path = tmp_path / "evening.xml"
    info.value.save_as(path)
    data = path.read_bytes()
    sf = usebio.parse(data)
    assert len(sf.sections[0].entries) == PAIRS
    assert len(sf.sections[0].results) == BOARDS * EXPECTED
    published = usebio.published(data)
    for pair, (total, _place) in published["totals"].items():
        assert abs(total - totals[pair]) <= Fraction(1, 200), (pair, total, totals[pair])


def _debug(section, played, totals):

    from scoring.engine.session import score_session
    from scoring.inputs import section_input
    from scoring.models import BoardResult

    for r in BoardResult.objects.filter(section=section).order_by(
        "board_number", "ns_entry__number"
    ):
        ew, c = played[r.board_number, r.ns_entry.number]
        exp = ns_score(r.board_number, c) if c != "A60/A40" else None
        if r.adjusted or exp != r.score_ns:
            print(
                "DIFF?",
                r.board_number,
                r.ns_entry.number,
                ew,
                text(c) if c != "A60/A40" else c,
                r.contract,
                r.declarer,
                r.tricks,
                r.adjusted,
                r.score_ns,
                exp,
            )
    inp = section_input(section, section.session.event, final=True)
    res = score_session(inp)
    for f in res.fields:
        for st in f.standings:
            print("FULL", st.entry, float(st.score), float(totals[st.entry]))
