"""A Swiss teams match entered by the teams at the table (docs/swiss.md, "Entry at the
table"): one team enters each board's result in contract notation on the table's phone, the
other confirms, and only then does the match count; after the O.K. only the TD changes it,
with a reason.

The sheet used, worked by hand (vulnerability by board number, Law 2; scores, Law 77; IMPs,
Law 78B; home N-S at table 1, away N-S at table 2):

| bd | vul  | table 1           | N-S   | table 2           | N-S  | net  | IMPs       |
|----|------|-------------------|-------|-------------------|------|------|------------|
| 1  | none | 4S N =            |   420 | 4S N -1           |  -50 | +470 | home 10    |
| 2  | N-S  | 3NT S =           |   600 | 3NT S +1          |  630 |  -30 | away 1     |
| 3  | E-W  | 4H E =            |  -620 | 4HX E -1          |  200 | -820 | away 13    |
| 4  | both | PASS              |     0 | 2D W -2           |  200 | -200 | away 5     |
| 5  | N-S  | 6NT N = 190+500+750 | 1440 | 3NT N +3 190+500 | 690 | +750 | home 13    |
| 6  | E-W  | 1NT W -1          |   100 | (typed) 100       |  100 |    0 | —          |
| 7  | both | 2SX S = 120+500+50 |  670 | 2S S +1 90+50    |  140 | +530 | home 11    |
| 8  | none | 3C N -2           |  -100 | 2C N +1           |  110 | -210 | away 5     |

Home 10 + 13 + 11 = 34 IMPs, away 1 + 13 + 5 + 5 = 24: home by 10 on 8 boards.  WBF 2013:
X = 15·√8 = 42.43, τ = 0.618034; V = 10 + 10·(1 − τ^(30/42.43))/(1 − τ³)
= 10 + 10·(1 − 0.71160)/0.76393 = 13.78, so 13.78 – 6.22 VPs.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament.models import Session, SwissMatch
from tournament.play import services as play_services
from tournament.swiss import selectors as swiss_selectors
from tournament.swiss import services as swiss

from .test_pages import section  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

SHEET = {1: ("4S N =", "4S N -1"), 2: ("3NT S =", "3NT S +1"), 3: ("4H E =", "4HX E -1"),
         4: ("PASS", "2D W -2"), 5: ("6NT N =", "3NT N +3"), 6: ("1NT W -1", "100"),
         7: ("2SX S =", "2S S +1"), 8: ("3C N -2", "2C N +1")}  # fmt: skip
SCORES = [[1, 420, -50], [2, 600, 630], [3, -620, 200], [4, 0, 200], [5, 1440, 690],
          [6, 100, 100], [7, 670, 140], [8, -100, 110]]  # fmt: skip


@pytest.fixture
def paired(section):  # noqa: F811
    swiss.start(section, vp_scale="wbf", boards_per_match=8, rounds=2, bye_vp=12)
    swiss.pair_next_round(section)  # round 1 by seed: table 1 is 1 v 3, table 2 is 2 v 4
    section.refresh_from_db()
    return section


def _vps(section):  # noqa: F811
    return {s.entry.number: str(s.row.vps) for s in swiss_selectors.standings(section)}


def test_contracts_make_the_hand_worked_imps_and_count_only_once_confirmed(paired):
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    assert match.boards == SCORES
    assert (match.home_imps, match.away_imps, match.status) == (34, 24, "entered")
    assert match.contracts["3"] == ["4H E =", "4HX E -1"]
    assert match.contracts["1"] == ["4S N =", "4S N -1"]
    assert match.contracts["6"] == ["1NT W -1", ""]  # the typed N-S score keeps no text
    assert _vps(paired)[1] == "0.00"  # waiting for the other team's O.K.: counts nothing
    assert not swiss_selectors.round_complete(paired, 1)

    swiss.confirm_at_table(paired, 1, 1, swiss_selectors.sheet_version(match))
    swiss.enter_match(paired, 1, 2, 20, 22)  # the TD enters the other match's total
    assert swiss_selectors.round_complete(paired, 1)
    assert _vps(paired) == {1: "13.78", 3: "6.22", 2: "9.14", 4: "10.86"}
    assert swiss.pair_next_round(paired)[0] == 2  # the next round pairs on it


def test_the_same_sheet_from_the_console_makes_the_same_match(paired):
    table = swiss.sheet_at_table(paired, 1, 1, SHEET)
    td = swiss.enter_boards(paired, 1, 2, SHEET)
    assert (td.home_imps, td.away_imps, td.boards, td.status) == (34, 24, SCORES, "")
    assert td.contracts == table.contracts


def test_a_confirmed_sheet_changes_only_by_the_td_with_a_reason(paired, director):
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    swiss.confirm_at_table(paired, 1, 1, swiss_selectors.sheet_version(match))
    with pytest.raises(ValidationError, match="only the director can change it"):
        swiss.sheet_at_table(paired, 1, 1, SHEET)
    changed = {**SHEET, 8: ("3C N -1", "2C N +1")}  # -50 v 110: 160 → away 4, not 5
    with pytest.raises(ValidationError, match="give the reason"):
        swiss.enter_boards(paired, 1, 1, changed, user=director)
    match = swiss.enter_boards(paired, 1, 1, changed, user=director, reason="board 8 misread")
    assert (match.home_imps, match.away_imps, match.status) == (34, 23, "confirmed")
    (entry,) = match.history
    assert entry["reason"] == "board 8 misread" and entry["by"] == director.username
    assert entry["before"][:2] == [34, 24] and entry["after"][:2] == [34, 23]
    with pytest.raises(ValidationError, match="give the reason"):
        swiss.enter_match(paired, 1, 1, 30, 20, user=director)
    swiss.enter_match(paired, 1, 1, 30, 20, user=director, reason="appeal")
    assert len(SwissMatch.objects.get(pk=match.pk).history) == 2


def test_an_ok_for_a_sheet_changed_since_is_refused(paired):
    first = swiss.sheet_at_table(paired, 1, 1, SHEET)
    seen = swiss_selectors.sheet_version(first)
    swiss.sheet_at_table(paired, 1, 1, {**SHEET, 1: ("4S N +1", "4S N -1")})
    with pytest.raises(ValidationError, match="changed after this page was loaded"):
        swiss.confirm_at_table(paired, 1, 1, seen)
    assert SwissMatch.objects.get(pk=first.pk).status == "entered"


def test_the_table_cannot_overwrite_the_tds_entry(paired):
    swiss.enter_match(paired, 1, 1, 12, 9)
    with pytest.raises(ValidationError, match="The director has entered this match"):
        swiss.sheet_at_table(paired, 1, 1, SHEET)


# --- the phone page --------------------------------------------------------------------------


def _codes(section):  # noqa: F811
    """The TD issues the table codes (the session runs once round 1 is paired)."""
    section.refresh_from_db()
    assert section.session.status == Session.Status.RUNNING
    return {t.table_number: t.token for t in play_services.issue_tokens(section)}


def _form(round_number=1, sheet=SHEET):
    data = {"action": "sheet", "round": round_number, "table": 1}
    for board, (t1, t2) in sheet.items():
        data[f"b{board}_t1"], data[f"b{board}_t2"] = t1, t2
    return data


def test_the_phone_enters_shows_the_imps_and_the_other_team_confirms(client, paired):
    codes = _codes(paired)
    assert sorted(codes) == [1, 2]  # a code for each match table
    assert client.get(reverse("table", args=[codes[1]]))["Location"] == reverse(
        "table_swiss", args=[codes[1]]
    )
    url = reverse("table_swiss", args=[codes[1]])
    page = client.get(url).content.decode()
    assert 'name="b8_t2"' in page and "Home (N-S at table 1)" in page
    assert 'data-kp-contract="id_b8_t2"' in page  # the pairs' keypad on every line
    assert client.post(url, _form()).status_code == 302
    page = client.get(url).content.decode()
    assert '<td class="num" id="home-imps">34</td><td class="num" id="away-imps">24</td>' in page
    assert '<td>4HX E -1</td><td class="num">200</td>' in page
    assert "Confirm the match" in page
    refused = client.post(url, {"action": "confirm", "round": 1, "seen": "x", "ok": "yes"})
    assert refused.status_code == 400 and "changed after this page" in refused.content.decode()
    match = SwissMatch.objects.get(round_number=1, table_number=1)
    ok = {"action": "confirm", "round": 1, "ok": "yes",
          "seen": swiss_selectors.sheet_version(match)}  # fmt: skip
    assert client.post(url, ok).status_code == 302
    page = client.get(url).content.decode()
    assert "confirmed — only the director can change it" in page and 'name="b1_t1"' not in page
    assert '<td class="num" id="home-vps">13.78</td><td class="num" id="away-vps">6.22</td>' in page
    again = client.post(url, _form())
    assert again.status_code == 400 and "only the director can change it" in again.content.decode()


def test_a_bad_line_is_refused_at_its_board_and_nothing_is_kept(client, paired):
    url = reverse("table_swiss", args=[_codes(paired)[1]])
    response = client.post(url, _form(sheet={**SHEET, 3: ("4H E =", "4HX E -11")}))
    html = response.content.decode()
    assert response.status_code == 400 and "Nothing was kept" in html
    error = html[html.index('id="id_b3_t2_error"') :]
    assert "Board 3: tricks must be a whole number from 0 to 13" in error[: error.index("</span>")]
    assert 'value="4HX E -11"' in html  # what was typed stays to be corrected
    assert "Board 3: tricks" not in html[: html.index('id="board-3"')]  # at its board only


def test_every_bad_or_empty_line_is_named_at_once(client, paired):
    url = reverse("table_swiss", args=[_codes(paired)[1]])
    sheet = {**SHEET, 1: ("4Q N =", "4S N -1"), 7: ("2SX S =", "")}
    html = client.post(url, _form(sheet=sheet)).content.decode()
    for field, reason in (("b1_t1", "Board 1: &#x27;4Q&#x27; is not a contract"),
                          ("b7_t2", "Board 7: enter the result")):  # fmt: skip
        error = html[html.index(f'id="id_{field}_error"') :]
        assert reason in error[: error.index("</span>")], field
    assert SwissMatch.objects.get(round_number=1, table_number=1).home_imps is None
    assert SwissMatch.objects.get(round_number=1, table_number=1).home_imps is None


def test_another_matchs_code_cannot_enter_this_match(client, paired):
    codes = _codes(paired)
    other = reverse("table_swiss", args=[codes[2]])
    assert client.post(other, _form()).status_code == 302  # "table": 1 posted, ignored
    one, two = SwissMatch.objects.filter(round_number=1).order_by("table_number")
    assert one.home_imps is None and (two.home_imps, two.away_imps) == (34, 24)
    play_services.revoke(paired, 1)
    assert client.post(reverse("table_swiss", args=[codes[1]]), _form()).status_code == 403
    assert client.get(reverse("table_swiss", args=["x" * 30])).status_code == 404
    assert SwissMatch.objects.get(pk=one.pk).home_imps is None


def test_the_table_entry_travels_in_the_session_file(paired, director, club):
    from tournament.interchange.selectors import export_session
    from tournament.interchange.services import import_session

    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    swiss.confirm_at_table(paired, 1, 1, swiss_selectors.sheet_version(match))
    swiss.enter_boards(paired, 1, 1, {**SHEET, 8: ("3C N -1", "2C N +1")}, user=director,
                       reason="board 8 misread")  # fmt: skip
    data = export_session(paired.session)
    (kept,) = [m for m in data["sections"][0]["swiss_matches"] if m.get("boards")]
    assert kept["status"] == "confirmed" and kept["contracts"]["8"] == ["3C N -1", "2C N +1"]
    copy = import_session(data, club=club)
    again = SwissMatch.objects.get(section__session=copy, round_number=1, table_number=1)
    assert (again.status, again.contracts, again.history) == (
        "confirmed", kept["contracts"], kept["history"])  # fmt: skip
    assert again.history[0]["reason"] == "board 8 misread"


def test_the_td_changes_a_confirmed_sheet_on_the_console_with_a_reason(director_client, paired):
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    swiss.confirm_at_table(paired, 1, 1, swiss_selectors.sheet_version(match))
    url = reverse("td_swiss", args=[paired.pk])
    page = director_client.get(url, {"sheet": "1-1"}).content.decode()
    assert "Confirmed by the teams at the table" in page and 'value="4HX E -1"' in page
    assert "34 – 24 <small>(confirmed at the table)</small>" in page
    sheet = {**_form(sheet={**SHEET, 8: ("3C N -1", "2C N +1")}), "action": "boards"}
    refused = director_client.post(url, sheet)
    assert refused.status_code == 400 and "give the reason" in refused.content.decode()
    assert SwissMatch.objects.get(pk=match.pk).away_imps == 24
    kept = director_client.post(url, {**sheet, "reason": "board 8 misread"})
    assert kept.status_code == 302
    page = director_client.get(url, {"sheet": "1-1"}).content.decode()
    assert "34–24 → 34–23 IMPs. Reason: board 8 misread" in page


def test_the_players_page_shows_a_sheet_only_once_confirmed(client, paired):
    match = swiss.sheet_at_table(paired, 1, 1, SHEET)
    url = reverse("swiss_pairings", args=[paired.session_id])
    assert "34 – 24" not in client.get(url).content.decode()
    swiss.confirm_at_table(paired, 1, 1, swiss_selectors.sheet_version(match))
    page = client.get(url).content.decode()
    assert "34 – 24" in page and "13.78" in page
