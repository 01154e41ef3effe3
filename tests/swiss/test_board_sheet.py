"""A Swiss teams match entered board by board on the console: each board's two N-S scores,
the IMPs per board by Law 78B, the match's IMPs and the VPs on the WBF scale, worked by hand
(tests/scoring/engine/test_swiss_boards.py has the same match board by board):

boards 1–8, table 1 (home N-S) / table 2 (away N-S): 420/420, 420/−50, −100/110, 140/110,
−620/−650, 50/200, −1430/−1430, 100/−90 → home 10 + 1 + 1 + 5 = 17 IMPs, away 5 + 4 = 9;
won by 8 on 8 boards: 13.12 – 6.88 VPs (the WBF's published 8-board table).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.interchange.formats import session_file as sfile
from tournament.interchange.selectors import export_session
from tournament.interchange.services import import_session
from tournament.models import SwissMatch

from .test_pages import post, section  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

SHEET = {1: (420, 420), 2: (420, -50), 3: (-100, 110), 4: (140, 110), 5: (-620, -650),
         6: (50, 200), 7: (-1430, -1430), 8: (100, -90)}  # fmt: skip
PER_BOARD = {1: (0, 0), 2: (10, 0), 3: (0, 5), 4: (1, 0), 5: (1, 0), 6: (0, 4), 7: (0, 0),
             8: (5, 0)}  # fmt: skip


def _started(client, section):  # noqa: F811
    start = {"action": "start", "vp_scale": "wbf", "boards_per_match": 8, "rounds": 2,
             "bye_vp": "12", "first_round": "seeded"}  # fmt: skip
    assert post(client, section, **start).status_code == 302
    assert post(client, section, action="pair").status_code == 302


def _sheet(scores, table=1):
    data = {"action": "boards", "round": 1, "table": table}
    for board, (t1, t2) in scores.items():
        data[f"b{board}_t1"], data[f"b{board}_t2"] = t1, t2
    return data


def test_the_td_enters_a_match_board_by_board(director_client, section):  # noqa: F811
    _started(director_client, section)
    url = reverse("td_swiss", args=[section.pk])
    assert "?sheet=1-1#sheet" in director_client.get(url).content.decode()
    blank = director_client.get(url, {"sheet": "1-1"}).content.decode()
    assert 'name="b8_t2"' in blank and "Keep the sheet of table 1" in blank

    response = post(director_client, section, **_sheet(SHEET))
    assert response.status_code == 302 and response["Location"].endswith("?sheet=1-1#sheet")
    match = SwissMatch.objects.get(round_number=1, table_number=1)
    assert (match.home_imps, match.away_imps) == (17, 9)
    assert match.boards == [[b, *SHEET[b]] for b in range(1, 9)]

    page = director_client.get(url, {"sheet": "1-1"}).content.decode()
    sheet = page[page.index('id="sheet"') : page.index('id="round-1"')]
    for board, (home, away) in PER_BOARD.items():
        t1, t2 = SHEET[board]
        cells = [
            str(t1),
            str(t2),
            str(t1 - t2),
            str(home) if home else "",
            str(away) if away else "",
        ]
        num = [f'<td class="num">{c}</td>' for c in cells]
        row = "".join(["<td></td>", num[0], "<td></td>", *num[1:]])  # no result typed
        assert f'<th scope="row">{board}</th>{row}' in sheet, board
    assert '<td class="num">17</td><td class="num">9</td>' in sheet
    assert '<td class="num">13.12</td><td class="num">6.88</td>' in sheet
    assert "17 – 9" in page and "13.12 – 6.88" in page  # the round's table

    # the match total stays the alternative: typing it drops the sheet
    total = {"action": "score", "round": 1, "table": 1, "home_imps": 12, "away_imps": 9}
    assert post(director_client, section, **total).status_code == 302
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, match.boards) == (12, 9, [])


@pytest.mark.parametrize(
    "board,t1,t2,field,reason",
    [(3, 425, 110, "b3_t1", "425 is no bridge score"),
     (6, 50, "", "b6_t2", "Board 6: enter the result, e.g. 4S N ="),
     (8, 100, 8000, "b8_t2", "8000 is no bridge score"),
     (5, "4S N =", "4SX N +8", "b5_t2", "tricks must be a whole number from 0 to 13"),
     (2, "4Q N =", 110, "b2_t1", "is not a contract"),
     (4, "A60/A40", 110, "b4_t1", "an artificial score is the director")],
)  # fmt: skip
def test_a_bad_score_is_refused_at_its_field_and_nothing_is_kept(
    director_client,
    section,  # noqa: F811
    board,
    t1,
    t2,
    field,
    reason,
):
    _started(director_client, section)
    response = post(director_client, section, **_sheet({**SHEET, board: (t1, t2)}))
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="id_{field}_error" role="alert">' in html
    error = html[html.index(f'id="id_{field}_error"') :]
    assert reason in error[: error.index("</span>")]
    assert f'aria-describedby="id_{field}_error"' in html
    assert "Nothing was kept" in html
    match = SwissMatch.objects.get(round_number=1, table_number=1)
    assert (match.home_imps, match.away_imps, match.boards) == (None, None, [])


def test_a_swiss_pairs_match_is_not_entered_board_by_board(director_client, section):  # noqa: F811
    event = section.session.event
    event.format, event.scoring_method = "pairs", "imps_cross"
    event.save()
    _started(director_client, section)
    response = post(director_client, section, **_sheet(SHEET))
    assert response.status_code == 400 and "for Swiss teams" in response.content.decode()
    assert SwissMatch.objects.get(round_number=1, table_number=1).home_imps is None


def test_the_sheet_travels_in_the_session_file(director_client, section, club):  # noqa: F811
    _started(director_client, section)
    post(director_client, section, **_sheet(SHEET))
    data = export_session(section.session)
    (kept,) = [m for m in data["sections"][0]["swiss_matches"] if m.get("boards")]
    assert kept["boards"] == [[b, *SHEET[b]] for b in range(1, 9)]
    copy = import_session(data, club=club)
    again = SwissMatch.objects.get(section__session=copy, round_number=1, table_number=1)
    assert (again.home_imps, again.away_imps, again.boards) == (17, 9, kept["boards"])
    kept["home_imps"] = 18  # a file whose boards do not make its IMPs is refused
    with pytest.raises(sfile.InterchangeError, match="the boards make 17-9 IMPs, not 18-9"):
        import_session(data, club=club)
