"""The table phone's offline queue, server side: /t/<code>/sync/ stores each queued write once,
keeps the conflict rules, and reports the phone's queue to the TD's console."""

import json

import pytest
from django.urls import reverse

from scoring.models import BoardResult, QueuedWrite
from scoring.results import services as result_services
from tournament.models import TableToken

from .conftest import round_plays


def sync(client, token, items, count=None, oldest=None, **headers):
    body = {"queue": {"count": len(items) if count is None else count, "oldest": oldest},
            "items": items}  # fmt: skip
    return client.post(reverse("table_sync", args=[token.token]), json.dumps(body),
                       content_type="application/json", **headers)  # fmt: skip


def result_item(cid, board, play, rnd=1, result="4S N =", version=0):
    return {"client_id": cid, "kind": "result", "round": rnd, "board": board, "ns": play.ns,
            "ew": play.ew, "version": version, "fields": {"result": result},
            "at": "2026-11-24T19:40:00+00:00"}  # fmt: skip


def whole_round(section, table, prefix):
    plays = round_plays(section, 1, table)
    items = [result_item(f"{prefix}-{b:04d}", b, p) for b, p in plays]
    versions = {str(b): f"{prefix}-{b:04d}" for b, _ in plays}
    items.append({"client_id": f"{prefix}-ok", "kind": "confirm", "round": 1,
                  "versions": versions})  # fmt: skip
    return plays, items


def test_a_queued_round_is_stored_and_confirmed_in_order(client, running, codes):
    plays, items = whole_round(running, 1, "phone1")
    response = sync(client, codes[1], items)
    assert response.status_code == 200
    answers = response.json()["answers"]
    assert [a["status"] for a in answers] == ["stored"] * len(items)
    rows = BoardResult.objects.filter(section=running, table_number=1)
    assert rows.count() == len(plays)
    assert {r.status for r in rows} == {BoardResult.Status.CONFIRMED}
    assert {r.contract for r in rows} == {"4S"}


def test_a_duplicate_replay_stores_nothing_twice(client, running, codes):
    plays, items = whole_round(running, 1, "phone1")
    sync(client, codes[1], items)
    before = list(BoardResult.objects.values_list("pk", "version", "status").order_by("pk"))
    again = sync(client, codes[1], items + items).json()["answers"]
    assert [a["status"] for a in again] == ["duplicate"] * (2 * len(items))
    assert [a["outcome"] for a in again] == ["stored"] * (2 * len(items))
    after = list(BoardResult.objects.values_list("pk", "version", "status").order_by("pk"))
    assert after == before and QueuedWrite.objects.count() == len(items)


def test_a_queued_change_after_the_directors_correction_is_a_conflict(
    director_client, running, codes, director
):
    client = director_client
    (board, play), *_ = round_plays(running, 1, 1)
    sync(client, codes[1], [result_item("first-entry", board, play, result="4S N =")])
    row = BoardResult.objects.get()
    result_services.correct_result(row, fields={"contract": "4S", "declarer": "N", "tricks": 11},
                                   user=director, reason="ruling")  # fmt: skip
    stale = result_item("offline-change", board, play, result="4S N -1", version=row.version)
    answer = sync(client, codes[1], [stale]).json()["answers"][0]
    assert answer["status"] == "conflict"
    assert "4S N +1" in answer["current"]["text"]
    row.refresh_from_db()
    assert row.tricks == 11  # the director's correction stands
    kept = QueuedWrite.objects.get(client_id="offline-change")
    assert kept.outcome == QueuedWrite.Outcome.CONFLICT
    page = client.get(reverse("td_session_play", args=[running.session_id]))
    assert "offline-change" not in page.content.decode()
    assert "conflicts" in page.content.decode() and "Kept: 4S N +1" in page.content.decode()


def test_a_queued_result_never_overwrites_a_confirmed_one(client, running, codes):
    plays, items = whole_round(running, 1, "phone1")
    sync(client, codes[1], items)
    board, play = plays[0]
    late = result_item("late-change", board, play, result="4S N -2", version=1)
    answer = sync(client, codes[1], [late]).json()["answers"][0]
    assert answer["status"] in ("conflict", "invalid")
    assert BoardResult.objects.get(board_number=board, table_number=1).tricks == 10


def test_an_impossible_result_is_refused_at_its_field(client, running, codes):
    (board, play), *_ = round_plays(running, 1, 1)
    answer = sync(client, codes[1], [result_item("bad-result", board, play, result="8S N =")])
    answer = answer.json()["answers"][0]
    assert answer["status"] == "invalid" and "result" in answer["errors"]
    assert not BoardResult.objects.exists()


def test_the_phone_reports_its_queue_to_the_console(director_client, running, codes):
    client = director_client
    sync(client, codes[2], [], count=0)
    response = sync(client, codes[1], [], count=3, oldest="2026-11-24T19:40:00+00:00")
    assert response.status_code == 200
    token = TableToken.objects.get(pk=codes[1].pk)
    assert token.queued == 3 and token.queued_since.minute == 40 and token.synced_at
    page = client.get(reverse("td_session_play", args=[running.session_id])).content.decode()
    assert "3 unsent since" in page and "all sent" in page


def test_another_sites_request_and_a_withdrawn_code_are_refused(client, running, codes):
    (board, play), *_ = round_plays(running, 1, 1)
    item = result_item("cross-site", board, play)
    assert sync(client, codes[1], [item], HTTP_ORIGIN="https://evil.example").status_code == 403
    codes[1].revoked = True
    codes[1].save()
    assert sync(client, codes[1], [item]).status_code == 403
    assert not BoardResult.objects.exists()


def test_the_manifest_and_service_worker_are_served(client, codes):
    manifest = client.get(reverse("table_manifest", args=[codes[1].token])).json()
    assert manifest["start_url"] == f"/t/{codes[1].token}/" and manifest["display"] == "standalone"
    worker = client.get(reverse("table_service_worker"))
    assert worker["Service-Worker-Allowed"] == "/t/" and b"indexedDB" in worker.content


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"items": "x"}',
        b'{"items": [1, null, "x"]}',
        b'{"items": [{"client_id": "short"}]}',
        b'{"items": [{"client_id": "abcdefgh", "kind": "shout"}]}',
        b'{"items": [{"client_id": "abcdefgh", "kind": "result", "board": 2147483647,'
        b' "round": 1, "fields": {"result": "4S N ="}}]}',
        b'{"items": [{"client_id": "abcdefgi", "kind": "result", "board": true, "round": -1,'
        b' "version": "x", "fields": ["no"]}]}',
        b'{"items": [{"client_id": "abcdefgj", "kind": "confirm", "round": 1,'
        b' "versions": {"x": 1, "1": [2]}}]}',
        b'{"queue": {"count": 99999999999, "oldest": "2026-13-45T99:99"}, "items": []}',
        b'{"queue": {"count": 2, "oldest": "2026-11-24T19:40:00"}, "items": []}',
    ],
)
def test_junk_is_answered_and_stores_nothing(client, running, codes, body):
    response = client.post(
        reverse("table_sync", args=[codes[1].token]), body, content_type="application/json"
    )
    assert response.status_code in (200, 400)
    for answer in response.json().get("answers", []):
        assert answer["status"] == "invalid" and answer["errors"]
    assert not BoardResult.objects.exists()
