"""An event of two sessions: a qualifier and a final with carry-over, through the console.

Both sessions are the 4-pair Howell of test_prize_ties, scored there by hand (top 2 on each of
6 boards): the pair that is pair 1 makes 8 matchpoints, pairs 2 and 4 make 6, pair 3 makes 4.

Qualifier (players 0-1 are pair 1, 2-3 pair 2, 4-5 pair 3, 6-7 pair 4): Q1 8, Q2 6, Q3 4, Q4 6.
Seeded by qualifying place, the final numbers Q1 as pair 1, Q2 and Q4 (tied) as pairs 2 and 3,
Q3 as pair 4.  The final (the same boards' results by number) gives final pairs 1: 8, 2: 6,
3: 4, 4: 6.

Carry-over of matchpoints with factor 1/2 (EBU §172, C = S × FT ÷ (2 × QT), both tops 2):
  final pair 1 (Q1): C = 8 × 2 ÷ 4 = 4,  total 4 + 8 = 12
  final pair 2 (Q2 or Q4): C = 6 × 2 ÷ 4 = 3, total 3 + 6 = 9
  final pair 3 (Q4 or Q2): C = 3,  total 3 + 4 = 7
  final pair 4 (Q3): C = 4 × 2 ÷ 4 = 2,  total 2 + 6 = 8
so the combined order is 1, 2, 4, 3 — where the final alone ties pairs 2 and 4.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.models import Standings
from tournament.interchange.formats import session_file as sfile
from tournament.interchange.selectors import export_session
from tournament.models import Session
from tournament.printing.selectors import print_data
from tournament.prizes import combined

from .helpers import finish, new_event, play, sign_in
from .test_prize_ties import SPECIAL


def howell(client, session, section, seed):
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "howell", "boards_per_round": 2}
    )
    client.post(reverse("td_boards", args=[session.pk]), {"seed": seed})
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    play(client, section, lambda b, ns: {"result": SPECIAL.get((b, ns), "PASS")})


def add_session(client, event, name, date):
    client.post(reverse("td_event", args=[event.pk]), {"name": name, "date": date})
    return Session.objects.get(event=event, name=name)


def configure(client, event, **data):
    form = {"method": "carry_mp", "factor": "1/2", "final": "Final", "qualify": 4, **data}
    return client.post(reverse("td_event_combined", args=[event.pk]), form)


@pytest.fixture
def qualified(director_client, club, players):
    client = director_client
    event = new_event(client, club, name="Championship pairs")
    qualifier = add_session(client, event, "Qualifier", "2026-11-03")
    add_session(client, event, "Final", "2026-11-10")
    client.post(reverse("td_section_new", args=[qualifier.pk]), {"name": "A"})
    section = qualifier.sections.get()
    for i in range(4):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    howell(client, qualifier, section, "qualifier")
    finish(client, qualifier)
    assert configure(client, event, prizes="on").status_code == 302
    event.refresh_from_db()
    return event


def pair_of(entry) -> frozenset:
    return frozenset(entry.entry_players.values_list("player_id", flat=True))


@pytest.mark.django_db
def test_the_qualifying_ranking_marks_the_qualifiers(director_client, players, qualified):
    found = combined.ranking(qualified)
    assert found["stage"] == "qualifying"
    rows = found["groups"][0]["rows"]
    assert [(r["rank"], r["total"]) for r in rows] == [
        ("1", Decimal("8.00")), ("=2", Decimal("6.00")), ("=2", Decimal("6.00")),
        ("4", Decimal("4.00")),
    ]  # fmt: skip
    assert all(r["qualified"] for r in rows)
    page = director_client.get(reverse("td_event", args=[qualified.pk]))
    assert b"Seed the final" in page.content and b"qualified" in page.content


@pytest.mark.django_db
def test_the_final_is_seeded_by_qualifying_place(director_client, players, qualified):
    assert (
        director_client.post(reverse("td_event_seed_final", args=[qualified.pk])).status_code == 302
    )
    final = Session.objects.get(event=qualified, name="Final")
    numbers = {pair_of(e): e.number for e in final.sections.get(name="A").entries.all()}
    pair = [frozenset({players[2 * i].pk, players[2 * i + 1].pk}) for i in range(4)]
    assert numbers[pair[0]] == 1 and numbers[pair[2]] == 4
    assert {numbers[pair[1]], numbers[pair[3]]} == {2, 3}
    # seeding again is refused, with nothing written
    director_client.post(reverse("td_event_seed_final", args=[qualified.pk]))
    assert final.sections.get().entries.count() == 4


@pytest.mark.django_db
def test_carry_over_and_the_final_give_the_combined_ranking(director_client, players, qualified):
    client = director_client
    client.post(reverse("td_event_seed_final", args=[qualified.pk]))
    final = Session.objects.get(event=qualified, name="Final")
    section = final.sections.get()
    howell(client, final, section, "final")
    finish(client, final)
    found = combined.ranking(qualified)
    assert found["stage"] == "final"
    rows = {r["entry"]: r for r in found["groups"][0]["rows"]}
    expected = {1: ("1", 4, 12), 2: ("2", 3, 9), 4: ("3", 2, 8), 3: ("4", 3, 7)}
    for entry, (place, carry, total) in expected.items():
        assert (rows[entry]["rank"], rows[entry]["carry"], rows[entry]["total"]) == (
            place, Decimal(carry).quantize(Decimal("0.01")), Decimal(total).quantize(Decimal("0.01"))
        ), entry  # fmt: skip
    # the prize list follows the combined ranking (2 prizes): pairs 1 and 2, no shared 2nd
    prizes = Standings.objects.get(session=final).data["prizes"]
    assert [(p["entry"], p["prizes"]) for p in prizes if p["prizes"]] == [(1, [1]), (2, [2])]
    # the public event page and the printed results sheet show it
    page = client.get(reverse("event", args=[qualified.pk]))
    assert b"Carry-over" in page.content and b"12.00" in page.content
    sheet = print_data(final, section).combined
    assert sheet["groups"][0]["rows"][0]["total"] == "12.00"
    # the final's session file carries each entry's carry-over, exact, and reads back
    data = export_session(final)
    carried = {e["number"]: e.get("carry_over") for e in data["sections"][0]["entries"]}
    assert carried == {1: "4", 2: "3", 3: "3", 4: "2"}
    assert [e.carry_over for e in sfile.parse(data).sections[0].entries] == ["4", "3", "3", "2"]
    # the qualifier's file has none
    qualifier = Session.objects.get(event=qualified, name="Qualifier")
    assert all("carry_over" not in e for e in export_session(qualifier)["sections"][0]["entries"])


@pytest.mark.django_db
def test_bad_settings_are_refused_at_the_field(director_client, qualified):
    before = dict(qualified.conditions)
    r = configure(director_client, qualified, factor="3/2")
    assert r.status_code == 400 and b"must be from 0 to 1" in r.content
    r = configure(director_client, qualified, final="")
    assert r.status_code == 400 and b"needs the final session" in r.content
    qualified.refresh_from_db()
    assert qualified.conditions == before


@pytest.mark.django_db
def test_average_of_percentages_over_both_sessions(director_client, players, qualified):
    client = director_client
    client.post(reverse("td_event_seed_final", args=[qualified.pk]))
    final = Session.objects.get(event=qualified, name="Final")
    howell(client, final, final.sections.get(), "final")
    configure(client, qualified, method="average", final="")
    qualified.refresh_from_db()
    rows = combined.ranking(qualified)["groups"][0]["rows"]
    by_pair = {frozenset(r["players"]): r["total"] for r in rows}
    # Q1: (66 2/3 + 66 2/3) / 2; Q3: (33 1/3 + 50) / 2 = 41 2/3
    assert by_pair[frozenset({players[0].pk, players[1].pk})] == Decimal("66.67")
    assert by_pair[frozenset({players[4].pk, players[5].pk})] == Decimal("41.67")


@pytest.mark.django_db
def test_the_next_pairs_go_to_a_b_final(director_client, players, qualified):
    configure(director_client, qualified, qualify=2, b_final=2)
    director_client.post(reverse("td_event_seed_final", args=[qualified.pk]))
    final = Session.objects.get(event=qualified, name="Final")
    a = {e.number: pair_of(e) for e in final.sections.get(name="A").entries.all()}
    b = {e.number: pair_of(e) for e in final.sections.get(name="B").entries.all()}
    pair = [frozenset({players[2 * i].pk, players[2 * i + 1].pk}) for i in range(4)]
    # Q1 (8) first of the A final; Q2 and Q4 (6 each) split between A 2 and B 1; Q3 (4) B 2
    assert a[1] == pair[0] and b[2] == pair[2]
    assert {a[2], b[1]} == {pair[1], pair[3]}


@pytest.mark.django_db
def test_seeding_waits_for_the_qualifier_to_be_final(director_client, club, players):
    client = director_client
    event = new_event(client, club, name="Open pairs")
    qualifier = add_session(client, event, "Qualifier", "2026-11-03")
    final = add_session(client, event, "Final", "2026-11-10")
    client.post(reverse("td_section_new", args=[qualifier.pk]), {"name": "A"})
    for i in range(4):
        sign_in(client, qualifier.sections.get(), players[2 * i : 2 * i + 2])
    configure(client, event)
    r = client.post(reverse("td_event_seed_final", args=[event.pk]), follow=True)
    assert b"Finalise the qualifying sessions first: Qualifier." in r.content
    assert not final.sections.exists()
