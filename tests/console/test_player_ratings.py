"""The players' ratings page of the console (``td_club_players``): the TD of the club edits
every player's rating in one form; a bad rating is refused at its row with the reason and
nothing is saved; only the club's own players are listed or changed; a TD of another club is
refused (403) like on every console page; an open stratified session's strata follow at once.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.inputs import scheduled_plays
from scoring.models import Standings
from scoring.results import services as result_services
from tournament.models import EntryPlayer, Player
from tournament.setup import player_services

from ..scoring.setups import running_mitchell


@pytest.fixture
def roster(club, other_club):
    ada = Player.objects.create(club=club, name="Ada Lovelace", membership_number="E1", rating=900)
    bo = Player.objects.create(club=club, name="Bo Brummell", rating=None)
    cy = Player.objects.create(club=club, name="Cy Young", rating=40)
    stranger = Player.objects.create(club=other_club, name="Hilda Hilltop", rating=7)
    return ada, bo, cy, stranger


def _url(club):
    return reverse("td_club_players", args=[club.slug])


def _ratings(*players):
    return [Player.objects.get(pk=p.pk).rating for p in players]


@pytest.mark.django_db
def test_the_page_lists_the_clubs_players_only_and_is_linked(director_client, club, roster):
    ada, bo, cy, stranger = roster
    html = director_client.get(_url(club)).content.decode()
    assert html.index("Ada Lovelace") < html.index("Bo Brummell") < html.index("Cy Young")
    assert f'name="rating_{ada.pk}" id="id_rating_{ada.pk}"' in html
    assert 'value="900"' in html and "E1" in html
    assert "Hilda Hilltop" not in html and f"rating_{stranger.pk}" not in html
    for page in ("td_console", "td_club_files"):
        args = [club.slug] if page == "td_club_files" else []
        assert _url(club) in director_client.get(reverse(page, args=args)).content.decode()


@pytest.mark.django_db
def test_ratings_are_saved_together_and_a_blank_clears_one(director_client, club, roster):
    ada, bo, cy, stranger = roster
    response = director_client.post(_url(club), {
        f"rating_{ada.pk}": "1500", f"rating_{bo.pk}": "0", f"rating_{cy.pk}": "",
    })  # fmt: skip
    assert response.status_code == 302 and response["Location"] == _url(club)
    assert _ratings(ada, bo, cy, stranger) == [1500, 0, None, 7]
    page = director_client.get(_url(club)).content.decode()
    assert "3 ratings kept: Ada Lovelace, Bo Brummell, Cy Young." in page


@pytest.mark.django_db
def test_a_row_left_out_of_the_post_keeps_its_rating(director_client, club, roster):
    ada, bo, cy, _ = roster
    response = director_client.post(_url(club), {f"rating_{ada.pk}": "901"})
    assert response.status_code == 302
    assert _ratings(ada, bo, cy) == [901, None, 40]


@pytest.mark.parametrize("bad", ["-5", "10000001", "12.5", "lots", "9" * 30])
@pytest.mark.django_db
def test_a_rating_out_of_range_is_refused_at_its_row_and_nothing_is_saved(
    director_client, club, roster, bad
):
    ada, bo, cy, _ = roster
    response = director_client.post(_url(club), {
        f"rating_{ada.pk}": "1500", f"rating_{bo.pk}": bad, f"rating_{cy.pk}": "41",
    })  # fmt: skip
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_rating_{bo.pk}" min="0"' in html
    error = f'<span class="errorlist" id="id_rating_{bo.pk}_error" role="alert">'
    assert error + "A rating is a whole number from 0 to 10,000,000" in html
    assert f'aria-describedby="id_rating_{bo.pk}_error"' in html
    assert f"id_rating_{ada.pk}_error" not in html and "Nothing was saved: 1 rating" in html
    assert _ratings(ada, bo, cy) == [900, None, 40]  # the good rows were not saved either


@pytest.mark.django_db
def test_another_clubs_player_cannot_be_changed_from_this_club(director_client, club, roster):
    ada, _, _, stranger = roster
    response = director_client.post(
        _url(club), {f"rating_{ada.pk}": "1000", f"rating_{stranger.pk}": "99"}
    )
    assert response.status_code == 302  # the stranger's field is no row of this form
    assert _ratings(ada, stranger) == [1000, 7]
    with pytest.raises(ValidationError) as refused:
        player_services.set_ratings(club, {ada.pk: 5, stranger.pk: 99})
    assert refused.value.message_dict == {
        f"rating_{stranger.pk}": ["No such player in this club (reload the page)."]
    }
    assert _ratings(ada, stranger) == [1000, 7]  # all or nothing


@pytest.mark.django_db
def test_the_service_refuses_a_rating_out_of_range_whole(club, roster):
    ada, bo, _, _ = roster
    for bad in (-1, 10_000_001, True, "12"):
        with pytest.raises(ValidationError) as refused:
            player_services.set_ratings(club, {ada.pk: 3, bo.pk: bad})
        assert list(refused.value.message_dict) == [f"rating_{bo.pk}"]
        assert "is not a whole number from 0 to 10,000,000" in str(refused.value)
    assert _ratings(ada, bo) == [900, None]
    assert player_services.set_ratings(club, {ada.pk: 10_000_000, bo.pk: None}) == [ada]


@pytest.mark.django_db
def test_a_td_of_another_club_is_refused_and_nothing_changes(client, club, roster, outsider):
    ada, *_ = roster
    client.force_login(outsider)
    assert client.get(_url(club)).status_code == 403
    assert client.post(_url(club), {f"rating_{ada.pk}": "1"}).status_code == 403
    assert _ratings(ada) == [900]
    client.logout()
    response = client.post(_url(club), {f"rating_{ada.pk}": "1"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert _ratings(ada) == [900]
    assert client.get(reverse("td_club_players", args=["no-such-club"])).status_code == 302


@pytest.mark.django_db
def test_an_open_stratified_session_follows_a_changed_rating(
    director_client, director, session, club
):
    """Board 1 of a 3-table Mitchell, strata "A; B < 1000; C < 500", by the higher rating.
    N-S table 2 (4S-1, 0 matchpoints) is rated (200, 100): in A, B and C.  Its first player
    raised to 1200 makes the pair 1200: in A only."""
    session.event.conditions = {"strata": "A; B < 1000; C < 500"}
    session.event.save()
    section = running_mitchell(session, club)
    plays = {p.table: p for p in scheduled_plays(section.get_movement())[1]}
    ns2 = plays[2].ns
    first, second = (ep.player for ep in EntryPlayer.objects.filter(
        entry__section=section, entry__number=ns2).order_by("position"))  # fmt: skip
    player_services.set_ratings(club, {first.pk: 200, second.pk: 100})
    for table, tricks in ((1, 10), (2, 9), (3, 10)):
        result_services.record_result(
            section, board_number=1, ns=plays[table].ns, ew=plays[table].ew,
            fields={"contract": "4S", "declarer": "N", "tricks": tricks}, user=director,
        )  # fmt: skip

    def stratum():
        data = Standings.objects.get(session=session).data["sections"][0]
        rows = {s["entry"]: s for f in data["fields"] for s in f["standings"]}
        return rows[ns2]["stratum"]

    assert stratum() == "C"
    response = director_client.post(_url(club), {f"rating_{first.pk}": "1200"})
    assert response.status_code == 302
    assert stratum() == "A"
