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


def test_the_1926_skip_mitchell_is_a_choice_of_the_command():
    """Law 3 [002 L3270–3279]: all rounds, the skipping pair meets one N-S pair twice."""
    modern = json.loads(run("skip-mitchell", "--tables", "6"))
    old = json.loads(run("skip-mitchell", "--tables", "6", "--form", "1926"))
    assert (modern["rounds"], old["rounds"]) == (5, 6)
    met = [(t["ns"], t["ew"]) for r in old["schedule"] for t in r["tables"]]
    assert len(met) == 36 and len(set(met)) == 30  # LAWS.md TC-7
    assert "1926 form" in run(
        "skip-mitchell", "--tables", "6", "--form", "1926", "--format", "text"
    )


def test_the_12_player_game_stops_after_seven_or_eight_rounds_by_the_command():
    """[002 L3064–3065]: "it may be cut short, stopping after seven or eight rounds"."""
    data = json.loads(run("individual", "--players", "12", "--rounds", "8"))
    assert data["rounds"] == 8 and data["meet"] == "partner_at_most_once_oppose_at_most_twice"
    pairs = [frozenset((t["n"], t["s"])) for r in data["schedule"] for t in r["tables"]]
    pairs += [frozenset((t["e"], t["w"])) for r in data["schedule"] for t in r["tables"]]
    assert len(pairs) == len(set(pairs)) == 48  # nobody partners anyone twice


@pytest.mark.parametrize(
    "args,message",
    [
        (("mitchell", "--tables", "5", "--form", "1926"), "--form 1926: the 1926 form"),
        (("rainbow", "--players", "20", "--rounds", "3"), "--rounds: the rainbow schedule has a"),
        (("individual", "--players", "12", "--rounds", "9"), "stops after 7 or 8"),
        (("individual", "--players", "16", "--rounds", "8"), "only the 12-player game"),
        (("relay-bye", "--tables", "6", "--rounds", "5"), "must play all 6 rounds"),
    ],
)
def test_options_that_do_not_apply_are_refused_clearly(args, message):
    with pytest.raises(CommandError) as exc:
        run(*args)
    assert message in str(exc.value)
