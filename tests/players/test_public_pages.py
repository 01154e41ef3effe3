"""Public reading: anonymous pages, deals only after release, and no peeking during play."""

import re

import pytest
from django.urls import reverse

from boards import services as board_services
from tournament.setup import services as setup_services

from .conftest import enter, play_rounds, plays, round_plays

SECRET_CONTRACT = "6C"


def play_with_secret(section, rounds):
    for board, ps in sorted(plays(section).items()):
        for p in ps:
            if p.round in rounds:
                enter(section, board, p, contract=SECRET_CONTRACT, declarer="W", tricks=12)


def pages(session, section, entry=1, board=1):
    return {
        "session": reverse("session", args=[session.pk]),
        "fragment": reverse("session_standings", args=[session.pk]),
        "scorecard": reverse("scorecard", args=[session.pk, section.name, entry]),
        "board": reverse("board", args=[session.pk, board]),
    }


def test_anonymous_reads_work(client, club, event, session, running, players):
    play_rounds(running, {1})
    for name in ["home", "player_search"]:
        assert client.get(reverse(name)).status_code == 200
    assert client.get(reverse("club", args=[club.slug])).status_code == 200
    assert client.get(reverse("event", args=[event.pk])).status_code == 200
    for name, url in pages(session, running).items():
        if name != "board":
            assert client.get(url).status_code == 200, url
    player = running.entries.get(number=1).players.first()
    assert client.get(reverse("player", args=[player.pk])).status_code == 200
    assert player.name in client.get(reverse("player_search") + "?q=Player").content.decode()


def test_deals_are_never_shown_before_release(client, session, running):
    board = min(plays(running))
    response = client.get(reverse("board", args=[session.pk, board]))
    assert response.status_code == 404
    assert "hand-diagram" not in client.get(reverse("session", args=[session.pk])).content.decode()
    play_rounds(running, {1, 2, 3})  # every table has played: the traveller, still no deal
    html = client.get(reverse("board", args=[session.pk, board])).content.decode()
    assert "Traveller" in html and "hand-diagram" not in html
    board_services.release(session)
    html = client.get(reverse("board", args=[session.pk, board])).content.decode()
    assert "hand-diagram" in html and "♠" in html and "Dealer" in html


def test_a_director_sees_the_deal_before_release(director_client, session, running):
    response = director_client.get(reverse("board", args=[session.pk, 1]))
    assert response.status_code == 200 and "hand-diagram" in response.content.decode()


@pytest.mark.parametrize("page", ["session", "fragment", "scorecard", "board"])
def test_no_result_of_a_board_in_play_is_shown(client, session, running, page):
    play_with_secret(running, {1, 2})  # round 3 still to play: every board has one table to go
    board, play = round_plays(running, 1, 1)[0]
    url = pages(session, running, entry=play.ns, board=board)[page]
    response = client.get(url, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    # the page's random CSRF token (64 letters and digits) may contain "6C" by chance
    assert SECRET_CONTRACT not in re.sub(r"[A-Za-z0-9]{32,}", "", html)
    assert response.status_code == (404 if page == "board" else 200)
    if page == "scorecard":
        assert "in play" in html


def test_a_board_every_table_has_played_is_shown_during_play(client, session, running):
    play_with_secret(running, {1, 2, 3})
    board, play = round_plays(running, 1, 1)[0]
    for page in ["session", "scorecard", "board"]:
        url = pages(session, running, entry=play.ns, board=board)[page]
        html = client.get(url).content.decode()
        assert (SECRET_CONTRACT in html) or page == "session", page
        assert f'href="{reverse("board", args=[session.pk, board])}"' in html or page != "session"


def test_rankings_are_shown_live_and_refresh_by_themselves(client, session, running):
    play_rounds(running, {1})
    html = client.get(reverse("session", args=[session.pk])).content.decode()
    assert 'hx-trigger="live-standings from:body"' in html and "provisional-banner" in html
    assert "Place" in html and "A Player 0 &amp; A Player 1" in html
    fragment = client.get(reverse("session_standings", args=[session.pk]))
    assert fragment.content.decode().lstrip().startswith("{#") is False
    assert (
        "<html" not in fragment.content.decode() and 'id="standings"' in fragment.content.decode()
    )
    assert "no-cache" in fragment["Cache-Control"] or "max-age=0" in fragment["Cache-Control"]


def test_a_final_session_shows_everything_and_stops_polling(client, session, running):
    play_with_secret(running, {1, 2, 3})
    setup_services.set_status(session, "provisional")
    setup_services.set_status(session, "final")
    html = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "hx-trigger" not in html and "final-banner" in html
    board_html = client.get(reverse("board", args=[session.pk, 1])).content.decode()
    assert SECRET_CONTRACT in board_html and "hand-diagram" in board_html


def test_the_scorecard_has_rounds_running_total_and_a_chart(client, session, running):
    play_rounds(running, {1, 2, 3})
    setup_services.set_status(session, "provisional")
    html = client.get(reverse("scorecard", args=[session.pk, "A", 1])).content.decode()
    assert "Round 1" in html and "Round 3" in html and "Total" in html
    assert "<svg" in html and "<polyline" in html and "style=" not in html


def test_a_series_shows_standings_and_the_players_season(client, event, session, running):
    event.kind = "series"
    event.save()
    play_rounds(running, {1, 2, 3})
    setup_services.set_status(session, "provisional")
    setup_services.set_status(session, "final")
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Series standings" in html and "Average of percentages" in html
    entry = running.entries.get(number=1)
    standing = next(
        s for f in session.standings.data["sections"][0]["fields"] for s in f["standings"]
        if s["entry"] == 1
    )  # fmt: skip
    assert f"<td>{entry.display_name.replace('&', '&amp;')}</td>" in html
    assert f"{standing['percent']:.2f}" in html  # one session: the series score is its percentage
    player = running.entries.get(number=1).players.first()
    html = client.get(reverse("player", args=[player.pk])).content.decode()
    assert "the season" in html and "<svg" in html
    partner = running.entries.get(number=1).players.last()
    assert partner.name in html
