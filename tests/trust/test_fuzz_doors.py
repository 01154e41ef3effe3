"""Every door with bad input: each file type uploaded in the console, each management command
that takes input, the conditions of contest through every import, and the numbers and dates past
what a column holds.  Fixed lists and seeded mutations (``random.Random(seed)``), so each run
tries the same inputs: never a traceback, never a 500, and a refused input stores nothing (every
row of the project's apps as it was — ``fingerprint``).  Runs on SQLite and PostgreSQL alike
(``DATABASE_URL``).  The inputs tried are tallied per target (``conftest.tried``) and printed at
the end of the run; ``test_fuzz_tally.py`` checks the whole fuzz suite tried at least 1,000."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tournament.interchange import selectors as interchange_selectors
from tournament.interchange import services as interchange_services
from tournament.interchange.formats.errors import InterchangeError

from .conftest import fingerprint, tried

DATA = Path(__file__).parents[1] / "interchange" / "data"
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
JUNK = [
    None, True, False, 0, -1, 2**31, 2**63, 10**40, 1.5, float("inf"), "", " ", "\x00", "x" * 300,
    "=HYPERLINK(1)", "A/B", "N:garbage", "2026-02-30", "99999-01-01", [], [1, "a"], {}, {"a": 1},
    "<script>", "é" * 70,
]  # fmt: skip

#: conditions of contest the schema refuses (tournament/conditions.py), each with its key
BAD_CONDITIONS = [
    ("tie_rule", 5), ("tie_rule", "sometimes"), ("tie_rule", None), ("prizes_per_field", "3"),
    ("prizes_per_field", -1), ("prizes_per_field", 51), ("prizes_per_field", 2.5),
    ("prizes_per_field", True), ("provisional_hours", "48"), ("provisional_hours", -1),
    ("provisional_hours", 10**9), ("provisional_hours", float("nan")), ("rounds", 0),
    ("rounds", "six"), ("rounds", 10**6), ("tally", "points"), ("tally", 1), ("prizes", -2),
    ("prizes", "1"), ("booby", "yes"), ("class_prizes", 1), ("one_prize_each", None),
    ("winners", 3), ("winners", "NS"), ("winners", [2]), ("source", "USEBIO"),
    ("source", {"program": 5}), ("source", {"program": "x" * 500}), ("series", "median"),
    ("series", {"method": "best_k", "best": 0}), ("series", {"method": "best_k", "best": "4"}),
    ("series", {"method": "sum", "k": 3}), ("series", 7), ("progressive", "winners-move"),
    ("progressive", {"method": "sideways"}), ("progressive", {"direction": 1}),
    ("progressive", {"reverse_sexes": "no"}), ("progressive", {"speed": "fast"}),
    ("scoring", "EBU"), ("scoring", {"mp_scale": "FFB"}), ("scoring", {"neuberg": "yes"}),
    ("scoring", {"butler_drop": -1}), ("scoring", {"mp_board_decimals": 40}),
    ("scoring", {"adjusted_policy": "50/50"}), ("scoring", {"mp_scal": "EBU"}),
    ("mp_scale", "acbl"), ("neuberg", 0), ("butler_drop", "1"), ("mp_board_decimals", -1),
    ("whist_revoke_form", "club"), ("scale_missed_boards", "false"),
    ("combined", "carry_mp"), ("combined", {"method": "median"}),
    ("combined", {"method": "carry_mp", "factor": "3/2"}),
    ("combined", {"method": "carry_mp", "factor": "half"}),
    ("combined", {"method": "carry_mp", "factor": True}),
    ("combined", {"method": "sum", "qualify": 0}), ("combined", {"method": "sum", "final": 5}),
    ("combined", {"method": "sum", "prizes": "yes"}), ("combined", {"method": "sum", "k": 1}),
]  # fmt: skip


def importing(who, kind: str, name: str, body: bytes, before: str, target: str) -> None:
    """Upload through the console: accepted (302) or refused at the field (400), nothing kept."""
    tried(target)
    url = reverse("td_club_import", args=[who.slug, kind])
    upload = SimpleUploadedFile(name, body, content_type="application/octet-stream")
    response = who.client.post(url, {"file": upload})
    assert response.status_code in (302, 400), (target, response.status_code, body[:200])
    if response.status_code == 400:
        page = response.content.decode()
        assert "errorlist" in page or "error" in page.lower(), (target, body[:200])
        assert fingerprint() == before, f"{target}: refused yet stored a row: {body[:200]!r}"


class Door:
    def __init__(self, club, client):
        self.slug = club.slug
        self.client = client


@pytest.fixture
def door(night, director):
    client = Client(raise_request_exception=False)
    client.force_login(director)
    return Door(night.session.event.club, client)


def _paths(obj, path):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*path, i))


def mutate(doc, rng: random.Random, times: int):
    """``doc`` with ``times`` values replaced or deleted at random paths (seeded)."""
    doc = copy.deepcopy(doc)
    for _ in range(times):
        paths = list(_paths(doc, ()))
        path = rng.choice(paths[1:])
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.25:
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(JUNK)
    return doc


def session_doc(night) -> dict:
    doc = interchange_selectors.export_session(night.session)
    for section in doc["sections"]:  # the night's own codes would clash: fuzz past that check
        section.pop("table_tokens", None)
    return doc


def backup_doc(night) -> dict:
    doc = interchange_selectors.backup_club(night.session.event.club)
    doc["club"]["slug"] = "restored-club"
    for event in doc["events"]:
        for session in event["sessions"]:
            for section in session.get("sections", []):
                section.pop("table_tokens", None)
    return doc


def mangle(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        start = rng.randrange(len(text))
        junk = str(rng.choice(JUNK))
        text = text[:start] + junk + text[start + rng.randint(0, 60) :]
    return text


# --- the files, uploaded in the console ------------------------------------------------------


def test_session_files_mutated(night, door):
    base, rng = session_doc(night), random.Random(17)
    for _ in range(120):
        body = json.dumps(mutate(base, rng, rng.randint(1, 3))).encode()
        with transaction.atomic():
            importing(door, "session", "s.json", body, fingerprint(), "file: session (console)")
            transaction.set_rollback(True)


def test_club_backups_mutated(night, door):
    base, rng = backup_doc(night), random.Random(18)
    for _ in range(60):
        body = json.dumps(mutate(base, rng, rng.randint(1, 2))).encode()
        with transaction.atomic():
            importing(door, "restore", "b.json", body, fingerprint(), "file: club backup (console)")
            transaction.set_rollback(True)


@pytest.mark.parametrize("sample", sorted(DATA.glob("*.xml")), ids=lambda p: p.stem)
def test_usebio_files_mangled(night, door, sample):
    text, rng = sample.read_text(encoding="utf-8"), random.Random(sample.stem)
    for _ in range(50):
        body = mangle(text, rng).encode("utf-8", "surrogatepass")
        with transaction.atomic():
            importing(door, "usebio", "r.xml", body, fingerprint(), "file: USEBIO (console)")
            transaction.set_rollback(True)


def test_pbn_results_mangled(night, door):
    text = interchange_selectors.export_pbn_results(night.session)
    rng = random.Random(19)
    for _ in range(100):
        body = mangle(text, rng).encode("utf-8", "surrogatepass")
        with transaction.atomic():
            importing(
                door, "pbn-results", "r.pbn", body, fingerprint(), "file: PBN results (console)"
            )
            transaction.set_rollback(True)


def test_players_csv_bad(night, door):
    rng = random.Random(20)
    cells = [str(j) for j in JUNK] + ["M-1", "F", "M", "x@y.z", '"', '""', ",", "\r", "\t"]
    for _ in range(100):
        rows = ["name,membership,email,phone,gender"]
        for _ in range(rng.randint(1, 4)):
            rows.append(",".join(rng.choice(cells) for _ in range(rng.randint(0, 7))))
        body = "\n".join(rows).encode("utf-8", "surrogatepass")
        with transaction.atomic():
            importing(door, "players", "p.csv", body, fingerprint(), "file: players CSV (console)")
            transaction.set_rollback(True)


PBN_BOARDS = [
    f'[Board "{n}"]\n[Deal "{DEAL}"]\n'
    for n in ("0", "-1", "1001", "2147483648", "9" * 40, "x", "", "1.5", "٣")
] + [
    f'[Board "1"]\n[Deal "{d}"]\n'
    for d in ("N:garbage", DEAL[:-1], DEAL + " AKQ", "", "X:" + DEAL[2:], DEAL.replace("A", "a"))
]  # fmt: skip


def test_pbn_boards_pasted(night, door):
    """Board numbers past the column and deals that are not deals, pasted and uploaded."""
    url = reverse("boards_import", args=[night.draft.pk])
    rng = random.Random(21)
    texts = PBN_BOARDS + [mangle(PBN_BOARDS[0].replace('"0"', '"1"'), rng) for _ in range(60)]
    for text in texts:
        tried("file: PBN boards (console)")
        with transaction.atomic():
            before = fingerprint()
            response = door.client.post(url, {"text": text})
            assert response.status_code in (302, 400), (text, response.status_code)
            if response.status_code == 400:
                assert fingerprint() == before, text
            transaction.set_rollback(True)
    for text in [PBN_BOARDS[i] for i in (0, 2, 3, 4)]:  # 0 and past 1,000: refused, with the line
        response = door.client.post(url, {"text": text})
        assert response.status_code == 400 and "line 1" in response.content.decode(), text


# --- the conditions of contest, through every import -----------------------------------------


@pytest.mark.parametrize("how", ["session file", "club restore"])
def test_bad_conditions_are_refused_naming_the_key(night, how):
    base = session_doc(night) if how == "session file" else backup_doc(night)
    for key, value in BAD_CONDITIONS:
        tried(f"conditions: {how}")
        doc = copy.deepcopy(base)
        event = doc["event"] if how == "session file" else doc["events"][0]
        event["conditions"] = {"prizes_per_field": 2, key: value}
        before = fingerprint()
        with pytest.raises(InterchangeError) as info:
            if how == "session file":
                interchange_services.import_session(doc, club=night.session.event.club)
            else:
                interchange_services.restore_club(doc)
        where = "event.conditions" if how == "session file" else "events[0].conditions"
        assert str(info.value).startswith(f"{where}.{key}"), (key, value, str(info.value))
        assert fingerprint() == before


def test_the_event_form_takes_the_schema(night, door):
    url = reverse("td_event_new", args=[door.slug])
    good = {"name": "Friday", "kind": "one_off", "game": "contract", "scoring_method": "matchpoints",
            "format": "pairs", "prizes_per_field": 3, "tie_rule": "share",
            "adjusted_policy": "60/40", "provisional_hours": 48}  # fmt: skip
    bad = [("prizes_per_field", "51"), ("prizes_per_field", "-1"), ("tie_rule", "sometimes"),
           ("adjusted_policy", "50/50"), ("provisional_hours", "721"),
           ("provisional_hours", "9" * 30)]  # fmt: skip
    for key, value in bad:
        tried("form: new event (conditions)")
        before = fingerprint()
        response = door.client.post(url, {**good, key: value})
        assert response.status_code in (200, 400), (key, value)  # the form again, with its error
        assert "errorlist" in response.content.decode(), (key, value)
        assert fingerprint() == before


# --- numbers past the column, dates that are not dates ---------------------------------------

DATES = ["2026-02-30", "2026-13-01", "99999-01-01", "0000-01-01", "1-1-1", "2026/11/25", "\x00",
         "tomorrow", "9" * 30, "2026-11-25T25:00"]  # fmt: skip


def test_typed_dates_are_refused_at_the_field(night, door):
    url = reverse("td_event", args=[night.session.event_id])
    for date in DATES:
        tried("form: new session date")
        before = fingerprint()
        response = door.client.post(url, {"name": "Later", "date": date})
        assert response.status_code in (200, 400), date  # the form again, with its error
        assert "errorlist" in response.content.decode(), date
        assert fingerprint() == before


def test_table_code_reissue_past_the_column(night, door):
    url = reverse("table_codes_action", args=[night.session.pk])
    for table in ["0", "-1", "1000", "2147483648", "9" * 40, "1e3", "\x00", "x"]:
        tried("form: table codes reissue")
        before = fingerprint()
        posted = {"section": night.section.pk, "action": "reissue", "table": table}
        response = door.client.post(url, posted)
        assert response.status_code in (400, 404), (table, response.status_code)
        assert fingerprint() == before, table


# --- the management commands that take input -------------------------------------------------


def commands(night, tmp_path) -> list[tuple[str, list]]:
    junk_file = tmp_path / "junk.txt"
    junk_file.write_bytes(b'\x00\xff{not json <xml [Board "x"]')
    empty = tmp_path / "empty.json"
    empty.write_text("")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    bad_doc = tmp_path / "bad.json"
    bad_doc.write_text(json.dumps({"format": "duplicate-session/1", "event": {"conditions": [1]}}))
    files = [str(junk_file), str(empty), str(deep), str(bad_doc), str(tmp_path / "missing"),
             str(tmp_path)]  # fmt: skip
    s = str(night.session.pk)
    out = ["--out", str(tmp_path / "out.pdf")]
    calls = []
    for name in ("import_session", "import_usebio", "import_pbn_results", "import_players",
                 "restore_club", "score_file"):  # fmt: skip
        for f in files:
            club = ["--club", night.session.event.club.slug] if name != "restore_club" else []
            if name in ("restore_club", "score_file"):
                club = []
            calls.append((name, [f, *club]))
        if name not in ("restore_club", "score_file"):
            calls.append((name, [str(junk_file), "--club", "no such club"]))
    for f in files:
        calls.append(("import_pbn", [f, "--session", s]))
    calls.append(("import_pbn", [str(junk_file), "--session", "2147483648"]))
    for args in (["mitchell", "--tables", "2147483648"], ["mitchell", "--tables", "-3"],
                 ["howell", "--pairs", "1"], ["nonsense"], ["mitchell", "--rounds", "0"],
                 ["recommend", "--minutes", "-5"], ["mitchell", "--tables", "x"]):  # fmt: skip
        calls.append(("movement", args))
    for args in ([s, "nonsense", *out], ["0", "master-sheet", *out], ["2147483648", "pack", *out],
                 [s, "master-sheet", "--section", "A/B", *out],
                 [s, "master-sheet", "--page-size", "A0", *out]):  # fmt: skip
        calls.append(("print", args))
    for args in (["--boards", "0-3"], ["--boards", "1-100000"], ["--boards", "x"],
                 ["--boards", "9" * 40], ["--game", "chess"]):  # fmt: skip
        calls.append(("deal", args))
    for args in (["0"], ["2147483648"], ["-1"], ["x"]):
        calls.append(("standings", args))
        calls.append(("export_session", args))
        calls.append(("analyse_boards", args))
    for args in (["", "riverside"], ["x" * 200, "riverside"], ["newtd", "no-such-club"],
                 ["a\x00b", "riverside"]):  # fmt: skip
        calls.append(("make_director", args))
    calls.append(("backup_club", ["no-such-club", str(tmp_path / "b.json")]))
    return calls


def test_management_commands_refuse_bad_input(night, tmp_path, monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "a long enough pass phrase 42")
    for name, args in commands(night, tmp_path):
        tried(f"command: {name}")
        before = fingerprint()
        try:
            with transaction.atomic():
                call_command(name, *args, stdout=io.StringIO(), stderr=io.StringIO())
                transaction.set_rollback(True)  # accepted: fine, and undone
        except CommandError as exc:
            assert str(exc).strip(), (name, args)
            assert fingerprint() == before, f"{name} {args}: refused yet stored a row"
