"""The public session page shows the movement: who plays where, on which boards."""

import pytest

from tournament.models import Player
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
