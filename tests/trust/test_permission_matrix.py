"""The permission matrix: every URL pattern × every persona × read (GET) and write (POST).

Personas: ``anon`` (nobody signed in), ``table`` (a phone that opened table 2's code
``/t/<token>/`` — it holds that token and nothing else), ``td`` (a TD of the club running the
session), ``outsider`` (a TD of another club), ``staff`` (a TD of the club made the old way:
staff, in the group *Tournament directors* with every model permission of the apps) and
``superuser`` (the site's operator).

``MATRIX`` names the expected answer of each cell:

* ``200`` the page; ``302`` done and sent on (a write that was allowed);
* ``login`` sent to the sign-in page (302 to ``/login/?next=…``);
* ``400`` refused by the form, ``403`` forbidden, ``404`` not found, ``405`` wrong method.

The patterns are enumerated from the resolver: a new view without a row here fails
``test_every_url_pattern_has_a_row``.  Every cell that is not an allowed write (``302`` on
a write view) must leave every row of the project's apps as it was.  The ``staff`` column is
the ``td`` column unless a row names it: in the console a staff TD is just a TD of the club.
The admin site (``tournament.admin_site``: superusers only) is covered pattern by pattern, and
every registered model's changelist, add, change, delete and history page, by
``test_the_admin_site_is_for_the_superuser_only``.
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from boards import jobs
from scoring.models import BoardResult, Protest
from tests.tournament.movements.test_schedule_import import mitchell_3t, upload
from tournament.models import Section

from .conftest import fingerprint

PERSONAS = ("anon", "table", "td", "outsider", "superuser", "staff")
TABLE = 2  # the ``table`` persona holds this table's code


def row(anon, table, td, outsider, superuser, staff=None):
    staff = td if staff is None else staff
    return dict(zip(PERSONAS, (anon, table, td, outsider, superuser, staff), strict=True))


PUBLIC = row(200, 200, 200, 200, 200)  # reading is public
TD_PAGE = row("login", "login", 200, 403, 200)  # the console: a TD of this club only
TD_WRITE = row("login", "login", 302, 403, 302)
POST_ONLY = row(405, 405, 405, 405, 405)  # require_POST before the permission check
TD_GET_ONLY = row("login", "login", 405, 403, 405)  # boards pages: permission first

MATRIX: dict[str, dict[str, dict]] = {
    # public pages: a POST only reads again (nothing stored)
    "home": {"get": PUBLIC, "post": PUBLIC},
    "club": {"get": PUBLIC, "post": PUBLIC},
    "event": {"get": PUBLIC, "post": PUBLIC},
    "session": {"get": PUBLIC, "post": PUBLIC},
    "session_standings": {"get": PUBLIC, "post": PUBLIC},
    # board 1 is still in play and its deal not released: only the TDs of the club see it
    "board": {"get": row(404, 404, 200, 404, 200), "post": row(404, 404, 200, 404, 200)},
    "scorecard": {"get": PUBLIC, "post": PUBLIC},
    "player_search": {"get": PUBLIC, "post": PUBLIC},
    "player": {"get": PUBLIC, "post": PUBLIC},
    # table codes: the TD's page and actions
    "table_codes": {"get": TD_PAGE, "post": TD_PAGE},
    "table_codes_action": {"get": row("login", "login", 405, 403, 405), "post": TD_WRITE},
    # the table page: only the table's own code opens it; everyone else has a forged one
    "table": {"get": row(404, 200, 404, 404, 404), "post": row(404, 302, 404, 404, 404)},
    # the score before saving: POST only, and only with the table's own code
    "table_score": {"get": POST_ONLY, "post": row(404, 200, 404, 404, 404)},
    # a Swiss match's sheet at the table: only a code opens it (the night's pairs code is sent
    # on to its table page; another match's code: tests/swiss/test_table_entry.py)
    "table_swiss": {"get": row(404, 302, 404, 404, 404), "post": row(404, 302, 404, 404, 404)},
    # printed documents of a running session are for the TDs
    "session_print": {"get": TD_PAGE, "post": TD_PAGE},
    # the session pack made by the task worker: its job's page, progress and download
    "print_job_start": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "print_job": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "print_job_progress": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "print_job_download": {"get": TD_PAGE, "post": TD_GET_ONLY},
    # signing in and out (a wrong password answers the form again, nothing stored)
    "login": {"get": PUBLIC, "post": PUBLIC},
    "logout": {"get": POST_ONLY, "post": row(302, 302, 302, 302, 302)},
    # the director's console
    "td_console": {"get": row("login", "login", 200, 200, 200),
                   "post": row("login", "login", 200, 200, 200)},
    "td_event_new": {"get": TD_PAGE, "post": TD_WRITE},
    "td_event": {"get": TD_PAGE, "post": TD_WRITE},
    "td_event_combined": {"get": POST_ONLY, "post": TD_WRITE},
    "td_event_seed_final": {"get": POST_ONLY, "post": TD_WRITE},
    # the combined ranking's downloads: the night's event ranks its sessions apart (404)
    "td_event_export": {"get": row("login", "login", 404, 403, 404), "post": TD_GET_ONLY},
    # files: downloads are GET only, imports POST only (a TD of the club)
    "td_club_files": {"get": TD_PAGE, "post": TD_PAGE},
    "td_club_players": {"get": TD_PAGE, "post": TD_WRITE},
    "td_club_backup": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "td_club_import": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "td_session_files": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_export": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "td_session": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_entries": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_movement": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_boards": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_play": {"get": TD_PAGE, "post": TD_PAGE},
    "td_session_results": {"get": TD_PAGE, "post": TD_PAGE},
    "td_section_new": {"get": POST_ONLY, "post": TD_WRITE},
    "td_boards": {"get": POST_ONLY, "post": TD_WRITE},
    "td_release": {"get": POST_ONLY, "post": TD_WRITE},
    "td_status": {"get": POST_ONLY, "post": TD_WRITE},
    "td_standings": {"get": TD_PAGE, "post": TD_PAGE},
    "td_sign_in": {"get": POST_ONLY, "post": TD_WRITE},
    "td_movement": {"get": POST_ONLY, "post": TD_WRITE},
    "td_movement_import": {"get": POST_ONLY, "post": TD_WRITE},
    "td_share_boards": {"get": POST_ONLY, "post": TD_WRITE},
    "td_withdraw": {"get": POST_ONLY, "post": TD_WRITE},
    "td_leave": {"get": POST_ONLY, "post": TD_WRITE},
    "td_table_change": {"get": POST_ONLY, "post": TD_WRITE},
    "td_traveller": {"get": TD_PAGE, "post": TD_PAGE},
    "td_slip": {"get": TD_PAGE, "post": TD_PAGE},
    "td_result": {"get": POST_ONLY, "post": TD_WRITE},
    "td_confirm": {"get": POST_ONLY, "post": TD_WRITE},
    "td_correct": {"get": TD_PAGE, "post": TD_WRITE},
    "td_board": {"get": TD_PAGE, "post": TD_PAGE},
    "td_travellers": {"get": TD_PAGE, "post": TD_PAGE},
    "td_scorecard": {"get": TD_PAGE, "post": TD_PAGE},
    "td_ruling": {"get": POST_ONLY, "post": TD_WRITE},
    "td_protest": {"get": POST_ONLY, "post": TD_WRITE},
    "td_protests": {"get": TD_PAGE, "post": TD_PAGE},
    "td_protest_decide": {"get": POST_ONLY, "post": TD_WRITE},
    "td_ties": {"get": TD_PAGE, "post": row("login", "login", 400, 403, 400)},  # no tie yet
    "td_progressive": {"get": TD_PAGE, "post": row("login", "login", 400, 403, 400)},
    # the social game's page: the night's section is not a social game, so a score is refused
    "td_social": {"get": TD_PAGE, "post": row("login", "login", 400, 403, 400)},
    # the Swiss page: the night's section is not a Swiss, so a match score is refused
    "td_swiss": {"get": TD_PAGE, "post": row("login", "login", 400, 403, 400)},
    # the players' Swiss pairing page: the night is not a Swiss
    "swiss_pairings": {"get": row(404, 404, 404, 404, 404), "post": row(404, 404, 404, 404, 404)},
    # Foster's draw: the night's section has no score to draw for, so a draw is refused
    "td_foster": {"get": TD_PAGE, "post": row("login", "login", 400, 403, 400)},
    # the live event stream is public reading; the table app's files and queue need the code
    # (a POST reads again, as on the public pages; the manifest names no more than its URL)
    "session_events": {"get": PUBLIC, "post": PUBLIC},
    "table_service_worker": {"get": PUBLIC, "post": PUBLIC},
    "table_manifest": {"get": PUBLIC, "post": PUBLIC},
    "table_sync": {"get": POST_ONLY, "post": row(404, 400, 404, 404, 404)},
    # the board-set pages (deals): a TD of the club, never cached
    "boards_td": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "boards_generate": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "boards_import": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "boards_enter": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "boards_analyse": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "boards_progress": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "boards_release": {"get": TD_GET_ONLY, "post": TD_WRITE},
    "boards_pbn": {"get": TD_PAGE, "post": TD_GET_ONLY},
    "boards_pdf": {"get": TD_PAGE, "post": TD_GET_ONLY},
}  # fmt: skip

#: allowed writes that keep no row of their own: signing out; the analysis (a thread, patched)
#: td_event_seed_final: the night's event has no final to seed, so it is refused (a message)
#: (table_swiss: the night is a pairs session, so its code is only sent on to its table page)
STORE_NOTHING = {"logout", "boards_analyse", "td_event_seed_final", "table_swiss"}
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _walk(patterns, namespace=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            inner = f"{namespace}{p.namespace}:" if p.namespace else namespace
            yield from _walk(p.url_patterns, inner)
        else:
            yield f"{namespace}{p.name}", p


def url_patterns() -> dict[str, object]:
    return dict(_walk(get_resolver().url_patterns))


def test_every_url_pattern_has_a_row():
    names = {n for n in url_patterns() if not n.startswith("admin:")}
    assert names - set(MATRIX) == set(), "a view without a row in the permission matrix"
    assert set(MATRIX) - names == set(), "a row for a view that no longer exists"


def players_csv():
    """A fresh upload each time (a file object is read once)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("players.csv", b"name,membership\nNew Member,M-77\n")


def _print_job(session):
    """A finished pack job of the session (its PDF stands in: only the doors are tested)."""
    from tournament.models import PrintJob

    job = PrintJob.objects.filter(session=session, status="done").first()
    return job or PrintJob.objects.create(
        session=session, document="pack", section="A", page_size="A4", status="done",
        filename="pack.pdf", content=b"%PDF-1.4 stand-in",
    )  # fmt: skip


def target(name: str, night, persona: str) -> tuple[str, dict]:
    """(URL, valid POST data) of each pattern in the ``night`` fixture."""
    s, sec, d, dsec = night.session, night.section, night.draft, night.draft_section
    result = BoardResult.objects.filter(section=sec, board_number=1).order_by("pk").first()
    (board, play), _ = night.round_plays(2, table=TABLE)
    token = night.tokens[TABLE] if persona == "table" else "forged-" + "x" * 36
    entry = dsec.entries.order_by("number").first()
    # a second draft section with section A's movement, to play A's boards (twin sections)
    twin = (
        Section.objects.get_or_create(session=d, name="T", defaults={"movement": dsec.movement})[0]
        if name == "td_share_boards"
        else dsec
    )
    protest = Protest.objects.filter(section=sec).first() or Protest.objects.create(
        section=sec, board_number=1, entry=result.ns_entry, grounds="a protest to decide",
        filed_at=timezone.now(),
    )  # fmt: skip
    urls = {
        "home": ((), {}),
        "club": ((s.club.slug,), {}),
        "event": ((s.event_id,), {}),
        "session": ((s.pk,), {}),
        "session_standings": ((s.pk,), {}),
        "board": ((s.pk, 1), {}),
        "scorecard": ((s.pk, "A", 1), {}),
        "player_search": ((), {"q": "Player"}),
        "player": ((entry.entry_players.first().player_id,), {}),
        "table_codes": ((s.pk,), {}),
        "table_codes_action": ((s.pk,), {"section": sec.pk, "action": "reissue", "table": 3}),
        "table": ((token,), {f"b{board}-board": board, f"b{board}-ns": play.ns,
                             f"b{board}-ew": play.ew, f"b{board}-result": "4S N ="}),
        "table_score": ((token,), {f"b{board}-board": board, f"b{board}-ns": play.ns,
                                   f"b{board}-ew": play.ew, f"b{board}-result": "4S N ="}),
        "table_swiss": ((token,), {"action": "sheet", "round": 1, "b1_t1": "4S N ="}),
        "session_print": ((s.pk, "master-sheet"), {}),
        "print_job_start": ((s.pk,), {"document": "pack", "page_size": "A4"}),
        "print_job": ((s.pk, _print_job(s).pk), {}),
        "print_job_progress": ((s.pk, _print_job(s).pk), {}),
        "print_job_download": ((s.pk, _print_job(s).pk), {}),
        "login": ((), {"username": "director", "password": "wrong-guess"}),
        "logout": ((), {}),
        "td_console": ((), {}),
        "td_event_new": ((s.club.slug,), {"name": "Friday Pairs", "kind": "one_off",
                         "game": "contract", "scoring_method": "matchpoints", "format": "pairs",
                         "prizes_per_field": 3, "tie_rule": "share", "adjusted_policy": "60/40",
                         "provisional_hours": 48}),
        "td_event": ((s.event_id,), {"name": "Later", "date": "2026-12-01"}),
        "td_event_combined": ((s.event_id,), {"method": "average", "factor": "1/2"}),
        "td_event_seed_final": ((s.event_id,), {}),
        "td_event_export": ((s.event_id, "combined-csv"), {}),
        "td_club_files": ((s.club.slug,), {}),
        "td_club_players": ((s.club.slug,),
                            {f"rating_{entry.entry_players.first().player_id}": "1200"}),
        "td_club_backup": ((s.club.slug,), {}),
        "td_club_import": ((s.club.slug, "players"), {"file": players_csv()}),
        "td_session_files": ((s.pk,), {}),
        "td_session_export": ((s.pk, "usebio"), {}),
        "td_session": ((s.pk,), {}),
        **{f"td_session_{step}": ((s.pk,), {})
           for step in ("entries", "movement", "boards", "play", "results")},
        "td_section_new": ((d.pk,), {"name": "B"}),
        "td_boards": ((d.pk,), {"seed": "a seed"}),
        "td_release": ((s.pk,), {}),
        "td_status": ((s.pk,), {"to": "provisional"}),
        "td_standings": ((s.pk,), {}),
        "td_sign_in": ((dsec.pk,), {"new_player1": "New One", "new_player2": "New Two"}),
        "td_movement": ((dsec.pk,), {"kind": "mitchell", "boards_per_round": 3}),
        "td_movement_import": ((dsec.pk,), {"schedule": upload(mitchell_3t()),
                                            "boards_per_round": 2}),
        "td_share_boards": ((twin.pk,), {"shares_boards_with": dsec.pk}),
        "td_withdraw": ((entry.pk,), {}),
        # pair 1 (N-S, table 1) leaves after round 2: only table 1's round 3 is scored
        "td_leave": ((sec.pk,), {"entry": 1, "after_round": 2, "score": "np"}),
        # pairs 1 and 2 leave: the rest re-planned with one table fewer where it can be
        "td_table_change": ((sec.pk,), {"change": "remove", "gone1": 1, "gone2": 2,
                                        "score": "np", "confirm": "1"}),
        "td_traveller": ((sec.pk, 1), {}),
        "td_slip": ((sec.pk, 2, TABLE), {}),
        "td_result": ((sec.pk,), {"board": board, "ns": play.ns, "ew": play.ew,
                                  "round": play.round, "result": "4S N ="}),
        "td_confirm": ((sec.pk,), {"table": 1, "round": 2}),
        "td_social": ((sec.pk,), {"action": "score", "round": 1, "table": 1,
                                  "ns_points": 100, "ew_points": 0}),
        "td_swiss": ((sec.pk,), {"action": "score", "round": 1, "table": 1,
                                 "home_imps": 10, "away_imps": 3}),
        "swiss_pairings": ((s.pk,), {}),
        "session_events": ((s.pk,), {}),
        "table_service_worker": ((), {}),
        "table_manifest": ((token,), {}),
        "table_sync": ((token,), {}),
        "td_correct": ((result.pk,), {"board": 1, "ns": result.ns_entry.number,
                       "ew": result.ew_entry.number, "round": 1, "result": "2S N =",
                       "reason": "traveller misread", "version": result.version}),
        "td_board": ((sec.pk, 1), {}),
        "td_travellers": ((sec.pk,), {}),
        "td_scorecard": ((sec.pk, 1), {}),
        "td_ruling": ((sec.pk, 1), {"kind": "average", "reason": "board fouled",
                                     "ns": result.ns_entry.number, "ew": result.ew_entry.number}),
        "td_protest": ((sec.pk, 1), {"entry": result.ew_entry.number,
                                     "grounds": "N-S claimed a revoke too late"}),
        "td_protests": ((s.pk,), {}),
        "td_protest_decide": ((protest.pk,), {f"p{protest.pk}-status": "dismissed",
                                              f"p{protest.pk}-decision": "claim out of time"}),
        "td_ties": ((s.pk,), {}),
        "td_progressive": ((sec.pk,), {}),
        "td_foster": ((sec.pk,), {"action": "draw"}),
        "boards_td": ((s.pk,), {}),
        "boards_generate": ((d.pk,), {"boards": "1-4", "seed": "another seed"}),
        "boards_import": ((d.pk,), {"text": f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'}),
        "boards_enter": ((d.pk,), {"board": 1, "deal": DEAL}),
        "boards_analyse": ((s.pk,), {}),
        "boards_progress": ((s.pk,), {}),
        "boards_release": ((s.pk,), {}),
        "boards_pbn": ((s.pk,), {}),
        "boards_pdf": ((s.pk, "hand-records"), {}),
    }  # fmt: skip
    args, data = urls[name]
    return reverse(name, args=args), data


def staff_td(club):
    """A TD of the club who is also staff and in the TD group (every model permission)."""
    from django.contrib.auth.models import User

    from tournament.permissions import td_group

    user = User.objects.create_user("staffer", password="correct-horse-battery", is_staff=True)
    user.groups.add(td_group())
    club.directors.add(user)
    return user


@pytest.fixture
def clients(night, director, outsider, superuser):
    def make(persona: str) -> Client:
        client = Client(HTTP_USER_AGENT="matrix")
        if persona == "table":
            assert client.get(f"/t/{night.tokens[TABLE]}/").status_code == 200
        users = {
            "td": director,
            "outsider": outsider,
            "superuser": superuser,
            "staff": staff_td(night.session.club) if persona == "staff" else None,
        }
        if persona in users:
            client.force_login(users[persona])
        return client

    return make


def check(response, expected) -> None:
    status, location = response.status_code, response.get("Location", "")
    if expected == "login":
        assert status == 302 and location.startswith("/login/?next="), (status, location)
    elif expected == 302:
        assert status == 302 and not location.startswith("/login/"), (status, location)
    else:
        assert status == expected, (status, location, response.content[:300])


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_permission_matrix(name, night, clients, monkeypatch):
    """Every cell of the row, then the same writes without the CSRF token."""
    monkeypatch.setattr(jobs, "start", lambda session: None)  # no analysis task in tests
    for method in ("get", "post"):
        for persona in PERSONAS:
            expected = MATRIX[name][method][persona]
            with transaction.atomic():
                client = clients(persona)
                url, data = target(name, night, persona)
                before = fingerprint()
                response = getattr(client, method)(url, data if method == "post" else None)
                try:
                    check(response, expected)
                except AssertionError as exc:
                    raise AssertionError(f"{method.upper()} {url} as {persona}: {exc}") from exc
                if not (method == "post" and expected == 302 and name not in STORE_NOTHING):
                    assert fingerprint() == before, f"{method} {url} as {persona} stored a row"
                else:
                    assert fingerprint() != before, f"{method} {url} as {persona} stored nothing"
                transaction.set_rollback(True)
    check_csrf(name, night, clients)


#: POSTs exempt from Django's CSRF token by design, with what guards them instead
CSRF_EXEMPT = {
    # the phone's offline queue: the table code in the URL and a same-origin check
    # (another site's request is refused: tests/players/test_table_queue.py)
    "table_sync",
}


def check_csrf(name, night, clients):
    """With CSRF checks on (as in production), a POST without the token is refused: 403."""
    if name in CSRF_EXEMPT:
        return
    for persona in ("table", "td", "superuser"):
        client = clients(persona)
        client.handler.enforce_csrf_checks = True
        url, data = target(name, night, persona)
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code == 403, ("CSRF", persona, url, response.status_code)
        assert b"CSRF" in response.content
        assert fingerprint() == before


def test_a_table_code_opens_only_its_own_table(night, client):
    """Table 2's code cannot enter (or see) table 1's boards, pairs or round."""
    (board, play), _ = night.round_plays(2, table=3)
    before = fingerprint()
    response = client.post(
        f"/t/{night.tokens[TABLE]}/",
        {f"b{board}-board": board, f"b{board}-ns": play.ns, f"b{board}-ew": play.ew,
         f"b{board}-result": "4S N ="},
    )  # fmt: skip
    assert response.status_code == 400
    assert "is not played at this table in this round" in response.content.decode()
    assert fingerprint() == before
    page = client.get(f"/t/{night.tokens[TABLE]}/").content.decode()
    mine = {b for b, _ in night.round_plays(2, table=TABLE)}
    shown = {int(n) for n in re.findall(r'id="board-(\d+)"', page)}
    assert shown == mine


def test_a_revoked_code_is_refused_and_stores_nothing(night, client, director):
    from tournament.play import services as play_services

    play_services.revoke(night.section, TABLE)
    (board, play), _ = night.round_plays(2, table=TABLE)
    before = fingerprint()
    data = {f"b{board}-board": board, f"b{board}-ns": play.ns, f"b{board}-ew": play.ew,
            f"b{board}-result": "4S N ="}  # fmt: skip
    assert client.post(f"/t/{night.tokens[TABLE]}/", data).status_code == 403
    assert client.get(f"/t/{night.tokens[TABLE]}/").status_code == 403
    assert fingerprint() == before


def _admin_urls():
    """Every admin pattern (ids "1"), then every registered model's pages."""
    out = []
    for name, pattern in url_patterns().items():
        if not name.startswith("admin:"):
            continue
        kwargs = {}
        for key in pattern.pattern.converters:
            kwargs[key] = {"app_label": "tournament", "url": "nothing/here"}.get(key, "1")
        if "app_label" in pattern.pattern.regex.groupindex and not kwargs:
            kwargs = {"app_label": "tournament"}
        if name == "admin:view_on_site":
            kwargs = {"content_type_id": "1", "object_id": "1"}
        try:
            out.append((name, reverse(name, kwargs=kwargs)))
        except Exception:  # the catch-all pattern (admin:<url>) takes a path
            out.append((name, "/admin/nothing/here/"))
    return out + _model_admin_urls()


def _model_admin_urls():
    """Each registered model's changelist and add pages, and the change, delete and history
    pages of its first row (if it has one)."""
    from django.contrib import admin

    out = []
    for model in admin.site._registry:
        info = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        out += [(f"{info}_changelist", reverse(f"{info}_changelist")),
                (f"{info}_add", reverse(f"{info}_add"))]  # fmt: skip
        obj = model.objects.order_by("pk").first()
        if obj is not None:
            out += [(f"{info}_{page}", reverse(f"{info}_{page}", args=[obj.pk]))
                    for page in ("change", "delete", "history")]  # fmt: skip
    return out


def test_every_registered_model_has_admin_pages_and_rows(night):
    """The walks reach each model's row pages: the night holds a row of every model of the
    project's apps but a hand seating and a ruling (django-axes's logs are empty too, and so
    is the task queue's results table: the tests run tasks immediately)."""
    from django.contrib import admin

    names = {name for name, _ in _model_admin_urls()}
    models = list(admin.site._registry)
    assert len(models) >= 14
    with_rows = [
        m for m in models if f"admin:{m._meta.app_label}_{m._meta.model_name}_change" in names
    ]
    without = {m.__name__ for m in models if m not in with_rows}
    assert without <= {
        "AccessAttempt",
        "AccessLog",
        "AccessFailureLog",
        "RoundSeating",
        "Ruling",
        "DBTaskResult",
    }


@pytest.mark.parametrize("persona", ["anon", "table", "td", "outsider", "staff"])
def test_the_admin_site_is_for_the_superuser_only(persona, night, clients):
    """Every admin URL, read and write, sends anyone but a superuser to the admin's sign-in
    (a staff TD of the club with every model permission included); nothing is stored."""
    urls = _admin_urls()
    assert len(urls) > 60
    client = clients(persona)
    before = fingerprint()
    for method in ("get", "post"):
        for name, url in urls:
            if name == "admin:logout":
                continue  # below: it ends the persona's session
            response = getattr(client, method)(url, {} if method == "post" else None)
            status = response.status_code
            if name == "admin:login":
                assert status == 200, (persona, method, name, status)
                assert b"is_superuser" not in response.content
            else:
                assert status == 302, (persona, method, name, url, status)
                assert response["Location"].startswith("/admin/login/"), (name, response)
    assert fingerprint() == before


def test_the_staff_td_cannot_sign_in_to_the_admin(night):
    """A staff TD with the right password: the admin's sign-in refuses it, the index stays shut."""
    staff_td(night.session.club)
    client = Client()
    response = client.post(reverse("admin:login"),
                           {"username": "staffer", "password": "correct-horse-battery"})  # fmt: skip
    assert client.get(reverse("admin:index")).status_code == 302
    assert client.get(reverse("admin:tournament_club_changelist")).status_code == 302
    assert response.status_code in (200, 302)


def test_the_site_operator_opens_every_admin_page(night, clients):
    """The superuser (the site's operator) opens each model's changelist, add, change,
    delete and history pages; GETs store nothing."""
    client = clients("superuser")
    before = fingerprint()
    opened = 0
    for name, url in _model_admin_urls():
        response = client.get(url)
        # django-axes's lock-out records and the task queue's results are read-only (no add
        # or change): 403 is theirs
        read_only = name.startswith(("admin:axes_", "admin:django_tasks_database_"))
        allowed = (200, 403) if read_only else (200,)
        assert response.status_code in allowed, (name, url, response.status_code)
        opened += 1
    assert opened > 60
    assert fingerprint() == before
