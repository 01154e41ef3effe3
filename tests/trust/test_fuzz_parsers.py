"""Fuzzing: random and malformed input to every parser never escapes as anything but a
clear ``ValueError`` (which the pages show at the field or line)."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.engine.deals import Deal
from boards.engine.pbn import import_pbn
from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import Contract, parse_result
from scoring.engine.strata import parse_strata
from scoring.engine.weighted import parse_weighted
from scoring.forms import ResultEntryForm
from tests.properties import examples

from .conftest import tried

FAST = settings(max_examples=examples(300))
CONTRACTISH = st.text(alphabet="1234567890NTSHDCXPA =+-/" + string.ascii_letters, max_size=16)
CARDISH = st.text(alphabet="AKQJT98765432SHDCNESW:.- \n♠♥♦♣x", max_size=120)


def only_value_errors(parse, text):
    tried(f"parser: {getattr(parse, '__qualname__', parse)}")
    try:
        parse(text)
    except ValueError as exc:
        assert str(exc).strip(), "an error must say what is wrong"


@FAST
@given(st.one_of(CONTRACTISH, st.text(max_size=30)))
def test_contracts(text):
    only_value_errors(Contract.parse, text)


@FAST
@given(st.one_of(CONTRACTISH, st.text(max_size=30)))
def test_result_lines(text):
    only_value_errors(parse_result, text)


@FAST
@given(st.one_of(CONTRACTISH, st.text(max_size=30)))
def test_adjusted_scores(text):
    only_value_errors(parse_adjusted, text)


WEIGHTISH = st.lists(
    st.tuples(st.sampled_from(["60%", "40%", "1/3", "2/3", "12.5%", "0%", "100%", "x", "99999/1"]),
              CONTRACTISH),
    max_size=8,
).map(lambda parts: ";".join(f"{w} {r}" for w, r in parts))  # fmt: skip


@FAST
@given(st.one_of(WEIGHTISH, st.text(max_size=60)))
def test_weightings(text):
    only_value_errors(parse_weighted, text)


@FAST
@given(st.one_of(st.text(alphabet="ABC <;0123456789", max_size=30), st.text(max_size=30)))
def test_strata(text):
    only_value_errors(parse_strata, text)


@FAST
@given(st.one_of(CARDISH, st.text(max_size=200)))
def test_hand_typed_deals(text):
    only_value_errors(Deal.parse, text)
    only_value_errors(Deal.from_pbn, text)


PBN_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            ['[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', "", "% comment", "{"]
        ),
        st.builds(lambda t: f'[Deal "{t}"]', CARDISH),
        st.builds(
            lambda a, b: f'[{a} "{b}"]',
            st.text(alphabet=string.ascii_letters, max_size=8),
            st.text(max_size=20),
        ),
        st.text(max_size=40),
    ),
    max_size=20,
)


@settings(max_examples=examples(200))
@given(PBN_LINES)
def test_pbn_files(lines):
    only_value_errors(import_pbn, "\n".join(lines))


@settings(max_examples=examples(200))
@given(
    game=st.sampled_from(["contract", "auction", "whist"]),
    data=st.dictionaries(
        st.sampled_from(["board", "ns", "ew", "round", "result", "contract", "declarer", "tricks", "lead",
                         "honours_ns", "honours_ew", "revokes_ns", "revokes_ew", "tricks_ns", "adjusted"]),
        st.one_of(CONTRACTISH, st.integers(-5, 200).map(str), st.text(max_size=12)),
    ),
)  # fmt: skip
def test_the_result_form_gives_field_errors_never_exceptions(game, data):
    form = ResultEntryForm(data, game=game)
    if form.is_valid():
        assert form.result_fields
    else:
        assert all(field in form.fields or field == "__all__" for field in form.errors)


# --- the interchange files: text and JSON nothing later can refuse ---------------------------

JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 99), st.text(max_size=12)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=40,
)


@FAST
@given(JSONISH, st.integers(0, 80))
def test_check_json_finds_every_nul_and_every_deep_nest(value, depth):
    from tournament.interchange.formats.errors import InterchangeError
    from tournament.interchange.formats.text import MAX_DEPTH, check_json

    for _ in range(depth):
        value = [value]

    def deepest(v):
        children = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else []
        return 1 + max(map(deepest, children), default=-1) if children else 0

    def has_nul(v):
        if isinstance(v, str):
            return "\x00" in v
        if isinstance(v, dict):
            return any("\x00" in k or has_nul(x) for k, x in v.items())
        return isinstance(v, list) and any(map(has_nul, v))

    bad = has_nul(value) or deepest(value) > MAX_DEPTH
    try:
        check_json(value)
    except InterchangeError as exc:
        assert bad and exc.where and exc.message
    else:
        assert not bad


@FAST
@given(st.text(max_size=300), st.integers(0, 200_000))
def test_players_csv_gives_line_errors_only(text, big):
    from tournament.interchange.formats.csv_io import read_players
    from tournament.interchange.formats.errors import InterchangeError

    try:
        read_players("name,membership\n" + text + '\n"' + "x" * big + '",1\n')
    except InterchangeError as exc:
        assert exc.where.startswith("line ") and exc.message


@FAST
@given(st.text(alphabet="0123456789²٣ -x", max_size=4))
def test_usebio_tricks_are_0_to_13_or_a_line_error(tricks):
    from pathlib import Path

    from tournament.interchange.formats import usebio

    path = Path(__file__).parents[1] / "interchange" / "data" / "butler_mitchell_trimmed.xml"
    text = path.read_text(encoding="utf-8").replace(
        "<TRICKS>9</TRICKS>", f"<TRICKS>{tricks}</TRICKS>", 1
    )
    from tournament.interchange.formats.errors import InterchangeError

    try:
        sf = usebio.parse(text)
    except InterchangeError as exc:
        assert exc.where.startswith("line ") and exc.message
    else:
        assert all(
            0 <= r.tricks <= 13 for s in sf.sections for r in s.results if r.tricks is not None
        )
