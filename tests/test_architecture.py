"""The layout's rules are checked, not only written: the import-linter contracts in
pyproject.toml hold, and breaking one (a Django import in an engine, a view reaching an
engine or another view, a loop) is caught.  docs/development.md draws the layers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("tournament", "boards", "scoring")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed")


def lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT), "--no-cache", "--config", str(root / "pyproject.toml")],
        cwd=root, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_the_contracts_hold():
    out = lint(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


ENGINES = ("tournament.movements", "boards.engine", "scoring.engine",
           "tournament.interchange.formats", "tournament.printing.documents", "boards.pdf")  # fmt: skip


def test_importing_every_engine_module_loads_no_django():
    """The contracts read the source; this imports it, so nothing dynamic slips past."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {ENGINES!r}:\n"
        "    module = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(getattr(module, '__path__', []), name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'django_tables2'))\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The three packages and pyproject.toml, copied so a test can break one file."""
    root = tmp_path_factory.mktemp("house")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root)
    return root


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("scoring/engine/imps.py", "import django.db", "import no Django"),
        ("boards/engine/deals.py", "from tournament.models import Session", "import no Django"),
        ("tournament/movements/mitchell.py", "import reportlab", "draw nothing"),
        ("tournament/views/public.py", "from scoring.engine import matchpoints",
         "never an engine directly"),
        ("tournament/views/table.py", "from tournament.views import public",
         "No view module imports another"),
        ("tournament/models.py", "from tournament.setup import services", "Layers"),
        ("tournament/prizes/selectors.py", "from tournament.prizes import services",
         "never the reverse"),
        ("scoring/engine/session.py", "from boards.engine import deals", "know nothing of each"),
        ("tournament/movements/base.py", "from tournament.movements import howell", "No import loops"),
    ],
)  # fmt: skip
def test_breaking_a_rule_fails(copy, module, line, contract):
    path = copy / module
    original = path.read_text()
    try:
        path.write_text(original + f"\n{line}  # noqa\n")
        out = lint(copy)
    finally:
        path.write_text(original)
    assert out.returncode == 1, out.stdout
    broken = " ".join(out.stdout.split("Broken contracts", 1)[-1].split())  # lines are wrapped
    assert contract in broken, out.stdout
