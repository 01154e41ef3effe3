"""Score entry at the table (``/t/<token>/``) and the TD's page of table QR codes.

The table page shows only the table's *current* round — the first round at
that table with a board lacking a result or a result not yet confirmed — and
nothing of earlier rounds: in a Mitchell the next E-W pair has still to play
the boards this table played before.  Each board's result goes through
``ResultEntryForm`` and ``scoring.results.services.record_result`` (via "table"); the
opponents then confirm on the same device (Law 9, [002 L3360–3362]), after
which only the TD can change the round's results.

Every form on the page carries the version of the result it showed (a board's form its
``version``, the O.K. one ``v<board>`` per board), and the services decide under the row
lock: a change after the O.K., or a write from a page loaded before another change or the
O.K., is refused with a message to reload — never applied.
"""

from __future__ import annotations

import segno
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from scoring.forms import HONOURS, ResultEntryForm
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from scoring.results import selectors as result_selectors
from scoring.results import services as result_services
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services

from ..models import Section, Session
from ..permissions import director_required

REFUSALS = {
    "unknown": (404, "This table code is not known",
                "Check that the whole code was scanned, or ask the director for the table's card."),
    "revoked": (403, "This table code has been withdrawn",
                "The director has replaced this table's code. Ask for the new card."),
    Session.Status.DRAFT: (403, "The session has not started",
                           "Results can be entered once the director starts the session."),
    Session.Status.PROVISIONAL: (403, "Play is over",
                                 "The session is provisional: ask the director about any correction."),
    Session.Status.FINAL: (403, "The session is final",
                           "Results can no longer be entered or changed."),
}  # fmt: skip
FORM_FIELDS = {
    "contract": ("result", "lead"),
    "auction": ("result", "honours_ns", "honours_ew", "revokes_ns", "revokes_ew"),
    "whist": ("tricks_ns", "revokes_ns", "revokes_ew"),
}
#: The director's artificial scores on the keypad (Law 12C2: 60 % to a side not at fault, 40 % to
#: one at fault, 50 % when partly at fault); any other is typed, e.g. "A60/A50".
ARTIFICIAL = ("A60/A40", "A50/A50", "A40/A60", "A40/A40", "A60/A60")
KEYPAD = {
    "levels": range(1, 8),
    "strains": (("C", "\u2663", "Clubs"), ("D", "\u2666", "Diamonds"), ("H", "\u2665", "Hearts"),
                ("S", "\u2660", "Spades"), ("NT", "NT", "No trumps")),
    "seats": (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")),
    # made exactly, over or down: 7 down to 13 down (a 7-level contract) to 6 over (a 1-level)
    "tricks": tuple((d, "=" if d == 0 else f"{d:+d}".replace("-", "\u2212")) for d in range(-13, 7)),
    "whist": range(14),
}  # fmt: skip
FIELD_OF_ERROR = {"board_number": "board", "__all__": None}


def _refusal(request, reason: str):
    status, title, advice = REFUSALS[reason]
    context = {"title": title, "advice": advice}
    return render(request, "table/refused.html", context, status=status)


def _check_token(token: str):
    """(TableToken, None) when the table may enter results, else (None, the reason)."""
    row = play_selectors.lookup(token)
    if row is None:
        return None, "unknown"
    if row.revoked:
        return None, "revoked"
    status = row.section.session.status
    if status != Session.Status.RUNNING:
        return None, status
    return row, None


def _open_token(request, token: str):
    """(TableToken, None) when the table may enter results, else (None, refusal page)."""
    row, reason = _check_token(token)
    return (row, None) if reason is None else (None, _refusal(request, reason))


def table_rounds(section: Section, table: int) -> list[dict]:
    """Each round at ``table``: the pairs and the boards (sit-outs and phantoms left out)."""
    movement = section.get_movement()
    rounds: dict[int, dict] = {}
    for board, plays in scheduled_plays(movement).items() if movement else ():
        for play in plays:
            if play.table == table:
                item = rounds.setdefault(
                    play.round, {"round": play.round, "ns": play.ns, "ew": play.ew, "boards": []}
                )
                item["boards"].append(board)
    for item in rounds.values():
        item["boards"].sort()
    return [rounds[r] for r in sorted(rounds)]


def current_round(rounds: list[dict], results: dict[int, BoardResult]) -> dict | None:
    for item in rounds:
        for board in item["boards"]:
            row = results.get((item["round"], board))
            if row is None or row.status != BoardResult.Status.CONFIRMED:
                return item
    return None


def _state(row):
    section = row.section
    rounds = table_rounds(section, row.table_number)
    results = {
        (r.round_number, r.board_number): r
        for r in BoardResult.objects.filter(section=section, table_number=row.table_number)
    }
    return rounds, results, current_round(rounds, results)


def _boards(section, game, current, results, posted=None):
    """Each board of the round: its stored result, the version the page shows (0: none),
    and its entry form — none once confirmed (a refused post's errors are shown instead)."""
    out = []
    for board in current["boards"]:
        result = results.get((current["round"], board))
        form = posted if posted is not None and posted.board_number == board else None
        locked = result is not None and result.status == BoardResult.Status.CONFIRMED
        refusals = []
        if locked and form is not None:
            refusals = [e for errors in form.errors.values() for e in errors]
            form = None
        elif form is None and not locked:
            form = ResultEntryForm(game=game, initial={"board": board}, prefix=f"b{board}")
        version = result.version if result is not None else 0
        out.append({"number": board, "result": result, "form": form, "version": version,
                    "refusals": refusals})  # fmt: skip
    return out


def _names(section, numbers):
    entries = section.entries.filter(number__in=numbers).prefetch_related("entry_players__player")
    return {e.number: e.display_name for e in entries}


def _render(request, row, posted=None, status=200, confirm_error=""):
    section, session = row.section, row.section.session
    rounds, results, current = _state(row)
    context = {"table": row, "section": section, "session": session, "current": current,
               "rounds_total": len(rounds), "confirm_error": confirm_error}  # fmt: skip
    if current is not None:
        game = session.event.game
        boards = _boards(section, game, current, results, posted)
        stored = [b["result"] for b in boards if b["result"] is not None]
        scores = result_selectors.stored_scores(section, stored, current["ns"], current["ew"])
        for b in boards:
            b["score"] = scores.get(b["number"])
        names = _names(section, [current["ns"], current["ew"]])
        context.update(
            boards=boards,
            ns_name=names.get(current["ns"], ""),
            ew_name=names.get(current["ew"], ""),
            fields=FORM_FIELDS.get(game, FORM_FIELDS["contract"]),
            game=game,
            artificial=ARTIFICIAL,
            kp=KEYPAD,
            honours=[value for value, _ in HONOURS],
            all_in=all(b["result"] is not None for b in boards),
            stray=posted
            if posted is not None and posted.board_number not in current["boards"]
            else None,
        )
    return render(request, "table/table.html", context, status=status)


@never_cache
def table(request, token):
    row, refusal = _open_token(request, token)
    if refusal is not None:
        return refusal
    if request.method != "POST":
        return _render(request, row)
    if request.POST.get("action") == "confirm":
        return _confirm(request, row)
    return _enter(request, row)


@never_cache
@require_POST
def table_score(request, token):
    """The score of the result being entered, before it is saved (the keypad asks as the
    players tap): the table page's form posted here, scored by the engine, nothing stored.
    A fragment of HTML: the score, or why the entry cannot be scored (status 400)."""
    row, reason = _check_token(token)
    if reason is not None:
        status, title, advice = REFUSALS[reason]
        context = {"errors": [f"{title}. {advice}"]}
        return render(request, "table/_score.html", context, status=status)
    _, _, current = _state(row)
    if current is None:
        context = {"errors": ["Every round at this table is confirmed: nothing to score."]}
        return render(request, "table/_score.html", context, status=400)
    board = _posted_board(request)
    game = row.section.session.event.game
    form = ResultEntryForm(request.POST, game=game, prefix=f"b{board}")
    score = None
    if form.is_valid() and _check_place(form, current, form.cleaned_data["board"]):
        try:
            score = result_selectors.deal_score(
                row.section, board=form.cleaned_data["board"], ns=current["ns"],
                ew=current["ew"], fields=form.result_fields,
            )  # fmt: skip
        except ValidationError as exc:
            _errors_to_form(form, exc)
    if score is None:
        errors = [e for messages in form.errors.values() for e in messages]
        return render(request, "table/_score.html", {"errors": errors}, status=400)
    return render(request, "table/_score.html", {"score": score})


def _posted_board(request) -> int | None:
    for key in request.POST:
        if key.startswith("b") and key.endswith("-board"):
            try:
                return int(key[1:-6])
            except ValueError:
                return None
    return None


def _check_place(form, current, board) -> bool:
    """The board, pairs and round must be this table's current ones: refused at the field."""
    data = form.cleaned_data
    if board not in current["boards"]:
        form.add_error("board", f"Board {board} is not played at this table in this round.")
    if data.get("ns") != current["ns"]:
        form.add_error("ns", f"N-S at this table this round is pair {current['ns']}.")
    if data.get("ew") != current["ew"]:
        form.add_error("ew", f"E-W at this table this round is pair {current['ew']}.")
    if data.get("round") not in (None, current["round"]):
        form.add_error("round", f"This table is playing round {current['round']}.")
    return not form.errors


def _check_locked(form, results, current) -> None:
    """A post for a board of an earlier round the opponents have confirmed (a page loaded
    before their O.K.): say so, rather than only that the table has moved on."""
    board, posted_round = form.cleaned_data["board"], form.cleaned_data.get("round")
    done = results.get((posted_round, board))
    if posted_round != current["round"] and done is not None:
        if done.status == BoardResult.Status.CONFIRMED:
            form.add_error("board", _CONFIRMED.format(board=board))


_CONFIRMED = "The opponents have confirmed board {board}; only the director can change it."


def _enter(request, row):
    _, results, current = _state(row)
    if current is None:
        return _render(request, row, status=400)
    board = _posted_board(request)
    game = row.section.session.event.game
    form = ResultEntryForm(request.POST, game=game, prefix=f"b{board}")
    form.board_number = board
    if form.is_valid():
        _check_locked(form, results, current)
    if not form.is_valid() or not _check_place(form, current, form.cleaned_data["board"]):
        _surface_errors(form, game)
        return _render(request, row, posted=form, status=400)
    try:
        _store(row, current, form)
    except ValidationError as exc:
        _errors_to_form(form, exc)
        _surface_errors(form, game)
        return _render(request, row, posted=form, status=400)
    return redirect(request.path + f"#board-{board}")


def _store(row, current, form):
    """A new result when the page showed none (version 0), else a change of the stored one
    based on the version the page showed; both decided under the row lock by the service."""
    actor = f"table {row.table_number}"
    board, based_on = form.cleaned_data["board"], form.cleaned_data.get("version") or 0
    if based_on == 0:
        result_services.record_result(
            row.section, board_number=board, ns=current["ns"], ew=current["ew"],
            round_number=current["round"], fields=form.result_fields, actor=actor, via="table",
            based_on=0,
        )  # fmt: skip
        return
    existing = BoardResult.objects.filter(
        section=row.section, table_number=row.table_number, round_number=current["round"],
        board_number=board,
    ).first()  # fmt: skip
    if existing is None:
        raise result_services.StaleResult(
            f"Board {board} {result_services.STALE}.", field="board_number"
        )
    result_services.correct_result(
        existing, fields=form.result_fields, user=None, based_on=based_on, at_table=True,
        reason=f"changed at {actor} before the opponents' O.K.", actor=actor,
    )  # fmt: skip


def _errors_to_form(form, exc: ValidationError) -> None:
    for field, messages in exc.message_dict.items():
        target = FIELD_OF_ERROR.get(field, field)
        if target is not None and target not in form.fields:
            target = "result" if "result" in form.fields else None
        for message in messages:
            form.add_error(target, message)


def _surface_errors(form, game: str) -> None:
    """Errors on a part the table page does not show (contract, declarer, tricks) go to the
    box the players typed in, so every refusal is visible at its field."""
    shown = set(FORM_FIELDS.get(game, FORM_FIELDS["contract"])) | {"board", "ns", "ew", "round"}
    target = "tricks_ns" if game == "whist" else "result"
    for name in [n for n in form.errors if n not in shown and n != "__all__"]:
        moved = form.errors.pop(name)
        form.errors.setdefault(target, form.error_class()).extend(moved)


def _confirm(request, row):
    _, results, current = _state(row)
    if current is None or request.POST.get("round") != str(current["round"]):
        return _render(request, row, status=400, confirm_error="That round is not open here.")
    if any(results.get((current["round"], b)) is None for b in current["boards"]):
        return _render(request, row, status=400, confirm_error="Enter every board first.")
    if request.POST.get("ok") != "yes":
        return _render(
            request, row, status=400,
            confirm_error="The opponents tick the box to say they have checked the results.",
        )  # fmt: skip
    versions = _seen_versions(request, current["boards"])
    if versions is None:
        return _render(request, row, status=400,
                       confirm_error=f"This page is out of date: reload it. {_RECHECK}")  # fmt: skip
    try:
        result_services.confirm(
            row.section, table_number=row.table_number, round_number=current["round"],
            actor=f"table {row.table_number}", versions=versions,
        )  # fmt: skip
    except ValidationError as exc:
        message = " ".join(m for ms in exc.message_dict.values() for m in ms)
        return _render(request, row, status=409, confirm_error=message)
    return redirect(request.path)


_RECHECK = "The opponents then check the results again before confirming."


def _seen_versions(request, boards) -> dict[int, int] | None:
    """The version of each board's result the confirming page showed (``v<board>``)."""
    versions = {}
    for board in boards:
        value = request.POST.get(f"v{board}", "")
        if not (value.isascii() and value.isdigit()) or len(value) > 10:
            return None
        versions[board] = int(value)
    return versions


# --- the TD's page of table codes -------------------------------------------------------


def _club_of_session(request, pk):
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk).club


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=5, border=2)


@director_required(_club_of_session)
@never_cache
def table_codes(request, pk):
    session = get_object_or_404(Session.objects.select_related("event__club"), pk=pk)
    sections = []
    for section in session.sections.prefetch_related("table_tokens"):
        active = {t.table_number: t for t in section.table_tokens.all() if not t.revoked}
        tables = []
        for number in play_selectors.section_tables(section):
            token = active.get(number)
            url = play_selectors.entry_url(request, token) if token else ""
            tables.append({"number": number, "url": url, "qr": _qr(url) if url else ""})
        sections.append({"section": section, "tables": tables})
    return render(request, "table/codes.html", {"session": session, "sections": sections})


@director_required(_club_of_session)
@require_POST
def table_codes_action(request, pk):
    session = get_object_or_404(Session, pk=pk)
    section_id = request.POST.get("section", "")
    section = (
        section_id.isascii()
        and section_id.isdigit()
        and session.sections.filter(pk=int(section_id)).first()
    )
    if not section:
        return HttpResponseBadRequest(
            "No such section in this session: nothing was changed.",
            content_type="text/plain; charset=utf-8",
        )
    action, table = request.POST.get("action"), request.POST.get("table", "")
    if action == "issue":
        play_services.issue_tokens(section)
    elif action == "revoke_all":
        play_services.revoke_all(section)
    elif action in ("revoke", "reissue"):
        number = next(
            (t for t in play_selectors.section_tables(section) if str(t) == table.strip()), None
        )
        if number is None:
            return HttpResponseBadRequest(
                f"Table {table[:20]!r} is not a table of section {section.name}: nothing was changed.",
                content_type="text/plain; charset=utf-8",
            )
        (play_services.revoke if action == "revoke" else play_services.reissue)(section, number)
    return redirect("table_codes", pk=session.pk)
