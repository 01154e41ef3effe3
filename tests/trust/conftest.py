"""A club night in progress, shared by the permission, leak and HTTP fuzz tests.

``night``: the club's running 3-table Mitchell (N-S 1–3, E-W 4–6, 2 boards a round, boards
dealt from a seed, table codes issued) with round 1 played and confirmed everywhere and
round 2 half played, plus a draft session of the same event (six pairs signed in, a
Mitchell chosen, no boards yet) for the set-up pages.  Personas come from ``tests/conftest.py``.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, field

import pytest
from django.apps import apps

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from scoring.results import services as result_services
from tournament.models import Entry, Player, Section, Session
from tournament.play import services as play_services
from tournament.setup import services as setup_services

#: the apps whose rows a refused request must leave untouched
WATCHED_APPS = ("tournament", "boards", "scoring", "auth")


@dataclass
class Night:
    session: Session
    section: Section
    draft: Session
    draft_section: Section
    tokens: dict[int, str]
    plays: dict = field(default_factory=dict)

    def round_plays(self, round_number, table=None):
        return [
            (board, p)
            for board, ps in sorted(self.plays.items())
            for p in ps
            if p.round == round_number and (table is None or p.table == table)
        ]


def enter(section, board, play, contract="3NT", declarer="S", tricks=9):
    return result_services.record_result(
        section, board_number=board, ns=play.ns, ew=play.ew, round_number=play.round,
        fields={"contract": contract, "declarer": declarer, "tricks": tricks},
    )  # fmt: skip


def _pairs(club, count, prefix):
    people = [Player.objects.create(club=club, name=f"{prefix} {i}") for i in range(2 * count)]
    return [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, count + 1)]


@pytest.fixture
def night(session, club, event, director, outsider, superuser) -> Night:
    section = setup_services.create_section(session, "A", _pairs(club, 6, "Player"))
    setup_services.choose_movement(section, "mitchell", tables=3, boards_per_round=2)
    section.refresh_from_db()
    board_services.generate(session, seed="trust-tests")
    setup_services.set_status(session, "running")
    session.refresh_from_db()
    codes = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    plays = scheduled_plays(section.get_movement())
    night = Night(session, section, None, None, codes, plays)
    for board, play in night.round_plays(1):
        enter(section, board, play, tricks=8 + board % 3)
    for table in (1, 2, 3):
        result_services.confirm(section, table_number=table, round_number=1)
    for board, play in night.round_plays(2, table=1):
        enter(section, board, play, contract="4H", declarer="N", tricks=10)
    draft = Session.objects.create(event=event, name="Next week", date=datetime.date(2026, 11, 10))
    night.draft = draft
    night.draft_section = setup_services.create_section(draft, "A", _pairs(club, 6, "Draft"))
    setup_services.choose_movement(night.draft_section, "mitchell", tables=3, boards_per_round=2)
    return night


def fingerprint() -> str:
    """A digest of every row of the watched apps: equal digests, nothing stored."""
    digest = hashlib.sha256()
    for model in apps.get_models():
        if model._meta.app_label in WATCHED_APPS:
            rows = model.objects.order_by("pk").values_list()
            digest.update(f"{model._meta.label}:{list(rows)!r}".encode())
    return digest.hexdigest()


# --- the tally of bad inputs tried, per target (printed at the end of the run) ---------------

#: target → how many inputs the fuzz and attack tests tried on it in this run
TALLY: dict[str, int] = {}


def tried(target: str, n: int = 1) -> None:
    TALLY[target] = TALLY.get(target, 0) + n


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    terminalreporter.section("fuzz and attack inputs tried")
    for target, n in sorted(TALLY.items()):
        terminalreporter.write_line(f"{n:6d}  {target}")
    terminalreporter.write_line(f"{sum(TALLY.values()):6d}  in all")


__all__ = ["TALLY", "BoardResult", "Entry", "Night", "enter", "fingerprint", "tried"]
