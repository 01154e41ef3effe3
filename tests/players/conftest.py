"""A running Mitchell with dealt boards and table codes (personas: a table, the public, the TD)."""

from __future__ import annotations

import datetime

import pytest

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.results import services as result_services
from tournament.models import Player, Session
from tournament.play import services as play_services
from tournament.setup import services as setup_services


def make_section(session, club, tables: int, boards_per_round: int = 2, name: str = "A"):
    people = [
        Player.objects.create(club=club, name=f"{name} Player {i}") for i in range(4 * tables)
    ]
    entries = [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 2 * tables + 1)]
    section = setup_services.create_section(session, name, entries)
    setup_services.choose_movement(
        section, "mitchell", tables=tables, boards_per_round=boards_per_round
    )
    section.refresh_from_db()
    return section


def start(session, seed="players-tests"):
    board_services.generate(session, seed=seed)
    setup_services.set_status(session, "running")
    session.refresh_from_db()


@pytest.fixture
def running(session, club):
    """Section A: a 3-table Mitchell (N-S 1–3, E-W 4–6), 2 boards a round, running."""
    section = make_section(session, club, 3)
    start(session)
    return section


@pytest.fixture
def codes(running):
    return {t.table_number: t for t in play_services.issue_tokens(running)}


def plays(section):
    return scheduled_plays(section.get_movement())


def round_plays(section, round_number, table=None):
    return [
        (board, p)
        for board, ps in sorted(plays(section).items())
        for p in ps
        if p.round == round_number and (table is None or p.table == table)
    ]


def enter(section, board, play, contract="3NT", declarer="S", tricks=9):
    return result_services.record_result(
        section, board_number=board, ns=play.ns, ew=play.ew, round_number=play.round,
        fields={"contract": contract, "declarer": declarer, "tricks": tricks},
    )  # fmt: skip


def play_rounds(section, rounds):
    for board, ps in sorted(plays(section).items()):
        for p in ps:
            if p.round in rounds:
                enter(section, board, p)


@pytest.fixture
def other_session(event):
    return Session.objects.create(event=event, name="Other", date=datetime.date(2026, 11, 4))
