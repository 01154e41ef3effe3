import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_json_has_the_documented_shape():
    data = json.loads(run("mitchell", "--tables", "5", "--boards-per-round", "3"))
    assert {"kind", "tables", "rounds", "boards_per_round", "participants", "fields", "board_sets",
            "schedule", "balance"} <= set(data)  # fmt: skip
    assert (data["tables"], data["rounds"], data["fields"]) == (5, 5, 2)
    assert data["board_sets"]["1"] == [1, 2, 3]
    first = data["schedule"][0]
    assert first["round"] == 1 and len(first["tables"]) == 5
    assert {"table", "ns", "ew", "set", "shared_with"} <= set(first["tables"][0])
    # every N-S pair meets every E-W pair exactly once (independent count)
    meetings = {(t["ns"], t["ew"]) for r in data["schedule"] for t in r["tables"]}
    assert len(meetings) == 25


def test_text_is_the_masters_sheet_with_the_announcement():
    text = run("relay-bye", "--tables", "6", "--format", "text")
    assert "Rd" in text and "T6" in text
    assert "boards" in text.lower()


def test_howell_by_pairs_with_a_sit_out():
    data = json.loads(run("howell", "--pairs", "7"))
    assert data["phantom"] == 8 and data["tables"] == 4 and data["rounds"] == 7


def test_recommend_lists_movements_for_the_pairs_present():
    text = run("recommend", "--pairs", "13")
    assert "howell" in text and "mitchell" in text


@pytest.mark.parametrize(
    "args,message",
    [
        (("mitchell", "--tables", "4"), "skip-mitchell"),
        (("howell", "--tables", "4", "--rounds", "9"), "round"),
        (("mitchell", "--tables", "0"), "table"),
        (("nonsense", "--tables", "3"), "choose one of"),
        (("recommend",), "--pairs"),
    ],
)
def test_bad_input_says_what_would_work(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
