"""Fuzzing over HTTP: random and malformed input to every form never makes a server error.

Each example posts to one form endpoint as the persona allowed to use it (the club's TD, or the
table's phone).  The answer is a page, never a 500: accepted (302, the usual redirect after a
write) or refused (200/400/409) with a message — and a refusal stores nothing (every row of
the project's apps as it was).  Each example runs in a savepoint rolled back afterwards.

The file parsers behind imports (the session JSON file, USEBIO XML) are fuzzed too: only a
``ValueError`` with a message may escape.
"""

from __future__ import annotations

import copy
import json
import string
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.interchange.formats import session_file, usebio
from tournament.interchange.selectors import export_session

from .conftest import fingerprint, tried

FUZZ = settings(max_examples=examples(25))
NASTY = [
    "", " ", "0", "-1", "1e309", "NaN", "\x00", "9" * 40, "<script>alert(1)</script>",
    "'; DROP TABLE x; --", "4S N =", "3NT S -2", "4H E 11", "PASS", "NP", "A60/A40", "7NTXX W 13",
    "8S N =", "ÿ", "♠♥♦♣", "1: 3 7 4 8", "N:AKQJ.AKQ.AKQ.AKQ", "2026-02-30", "A", "a" * 300,
]  # fmt: skip
TEXT = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=30),
    st.text(alphabet="1234567890NTSHDCXPAE =+-/:.", max_size=16),
    st.integers(-(10**12), 10**12).map(str),
)

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
RESULT = ["board", "ns", "ew", "round", "result", "contract", "declarer", "tricks", "lead",
          "honours_ns", "honours_ew", "revokes_ns", "revokes_ew", "tricks_ns", "adjusted"]  # fmt: skip

#: endpoint → (URL name, its arguments from the night, the form's fields)
ENDPOINTS = {
    "result by traveller / pick-up slip": ("td_result", lambda n: [n.section.pk], RESULT),
    "confirm a round": ("td_confirm", lambda n: [n.section.pk], ["table", "round", "next"]),
    "correct a result": ("td_correct", lambda n: [n.first_result.pk], RESULT + ["reason"]),
    "ruling": ("td_ruling", lambda n: [n.section.pk, 1],
               ["kind", "ns", "ew", "side", "ns_percent", "ew_percent", "group", "tables",
                "revokes", "reason"]),
    "sign-in": ("td_sign_in", lambda n: [n.draft_section.pk],
                ["player1", "player2", "new_player1", "new_player2", "number"]),
    "a late pair during play": ("td_sign_in", lambda n: [n.section.pk],
                                ["new_player1", "new_player2", "from_round"]),
    "a pair leaves during play": ("td_leave", lambda n: [n.section.pk],
                                  ["entry", "after_round", "score", "next"]),
    "a table more or fewer": ("td_table_change", lambda n: [n.section.pk],
                              ["change", "from_round", "late1_player1", "late1_new1",
                               "late1_player2", "late1_new2", "late2_player1", "late2_new1",
                               "late2_player2", "late2_new2", "gone1", "gone2", "score",
                               "confirm"]),
    "new event": ("td_event_new", lambda n: [n.session.club.slug],
                  ["name", "kind", "game", "scoring_method", "format", "prizes_per_field",
                   "tie_rule", "adjusted_policy", "provisional_hours"]),
    "new session": ("td_event", lambda n: [n.session.event_id], ["name", "date"]),
    "combined ranking": ("td_event_combined", lambda n: [n.session.event_id],
                         ["method", "factor", "final", "qualify", "b_final", "prizes"]),
    "players' ratings": ("td_club_players", lambda n: [n.session.event.club.slug],
                         lambda n: [f"rating_{pk}" for pk in n.session.event.club.players
                                    .order_by("pk").values_list("pk", flat=True)[:4]]),
    "new section": ("td_section_new", lambda n: [n.draft.pk], ["name"]),
    "movement": ("td_movement", lambda n: [n.draft_section.pk],
                 ["kind", "boards_per_round", "rounds"]),
    "share boards": ("td_share_boards", lambda n: [n.draft_section.pk],
                     ["shares_boards_with"]),
    "deal the boards (console)": ("td_boards", lambda n: [n.draft.pk], ["seed"]),
    "status": ("td_status", lambda n: [n.session.pk], ["to"]),
    "ties": ("td_ties", lambda n: [n.session.pk],
             ["section", "field", "order", "method", "note"]),
    "progressive override": ("td_progressive", lambda n: [n.section.pk],
                             ["round", "seating", "reason"]),
    "progressive game": ("td_progressive", lambda n: [n.section.pk],
                         ["action", "given", "seed", "table", "winner", "ns_points", "ew_points",
                          "round", "side", "players", "order", "deal", "ns_trick", "ew_trick",
                          "ns_above", "ew_above", "first_to_score", "pp_1", "pp_2"]),
    "Foster's draw": ("td_foster", lambda n: [n.section.pk],
                      ["action", "number", "players", "start_1400", "start_1900"]),
    "table codes": ("table_codes_action", lambda n: [n.session.pk], ["section", "action", "table"]),
    "generate boards": ("boards_generate", lambda n: [n.draft.pk],
                        ["boards", "seed", "declared_trump"]),
    "hand-entered deal": ("boards_enter", lambda n: [n.draft.pk], ["board", "deal", "trump_card"]),
    "PBN paste": ("boards_import", lambda n: [n.draft.pk], ["text", "declared_trump"]),
}  # fmt: skip

VALUES = {  # plausible values mixed in, so the fuzz also reaches past the first field check
    "board": ["1", "2", "3", "7", "99"], "ns": ["1", "2", "3", "4"], "ew": ["4", "5", "6", "1"],
    "round": ["1", "2", "3"], "table": ["1", "2", "3", "9"],
    "kind": ["average", "split", "fouled", "mitchell", "howell", "one_off", "series"],
    "action": ["issue", "revoke", "reissue", "start", "result", "tie", "next", "prize_tie"],
    "players": ["1,2", "3, 4", "²,1"], "order": ["1 2", "2,1", "x"],
    "to": ["draft", "running", "provisional", "final"],
    "game": ["contract", "whist", "auction"], "deal": [DEAL, DEAL[:-1] + "A"],
    "text": [f'[Board "1"]\n[Deal "{DEAL}"]\n', '[Board "x"]\n[Deal "N:"]'],
    "seating": ["1: 3 7 4 8", "1: 3 v 6", "9: 1 1 1 1"],
    "new_player1": ["Ann Newcomer"], "new_player2": ["Bob Newcomer"], "number": ["7", "1"],
    "ns_points": ["3", "0"], "ew_points": ["1", "0"], "reason": ["Director's ruling"],
    "name": ["Wednesday"], "date": ["2026-11-25"], "boards_per_round": ["2"], "rounds": ["3"],
    "factor": ["1/2", "50%", "0.25", "3/2"], "qualify": ["4", "0"], "b_final": ["2"],
    "method": ["carry_mp", "carry_percent", "sum", "cut"], "final": ["Evening", ""],
    "contract": ["4S"], "declarer": ["N"], "tricks": ["10"], "result": ["4S N ="],
}  # fmt: skip


def endpoint_of(endpoint: str, night) -> tuple[str, list[str]]:
    """The endpoint's URL and its fields (named from the night's rows where a form has a
    row per object, as the players' ratings)."""
    name, args, fields = ENDPOINTS[endpoint]
    return reverse(name, args=args(night)), fields(night) if callable(fields) else fields


def form_data(fields):
    def value(name):
        return st.one_of(TEXT, st.sampled_from(VALUES.get(name, [""])))

    return st.fixed_dictionaries({}, optional={f: value(f) for f in fields})


def check_answer(response, before, what, target="") -> None:
    tried(f"form: {target or what.split(' ')[0]}")
    status = response.status_code
    assert status in (200, 302, 400, 409), (what, status)
    if status == 302:
        return  # accepted: stored, then rolled back
    assert fingerprint() == before, f"{what}: refused ({status}) yet stored a row"
    if status in (400, 409):
        body = response.content.decode()
        if response["Content-Type"].startswith("text/plain"):
            assert body.strip(), what
        else:
            assert "error" in body.lower() or "conflict" in body.lower(), (what, body[:500])


@pytest.fixture
def td(night, director):
    from scoring.models import BoardResult

    night.first_result = BoardResult.objects.filter(section=night.section).order_by("pk").first()
    client = Client()
    client.force_login(director)
    return client


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
@FUZZ
@given(data=st.data())
def test_forms_refuse_bad_input_with_a_message_and_store_nothing(endpoint, night, td, data):
    url, fields = endpoint_of(endpoint, night)
    posted = data.draw(form_data(fields), label="posted")
    with transaction.atomic():
        before = fingerprint()
        check_answer(td.post(url, posted), before, f"{endpoint} {posted!r}", endpoint)
        transaction.set_rollback(True)


@FUZZ
@given(
    data=st.data(),
    file=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
)
def test_pbn_upload_refuses_bad_files(night, td, data, file):
    url = reverse("boards_import", args=[night.draft.pk])
    upload = SimpleUploadedFile("boards.pbn", file, content_type="application/octet-stream")
    trump = data.draw(st.sampled_from(["", "S", "NT", "x"]))
    with transaction.atomic():
        before = fingerprint()
        check_answer(
            td.post(url, {"file": upload, "declared_trump": trump}),
            before,
            repr(file),
            "PBN boards upload",
        )
        transaction.set_rollback(True)


@FUZZ
@given(
    board=st.one_of(st.sampled_from(["1", "2", "3", "4", "5", "6"]), TEXT),
    fields=st.fixed_dictionaries(
        {}, optional={k: TEXT for k in ("ns", "ew", "round", "result", "contract", "tricks")}
    ),
    prefix=st.one_of(st.just("same"), TEXT),
    action=st.sampled_from(["", "enter", "confirm"]),
    extra=st.fixed_dictionaries({}, optional={"round": TEXT, "ok": st.sampled_from(["yes", "no"])}),
)
def test_the_table_page_refuses_bad_input(night, board, fields, prefix, action, extra):
    """Table 2's phone: board, pairs, round, result and the O.K. box, all at random."""
    p = f"b{board}" if prefix == "same" else prefix
    posted = {f"{p}-board": board, **{f"{p}-{k}": v for k, v in fields.items()}}
    posted.update(extra)
    if action:
        posted["action"] = action
    with transaction.atomic():
        before = fingerprint()
        response = Client().post(f"/t/{night.tokens[2]}/", posted)
        check_answer(response, before, f"table {posted!r}", "table page")
        transaction.set_rollback(True)


@FUZZ
@given(username=TEXT, password=TEXT)
def test_sign_in_refuses_bad_input(night, username, password):
    tried("form: sign-in")
    response = Client().post("/login/", {"username": username, "password": password})
    assert response.status_code in (200, 429), response.status_code  # 429: axes lock-out


@FUZZ
@given(token=TEXT)
def test_forged_table_codes_are_refused_with_a_page(night, token):
    if not token.strip() or "/" in token or "?" in token or "#" in token:
        return
    tried("forged table code")
    response = Client().post(f"/t/{token}/", {"b1-board": "1"})
    assert response.status_code in (403, 404)


# --- the file parsers ----------------------------------------------------------------------


def only_value_errors(parse, source) -> None:
    tried(f"parser: {getattr(parse, '__module__', '')}.{getattr(parse, '__name__', parse)}")
    try:
        parse(source)
    except ValueError as exc:
        assert str(exc).strip(), "an error must say what is wrong"


JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)


@pytest.fixture
def session_dict(night):
    return export_session(night.session)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*prefix, i))


def _mutate(doc, path, value, delete):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


@FUZZ
@given(data=st.data())
def test_session_files_mutated_at_any_point_give_a_clear_error(session_dict, data):
    paths = list(_paths(session_dict))
    doc = session_dict
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        doc = _mutate(doc, path, data.draw(JSONISH), data.draw(st.booleans()) and bool(path))
        paths = list(_paths(doc))
    only_value_errors(session_file.parse, doc)
    only_value_errors(session_file.parse, json.dumps(doc))


@FUZZ
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200), JSONISH.map(json.dumps)))
def test_session_files_of_random_text_give_a_clear_error(text):
    only_value_errors(session_file.parse, text)


USEBIO = sorted((Path(__file__).parents[1] / "interchange" / "data").glob("*.xml"))


@FUZZ
@given(
    sample=st.sampled_from(USEBIO),
    cuts=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 400), TEXT), max_size=3),
)
def test_usebio_files_mangled_give_a_clear_error(sample, cuts):
    """Slices of a real file replaced by junk: tags broken, numbers and labels changed."""
    text = sample.read_text()
    for start, length, junk in cuts:
        start %= len(text)
        text = text[:start] + junk + text[start + length :]
    only_value_errors(usebio.parse, text)


@FUZZ
@given(
    sample=st.sampled_from(USEBIO),
    index=st.integers(0, 10**6),
    value=st.one_of(TEXT, st.sampled_from(["", "-5", "0", "99999", "4SX", "8NT", "A60", "N"])),
)
def test_usebio_element_text_replaced_gives_a_clear_error(sample, index, value):
    """One element's text (a contract, a score, a pair number, a board) replaced."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(sample.read_bytes())
    leaves = [el for el in root.iter() if len(el) == 0]
    leaves[index % len(leaves)].text = value.replace("\x00", "")
    only_value_errors(usebio.parse, ET.tostring(root, encoding="unicode"))


@FUZZ
@given(st.one_of(st.text(max_size=200), st.text(alphabet=string.printable + "<>/", max_size=200)))
def test_usebio_random_text_gives_a_clear_error(text):
    only_value_errors(usebio.parse, text)


# --- fixed sweeps: failures the random search found, kept on every run ----------------------

#: Numbers that do not fit a database column (PostgreSQL integer, SQLite's 64 bits) or are
#: not numbers at all; a 40-digit pair number once gave a 500 on the sign-in form.
OUT_OF_RANGE = ["9" * 40, "2147483648", "-2147483649", "9223372036854775808", "1e309", "\x00"]


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_every_field_refuses_numbers_too_large_for_the_database(endpoint, night, td):
    """Each field in turn gets each bad number, the others a plausible value."""
    url, fields = endpoint_of(endpoint, night)
    plausible = {f: VALUES[f][0] for f in fields if f in VALUES}
    for field_name in fields:
        for bad in OUT_OF_RANGE:
            posted = {**plausible, field_name: bad}
            with transaction.atomic():
                before = fingerprint()
                check_answer(td.post(url, posted), before, f"{endpoint} {posted!r}", endpoint)
                transaction.set_rollback(True)


def test_a_forty_digit_pair_number_at_sign_in_is_refused_at_its_field(night, td):
    url = reverse("td_sign_in", args=[night.draft_section.pk])
    before = fingerprint()
    response = td.post(url, {"new_player1": "Ann", "new_player2": "Bob", "number": "9" * 40})
    assert response.status_code == 400
    assert "less than or equal to 9999" in response.content.decode()
    assert fingerprint() == before


@pytest.mark.parametrize("query", ["%00", "Ada%00", "%00%00x", "1%00"])
def test_a_nul_in_the_player_search_is_a_page_not_a_server_error(night, query):
    """PostgreSQL refuses a NUL in a query: the search leaves it out (run on both databases)."""
    response = Client().get(f"/players/?q={query}")
    assert response.status_code == 200
    assert b"\x00" not in response.content
