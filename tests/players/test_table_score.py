"""The score before saving (``/t/<token>/score/``) and the scores on the O.K. screen.

Expected scores are worked out here by hand from the Law 77 table, not by the engine; the
board's vulnerability comes from the Law 2 cycle written out below.
"""

import html
import re

import pytest
from django.urls import reverse

from scoring.models import BoardResult
from tournament.play import services as play_services

from .conftest import enter, round_plays

MINUS = "\u2212"
# Law 2: boards 1-16, then again
VUL = "None NS EW All NS EW All None EW All None NS All None NS EW".split()

# (result, declarer's side vulnerable?) -> declarer's score, from the Law 77 table
LAW77 = {
    ("4S N =", False): 420,  # 120 + 300
    ("4S N =", True): 620,  # 120 + 500
    ("7NTXX N =", False): 2280,  # 220×4 + 300 + 1000 + 100
    ("7NTXX N =", True): 2980,  # 220×4 + 500 + 1500 + 100
    ("4SX E -3", False): -500,  # 100 + 200 + 200
    ("4SX E -3", True): -800,  # 200 + 300 + 300
    ("3NTXX W -1", False): -200,
    ("3NTXX W -1", True): -400,
    ("6S E =", False): 980,  # 180 + 300 + 500
    ("6S E =", True): 1430,  # 180 + 500 + 750
    ("2HX S +1", False): 570,  # 120 + 300 + 50 + 100 overtrick doubled nv
    ("2HX S +1", True): 870,  # 120 + 500 + 50 + 200
}


def score_url(token):
    return reverse("table_score", args=[token.token if hasattr(token, "token") else token])


def ask(client, token, board, ns, ew, rnd=1, **fields):
    data = {"action": "result", f"b{board}-board": board, f"b{board}-ns": ns,
            f"b{board}-ew": ew, f"b{board}-round": rnd}  # fmt: skip
    data.update({f"b{board}-{k}": v for k, v in fields.items()})
    return client.post(score_url(token), data)


def signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"{MINUS}{-n}")


def declarer_vulnerable(board: int, declarer: str) -> bool:
    vul = VUL[(board - 1) % 16]
    side = "NS" if declarer in "NS" else "EW"
    return vul in ("All", side)


@pytest.mark.parametrize("result", sorted({r for r, _ in LAW77}))
def test_the_score_before_saving_is_the_law_77_score(client, running, codes, result):
    for board, play in round_plays(running, 1, table=2):
        declarer = result.split()[1]
        declarer_score = LAW77[(result, declarer_vulnerable(board, declarer))]
        ns_score = declarer_score if declarer in "NS" else -declarer_score
        response = ask(client, codes[2], board, play.ns, play.ew, result=result)
        assert response.status_code == 200, response.content
        text = response.content.decode()
        assert f"N-S {signed(ns_score)} · E-W {signed(-ns_score)}" in text
    assert not BoardResult.objects.exists(), "the score before saving stores nothing"


def test_passed_out_and_artificial_scores(client, running, codes):
    board, play = round_plays(running, 1, table=1)[0]
    text = ask(client, codes[1], board, play.ns, play.ew, result="PASS").content.decode()
    assert "N-S 0 · E-W 0" in text
    text = ask(client, codes[1], board, play.ns, play.ew, result="A60/A40").content.decode()
    assert "Artificial score: N-S 60 % · E-W 40 %" in text
    text = ask(client, codes[1], board, play.ns, play.ew, result="NP").content.decode()
    assert "Not played" in text


@pytest.mark.parametrize(
    "result, message",
    [
        ("8S N =", "is not a contract"),
        ("4S N +4", "tricks"),
        ("4S N", "expected 'CONTRACT DECLARER OUTCOME'"),
        ("", "Enter the result"),
        ("A60/B", "write N-S/E-W as 'A60/A40'"),
    ],
)
def test_an_impossible_entry_gets_a_clear_message(client, running, codes, result, message):
    board, play = round_plays(running, 1, table=1)[0]
    response = ask(client, codes[1], board, play.ns, play.ew, result=result)
    assert response.status_code == 400
    assert message in html.unescape(response.content.decode())
    assert "N-S +" not in response.content.decode()


def test_another_tables_board_is_not_scored(client, running, codes):
    board, play = round_plays(running, 1, table=2)[0]
    response = ask(client, codes[1], board, play.ns, play.ew, result="4S N =")
    assert response.status_code == 400
    assert "not played at this table" in response.content.decode()


def test_a_bad_token_is_refused(client, running, codes, session):
    board, play = round_plays(running, 1, table=1)[0]
    response = ask(client, "forged-" + "x" * 36, board, play.ns, play.ew, result="4S N =")
    assert response.status_code == 404
    assert "not known" in response.content.decode()
    assert "N-S" not in response.content.decode()
    play_services.revoke(running, 1)
    response = ask(client, codes[1], board, play.ns, play.ew, result="4S N =")
    assert response.status_code == 403 and "withdrawn" in response.content.decode()
    assert client.get(score_url(codes[2])).status_code == 405


def test_whist_tricks_are_scored(client, running, codes, event):
    event.game, event.scoring_method = "whist", "tricks"
    event.save()
    board, play = round_plays(running, 1, table=1)[0]
    text = ask(client, codes[1], board, play.ns, play.ew, tricks_ns=9).content.decode()
    assert "N-S 9 tricks · E-W 4 tricks" in text
    response = ask(client, codes[1], board, play.ns, play.ew, tricks_ns=14)
    assert response.status_code == 400 and "13" in response.content.decode()


def test_auction_honours_change_the_score(client, running, codes, event):
    """1926 auction: 2H by N making 8 tricks is 2 × 8 trick points; 30 honours to N-S; the net
    plus/minus of each side."""
    event.game, event.scoring_method = "auction", "total_points"
    event.save()
    board, play = round_plays(running, 1, table=1)[0]
    plain = ask(client, codes[1], board, play.ns, play.ew, result="2H N =").content.decode()
    assert "N-S +16 · E-W −16" in plain
    more = ask(client, codes[1], board, play.ns, play.ew, result="2H N =", honours_ns=30)
    assert "N-S +46 · E-W −46" in more.content.decode()


def test_the_ok_screen_shows_each_boards_result_and_score(client, running, codes):
    plays = round_plays(running, 1, table=3)
    (b1, p1), (b2, p2) = plays
    enter(running, b1, p1, contract="4S", declarer="N", tricks=10)
    enter(running, b2, p2, contract="3NT", declarer="E", tricks=8)
    page = client.get(reverse("table", args=[codes[3].token])).content.decode()
    rows = dict(re.findall(r'<tr id="ok-board-(\d+)">(.*?)</tr>', page, re.S))
    s1 = LAW77[("4S N =", declarer_vulnerable(b1, "N"))]
    nt_down = 100 if declarer_vulnerable(b2, "E") else 50  # 3NT one down, undoubled
    cells = lambda row: re.findall(r"<td[^>]*>(.*?)</td>", row)  # noqa: E731
    assert cells(rows[str(b1)]) == [str(b1), "4S N =", signed(s1), signed(-s1)]
    assert cells(rows[str(b2)]) == [str(b2), "3NT E -1", signed(nt_down), signed(-nt_down)]
    assert "have checked these results" in page
