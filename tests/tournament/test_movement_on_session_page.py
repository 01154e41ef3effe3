"""The public session page shows the movement: who plays where, on which boards."""

import pytest
from django.urls import reverse

from scoring.inputs import scheduled_plays
from scoring.results import services as result_services
from tournament.models import Player, Session
from tournament.setup import services as setup_services
from tournament.templatetags.movement_tags import board_range


@pytest.mark.parametrize(
    "boards,text", [((13, 14, 15), "13–15"), ((1, 3), "1, 3"), ((7,), "7"), ((), "—")]
)
def test_board_ranges(boards, text):
    assert board_range(boards) == text


def test_the_session_page_shows_each_round_at_each_table(client, session, club):
    people = [Player.objects.create(club=club, name=f"P{i}") for i in range(18)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 10)]
    )
    setup_services.choose_movement(section, "mitchell", tables=5, boards_per_round=3, pairs=9)
    html = client.get(f"/session/{session.pk}/").content.decode()
    movement = section.get_movement()
    rnd = movement.round(3)
    for st in rnd.tables:
        boards = movement.boards_for(st)
        if movement.phantom in (st.ns, st.ew):
            real = st.ew if st.ns == movement.phantom else st.ns
            assert f"{real} sits out" in html
        else:
            assert f"{st.ns} v {st.ew} · {boards[0]}–{boards[-1]}" in html
    assert "N-S stay" in html  # the announcement


def _mitchell(session, club, **options):
    people = [Player.objects.create(club=club, name=f"P{i}") for i in range(18)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 10)]
    )
    setup_services.choose_movement(section, "mitchell", tables=5, pairs=9, **options)
    return section


def test_the_grid_is_built_once_per_movement_and_again_when_the_movement_changes(
    client, session, club, monkeypatch
):
    """Issue 23: the grid is rendered once and kept by the movement's digest; page views in
    between do not rebuild it, nor does a result (it shows no result), a new movement does."""
    from tournament.templatetags import movement_tags

    section = _mitchell(session, club, boards_per_round=3)
    built = []
    original = movement_tags.grid
    monkeypatch.setattr(movement_tags, "grid", lambda m: built.append(m) or original(m))

    def grid_html():
        page = client.get(f"/session/{session.pk}/").content.decode()
        start = page.index('<details class="card movement"')
        return page[start : page.index("</details>", start)]

    first = grid_html()
    assert "Movement: section A" in first
    for _ in range(3):
        assert grid_html() == first
    assert len(built) == 1
    assert section.movement_digest  # kept by Section.save
    setup_services.choose_movement(section, "mitchell", tables=5, pairs=9, boards_per_round=2)
    section.refresh_from_db()
    again = grid_html()
    assert len(built) == 2 and again != first
    rnd = section.get_movement().round(1)
    st = next(st for st in rnd.tables if section.get_movement().phantom not in (st.ns, st.ew))
    boards = section.get_movement().boards_for(st)
    assert f"{st.ns} v {st.ew} · {boards[0]}–{boards[-1]}" in again
    assert len(boards) == 2
    Session.objects.filter(pk=session.pk).update(status=Session.Status.RUNNING)  # play begun
    standings = reverse("session_standings", args=[session.pk])
    unscored = client.get(standings).content
    movement = section.get_movement()
    board, play = next(
        (b, p) for b, ps in sorted(scheduled_plays(movement).items()) for p in ps
        if movement.phantom not in (p.ns, p.ew)
    )  # fmt: skip
    result_services.record_result(
        section, board_number=board, ns=play.ns, ew=play.ew,
        fields={"contract": "3NT", "declarer": "S", "tricks": 10},
    )  # fmt: skip
    assert client.get(standings).content != unscored  # the standings moved ...
    assert grid_html() == again and len(built) == 2  # ... the grid did not
