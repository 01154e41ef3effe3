"""The fuzz suite's tally: run after ``test_fuzz_doors``, ``test_fuzz_http`` and
``test_fuzz_parsers`` (files run in name order), it checks they tried at least 1,000 bad inputs
between them; the count per target is printed at the end of the run (``conftest.py``)."""

from __future__ import annotations

import pytest

from .conftest import TALLY

FUZZ = {"test_fuzz_doors", "test_fuzz_http", "test_fuzz_parsers"}


def test_the_fuzz_suite_tried_at_least_a_thousand_bad_inputs(request):
    ran = {item.module.__name__.rsplit(".", 1)[-1] for item in request.session.items}
    if not FUZZ <= ran or request.config.getoption("keyword"):
        pytest.skip("the tally counts the whole fuzz suite: run tests/trust/test_fuzz_*.py")
    assert sum(TALLY.values()) >= 1000, TALLY
