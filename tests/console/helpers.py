"""Shared steps for the console tests: a small evening played through the TD's screens."""

from __future__ import annotations

from django.urls import reverse

from tournament.models import Event, Session


def new_event(client, club, name="Club pairs", **conditions):
    data = {
        "name": name, "kind": "one_off", "game": "contract", "scoring_method": "matchpoints",
        "format": "pairs", "prizes_per_field": 2, "tie_rule": "share",
        "adjusted_policy": "60/40", "provisional_hours": 48, **conditions,
    }  # fmt: skip
    assert client.post(reverse("td_event_new", args=[club.slug]), data).status_code == 302
    return Event.objects.get(name=name)


def new_session(client, event, name="Evening"):
    client.post(reverse("td_event", args=[event.pk]), {"name": name, "date": "2026-11-03"})
    session = Session.objects.get(event=event, name=name)
    client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
    return session, session.sections.get()


def sign_in(client, section, pair):
    data = {"player1": pair[0].pk, "player2": pair[1].pk}
    return client.post(reverse("td_sign_in", args=[section.pk]), data)


def schedule(section):
    """(board, ns, ew, round, table) of every scheduled play."""
    movement = section.get_movement()
    return [
        (b, st.ns, st.ew, rnd.number, st.table)
        for rnd in movement.rounds
        for st in rnd.tables
        if st.ns is not None and st.ew is not None and movement.phantom not in st.seated
        for b in movement.boards_for(st)
    ]


def post_row(client, section, **data):
    return client.post(reverse("td_result", args=[section.pk]), data, HTTP_HX_REQUEST="true")


def play(client, section, result_for):
    """Enter every scheduled play; ``result_for(board, ns)`` gives the row's extra fields."""
    for board, ns, ew, rnd, _table in schedule(section):
        data = {"board": board, "ns": ns, "ew": ew, "round": rnd, **result_for(board, ns)}
        r = post_row(client, section, **data)
        assert r.status_code == 200, r.content.decode()


def finish(client, session, to=("provisional", "final")):
    for status in to:
        client.post(
            reverse("td_status", args=[session.pk]),
            {"to": status, "override": "no protests (test)"},
        )
    session.refresh_from_db()
