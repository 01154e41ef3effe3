"""Issue 21: the New event form sets the progressive policy's direction and the head table's
rule (``conditions["progressive"]``: ``direction``, ``head_rule``), and a large room run with
each setting progresses and prizes as the book says.

"At Table 1 the winners retain their seats, and the losers go to the foot table, or winners
may progress to foot table and losers remain at Table 1.  In some circles the winners at
Table 1 [change] partners with the newcomers" [002 L6419–6422]; the book's rules card moves the
winners "to the table next highest in number" [002 L6813–6815]; in a large room each row is
its own circuit [002 L6671–6673] and the head prizes go first, then each row's
[002 L6790–6794].

The room: 16 players, 2 rows of 2 tables (row 1 = tables 1–2, row 2 = tables 3–4), tallied by
games won, 1 head prize and 1 prize a row.  Round 1: table t seats 4t−3, 4t−2 (N-S) v 4t−1,
4t (E-W); N-S win everywhere.  Round 2: N-S win at tables 1 and 3, E-W at tables 2 and 4.
The TD settles every prize tie in the order of the players' numbers (a play-off's result).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Entry, Event, Player, Section
from tournament.progressive import selectors as progressive_selectors
from tournament.progressive import services as progressive_services
from tournament.setup import services as setup_services

BASE = {"name": "Euchre room", "kind": "one_off", "game": "whist", "scoring_method": "tricks",
        "format": "progressive", "prizes_per_field": 1, "tie_rule": "play_off",
        "adjusted_policy": "60/40", "provisional_hours": 48, "tally": "games",
        "room_rows": 2, "head_prizes": 1, "row_prizes": 1}  # fmt: skip

# Row 1's round 2 by hand (N, S, E, W of table 1 and table 2); row 2 is the same with 8 added
# to every player and 2 to every table.
#  toward table 1: the head is table 1.  Winners 1 2 (T1), 5 6 (T2); losers 3 4, 7 8.
#   winners-stay: 1 2 keep their seats together, T2's winners 5 6 come up; 3 4 go to the foot
#   and split with 7 8 there.  change-partners: the same, but 1 and 2 split.  winners-to-foot:
#   1 2 go to the foot, 3 4 stay and split to take 5 6.
#  toward the highest: the head is table 2.  T1's winners 1 2 come up to T2; T2's losers 7 8
#   go to the foot (table 1), or with winners-to-foot T2's winners 5 6 do.
CASES = {
    ("", ""): [(1, 1, 2, 5, 6), (2, 7, 3, 8, 4)],
    ("", "winners-change-partners"): [(1, 1, 5, 2, 6), (2, 7, 3, 8, 4)],
    ("", "winners-to-foot"): [(1, 3, 5, 4, 6), (2, 7, 1, 8, 2)],
    ("toward-highest", ""): [(1, 3, 7, 4, 8), (2, 5, 6, 1, 2)],
    ("toward-highest", "winners-change-partners"): [(1, 3, 7, 4, 8), (2, 5, 1, 6, 2)],
    ("toward-highest", "winners-to-foot"): [(1, 3, 5, 4, 6), (2, 7, 1, 8, 2)],
}
# Games won after round 2 and the prizes, by hand from the seatings above (round 2: N-S win at
# T1, E-W at T2).  E.g. winners-stay toward 1: 1 and 2 win again (2 games each), 9 and 10 in
# row 2; the head prize tie 1, 2, 9, 10 goes to 1; row 1's prize to 2; row 2's tie 9, 10 to 9;
# the booby (on by default) to the last of the players with no game: 3, 7 (T2's N-S lost
# again), 11, 15 — 15.  Toward the highest the losers left at no game are 4, 8, 12, 16.
TWO_GAMES_AND_AWARDS = {
    ("", ""): ({1, 2, 9, 10}, [1, 2, 9, 15]),
    ("", "winners-change-partners"): ({1, 5, 9, 13}, [1, 5, 9, 15]),
    ("", "winners-to-foot"): ({2, 5, 10, 13}, [2, 5, 10, 15]),
    ("toward-highest", ""): ({1, 2, 9, 10}, [1, 2, 9, 16]),
    ("toward-highest", "winners-change-partners"): ({2, 6, 10, 14}, [2, 6, 10, 16]),
    ("toward-highest", "winners-to-foot"): ({2, 5, 10, 13}, [2, 5, 10, 15]),
}


def seating(rows):
    return [{"table": t, "n": n, "s": s, "e": e, "w": w} for t, n, s, e, w in rows]


def whole_room(row_1):
    return row_1 + [(t + 2, *(p + 8 for p in players)) for t, *players in row_1]


@pytest.mark.django_db
@pytest.mark.parametrize(("direction", "head_rule"), list(CASES))
def test_each_direction_and_head_rule_progresses_and_prizes_as_the_book_says(
    director_client, club, direction, head_rule
):
    data = {**BASE, "progressive_direction": direction, "progressive_head_rule": head_rule}
    response = director_client.post(reverse("td_event_new", args=[club.slug]), data)
    assert response.status_code == 302, response.content.decode()[-1500:]
    event = Event.objects.get(name="Euchre room")
    policy = {k: v for k, v in (("direction", direction), ("head_rule", head_rule)) if v}
    assert event.conditions.get("progressive", {}) == policy
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    for number in range(1, 17):
        player = Player.objects.create(club=club, name=f"Guest {number}")
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    given = {p: f"{(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}" for p in range(1, 17)}
    progressive_services.start(section, given=given)
    for table in range(1, 5):
        progressive_services.enter_result(section, table, winner="ns")
    progressive_services.advance(section)
    kept = section.round_seatings.get(round_number=2).seating
    assert kept == seating(whole_room(CASES[(direction, head_rule)]))
    for table in range(1, 5):
        progressive_services.enter_result(section, table, winner="ns" if table % 2 else "ew")
    tallies = progressive_selectors.tallies(section)
    two, awards = TWO_GAMES_AND_AWARDS[(direction, head_rule)]
    assert {p for p, t in tallies.items() if t["games"] == 2} == two
    for _ in range(4):  # the TD settles each prize tie as it stops the awarding
        ties = progressive_selectors.final_ranking(section)["ties"]
        if not ties:
            break
        tied = ties[0]["players"]
        progressive_services.decide_prize_tie(section, tied, sorted(tied))
    ranking = progressive_selectors.final_ranking(section)
    assert not ranking["ties"]
    got = [(a["prize"], a["player"]) for a in ranking["awards"]]
    assert got == [("head prize", awards[0]), ("aisle 1 prize", awards[1]),
                   ("aisle 2 prize", awards[2]), ("booby", awards[3])]  # fmt: skip


@pytest.mark.django_db
def test_the_head_rule_is_refused_at_its_field_unless_the_winners_progress(director_client, club):
    url = reverse("td_event_new", args=[club.slug])
    data = {**BASE, "progressive_method": "fixed-partners",
            "progressive_head_rule": "winners-to-foot"}  # fmt: skip
    response = director_client.post(url, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert (
        "head table's rule is for games where the winners progress"
        in (form.errors["progressive_head_rule"][0])
    )
    response = director_client.post(url, {**BASE, "progressive_direction": "up"})
    assert "progressive_direction" in response.context["form"].errors
    assert not Event.objects.filter(name="Euchre room").exists()
    # the direction goes with any method; the form shows what is stored
    data = {**BASE, "progressive_method": "fixed-partners", "progressive_direction":
            "toward-highest"}  # fmt: skip
    assert director_client.post(url, data).status_code == 302
    event = Event.objects.get(name="Euchre room")
    assert event.conditions["progressive"] == {"method": "fixed-partners",
                                               "direction": "toward-highest"}  # fmt: skip
    from tournament.forms import EventForm

    assert EventForm(instance=event).fields["progressive_direction"].initial == "toward-highest"
