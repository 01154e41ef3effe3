"""A Swiss section through the services: start, pair, score, standings (docs/swiss.md's
worked example, 5 teams, 8 boards a match, WBF scale, 12 VPs for a bye)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tournament.models import Section, Session, SwissMatch
from tournament.setup import services as setup
from tournament.swiss import selectors, services

pytestmark = pytest.mark.django_db

# round → {(home, away): (home IMPs, away IMPs)}; the pairings are worked out in the docs
SCORES = {
    1: {(1, 3): (25, 10), (2, 4): (20, 22)},
    2: {(1, 5): (18, 18), (4, 3): (5, 31)},
    3: {(1, 2): (7, 20), (3, 5): (14, 14)},
}
PAIRINGS = {1: ([(1, 3), (2, 4)], 5), 2: ([(1, 5), (4, 3)], 2), 3: ([(1, 2), (3, 5)], 4)}


@pytest.fixture
def section(session, players):
    event = session.event
    event.format, event.scoring_method = "teams", "imps_teams"
    event.save()
    section = setup.add_section(session, "A")
    for k in range(5):
        setup.add_entry(section, players[2 * k : 2 * k + 2], name=f"Team {k + 1}")
    return section


def paired(section, rnd):
    matches = SwissMatch.objects.filter(section=section, round_number=rnd).order_by("table_number")
    real = [(m.home.number, m.away.number) for m in matches if m.away_id]
    bye = [m.home.number for m in matches if not m.away_id]
    return real, (bye[0] if bye else None)


def test_a_three_round_swiss(section):
    services.start(section, vp_scale="wbf", bye_vp=12, boards_per_match=8, rounds=3)
    for rnd in (1, 2, 3):
        assert services.pair_next_round(section)[0] == rnd
        assert paired(section, rnd) == PAIRINGS[rnd]
        for table, (h, a) in enumerate(SCORES[rnd].values(), start=1):
            services.enter_match(section, rnd, table, h, a)
    section.session.refresh_from_db()
    assert section.session.status == Session.Status.RUNNING
    rows = [(r.rank, r.entry.number, str(r.row.vps)) for r in selectors.standings(section)]
    assert rows == [("1", 2, "35.82"), ("2", 3, "32.46"), ("3", 5, "32.00"),
                    ("4", 1, "30.55"), ("5", 4, "25.17")]  # fmt: skip
    with pytest.raises(ValidationError, match="All 3 rounds"):
        services.pair_next_round(section)


def test_next_round_waits_for_every_score(section):
    services.start(section)
    services.pair_next_round(section)
    services.enter_match(section, 1, 1, 25, 10)
    with pytest.raises(ValidationError, match="Round 1 is not complete"):
        services.pair_next_round(section)
    assert selectors.current_round(section) == 1


@pytest.mark.parametrize(
    "field,value,message",
    [("home_imps", -1, "0 to 999"), ("away_imps", 1000, "0 to 999"), ("home_imps", "7", "0 to")],
)
def test_bad_scores_are_refused_at_the_field(section, field, value, message):
    services.start(section)
    services.pair_next_round(section)
    scores = {"home_imps": 3, "away_imps": 4, field: value}
    with pytest.raises(ValidationError) as caught:
        services.enter_match(section, 1, 1, scores["home_imps"], scores["away_imps"])
    assert message in " ".join(caught.value.message_dict[field])
    assert not SwissMatch.objects.filter(home_imps__isnull=False).exists()


def test_the_bye_takes_no_score_and_bad_conditions_are_refused(section):
    with pytest.raises(ValidationError) as caught:
        services.start(section, vp_scale="discrete20", boards_per_match=16)
    assert "6 to 11 boards" in " ".join(caught.value.message_dict["boards_per_match"])
    with pytest.raises(ValidationError) as caught:
        services.start(section, bye_vp=25)
    assert "bye_vp" in caught.value.message_dict
    assert not selectors.is_swiss(section)
    services.start(section, vp_scale="discrete20", boards_per_match=8, bye_vp=Decimal("10.5"))
    services.pair_next_round(section)
    with pytest.raises(ValidationError, match="bye"):
        services.enter_match(section, 1, 3, 1, 0)
    fresh = Section.objects.get(pk=section.pk)
    assert selectors.settings_of(fresh).bye_vp == Decimal("10.50")


def test_random_first_round_is_reproducible_from_its_seed(section):
    services.start(section, first_round="random")
    _, seed = services.pair_next_round(section, seed="tuesday")
    assert seed == "tuesday"
    first = paired(section, 1)
    services.unpair_last_round(section)
    services.pair_next_round(section, seed="tuesday")
    assert paired(section, 1) == first
    placed = sorted([n for m in first[0] for n in m] + [first[1]])
    assert placed == [1, 2, 3, 4, 5]


def test_a_score_cannot_change_under_a_later_round(section):
    services.start(section)
    services.pair_next_round(section)
    services.enter_match(section, 1, 1, 25, 10)
    services.enter_match(section, 1, 2, 20, 22)
    services.pair_next_round(section)
    with pytest.raises(ValidationError, match="unpair it first"):
        services.enter_match(section, 1, 1, 26, 10)
    assert services.unpair_last_round(section) == 2
    services.enter_match(section, 1, 1, 26, 10)


def test_the_session_file_carries_the_swiss(section):
    from tournament.interchange.formats.errors import InterchangeError
    from tournament.interchange.selectors import export_session
    from tournament.interchange.services import import_session

    services.start(section, rounds=3)
    services.pair_next_round(section)
    services.enter_match(section, 1, 1, 25, 10)
    data = export_session(section.session)
    matches = data["sections"][0]["swiss_matches"]
    assert matches == [
        {"round": 1, "table": 1, "home": 1, "away": 3, "home_imps": 25, "away_imps": 10},
        {"round": 1, "table": 2, "home": 2, "away": 4},
        {"round": 1, "table": 3, "home": 5},
    ]
    copy = import_session(data, club=section.session.event.club)
    again = copy.sections.get()
    assert selectors.is_swiss(again)
    assert [(r.entry.number, str(r.row.vps)) for r in selectors.standings(again)][:2] == [
        (1, "15.23"), (5, "12.00"),
    ]  # fmt: skip
    matches.append({"round": 2, "table": 1, "home": 9, "away": 1})
    with pytest.raises(InterchangeError, match=r"swiss_matches\[3\]\.home"):
        import_session(data, club=section.session.event.club)


def test_a_late_team_joins_the_next_round_and_a_withdrawn_one_leaves(section, players):
    services.start(section)
    services.pair_next_round(section)  # 1 v 3, 2 v 4, 5 bye
    services.enter_match(section, 1, 1, 25, 10)
    services.enter_match(section, 1, 2, 20, 22)
    late = setup.add_entry(section, players[10:12], name="Team 6")
    setup.withdraw(section.entries.get(number=2))
    services.pair_next_round(section)
    real, bye = paired(section, 2)
    # by VPs: 1 15.23, 5 12.00, 4 10.86, 3 4.77, 6 0.00 (2 is out); 6 is last and takes the bye
    assert (real, bye) == ([(1, 5), (4, 3)], late.number)
    standing = {r.entry.number: str(r.row.vps) for r in selectors.standings(section)}
    assert standing[2] == "9.14" and standing[6] == "12.00"
