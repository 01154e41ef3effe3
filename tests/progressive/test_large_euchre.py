"""A large euchre through the console and the tables' phone pages: the room of
tests/progressive/large_room.py (2 aisles × 3 tables, 24 players, 3 games tallied by games
won, lone hands played), its results entered at the tables (aisle 1) and on the console
(aisle 2), each aisle progressing by itself, the head and aisle prizes with their ties
settled, the most lone hands, and the manager's calling sheet on the page and in print."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.models import (
    Entry,
    Event,
    Player,
    ProgressiveTableResult,
    Section,
    Session,
)
from tournament.play import services as play_services
from tournament.progressive.selectors import final_ranking
from tournament.setup import services as setup_services

from .large_room import (
    AISLE_1_TIE,
    AISLE_2_TIE,
    AWARDS,
    GAMES,
    LONE,
    LONE_TOTALS,
    POLICY,
    RESULTS_1,
    RESULTS_2,
    RESULTS_3,
    ROUND_1,
    ROUND_2,
    ROUND_3,
)

CONDITIONS = {"progressive": POLICY, "tally": "games", "tie_rule": "play_off",
              "booby": False, "class_prizes": False, "lone_hands": True,
              "large_room": {"rows": 2, "head_prizes": 2, "row_prizes": 2}}  # fmt: skip


@pytest.fixture
def room(club, players, director_client):
    people = players + [Player.objects.create(club=club, name=f"Guest {n}") for n in range(4)]
    event = Event.objects.create(club=club, name="Charity euchre", game="whist",
                                 scoring_method="tricks", format="progressive",
                                 conditions=CONDITIONS)  # fmt: skip
    session = event.sessions.create(name="Thursday")
    section = Section.objects.create(session=session, name="A")
    for number, player in enumerate(people[:24], start=1):
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    url = reverse("td_progressive", args=[section.pk])
    given = "\n".join(f"{p}: {(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}"
                      for p in range(1, 25))  # fmt: skip
    assert director_client.post(url, {"action": "start", "given": given}).status_code == 302
    setup_services.set_status(session, Session.Status.RUNNING)
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    return section, url, {t: reverse("table", args=[tok]) for t, tok in tokens.items()}


def seated(rows):
    return [{"table": t, "n": n, "s": s, "e": e, "w": w} for t, n, s, e, w in rows]


def result_form(result, lone: dict) -> dict:
    if isinstance(result, str):
        form = {"winner": result}
    else:
        ns, ew, first = result
        form = {"ns_points": ns, "ew_points": ew, "first_to_score": first}
    return {**form, **{f"lone_{p}": n for p, n in lone.items()}}


def play(client, director_client, section, url, tables, rnd, results):
    """Aisle 1 (tables 1–3) at its phones, aisle 2 (tables 4–6) on the console."""
    for table, result in results.items():
        lone = {
            p: n
            for p, n in LONE[rnd].items()
            if p in section.round_seatings.get(round_number=rnd).seating[table - 1].values()
        }
        form = result_form(result, lone)
        if table <= 3:
            r = client.post(tables[table], {**form, "round": rnd, "ok": "yes"})
        else:
            r = director_client.post(url, {**form, "action": "result", "table": table})
        assert r.status_code == 302, r.content.decode()[-1200:]


@pytest.mark.django_db
def test_a_large_euchre_from_the_tables_and_the_console(client, director_client, room):
    section, url, tables = room
    assert section.round_seatings.get(round_number=1).seating == seated(ROUND_1)
    page = client.get(tables[2]).content.decode()
    assert "Aisle 1" in page and "Lone hands: Augusta De Morgan" in page

    play(client, director_client, section, url, tables, 1, RESULTS_1)
    # the phone shows its result and will not take a second one: that is the TD's
    page = client.get(tables[1]).content.decode()
    assert "Round 1 is in: N-S won · lone hands: Ada Lovelace 1." in page
    r = client.post(tables[1], {"winner": "ew", "round": 1, "ok": "yes"})
    assert r.status_code == 400 and "ask the director to correct it" in r.content.decode()
    assert ProgressiveTableResult.objects.get(round_number=1, table_number=1).winner == "ns"
    page = director_client.get(url).content.decode()
    assert "A large room" in page and "Ada Lovelace (1) 1" in page
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=2).seating == seated(ROUND_2)

    play(client, director_client, section, url, tables, 2, RESULTS_2)
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=3).seating == seated(ROUND_3)
    play(client, director_client, section, url, tables, 3, RESULTS_3)

    ranking = final_ranking(section)
    assert {r["player"]: r["games"] for r in ranking["rows"]} == GAMES
    assert {r["player"]: r["lone_hands"] for r in ranking["rows"] if r["lone_hands"]} == (
        LONE_TOTALS
    )
    assert {r["player"]: r["aisle"] for r in ranking["rows"]} == {
        p: 1 if p <= 12 else 2 for p in range(1, 25)
    }
    # the head prizes are in; aisle 1's six-way tie on 2 games is the TD's (a play-off)
    assert [(a["prize"], a["player"]) for a in ranking["awards"]] == AWARDS[:2]
    page = director_client.get(url).content.decode()
    assert "Tied for the aisle 1 prize: players 1,4,5,7,10,11" in page
    assert "Calling sheet" not in page  # not before the ties are settled
    order = " ".join(map(str, AISLE_1_TIE))
    r = director_client.post(url, {"action": "prize_tie", "players": "1,4,5,7,10,11",
                                   "order": order})  # fmt: skip
    assert r.status_code == 302
    r = director_client.post(url, {"action": "prize_tie", "players": "15,16,23",
                                   "order": " ".join(map(str, AISLE_2_TIE))})  # fmt: skip
    assert r.status_code == 302
    ranking = final_ranking(section)
    assert ranking["ties"] == []
    assert [(a["prize"], a["player"]) for a in ranking["awards"]] == AWARDS

    page = director_client.get(url).content.decode()
    calls = re.findall(r"<li>“Who has won ([\d½]+) games?\?” ([^<]*)</li>", page)
    assert [c[0] for c in calls] == ["3", "2½", "2"]
    assert calls[0][1].startswith("head prize 1: ")
    assert "most lone hands: " in page and "Then: most lone hands" in page

    # a tie for the most lone hands is its own: 1 now made two, as 11 did
    ProgressiveTableResult.objects.filter(round_number=1, table_number=1).update(
        lone_hands={"1": 2}
    )
    page = director_client.get(url).content.decode()
    assert "Tied for the most lone hands: players 1,11" in page
    assert 'name="players" value="lone:1,11"' in page
    r = director_client.post(url, {"action": "prize_tie", "players": "lone:1,11", "order": "1 11"})
    assert r.status_code == 302
    assert section.progressive_prize_ties.get(players="lone:1,11").order == [1, 11]
    awards = {a["prize"]: a["player"] for a in final_ranking(section)["awards"]}
    assert awards["most lone hands"] == 1 and awards["aisle 1 prize 1"] == 7
    r = director_client.post(url, {"action": "prize_tie", "players": "odd:1,11", "order": ""})
    assert r.status_code == 400 and "Unknown kind of prize tie" in r.content.decode()

    r = director_client.get(reverse("session_print", args=[section.session_id, "calling-sheet"]),
                            {"section": "A"})  # fmt: skip
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf", r.content[:500]
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    assert "Calling sheet" in text and "3 games played" in text
    assert re.search(r"1\s+3\s+head prize 1", text) and re.search(r"2\s+2½\s+head prize 2", text)
    assert re.search(r"3\s+2\s+aisle 2 prize 2", text)
    assert "most lone hands: Ada Lovelace" in text


@pytest.mark.django_db
def test_bad_lone_hands_are_refused_at_the_field(client, director_client, room):
    section, url, tables = room
    # negative, at the phone
    r = client.post(tables[1], {"winner": "ns", "lone_1": "-1", "round": 1, "ok": "yes"})
    body = r.content.decode()
    assert r.status_code == 400 and "Lone hands of Ada Lovelace (1) must be from 0 to 9" in body
    assert 'id="lone_1-error"' in body and 'aria-invalid="true"' in body
    # more than a game of 5 can deal (9), on the console
    r = director_client.post(url, {"action": "result", "table": 4, "winner": "ew",
                                   "lone_15": "10"})  # fmt: skip
    assert r.status_code == 400 and "must be from 0 to 9, not 10" in r.content.decode()
    # a side's lone hands made are no more than its points
    r = client.post(tables[2], {"ns_points": 1, "ew_points": 5, "lone_5": 1, "lone_6": 1,
                                "round": 1, "ok": "yes"})  # fmt: skip
    assert r.status_code == 400 and "N-S (5 &amp; 6) cannot have made 2 lone hands" in (
        r.content.decode()
    )
    # no O.K., or junk points
    r = client.post(tables[3], {"winner": "ns", "round": 1})
    assert r.status_code == 400 and "An opponent must O.K. the result" in r.content.decode()
    r = client.post(tables[3], {"ns_points": "lots", "ew_points": 2, "round": 1, "ok": "yes"})
    assert r.status_code == 400 and "N-S points" in r.content.decode()
    assert not ProgressiveTableResult.objects.exists()
    # lone hands where the conditions have none
    event = section.session.event
    event.conditions = {**CONDITIONS, "lone_hands": False}
    event.save()
    r = director_client.post(url, {"action": "result", "table": 4, "winner": "ew", "lone_15": 1})
    assert r.status_code == 400 and "Lone hands are not played" in r.content.decode()
    assert "Lone hands:" not in client.get(tables[1]).content.decode()
    assert not ProgressiveTableResult.objects.exists()
