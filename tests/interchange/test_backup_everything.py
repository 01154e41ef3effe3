"""A club backup holds every row the club owns, with its times: backup → restore → backup is
identical, and so is a natural-key dump of the database taken independently of the file format.

The club holds something of every kind (progressive rounds, prize decisions and ties, table
codes revoked or not, double-dummy analyses, long and non-ASCII text) with fixed times, so the
backup is the same file on every database: it is compared with ``data/club_backup.json``, which
a run on one database wrote and a run on the other reads (SQLite → PostgreSQL and back).
Regenerate it after a deliberate format change with ``WRITE_CLUB_BACKUP=1``.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import models
from django.urls import reverse
from pypdf import PdfReader

from boards.models import Board, BoardSet
from scoring.models import (
    BoardResult,
    PrizeDecision,
    Protest,
    QueuedWrite,
    ResultAudit,
    Ruling,
    Standings,
)
from scoring.standings.services import recompute_standings
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.selectors import backup_club, export_session
from tournament.interchange.services import import_session, restore_club
from tournament.models import (
    Club,
    Entry,
    EntryPlayer,
    Event,
    FiveHundredDeal,
    FosterDraw,
    Player,
    PrintJob,
    ProgressiveDeal,
    ProgressivePrizeTie,
    ProgressiveTableResult,
    RoundSeating,
    Section,
    Session,
    SocialTableScore,
    SwissMatch,
    TableToken,
)
from tournament.movements import build
from tournament.prizes.selectors import prize_list

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).with_name("data") / "club_backup.json"
LONG = "Ærøskøbing Ünïcödé Łódź Œuvre Ñandú " * 4  # 144 characters, cut to each column's size

#: The rows a club owns, each with the lookup from the row to its club's slug.
OWNED: dict[type[models.Model], str] = {
    Club: "slug",
    Player: "club__slug",
    Event: "club__slug",
    Session: "event__club__slug",
    Section: "session__event__club__slug",
    Entry: "section__session__event__club__slug",
    EntryPlayer: "entry__section__session__event__club__slug",
    RoundSeating: "section__session__event__club__slug",
    TableToken: "section__session__event__club__slug",
    ProgressiveTableResult: "section__session__event__club__slug",
    ProgressivePrizeTie: "section__session__event__club__slug",
    BoardSet: "session__event__club__slug",
    Board: "board_set__session__event__club__slug",
    BoardResult: "section__session__event__club__slug",
    ResultAudit: "section__session__event__club__slug",
    Ruling: "section__session__event__club__slug",
    PrizeDecision: "session__event__club__slug",
    Protest: "section__session__event__club__slug",
    SwissMatch: "section__session__event__club__slug",
    ProgressiveDeal: "section__session__event__club__slug",
    FiveHundredDeal: "section__session__event__club__slug",
    SocialTableScore: "section__session__event__club__slug",
    FosterDraw: "section__session__event__club__slug",
}
#: Derived rows, recomputed on restore (checked by their pages, not by the dump).
DERIVED = {Standings, QueuedWrite, PrintJob}  # kept standings; a phone's sent writes; a PDF made
#: Models a club backup does not yet carry: none.
NOT_YET: set[type[models.Model]] = set()


# --- the natural-key dump -------------------------------------------------------------------


def natural_key(obj) -> object:
    """A row named by what it is, never by its database id."""
    if obj is None:
        return None
    match obj:
        case User():
            return obj.username
        case Club():
            return obj.slug
        case Player():
            return [obj.name, obj.membership_number, obj.email, obj.phone, obj.gender]
        case Event():
            return [natural_key(obj.club), obj.name, obj.created.isoformat()]
        case Session():
            return [natural_key(obj.event), obj.name, obj.date.isoformat(), obj.created.isoformat()]
        case Section():
            return [natural_key(obj.session), obj.name]
        case Entry():
            return [natural_key(obj.section), obj.number]
        case BoardSet():
            return [natural_key(obj.session)]
        case BoardResult():
            return [natural_key(obj.section), obj.board_number, obj.ns_entry.number]
    raise AssertionError(f"no natural key for {type(obj).__name__}")


def _value(obj, field) -> object:
    if field.is_relation:
        return natural_key(getattr(obj, field.name))
    value = getattr(obj, field.attname)
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


def dump(slug: str) -> dict[str, list]:
    """Every row the club owns, every column but the id, foreign keys as natural keys."""
    out = {}
    for model, path in OWNED.items():
        rows = []
        for obj in model.objects.filter(**{path: slug}):
            row = {f.name: _value(obj, f) for f in model._meta.concrete_fields if not f.primary_key}
            if model is Club:
                row["directors"] = sorted(u.username for u in obj.directors.all())
            rows.append(row)
        out[model.__name__] = sorted(rows, key=lambda r: json.dumps(r, sort_keys=True))
    return out


def delete_club(slug: str) -> None:
    """What a lost database leaves: nothing of the club (results and seats protect entries)."""
    BoardResult.objects.filter(section__session__event__club__slug=slug).delete()
    EntryPlayer.objects.filter(entry__section__session__event__club__slug=slug).delete()
    Club.objects.filter(slug=slug).delete()
    assert not any(m.objects.filter(**{p: slug}).exists() for m, p in OWNED.items())


# --- a club with something of every kind ----------------------------------------------------

DD = {s: {"C": 7, "D": 8, "H": 9, "S": 10, "N": 6} for s in "NESW"}


@pytest.fixture
def whole_club(played_session, players, director):
    session = played_session
    club = session.event.club
    club.name = ("Cercle de Bridge " + LONG)[:120]
    club.save()
    zoe = User.objects.create_user("zoë", password="correct-horse-battery")
    club.directors.add(zoe)
    players[1].name = LONG[:120]  # in entry 1, so on every page of the final session
    players[1].email, players[1].phone, players[1].gender = "cb@example.org", "+44 1 234", "M"
    players[1].save()
    players[2].gender = "F"
    players[2].save()
    # two players of one name and no membership number, told apart by their email
    for email in ("a@example.org", "b@example.org"):
        Player.objects.create(club=club, name="Jean Dupont", email=email)
    session.event.conditions = {"tie_rule": "cut", "prizes_per_field": 2, "note": LONG}
    # twin sections: section B plays section A's boards, table k beside table k
    twins = Session.objects.create(event=session.event, name="Twin sections",
                                   date=dt.date(2026, 12, 8))  # fmt: skip
    mitchell = build("mitchell", tables=3).to_json()
    first = Section.objects.create(session=twins, name="A", movement=mitchell)
    Section.objects.create(session=twins, name="B", movement=mitchell, shares_boards_with=first)
    session.event.save()

    bs = session.board_set
    bs.analysis_total, bs.analysis_done, bs.analysis_error = 6, 5, "board 6: timed out"
    bs.analysis_started = dt.datetime(2026, 11, 3, 22, 0, tzinfo=dt.UTC)
    bs.save()
    Board.objects.filter(board_set=bs, number=1).update(
        deal="N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        dd_table=DD, par={"score": 1440, "contracts": ["7NT N"]},
    )  # fmt: skip
    section = session.sections.get()
    TableToken.objects.create(section=section, table_number=1, token="t1-revoked", revoked=True)
    for table in (1, 2, 3):
        TableToken.objects.create(section=section, table_number=table, token=f"t{table}-live")
    PrizeDecision.objects.create(
        session=session, section="A", field="NS", tied="1,2", method="cut", order=[2, 1],
        note="cut by the TD: " + LONG, user=director,
    )  # fmt: skip
    # Law 12: two protests the committee decided (the session is final)
    Protest.objects.create(
        section=section, board_number=1, entry=section.entries.get(number=2),
        grounds="Revoke claimed after the next board's bidding — " + LONG,
        filed_at=dt.datetime(2026, 11, 3, 22, 30, tzinfo=dt.UTC), status="upheld",
        decision="Upheld: 50 to N-S", decided_at=dt.datetime(2026, 11, 4, 10, 0, tzinfo=dt.UTC),
        decided_by=director, user=zoe,
    )  # fmt: skip
    Protest.objects.create(
        section=section, board_number=2, entry=section.entries.get(number=1), grounds="Slow play",
        filed_at=dt.datetime(2026, 11, 3, 22, 45, tzinfo=dt.UTC), status="dismissed",
        decision="No damage", decided_at=dt.datetime(2026, 11, 4, 10, 5, tzinfo=dt.UTC),
    )  # fmt: skip
    session.results_version = 14
    session.save()
    kept = recompute_standings(session)
    kept.data["prizes"] = prize_list(session, kept.data)
    # a social section's prizes as finalise keeps them (tournament.social.services.keep_prizes)
    kept.data["social_prizes"] = {
        "P": [
            {
                "label": "Table 1",
                "players": ["2 " + LONG[:20]],
                "numbers": [2],
                "key": "2",
                "score": 1350,
                "tied": False,
                "decided": "cut: decided by the TD",
            }
        ]
    }
    kept.save()
    Session.objects.create(event=session.event, name="Draft " + LONG[:40], date=session.date)

    progressive = Event.objects.create(
        club=club, name=("Progressive " + LONG)[:160], game="whist", scoring_method="tricks",
        format="progressive", conditions={"progressive": {"method": "winners-move"}, "tally": "gross"},
    )  # fmt: skip
    evening = Session.objects.create(event=progressive, name="Whist drive", status="running",
                                     date=dt.date(2026, 12, 1))  # fmt: skip
    pro = Section.objects.create(session=evening, name="Ω-Zürich", movement_kind="progressive")
    for number in range(1, 9):
        entry = Entry.objects.create(section=pro, number=number, kind="individual")
        EntryPlayer.objects.create(entry=entry, player=players[9 + number])
    seat = [{"table": 1, "ns": [1, 2], "ew": [3, 4]}, {"table": 2, "ns": [5, 6], "ew": [7, 8]}]
    RoundSeating.objects.create(section=pro, round_number=1, seating=seat)
    RoundSeating.objects.create(
        section=pro, round_number=2, seating=list(reversed(seat)), overridden_by=zoe,
        override_reason="a table left early — " + LONG,
    )  # fmt: skip
    ProgressiveTableResult.objects.create(
        section=pro, round_number=1, table_number=1, ns_points=0, ew_points=0,
        tie_decision="ew", decided_by=director, entered_by=zoe,
    )  # fmt: skip
    ProgressiveTableResult.objects.create(
        section=pro, round_number=1, table_number=2, ns_points=7, ew_points=6
    )
    ProgressivePrizeTie.objects.create(
        section=pro, players="3,7", order=[7, 3], method="cut", note="cut: 7 drew the ace",
        decided_by=director,
    )  # fmt: skip
    swiss = Event.objects.create(
        club=club, name="Swiss teams", game="contract", scoring_method="imps_teams",
        format="teams", conditions={"swiss": {"vp_scale": "wbf", "bye_vp": 12,
                                              "boards_per_match": 8, "rounds": 3}},
    )  # fmt: skip
    thursday = Session.objects.create(event=swiss, name="Thursday", status="running",
                                      date=dt.date(2026, 12, 3))  # fmt: skip
    sw = Section.objects.create(session=thursday, name="A", movement_kind="swiss")
    teams = [Entry.objects.create(section=sw, number=n, kind="team", name=f"Team {n}")
             for n in (1, 2, 3)]  # fmt: skip
    SwissMatch.objects.create(section=sw, round_number=1, table_number=1, home=teams[0],
                              away=teams[2], home_imps=0, away_imps=31, entered_by=zoe)  # fmt: skip
    SwissMatch.objects.create(section=sw, round_number=1, table_number=2, home=teams[1])
    SwissMatch.objects.create(section=sw, round_number=2, table_number=1, home=teams[1],
                              away=teams[2])  # fmt: skip
    # progressive auction: deals at the table and on the console, a tie by first to score,
    # a three-hand foot table's points, and Foster's draw sealed and drawn
    ProgressiveTableResult.objects.create(
        section=pro, round_number=2, table_number=1, ns_points=66, ew_points=66,
        first_to_score="ns", entered_by=zoe,
    )  # fmt: skip
    ProgressiveTableResult.objects.create(
        section=pro, round_number=2, table_number=2, player_points={"5": 30, "6": 12, "7": 12},
        stays=7, decided_by=director,
    )  # fmt: skip
    for number, deal in enumerate([(16, 0, 0, 0), (0, 16, 0, 0), (0, 0, 50, 50)], start=1):
        ProgressiveDeal.objects.create(
            section=pro, round_number=2, table_number=1, deal_number=number,
            ns_trick=deal[0], ew_trick=deal[1], ns_above=deal[2], ew_above=deal[3],
            entered_at_table=number != 3, entered_by=zoe if number == 3 else None,
        )  # fmt: skip
    ProgressiveDeal.objects.create(section=pro, round_number=2, table_number=1, deal_number=4)
    # Progressive Five Hundred: a deal with a set-back, one entered at the table, and a cut
    FiveHundredDeal.objects.create(
        section=pro, round_number=3, table_number=1, deal_number=1,
        points={"1": -180, "2": 50, "3": -180, "4": 50}, entered_by=zoe,
    )  # fmt: skip
    FiveHundredDeal.objects.create(
        section=pro, round_number=3, table_number=1, deal_number=2,
        points={"1": 0, "2": 0, "3": 0, "4": 0}, entered_at_table=True,
    )  # fmt: skip
    ProgressiveTableResult.objects.create(
        section=pro, round_number=3, table_number=1, progress=[2, 4], decided_by=director,
    )  # fmt: skip
    FosterDraw.objects.create(
        section=pro, numbers=[1402, 1406, 2090], salt="sel-" + "é" * 8,
        digest="ab" * 32, sealed_at=dt.datetime(2026, 12, 1, 19, 0, tzinfo=dt.UTC),
        sealed_by=director, drawn=1406, drawn_at=dt.datetime(2026, 12, 1, 22, 0, tzinfo=dt.UTC),
        drawn_by=zoe,
    )  # fmt: skip
    # a social game (pivot) scored as the book plays it: a rubber corrected, one unfinished
    social = Section.objects.create(session=evening, name="P", movement_kind="pivot")
    SocialTableScore.objects.create(
        section=social, round_number=1, table_number=1, ns_points=520, ew_points=180,
        entered_at_table=True,
        history=[{"ns_points": 500, "ew_points": 180, "finished": True, "ns_games": 0,
                  "ew_games": 0, "changed_at": "2026-12-01T20:00:00+00:00", "changed_by": "td"}],
    )  # fmt: skip
    SocialTableScore.objects.create(
        section=social, round_number=9, table_number=2, ns_points=40, ew_points=0,
        finished=False, ns_games=1, entered_by=director,
    )  # fmt: skip
    _fix_times(club.slug)
    club.refresh_from_db()
    return club


def _fix_times(slug: str) -> None:
    """Every time of every row set to a fixed instant (row i of a model: i minutes on)."""
    base = dt.datetime(2026, 11, 3, 18, 0, 0, 123456, tzinfo=dt.UTC)
    for n, (model, path) in enumerate(OWNED.items()):
        times = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, models.DateTimeField) and (f.auto_now or f.auto_now_add)
        ]
        if not times:
            continue
        rows = sorted(model.objects.filter(**{path: slug}), key=_order)
        for i, obj in enumerate(rows):
            when = base + dt.timedelta(days=n, minutes=i)
            model.objects.filter(pk=obj.pk).update(**dict.fromkeys(times, when))


def _order(obj) -> str:
    """A stable order of rows, whatever their ids (the dump's row without its times)."""
    fields = obj._meta.concrete_fields
    row = {f.name: _value(obj, f) for f in fields if not isinstance(f, models.DateTimeField)
           and not f.primary_key and not f.is_relation}  # fmt: skip
    return json.dumps(row, sort_keys=True, default=str)


# --- the tests ------------------------------------------------------------------------------


def test_every_model_is_either_backed_up_or_derived():
    mine = {m for label in ("tournament", "boards", "scoring")
            for m in apps.get_app_config(label).get_models()}  # fmt: skip
    assert mine == set(OWNED) | DERIVED | NOT_YET


def test_backup_restore_backup_is_identical(whole_club, tmp_path):
    before = dump("riverside")
    assert all(before.values()), [name for name, rows in before.items() if not rows]
    call_command("backup_club", "riverside", str(tmp_path / "club.json"), stdout=io.StringIO())
    backup = json.loads((tmp_path / "club.json").read_text(encoding="utf-8"))
    delete_club("riverside")
    call_command("restore_club", str(tmp_path / "club.json"), stdout=io.StringIO())
    assert dump("riverside") == before
    assert backup_club(Club.objects.get(slug="riverside")) == backup


def test_the_backup_is_the_same_file_on_every_database(whole_club):
    """The fixed club gives the committed file here too; the file restores here to the club."""
    backup = backup_club(whole_club)
    if os.environ.get("WRITE_CLUB_BACKUP"):
        GOLDEN.write_text(json.dumps(backup, indent=1, ensure_ascii=False) + "\n", "utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert backup == golden
    before = dump("riverside")
    delete_club("riverside")
    restore_club(golden)
    assert dump("riverside") == before


def _restored_final_session() -> Session:
    return Session.objects.get(event__club__slug="riverside", status="final")


def _pdf_text(response) -> str:
    reader = PdfReader(io.BytesIO(b"".join(response)))
    return "\n".join(page.extract_text() for page in reader.pages)


def _check_pages(client, session: Session) -> None:
    """The public standings, a scorecard and the results sheet show the scores."""
    kept = Standings.objects.get(session=session).data
    field = kept["sections"][0]["fields"][0]
    top = field["standings"][0]
    assert top["score"] > 0
    page = client.get(reverse("session", args=[session.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "No results yet" not in text and f"{top['percent']:.2f}" in text
    card = client.get(reverse("scorecard", args=[session.pk, "A", top["entry"]]))
    assert card.status_code == 200 and "Board" in card.content.decode()
    sheet = client.get(reverse("session_print", args=[session.pk, "results-sheet"]))
    assert sheet.status_code == 200, sheet.content[:200]
    assert f"{top['percent']:.2f}" in _pdf_text(sheet)


def test_a_restored_final_session_shows_its_results_at_once(whole_club, client):
    backup = backup_club(whole_club)
    before = Standings.objects.get(session=_restored_final_session()).data
    delete_club("riverside")
    restore_club(backup)
    session = _restored_final_session()
    after = Standings.objects.get(session=session).data
    assert after == before  # the same standings, and the prize list kept at finalisation
    assert after["prizes"][0]["decision"]
    _check_pages(client, session)


def test_an_imported_final_session_shows_its_results_at_once(played_session, client):
    assert not Standings.objects.filter(session=played_session).exists()
    copy = import_session(export_session(played_session))
    kept = Standings.objects.get(session=copy).data
    assert kept["status"] == "final" and kept["prizes"]  # kept as finalising would keep it
    _check_pages(client, copy)


NEW_KEYS = {"created", "updated", "results_version", "prizes", "table_tokens", "seatings",
            "progressive_results", "prize_ties", "prize_decisions", "ref", "analysis_total",
            "analysis_done", "analysis_started", "analysis_error", "movement_kind",
            "shares_boards_with"}  # fmt: skip


def _old(data):
    """The file as the format was before these keys (a backup written by an older version)."""
    if isinstance(data, dict):
        return {k: _old(v) for k, v in data.items() if k not in NEW_KEYS}
    if isinstance(data, list):
        return [_old(v) for v in data]
    return data


def test_a_backup_written_before_still_restores_and_is_scored(whole_club, client):
    old = _old(backup_club(whole_club))
    delete_club("riverside")
    restore_club(old)
    session = _restored_final_session()
    assert Standings.objects.get(session=session).data["prizes"]
    _check_pages(client, session)


def test_a_table_code_in_use_restores_nothing(whole_club):
    backup = backup_club(whole_club)
    backup["club"]["slug"] = "riverside-copy"
    before = dump("riverside")
    with pytest.raises(InterchangeError, match=r"table_tokens\[0\]\.token: table 1's code is alre"):
        restore_club(backup)
    assert not Club.objects.filter(slug="riverside-copy").exists()
    assert dump("riverside") == before


def test_a_bad_time_is_named_and_restores_nothing(whole_club):
    backup = backup_club(whole_club)
    delete_club("riverside")
    sessions = backup["events"][0]["sessions"]
    (j,) = [j for j, s in enumerate(sessions) if s["sections"] and s["sections"][0]["results"]]
    backup["events"][0]["sessions"][j]["sections"][0]["results"][3]["confirmed_at"] = "31/12/26"
    where = rf"^events\[0\]\.sessions\[{j}\]\.sections\[0\]\.results\[3\]\.confirmed_at"
    with pytest.raises(InterchangeError, match=where + ": '31/12/26' is not a date"):
        restore_club(backup)
    assert not Club.objects.exists()
