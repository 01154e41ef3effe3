"""Movement import: a schedule file in the JSON schedule format becomes the section's movement.

Every published schedule in ``../shared/testdata/movements/`` is uploaded through the
director's console (and read by ``manage.py movement import``) and must pass the movement
checker; bad files are refused with the line or the round, table and field named, and
nothing is saved.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.published import TESTDATA, cases, golden
from tournament.models import Entry, Event, Player, Section
from tournament.movements.base import MovementError
from tournament.movements.checks import violations
from tournament.movements.schedule import read_schedule
from tournament.setup import services as setup_services

DATA = TESTDATA / "movements"
FILES = cases(lambda: sorted(DATA.glob("*.json")))


def mitchell_3t() -> dict:
    """A 3-table Mitchell written by hand: N-S 1–3 stay, E-W 4–6 move up, sets move down."""
    return {
        "family": "mitchell",
        "kind": "pairs",
        "tables": 3,
        "participants": [1, 2, 3, 4, 5, 6],
        "expected": {"meet": "ns_vs_ew_at_most_once", "two_field": True},
        "rounds_data": [
            {
                "round": r,
                "tables": [
                    {"table": t, "ns": t, "ew": 4 + (t - r) % 3, "set": (t + r - 2) % 3 + 1}
                    for t in (1, 2, 3)
                ],
            }
            for r in (1, 2, 3)
        ],
    }


def upload(data: dict | str, name: str = "schedule.json") -> SimpleUploadedFile:
    text = data if isinstance(data, str) else json.dumps(data, indent=1)
    return SimpleUploadedFile(name, text.encode(), content_type="application/json")


def section_for(club, participants, individual=False) -> Section:
    event = Event.objects.create(
        club=club, name="Imported", game="contract", scoring_method="matchpoints",
        format="individual" if individual else "pairs",
    )  # fmt: skip
    session = event.sessions.create(name="Night")
    per = 1 if individual else 2
    people = [
        Player.objects.create(club=club, name=f"P{i}") for i in range(per * len(participants))
    ]
    kind = Entry.Kind.INDIVIDUAL if individual else Entry.Kind.PAIR
    return setup_services.create_section(
        session,
        "A",
        [(n, people[per * i : per * i + per]) for i, n in enumerate(participants)],
        kind=kind,
    )


def post(client, section, data, boards_per_round=2):
    return client.post(
        reverse("td_movement_import", args=[section.pk]),
        {"schedule": upload(data), "boards_per_round": boards_per_round},
    )


# --- the published schedules -------------------------------------------------------------


@golden
@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_published_schedule_imports_through_the_console(path, director_client, club):
    data = json.loads(path.read_text())
    section = section_for(club, data["participants"], individual=data["kind"] == "individual")
    response = post(director_client, section, data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    section.refresh_from_db()
    movement = section.get_movement()
    assert violations(movement) == []
    assert movement.round_count == len(data["rounds_data"])
    # the seating is the file's, seat for seat
    for rnd, published in zip(movement.rounds, data["rounds_data"], strict=True):
        seats = ("n", "s", "e", "w") if movement.individual else ("ns", "ew")
        got = {(st.table, *(getattr(st, s) for s in seats)) for st in rnd.tables}
        want = {(t["table"], *(t[s] for s in seats)) for t in published["tables"]}
        assert got == want


@golden
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_command_reads_every_published_schedule(path, capsys):
    call_command("movement", "import", str(path), "--format", "json")
    printed = json.loads(capsys.readouterr().out)
    assert printed["participants"] == json.loads(path.read_text())["participants"]


# --- boards, and the app path with a hand-written schedule -------------------------------


def test_sets_become_boards_per_round():
    movement = read_schedule(json.dumps(mitchell_3t()), boards_per_round=3)
    first = movement.round(1).table(2)
    assert (first.ns, first.ew, first.set) == (2, 5, 2)
    assert movement.boards_for(first) == (4, 5, 6)
    assert movement.total_boards == 9
    assert movement.balance["U"] is not None


@pytest.mark.django_db
def test_the_imported_schedule_is_shown_and_used(director_client, club):
    section = section_for(club, range(1, 7))
    response = post(director_client, section, mitchell_3t(), boards_per_round=3)
    assert response.status_code == 302
    section.refresh_from_db()
    assert section.movement_kind == "mitchell"
    assert section.get_movement().round(2).table(1).ew == 6
    page = director_client.get(response["Location"]).content.decode()
    assert "Import a schedule file" in page
    assert "3 tables, 3 rounds × 3 boards" in page


# --- bad files -----------------------------------------------------------------------------


def broken(change) -> dict:
    data = mitchell_3t()
    change(data)
    return data


BAD = {
    "not json": ('{"family": "mitchell",\n "tables": 3,,', "line 2, column 14: not valid JSON"),
    "missing field": (broken(lambda d: d.pop("rounds_data")), "'rounds_data' is missing"),
    "unknown family": (broken(lambda d: d.update(family="waltz")), "family: unknown family"),
    "bad pair number": (
        broken(lambda d: d["rounds_data"][1]["tables"][2].update(ew="five")),
        "round 2, table 3, field 'ew': must be a whole number",
    ),
    "table beyond": (
        broken(lambda d: d["rounds_data"][0]["tables"][0].update(table=9)),
        "round 1, table entry 1, field 'table': table 9 is beyond the 3 tables",
    ),
    "no boards": (
        broken(lambda d: d["rounds_data"][2]["tables"][0].pop("set")),
        "round 3, table 1: gives neither a board 'set' nor 'boards'",
    ),
    # pair 4 twice in round 1 (and pair 5 never): the checker refuses it
    "checker": (
        broken(lambda d: d["rounds_data"][0]["tables"][1].update(ew=4)),
        "fails the movement checker",
    ),
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_file_is_refused_at_the_line_or_field(name):
    data, message = BAD[name]
    with pytest.raises(MovementError) as caught:
        read_schedule(data if isinstance(data, str) else json.dumps(data))
    assert message in str(caught.value)


@pytest.mark.django_db
@pytest.mark.parametrize("name", BAD)
def test_the_console_refuses_a_bad_file_and_saves_nothing(name, director_client, club):
    section = section_for(club, range(1, 7))
    data, message = BAD[name]
    response = post(director_client, section, data)
    assert response.status_code == 400
    assert message.split(": ")[-1][:20] in response.content.decode().replace("&#x27;", "'")
    section.refresh_from_db()
    assert section.movement is None


@pytest.mark.django_db
def test_the_entries_must_match_the_schedule(director_client, club):
    section = section_for(club, range(1, 5))  # four pairs; the file seats six
    response = post(director_client, section, mitchell_3t())
    assert response.status_code == 400
    assert "needs entries 5–6, which are not signed in" in response.content.decode()
    section.refresh_from_db()
    assert section.movement is None


@pytest.mark.django_db
def test_an_individual_schedule_is_refused_for_a_pairs_event(director_client, club):
    data = mitchell_3t()
    data["kind"] = "individual"
    section = section_for(club, range(1, 7))
    response = post(director_client, section, data)
    assert response.status_code == 400
    section.refresh_from_db()
    assert section.movement is None


def test_the_command_names_the_file_and_the_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken(lambda d: d["rounds_data"][0]["tables"][0].update(ns=0))))
    with pytest.raises(CommandError, match=r"bad.json: round 1, table 1, field 'ns'"):
        call_command("movement", "import", str(bad))
    with pytest.raises(CommandError, match="import needs the schedule FILE"):
        call_command("movement", "import")
