"""Issue 22's acceptance for events of several sessions: a qualifier and a final with carry-over,
through the UI alone.

The TD creates a pairs event at matchpoints with two sessions, "Qualifier" and "Final".  Four
pairs play the qualifier (a 4-pair Howell, 3 rounds × 2 boards: every board is played twice,
so the top is 2); the TD makes it final, sets on the event page the combined ranking — carry-over
of matchpoints, factor 1/2, "Final" the final, 4 qualify, prizes by the combined ranking — and
seeds the final: the qualifiers are signed in numbered by their qualifying place.  The final is
played and made final.

Every figure is worked out here from the results typed, never by the scoring engine:
matchpoints on a board of two results are 2 for the higher N-S score, 1 each for equal, 0 for
the lower (E-W the rest of the top); the carry-over is the EBU White Book §172 formula
C = S × FT ÷ (2 × QT) (docs/scoring.md), here S × 2 ÷ 4 = S ÷ 2, and the combined figure is
C + the final's matchpoints.  With the results below the qualifier gives pairs 1–4 3, 7, 5 and
9; the final seeds them 4, 2, 3, 1 → 1, 2, 3, 4, and gives 5, 3, 9, 7; so the combined figures
are 9.5, 6.5, 11.5, 8.5 — pair 3 first and pair 1 second, where the final alone would put
pair 4 second.
"""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction

from axe_playwright_python.sync_playwright import Axe
from pypdf import PdfReader

from .helpers import (
    NAMES,
    download,
    key_in,
    make_club,
    new_event,
    new_session,
    open_rows,
    open_step,
    open_traveller,
    prize_rows,
    read_table,
    sign_in_pair,
    sign_in_td,
)
from .test_accessibility import OPTIONS, report

PAIRS, PER_ROUND, BOARDS, TOP = 4, 2, 6, 2
#: what each result scores for N-S (all part scores: the same whatever the vulnerability)
TEXT = {90: "1NT N =", 110: "2H N =", 120: "1NT N +1", 0: "PASS", -110: "2S E =", -90: "1NT E ="}
#: (board, N-S pair) -> N-S score, in each session
QUALIFIER = {(1, 3): -110, (1, 4): 90, (2, 3): -90, (2, 4): 90, (3, 1): -110, (3, 4): -110,
             (4, 1): -110, (4, 4): -90, (5, 2): 0, (5, 4): 110, (6, 2): 110, (6, 4): 90}  # fmt: skip
FINAL = {(1, 3): -90, (1, 4): -90, (2, 3): 120, (2, 4): 90, (3, 1): 110, (3, 4): 120,
         (4, 1): -110, (4, 4): 90, (5, 2): -110, (5, 4): -90, (6, 2): 110, (6, 4): -110}  # fmt: skip


def matchpoints(played) -> dict[int, int]:
    """Each pair's matchpoints: (board, ns) -> (ew, N-S score), two results a board."""
    totals = {n: 0 for n in range(1, PAIRS + 1)}
    for (board, ns), (ew, score) in played.items():
        other = [s for (b, n), (_, s) in played.items() if b == board and n != ns]
        assert len(other) == 1
        mp = 2 if score > other[0] else 1 if score == other[0] else 0
        totals[ns] += mp
        totals[ew] += TOP - mp
    return totals


def places(values: dict[int, Fraction]) -> dict[int, str]:
    """Competition places, equal figures sharing ("=2")."""
    out = {}
    for who, value in values.items():
        better = sum(1 for v in values.values() if v > value)
        equal = sum(1 for v in values.values() if v == value)
        out[who] = f"={better + 1}" if equal > 1 else str(better + 1)
    return out


def shown(value: Fraction) -> str:
    return f"{float(value):.2f}"


def play_session(page, session_url, results, played) -> None:
    page.goto(session_url)
    open_step(page, "Movement")
    label = f"Choose howell: 2 tables, 3 rounds × {PER_ROUND} boards = {BOARDS} boards"
    page.get_by_role("button", name=label, exact=True).click()
    assert "howell chosen" in page.text_content("ul.messages")
    open_step(page, "Boards")
    page.get_by_label("Seed (optional)").fill("two sessions")
    page.get_by_role("button", name="Deal the boards").click()
    assert f"{BOARDS} boards dealt" in page.text_content("main")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()
    for board in range(1, BOARDS + 1):
        open_traveller(page, board)
        for b, ns, ew in open_rows(page):
            key_in(page, b, ns, TEXT[results[b, ns]])
            played[b, ns] = (ew, results[b, ns])
    assert len(played) == BOARDS * 2
    page.goto(session_url)
    open_step(page, "Results")
    page.get_by_role("button", name="Make provisional").click()
    page.locator("p.provisional-banner").wait_for()
    page.fill("#override-reason", "all protests heard")
    page.get_by_role("button", name="Make final now").click()
    page.locator("p.final-banner").wait_for()


def configure(page, event_url) -> None:
    page.goto(event_url)
    page.get_by_label("Combined ranking", exact=True).select_option("carry_mp")
    page.get_by_label("Carry-over factor").fill("1/2")
    page.get_by_label("Final session").select_option("Final")
    page.get_by_label("Pairs qualifying for the final").fill("4")
    page.get_by_label("Prizes of the last session by the combined ranking").check()
    page.get_by_role("button", name="Keep the combined ranking").click()
    assert "Combined ranking kept." in page.text_content("ul.messages")


def combined_rows(page) -> list[dict[str, str]]:
    return read_table(page.locator("table.combined").first)


def test_a_two_session_pairs_event_with_carry_over(page, live_server, transactional_db, tmp_path):
    from django.urls import reverse

    from tournament.models import Session

    club, user, players = make_club()
    name_of = {i + 1: f"{NAMES[2 * i]} & {NAMES[2 * i + 1]}" for i in range(PAIRS)}
    sign_in_td(page, live_server)
    new_event(page, live_server, "Championship pairs", prizes=2)
    event_url = page.url
    new_session(page, "Qualifier", "2026-11-03")
    qualifier_url = page.url  # its step 1, Entries
    for i in range(PAIRS):
        sign_in_pair(page, NAMES[2 * i], NAMES[2 * i + 1])
    qualifier: dict = {}
    play_session(page, qualifier_url, QUALIFIER, qualifier)
    q_mp = matchpoints(qualifier)
    assert q_mp == {1: 3, 2: 7, 3: 5, 4: 9}, q_mp  # the figures of the module's doc

    page.goto(event_url)
    new_session(page, "Final", "2026-11-10")
    final_url = page.url
    configure(page, event_url)
    rows = combined_rows(page)  # the qualifying ranking, every pair through
    assert [(r["Pair or player"].split(": ")[-1], r["Total"]) for r in rows] == [
        (name_of[n], shown(Fraction(q_mp[n]))) for n in sorted(q_mp, key=lambda n: -q_mp[n])
    ]
    assert all(r["Qualified"] == "✓ qualified" for r in rows)

    page.get_by_role("button", name="Seed the final from the qualifying places").click()
    assert "4 pairs seeded into the final." in page.text_content("ul.messages")
    seeded = {old: new for new, old in enumerate(sorted(q_mp, key=lambda n: -q_mp[n]), 1)}
    final_name = {seeded[old]: name for old, name in name_of.items()}

    page.goto(final_url)
    entries = read_table(page.locator("#section-A table").first)
    assert {int(r["No."]): r["Players"] for r in entries} == final_name, entries
    final: dict = {}
    play_session(page, final_url, FINAL, final)
    f_mp = matchpoints(final)
    carry = {new: Fraction(q_mp[old]) * TOP / (2 * TOP) for old, new in seeded.items()}
    total = {n: carry[n] + f_mp[n] for n in f_mp}
    assert total == {1: Fraction(19, 2), 2: Fraction(13, 2), 3: Fraction(23, 2),
                     4: Fraction(17, 2)}  # fmt: skip
    place = places(total)

    public_url = f"{live_server.url}/event/{event_url.rstrip('/').split('/')[-1]}/"
    for url in (event_url, public_url):
        page.goto(url)
        violations = Axe().run(page, options=OPTIONS).response["violations"]
        assert not violations, report("event", "desktop", url, violations)
        rows = combined_rows(page)
        assert len(rows) == PAIRS
        for row in rows:
            number = int(row["Pair or player"].split(":")[0])
            assert row["Pair or player"] == f"{number}: {final_name[number]}"
            assert row["Place"] == place[number], (row, total)
            assert row["Carry-over"] == shown(carry[number]), row
            assert row["Final"] == shown(Fraction(f_mp[number])), row
            assert row["Qualifier"] == shown(Fraction(q_mp[_old(seeded, number)])), row
            assert row["Total"] == shown(total[number]), row

    # the prize list follows the combined ranking: the best two totals, not the final alone's
    page.goto(final_url)
    open_step(page, "Results")
    page.get_by_role("link", name="Standings and prizes").click()
    page.get_by_role("heading", name=re.compile("^Prize list")).wait_for()
    best = sorted(total, key=lambda n: -total[n])[:2]
    by_final = sorted(f_mp, key=lambda n: -f_mp[n])[:2]
    assert best != by_final, "the carry-over should change the prizes"
    got = {int(r["Pair"]): r["Prize(s)"] for r in prize_rows(page) if r["Prize(s)"]}
    assert got == {best[0]: "1", best[1]: "2"}, got

    session = Session.objects.get(event__club=club, name="Final")
    pdf = page.request.get(live_server.url + reverse("session_print",
                                                     args=[session.pk, "results-sheet"]))  # fmt: skip
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "Combined ranking" in text and "Carry-over" in text and shown(total[3]) in text

    overview = final_url.removesuffix("entries/")  # the session page, with its Downloads
    data = json.loads(download(page, overview, "Download the session file (JSON)",
                               tmp_path / "final.json"))  # fmt: skip
    kept = {e["number"]: Fraction(e["carry_over"]) for e in data["sections"][0]["entries"]}
    assert kept == carry


def _old(seeded: dict[int, int], new: int) -> int:
    return next(old for old, n in seeded.items() if n == new)
