"""Issue 22, late changes after play has started: a pair that leaves mid-session, and a late
pair that takes the sit-out's seat from the current round — the rest of its boards scored as
the TD chooses, through the services and the console's Entries step."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, Standings
from scoring.results import services as result_services
from tournament.models import Event, Player, Session
from tournament.setup import services as setup_services


def section_of(club, pairs: int, kind: str, method: str = "matchpoints", game: str = "contract"):
    event = Event.objects.create(club=club, name="Late", game=game, scoring_method=method)
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 24))
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(2 * pairs)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, pairs + 1)]
    )
    setup_services.choose_movement(section, kind, boards_per_round=2)
    board_services.generate(session, seed="late changes")
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    return section


def play_rounds(section, rounds, game="contract"):
    """Every scheduled play of ``rounds``: 3NT by N, made with a trick count that varies."""
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for play in plays:
            if play.round in rounds:
                fields = (
                    {"tricks_ns": 6 + (board + play.table) % 4}
                    if game == "whist"
                    else {"contract": "3NT", "declarer": "N", "tricks": 7 + (board + play.ns) % 4}
                )
                result_services.record_result(
                    section, board_number=board, ns=play.ns, ew=play.ew, round_number=play.round,
                    fields=fields,
                )  # fmt: skip


def plays_of(section, number, rounds):
    return {
        (board, p.ns, p.ew)
        for board, plays in scheduled_plays(section.get_movement()).items()
        for p in plays
        if number in (p.ns, p.ew) and p.round in rounds
    }


def standing(section, number):
    data = Standings.objects.get(session=section.session).data["sections"][0]
    rows = [r for f in data["fields"] for r in f["standings"]]
    return next(r for r in rows if r["entry"] == number)


def test_a_pair_that_leaves_has_its_remaining_boards_not_played(club, director):
    section = section_of(club, 6, "mitchell")  # 3 tables, 3 rounds of 2 boards
    play_rounds(section, {1, 2})
    rest = plays_of(section, 2, {3})
    done = setup_services.leave_during_play(section.entries.get(number=2), 2, "np", director)
    assert "2 board(s) scored as not played" in done
    rows = BoardResult.objects.filter(section=section, not_played=True)
    assert {(r.board_number, r.ns_entry.number, r.ew_entry.number) for r in rows} == rest
    assert all(r.round_number == 3 for r in rows)
    # the pair is scored on the 4 boards it played; its round-3 opponents on theirs
    assert standing(section, 2)["boards_played"] == 4
    (ew,) = {e for _, _, e in rest}
    assert standing(section, ew)["boards_played"] == 4


def test_a_pair_at_fault_gets_average_minus_and_its_opponents_average_plus(club, director):
    section = section_of(club, 6, "mitchell")
    play_rounds(section, {1})
    setup_services.leave_during_play(section.entries.get(number=5), 1, "fault", director)
    rows = list(BoardResult.objects.filter(section=section, round_number__gt=1))
    assert len(rows) == 4 and all(r.ew_entry.number == 5 for r in rows)
    assert {r.adjusted for r in rows} == {"A60/A40"}  # N-S (the opponents) 60, E-W 5 40
    # the E-W pair at fault: 40 % on each of its 4 unplayed boards; the N-S side 60 %


def test_average_minus_is_refused_where_the_method_has_no_such_score_and_nothing_is_saved(
    club, director
):
    section = section_of(club, 6, "mitchell", method="tricks", game="whist")
    play_rounds(section, {1}, game="whist")
    before = BoardResult.objects.count()
    with pytest.raises(ValidationError) as info:
        setup_services.leave_during_play(section.entries.get(number=1), 1, "fault", director)
    assert "scored against the average" in info.value.message_dict["score"][0]
    assert BoardResult.objects.count() == before
    with pytest.raises(ValidationError) as info:
        setup_services.leave_during_play(section.entries.get(number=1), 3, "np", director)
    assert "from 0 to 2" in info.value.message_dict["after_round"][0]


def test_a_late_pair_takes_the_sit_out_seat_from_the_current_round(club, director):
    section = section_of(club, 7, "howell")  # 4 tables, pair 8 the phantom
    assert section.movement["phantom"] == 8
    assert plays_of(section, 8, {1}) == set()  # the phantom's table plays nothing
    play_rounds(section, {1})
    assert setup_services.playing_round(section) == 2
    entry, done = setup_services.join_during_play(section, ["Late One", "Late Two"], user=director)
    assert entry.number == 8 and "from round 2" in done
    section.refresh_from_db()
    assert section.movement["phantom"] is None
    sat_out = plays_of(section, 8, {1})  # round 1: the opponents who sat out, now scheduled
    assert len(sat_out) == 2
    rows = BoardResult.objects.filter(section=section, not_played=True)
    assert {(r.board_number, r.ns_entry.number, r.ew_entry.number) for r in rows} == sat_out
    assert f"{len(sat_out)} board(s) before it recorded as not played" in done
    # the late pair now plays its round-2 boards like everyone
    for board, ns, ew in sorted(plays_of(section, 8, {2})):
        result_services.record_result(
            section, board_number=board, ns=ns, ew=ew, round_number=2,
            fields={"contract": "1NT", "declarer": "N", "tricks": 7},
        )  # fmt: skip
    assert standing(section, 8)["boards_played"] == 2  # round 1 was not played, not a zero


def test_a_late_pair_cannot_start_in_a_round_already_played(club, director):
    section = section_of(club, 7, "howell")
    play_rounds(section, {1, 2})
    with pytest.raises(ValidationError) as info:
        setup_services.join_during_play(section, ["Late One", "Late Two"], from_round=2)
    assert "in round 3" in info.value.message_dict["from_round"][0]
    assert not section.entries.filter(number=8).exists()


def test_the_console_entries_step_offers_both_during_play(club, director, director_client):
    section = section_of(club, 7, "howell")
    play_rounds(section, {1})
    url = reverse("td_session_entries", args=[section.session_id])
    page = director_client.get(url).content.decode()
    assert "take the sit-out's place (pair 8)" in page and "A pair leaves during play" in page
    response = director_client.post(
        reverse("td_leave", args=[section.pk]), {"entry": 3, "after_round": 9, "score": "np"}
    )
    assert response.status_code == 400
    assert "Give the last round the pair played, from 0 to 6." in response.content.decode()
    response = director_client.post(
        reverse("td_leave", args=[section.pk]),
        {"entry": 3, "after_round": 1, "score": "np", "next": url},
    )
    assert response.status_code == 302
    assert BoardResult.objects.filter(section=section, not_played=True).count() == len(
        plays_of(section, 3, set(range(2, 8)))
    )


def test_the_leaving_pair_is_chosen_from_the_pairs_present(club, director, director_client):
    section = section_of(club, 6, "mitchell")
    play_rounds(section, {1})
    response = director_client.post(
        reverse("td_leave", args=[section.pk]), {"entry": 9, "after_round": 1, "score": "np"}
    )
    assert response.status_code == 400
    assert "Select a valid choice. 9 is not one of the available choices." in (
        response.content.decode()
    )
    assert not BoardResult.objects.filter(section=section, not_played=True).exists()
