"""The traveller's entry rows on a desktop screen (1280 px): no input, select or button of a
row overlaps another or spills out of its row (issue 18), for each game's fields."""

from __future__ import annotations

import pytest

from .helpers import running_session, sign_in_td

CONTROLS = "input:not([type=hidden]), select, button"


def overlap(a, b) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


@pytest.mark.parametrize(("game", "method"), [("contract", "matchpoints"), ("auction", "net"),
                                              ("whist", "tricks")])  # fmt: skip
def test_traveller_row_controls_do_not_overlap_at_1280(page, live_server, transactional_db,
                                                        game, method):  # fmt: skip
    from tournament.models import Event

    session, section = running_session()
    Event.objects.filter(pk=session.event_id).update(game=game, scoring_method=method)
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/section/{section.pk}/board/1/traveller/")
    rows = page.locator("form.result-row.open")
    assert rows.count() >= 2
    for i in range(rows.count()):
        row = rows.nth(i)
        outer = row.bounding_box()
        controls = row.locator(CONTROLS)
        boxes = [(controls.nth(k).get_attribute("name") or controls.nth(k).text_content(),
                  controls.nth(k).bounding_box()) for k in range(controls.count())]  # fmt: skip
        assert len(boxes) >= 3, boxes
        for n, (name, box) in enumerate(boxes):
            assert box["x"] >= outer["x"] - 0.5, (name, box, outer)
            assert box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5, (name, box, outer)
            for other, box2 in boxes[n + 1 :]:
                assert not overlap(box, box2), (game, name, box, other, box2)
