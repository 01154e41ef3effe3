"""Issue 21: the three-hand foot table of a progressive euchre enters its result on its phone
(390 × 844): each player's points and lone hands, with another player's O.K. [002 L6507–6515,
L6385–6387]; a count more than the player's points is refused at his field.  The page passes
axe's contrast, label and name rules before and after.

Eleven players seated by the positions of tests/progressive/test_foot_table.py: table 3 is
9, 10 and 11 (Guests 9–11 here).  By hand: 9 made 5 points, 10 made 9 (two lone hands), 11
made 2 — 11 cannot have made 3 lone hands."""

from __future__ import annotations

from django.urls import reverse

from .test_progressive_auction_evening import no_violations

POSITIONS = {1: "1 A", 2: "1 A", 3: "1 B", 4: "1 B", 5: "2 A", 6: "2 A", 7: "2 B", 8: "2 B",
             9: "3 A", 10: "3 A", 11: "3 B"}  # fmt: skip


def foot_table_url(live_server) -> str:
    from tournament.models import Club, Entry, Event, Player, Section, Session
    from tournament.play import services as play_services
    from tournament.progressive import services as progressive_services
    from tournament.setup import services as setup_services

    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    event = Event.objects.create(club=club, name="Euchre party", game="whist",
                                 scoring_method="tricks", format="progressive",
                                 conditions={"tally": "gross", "lone_hands": True})  # fmt: skip
    section = Section.objects.create(session=event.sessions.create(name="Thursday"), name="A")
    for number in range(1, 12):
        player = Player.objects.create(club=club, name=f"Guest {number}")
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    progressive_services.start(section, given=POSITIONS)
    setup_services.set_status(section.session, Session.Status.RUNNING)
    token = {t.table_number: t.token for t in play_services.issue_tokens(section)}[3]
    return live_server.url + reverse("table", args=[token])


def test_the_foot_table_enters_points_and_lone_hands_on_its_phone(
    phone, live_server, transactional_db
):
    from tournament.models import ProgressiveTableResult

    phone.goto(foot_table_url(live_server))
    assert "3-hand foot table" in phone.text_content("main")
    no_violations(phone)
    for name, points in (("Guest 9", 5), ("Guest 10", 9), ("Guest 11", 2)):
        phone.get_by_label(f"Points: {name}", exact=True).fill(str(points))
    phone.get_by_label("Lone hands: Guest 11", exact=True).fill("3")
    phone.get_by_label("O.K.: another player has checked these points.").check()
    phone.get_by_role("button", name="Save the result").click()
    phone.wait_for_load_state("networkidle")
    assert "player 11 cannot have made 3 lone hands with 2 points" in phone.text_content("main")
    assert not ProgressiveTableResult.objects.exists()
    phone.get_by_label("Lone hands: Guest 11", exact=True).fill("")
    phone.get_by_label("Lone hands: Guest 10", exact=True).fill("2")
    phone.get_by_label("O.K.: another player has checked these points.").check()
    phone.get_by_role("button", name="Save the result").click()
    phone.wait_for_load_state("networkidle")
    main = phone.text_content("main")
    assert "Round 1 is in" in main and "lone hands:" in main
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    no_violations(phone)
    row = ProgressiveTableResult.objects.get(table_number=3)
    assert row.player_points == {"9": 5, "10": 9, "11": 2} and row.lone_hands == {"10": 2}
