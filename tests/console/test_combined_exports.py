"""The combined ranking of an event of several sessions in its downloads: the CSV and the
USEBIO file of the event's console page, each parsed back and compared with the ranking
worked out here by hand (never by the program's combined ranking).

The sessions are test_combined's 4-pair Howell (top 2 on each of 6 boards, 12 matchpoints
at most): the pair numbered 1 makes 8 matchpoints, 2 and 4 make 6, 3 makes 4.
"""

from __future__ import annotations

import csv
import io
import tempfile
import xml.etree.ElementTree as ET
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.urls import reverse

from tournament.models import Session

from .helpers import finish, new_event, sign_in
from .test_combined import add_session, configure, howell, qualified  # noqa: F401 (fixture)

SESSION_MP = {1: 8, 2: 6, 3: 4, 4: 6}  # matchpoints by pair number, each session
TOP = 2  # each board's top; 6 boards, so 12 matchpoints at most


def two(value: Fraction) -> str:
    """A hand-worked figure as the files show it: 2 decimals, half up."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def places(totals: dict) -> dict:
    """Competition places by total, best first, "=2" for a shared one."""
    out = {}
    for who, total in totals.items():
        better = sum(1 for t in totals.values() if t > total)
        shared = sum(1 for t in totals.values() if t == total) > 1
        out[who] = ("=" if shared else "") + str(better + 1)
    return out


def as_cell(place: str) -> str:
    """A shared place in the CSV: "=1" would be a formula, so the file has "'=1"."""
    return "'" + place if place.startswith("=") else place


def names(players, i) -> str:
    return f"{players[2 * i].name} & {players[2 * i + 1].name}"


def download(client, event, fmt, **query):
    response = client.get(reverse("td_event_export", args=[event.pk, fmt]), query)
    assert response.status_code == 200, response.content[:300]
    assert "attachment" in response["Content-Disposition"]
    return response.content.decode("utf-8")


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text)))


def read_usebio(text):
    event = ET.fromstring(text.split("\n", 2)[2]).find("EVENT")
    pairs = {}
    for pair in event.find("PARTICIPANTS").findall("PAIR"):
        players = tuple(p.findtext("PLAYER_NAME") for p in pair.findall("PLAYER"))
        pairs[players] = {
            "number": int(pair.findtext("PAIR_NUMBER")), "total": pair.findtext("TOTAL_SCORE"),
            "percent": pair.findtext("PERCENTAGE"), "place": pair.findtext("PLACE"),
        }  # fmt: skip
    return event, pairs


@pytest.mark.django_db
def test_the_final_with_carry_over_in_the_csv_and_usebio(director_client, players, qualified):  # noqa: F811
    """Carry-over of matchpoints, factor 1/2 (EBU §172): C = S × FT ÷ (2 × QT), tops 2 and 2.
    The final is seeded by qualifying place: Q1 is final pair 1, Q2 and Q4 (tied) pairs 2
    and 3, Q3 pair 4, and each final pair makes SESSION_MP of its final number."""
    client = director_client
    client.post(reverse("td_event_seed_final", args=[qualified.pk]))
    final = Session.objects.get(event=qualified, name="Final")
    section = final.sections.get()
    howell(client, final, section, "final")
    finish(client, final)
    number_of = {frozenset(e.entry_players.values_list("player__name", flat=True)): e.number
                 for e in section.entries.all()}  # fmt: skip
    expected = {}
    for i in range(4):  # qualifier pair i + 1 is players 2i, 2i+1
        q_mp = SESSION_MP[i + 1]
        number = number_of[frozenset({players[2 * i].name, players[2 * i + 1].name})]
        carry = Fraction(1, 2) * q_mp * TOP / TOP
        expected[names(players, i)] = (number, q_mp, carry, SESSION_MP[number])
    totals = {who: carry + f for who, (_, _, carry, f) in expected.items()}
    place = places(totals)
    assert sorted(totals.values()) == [7, 8, 9, 12]  # as test_combined's hand computation

    rows = read_csv(download(client, qualified, "combined-csv"))
    assert list(rows[0]) == ["Ranking", "Place", "Pair", "Players", "Qualifier", "Carry-over",
                             "Final", "Total"]  # fmt: skip
    assert len(rows) == 4
    for row in rows:
        number, q_mp, carry, f = expected[row["Players"]]
        assert row["Ranking"] == "Final" and int(row["Pair"]) == number
        assert row["Qualifier"] == two(Fraction(q_mp)) and row["Carry-over"] == two(carry)
        assert row["Final"] == two(Fraction(f)) and row["Total"] == two(totals[row["Players"]])
        assert row["Place"] == place[row["Players"]]
    assert [r["Place"] for r in rows] == ["1", "2", "3", "4"]  # best first

    event, pairs = read_usebio(download(client, qualified, "combined-usebio", group="1"))
    assert event.get("EVENT_TYPE") == "MP_PAIRS" and event.findtext("SESSION_COUNT") == "2"
    assert event.findtext("EVENT_DESCRIPTION") == "Championship pairs"
    assert event.findtext("DATE") == final.date.strftime("%d/%m/%Y")
    assert event.find("BOARD") is None  # the boards are in each session's SESSION
    sessions = event.findall("SESSION")
    assert [s.findtext("TITLE") for s in sessions][1:] == ["Final"] and len(sessions) == 2
    assert [len(s.findall("BOARD")) for s in sessions] == [6, 6]
    assert len(pairs) == 4
    for i in range(4):
        who = names(players, i)
        got = pairs[(players[2 * i].name, players[2 * i + 1].name)]
        assert got == {"number": expected[who][0], "total": two(totals[who]), "percent": None,
                       "place": place[who]}  # fmt: skip


def autumn(client, club, players):
    """Two sessions ranked by the average of their percentages; the second seats the pairs
    in the other order (players 6-7 are its pair 1 … players 0-1 its pair 4)."""
    event = new_event(client, club, name="Autumn pairs")
    first = add_session(client, event, "Monday", "2026-11-02")
    second = add_session(client, event, "Thursday", "2026-11-05")
    for session, order in ((first, range(4)), (second, range(3, -1, -1))):
        client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
        section = session.sections.get()
        for i in order:
            sign_in(client, section, players[2 * i : 2 * i + 2])
        howell(client, session, section, session.name)
        finish(client, session)
    assert configure(client, event, method="average", final="", qualify="").status_code == 302
    event.refresh_from_db()
    return event, first, second


@pytest.mark.django_db
def test_the_average_of_two_sessions_in_the_csv_and_usebio(director_client, club, players):
    """Average of the session percentages: each pair's two percentages are SESSION_MP of
    its two numbers over 12."""
    client = director_client
    event, _, _ = autumn(client, club, players)

    percent = {n: Fraction(mp * 100, 12) for n, mp in SESSION_MP.items()}
    expected = {}
    for i in range(4):
        a, b = percent[i + 1], percent[4 - i]
        expected[names(players, i)] = (a, b, (a + b) / 2)
    # players 0-1: (66.67 + 50) / 2 = 58.33, players 2-3: (50 + 33.33) / 2 = 41.67 …
    totals = {who: t for who, (_, _, t) in expected.items()}
    assert sorted(set(totals.values())) == [Fraction(125, 3), Fraction(175, 3)]
    place = places(totals)

    rows = read_csv(download(client, event, "combined-csv"))
    assert list(rows[0]) == ["Ranking", "Place", "Pair", "Players", "Monday", "Thursday", "Total"]
    for row in rows:
        a, b, total = expected[row["Players"]]
        assert (row["Monday"], row["Thursday"], row["Total"]) == (two(a), two(b), two(total))
        assert row["Place"] == as_cell(place[row["Players"]]) and row["Ranking"] == "Overall"

    xml, pairs = read_usebio(download(client, event, "combined-usebio"))
    assert xml.findtext("SESSION_COUNT") == "2"
    for i in range(4):
        who = names(players, i)
        got = pairs[(players[2 * i].name, players[2 * i + 1].name)]
        assert got["total"] == got["percent"] == two(totals[who])
        assert got["place"] == place[who].lstrip("=") + ("=" if place[who][0] == "=" else "")
        assert got["number"] == 4 - i  # its number in the last session


@pytest.mark.django_db
def test_the_event_page_links_the_downloads_and_refuses_others(
    client,
    director_client,
    players,
    qualified,  # noqa: F811
    outsider,
):
    page = director_client.get(reverse("td_event", args=[qualified.pk])).content.decode()
    csv_url = reverse("td_event_export", args=[qualified.pk, "combined-csv"])
    assert csv_url in page and "combined-usebio" in page
    unknown = reverse("td_event_export", args=[qualified.pk, "combined-pdf"])
    assert director_client.get(unknown).status_code == 404
    bad_group = director_client.get(
        reverse("td_event_export", args=[qualified.pk, "combined-usebio"]), {"group": "9"}
    )
    assert bad_group.status_code == 302  # back to the event page, with the reason
    assert "no ranking group 9" in director_client.get(bad_group["Location"]).content.decode()
    client.force_login(outsider)
    assert client.get(csv_url).status_code == 403


@pytest.mark.django_db
def test_an_event_ranking_its_sessions_apart_has_no_combined_download(director_client, club):
    event = new_event(director_client, club, name="Plain pairs")
    url = reverse("td_event_export", args=[event.pk, "combined-csv"])
    assert director_client.get(url).status_code == 404
    page = director_client.get(reverse("td_event", args=[event.pk])).content.decode()
    assert "combined-csv" not in page


def results_of(holder) -> list:
    """A session's PARTICIPANTS and BOARDs as text, whatever their indentation; a board's
    traveller lines in any order."""
    out = []
    for e in holder:
        for x in e.iter():
            x.text, x.tail = (x.text or "").strip(), None
        if e.tag == "PARTICIPANTS":
            out.append(ET.tostring(e, encoding="unicode"))
        elif e.tag == "BOARD":
            lines = sorted(ET.tostring(x, encoding="unicode") for x in e.iter("TRAVELLER_LINE"))
            out.append((e.findtext("BOARD_NUMBER"), lines))
    return out


@pytest.mark.django_db
def test_each_session_in_its_own_usebio_session_element_and_back(director_client, club, players):
    """Issue 22: the combined file carries each session's own results in a SESSION (its
    number, title, date, pairs and boards as its own file has them), and the project's USEBIO
    import reads each one back as a session of its own, rescored from the travellers to the
    same figures: pair n made SESSION_MP[n] matchpoints in both sessions."""
    from django.core.management import call_command

    from tournament.interchange import selectors as interchange_selectors
    from tournament.interchange import services as interchange_services
    from tournament.interchange.formats import usebio
    from tournament.interchange.formats.errors import InterchangeError

    event, first, second = autumn(director_client, club, players)
    text = download(director_client, event, "combined-usebio")
    xml, _ = read_usebio(text)
    sessions = xml.findall("SESSION")
    assert [s.findtext("SESSION_NUMBER") for s in sessions] == ["1", "2"]
    assert [s.findtext("TITLE") for s in sessions] == ["Monday", "Thursday"]
    assert [s.findtext("DATE") for s in sessions] == ["02/11/2026", "05/11/2026"]
    # pair n of the first session is players 2n-2, 2n-1; of the second, players 8-2n, 9-2n
    seats = {1: lambda n: (2 * n - 2, 2 * n - 1), 2: lambda n: (8 - 2 * n, 9 - 2 * n)}
    for k, (element, session) in enumerate(zip(sessions, (first, second), strict=True), 1):
        got = {int(p.findtext("PAIR_NUMBER")): (p.findtext("TOTAL_SCORE"),
               tuple(x.findtext("PLAYER_NAME") for x in p.findall("PLAYER")))
               for p in element.find("PARTICIPANTS").findall("PAIR")}  # fmt: skip
        assert got == {n: (two(Fraction(mp)), tuple(players[i].name for i in seats[k](n)))
                       for n, mp in SESSION_MP.items()}  # fmt: skip
        assert len(element.findall("BOARD")) == 6
        own = ET.fromstring(interchange_selectors.export_usebio(session).split("\n", 2)[2])
        own_parts = results_of(own.find("EVENT"))
        assert results_of(element) == own_parts
        # back in through the USEBIO import: a session of its own, rescored the same
        imported = interchange_services.import_usebio(text, club=club, session=k)
        assert imported.name == session.name and imported.date == session.date
        again = ET.fromstring(interchange_selectors.export_usebio(imported).split("\n", 2)[2])
        assert results_of(again.find("EVENT")) == own_parts
    with pytest.raises(InterchangeError, match="a combined ranking of 2 sessions"):
        usebio.parse(text)
    with pytest.raises(InterchangeError, match=r"no session 3 in the file \(sessions: 1, 2\)"):
        usebio.parse(text, session=3)
    with pytest.raises(InterchangeError, match="no session 1 in the file"):
        usebio.parse(interchange_selectors.export_usebio(first), session=1)
    path = Path(tempfile.mkdtemp()) / "combined.xml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    call_command("import_usebio", str(path), "--club", club.slug, "--session", "2", stdout=out)
    assert Session.objects.get(pk=int(out.getvalue())).name == "Thursday"
