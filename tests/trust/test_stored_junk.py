"""Pages are robust to rows stored before the door checks existed: a section named ``A/B``, a
deal ``N:garbage``, conditions of contest the schema (``tournament/conditions.py``) refuses.
Each is written straight into the database (as an old import or the admin did), then every
page type is opened — public session, standings, board, scorecard, player, event and club pages,
the console's pages, the file exports and every printed document: never a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from boards.models import Board
from scoring.standings.services import recompute_standings
from tournament.models import Event, Section, Session
from tournament.printing.documents import DOCUMENTS

JUNK_CONDITIONS = {
    "a list": ["tie_rule", "cut"],
    "a text": "share",
    "tie rule a number": {"tie_rule": 5},
    "prizes in words": {"prizes_per_field": "lots", "prizes": "many"},
    "negative prizes": {"prizes_per_field": -3},
    "hours in words": {"provisional_hours": "two days"},
    "scoring not an object": {"scoring": "EBU"},
    "bad scoring settings": {"scoring": {"mp_scale": "FFB", "neuberg": "yes", "x": 1},
                             "mp_board_decimals": 40, "butler_drop": -1},
    "progressive junk": {"progressive": {"method": "sideways"}, "tally": "points"},
    "progressive a list": {"progressive": [1, 2]},
    "series junk": {"series": {"method": "best_k", "best": "four"}},
    "combined junk": {"combined": {"method": "carry_mp", "factor": "lots", "qualify": -1}},
    "rounds junk": {"rounds": "six", "winners": 3},
    "source junk": {"source": ["USEBIO"]},
}  # fmt: skip


def pages(night, section_name: str) -> list[str]:
    s, sec = night.session, night.section
    player = sec.entries.order_by("number").first().entry_players.first().player_id
    urls = [
        reverse("home"),
        reverse("club", args=[s.club.slug]),
        reverse("event", args=[s.event_id]),
        reverse("session", args=[s.pk]),
        reverse("session_standings", args=[s.pk]),
        reverse("player", args=[player]),
        reverse("table_codes", args=[s.pk]),
        f"/t/{night.tokens[1]}/",
        reverse("td_console"),
        reverse("td_event", args=[s.event_id]),
        reverse("td_session", args=[s.pk]),
        reverse("td_standings", args=[s.pk]),
        reverse("td_ties", args=[s.pk]),
        reverse("td_travellers", args=[sec.pk]),
        reverse("td_scorecard", args=[sec.pk, 1]),
        reverse("td_progressive", args=[sec.pk]),
        reverse("td_slip", args=[sec.pk, 1, 1]),
        reverse("td_club_files", args=[s.club.slug]),
        reverse("td_club_backup", args=[s.club.slug]),
        reverse("td_session_files", args=[s.pk]),
        reverse("boards_td", args=[s.pk]),
        reverse("boards_pbn", args=[s.pk]),
        reverse("boards_progress", args=[s.pk]),
    ]
    if "/" not in section_name:
        urls.append(reverse("scorecard", args=[s.pk, section_name, 1]))
    else:  # the name cannot be part of a URL: whatever the link would be is a 404, not a 500
        urls.append(f"/session/{s.pk}/section/{section_name}/entry/1/")
    for board in (1, 2, 3):
        urls += [
            reverse("board", args=[s.pk, board]),
            reverse("td_board", args=[sec.pk, board]),
            reverse("td_traveller", args=[sec.pk, board]),
        ]
    for fmt in ("session-file", "usebio", "pbn-results"):
        urls.append(reverse("td_session_export", args=[s.pk, fmt]))
    for document in sorted(DOCUMENTS):
        urls.append(reverse("session_print", args=[s.pk, document]))
    for document in ("hand-records", "trump-slips", "duplication"):
        urls.append(reverse("boards_pdf", args=[s.pk, document]))
    return urls


def final(night) -> None:
    """Played out and made final through the ORM, its standings kept as a recompute makes them."""
    Session.objects.filter(pk=night.session.pk).update(status=Session.Status.FINAL)
    night.session.refresh_from_db()
    recompute_standings(night.session)


def open_every_page(night, director, section_name="A") -> dict[str, int]:
    td = Client(raise_request_exception=False)
    td.force_login(director)
    anon = Client(raise_request_exception=False)
    answers = {}
    for url in pages(night, section_name):
        for who, client in (("td", td), ("anon", anon)):
            status = client.get(url).status_code
            answers[f"{who} {url}"] = status
    return answers


def server_errors(answers: dict[str, int]) -> str:
    return "\n".join(f"{where} → {status}" for where, status in answers.items() if status >= 500)


@pytest.mark.parametrize("junk", sorted(JUNK_CONDITIONS))
def test_junk_conditions_stored_break_no_page(junk, night, director):
    Event.objects.filter(pk=night.session.event_id).update(conditions=JUNK_CONDITIONS[junk])
    final(night)
    assert server_errors(open_every_page(night, director)) == ""


def test_the_console_names_the_stored_junk(night, director, client):
    Event.objects.filter(pk=night.session.event_id).update(conditions={"tie_rule": 5})
    client.force_login(director)
    for url in (reverse("td_event", args=[night.session.event_id]),
                reverse("td_session", args=[night.session.pk])):  # fmt: skip
        page = client.get(url).content.decode()
        assert "event.conditions.tie_rule" in page, url


def test_a_section_named_with_a_slash_breaks_no_page(night, director):
    Section.objects.filter(pk=night.section.pk).update(name="A/B")
    final(night)
    assert server_errors(open_every_page(night, director, "A/B")) == ""


@pytest.mark.parametrize("deal", ["N:garbage", "N:AKQ", "X:" + "A" * 60, "", "N:... ... ... ..."])
def test_a_garbage_deal_breaks_no_page(deal, night, director):
    Board.objects.filter(board_set__session=night.session, number=1).update(deal=deal)
    final(night)
    assert server_errors(open_every_page(night, director)) == ""
