"""The browser harness: Playwright driving Debian's Chromium against pytest-django's live server.

No browser download: Playwright is pointed at /usr/bin/chromium (``scripts/install-browser``).
Without Chromium the browser tests are skipped locally and fail in CI (``CI=true``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}

# Playwright's sync API runs an event loop in this thread; the live server and the
# test's own ORM calls are ordinary synchronous code, so allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(
                f"{CHROMIUM} is missing: CI must run the browser tests (scripts/install-browser)"
            )
        pytest.skip(f"{CHROMIUM} not installed (run scripts/install-browser)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield browser
        browser.close()


#: The table page registers a service worker (static/js/table-offline.js) for a phone that
#: loses the network.  It is blocked (the page carries on without it, as in a browser without
#: one) but where a test asks for it (``new_page(service_workers="allow")``: the offline
#: tests).  The suite once hung in CI in ``BrowserContext.close``; a service worker still
#: starting when its context is closed is a known way to leave Chromium without an answer.
NO_WORKER = {"service_workers": "block"}


@pytest.fixture
def page(browser):
    context = browser.new_context(**NO_WORKER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **NO_WORKER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def new_page(browser):
    """Open further, independent browser contexts (another device in the room)."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**{**NO_WORKER, **kwargs})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def demo(transactional_db):
    from django.core.management import call_command

    call_command("load_demo", "--if-empty")


def login(page, live_server, username="director", password="tournament-director"):
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
