"""Issue 21's browser acceptance for progressive euchre in a large room: sixteen players on
two aisles of two tables, through the UI — the event with its room (2 rows, a head prize and
a prize an aisle) and lone hands, sign-in, round 1 from the positions, each game's result at
the table on a phone (390 × 844, with a lone hand and the opponent's O.K.) or on the
console, each aisle progressing by itself, the prize ties settled by the TD (a play-off),
and the prize list with the manager's calling sheet [002 L6715–6794].

Worked by hand (policy: the winners progress toward table 1, the head's winners stay):
round 1 — T1 1+2 beat 3+4, T2 7+8 beat 5+6 (phones); T3 9+10 beat 11+12, 9 a lone hand;
T4 15+16 beat 13+14 by 5 points to 2 (console).  Aisle 1 (T1, T2): 1+2 stay at T1, 7+8 come
up; T1's losers 3+4 go to T2's foot and split with 5+6: T1 1 2 v 7 8, T2 5 3 v 6 4.
Aisle 2 (T3, T4) likewise: T3 9 10 v 15 16, T4 13 11 v 14 12.  Round 2 — T1 N-S (1 a lone
hand), T2 N-S (phones); T3 N-S, T4 E-W (console).  Games: 1, 2, 9, 10 won 2; 3, 5, 7, 8,
12, 14, 15, 16 won 1; 4, 6, 11, 13 none.  Head prize: 1, 2, 9, 10 tie — the play-off order
9, 1, 2, 10 gives it to 9.  Aisle 1: 1 and 2 tie on 2 — 2 first.  Aisle 2 (9 out): 10.
Booby: 4, 6, 11, 13 tie on none — the loser of the play-off, 13.  Most lone hands: 9 and 1
made one each; 9 has the head prize, so 1.  The manager calls "2 games" (the games played):
head prize 9, aisle 1 prize 2, aisle 2 prize 10; then the booby and the lone hands.
"""

from __future__ import annotations

from .helpers import NAMES, make_club, new_session, seat_round_one, sign_in_players, sign_in_td
from .test_progressive_auction_evening import no_violations

EXTRA = ["Henrietta Leavitt", "Edward Pickering", "Williamina Fleming", "Arthur Eddington"]


def phone_result(phone, url, winner: str, lone: dict | None = None, check: str = "") -> None:
    phone.goto(url)
    if check:
        assert check in phone.text_content("main")
    phone.get_by_label(f"{winner} won").check()
    for name, n in (lone or {}).items():
        phone.get_by_label(f"Lone hands: {name}").fill(str(n))
    phone.get_by_label("O.K.: an opponent has checked this result.").check()
    phone.get_by_role("button", name="Save the result").click()
    phone.wait_for_load_state("networkidle")
    assert "is in:" in phone.text_content("main")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def console_result(page, table: int, winner: str = "", points=None, lone=None) -> None:
    form = page.locator(f"#result-{table}")
    if winner:
        form.get_by_label("Winner").select_option(label=winner)
    if points:
        form.get_by_label("N-S", exact=True).fill(str(points[0]))
        form.get_by_label("E-W", exact=True).fill(str(points[1]))
    for name, n in (lone or {}).items():
        form.get_by_label(f"Lone hands {name}").fill(str(n))
    form.get_by_role("button", name="Keep").click()
    assert f"Table {table}: result kept." in page.text_content("ul.messages")


def settle(page, players: str, order: str) -> None:
    tie = page.locator("form.tie", has_text=f"players {players} ")
    tie.get_by_label("Order, best first").fill(order)
    tie.get_by_role("button", name="Record").click()
    assert "is settled and recorded" in page.text_content("ul.messages")


def test_a_large_euchre_evening(page, phone, live_server, transactional_db):
    from tournament.models import Player, Session

    club, _, _ = make_club()
    for name in EXTRA:
        Player.objects.create(club=club, name=name)
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Charity euchre")
    page.get_by_label("Game").select_option("whist")
    page.get_by_label("Scoring method").select_option("tricks")
    page.get_by_label("Format").select_option("progressive")
    page.get_by_label("Tie rule").select_option("play_off")
    page.get_by_label("Progressive tally").select_option("games")
    page.get_by_label("Large room: rows (aisles) of tables").fill("2")
    page.get_by_label("Large room: head prizes (whole room)").fill("1")
    page.get_by_label("Large room: prizes in each row").fill("1")
    page.get_by_label("Lone hands are played (recorded, with a prize for the most)").check()
    page.get_by_role("button", name="Create the event").click()
    new_session(page, "Thursday", "2026-11-12")
    sign_in_players(page, NAMES + EXTRA)
    session = Session.objects.get(name="Thursday")

    positions = "\n".join(f"{p}: {(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}"
                          for p in range(1, 17))  # fmt: skip
    progressive_url, urls = seat_round_one(
        page, live_server, session, "or the positions", positions
    )
    assert sorted(urls) == [1, 2, 3, 4]
    page.goto(progressive_url)
    assert "A large room [002 L6536–6835]: 2 rows (aisles)" in page.text_content("main")

    # round 1: aisle 1 at its phones, aisle 2 on the console
    phone_result(phone, urls[1], "N-S", check="Ada Lovelace & Charles Babbage")
    assert "Aisle 1" in phone.text_content("main")
    no_violations(phone)
    phone_result(phone, urls[2], "E-W")
    page.goto(progressive_url)
    # a lone-hand count beyond a game's deals is refused, nothing kept
    console_result_form = page.locator("#result-3")
    console_result_form.get_by_label("Winner").select_option(label="N-S")
    console_result_form.get_by_label("Lone hands Ellen Hardcastle").fill("12")
    page.evaluate("document.querySelector('#result-3 [name=lone_9]').removeAttribute('max')")
    console_result_form.get_by_role("button", name="Keep").click()
    assert "must be from 0 to 9, not 12" in page.text_content("ul.errorlist")
    console_result(page, 3, winner="N-S", lone={"Ellen Hardcastle": 1})
    console_result(page, 4, points=(2, 5))
    assert "Ellen Hardcastle (9) 1" in page.locator("#table-3").inner_text()
    no_violations(page)
    page.get_by_role("button", name="Next round: seat round 2").click()
    assert page.locator("#table-2 td").nth(1).inner_text() == (
        "N Caroline Herschel (5), S Mary Somerville (3), E George Boole (6), W John Herschel (4)"
    )
    assert page.locator("#table-4 td").nth(1).inner_text() == (
        "N Henrietta Leavitt (13), S Agnes Clerke (11), E Edward Pickering (14), W James Clerk (12)"
    )

    # round 2
    phone_result(phone, urls[1], "N-S", lone={"Ada Lovelace": 1})
    assert "lone hands: Ada Lovelace 1" in phone.text_content("main")
    phone_result(phone, urls[2], "N-S")
    page.goto(progressive_url)
    console_result(page, 3, winner="N-S")
    console_result(page, 4, winner="E-W")

    # the prizes: the head prize's four-way tie, then aisle 1's, then the booby's
    settle(page, "1,2,9,10", "9 1 2 10")
    settle(page, "1,2", "2 1")
    settle(page, "4,6,11,13", "4 6 11 13")
    prizes = page.locator("#ranking ul.prizes").inner_text()
    assert "head prize: Ellen Hardcastle (2), aisle 2" in prizes
    assert "aisle 1 prize: Charles Babbage (2), aisle 1" in prizes
    assert "aisle 2 prize: Thomas Young (2), aisle 2" in prizes
    assert "most lone hands: Ada Lovelace (1 lone hand), aisle 1" in prizes
    sheet = page.locator("#calling-sheet").inner_text()
    assert (
        "“Who has won 2 games?” head prize: Ellen Hardcastle (aisle 2); aisle 1 prize: "
        "Charles Babbage (aisle 1); aisle 2 prize: Thomas Young (aisle 2)" in sheet
    )
    assert "Then: booby:" in sheet and "Then: most lone hands: Ada Lovelace" in sheet
    no_violations(page)
    href = page.get_by_role("link", name="Print the calling sheet").get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.ok and response.body().startswith(b"%PDF")
