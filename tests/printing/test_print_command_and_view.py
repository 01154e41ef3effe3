"""The print command and the download view: errors say what is missing; TD-only documents."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournament.setup import services as setup_services


@pytest.fixture
def mitchell_session(session, players):
    pairs = [(n, players[2 * n - 2 : 2 * n]) for n in range(1, 11)]
    section = setup_services.create_section(session, "A", pairs)
    setup_services.choose_movement(section, "mitchell", boards_per_round=3)
    return session


def test_command_writes_table_cards(mitchell_session, tmp_path):
    out = tmp_path / "cards.pdf"
    call_command(
        "print", str(mitchell_session.pk), "table-cards", "--out", str(out), "--page-size", "Letter"
    )
    assert out.read_bytes().startswith(b"%PDF")


def test_command_refuses_a_session_without_movement(session, players, tmp_path):
    setup_services.create_section(session, "A", [(1, players[:2]), (2, players[2:4])])
    with pytest.raises(CommandError, match="no movement chosen yet"):
        call_command("print", str(session.pk), "table-cards", "--out", str(tmp_path / "x.pdf"))


def test_command_refuses_hand_records_without_boards(mitchell_session, tmp_path):
    with pytest.raises(CommandError, match="no boards yet"):
        call_command("print", str(mitchell_session.pk), "hand-records")


def test_command_names_the_documents_when_unknown(mitchell_session):
    with pytest.raises(CommandError, match="unknown document 'menu'; choose one of .*table-cards"):
        call_command("print", str(mitchell_session.pk), "menu")


def test_command_refuses_a_section_that_does_not_exist(mitchell_session):
    with pytest.raises(CommandError, match="no section 'B'"):
        call_command("print", str(mitchell_session.pk), "master-sheet", "--section", "B")


def url(session, document, **query):
    q = "&".join(f"{k}={v}" for k, v in query.items())
    return reverse("session_print", args=[session.pk, document]) + (f"?{q}" if q else "")


def test_it_refuses_table_cards_to_anonymous(client, mitchell_session):
    response = client.get(url(mitchell_session, "table-cards"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_it_refuses_another_clubs_td(client, outsider, mitchell_session):
    client.force_login(outsider)
    assert client.get(url(mitchell_session, "pack")).status_code == 403


def test_director_downloads_the_pack(director_client, mitchell_session):
    response = director_client.get(url(mitchell_session, "pack", page_size="Letter"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    assert b"".join(response).startswith(b"%PDF")


def test_director_sees_what_is_missing(director_client, mitchell_session):
    response = director_client.get(url(mitchell_session, "results-sheet"))
    assert response.status_code == 400 and b"no standings yet" in response.content


def test_results_sheet_is_not_public_before_the_session_is_final(client, mitchell_session):
    assert client.get(url(mitchell_session, "results-sheet")).status_code == 302


def test_results_sheet_is_public_once_final(client, mitchell_session):
    from scoring.models import Standings

    Standings.objects.create(
        session=mitchell_session,
        data={
            "status": "final",
            "method": "matchpoints",
            "fields": [
                {
                    "name": "NS",
                    "standings": [
                        {
                            "rank": "1",
                            "entry": 1,
                            "name": "Ada & Charles",
                            "score": 10,
                            "percent": 55.0,
                        }
                    ],
                }
            ],
        },
    )
    mitchell_session.status = "final"
    mitchell_session.save()
    response = client.get(url(mitchell_session, "results-sheet"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert client.get(url(mitchell_session, "table-cards")).status_code == 302
