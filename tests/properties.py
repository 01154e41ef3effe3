"""Hypothesis profiles: the same examples on every run, and a longer random search on demand.

- ``ci`` (the default, used by ``scripts/test`` and ``.ci/run``): derandomised — each property
  test draws the same examples on every run and every machine, and no example database is
  read or written, so ten runs in a row give the same result.
- ``explore`` (``HYPOTHESIS_PROFILE=explore bash scripts/test tests/trust``): random, twenty
  times the examples, failures kept in ``.hypothesis/`` and replayed first next time.  A
  failure found this way is fixed in the product and added to the test as an explicit
  ``@example`` (or to the fixed sweeps of ``tests/trust``), so the ``ci`` profile keeps it.

Tests state their budget as ``@settings(max_examples=examples(40))``: the ``ci`` number, which
the ``explore`` profile multiplies.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
EXPLORE_FACTOR = 20
SLOW_OK = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


def load_profile() -> None:
    settings.register_profile(
        "ci", derandomize=True, database=None, deadline=None, suppress_health_check=SLOW_OK
    )
    settings.register_profile(
        "explore",
        derandomize=False,
        database=DirectoryBasedExampleDatabase(".hypothesis/examples"),
        deadline=None,
        suppress_health_check=SLOW_OK,
        print_blob=True,
    )
    if PROFILE not in ("ci", "explore"):
        raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: use 'ci' or 'explore'")
    settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """A test's number of examples under the current profile."""
    return n * EXPLORE_FACTOR if PROFILE == "explore" else n
