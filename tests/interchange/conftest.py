"""A small played session: a 3-table Mitchell, six pairs, boards, results, a correction, a ruling."""

from __future__ import annotations

import datetime as dt

import pytest

from boards.models import Board, BoardSet
from scoring.engine.contract import dealer, vulnerability
from scoring.models import BoardResult, ResultAudit, Ruling
from tournament.models import Entry, EntryPlayer, Section
from tournament.movements import build

#: (board, ns, ew, round, table, fields) — the results of the first two rounds.
LINES = [
    (1, 1, 4, 1, 1, {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "HK"}),
    (2, 1, 4, 1, 1, {"contract": "3NTX", "declarer": "E", "tricks": 8}),
    (3, 2, 5, 1, 2, {"contract": "4S", "declarer": "N", "tricks": 9}),
    (4, 2, 5, 1, 2, {"adjusted": "A60/A40"}),
    (5, 3, 6, 1, 3, {"contract": "PASS"}),
    (6, 3, 6, 1, 3, {"score_ns": -110}),
    (1, 3, 5, 2, 3, {"contract": "4S", "declarer": "S", "tricks": 11}),
    (2, 3, 5, 2, 3, {"contract": "2H", "declarer": "W", "tricks": 8}),
    (3, 1, 6, 2, 1, {"contract": "4S", "declarer": "N", "tricks": 10}),
    (4, 1, 6, 2, 1, {"contract": "1NT", "declarer": "S", "tricks": 7}),
    (5, 2, 4, 2, 2, {"not_played": True}),
    (6, 2, 4, 2, 2, {"contract": "6DXX", "declarer": "W", "tricks": 12}),
]


def add_results(section: Section, director=None) -> list[BoardResult]:
    entries = {e.number: e for e in section.entries.all()}
    rows = []
    for board, ns, ew, rnd, table, fields in LINES:
        rows.append(
            BoardResult.objects.create(
                section=section, board_number=board, ns_entry=entries[ns],
                ew_entry=entries[ew], round_number=rnd, table_number=table,
                entered_by=director, **fields,
            )
        )  # fmt: skip
    return rows


@pytest.fixture
def played_session(session, players, director):
    movement = build("mitchell", tables=3, boards_per_round=2)
    section = Section.objects.create(
        session=session, name="A", movement=movement.to_json(), movement_kind="mitchell"
    )
    players[0].membership_number = "EBU123"
    players[0].save()
    for number in range(1, 7):
        entry = Entry.objects.create(section=section, number=number)
        for position, player in enumerate(players[2 * number - 2 : 2 * number], start=1):
            EntryPlayer.objects.create(entry=entry, player=player, position=position)
    bs = BoardSet.objects.create(session=session, source="seeded", seed="s3cret")
    for n in range(1, 7):
        Board.objects.create(
            board_set=bs, number=n, dealer=dealer(n), vulnerability=vulnerability(n)
        )
    rows = add_results(section, director)
    rows[0].status = "confirmed"
    rows[0].confirmed_at = dt.datetime(2026, 11, 3, 20, 5, tzinfo=dt.UTC)
    rows[0].save()
    ResultAudit.objects.create(
        section=section, result=rows[1], board_number=2, action="correct",
        old={"tricks": 7}, new={"tricks": 8}, reason="traveller misread", user=director,
    )  # fmt: skip
    Ruling.objects.create(
        section=section, board_number=4, kind="artificial", details={"ns": 60, "ew": 40},
        reason="board fouled at table 2", user=director,
    )  # fmt: skip
    session.status = "final"
    session.save()
    return session


@pytest.fixture
def score_file(tmp_path, monkeypatch):
    """``manage.py score_file`` on a session file, with the database out of reach: its JSON."""
    import json
    from io import StringIO

    from django.core.management import call_command
    from django.db import connections

    def no_database(*args, **kwargs):
        raise AssertionError("score_file touched the database")

    monkeypatch.setattr(connections["default"], "cursor", no_database)

    def run(data: dict) -> dict:
        path = tmp_path / "session.json"
        path.write_text(json.dumps(data))
        out = StringIO()
        call_command("score_file", str(path), stdout=out)
        return json.loads(out.getvalue())

    return run
