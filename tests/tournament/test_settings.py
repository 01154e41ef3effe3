"""The settings switch: SQLite by default, PostgreSQL when DATABASE_URL names one."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _engine(env_extra: dict[str, str], tmp_path) -> str:
    env = {
        k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env.update({"DATA_DIR": str(tmp_path), **env_extra})
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='tournament.settings';"
        "from django.conf import settings; d=settings.DATABASES['default'];"
        "print(d['ENGINE'], d['NAME'], settings.DEBUG, bool(settings.SECRET_KEY))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_sqlite_is_the_default_in_the_data_folder(tmp_path):
    engine, name, debug, has_key = _engine({}, tmp_path).split()
    assert engine == "django.db.backends.sqlite3"
    assert name == str(tmp_path / "club.sqlite3")
    assert debug == "False" and has_key == "True"
    assert (tmp_path / "secret_key").exists()


def test_the_secret_key_is_kept_between_starts(tmp_path):
    _engine({}, tmp_path)
    first = (tmp_path / "secret_key").read_text()
    _engine({}, tmp_path)
    assert (tmp_path / "secret_key").read_text() == first and len(first) > 50


def test_postgresql_by_database_url(tmp_path):
    out = _engine({"DATABASE_URL": "postgres://club@127.0.0.1:5432/clubdb"}, tmp_path)
    engine, name, *_ = out.split()
    assert engine == "django.db.backends.postgresql" and name == "clubdb"
