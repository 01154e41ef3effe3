"""No deal, result or standings of a board still in play reaches a player (docs/players.md).

A running 3-table Mitchell: rounds 1 and 2 played everywhere, round 3 only at table 1, all
confirmed.  The two boards table 1 played in round 3 are complete; the other four are still in
play.  Every result on an in-play board is a slam doubled going down (``6DX`` by East), a
contract no complete board has, so its contract and its N-S score are markers; each board's
deal (PBN string, each hand in PBN, the hand as the board page draws it) is another.  Every
page, fragment and export an anonymous visitor or a table's phone can reach is searched.
Positive controls: once the session is provisional the markers of results appear on the board
pages, and once the deals are released the deal markers do — so the searches are not blind.
"""

from __future__ import annotations

import io
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from boards.engine.cards import Direction
from boards.engine.deals import Deal
from boards.models import Board
from boards.selectors import hand_rows
from scoring.models import BoardResult
from tournament.play import services as play_services
from tournament.printing.documents import DOCUMENTS
from tournament.setup import services as setup_services

from .conftest import enter

IN_PLAY = {"contract": "6DX", "declarer": "E", "tricks": 7}


@pytest.fixture
def leaky(night):
    """The night, played on: rounds 1–2 everywhere, round 3 at table 1; all confirmed."""
    from scoring.results import services as result_services

    section = night.section
    complete = {b for b, _ in night.round_plays(3, table=1)}
    BoardResult.objects.filter(section=section).delete()
    for rnd, tables in ((1, (1, 2, 3)), (2, (1, 2, 3)), (3, (1,))):
        for table in tables:
            for board, play in night.round_plays(rnd, table=table):
                if board in complete:
                    enter(section, board, play, contract="3NT", declarer="S", tricks=9)
                else:
                    enter(section, board, play, **IN_PLAY)
            result_services.confirm(section, table_number=table, round_number=rnd)
    night.complete = complete
    night.in_play = set(night.plays) - complete
    return night


def result_markers(night) -> list[re.Pattern]:
    scores = (1100, 1400)  # 6DX by East, five down: E-W not vulnerable, vulnerable
    edge = r"(?<![\w.-]){}(?![\w.])"
    return [re.compile(edge.format(re.escape(t))) for t in ("6DX", "6♦X", "6♦", "6D")] + [
        re.compile(edge.format(f"[-+−]?{s}")) for s in sorted(scores)
    ]


def deal_markers(night, boards) -> list[str]:
    out = []
    for row in Board.objects.filter(board_set__session=night.session, number__in=boards):
        deal = Deal.from_pbn(row.deal)
        out.append(row.deal)
        out.append(row.deal.split(":", 1)[1])
        out.extend(row.deal.split(":", 1)[1].split())
        for d in Direction:
            html = render_to_string(
                "tournament/_hand.html", {"cls": "n", "title": "North", "hand": hand_rows(deal, d)}
            )
            out.append(html.split("</strong>", 1)[1])  # the four suits as drawn
    return out


def pdf_text(body: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(body)).pages)


def readable(response) -> str:
    """What a person could read in the response: HTML/CSV/JSON text, or a PDF's text."""
    if response.get("Content-Type", "").startswith("application/pdf"):
        return pdf_text(response.content)
    return response.content.decode("utf-8", "replace")


def player_urls(night) -> list[str]:
    s, sec = night.session, night.section
    urls = [
        "/", reverse("club", args=[s.club.slug]), reverse("event", args=[s.event_id]),
        reverse("session", args=[s.pk]), reverse("session_standings", args=[s.pk]),
        reverse("player_search") + "?q=Player",
    ]  # fmt: skip
    for entry in sec.entries.prefetch_related("entry_players"):
        urls.append(reverse("scorecard", args=[s.pk, sec.name, entry.number]))
        urls += [reverse("player", args=[ep.player_id]) for ep in entry.entry_players.all()]
    urls += [reverse("board", args=[s.pk, b]) for b in sorted(night.plays)]
    urls += [reverse("session_print", args=[s.pk, doc]) for doc in sorted(DOCUMENTS)]
    urls += [reverse("boards_pdf", args=[s.pk, d]) for d in ("hand-records", "trump-slips")]
    urls += [reverse("boards_pbn", args=[s.pk]), reverse("boards_td", args=[s.pk])]
    for name in ("td_standings",):
        urls.append(reverse(name, args=[s.pk]) + "?_export=csv")
    for name, args in (("td_travellers", [sec.pk]), ("td_scorecard", [sec.pk, 1])):
        urls.append(reverse(name, args=args) + "?_export=csv")
    return urls


def readers(night) -> dict[str, Client]:
    """The public, and each table's phone (which has opened its own code)."""
    out = {"anonymous": Client()}
    for table, token in night.tokens.items():
        client = Client()
        assert client.get(f"/t/{token}/").status_code == 200
        out[f"table {table}"] = client
    return out


def search(night, markers, pages) -> list[str]:
    leaks = []
    for who, client in readers(night).items():
        urls = pages + [f"/t/{token}/" for token in night.tokens.values()]
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, (who, url)
            if response.status_code != 200:
                continue
            text = readable(response)
            for marker in markers:
                found = marker.search(text) if isinstance(marker, re.Pattern) else marker in text
                if found:
                    leaks.append(f"{who}: {url} shows {getattr(marker, 'pattern', marker)!r}")
    return leaks


def test_results_of_boards_in_play_never_reach_a_player(leaky):
    assert search(leaky, result_markers(leaky), player_urls(leaky)) == []


def test_deals_never_reach_a_player_before_release(leaky):
    markers = deal_markers(leaky, leaky.plays)
    assert search(leaky, markers, player_urls(leaky)) == []


def test_a_tables_page_shows_only_its_current_round(leaky):
    """Table 2 is on round 3: its boards have results from two other tables, none shown."""
    client = Client()
    page = client.get(f"/t/{leaky.tokens[2]}/").content.decode()
    assert "round 3 <small>" in page
    assert not any(m.search(page) for m in result_markers(leaky))


def test_the_searches_see_results_once_play_is_over(leaky):
    """Positive control: provisional, the in-play boards' markers are on the board pages."""
    setup_services.set_status(leaky.session, "provisional")
    client = Client()
    board = min(leaky.in_play)
    page = client.get(reverse("board", args=[leaky.session.pk, board])).content.decode()
    found = [m.pattern for m in result_markers(leaky) if m.search(page)]
    assert len(found) >= 2, found


def test_the_searches_see_deals_once_released(leaky):
    from boards import services as board_services

    board_services.release(leaky.session)
    board = min(leaky.in_play)
    page = Client().get(reverse("board", args=[leaky.session.pk, board])).content.decode()
    found = [m for m in deal_markers(leaky, [board]) if m in page]
    assert len(found) == 4, found  # the four hands as drawn


def test_tokens_revoked_on_a_table_card_show_nothing(leaky):
    play_services.revoke_all(leaky.section)
    response = Client().get(f"/t/{leaky.tokens[1]}/")
    assert response.status_code == 403
    assert not any(m.search(response.content.decode()) for m in result_markers(leaky))
