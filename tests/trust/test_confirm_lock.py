"""Confirmed means locked (issue 17, item 2).

The attack: two phones on one table code, one confirming the round while the other posts
a changed result; and pages loaded before another change (a director's correction, the
O.K.) posting over it.  Every write now says which version of the result its page showed,
and the services decide under the row lock.  ``night`` (tests/trust/conftest.py): table 1
is in round 2 with both boards entered (version 1) and not yet confirmed.
"""

from __future__ import annotations

import random
import re
import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from scoring.models import BoardResult, ResultAudit
from scoring.results import services as result_services

POSTGRES = connection.vendor == "postgresql"
ROUND, TABLE = 2, 1


def table_url(night):
    return reverse("table", args=[night.tokens[TABLE]])


def round_rows(night):
    return list(
        BoardResult.objects.filter(
            section=night.section, table_number=TABLE, round_number=ROUND
        ).order_by("board_number")
    )


def change(client, night, board, version, result="4H N 9"):
    """A phone posts a changed result for ``board``, based on ``version``."""
    play = next(p for b, p in night.round_plays(ROUND, TABLE) if b == board)
    data = {"action": "result", f"b{board}-board": board, f"b{board}-ns": play.ns,
            f"b{board}-ew": play.ew, f"b{board}-round": ROUND, f"b{board}-result": result,
            f"b{board}-version": version}  # fmt: skip
    return client.post(table_url(night), data)


def phone_confirm(client, night, versions):
    data = {"action": "confirm", "round": ROUND, "ok": "yes"}
    data.update({f"v{board}": v for board, v in versions.items()})
    return client.post(table_url(night), data)


def page_versions(client, night) -> dict[int, int]:
    """What the table page's O.K. form carries: each board's version as shown."""
    html = client.get(table_url(night)).content.decode()
    return {int(b): int(v) for b, v in re.findall(r'name="v(\d+)" value="(\d+)"', html)}


def correct_payload(row, result, reason="", version=None):
    data = {"board": row.board_number, "ns": row.ns_entry.number, "ew": row.ew_entry.number,
            "round": row.round_number, "result": result, "reason": reason}  # fmt: skip
    if version is not None:
        data["version"] = version
    return data


# --- deterministic ----------------------------------------------------------------------


def test_the_table_page_carries_the_versions_it_shows(client, night):
    rows = round_rows(night)
    html = client.get(table_url(night)).content.decode()
    assert page_versions(client, night) == {r.board_number: r.version for r in rows} != {}
    for r in rows:
        assert f'name="b{r.board_number}-version" value="{r.version}"' in html


def test_a_change_after_the_ok_is_refused_at_the_table(client, night):
    seen = page_versions(client, night)  # both phones load the page
    assert phone_confirm(client, night, seen).status_code == 302
    board = min(seen)
    for version in (seen[board], seen[board] + 1):  # the stale page, and a forged current one
        response = change(client, night, board, version)
        assert response.status_code == 400
        assert "only the director can change it" in response.content.decode()
    row = round_rows(night)[0]
    assert (row.status, row.tricks) == ("confirmed", 10)
    # the service decides under the row lock too (a post that passed the page's checks
    # just before the O.K. committed): refused however current its version
    with pytest.raises(ValidationError) as refused:
        result_services.correct_result(
            row, fields={"contract": "4H", "declarer": "N", "tricks": 9}, user=None,
            reason="changed at table 1", based_on=row.version, at_table=True,
        )  # fmt: skip
    assert "only the director can change it" in str(refused.value)
    row.refresh_from_db()
    assert (row.status, row.tricks) == ("confirmed", 10)
    assert not ResultAudit.objects.filter(result=row, action="correct").exists()


def test_a_stale_table_page_cannot_overwrite_a_directors_correction(client, night, director):
    seen = page_versions(client, night)
    row = round_rows(night)[0]
    result_services.correct_result(
        row, fields={"contract": "4H", "declarer": "N", "tricks": 11}, user=director,
        reason="traveller misread", based_on=row.version,
    )  # fmt: skip
    response = change(client, night, row.board_number, seen[row.board_number])
    assert response.status_code == 400
    assert "since you loaded the page" in response.content.decode()
    row.refresh_from_db()
    assert row.tricks == 11
    # reloaded, the page shows the correction and its version: the change is then accepted
    fresh = page_versions(client, night)[row.board_number]
    assert fresh == row.version
    assert change(client, night, row.board_number, fresh).status_code == 302
    row.refresh_from_db()
    assert row.tricks == 9 and row.version == fresh + 1


def test_a_page_that_showed_no_result_cannot_replace_one_entered_since(client, night):
    board, play = night.round_plays(2, table=2)[0]  # table 2 has nothing in round 2 yet
    url = reverse("table", args=[night.tokens[2]])

    def post(result):
        data = {"action": "result", f"b{board}-board": board, f"b{board}-ns": play.ns,
                f"b{board}-ew": play.ew, f"b{board}-round": 2, f"b{board}-result": result,
                f"b{board}-version": 0}  # fmt: skip
        return client.post(url, data)

    assert post("3NT S =").status_code == 302  # the first phone
    assert post("3NT S =").status_code == 302  # a double tap: the same result, accepted once
    refused = post("3NT S -1")  # a second phone, on a page loaded before the first entry
    assert refused.status_code == 400 and "reload" in refused.content.decode()
    stored = BoardResult.objects.get(
        section=night.section, board_number=board, ns_entry__number=play.ns
    )
    assert (stored.tricks, stored.version) == (9, 1)


def test_an_ok_from_a_page_loaded_before_a_change_confirms_nothing(client, night):
    seen = page_versions(client, night)
    board = min(seen)
    assert change(client, night, board, seen[board]).status_code == 302  # the other phone
    response = phone_confirm(client, night, seen)
    assert response.status_code == 409
    assert f"Board {board} was changed or confirmed since you loaded the page" in (
        response.content.decode()
    )
    assert all(r.status == "entered" for r in round_rows(night))
    # the reloaded page shows the change; the opponents' O.K. of it is accepted
    assert phone_confirm(client, night, page_versions(client, night)).status_code == 302
    assert [(r.status, r.tricks) for r in round_rows(night)][0] == ("confirmed", 9)


def test_the_console_correction_refuses_a_stale_form(director_client, night):
    row = round_rows(night)[0]
    url = reverse("td_correct", args=[row.pk])
    page = director_client.get(url).content.decode()
    loaded = int(re.search(r'name="version" value="(\d+)"', page).group(1))
    assert loaded == row.version
    # meanwhile the opponents confirm at the table
    result_services.confirm(night.section, table_number=TABLE, round_number=ROUND,
                            versions={r.board_number: r.version for r in round_rows(night)})  # fmt: skip
    stale = director_client.post(url, correct_payload(row, "4H N 8", "slip", version=loaded))
    assert stale.status_code == 400
    assert "since you loaded the page" in stale.content.decode()
    row.refresh_from_db()
    assert (row.status, row.tricks) == ("confirmed", 10)
    # the redrawn form is based on what it now shows (confirmed, version + 1)
    assert f'name="version" value="{row.version}"' in stale.content.decode()
    missing = director_client.post(url, correct_payload(row, "4H N 8", "slip"))
    assert missing.status_code == 400 and "reload the page" in missing.content.decode()
    row.refresh_from_db()
    assert row.tricks == 10


def test_a_directors_correction_after_the_ok_needs_a_reason_and_is_audited(
    director_client, director, night
):
    seen = page_versions(Client(), night)
    assert phone_confirm(Client(), night, seen).status_code == 302
    row = round_rows(night)[0]
    url = reverse("td_correct", args=[row.pk])
    no_reason = director_client.post(url, correct_payload(row, "4H N 8", version=row.version))
    assert no_reason.status_code == 400 and "give the reason" in no_reason.content.decode()
    ok = director_client.post(
        url, correct_payload(row, "4H N 8", "E-W agree: 8 tricks", version=row.version)
    )
    assert ok.status_code == 302
    row.refresh_from_db()
    assert (row.status, row.tricks) == ("confirmed", 8)
    trail = list(ResultAudit.objects.filter(result=row).order_by("pk"))
    assert [a.action for a in trail] == ["create", "confirm", "correct"]
    last = trail[-1]
    assert (last.user, last.reason) == (director, "E-W agree: 8 tricks")
    assert (last.old["tricks"], last.new["tricks"]) == (10, 8)


# --- the race ---------------------------------------------------------------------------


@contextmanager
def shared_database(tmp_path):
    """Connections that other threads can share.  PostgreSQL's test database already is;
    SQLite's is in memory (one connection's, table-locked), so the trials run on a file copy
    with the production settings (WAL, BEGIN IMMEDIATE, a busy timeout), as the server does."""
    if POSTGRES:
        yield
        return
    conn = connections["default"]
    conn.ensure_connection()
    memory = conn.connection
    path = tmp_path / "race.sqlite3"
    target = sqlite3.connect(path)
    memory.backup(target)
    target.close()
    settings = conn.settings_dict
    name = settings["NAME"]
    conn.connection = None  # the in-memory database stays open through ``memory``
    settings["NAME"] = str(path)
    try:
        yield
    finally:
        conn.close()
        settings["NAME"] = name
        conn.connection = memory


def race(*jobs):
    """Run the jobs at the same moment, each on its own thread and database connection."""
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def worker(i, job):
        try:
            barrier.wait()
            outcomes[i] = job()
        except Exception as exc:  # surfaced by the assertion below
            outcomes[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return outcomes


def reset_round(night):
    """Table 1's round 2 back to entered, 4H N 10 on each board."""
    BoardResult.objects.filter(
        section=night.section, table_number=TABLE, round_number=ROUND
    ).update(status="entered", confirmed_at=None, contract="4H", declarer="N", tricks=10)


def delayed(job, seconds):
    def run():
        time.sleep(seconds)
        return job()

    return run


def in_turn(first, second):
    """The two jobs on their own threads, the second starting once the first has answered:
    an order that is certain, so both branches of the check run on any machine however fast
    one request is next to the other (the racing trials decide their order by chance)."""
    done = threading.Event()

    def run_first():
        try:
            return first()
        finally:
            done.set()

    def run_second():
        done.wait(60)
        return second()

    return [run_first, run_second]


TRIALS = 60  # per kind of O.K.: 120 in all


@pytest.mark.parametrize("ok_from", ["table", "console"])
def test_no_change_lands_after_the_ok(transactional_db, night, director, tmp_path, ok_from):
    """Confirm-versus-change, ``TRIALS`` times: the phone's change lands before the O.K. or
    is refused — never after it.  The table's O.K. names the versions it showed, so a change
    just before it also refuses the O.K. (the opponents must check the new result); the
    console's O.K. (the TD recording the opponents' initials) confirms what is stored."""
    rng = random.Random(17)
    tally = {"change first": 0, "confirm first": 0}
    changer, confirmer = Client(), Client()
    if ok_from == "console":
        confirmer.force_login(director)
    with shared_database(tmp_path):
        for trial in range(TRIALS):
            reset_round(night)
            mark = ResultAudit.objects.order_by("-pk").values_list("pk", flat=True).first()
            rows = round_rows(night)
            seen = {r.board_number: r.version for r in rows}  # both pages loaded
            board = rows[0].board_number

            def do_change(board=board, seen=seen):
                return change(changer, night, board, seen[board]).status_code

            def do_confirm(seen=seen):
                if ok_from == "table":
                    return phone_confirm(confirmer, night, seen).status_code
                url = reverse("td_confirm", args=[night.section.pk])
                return confirmer.post(url, {"table": TABLE, "round": ROUND}).status_code

            if trial % 10 == 4:  # now and then in a certain order, the change first ...
                changed, confirmed = race(*in_turn(do_change, do_confirm))
            elif trial % 10 == 5:  # ... or the O.K. first
                confirmed, changed = race(*in_turn(do_confirm, do_change))
            else:
                lag = rng.choice([0, 0, 0.002, 0.004, 0.008])
                jobs = [delayed(do_change, lag), do_confirm] if trial % 2 else [
                    do_change, delayed(do_confirm, lag)]  # fmt: skip
                changed, confirmed = race(*jobs)
            assert not isinstance(changed, Exception), changed
            assert not isinstance(confirmed, Exception), confirmed

            row = BoardResult.objects.get(pk=rows[0].pk)
            trail = list(
                ResultAudit.objects.filter(result=row, pk__gt=mark or 0)
                .order_by("pk")
                .values_list("action", flat=True)
            )
            if changed == 302:  # the change landed: before the O.K.
                tally["change first"] += 1
                assert trail[0] == "correct", (trial, trail)
                if ok_from == "table":  # the O.K. of the old value is refused
                    assert (confirmed, row.status, row.tricks, trail) == (
                        409, "entered", 9, ["correct"]), trial  # fmt: skip
                else:  # the O.K. covers the changed value
                    assert (confirmed, row.status, row.tricks, trail) == (
                        302, "confirmed", 9, ["correct", "confirm"]), trial  # fmt: skip
            else:  # the O.K. landed first: the change is refused, nothing changed after it
                tally["confirm first"] += 1
                assert changed == 400, (trial, changed)
                assert confirmed == 302, (trial, confirmed)
                assert (row.status, row.tricks, trail) == ("confirmed", 10, ["confirm"]), trial
            # the invariant itself: in this trial no change follows an O.K. of the row
            assert "correct" not in trail[trail.index("confirm") :] if "confirm" in trail else True
    assert sum(tally.values()) == TRIALS
    assert tally["change first"] and tally["confirm first"], tally  # both branches were checked
