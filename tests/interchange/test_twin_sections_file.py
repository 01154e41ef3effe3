"""Twin sections in a session file: kept, and checked on the way in as the console checks them
(tournament.setup.sharing); a bad one is named at its field and nothing is saved."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.selectors import export_session
from tournament.interchange.services import import_session
from tournament.models import Event, Section, Session
from tournament.movements import build
from tournament.setup.sharing import share_boards


@pytest.fixture
def twins(club):
    event = Event.objects.create(club=club, name="Twin pairs", game="contract",
                                 scoring_method="matchpoints", format="pairs")  # fmt: skip
    session = Session.objects.create(event=event, name="Monday", date=dt.date(2026, 11, 2))
    mitchell = build("mitchell", tables=3, boards_per_round=3).to_json()
    a = Section.objects.create(session=session, name="A", movement=mitchell)
    b = Section.objects.create(session=session, name="B", movement=mitchell)
    share_boards(b, a)
    return session


@pytest.mark.django_db
def test_the_sharing_goes_out_and_comes_back(twins):
    data = export_session(twins)
    assert [s.get("shares_boards_with") for s in data["sections"]] == [None, "A"]
    copy = import_session(data)
    b = copy.sections.get(name="B")
    assert b.shares_boards_with == copy.sections.get(name="A")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["sections"][1].update(shares_boards_with="Z"), "no section 'Z' in this file"),
        (
            lambda d: d["sections"][1].update(
                movement=build("mitchell", tables=3, boards_per_round=2).to_json()
            ),
            "cannot share one copy of the boards: P5: round 1: board 3 at table A1 and table B2",
        ),
        (lambda d: d["sections"][1].update(shares_boards_with="B"), "cannot share its own"),
    ],
)
def test_a_bad_sharing_is_named_at_its_field_and_nothing_is_saved(twins, change, message):
    data = export_session(twins)
    change(data)
    sessions = Session.objects.count()
    with pytest.raises(InterchangeError, match=r"^sections\[1\]\.shares_boards_with: .*") as exc:
        import_session(data)
    assert message in str(exc.value)
    assert Session.objects.count() == sessions


@pytest.mark.django_db
def test_no_chains_and_no_third_section_on_one_copy(twins):
    a, b = twins.sections.get(name="A"), twins.sections.get(name="B")
    c = Section.objects.create(session=twins, name="C", movement=a.movement)
    with pytest.raises(ValidationError, match="Section B already plays section A's boards"):
        share_boards(c, b)
    with pytest.raises(ValidationError, match="Section A's boards already serve two sections"):
        share_boards(c, a)
    with pytest.raises(ValidationError, match="Section A's own boards are shared"):
        share_boards(a, c)
    c.refresh_from_db()
    assert c.shares_boards_with is None
    share_boards(b, None)  # B plays its own boards again: now C may play A's
    assert share_boards(c, a).shares_boards_with == a
