import pytest

from scoring.forms import ResultEntryForm


def form(game="contract", **data):
    base = {"board": 1, "ns": 1, "ew": 4}
    return ResultEntryForm({**base, **data}, game=game)


@pytest.mark.parametrize(
    "text,fields",
    [
        ("4SX N =", {"contract": "4SX", "declarer": "N", "tricks": 10, "lead": ""}),
        ("3nt s -2", {"contract": "3NT", "declarer": "S", "tricks": 7, "lead": ""}),
        ("4H E 11", {"contract": "4H", "declarer": "E", "tricks": 11, "lead": ""}),
        ("PASS", {"contract": "PASS", "lead": ""}),
        ("NP", {"not_played": True}),
        ("A60/A40", {"adjusted": "A60/A40"}),
    ],
)
def test_one_box_results(text, fields):
    f = form(result=text)
    assert f.is_valid(), f.errors
    assert f.result_fields == fields


def test_the_parts_in_their_own_boxes():
    f = form(contract="6nt", declarer="w", tricks=12, lead="SK")
    assert f.is_valid(), f.errors
    assert f.result_fields == {"contract": "6NT", "declarer": "W", "tricks": 12, "lead": "SK"}


@pytest.mark.parametrize(
    "data,field",
    [
        ({"result": "8S N ="}, "contract"),
        ({"result": "4SXXX N ="}, "contract"),
        ({"result": "4S Q ="}, "declarer"),
        ({"result": "7NT N +1"}, "tricks"),
        ({"result": ""}, "result"),
        ({"tricks": 14, "contract": "4S", "declarer": "N"}, "tricks"),
    ],
)
def test_bad_results_are_refused_at_the_field(data, field):
    f = form(**data)
    assert not f.is_valid()
    assert field in f.errors, f.errors


def test_whist_takes_the_ns_tricks():
    f = form("whist", tricks_ns=8, revokes_ew=1)
    assert f.is_valid(), f.errors
    assert f.result_fields == {"tricks_ns": 8, "revokes_ns": 0, "revokes_ew": 1}
    bad = form("whist", tricks_ns=14)
    assert not bad.is_valid() and "tricks_ns" in bad.errors


def test_auction_keeps_honours_and_revokes():
    f = form("auction", result="3H S =", honours_ns=80, revokes_ew=1)
    assert f.is_valid(), f.errors
    assert f.result_fields["honours_ns"] == 80 and f.result_fields["revokes_ew"] == 1
