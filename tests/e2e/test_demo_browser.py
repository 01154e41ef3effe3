"""The demo club seen in a real browser: public pages, sign-in, keyboard use."""

from .conftest import login


def test_home_page_shows_the_demo_club(page, live_server, demo):
    page.goto(live_server.url + "/")
    assert "Riverside Bridge Club" in page.text_content("main")
    page.click("text=Tuesday 10 November")
    assert "Final" in page.text_content("h1")


def test_the_director_signs_in_with_the_keyboard(page, live_server, demo):
    page.goto(f"{live_server.url}/login/")
    page.focus("#id_username")
    page.keyboard.type("director")
    page.keyboard.press("Tab")
    page.keyboard.type("tournament-director")
    page.keyboard.press("Enter")
    page.wait_for_load_state("networkidle")
    assert "Sign out director" in page.text_content("header")


def test_a_wrong_password_is_refused_with_a_message(page, live_server, demo):
    login(page, live_server, password="not-the-password")
    assert "Sign out" not in page.text_content("header")
    assert page.is_visible("p.error")


def test_pages_fit_a_phone(phone, live_server, demo):
    phone.goto(live_server.url + "/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
