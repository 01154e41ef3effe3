"""The session console's link-style buttons are readable (issue 18): *Withdraw (no-show)*,
*Withdraw, leave a phantom* and *confirm* were white text on a white card.  The colours
Chromium computes for every ``button.link`` on the page, against the first opaque background
behind it, contrast at least 4.5:1 (WCAG 2 AA for normal text)."""

from __future__ import annotations

from .helpers import running_session, sign_in_td

#: the computed text colour and the first opaque background colour behind each button
COLOURS = """
(buttons) => buttons.map((b) => {
  let el = b, bg = "rgba(0, 0, 0, 0)";
  while (el) {
    const c = getComputedStyle(el).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== "transparent") { bg = c; break; }
    el = el.parentElement;
  }
  return {text: b.textContent.trim(), fg: getComputedStyle(b).color, bg: bg,
          visible: b.offsetParent !== null};
})
"""


def _rgb(css: str) -> tuple[float, float, float]:
    parts = css[css.index("(") + 1 : css.index(")")].replace("/", ",").split(",")
    return tuple(float(p) for p in parts[:3])


def _luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((_luminance(_rgb(fg)), _luminance(_rgb(bg))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_contrast_helper_matches_known_ratios():
    assert round(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)"), 2) == 21.0
    assert contrast("rgb(255, 255, 255)", "rgb(255, 255, 255)") == 1.0
    assert 4.4 < contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)") < 4.6  # #767676: 4.54


def _console_with_every_link_button():
    """Section A: round 1 at table 1 entered, not confirmed (its *confirm* button);
    section B: signed in, movement chosen, no result (its *Withdraw* buttons)."""
    from scoring.inputs import scheduled_plays
    from scoring.results import services as result_services
    from tournament.models import Player
    from tournament.setup import services as setup_services

    session, section = running_session()
    for board, plays in scheduled_plays(section.get_movement()).items():
        for p in plays:
            if p.round == 1 and p.table == 1:
                result_services.record_result(
                    section, board_number=board, ns=p.ns, ew=p.ew, round_number=1,
                    fields={"contract": "3NT", "declarer": "S", "tricks": 9},
                )  # fmt: skip
    other = setup_services.add_section(session, "B")
    club = session.event.club
    for i in range(4):
        pair = [Player.objects.create(club=club, name=f"B player {2 * i + j}") for j in (0, 1)]
        setup_services.sign_in(other, pair)
    setup_services.choose_movement(other, "howell", boards_per_round=2)
    return session


def test_link_buttons_on_the_session_console_contrast(page, live_server, transactional_db):
    session = _console_with_every_link_button()
    sign_in_td(page, live_server)
    found = []
    for step in ("entries", "play"):  # the withdrawals, and the tables' confirm
        page.goto(f"{live_server.url}/td/session/{session.pk}/{step}/")
        found += page.eval_on_selector_all("main button.link", COLOURS)
    texts = [f["text"] for f in found]
    assert any(t.startswith("Withdraw (no-show)") for t in texts), texts
    assert any(t.startswith("Withdraw, leave a phantom") for t in texts), texts
    assert "confirm" in texts, texts
    for f in found:
        assert f["visible"], f
        ratio = contrast(f["fg"], f["bg"])
        assert ratio >= 4.5, f"{f['text']!r}: {f['fg']} on {f['bg']} is {ratio:.2f}:1"
