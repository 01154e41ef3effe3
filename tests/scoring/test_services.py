"""Result entry through the services: movement check, validation, conflicts, audit, standings."""

import pytest
from django.core.exceptions import ValidationError

from scoring.models import BoardResult, ResultAudit, Standings
from scoring.results import services as result_services
from tournament.models import Player
from tournament.setup import services as setup_services

from .setups import running_mitchell


@pytest.fixture
def running_section(session, club):
    """A 3-table Mitchell (pairs 1-3 N-S, 4-6 E-W), 2 boards a round, session running."""
    return running_mitchell(session, club)


def plays_of(section):
    from scoring.inputs import scheduled_plays

    return scheduled_plays(section.get_movement())


def test_it_records_a_result_where_the_movement_puts_it(running_section, director):
    board, play = next(iter(sorted(plays_of(running_section).items())))
    play = play[0]
    row = result_services.record_result(
        running_section, board_number=board, ns=play.ns, ew=play.ew,
        fields={"contract": "4s", "declarer": "n", "tricks": 10}, user=director,
    )  # fmt: skip
    assert (row.contract, row.declarer, row.round_number, row.table_number) == (
        "4S", "N", play.round, play.table,
    )  # fmt: skip
    assert ResultAudit.objects.get().action == "create"
    assert Standings.objects.get(session=running_section.session).data["sections"][0]["boards"]


def test_it_refuses_a_pair_that_does_not_play_that_board(running_section):
    plays = plays_of(running_section)
    board = min(plays)
    ns = plays[board][0].ns
    wrong_ew = next(p.ew for p in plays[board] if p.ns != ns)
    with pytest.raises(ValidationError) as info:
        result_services.record_result(
            running_section, board_number=board, ns=ns, ew=wrong_ew,
            fields={"contract": "3NT", "declarer": "S", "tricks": 9},
        )  # fmt: skip
    assert "is not a table that plays board" in info.value.message_dict["ew"][0]
    assert not BoardResult.objects.exists()


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"contract": "8S", "declarer": "N", "tricks": 10}, "contract"),
        ({"contract": "4SXXX", "declarer": "N", "tricks": 10}, "contract"),
        ({"contract": "4S", "declarer": "N", "tricks": 14}, "tricks"),
        ({"contract": "4S", "declarer": "Q", "tricks": 10}, "declarer"),
    ],
)
def test_it_refuses_impossible_results_at_the_field(running_section, fields, field):
    board, plays = min(plays_of(running_section).items())
    with pytest.raises(ValidationError) as info:
        result_services.record_result(
            running_section, board_number=board, ns=plays[0].ns, ew=plays[0].ew, fields=fields
        )
    assert field in info.value.message_dict
    assert not BoardResult.objects.exists() and not ResultAudit.objects.exists()


def test_the_same_result_twice_is_stored_once(running_section):
    board, plays = min(plays_of(running_section).items())
    kwargs = dict(board_number=board, ns=plays[0].ns, ew=plays[0].ew, fields={"contract": "PASS"})
    first = result_services.record_result(running_section, **kwargs)
    second = result_services.record_result(running_section, **kwargs)
    assert first.pk == second.pk and BoardResult.objects.count() == 1


def test_a_different_second_result_is_a_conflict(running_section):
    board, plays = min(plays_of(running_section).items())
    base = dict(board_number=board, ns=plays[0].ns, ew=plays[0].ew)
    result_services.record_result(
        running_section, **base, fields={"contract": "2H", "declarer": "E", "tricks": 8}
    )
    with pytest.raises(result_services.ResultConflict, match="director must decide"):
        result_services.record_result(
            running_section, **base, fields={"contract": "2H", "declarer": "E", "tricks": 9}
        )
    assert BoardResult.objects.get().tricks == 8


def test_confirmed_results_change_only_with_a_reason(running_section, director):
    board, plays = min(plays_of(running_section).items())
    row = result_services.record_result(
        running_section, board_number=board, ns=plays[0].ns, ew=plays[0].ew,
        fields={"contract": "1NT", "declarer": "S", "tricks": 7},
    )  # fmt: skip
    assert (
        result_services.confirm(
            running_section, table_number=row.table_number, round_number=row.round_number
        )
        == 1
    )
    row.refresh_from_db()
    with pytest.raises(ValidationError) as info:
        result_services.correct_result(
            row, fields={"contract": "1NT", "declarer": "S", "tricks": 8}, user=director, reason=""
        )
    assert "reason" in info.value.message_dict
    result_services.correct_result(
        row, fields={"contract": "1NT", "declarer": "S", "tricks": 8}, user=director,
        reason="Both pairs agree declarer took 8 tricks",
    )  # fmt: skip
    row.refresh_from_db()
    audit = ResultAudit.objects.filter(action="correct").get()
    assert row.tricks == 8 and row.version == 3  # entered 1, confirmed 2, corrected 3
    assert audit.old["tricks"] == 7 and audit.new["tricks"] == 8 and audit.user == director


def test_a_final_session_refuses_results(running_section):
    session = running_section.session
    setup_services.set_status(session, "provisional")
    setup_services.set_status(session, "final")
    board, plays = min(plays_of(running_section).items())
    with pytest.raises(ValidationError, match="final"):
        result_services.record_result(
            running_section,
            board_number=board,
            ns=plays[0].ns,
            ew=plays[0].ew,
            fields={"contract": "PASS"},
        )


def test_choose_movement_explains_a_numbering_mismatch(session, club):
    people = [Player.objects.create(club=club, name=f"P{i}") for i in range(14)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 8)]
    )
    with pytest.raises(ValidationError) as info:
        setup_services.choose_movement(section, "mitchell", tables=5)
    assert "7 pairs need 4 tables" in info.value.message_dict["kind"][0]
    setup_services.choose_movement(section, "howell", pairs=7)
    section.refresh_from_db()
    assert section.movement_kind == "howell" and section.movement["phantom"] == 8


@pytest.mark.parametrize("number", [0, -3, 99, 2**31, 2**63, 10**40, "seven", None])
@pytest.mark.parametrize("side", ["ns", "ew"])
def test_an_entry_not_in_the_section_is_refused_at_its_field(running_section, side, number):
    """The entries are read by hand (``_entries``): a number no entry has, however large or
    malformed, is refused at its own field as "no entry" (never a database error), and
    nothing is saved."""
    board, plays = min(plays_of(running_section).items())
    pair = {"ns": plays[0].ns, "ew": plays[0].ew, side: number}
    with pytest.raises(ValidationError) as info:
        result_services.record_result(
            running_section, board_number=board, ns=pair["ns"], ew=pair["ew"],
            fields={"contract": "3NT", "declarer": "S", "tricks": 9},
        )  # fmt: skip
    assert info.value.message_dict[side] == [f"There is no entry {number} in section A."]
    assert not BoardResult.objects.exists() and not ResultAudit.objects.exists()
