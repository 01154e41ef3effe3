"""``score_file`` ranks net plus/minus and whist tricks each way unless told otherwise (issue
20): the entries' own fields, else the conditions' ``winners``, else Law 11's winners each way
[002 L3378–3383]."""

from __future__ import annotations

import pytest


def _file(method: str, game: str, results: list[dict], conditions=None) -> dict:
    entries = [{"number": n} for n in (1, 2, 3, 4)]
    event = {"name": "Club night", "game": game, "scoring_method": method}
    if conditions:
        event["conditions"] = conditions
    return {"format": "duplicate-session/1", "event": event,
            "session": {"name": "Evening", "date": "2026-11-24"},
            "sections": [{"name": "A", "entries": entries, "results": results}]}  # fmt: skip


@pytest.mark.parametrize(
    ("game", "method", "results"),
    [
        ("auction", "net", [{"board": 1, "ns": 1, "ew": 3, "contract": "4S", "declarer": "N",
                             "tricks": 10}, {"board": 1, "ns": 2, "ew": 4, "contract": "PASS"}]),
        ("whist", "tricks", [{"board": 1, "ns": 1, "ew": 3, "tricks_ns": 8},
                             {"board": 1, "ns": 2, "ew": 4, "tricks_ns": 6}]),
    ],
)  # fmt: skip
def test_score_file_ranks_each_direction_apart(score_file, game, method, results):
    """Law 11: "the pair scoring the largest net plus each way of the table" [002 L3378–3383]."""
    out = score_file(_file(method, game, results))
    fields = {f["name"]: [s["entry"] for s in f["standings"]] for f in out["fields"]}
    assert fields == {"NS": [1, 2], "EW": [4, 3]}
    together = score_file(_file(method, game, results, {"winners": 1}))
    assert [f["name"] for f in together["fields"]] == ["all"]


def test_the_entries_own_fields_are_taken(score_file):
    data = _file("matchpoints", "contract", [
        {"board": 1, "ns": 1, "ew": 3, "score_ns": 420}, {"board": 1, "ns": 2, "ew": 4, "score_ns": -50},
    ])  # fmt: skip
    for entry, field in zip(data["sections"][0]["entries"], ("NS", "NS", "EW", "EW"), strict=True):
        entry["field"] = field
    out = score_file(data)
    assert [f["name"] for f in out["fields"]] == ["NS", "EW"]
