"""Production settings pass Django's deployment checklist."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    # the browser tests allow async-unsafe ORM calls in their own process; production never does
    skip = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in skip}
    env.update(
        PRODUCTION="1",
        DATA_DIR=str(tmp_path),
        SECRET_KEY="x" * 20 + "-production-secret-key-with-enough-entropy-0123456789",
        ALLOWED_HOSTS="results.example.org",
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_production_cookies_are_secure(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(PRODUCTION="1", DATA_DIR=str(tmp_path))
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='tournament.settings';"
        "from django.conf import settings as s;"
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0, s.DEBUG)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "True", "True", "False"]
