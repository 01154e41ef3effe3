import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from boards import services as board_services
from tournament.models import Entry, EntryPlayer, Event, Section, Session
from tournament.setup import services as setup_services


def pairs(players, count):
    return [(i + 1, players[2 * i : 2 * i + 2]) for i in range(count)]


def test_create_section_numbers_entries_and_keeps_players(session, players):
    section = setup_services.create_section(session, "A", pairs(players, 4))
    assert list(section.entries.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert section.entries.get(number=2).display_name == "Mary Somerville & John Herschel"


def test_it_refuses_a_section_with_zero_entries(session):
    with pytest.raises(ValidationError, match="at least one entry"):
        setup_services.create_section(session, "A", [])
    assert not Section.objects.exists()


def test_it_refuses_a_duplicate_entry_number_and_saves_nothing(session, players):
    entries = [(1, players[0:2]), (1, players[2:4])]
    with pytest.raises(ValidationError, match="Entry number 1 is used twice"):
        setup_services.create_section(session, "A", entries)
    assert not Section.objects.exists() and not Entry.objects.exists()


def test_it_refuses_a_player_in_two_entries_of_one_session(session, players):
    entries = [(1, players[0:2]), (2, [players[1], players[2]])]
    with pytest.raises(ValidationError, match="Charles Babbage is in entry 1 and entry 2"):
        setup_services.create_section(session, "A", entries)
    assert not Entry.objects.exists()


def test_it_refuses_a_player_already_in_another_section_of_the_session(session, players):
    setup_services.create_section(session, "A", pairs(players, 2))
    with pytest.raises(ValidationError, match="Ada Lovelace already plays in entry 1"):
        setup_services.create_section(session, "B", [(1, [players[0], players[9]])])
    assert Section.objects.count() == 1


def test_the_database_refuses_a_duplicate_entry_number(session, players):
    section = setup_services.create_section(session, "A", pairs(players, 2))
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(section=section, number=1)


def test_the_database_refuses_a_player_twice_in_a_session(session, players):
    section = setup_services.create_section(session, "A", pairs(players, 2))
    entry = Entry.objects.create(section=section, number=3)
    with pytest.raises(IntegrityError), transaction.atomic():
        EntryPlayer.objects.create(entry=entry, player=players[0], session=session)


def test_same_player_may_play_in_different_sessions(event, session, players):
    setup_services.create_section(session, "A", pairs(players, 2))
    other = Session.objects.create(event=event, name="Next week")
    setup_services.create_section(other, "A", pairs(players, 2))
    assert EntryPlayer.objects.filter(player=players[0]).count() == 2


def test_add_entry_takes_the_next_free_number(session, players):
    section = setup_services.create_section(session, "A", [(1, players[0:2]), (3, players[2:4])])
    entry = setup_services.add_entry(section, players[4:6])
    assert entry.number == 2
    with pytest.raises(ValidationError, match="already plays in entry 1"):
        setup_services.add_entry(section, [players[0], players[7]])


@pytest.mark.parametrize(
    "path,ok",
    [
        (["running", "provisional", "final"], True),
        (["running", "provisional", "running", "provisional", "final"], True),
        (["provisional"], False),
        (["final"], False),
        (["running", "final"], False),
        (["running", "provisional", "final", "running"], False),
    ],
)
def test_status_transitions(session, players, path, ok):
    pairs = [(n, players[2 * (n - 1) : 2 * n]) for n in range(1, 5)]
    section = setup_services.create_section(session, "A", pairs)
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    board_services.generate(session, seed="transitions")  # ready to start play

    def walk():
        for status in path:
            setup_services.set_status(session, status)

    if ok:
        walk()
        session.refresh_from_db()
        assert session.status == "final" and session.finalised_at and session.boards_released
    else:
        with pytest.raises(ValidationError, match="cannot become"):
            walk()


def test_event_refuses_a_method_the_game_does_not_have(club):
    event = Event(club=club, name="Whist drive", game="whist", scoring_method="imps_butler")
    with pytest.raises(ValidationError) as info:
        event.full_clean()
    assert "scoring_method" in info.value.message_dict


def test_names_in_gives_every_entry_its_display_name_in_one_query(
    session, players, django_assert_num_queries
):
    """``Entry.names_in`` (the table page, travellers, slips, the print pack, social games)
    against ``display_name`` read entry by entry: a pair, a named team, an entry of no
    players, players out of their signing-in order, a withdrawn entry."""
    section = setup_services.create_section(session, "A", pairs(players, 4))
    Entry.objects.filter(section=section, number=2).update(name="The Analysts")
    third = section.entries.get(number=3)
    EntryPlayer.objects.filter(entry=third, player=players[4]).update(position=2)
    EntryPlayer.objects.filter(entry=third, player=players[5]).update(position=1)
    Entry.objects.create(section=section, number=7)
    Entry.objects.filter(section=section, number=4).update(withdrawn=True)
    expected = {e.number: e.display_name for e in section.entries.all()}
    assert expected[3] == f"{players[5].name} & {players[4].name}"
    assert expected[7] == "Entry 7" and expected[2] == "The Analysts"
    with django_assert_num_queries(1):
        assert Entry.names_in(section) == expected
    with django_assert_num_queries(1):
        assert Entry.names_in(section, [3, 7, 99]) == {3: expected[3], 7: expected[7]}
    kept = {n: name for n, name in expected.items() if n != 4}
    assert Entry.names_in(section, withdrawn=False) == kept
