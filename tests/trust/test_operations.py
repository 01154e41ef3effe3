"""Operations: sign-in throttling behind a trusted proxy, private data files, table codes kept
out of the logs, standings refreshed at start-up."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring.models import Standings
from tests.trust.conftest import enter
from tournament.access_log import GunicornLogger, MaskTableCodes, mask
from tournament.models import Session

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct-horse-battery"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- sign-in throttling behind a proxy -------------------------------------------------------


def sign_in(forwarded: str, password: str, proxy="10.0.0.1"):
    """A sign-in as the README's reverse proxy passes it on: from the proxy's address, the
    client's address appended to X-Forwarded-For."""
    return Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=forwarded).post(
        "/login/", {"username": "director", "password": password}
    )


def lock_out(forwarded: str) -> None:
    for _ in range(5):
        sign_in(forwarded, "wrong password")
    assert sign_in(forwarded, PASSWORD).status_code == 429  # locked, even with the password


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_behind_a_trusted_proxy_one_client_locked_out_leaves_the_others(
    settings, director, fast_passwords
):
    settings.TRUSTED_PROXY_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXY_COUNT = 1
    lock_out("198.51.100.7")
    other = sign_in("203.0.113.9", PASSWORD)
    assert other.status_code == 302 and other.url == reverse(
        "td_console"
    )  # the director at the club is signed in
    # the attacker cannot escape the lock by writing another address in front of its own
    assert sign_in("192.0.2.1, 198.51.100.7", PASSWORD).status_code == 429


def test_two_trusted_proxies_take_the_second_address_from_the_right(
    settings, director, fast_passwords
):
    settings.TRUSTED_PROXY_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.TRUSTED_PROXY_COUNT = 2
    lock_out("6.6.6.6, 198.51.100.7, 10.0.0.2")
    assert sign_in("1.1.1.1, 198.51.100.7, 10.0.0.3", PASSWORD).status_code == 429
    assert sign_in("6.6.6.6, 203.0.113.9, 10.0.0.2", PASSWORD).status_code == 302


def test_without_the_setting_the_forwarded_header_is_ignored(settings, director, fast_passwords):
    settings.TRUSTED_PROXY_HEADER = ""
    lock_out("198.51.100.7")
    # a forged header does not get round the lock: the address is the connection's
    assert sign_in("203.0.113.9", PASSWORD).status_code == 429
    assert sign_in("203.0.113.9", PASSWORD, proxy="10.0.0.99").status_code == 302


def test_a_forwarded_header_that_is_not_an_address_falls_back_to_the_connection(settings):
    from tournament.operations import client_ip

    settings.TRUSTED_PROXY_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXY_COUNT = 1
    request = SimpleNamespace(META={"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "junk"})
    assert client_ip(request) == "10.0.0.1"
    request.META["HTTP_X_FORWARDED_FOR"] = "2001:db8::1, 2001:DB8::2"
    assert client_ip(request) == "2001:db8::2"
    del request.META["HTTP_X_FORWARDED_FOR"]
    assert client_ip(request) == "10.0.0.1"


# --- private files ---------------------------------------------------------------------------


def test_data_directory_database_journal_and_secret_key_are_private(tmp_path):
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY")}
    env.update(DATA_DIR=str(data), DJANGO_SETTINGS_MODULE="tournament.settings")
    code = (
        "import django; django.setup();"
        "from django.db import connection;"
        "c = connection.cursor(); c.execute('create table t (x integer)');"
        "c.execute('insert into t values (1)');"
        # the journal while the connection is open (SQLite removes it at the last close)
        "import os, json; d = os.environ['DATA_DIR'];"
        "print(json.dumps({n: os.stat(os.path.join(d, n)).st_mode & 0o777 for n in os.listdir(d)}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True,
        text=True, preexec_fn=lambda: os.umask(0),  # the most permissive umask
    )  # fmt: skip
    while_open = json.loads(out.stdout)
    assert mode(data) == 0o700
    assert mode(data / "secret_key") == 0o600
    assert len((data / "secret_key").read_text().strip()) > 50
    assert mode(data / "club.sqlite3") == 0o600
    assert {"club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm"} <= set(while_open)
    assert set(while_open.values()) == {0o600}, while_open


def test_an_existing_world_readable_data_directory_is_made_private(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    (data / "secret_key").write_text("k" * 60)
    (data / "secret_key").chmod(0o644)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY")}
    env.update(DATA_DIR=str(data), DJANGO_SETTINGS_MODULE="tournament.settings")
    code = "from django.conf import settings; print(settings.SECRET_KEY)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True,
        text=True,
    )  # fmt: skip
    assert out.stdout.strip() == "k" * 60  # the key kept
    assert mode(data) == 0o700 and mode(data / "secret_key") == 0o600


def test_backup_files_are_private(tmp_path, night):
    target = tmp_path / "club.json"
    target.write_text("old")
    target.chmod(0o644)
    old_umask = os.umask(0)
    try:
        call_command(
            "backup_club", night.session.event.club.slug, str(target), stdout=io.StringIO()
        )
    finally:
        os.umask(old_umask)
    assert mode(target) == 0o600
    assert json.loads(target.read_text())["club"]["slug"] == night.session.event.club.slug


# --- table codes out of the logs ------------------------------------------------------------


def test_mask_hides_every_table_code():
    token = "Zq3-_xY0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
    line = f'"POST /t/{token}/ HTTP/1.1" 302 0 "https://club.example/t/{token}/?r=2"'
    masked = mask(line)
    assert token not in masked
    assert masked == '"POST /t/…/ HTTP/1.1" 302 0 "https://club.example/t/…/?r=2"'
    assert mask("GET /session/3/tables/ HTTP/1.1") == "GET /session/3/tables/ HTTP/1.1"


def test_django_request_and_server_logs_mask_table_codes(tmp_path):
    """As configured by settings.LOGGING in a fresh process: runserver's request lines
    (django.server) and Django's request warnings (django.request) on standard error."""
    token = "SecretTableCode0123456789abcdefghijABCDEFGHIJ"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    env.update(DATA_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="tournament.settings")
    code = (
        "import django, logging; django.setup();"
        f"logging.getLogger('django.server').info('\"%s\" %s %s', 'GET /t/{token}/ HTTP/1.1', 200, 5);"
        f"logging.getLogger('django.request').warning('Bad Request: %s', '/t/{token}/')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True,
        text=True,
    )  # fmt: skip
    assert '"GET /t/…/ HTTP/1.1" 200 5' in out.stderr
    assert "Bad Request: /t/…/" in out.stderr
    assert token not in out.stderr + out.stdout


def test_the_mask_filter_rewrites_the_record():
    record = logging.LogRecord("x", logging.INFO, "f", 1, "Not Found: %s", ("/t/abc/",), None)
    assert MaskTableCodes().filter(record) is True
    assert record.getMessage() == "Not Found: /t/…/"


def test_gunicorn_access_log_masks_table_codes():
    from gunicorn.config import Config

    cfg = Config()
    cfg.set("accesslog", "-")
    cfg.set("logger_class", "tournament.access_log.GunicornLogger")
    logger = cfg.logger_class(cfg)
    assert isinstance(logger, GunicornLogger)
    token = "SecretTableCode0123456789abcdefghijABCDEFGHIJ"
    environ = {
        "REQUEST_METHOD": "GET", "RAW_URI": f"/t/{token}/", "PATH_INFO": f"/t/{token}/",
        "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "10.0.0.1",
        "HTTP_REFERER": f"https://club.example/t/{token}/",
    }  # fmt: skip
    req = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])
    resp = SimpleNamespace(status="200 OK", sent=100, headers=[])
    stream = io.StringIO()
    handler = logger.access_log.handlers[0]
    old = handler.setStream(stream)
    try:
        logger.access(resp, req, environ, timedelta(milliseconds=3))
    finally:
        handler.setStream(old)
    assert "GET /t/…/ HTTP/1.1" in stream.getvalue()
    assert token not in stream.getvalue()


def test_the_repository_gunicorn_config_uses_the_masking_logger():
    from gunicorn.app.base import Application

    class App(Application):
        def init(self, parser, opts, args):
            return None

        def load(self):
            return None

    with mock.patch.object(sys, "argv", ["gunicorn", "tournament.wsgi"]):
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            app = App()
        finally:
            os.chdir(cwd)
    assert app.cfg.logger_class is GunicornLogger


# --- standings at start-up -------------------------------------------------------------------


def test_refresh_standings_brings_lagging_standings_up_to_date(night):
    section, session = night.section, night.session
    before = Standings.objects.get(session=session)
    # a result committed, then the process killed before its recomputation
    with mock.patch("scoring.results.services.refresh_standings"):
        for board, play in night.round_plays(2, table=2):
            enter(section, board, play, contract="2S", declarer="E", tricks=8)
    session.refresh_from_db()
    lagging = Standings.objects.get(session=session)
    assert lagging.computed_version < session.results_version
    assert lagging.data == before.data
    out = io.StringIO()
    call_command("refresh_standings", stdout=out)
    assert f"1 sessions: {session.pk}" in out.getvalue()
    fresh = Standings.objects.get(session=session)
    assert fresh.computed_version == session.results_version
    # the published standings now hold the new results: the same as scoring from scratch
    from scoring.standings.services import recompute_standings

    assert fresh.data == recompute_standings(Session.objects.get(pk=session.pk)).data
    assert fresh.data != before.data
    out = io.StringIO()
    call_command("refresh_standings", stdout=out)
    assert out.getvalue().strip() == "standings up to date"


def test_refresh_standings_computes_missing_standings(night):
    Standings.objects.filter(session=night.session).delete()
    call_command("refresh_standings", stdout=io.StringIO())
    night.session.refresh_from_db()
    assert night.session.results_version > 0
    row = Standings.objects.get(session=night.session)
    assert row.data["sections"] and row.computed_version == night.session.results_version


def test_scripts_serve_refreshes_standings_before_the_server_starts():
    lines = (ROOT / "scripts" / "serve").read_text().splitlines()
    refresh = next(i for i, line in enumerate(lines) if "refresh_standings" in line)
    server = next(i for i, line in enumerate(lines) if "uvicorn tournament.asgi" in line)
    assert refresh < server
