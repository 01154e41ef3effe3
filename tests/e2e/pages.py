"""Every page of the site, built from one evening set up with the services (issue 18).

``PAGES`` lists each GET page by URL name with how to build its arguments from the
``Evening``; a name may appear more than once when the page shows a different face in
another state (the session console in draft and while running).  ``NOT_PAGES`` names every
other URL pattern with the reason it is not a page: a write that only takes POST, a file
download, an htmx fragment.  ``tests/console/test_page_catalogue.py`` checks against the URL
resolver that the two lists cover every pattern (a new view cannot escape the accessibility
test) and that each reason is true.

No Playwright here: the catalogue is read by non-browser tests too.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from .helpers import make_club


@dataclass
class Evening:
    club: Any
    user: Any
    players: list
    event: Any
    session: Any  # running, rounds 1 and 2 entered, round 1 confirmed
    section: Any
    draft: Any  # a second session: pairs signed in, no movement yet
    draft_section: Any
    progressive: Any  # a progressive whist section, round 1 seated
    result: Any  # a stored result of the running session (its correction form)
    tokens: dict = field(default_factory=dict)  # table → token of the running section


def build_evening() -> Evening:
    """A club night in every state a page has, through the services."""
    from boards import services as boards_services
    from scoring.inputs import scheduled_plays
    from scoring.results import services as result_services
    from tournament.models import Entry, Event, Player, Session
    from tournament.play import services as play_services
    from tournament.progressive import services as progressive_services
    from tournament.setup import services as setup_services

    club, user, players = make_club()
    event = Event.objects.create(
        club=club, name="Tuesday pairs", game="contract", scoring_method="matchpoints"
    )
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    section = setup_services.add_section(session, "A")
    for i in range(6):
        setup_services.sign_in(section, [players[2 * i], players[2 * i + 1]])
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    boards_services.generate(session, seed="accessibility")
    setup_services.set_status(session, Session.Status.RUNNING)
    contracts = ["4H N =", "3NT S 9", "2S E =", "PASS", "4SX W -1", "1NT S +1"]
    texts = {
        "4H N =": {"contract": "4H", "declarer": "N", "tricks": 10},
        "3NT S 9": {"contract": "3NT", "declarer": "S", "tricks": 9},
        "2S E =": {"contract": "2S", "declarer": "E", "tricks": 8},
        "PASS": {"contract": "PASS"},
        "4SX W -1": {"contract": "4SX", "declarer": "W", "tricks": 9},
        "1NT S +1": {"contract": "1NT", "declarer": "S", "tricks": 8},
    }
    n = 0
    result = None
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for p in plays:
            if p.round in (1, 2):
                fields = texts[contracts[n % len(contracts)]]
                n += 1
                row = result_services.record_result(
                    section, board_number=board, ns=p.ns, ew=p.ew, round_number=p.round,
                    fields=dict(fields),
                )  # fmt: skip
                result = result or row
    for table in range(1, 4):
        play_services.confirm_round(section, table, 1, user)
    boards_services.release(session)  # the public board page shows the deal
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}

    draft = Session.objects.create(event=event, name="Next week", date=datetime.date(2026, 11, 10))
    draft_section = setup_services.add_section(draft, "A")
    for i in range(3):
        setup_services.sign_in(draft_section, [players[2 * i], players[2 * i + 1]])

    drive = Event.objects.create(
        club=club, name="Whist drive", game="whist", scoring_method="tricks",
        format="progressive",
        conditions={"progressive": {"method": "winners-move", "direction": "toward-1",
                                    "head_rule": "winners-stay", "tie_progress": "td",
                                    "tie_score": "half-game"},
                    "tally": "gross", "tie_rule": "cut", "prizes": 1},
    )  # fmt: skip
    friday = drive.sessions.create(name="Friday", date=datetime.date(2026, 11, 6))
    progressive = setup_services.add_section(friday, "A")
    extra = [Player.objects.create(club=club, name=f"Whist player {i}") for i in range(4)]
    for number, player in enumerate(players[:12] + extra, start=1):
        setup_services.add_entry(progressive, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    progressive_services.start(progressive, seed=18)
    progressive_services.enter_result(progressive, 1, ns_points=8, ew_points=5, user=user)

    return Evening(
        club=club, user=user, players=players, event=event, session=session, section=section,
        draft=draft, draft_section=draft_section, progressive=progressive, result=result,
        tokens=tokens,
    )  # fmt: skip


@dataclass(frozen=True)
class Page:
    name: str  # the URL name
    label: str  # how the page is called in reports and screenshot file names
    args: Any  # Evening → the URL's arguments
    query: str = ""
    director: bool = False  # the console: the TD is signed in
    screenshot: bool = False  # kept as a test artefact


def _entry_player(e: Evening) -> int:
    return e.section.entries.order_by("number").first().entry_players.first().player_id


PAGES: list[Page] = [
    # the public site
    Page("home", "home", lambda e: ()),
    Page("club", "club", lambda e: (e.club.slug,)),
    Page("event", "event", lambda e: (e.event.pk,)),
    Page("session", "session-standings", lambda e: (e.session.pk,), screenshot=True),
    Page("board", "board", lambda e: (e.session.pk, 1)),
    Page("scorecard", "scorecard", lambda e: (e.session.pk, "A", 1)),
    Page("player_search", "player-search", lambda e: (), query="?q=Herschel"),
    Page("player", "player", lambda e: (_entry_player(e),)),
    Page("login", "sign-in-page", lambda e: ()),
    # the table's phone
    Page("table", "table-phone", lambda e: (e.tokens[2],), screenshot=True),
    # the director's console
    Page("td_console", "td-home", lambda e: (), director=True, screenshot=True),
    Page("td_event_new", "td-event-new", lambda e: (e.club.slug,), director=True),
    Page("td_event", "td-event", lambda e: (e.event.pk,), director=True, screenshot=True),
    Page("td_session", "td-session-draft", lambda e: (e.draft.pk,), director=True,
         screenshot=True),
    Page("td_session", "td-session-running", lambda e: (e.session.pk,), director=True,
         screenshot=True),
    Page("boards_td", "td-boards", lambda e: (e.session.pk,), director=True, screenshot=True),
    Page("boards_td", "td-boards-none", lambda e: (e.draft.pk,), director=True),
    Page("table_codes", "td-table-codes", lambda e: (e.session.pk,), director=True,
         screenshot=True),
    Page("td_traveller", "td-traveller", lambda e: (e.section.pk, 5), director=True,
         screenshot=True),
    Page("td_slip", "td-slip", lambda e: (e.section.pk, 3, 1), director=True, screenshot=True),
    Page("td_correct", "td-correct", lambda e: (e.result.pk,), director=True),
    Page("td_travellers", "td-travellers", lambda e: (e.section.pk,), director=True,
         screenshot=True),
    Page("td_scorecard", "td-scorecard", lambda e: (e.section.pk, 1), director=True),
    Page("td_board", "td-board-rulings", lambda e: (e.section.pk, 1), director=True,
         screenshot=True),
    Page("td_standings", "td-standings", lambda e: (e.session.pk,), director=True,
         screenshot=True),
    Page("td_ties", "td-ties", lambda e: (e.session.pk,), director=True),
    Page("td_progressive", "td-progressive", lambda e: (e.progressive.pk,), director=True,
         screenshot=True),
    Page("td_club_files", "td-club-files", lambda e: (e.club.slug,), director=True,
         screenshot=True),
    Page("td_session_files", "td-session-files", lambda e: (e.session.pk,), director=True,
         screenshot=True),
]  # fmt: skip

POST_ONLY = "a write: answers GET with 405"
DOWNLOAD = "a file download, not a page"
FRAGMENT = "an htmx fragment inside a page in PAGES"

#: every URL name that is not a page, and why (checked by tests/console/test_page_catalogue.py)
NOT_PAGES: dict[str, str] = {
    "logout": POST_ONLY,
    "table_score": POST_ONLY,
    "table_codes_action": POST_ONLY,
    "td_club_import": POST_ONLY,
    "td_section_new": POST_ONLY,
    "td_boards": POST_ONLY,
    "td_release": POST_ONLY,
    "td_status": POST_ONLY,
    "td_sign_in": POST_ONLY,
    "td_movement": POST_ONLY,
    "td_withdraw": POST_ONLY,
    "td_result": POST_ONLY,
    "td_confirm": POST_ONLY,
    "td_ruling": POST_ONLY,
    "boards_generate": POST_ONLY,
    "boards_import": POST_ONLY,
    "boards_enter": POST_ONLY,
    "boards_analyse": POST_ONLY,
    "boards_release": POST_ONLY,
    "session_print": DOWNLOAD,
    "td_club_backup": DOWNLOAD,
    "td_session_export": DOWNLOAD,
    "boards_pbn": DOWNLOAD,
    "boards_pdf": DOWNLOAD,
    "boards_progress": FRAGMENT,
    "session_standings": FRAGMENT,
}

#: arguments of the patterns in NOT_PAGES, to check their reason
NOT_PAGE_ARGS: dict[str, Any] = {
    "logout": lambda e: (),
    "table_score": lambda e: (e.tokens[2],),
    "table_codes_action": lambda e: (e.session.pk,),
    "td_club_import": lambda e: (e.club.slug, "players"),
    "td_section_new": lambda e: (e.draft.pk,),
    "td_boards": lambda e: (e.draft.pk,),
    "td_release": lambda e: (e.session.pk,),
    "td_status": lambda e: (e.session.pk,),
    "td_sign_in": lambda e: (e.draft_section.pk,),
    "td_movement": lambda e: (e.draft_section.pk,),
    "td_withdraw": lambda e: (e.draft_section.entries.first().pk,),
    "td_result": lambda e: (e.section.pk,),
    "td_confirm": lambda e: (e.section.pk,),
    "td_ruling": lambda e: (e.section.pk, 1),
    "boards_generate": lambda e: (e.draft.pk,),
    "boards_import": lambda e: (e.draft.pk,),
    "boards_enter": lambda e: (e.draft.pk,),
    "boards_analyse": lambda e: (e.session.pk,),
    "boards_release": lambda e: (e.session.pk,),
    "session_print": lambda e: (e.session.pk, "master-sheet"),
    "td_club_backup": lambda e: (e.club.slug,),
    "td_session_export": lambda e: (e.session.pk, "usebio"),
    "boards_pbn": lambda e: (e.session.pk,),
    "boards_pdf": lambda e: (e.session.pk, "hand-records"),
    "boards_progress": lambda e: (e.session.pk,),
    "session_standings": lambda e: (e.session.pk,),
}


def url_of(page: Page, evening: Evening) -> str:
    from django.urls import reverse

    return reverse(page.name, args=page.args(evening)) + page.query
