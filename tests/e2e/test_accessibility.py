"""Accessibility as a test (issue 18): axe-core, through Playwright, over every page of the site
(the catalogue in tests/e2e/pages.py, checked against the URL resolver) at a desktop and a
phone viewport: no violation of the contrast, label and name rules.

The axe-core script ships inside the ``axe-playwright-python`` package (no download at run
time).  One browser and one evening, set up with the services, serve every page.  Screenshots
of the pages marked ``screenshot`` go to ``$SCREENSHOTS_DIR`` (default: a pytest temporary
directory) as ``<label>-<viewport>.png`` so CI can keep them.

Also: keyboard-only entry on the console's traveller — Tab walks every field of every open
row in page order, and Enter in a row's Result box saves that row.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import PHONE
from .helpers import focused_id, open_rows, running_session, sign_in_td, wait_for_focus
from .pages import PAGES, build_evening, url_of

#: axe-core rule ids: colour contrast, and every rule that a control, link, image, frame or
#: document has a name (a label) a screen reader can read out
RULES = [
    "color-contrast",
    "label",
    "button-name",
    "link-name",
    "input-button-name",
    "input-image-alt",
    "select-name",
    "image-alt",
    "svg-img-alt",
    "role-img-alt",
    "object-alt",
    "area-alt",
    "aria-input-field-name",
    "aria-toggle-field-name",
    "aria-command-name",
    "aria-meter-name",
    "aria-progressbar-name",
    "aria-tooltip-name",
    "aria-dialog-name",
    "frame-title",
    "document-title",
    "html-has-lang",
    "html-lang-valid",
]
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
}
OPTIONS = {"runOnly": {"type": "rule", "values": RULES}, "resultTypes": ["violations"]}


@pytest.fixture
def screenshots(tmp_path_factory) -> Path:
    path = os.environ.get("SCREENSHOTS_DIR")
    directory = Path(path) if path else tmp_path_factory.mktemp("screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def report(label: str, viewport: str, url: str, violations: list[dict]) -> list[str]:
    lines = []
    for v in violations:
        for node in v["nodes"]:
            lines.append(
                f"{label} ({viewport}) {url}: {v['id']} at {', '.join(map(str, node['target']))}"
                f"\n    {node['html'][:200]}\n    {node.get('failureSummary', '')[:300]}"
            )
    return lines


def test_axe_finds_a_planted_violation(page):
    """The harness can fail: axe reports a nameless button and light grey on white."""
    page.set_content(
        '<!doctype html><html lang="en"><head><title>t</title></head><body>'
        '<button></button><p style="color:#ccc;background:#fff">faint</p>'
        '<input type="text"></body></html>'
    )
    found = {v["id"] for v in Axe().run(page, options=OPTIONS).response["violations"]}
    assert {"button-name", "color-contrast", "label"} <= found, found


def test_no_contrast_label_or_name_violations_on_any_page(
    browser, live_server, transactional_db, screenshots
):
    evening = build_evening()
    axe = Axe()
    problems: list[str] = []
    shot = 0
    for viewport, options in VIEWPORTS.items():
        anon = browser.new_context(**options)
        director = browser.new_context(**options)
        try:
            visitor, td = anon.new_page(), director.new_page()
            for p in (visitor, td):
                p.set_default_timeout(15_000)
            sign_in_td(td, live_server)
            for spec in PAGES:
                tab = td if spec.director else visitor
                url = url_of(spec, evening)
                response = tab.goto(f"{live_server.url}{url}", wait_until="load")
                assert response.status == 200, (spec.label, url, response.status)
                result = axe.run(tab, options=OPTIONS).response
                violations = result["violations"]
                checked = {r["id"] for r in result["passes"] + violations}
                # axe looked at this page: its text, its title, its language
                assert {"color-contrast", "document-title", "html-has-lang"} <= checked, (
                    spec.label, checked)  # fmt: skip
                problems += report(spec.label, viewport, url, violations)
                if spec.screenshot:
                    tab.screenshot(
                        path=screenshots / f"{spec.label}-{viewport}.png", full_page=True
                    )
                    shot += 1
        finally:
            anon.close()
            director.close()
    assert not problems, f"{len(problems)} accessibility violation(s):\n" + "\n".join(problems)
    assert shot == 2 * sum(p.screenshot for p in PAGES)
    assert (screenshots / "td-home-phone.png").stat().st_size > 1000


def test_keyboard_only_traveller_entry_tabs_through_every_field_in_order(
    page, live_server, transactional_db
):
    session, section = running_session()
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/section/{section.pk}/board/1/traveller/")
    rows = open_rows(page)
    assert len(rows) == 3
    # the fields a TD fills, in page order: every focusable control of the open rows
    fields = page.locator(
        "form.result-row.open :is(input, select, textarea, button):not([type=hidden])"
        ":not([disabled]):not([tabindex='-1'])"
    ).evaluate_all("els => els.map(e => e.id || e.textContent.trim())")
    board, ns, _ = rows[0]
    assert fields[0] == f"r{board}-{ns}-result"
    for b, n, _ in rows:
        assert f"r{b}-{n}-result" in fields and f"r{b}-{n}-lead" in fields
    wait_for_focus(page, fields[0])  # the cursor starts in the first row's Result box
    reached = [focused_id(page)]
    for _ in fields[1:]:
        page.keyboard.press("Tab")
        reached.append(focused_id(page) or page.evaluate("document.activeElement.textContent"))
    reached = [r.strip() for r in reached]
    assert reached == fields

    # back to the second row's Result box by keyboard alone, type a result, Enter saves it
    b, n, _ = rows[1]
    target = f"r{b}-{n}-result"
    for _ in range(len(fields)):
        if focused_id(page) == target:
            break
        page.keyboard.press("Shift+Tab")
    assert focused_id(page) == target
    page.keyboard.type("3NT S 9")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#row-{b}-{n}:not(.open):not(.htmx-settling) .stored")
    assert "3NT by S" in page.text_content(f"#row-{b}-{n} .stored")

    from scoring.models import BoardResult

    saved = BoardResult.objects.get(section=section, board_number=b, ns_entry__number=n)
    assert (saved.contract, saved.declarer, saved.tricks) == ("3NT", "S", 9)
    assert BoardResult.objects.filter(section=section).count() == 1


def test_messages_and_errors_pass_too(browser, live_server, transactional_db):
    """What only a POST shows: a refused sign-in, a refused result at its field, the green
    message after a confirmed round."""
    session, section = running_session()
    axe = Axe()
    problems: list[str] = []
    for viewport, options in VIEWPORTS.items():
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(f"{live_server.url}/login/")
            page.fill("#id_username", "td")
            page.fill("#id_password", "not-the-password")
            page.click("button[type=submit]")
            page.locator(".errorlist, .errornote, [role=alert]").first.wait_for()
            problems += report("sign-in refused", viewport, page.url,
                               axe.run(page, options=OPTIONS).response["violations"])  # fmt: skip

            sign_in_td(page, live_server)
            page.goto(f"{live_server.url}/td/section/{section.pk}/board/1/traveller/")
            board, ns, _ = open_rows(page)[0]
            wait_for_focus(page, f"r{board}-{ns}-result")
            page.keyboard.type("8NT N =")
            page.keyboard.press("Enter")
            page.locator(f"#row-{board}-{ns} .errorlist").wait_for()
            problems += report("result refused", viewport, page.url,
                               axe.run(page, options=OPTIONS).response["violations"])  # fmt: skip

            page.goto(f"{live_server.url}/td/section/{section.pk}/slip/1/1/")
            page.get_by_role("button", name="Confirm round 1 at table 1 (opponents' O.K.)").click()
            page.locator("ul.messages").wait_for()
            problems += report("message", viewport, page.url,
                               axe.run(page, options=OPTIONS).response["violations"])  # fmt: skip
        finally:
            context.close()
    assert not problems, f"{len(problems)} accessibility violation(s):\n" + "\n".join(problems)
