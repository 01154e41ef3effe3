"""Where the published golden data lives, and how tests that need it say so.

The data in ``../shared/testdata/`` is other people's published work (movements, travellers,
whole sessions); the project reads it from there and never copies it in.  A fresh clone has no
``../shared/`` beside it, so every test that reads it is marked ``golden``:

- data present: the tests run;
- data absent: they are skipped with one reason, and the summary says how many
  ("published golden data not found at ../shared/testdata: N tests skipped");
- ``REQUIRE_GOLDEN=1`` (set by ``.ci/run``): a skipped golden test fails the run, so CI can
  never pass without them.

Parametrised tests take their cases from :func:`cases`, which never reads a missing file at
collection time.  ``SHARED_TESTDATA`` points elsewhere if the data sits in another folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = Path(os.environ.get("SHARED_TESTDATA") or ROOT.parent / "shared" / "testdata")
PRESENT = TESTDATA.is_dir()


def _shown(path: Path) -> str:
    try:
        return os.path.relpath(path, ROOT)
    except ValueError:  # another drive (Windows)
        return str(path)


REASON = f"published golden data not found at {_shown(TESTDATA)}"
golden = pytest.mark.golden


def cases(load: Callable[[], Iterable]) -> list:
    """The parameters of a golden test: ``load()`` when the data is there, else one case
    that is skipped with :data:`REASON` (so collection never touches a missing file)."""
    if PRESENT:
        return list(load())
    return [pytest.param(None, id="published-data-absent", marks=(pytest.mark.skip(REASON),))]
