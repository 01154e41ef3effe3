"""Files in the console (issue 18): every export downloads and parses back, every import
uploads with the commands' validation — a good file creates, a bad one answers 400 with its
line or JSON path at the field and stores nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from scoring.results import services as result_services
from tournament.interchange.formats import pbn_results, session_file, usebio
from tournament.models import Club, Player, Session
from tournament.setup import services as setup_services

from ..trust.conftest import fingerprint

pytestmark = pytest.mark.django_db

CONTRACTS = ["3NT S 9", "4S N 10", "2H E 8", "1NT W 6"]


@pytest.fixture
def played(session, players):
    """A 4-pair Howell, every board played and confirmed, provisional."""
    pairs = [(n, players[2 * (n - 1) : 2 * n]) for n in range(1, 5)]
    section = setup_services.create_section(session, "A", pairs)
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    section.refresh_from_db()
    board_services.generate(session, seed="files")
    setup_services.set_status(session, "running")
    movement = section.get_movement()
    for board, plays in scheduled_plays(movement).items():
        for p in plays:
            contract, declarer, tricks = CONTRACTS[(board + p.ns) % 4].split()
            result_services.record_result(
                section, board_number=board, ns=p.ns, ew=p.ew, round_number=p.round,
                fields={"contract": contract, "declarer": declarer, "tricks": int(tricks)},
            )  # fmt: skip
    for rnd in movement.rounds:
        for st in rnd.tables:
            result_services.confirm(section, table_number=st.table, round_number=rnd.number)
    setup_services.set_status(session, "provisional")
    return session


def _download(client, name, *args, **query):
    r = client.get(reverse(name, args=args), query)
    assert r.status_code == 200, r.content[:300]
    assert r["Content-Disposition"].startswith("attachment; filename=")
    return r.content.decode("utf-8")


def _upload(client, club, kind, name, content: bytes):
    url = reverse("td_club_import", args=[club.slug, kind])
    return client.post(url, {"file": SimpleUploadedFile(name, content)})


def _results(session):
    return sorted(
        (r.board_number, r.ns_entry.number, r.ew_entry.number, r.contract, r.declarer, r.tricks)
        for r in BoardResult.objects.filter(section__session=session).select_related(
            "ns_entry", "ew_entry"
        )
    )


def test_the_session_file_downloads_and_imports_again(director_client, played, club):
    text = _download(director_client, "td_session_export", played.pk, "session-file")
    sf = session_file.parse(text)
    assert len(sf.sections) == 1 and len(sf.sections[0].results) == 12  # 6 boards × 2 tables
    r = _upload(director_client, club, "session", "evening.json", text.encode())
    assert r.status_code == 302
    copy = Session.objects.exclude(pk=played.pk).get()
    assert r["Location"] == reverse("td_session", args=[copy.pk])
    assert copy.event.club == club
    assert _results(copy) == _results(played) and len(_results(copy)) == 12


def test_usebio_downloads_parses_and_imports(director_client, played, club):
    text = _download(director_client, "td_session_export", played.pk, "usebio", section="A")
    sf = usebio.parse(text)
    got = {(r.board, r.ns, r.ew) for r in sf.sections[0].results}
    assert got == {(b, ns, ew) for b, ns, ew, *_ in _results(played)}
    r = _upload(director_client, club, "usebio", "results.xml", text.encode())
    assert r.status_code == 302
    copy = Session.objects.exclude(pk=played.pk).get()
    assert [x[:3] for x in _results(copy)] == [x[:3] for x in _results(played)]


def test_pbn_results_download_parses_and_imports(director_client, played, club):
    text = _download(director_client, "td_session_export", played.pk, "pbn-results")
    sf = pbn_results.parse(text)
    assert len(sf.sections[0].results) == 12
    r = _upload(director_client, club, "pbn-results", "results.pbn", text.encode())
    assert r.status_code == 302
    copy = Session.objects.exclude(pk=played.pk).get()
    assert [x[:3] for x in _results(copy)] == [x[:3] for x in _results(played)]


def test_an_unknown_section_is_said_not_downloaded(director_client, played):
    url = reverse("td_session_export", args=[played.pk, "usebio"])
    r = director_client.get(url, {"section": "Z"}, follow=True)
    assert "no section &#x27;Z&#x27; (sections: A)" in r.content.decode()


def test_the_session_files_page_links_every_download(director_client, played):
    page = director_client.get(reverse("td_session_files", args=[played.pk])).content.decode()
    for fmt in ("session-file", "usebio", "pbn-results"):
        assert reverse("td_session_export", args=[played.pk, fmt]) in page
    assert reverse("boards_pbn", args=[played.pk]) in page
    assert reverse("td_standings", args=[played.pk]) + "?_export=csv" in page


@pytest.mark.parametrize(
    ("kind", "name", "content", "where"),
    [
        (
            "session",
            "s.json",
            b'{"format": "duplicate-session/1",\n "event": 3}',
            "is a required property",
        ),
        ("session", "s.json", b'{"format": \n', "line"),
        (
            "usebio",
            "r.xml",
            b"<?xml version='1.0'?>\n<USEBIO>\n<EVENT>\n",
            "line 4: not well-formed XML",
        ),
        ("usebio", "r.xml", b"<?xml version='1.0'?>\n<NOTUSEBIO/>\n", "line 2"),
        ("pbn-results", "r.pbn", b'[Event "x"]\n[Board "1"]\n', "line 1"),
        ("players", "p.csv", b"name,membership\nAda Two,A1\n,B2\n", "line 3"),
        ("restore", "b.json", b'{"format": "something else"}', "format"),
        ("restore", "b.json", b"{\n\n oops", "line 3"),
        ("players", "p.csv", b"name\n\xff\xfe bad bytes\n", "not UTF-8"),
    ],
)
def test_a_bad_file_is_refused_at_the_field_and_nothing_is_stored(
    director_client, played, club, kind, name, content, where
):
    before = fingerprint()
    r = _upload(director_client, club, kind, name, content)
    assert r.status_code == 400
    page = r.content.decode()
    section = page[page.index(f'id="import-{kind}"') :]
    section = section[: section.index("</section>")]
    error = section[section.index('class="errorlist"') :]
    assert where in error, error[:400]
    assert 'aria-invalid="true"' in section
    assert fingerprint() == before


def test_players_csv_adds_and_updates(director_client, club, players):
    ada = players[0]
    ada.membership_number = "EBU-1"
    ada.save()
    csv = b"name,membership,email\nAda King,EBU-1,ada@example.org\nNew Member,EBU-9,\n"
    r = _upload(director_client, club, "players", "players.csv", csv)
    assert r.status_code == 302
    ada.refresh_from_db()
    assert (ada.name, ada.email) == ("Ada King", "ada@example.org")
    assert Player.objects.filter(club=club, name="New Member", membership_number="EBU-9").exists()


def test_the_club_backup_downloads_and_restores_as_a_new_club(
    director_client, director, played, club
):
    text = _download(director_client, "td_club_backup", club.slug)
    data = json.loads(text)
    assert data["format"] == "duplicate-club/1" and data["club"]["slug"] == club.slug
    # the club itself exists: refused, nothing stored
    before = fingerprint()
    r = _upload(director_client, club, "restore", "backup.json", text.encode())
    assert r.status_code == 400 and "exists already" in r.content.decode()
    assert fingerprint() == before
    data["club"] = {"name": "Riverside (copy)", "slug": "riverside-copy"}
    r = _upload(director_client, club, "restore", "backup.json", json.dumps(data).encode())
    assert r.status_code == 302
    copy = Club.objects.get(slug="riverside-copy")
    assert copy.is_director(director)
    session = Session.objects.get(event__club=copy)
    assert _results(session) == _results(played)


def test_files_are_for_the_clubs_directors_only(client, outsider, played, club):
    client.force_login(outsider)
    assert client.get(reverse("td_club_files", args=[club.slug])).status_code == 403
    assert client.get(reverse("td_club_backup", args=[club.slug])).status_code == 403
    url = reverse("td_session_export", args=[played.pk, "session-file"])
    assert client.get(url).status_code == 403
    r = _upload(client, club, "players", "p.csv", b"name\nIntruder\n")
    assert r.status_code == 403 and not Player.objects.filter(name="Intruder").exists()
