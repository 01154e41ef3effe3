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
from scoring.forms import ResultEntryForm
from tests.properties import examples

FAST = settings(max_examples=examples(300))
CONTRACTISH = st.text(alphabet="1234567890NTSHDCXPA =+-/" + string.ascii_letters, max_size=16)
CARDISH = st.text(alphabet="AKQJT98765432SHDCNESW:.- \n♠♥♦♣x", max_size=120)


def only_value_errors(parse, text):
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
