"""Pages of a 29-table session (Mitchell needs an odd count) cost no more queries than those of a 3-table one."""

import datetime

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from boards import services as board_services
from tournament.models import Session
from tournament.play import services as play_services

from .conftest import make_section, play_rounds, round_plays, start


def build(event, club, tables, name):
    session = Session.objects.create(event=event, name=name, date=datetime.date(2026, 11, 5))
    section = make_section(session, club, tables, boards_per_round=1, name="A")
    start(session, seed=name)
    play_rounds(section, {1})
    board_services.release(session)
    codes = play_services.issue_tokens(section)
    return session, section, codes


def urls(session, section, codes):
    board, play = round_plays(section, 1, 1)[0]
    player = section.entries.get(number=1).players.first()
    return {
        "session": reverse("session", args=[session.pk]),
        "fragment": reverse("session_standings", args=[session.pk]),
        "scorecard": reverse("scorecard", args=[session.pk, "A", play.ns]),
        "board": reverse("board", args=[session.pk, board]),
        "player": reverse("player", args=[player.pk]),
        "table": reverse("table", args=[codes[0].token]),
        "codes": reverse("table_codes", args=[session.pk]),
    }


def count(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200, url
    return len(ctx.captured_queries)


PAGES = ["session", "fragment", "scorecard", "board", "player", "table", "codes"]


def test_query_count_does_not_grow_with_the_session(director_client, event, club):
    """One build of both sessions (they are slow to score), then every page compared."""
    small = urls(*build(event, club, 3, "small"))
    large = urls(*build(event, club, 29, "large"))
    costs = {page: (count(director_client, small[page]), count(director_client, large[page]))
             for page in PAGES}  # fmt: skip
    grown = {page: c for page, c in costs.items() if c[1] > c[0]}
    assert not grown, f"queries (3 tables, 29 tables): {grown}"
