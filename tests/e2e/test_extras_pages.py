"""Two console pages through the browser, with axe-core's contrast, label and name rules on
each state: the players' ratings (a refused rating at its row, then saved) and a Swiss teams
match entered board by board (the hand-worked match of tests/swiss/test_board_sheet.py)."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from tournament.models import Player, SwissMatch

from .helpers import sign_in_td
from .pages import build_evening
from .test_accessibility import OPTIONS, report

SHEET = {1: (420, 420), 2: (420, -50), 3: (-100, 110), 4: (140, 110), 5: (-620, -650),
         6: (50, 200), 7: (-1430, -1430), 8: (100, -90)}  # fmt: skip


def _axe(page, label) -> list[str]:
    return report(
        label, "desktop", page.url, Axe().run(page, options=OPTIONS).response["violations"]
    )


def test_ratings_and_a_swiss_sheet_in_the_browser(browser, live_server, transactional_db):
    evening = build_evening()
    first, second = Player.objects.filter(club=evening.club).order_by("name", "pk")[:2]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    try:
        sign_in_td(page, live_server)
        page.goto(f"{live_server.url}/td/")
        page.get_by_role("link", name="Players' ratings").first.click()
        page.get_by_label(first.name, exact=True).fill("1500")
        page.get_by_label(second.name, exact=True).fill("-5")
        # the browser itself refuses -5 (min="0"); let it through to see the server's refusal
        page.eval_on_selector("#ratings", "form => { form.noValidate = true; }")
        page.get_by_role("button", name="Save the ratings").click()
        assert "Nothing was saved" in page.text_content("main")
        error = page.locator(f"#id_rating_{second.pk}_error")
        assert "A rating is a whole number from 0 to 10,000,000" in error.text_content()
        problems += _axe(page, "ratings refused")
        assert Player.objects.get(pk=first.pk).rating is None
        page.get_by_label(second.name, exact=True).fill("40")
        page.get_by_role("button", name="Save the ratings").click()
        assert "2 ratings kept" in page.text_content("main")
        assert [Player.objects.get(pk=p.pk).rating for p in (first, second)] == [1500, 40]
        problems += _axe(page, "ratings kept")

        page.goto(f"{live_server.url}/td/section/{evening.swiss.pk}/swiss/")
        page.get_by_role("link", name="Board by board, table 2").click()
        for board, (t1, t2) in SHEET.items():
            page.get_by_label(f"Board {board}, table 1 result or N-S score").fill(str(t1))
            page.get_by_label(f"Board {board}, table 2 result or N-S score").fill(str(t2))
        page.get_by_role("button", name="Keep the sheet of table 2").click()
        sheet = page.locator("#sheet").text_content()
        assert "17" in sheet and "13.12" in sheet and "6.88" in sheet
        match = SwissMatch.objects.get(section=evening.swiss, round_number=1, table_number=2)
        assert (match.home_imps, match.away_imps) == (17, 9)
        problems += _axe(page, "swiss sheet")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
