"""Score entry at the table: /t/<token>/ for one table of one section while the session runs."""

import re

import pytest
from django.urls import reverse

from scoring.models import BoardResult, ResultAudit
from tournament.play import services as play_services
from tournament.setup import services as setup_services

from .conftest import enter, round_plays


def url(token):
    return reverse("table", args=[token.token if hasattr(token, "token") else token])


def post_result(client, token, board, ns, ew, rnd, result="3NT S =", **extra):
    data = {"action": "result", f"b{board}-board": board, f"b{board}-ns": ns,
            f"b{board}-ew": ew, f"b{board}-round": rnd, f"b{board}-result": result}  # fmt: skip
    data.update({f"b{board}-{k}": v for k, v in extra.items()})
    return client.post(url(token), data)


def seen_versions(client, token) -> dict[str, str]:
    """The versions the table page shows in its O.K. form (``v<board>``), as a phone posts them."""
    html = client.get(url(token)).content.decode()
    return dict(re.findall(r'name="(v\d+)" value="(\d+)"', html))


def confirm_round(client, token, rnd, **extra):
    data = {"action": "confirm", "round": rnd, **seen_versions(client, token), **extra}
    return client.post(url(token), data)


def first_round(section, table):
    return round_plays(section, 1, table)


def test_it_shows_the_current_round_seating_and_boards(client, running, codes):
    response = client.get(url(codes[2]))
    html = response.content.decode()
    assert response.status_code == 200
    (board, play), *_ = first_round(running, 2)
    assert "Table 2" in html and "round 1" in html
    assert f"Pair {play.ns}" in html and f"Pair {play.ew}" in html
    assert f'id="board-{board}"' in html


def test_it_stores_a_result_entered_at_the_table(client, running, codes):
    board, play = first_round(running, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 1, "4S N =")
    assert response.status_code == 302
    row = BoardResult.objects.get()
    assert (row.board_number, row.contract, row.entered_via) == (board, "4S", "table")
    assert ResultAudit.objects.get().actor == "table 1"


def test_it_refuses_an_impossible_result_at_the_field(client, running, codes):
    board, play = first_round(running, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 1, "8S N =")
    assert response.status_code == 400
    form = response.context["boards"][0]["form"]
    assert "result" in form.errors and "not a contract" in response.content.decode()
    assert not BoardResult.objects.exists()


def test_it_rejects_another_tables_board_at_the_field(client, running, codes):
    board, play = first_round(running, 2)[0]  # table 2's board, sent with table 1's code
    response = post_result(client, codes[1], board, play.ns, play.ew, 1)
    assert response.status_code == 400
    assert "board" in response.context["stray"].errors
    assert "not played at this table" in response.content.decode()
    assert not BoardResult.objects.exists()


@pytest.mark.parametrize("field", ["ns", "ew", "round"])
def test_it_rejects_other_pairs_or_rounds_at_the_field(client, running, codes, field):
    board, play = first_round(running, 1)[0]
    values = {"ns": play.ns, "ew": play.ew, "round": 1}
    values[field] = {"ns": play.ns + 1, "ew": play.ew + 1, "round": 2}[field]
    response = post_result(client, codes[1], board, values["ns"], values["ew"], values["round"])
    assert response.status_code == 400
    assert field in response.context["boards"][0]["form"].errors
    assert not BoardResult.objects.exists()


def test_a_later_rounds_board_is_refused(client, running, codes):
    board, play = round_plays(running, 2, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 2)
    assert response.status_code == 400
    assert not BoardResult.objects.exists()


@pytest.mark.parametrize("forged", ["not-a-real-token-but-long-enough", "x", "A" * 43])
def test_a_forged_token_gets_a_clear_page_and_stores_nothing(client, running, codes, forged):
    board, play = first_round(running, 1)[0]
    assert client.get(url(forged)).status_code == 404
    response = post_result(client, forged, board, play.ns, play.ew, 1)
    assert response.status_code == 404
    assert "not known" in response.content.decode()
    assert not BoardResult.objects.exists()


def test_a_revoked_token_stops_working(client, running, codes):
    play_services.revoke(running, 1)
    board, play = first_round(running, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 1)
    assert response.status_code == 403 and "withdrawn" in response.content.decode()
    assert not BoardResult.objects.exists()
    assert client.get(url(codes[2])).status_code == 200


@pytest.mark.parametrize("status", ["provisional", "final"])
def test_the_token_stops_working_when_play_is_over(client, running, codes, session, status):
    setup_services.set_status(session, "provisional")
    if status == "final":
        setup_services.set_status(session, "final")
    board, play = first_round(running, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 1)
    assert response.status_code == 403
    assert not BoardResult.objects.exists()


def test_a_token_of_another_section_does_not_open_this_one(client, running, codes, session, club):
    from .conftest import make_section

    other = make_section(session, club, 3, name="B")
    other_codes = {t.table_number: t for t in play_services.issue_tokens(other)}
    board, play = first_round(running, 1)[0]  # section A's board and pairs
    post_result(client, other_codes[1], board, play.ns, play.ew, 1, "4S N =")
    assert not BoardResult.objects.filter(section=running).exists()


def test_the_page_shows_no_other_tables_results(client, running, codes):
    board, play = first_round(running, 2)[0]
    enter(running, board, play, contract="6C", declarer="W", tricks=12)
    html = client.get(url(codes[1])).content.decode()
    text = re.sub(r"<[^>]*>", " ", html)  # what the page shows, not its tokens' random letters
    assert "6C" not in text and "by W" not in text


def _enter_round(client, section, token, table, rnd, result="2D E +1"):
    for board, play in round_plays(section, rnd, table):
        assert post_result(client, token, board, play.ns, play.ew, rnd, result).status_code == 302


def test_a_result_may_be_changed_before_the_opponents_ok(client, running, codes):
    board, play = first_round(running, 1)[0]
    post_result(client, codes[1], board, play.ns, play.ew, 1, "4S N =")
    response = post_result(client, codes[1], board, play.ns, play.ew, 1, "4S N -1", version=1)
    assert response.status_code == 302
    assert BoardResult.objects.get().tricks == 9


def test_the_opponents_confirmation_locks_the_round(client, running, codes):
    _enter_round(client, running, codes[1], 1, 1)
    assert "2D by E" in client.get(url(codes[1])).content.decode()
    refused = confirm_round(client, codes[1], 1)
    assert refused.status_code == 400
    assert not BoardResult.objects.filter(status="confirmed").exists()
    response = confirm_round(client, codes[1], 1, ok="yes")
    assert response.status_code == 302
    assert BoardResult.objects.filter(status="confirmed").count() == 2
    html = client.get(url(codes[1])).content.decode()
    assert "round 2" in html and "2D by E" not in html  # the next E-W pair sees nothing of round 1
    board, play = first_round(running, 1)[0]
    response = post_result(client, codes[1], board, play.ns, play.ew, 1, "7NT S =")
    assert response.status_code == 400
    assert not BoardResult.objects.filter(contract="7NT").exists()


def test_confirming_needs_every_board(client, running, codes):
    board, play = first_round(running, 1)[0]
    post_result(client, codes[1], board, play.ns, play.ew, 1)
    response = confirm_round(client, codes[1], 1, ok="yes")
    assert response.status_code == 400
    assert not BoardResult.objects.filter(status="confirmed").exists()


def test_a_table_with_every_round_confirmed_says_so(client, running, codes):
    rounds = len(running.get_movement().rounds)
    for rnd in range(1, rounds + 1):
        _enter_round(client, running, codes[3], 3, rnd)
        assert confirm_round(client, codes[3], rnd, ok="yes").status_code == 302
    assert "Every round at this table" in client.get(url(codes[3])).content.decode()


def _keypads(html: str) -> dict[str, str]:
    """Each board's keypad on the table page, by the board's form prefix."""
    pads = re.findall(r'<div class="keypad" hidden>.*?<p class="kp-missing"', html, re.S)
    return {re.search(r'id="(b\d+)-kp-level"', pad).group(1): pad for pad in pads}


def test_each_board_has_its_own_keypad_as_the_template_renders_it(client, running, codes):
    """The keypad is rendered once per process for a board's form and reused: each board's
    names its own boxes, and reads as ``table/_keypad.html`` rendered for that form."""
    from django.template.loader import render_to_string

    from scoring.forms import FORM_FIELDS, KEYPAD, ResultEntryForm
    from tournament.views.table import ARTIFICIAL, HONOUR_VALUES

    html = client.get(url(codes[1])).content.decode()
    boards = [board for board, _ in first_round(running, 1)]
    pads = _keypads(html)
    assert sorted(pads) == sorted(f"b{b}" for b in boards) and len(boards) == 2
    for board in boards:
        form = ResultEntryForm(game="contract", prefix=f"b{board}")
        context = {"form": form, "fields": FORM_FIELDS["contract"], "kp": KEYPAD,
                   "artificial": ARTIFICIAL, "honours": HONOUR_VALUES}  # fmt: skip
        fresh = render_to_string("table/_keypad.html", context)
        assert pads[f"b{board}"] in fresh
        assert f'data-kp-contract="id_b{board}-result"' in pads[f"b{board}"]
    again = client.get(url(codes[1])).content.decode()
    assert _keypads(again) == pads


def test_the_keypad_follows_the_events_method(client, running, codes):
    """A method scored against the average offers A50/A50 alone (``averages_only``), also on
    a page whose keypad was rendered before under another method."""
    before = " ".join(_keypads(client.get(url(codes[1])).content.decode()).values())
    assert "A60/A40" in before and "A50/A50" in before
    running.session.event.scoring_method = "net"
    running.session.event.save()
    after = " ".join(_keypads(client.get(url(codes[1])).content.decode()).values())
    assert "A60/A40" not in after and "A50/A50" in after
