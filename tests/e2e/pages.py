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
    social: Any = None  # a Baker section scored as the book's social game, rounds 1–2 in
    social_token: str = ""  # its table 1
    print_job: Any = None  # the running session's pack, made (the immediate task backend)
    swiss: Any = None  # a Swiss teams section: round 1 paired, one match scored
    swiss_token: str = ""  # its table 2, whose match the teams have still to enter


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
    # two protests (Law 12): one decided (shown on the public page), one awaiting the committee
    from scoring.rulings import services as ruling_services

    decided = ruling_services.file_protest(
        section,
        board=result.board_number,
        entry=result.ew_entry.number,
        grounds="N-S bid out of turn",
        user=user,
    )
    ruling_services.decide_protest(decided, status="dismissed", decision="No damage", user=user)
    ruling_services.file_protest(
        section,
        board=result.board_number,
        entry=result.ns_entry.number,
        grounds="Slow play",
        user=user,
    )
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

    social, social_token = _baker(club, players, user)
    swiss = _swiss(club, players, user)
    swiss.refresh_from_db()
    swiss_token = {t.table_number: t.token for t in play_services.issue_tokens(swiss)}[2]
    from tournament.printing import jobs as print_jobs

    print_job = print_jobs.start(
        session, "pack", section=None, page="A4", base_url="http://testserver/", user=user
    )
    return Evening(
        club=club, user=user, players=players, event=event, session=session, section=section,
        draft=draft, draft_section=draft_section, progressive=progressive, result=result,
        tokens=tokens, social=social, social_token=social_token, print_job=print_job,
        swiss=swiss, swiss_token=swiss_token,
    )  # fmt: skip


def _swiss(club, players, user):
    """A Swiss teams evening of five teams: round 1 paired (a bye), one match scored."""
    from tournament.models import Event
    from tournament.setup import services as setup_services
    from tournament.swiss import services as swiss_services

    event = Event.objects.create(club=club, name="Swiss teams", game="contract",
                                 scoring_method="imps_teams", format="teams")  # fmt: skip
    night = event.sessions.create(name="Thursday", date=datetime.date(2026, 11, 5))
    section = setup_services.add_section(night, "A")
    for k in range(5):
        setup_services.add_entry(section, players[2 * k : 2 * k + 2], name=f"Team {k + 1}")
    swiss_services.start(section)
    swiss_services.pair_next_round(section)
    swiss_services.enter_match(section, 1, 1, 25, 10, user=user)
    return section


def _baker(club, players, user):
    """Baker's social duplicate, running, rounds 1 and 2 in (docs/schedules.md)."""
    from tournament.models import Event, Session
    from tournament.play import services as play_services
    from tournament.setup import services as setup_services
    from tournament.social import services as social_services

    party = Event.objects.create(club=club, name="Baker party", game="auction",
                                 scoring_method="total_points", format="individual")  # fmt: skip
    session = party.sessions.create(name="Saturday", date=datetime.date(2026, 11, 7))
    section = setup_services.add_section(session, "A")
    for player in players[:8]:
        setup_services.sign_in(section, [player])
    setup_services.choose_movement(section, "baker")
    section.refresh_from_db()
    setup_services.set_status(session, Session.Status.RUNNING)
    for (rnd, table), (ns, ew) in {(1, 1): (60, 0), (1, 2): (0, 24), (2, 1): (280, 30),
                                   (2, 2): (16, 300)}.items():  # fmt: skip
        social_services.enter_score(section, rnd, table, ns_points=ns, ew_points=ew, user=user)
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    return section, tokens[1]


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
    # the console's five steps: a draft without a movement, and the running session
    Page("td_session_entries", "td-step-entries", lambda e: (e.draft.pk,), director=True),
    Page("td_session_movement", "td-step-movement", lambda e: (e.draft.pk,), director=True),
    Page("td_session_movement", "td-step-movement-chosen", lambda e: (e.session.pk,),
         director=True),
    Page("td_session_boards", "td-step-boards", lambda e: (e.session.pk,), director=True),
    Page("td_session_boards", "td-step-boards-blocked", lambda e: (e.draft.pk,), director=True),
    Page("td_session_play", "td-step-play", lambda e: (e.session.pk,), director=True),
    Page("td_session_play", "td-step-play-blocked", lambda e: (e.draft.pk,), director=True),
    Page("td_session_results", "td-step-results", lambda e: (e.session.pk,), director=True),
    Page("td_session_entries", "td-step-entries-progressive", lambda e: (e.progressive.session_id,),
         director=True),
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
    Page("td_protests", "td-protests", lambda e: (e.session.pk,), director=True),
    Page("print_job", "td-print-job", lambda e: (e.session.pk, e.print_job.pk), director=True),
    Page("td_progressive", "td-progressive", lambda e: (e.progressive.pk,), director=True,
         screenshot=True),
    Page("td_social", "td-social-baker", lambda e: (e.social.pk,), director=True,
         screenshot=True),
    Page("td_foster", "td-foster", lambda e: (e.progressive.pk,), director=True),
    Page("table", "table-social-phone", lambda e: (e.social_token,), screenshot=True),
    Page("td_swiss", "td-swiss", lambda e: (e.swiss.pk,), director=True, screenshot=True),
    Page("table_swiss", "table-swiss-phone", lambda e: (e.swiss_token,), screenshot=True),
    Page("swiss_pairings", "swiss-pairings", lambda e: (e.swiss.session_id,), screenshot=True),
    Page("td_club_files", "td-club-files", lambda e: (e.club.slug,), director=True,
         screenshot=True),
    Page("td_club_players", "td-club-players", lambda e: (e.club.slug,), director=True),
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
    "table_sync": POST_ONLY,
    "table_manifest": DOWNLOAD,  # the web app manifest (JSON)
    "table_service_worker": DOWNLOAD,  # JavaScript
    "session_events": DOWNLOAD,  # a text/event-stream read by static/js/live.js
    "table_codes_action": POST_ONLY,
    "td_club_import": POST_ONLY,
    "td_section_new": POST_ONLY,
    "td_boards": POST_ONLY,
    "td_release": POST_ONLY,
    "td_status": POST_ONLY,
    "td_event_combined": POST_ONLY,
    "td_event_seed_final": POST_ONLY,
    "td_sign_in": POST_ONLY,
    "td_movement": POST_ONLY,
    "td_movement_import": POST_ONLY,
    "td_share_boards": POST_ONLY,
    "td_withdraw": POST_ONLY,
    "td_leave": POST_ONLY,
    "td_table_change": POST_ONLY,
    "td_result": POST_ONLY,
    "td_confirm": POST_ONLY,
    "td_ruling": POST_ONLY,
    "td_protest": POST_ONLY,
    "td_protest_decide": POST_ONLY,
    "boards_generate": POST_ONLY,
    "boards_import": POST_ONLY,
    "boards_enter": POST_ONLY,
    "boards_analyse": POST_ONLY,
    "boards_release": POST_ONLY,
    "session_print": DOWNLOAD,
    "print_job_start": POST_ONLY,
    "print_job_download": DOWNLOAD,
    "print_job_progress": FRAGMENT,
    "td_club_backup": DOWNLOAD,
    "td_event_export": DOWNLOAD,
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
    "table_sync": lambda e: (e.tokens[2],),
    "table_manifest": lambda e: (e.tokens[2],),
    "table_service_worker": lambda e: (),
    "session_events": lambda e: (e.session.pk,),
    "table_codes_action": lambda e: (e.session.pk,),
    "td_club_import": lambda e: (e.club.slug, "players"),
    "td_section_new": lambda e: (e.draft.pk,),
    "td_boards": lambda e: (e.draft.pk,),
    "td_release": lambda e: (e.session.pk,),
    "td_status": lambda e: (e.session.pk,),
    "td_event_combined": lambda e: (e.event.pk,),
    "td_event_seed_final": lambda e: (e.event.pk,),
    "td_sign_in": lambda e: (e.draft_section.pk,),
    "td_movement": lambda e: (e.draft_section.pk,),
    "td_movement_import": lambda e: (e.draft_section.pk,),
    "td_share_boards": lambda e: (e.draft_section.pk,),
    "td_withdraw": lambda e: (e.draft_section.entries.first().pk,),
    "td_leave": lambda e: (e.section.pk,),
    "td_table_change": lambda e: (e.section.pk,),
    "td_result": lambda e: (e.section.pk,),
    "td_confirm": lambda e: (e.section.pk,),
    "td_ruling": lambda e: (e.section.pk, 1),
    "td_protest": lambda e: (e.section.pk, 1),
    "td_protest_decide": lambda e: (e.section.protests.first().pk,),
    "boards_generate": lambda e: (e.draft.pk,),
    "boards_import": lambda e: (e.draft.pk,),
    "boards_enter": lambda e: (e.draft.pk,),
    "boards_analyse": lambda e: (e.session.pk,),
    "boards_release": lambda e: (e.session.pk,),
    "session_print": lambda e: (e.session.pk, "master-sheet"),
    "print_job_start": lambda e: (e.session.pk,),
    "print_job_download": lambda e: (e.session.pk, e.print_job.pk),
    "print_job_progress": lambda e: (e.session.pk, e.print_job.pk),
    "td_club_backup": lambda e: (e.club.slug,),
    "td_event_export": lambda e: (_combined_event(e).pk, "combined-csv"),
    "td_session_export": lambda e: (e.session.pk, "usebio"),
    "boards_pbn": lambda e: (e.session.pk,),
    "boards_pdf": lambda e: (e.session.pk, "hand-records"),
    "boards_progress": lambda e: (e.session.pk,),
    "session_standings": lambda e: (e.session.pk,),
}


def _combined_event(evening: Evening):
    """An event of the club ranking its sessions together (average of the percentages),
    none played yet: its combined CSV is the header alone."""
    from tournament.models import Event

    return Event.objects.create(
        club=evening.club, name="Two-session pairs", game="contract",
        scoring_method="matchpoints", conditions={"combined": {"method": "average"}},
    )  # fmt: skip


def url_of(page: Page, evening: Evening) -> str:
    from django.urls import reverse

    return reverse(page.name, args=page.args(evening)) + page.query
