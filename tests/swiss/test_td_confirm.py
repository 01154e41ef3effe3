"""The TD records the teams' O.K. of a sheet entered at the table (docs/swiss.md, "Entry at
the table"): the opponents initialled the paper sheet, as ``td_confirm`` for the pairs [002
L3360–3362].  The sheet is the hand-worked one of test_table_entry (home 34 – away 24 IMPs,
13.78 – 6.22 VPs on the WBF 8-board scale)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament.models import SwissMatch
from tournament.swiss import selectors as swiss_selectors
from tournament.swiss import services as swiss

from .test_pages import section  # noqa: F401 (fixture)
from .test_table_entry import SHEET, _vps, paired  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def _ok(match) -> dict:
    return {"action": "confirm", "round": 1, "table": 1,
            "seen": swiss_selectors.sheet_version(match)}  # fmt: skip


def test_the_td_records_the_ok_and_the_match_counts_audited(paired, director):  # noqa: F811
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    assert _vps(paired)[1] == "0.00"
    done = swiss.confirm_by_director(paired, 1, 1, swiss_selectors.sheet_version(match), director)
    assert (done.status, done.home_imps, done.away_imps) == ("confirmed", 34, 24)
    (entry,) = SwissMatch.objects.get(pk=match.pk).history
    assert (entry["by"], entry["what"]) == (director.username, "confirm")
    assert entry["before"] == entry["after"] == [34, 24, match.boards]
    assert (_vps(paired)[1], _vps(paired)[3]) == ("13.78", "6.22")
    with pytest.raises(ValidationError, match="no sheet waiting for an O.K."):  # not twice
        swiss.confirm_by_director(paired, 1, 1, swiss_selectors.sheet_version(done), director)
    assert len(SwissMatch.objects.get(pk=match.pk).history) == 1


def test_the_td_cannot_confirm_a_sheet_changed_since_or_none(paired, director):  # noqa: F811
    with pytest.raises(ValidationError, match="no sheet waiting"):  # nothing entered yet
        swiss.confirm_by_director(paired, 1, 1, "", director)
    first = swiss.sheet_at_table(paired, 1, 1, SHEET)
    seen = swiss_selectors.sheet_version(first)
    swiss.sheet_at_table(paired, 1, 1, {**SHEET, 1: ("4S N +1", "4S N -1")})
    with pytest.raises(ValidationError, match="changed after this page was loaded"):
        swiss.confirm_by_director(paired, 1, 1, seen, director)
    kept = SwissMatch.objects.get(pk=first.pk)
    assert (kept.status, kept.history) == ("entered", [])


def test_the_console_shows_the_button_records_the_ok_and_the_history(director_client, paired):  # noqa: F811
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    url = reverse("td_swiss", args=[paired.pk])
    page = director_client.get(url, {"sheet": "1-1"}).content.decode()
    assert "Record the teams' O.K., table 1" in page
    assert f'name="seen" value="{swiss_selectors.sheet_version(match)}"' in page
    response = director_client.post(url, _ok(match), follow=True)
    page = response.content.decode()
    assert "the teams&#x27; O.K. of 34–24 IMPs recorded" in page
    assert SwissMatch.objects.get(pk=match.pk).status == "confirmed"
    page = director_client.get(url, {"sheet": "1-1"}).content.decode()
    assert "recorded the teams' O.K. of 34–24 IMPs." in page
    assert "Record the teams' O.K." not in page  # no second O.K.
    again = director_client.post(url, _ok(match))
    assert again.status_code == 400 and "no sheet waiting for an O.K." in again.content.decode()


def test_a_bad_or_stale_post_is_refused_with_a_message(director_client, paired):  # noqa: F811
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    url = reverse("td_swiss", args=[paired.pk])
    bad = director_client.post(url, {**_ok(match), "table": "x"})
    assert bad.status_code == 400 and "Enter a whole number" in bad.content.decode()
    stale = director_client.post(url, {**_ok(match), "seen": "0" * 16})
    assert stale.status_code == 400 and "changed after this page" in stale.content.decode()
    assert SwissMatch.objects.get(pk=match.pk).status == "entered"


def test_another_clubs_td_and_anonymous_cannot_confirm(client, outsider, paired):  # noqa: F811
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    url = reverse("td_swiss", args=[paired.pk])
    anonymous = client.post(url, _ok(match))
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(outsider)
    assert client.post(url, _ok(match)).status_code == 403
    assert SwissMatch.objects.get(pk=match.pk).status == "entered"
