"""A table's result POST parses the section's movement once and builds its board schedule
once (``Section.get_movement`` and ``scoring.inputs.scheduled_plays`` are shared per stored
movement), and not at all once this process has them."""

from __future__ import annotations

from unittest import mock

from scoring import inputs
from scoring.models import BoardResult, Standings
from tournament.movements.base import Movement

from .conftest import round_plays
from .test_table_entry import post_result


def test_a_result_post_parses_the_movement_once(client, running, codes):
    first = round_plays(running, 1, table=1)
    running.movement = dict(running.movement, announcement="Arrow-switch the last round")
    running.save(update_fields=["movement"])  # a movement this process has not parsed yet
    parses, schedules = [], []
    real_parse, real_build = Movement.from_json.__func__, inputs._build_plays

    def parse(cls, data):
        parses.append(data["announcement"])
        return real_parse(cls, data)

    def build(movement):
        schedules.append(movement.announcement)
        return real_build(movement)

    counts = []
    with (
        mock.patch.object(Movement, "from_json", classmethod(parse)),
        mock.patch.object(inputs, "_build_plays", build),
    ):
        for board, play in first:
            parses.clear(), schedules.clear()
            response = post_result(client, codes[1], board, play.ns, play.ew, 1)
            assert response.status_code == 302, response.content
            counts.append((len(parses), len(schedules)))
    assert counts == [(1, 1), (0, 0)], counts
    assert BoardResult.objects.filter(section=running).count() == 2
    shown = Standings.objects.get(session=running.session).data["sections"][0]["boards"]
    assert [b["board"] for b in shown] == [board for board, _ in first]
