"""Individual and progressive events sign in one player per entry and get individual schedules."""

from django.urls import reverse

from tournament.models import Entry, Section


def test_an_individual_event_signs_in_players_and_recommends_the_schedule(
    director_client, event, session, players
):
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    url = reverse("td_sign_in", args=[section.pk])
    page = director_client.get(reverse("td_session", args=[session.pk])).content.decode()
    assert "Player 2" not in page and "or new player" in page
    for player in players[:8]:
        director_client.post(url, {"player1": player.pk})
    entries = list(section.entries.all())
    assert len(entries) == 8 and {e.kind for e in entries} == {Entry.Kind.INDIVIDUAL}
    assert [e.entry_players.count() for e in entries] == [1] * 8
    page = director_client.get(reverse("td_session", args=[session.pk])).content.decode()
    assert "individual: 2 tables, 7 rounds" in page


def test_a_count_that_has_no_schedule_says_what_would_work(
    director_client, event, session, players
):
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    for player in players[:10]:
        director_client.post(reverse("td_sign_in", args=[section.pk]), {"player1": player.pk})
    page = director_client.get(reverse("td_session", args=[session.pk])).content.decode()
    assert "10 players will not do" in page and "8 or 12 players" in page


def test_too_few_pairs_for_a_movement_is_said_not_crashed(director_client, session, players):
    section = Section.objects.create(session=session, name="A")
    for i in range(2):
        director_client.post(
            reverse("td_sign_in", args=[section.pk]),
            {"player1": players[2 * i].pk, "player2": players[2 * i + 1].pk},
        )
    response = director_client.get(reverse("td_session", args=[session.pk]))
    assert response.status_code == 200
    assert "2 pairs are too few for a movement" in response.content.decode()
