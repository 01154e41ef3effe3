"""Issue 22: a whole table added (two late pairs) or removed (two pairs leave, or a pair and
the sit-out) after play has started — the rest of the movement re-planned, results kept,
the boards missed scored as the TD chooses (services; the console is in
test_table_change_console.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.models import BoardResult
from tests.console.test_late_changes import play_rounds, section_of, standing
from tournament.setup import table_change


def seats(section, number):
    """Round number → [(table, ns, ew, boards)] of the stored movement."""
    movement = section.get_movement()
    return [
        (st.table, st.ns, st.ew, movement.boards_for(st)) for st in movement.round(number).tables
    ]


def results_of(section):
    return set(
        section.results.values_list(
            "board_number", "ns_entry__number", "ew_entry__number", "contract", "tricks"
        )  # fmt: skip
    )


def test_two_late_pairs_get_an_appended_table_hand_checked(club, director):
    section = section_of(club, 10, "mitchell")  # 5 tables, 5 rounds of 2 boards
    play_rounds(section, {1, 2})
    kept = results_of(section)
    entries, done = table_change.add_table(
        section, [["Late A", "Late B"], ["Late C", "Late D"]], user=director
    )
    assert [e.number for e in entries] == [11, 12]
    assert "Table 6 added from round 3" in done
    section.refresh_from_db()
    # round 3 (the current one): all sets are new to the late pairs, nobody met: table 1
    # hosts — its N-S 1 plays late pair 12, its E-W 9 crosses to table 6 against 11
    assert seats(section, 3) == [
        (1, 1, 12, (5, 6)), (2, 2, 10, (7, 8)), (3, 3, 6, (9, 10)), (4, 4, 7, (1, 2)),
        (5, 5, 8, (3, 4)), (6, 11, 9, (5, 6)),
    ]  # fmt: skip
    # round 4 (the rotation starts at table 2): table 2's E-W 9 has met 11, table 3 is fresh
    assert seats(section, 4)[2] == (3, 3, 12, (1, 2)) and seats(section, 4)[5] == (
        6, 11, 10, (1, 2))  # fmt: skip
    # round 5 (start at table 3): 3 and 9 met, 10 met; table 5 (5 v 6, boards 7–8) is fresh
    assert seats(section, 5)[4] == (5, 5, 12, (7, 8)) and seats(section, 5)[5] == (
        6, 11, 6, (7, 8))  # fmt: skip
    assert seats(section, 1) == [(t, t, 5 + t, (2 * t - 1, 2 * t)) for t in range(1, 6)]
    assert section.movement["missed"] == {"11": 4, "12": 4}  # the 2 rounds before, factored
    assert section.movement["balance"]["pairs"] == 12
    assert results_of(section) == kept
    play_rounds(section, {3, 4, 5})
    # the late pairs are each in their own direction's field, on 6 boards played of 10
    assert standing(section, 11)["boards_played"] == 6
    assert standing(section, 12)["boards_played"] == 6


def test_a_whole_table_leaves_hand_checked(club, director):
    section = section_of(club, 14, "mitchell")
    section.movement = None
    section.save()
    from tournament.setup import services as setup_services

    setup_services.choose_movement(section, "mitchell", boards_per_round=2, rounds=5)
    play_rounds(section, {1})
    kept = results_of(section)
    done = table_change.remove_table(section, (1, 8), score="np", user=director)
    section.refresh_from_db()
    # round 2: 1 v 14 at table 1 and 8 v 2 at table 2. Pair 2 has had table 1's boards
    # (3–4) in round 1, so 14 crosses to table 2 and plays its boards 5–6, new to it
    assert [s for s in seats(section, 2) if s[0] <= 2] == [(2, 2, 14, (5, 6))]
    # round 5: 1 v 11 (boards 9–10) and 8 v 5 (3–4); 5 had 9–10 in round 1, so 11 crosses
    # to table 5 and plays 3–4, which it has not had (7–8, 11–12, 1–2, 5–6 before)
    assert [s[0] for s in seats(section, 5)] == [2, 3, 4, 5, 6, 7]
    assert seats(section, 5)[3] == (5, 5, 11, (3, 4))
    # rounds 3 and 4: the orphans would replay a board, so those tables stay and are scored
    assert "2 round(s) with one table fewer" in done
    np_rows = set(
        BoardResult.objects.filter(section=section, not_played=True).values_list(
            "round_number", "ns_entry__number", "ew_entry__number"
        )  # fmt: skip
    )
    assert np_rows == {(3, 1, 13), (3, 3, 8), (4, 1, 12), (4, 4, 8)}
    assert section.movement["missed"] == {"1": 4, "8": 4}
    assert results_of(section) >= kept


def test_a_pair_and_the_sit_out_leave(club, director):
    section = section_of(club, 9, "mitchell")  # pair 10 the phantom
    play_rounds(section, {1})
    table_change.remove_table(section, (1, 10), score="fault", user=director)
    section.refresh_from_db()
    # round 2 was pair 1's sit-out anyway. A complete Mitchell: in rounds 3–5 the sit-out
    # (2, 3, 4) and pair 1's opponent have each had the other's boards or will, so the
    # sit-out stays and pair 1's tables are scored Average− to it, Average+ to its opponents
    assert [r["sit_out"] for r in section.movement["schedule"]] == [[5], [1], [2], [3], [4]]
    rows = BoardResult.objects.filter(section=section, round_number__gt=1)
    assert {r.adjusted for r in rows} == {"A40/A60"}
    assert {r.ns_entry.number for r in rows} == {1}


def test_refusals_say_why_at_the_field_and_save_nothing(club, director):
    section = section_of(club, 9, "mitchell")  # a sit-out: one late pair takes it instead
    play_rounds(section, {1, 2})
    before = (section.movement, BoardResult.objects.count(), section.entries.count())
    with pytest.raises(ValidationError) as info:
        table_change.add_table(section, [["A", "B"], ["C", "D"]])
    assert "sit-out" in info.value.message_dict["change"][0]
    with pytest.raises(ValidationError) as info:
        table_change.remove_table(section, (1, 2), from_round=2)
    assert "in round 3" in info.value.message_dict["from_round"][0]
    with pytest.raises(ValidationError) as info:
        table_change.remove_table(section, (1, 44))
    assert "Pair 44" in info.value.message_dict["gone1"][0]
    section.refresh_from_db()
    assert (section.movement, BoardResult.objects.count(), section.entries.count()) == before


def test_a_re_planned_session_goes_out_and_comes_back_in_its_session_file(club, director):
    from tournament.interchange import selectors as exports
    from tournament.interchange import services as imports
    from tournament.interchange.formats.schema import validate

    section = section_of(club, 10, "mitchell")
    play_rounds(section, {1, 2})
    table_change.add_table(section, [["A", "B"], ["C", "D"]], user=director)
    section.refresh_from_db()
    data = exports.export_session(section.session)
    validate(data)
    again = imports.import_session(data, club).sections.get()
    assert again.movement == section.movement and again.movement["missed"] == {"11": 4, "12": 4}
    assert again.get_movement().missed == {11: 4, 12: 4}
