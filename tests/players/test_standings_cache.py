"""The live-standings fragment is rendered once per change, not once per poll."""

from io import StringIO

from django.core.management import call_command
from django.urls import reverse

from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from scoring.results import services as result_services
from tournament.models import Session


def test_polls_between_results_are_served_from_the_cache_and_a_result_refreshes_it(
    client, db, django_assert_max_num_queries
):
    call_command("load_demo", stdout=StringIO())
    session = Session.objects.get(name="Tuesday 17 November")  # running: 2 of 5 rounds in
    url = reverse("session_standings", args=[session.pk])
    first = client.get(url).content.decode()
    with django_assert_max_num_queries(3):  # the session, the kept version — no scoring work
        assert client.get(url).content.decode() == first
    section = session.sections.get()
    played = set(
        BoardResult.objects.filter(section=section).values_list("board_number", "ns_entry__number")
    )
    board, play = next(
        (b, p) for b, ps in sorted(scheduled_plays(section.get_movement()).items()) for p in ps
        if (b, p.ns) not in played
    )  # fmt: skip
    result_services.record_result(
        section, board_number=board, ns=play.ns, ew=play.ew,
        fields={"contract": "7NT", "declarer": "N", "tricks": 13},
    )  # fmt: skip
    assert client.get(url).content.decode() != first
