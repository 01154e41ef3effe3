"""A weighted adjusted score (Law 12C1(c)) through the app: the TD enters it as a ruling on
the console's board page; the kept standings (incremental) equal a full recompute; the
traveller (page and print), the audit trail, the session file and USEBIO carry it.

Board 1 of a 3-table Mitchell, nobody vulnerable: table 1 4S= by N (+420), table 2 4S-1
(-50), table 3 weighted 60% of 4S= and 40% of 4S-1.  Matchpoints by hand (EBU, top 4):
  +420: v -50 2, v weighted 0.6·1 + 0.4·2 = 1.4 → 3.4 (85 %)
  -50:  v +420 0, v weighted 0.6·0 + 0.4·1 = 0.4 → 0.4 (10 %)
  weighted: 0.6·(1 + 2) + 0.4·(0 + 1) = 2.2 (55 %); its E-W 4 − 2.2 = 1.8 (45 %)
"""

from __future__ import annotations

import io
import json

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, ResultAudit, Ruling, Standings
from scoring.results import services as result_services
from scoring.standings.services import recompute_standings
from tournament.interchange.selectors import export_pbn_results, export_session, export_usebio
from tournament.interchange.services import import_session
from tournament.printing.selectors import render

from .setups import running_mitchell

WEIGHTED = "60% 4S N =; 40% 4S N -1"


@pytest.fixture
def board_one(session, club, director):
    section = running_mitchell(session, club)
    plays = sorted(scheduled_plays(section.get_movement())[1], key=lambda p: p.table)
    for play, tricks in zip(plays[:2], (10, 9), strict=True):
        result_services.record_result(
            section, board_number=1, ns=play.ns, ew=play.ew,
            fields={"contract": "4S", "declarer": "N", "tricks": tricks}, user=director,
        )  # fmt: skip
    return section, plays


def _rule(client, section, play, weighted):
    return client.post(
        reverse("td_ruling", args=[section.pk, 1]),
        {"kind": "weighted", "ns": play.ns, "ew": play.ew, "weighted": weighted,
         "reason": "misinformation: 4S might have gone one off"},
    )  # fmt: skip


def _percent(data, entry):
    for f in data["sections"][0]["fields"]:
        for s in f["standings"]:
            if s["entry"] == entry:
                return s["percent"]
    raise KeyError(entry)


@pytest.mark.django_db
def test_the_td_enters_a_weighted_score_and_everything_shows_it(director_client, board_one):
    section, plays = board_one
    response = _rule(director_client, section, plays[2], "60% 4s n =; 40% 4S N -1")
    assert response.status_code == 302
    row = BoardResult.objects.get(section=section, board_number=1, ns_entry__number=plays[2].ns)
    assert row.weighted == WEIGHTED and row.contract == "" and row.adjusted == ""
    grid = director_client.get(reverse("td_traveller", args=[section.pk, 1])).content.decode()
    assert f"a weighted score {WEIGHTED}" in grid  # the console's traveller: the stored row

    data = Standings.objects.get(session=section.session).data  # kept board by board
    by_hand = {plays[0].ns: 85, plays[1].ns: 10, plays[2].ns: 55, plays[2].ew: 45}
    for entry, percent in by_hand.items():
        assert _percent(data, entry) == pytest.approx(percent), entry
    line = next(r for r in data["sections"][0]["boards"][0]["results"] if r.get("weighted"))
    assert (line["ns_points"], line["ew_points"], line["score_ns"]) == (2.2, 1.8, 232)
    full = recompute_standings(section.session).data  # a full recompute agrees
    assert full["sections"] == data["sections"]

    audit = ResultAudit.objects.get(result=row)  # the table had no result: created by the ruling
    assert audit.new["weighted"] == WEIGHTED and audit.actor == "ruling"
    ruling = Ruling.objects.get(section=section, board_number=1)
    assert ruling.kind == "weighted" and ruling.details["weighted"] == WEIGHTED
    assert ruling.reason.startswith("misinformation")

    page = director_client.get(reverse("td_board", args=[section.pk, 1])).content.decode()
    assert "Weighting (Law 12C1(c))" in page and WEIGHTED in page
    assert "Weighted score (Law 12C1(c))" in page  # the ruling, in words
    public = director_client.get(reverse("board", args=[section.session.pk, 1])).content.decode()
    assert f"weighted: {WEIGHTED}" in public  # every table has played board 1: shown

    pdf = render(section.session, "travellers")[2]
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "60% 4S N =" in text and "40% 4S N -1" in text

    exported = export_session(section.session)
    [kept_line] = [r for r in exported["sections"][0]["results"] if r.get("weighted")]
    assert kept_line["weighted"] == WEIGHTED and "contract" not in kept_line
    copy = import_session(json.loads(json.dumps(exported)), club=None)
    copied = BoardResult.objects.get(section__session=copy, weighted=WEIGHTED)
    assert copied.ns_entry.number == plays[2].ns
    again = Standings.objects.get(session=copy).data
    assert _percent(again, plays[2].ns) == pytest.approx(55)

    usebio = export_usebio(section.session)
    assert "<SCORE>232</SCORE>" in usebio and "<NS_MATCH_POINTS>2.20</NS_MATCH_POINTS>" in usebio
    pbn = export_pbn_results(section.session)  # PBN has no weighted score either
    assert f"{plays[2].ns} {plays[2].ew} - - - - 232 -232" in pbn


@pytest.mark.django_db
def test_a_bad_weighting_is_refused_at_its_field_and_nothing_is_saved(director_client, board_one):
    section, plays = board_one
    before = ResultAudit.objects.count()
    response = _rule(director_client, section, plays[2], "60% 4S N =; 30% 4S N -1")
    assert response.status_code == 400
    form = response.context["ruling_form"]
    assert "add up to 90%, not 100%" in form.errors["weighted"][0]
    assert ResultAudit.objects.count() == before
    assert not BoardResult.objects.filter(section=section, ns_entry__number=plays[2].ns).exists()


@pytest.mark.django_db
def test_a_weighted_ruling_replaces_a_result_and_the_audit_keeps_both(director_client, board_one):
    # Table 2's 4S-1 (-50) becomes 50% 4S= and 50% 4S-1: board 1 now has +420 and the weighted
    # table only (table 3 has no result): +420 v weighted 0.5·1 + 0.5·2 = 1.5, the weighted
    # table 0.5; Neuberg from 2 results to the 3 the movement expects, (u + 1)·3/2 − 1:
    # 2.5·1.5 − 1 = 2.75 and 1.5·1.5 − 1 = 1.25.
    section, plays = board_one
    response = _rule(director_client, section, plays[1], "50% 4S N =; 50% 4S N -1")
    assert response.status_code == 302
    row = BoardResult.objects.get(section=section, board_number=1, ns_entry__number=plays[1].ns)
    assert (row.weighted, row.contract, row.tricks) == ("50% 4S N =; 50% 4S N -1", "", None)
    audit = ResultAudit.objects.filter(result=row).order_by("at", "pk").last()
    assert audit.old["contract"] == "4S" and audit.old["tricks"] == 9
    assert audit.new["weighted"] == "50% 4S N =; 50% 4S N -1"
    assert audit.reason == "Ruling: misinformation: 4S might have gone one off"
    lines = Standings.objects.get(session=section.session).data["sections"][0]["boards"][0]
    points = {r["ns"]: r["ns_points"] for r in lines["results"]}
    assert points == {plays[0].ns: 2.75, plays[1].ns: 1.25}
