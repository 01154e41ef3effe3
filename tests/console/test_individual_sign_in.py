"""Individual and progressive events sign in one player per entry and get individual schedules."""

from django.urls import reverse

from tournament.models import Entry, Player, Section


def test_an_individual_event_signs_in_players_and_recommends_the_schedule(
    director_client, event, session, players
):
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    url = reverse("td_sign_in", args=[section.pk])
    page = director_client.get(reverse("td_session_entries", args=[session.pk])).content.decode()
    assert "Player 2" not in page and "or new player" in page
    for player in players[:8]:
        director_client.post(url, {"player1": player.pk})
    entries = list(section.entries.all())
    assert len(entries) == 8 and {e.kind for e in entries} == {Entry.Kind.INDIVIDUAL}
    assert [e.entry_players.count() for e in entries] == [1] * 8
    page = director_client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "individual: 2 tables, 7 rounds" in page


def test_a_count_that_has_no_schedule_says_what_would_work(
    director_client, event, session, players
):
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    for player in players[:10]:
        director_client.post(reverse("td_sign_in", args=[section.pk]), {"player1": player.pk})
    page = director_client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "10 players will not do" in page and "8 or 12 players" in page


def test_too_few_pairs_for_a_movement_is_said_not_crashed(director_client, session, players):
    section = Section.objects.create(session=session, name="A")
    for i in range(2):
        director_client.post(
            reverse("td_sign_in", args=[section.pk]),
            {"player1": players[2 * i].pk, "player2": players[2 * i + 1].pk},
        )
    response = director_client.get(reverse("td_session_movement", args=[session.pk]))
    assert response.status_code == 200
    assert "2 pairs are too few for a movement" in response.content.decode()


def test_thirty_three_players_get_the_searched_schedule_with_a_sit_out(
    director_client, club, event, session
):
    """33 players (n ≡ 1 mod 4): 8 tables, 33 rounds, one player out each round."""
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    url = reverse("td_sign_in", args=[section.pk])
    for i in range(1, 34):
        player = Player.objects.create(club=club, name=f"Whist Player {i}")
        director_client.post(url, {"player1": player.pk})
    assert section.entries.count() == 33
    page = director_client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "individual: 8 tables, 33 rounds" in page
    r = director_client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "individual", "boards_per_round": 2}
    )
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert mv.round_count == 33 and mv.tables == 8
    assert sorted(p for rnd in mv.rounds for p in rnd.sit_out) == list(range(1, 34))
    assert mv.balance["lho_rho_uneven"] == 0
