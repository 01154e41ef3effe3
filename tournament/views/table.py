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

import functools

import segno
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template import Context
from django.template.loader import get_template
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from scoring.forms import (
    FORM_FIELDS,
    HONOURS,
    KEYPAD,
    ResultEntryForm,
    check_locked,
    check_place,
    errors_to_form,
    surface_errors,
)
from scoring.models import BoardResult
from scoring.results import selectors as result_selectors
from scoring.results import services as result_services
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services
from tournament.play.selectors import REFUSALS
from tournament.progressive import selectors as progressive_selectors
from tournament.progressive import services as progressive_services
from tournament.social import selectors as social_selectors
from tournament.social import services as social_services
from tournament.swiss import selectors as swiss_selectors

from .. import limits
from ..forms import ProgressiveDealForm, SocialScoreForm, five_hundred_points
from ..models import Entry, Session
from ..permissions import director_required

#: The honours a keypad offers (whist, auction): their values
HONOUR_VALUES = tuple(value for value, _ in HONOURS)

#: The director's artificial scores on the keypad (Law 12C2: 60 % to a side not at fault, 40 % to
#: one at fault, 50 % when partly at fault); any other is typed, e.g. "A60/A50".  A method scored
#: against the average (net, tricks, total points) has only A50/A50 (``averages_only``).
ARTIFICIAL = ("A60/A40", "A50/A50", "A40/A60", "A40/A40", "A60/A60")


def _refusal(request, reason: str):
    status, title, advice = REFUSALS[reason]
    context = {"title": title, "advice": advice}
    return render(request, "table/refused.html", context, status=status)


def _open_token(request, token: str):
    """(TableToken, None) when the table may enter results, else (None, refusal page)."""
    row, reason = play_selectors.check_token(token)
    return (row, None) if reason is None else (None, _refusal(request, reason))


@functools.lru_cache(maxsize=256)
def _keypad_html(template, prefix: str, game: str, artificial: tuple[str, ...]) -> str:
    """A board's keypad (``table/_keypad.html``), rendered once per process for its form's
    prefix, the game and the director's scores on it: it shows nothing else, and a table
    page has one per board.  Kept with the template it was rendered from: a template
    changed in development (the loaders reset) is rendered anew; a deploy restarts."""
    form = ResultEntryForm(game=game, prefix=prefix)
    context = {"form": form, "fields": _fields_of(game),
               "kp": KEYPAD, "artificial": artificial, "honours": HONOUR_VALUES}  # fmt: skip
    return template.render(Context(context, autoescape=True))


def _keypad(form, game: str, artificial: tuple[str, ...]) -> str:
    template = get_template("table/_keypad.html").template
    return _keypad_html(template, form.prefix, game, artificial)


def _shown(form, game: str) -> list:
    """The form's fields the players fill in for this game (``FORM_FIELDS``), in the form's
    order; the rest of the form (board, pairs, round, version) goes as hidden inputs."""
    if form is None:
        return []
    fields = _fields_of(game)
    return [form[name] for name in form.fields if name in fields]


def _fields_of(game: str) -> tuple[str, ...]:
    return FORM_FIELDS.get(game, FORM_FIELDS["contract"])


def _boards(section, game, current, results, posted=None, artificial=ARTIFICIAL):
    """Each board of the round: its stored result, the version the page shows (0: none),
    its entry form — none once confirmed (a refused post's errors are shown instead) — and
    the form's keypad."""
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
        keypad = _keypad(form, game, artificial) if form is not None else ""
        out.append({"number": board, "result": result, "form": form, "version": version,
                    "refusals": refusals, "keypad": keypad, "shown": _shown(form, game)})  # fmt: skip
    return out


def _render(request, row, posted=None, status=200, confirm_error=""):
    section, session = row.section, row.section.session
    rounds, _, current = result_selectors.table_progress(row.section, row.table_number)
    # "of" the section's rounds, not the table's: a table added mid-session plays 3–5 of 5
    movement = section.get_movement()
    context = {"table": row, "section": section, "session": session, "current": current,
               "rounds_total": movement.round_count if movement else len(rounds),
               "confirm_error": confirm_error}  # fmt: skip
    if current is not None:
        game = session.event.game
        results = result_selectors.round_results(section, row.table_number, current["round"])
        artificial = ("A50/A50",) if result_selectors.averages_only(session.event) else ARTIFICIAL
        boards = _boards(section, game, current, results, posted, artificial)
        stored = [b["result"] for b in boards if b["result"] is not None]
        scores = result_selectors.stored_scores(section, stored, current["ns"], current["ew"])
        for b in boards:
            b["score"] = scores.get(b["number"])
        names = Entry.names_in(section, [current["ns"], current["ew"]])
        context.update(
            boards=boards,
            ns_name=names.get(current["ns"], ""),
            ew_name=names.get(current["ew"], ""),
            game=game,
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
    if social_selectors.is_social(row.section):
        return _social(request, row)
    if swiss_selectors.is_swiss(row.section):  # a Swiss teams match: its own page
        return redirect("table_swiss", token=row.token)
    if row.section.session.event.format == "progressive":
        return _progressive(request, row)
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
    row, reason = play_selectors.check_token(token)
    if reason is not None:
        status, title, advice = REFUSALS[reason]
        context = {"errors": [f"{title}. {advice}"]}
        return render(request, "table/_score.html", context, status=status)
    _, _, current = result_selectors.table_progress(row.section, row.table_number)
    if current is None:
        context = {"errors": ["Every round at this table is confirmed: nothing to score."]}
        return render(request, "table/_score.html", context, status=400)
    board = _posted_board(request)
    game = row.section.session.event.game
    form = ResultEntryForm(request.POST, game=game, prefix=f"b{board}")
    score = None
    if form.is_valid() and check_place(form, current, form.cleaned_data["board"]):
        try:
            score = result_selectors.deal_score(
                row.section, board=form.cleaned_data["board"], ns=current["ns"],
                ew=current["ew"], fields=form.result_fields,
            )  # fmt: skip
        except ValidationError as exc:
            errors_to_form(form, exc)
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


def _enter(request, row):
    _, results, current = result_selectors.table_progress(row.section, row.table_number)
    if current is None:
        return _render(request, row, status=400)
    board = _posted_board(request)
    game = row.section.session.event.game
    form = ResultEntryForm(request.POST, game=game, prefix=f"b{board}")
    form.board_number = board
    if form.is_valid():
        check_locked(form, results, current)
    if not form.is_valid() or not check_place(form, current, form.cleaned_data["board"]):
        surface_errors(form, game)
        return _render(request, row, posted=form, status=400)
    try:
        _store(row, current, form)
    except ValidationError as exc:
        errors_to_form(form, exc)
        surface_errors(form, game)
        return _render(request, row, posted=form, status=400)
    return redirect(request.path + f"#board-{board}")


def _store(row, current, form):
    board, based_on = form.cleaned_data["board"], form.cleaned_data.get("version") or 0
    result_services.store_at_table(
        row.section, row.table_number, current, board=board, based_on=based_on,
        fields=form.result_fields,
    )  # fmt: skip


def _confirm(request, row):
    _, results, current = result_selectors.table_progress(row.section, row.table_number)
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


def _social(request, row):
    """A social game at the table: the round's points, O.K.'d by an adversary [002 L2767–2768],
    kept by ``tournament.social.services.enter_score``; corrections are the TD's."""
    section = row.section
    form, errors, status = None, [], 200
    if request.method == "POST":
        form = SocialScoreForm(request.POST)
        current, _ = social_selectors.current_at_table(section, row.table_number)
        if request.POST.get("ok") != "yes":
            form.add_error(None, "An opponent must O.K. the score: tick the box.")
        if form.is_valid():
            data = form.cleaned_data
            if current is None or (data["round"], data["table"]) != (
                current.round,
                row.table_number,
            ):
                form.add_error(None, "This table is not playing that round now: reload.")
        if form.is_valid():
            try:
                social_services.enter_score(section, data["round"], row.table_number,
                                            at_table=True, **form.score())  # fmt: skip
            except ValidationError as exc:
                errors = [m for msgs in exc.message_dict.values() for m in msgs]
            else:
                return redirect("table", token=row.token)
        errors += [m for msgs in form.errors.values() for m in msgs]
        status = 400
    current, total = social_selectors.current_at_table(section, row.table_number)
    done = [t for t in social_selectors.schedule(section)
            if t.table == row.table_number and t.score is not None]  # fmt: skip
    context = {"table": row, "section": section, "session": section.session, "current": current,
               "rounds_total": total, "done": done, "errors": errors, "form": form,
               "kind": section.movement_kind}  # fmt: skip
    return render(request, "table/social.html", context, status=status)


def _progressive_result(request, section, table, current) -> dict[str, list[str]]:
    """A euchre (or any progressive game but auction) table's result from its phone: the
    winning side or both sides' points, the side that scored first, and each player's lone
    hands when they are played; an opponent O.K.s it.  The errors, or [] once kept."""
    data = request.POST
    try:
        if data.get("ok") != "yes":
            raise ValidationError({"ok": "An opponent must O.K. the result: tick the box."})
        if current is None or data.get("round") != str(current.round_number):
            raise ValidationError({"round": "This table is not playing that round now: reload."})
        names = {n: f"{p} ({n})" for n, p in progressive_selectors.players(section).items()}
        short = progressive_selectors.short_tables(section, current.round_number).get(table)
        if short:
            points = {"player_points": _foot_points(data, short, names)}
        else:
            points = {}
            for side, label in (("ns_points", "N-S points"), ("ew_points", "E-W points")):
                text = (data.get(side) or "").strip()
                try:
                    points[side] = limits.number(text, label, 100_000, 0) if text else None
                except ValueError as exc:
                    raise ValidationError({side: f"{exc}."}) from None
            points.update(winner=data.get("winner", ""),
                          first_to_score=data.get("first_to_score", ""))  # fmt: skip
        progressive_services.enter_result(
            section, table, at_table=True,
            lone_hands=progressive_services.lone_hands_from(section, data, names), **points,
        )  # fmt: skip
    except ValidationError as exc:
        return exc.message_dict
    return {}


def _foot_points(data, short: list[int], names: dict[int, str]) -> dict[int, int]:
    """A two- or three-hand foot table's points from its phone (``pp_<player>``, each
    required), or a ValidationError at the player's field [002 L6507–6511]."""
    out, errors = {}, {}
    for p in short:
        who = names.get(p, f"player {p}")
        try:
            out[p] = limits.number(data.get(f"pp_{p}", ""), f"Points of {who}",
                                   progressive_services.POINTS_MAX, 0)  # fmt: skip
        except ValueError as exc:
            errors[f"pp_{p}"] = f"{exc}."
    if errors:
        raise ValidationError(errors)
    return out


def _progressive(request, row):
    """A progressive game at the table: the round's seating and, at auction, this round's deals
    one by one, each O.K.'d by an adversary [002 L2881–2888], kept by
    ``tournament.progressive.services.enter_deal``; the round's score is worked out with the
    fourth deal.  Corrections are the TD's; other games' results are the TD's to enter."""
    section, table = row.section, row.table_number
    if progressive_selectors.is_five_hundred(section):
        return _five_hundred(request, row)
    current = progressive_selectors.current_round(section)
    form, errors, status, at_field = None, [], 200, {}
    if request.method == "POST" and not progressive_selectors.is_auction(section):
        at_field = _progressive_result(request, section, table, current)
        if not at_field:
            return redirect("table", token=row.token)
        errors = [m for msgs in at_field.values() for m in msgs]
        status = 400
    elif request.method == "POST":
        form = ProgressiveDealForm(request.POST)
        if request.POST.get("ok") != "yes":
            form.add_error(None, "An opponent must O.K. the deal: tick the box.")
        if form.is_valid() and (
            current is None
            or (form.cleaned_data["round"], form.cleaned_data["table"])
            != (current.round_number, table)
        ):
            form.add_error(None, "This table is not playing that round now: reload.")
        if form.is_valid():
            try:
                progressive_services.enter_deal(section, table, form.cleaned_data["deal"],
                                                at_table=True, **form.deal_fields())  # fmt: skip
            except ValidationError as exc:
                errors = [m for msgs in exc.message_dict.values() for m in msgs]
            else:
                return redirect("table", token=row.token)
        errors += [m for msgs in form.errors.values() for m in msgs]
        status = 400
    seat = sheet = None
    if current is not None:
        seat = progressive_selectors.seat_at(section, current.round_number, table)
        sheet = progressive_selectors.round_sheet(section, current.round_number, table)
    names = {n: str(p) for n, p in progressive_selectors.players(section).items()}
    sides = {}
    if seat:
        sides = {side: " & ".join(names.get(seat[k], str(seat[k])) for k in keys if seat.get(k))
                 for side, keys in (("ns", "ns"), ("ew", "ew"))}  # fmt: skip
    result = None
    if current is not None:
        result = section.progressive_results.filter(
            round_number=current.round_number, table_number=table
        ).first()
    kept = (result.lone_hands or {}) if result else {}
    seated = [(seat[k], names.get(seat[k], str(seat[k])),
               request.POST.get(f"lone_{seat[k]}", "") if status == 400 else "",
               kept.get(str(seat[k]), 0), " ".join(at_field.get(f"lone_{seat[k]}", [])))
              for k in "nsew" if seat and seat.get(k)]  # fmt: skip
    foot = [(num, name, request.POST.get(f"pp_{num}", "") if status == 400 else "",
             ((result.player_points or {}) if result else {}).get(str(num)),
             " ".join(at_field.get(f"pp_{num}", [])))
            for num, name, *_ in seated]  # fmt: skip
    context = {"table": row, "section": section, "session": section.session, "current": current,
               "seat": seat, "sheet": sheet, "sides": sides, "errors": errors, "form": form,
               "four": seat is not None and all(seat.get(k) for k in "nsew"),
               "auction": progressive_selectors.is_auction(section), "result": result,
               "seated": seated, "foot": foot, "lone_text": ", ".join(f"{x[1]} {x[3]}" for x in seated if x[3]),
               "posted": request.POST if status == 400 else {},
               "tally": progressive_selectors.tally_mode(section),
               "lone_hands": progressive_selectors.lone_hands_on(section),
               "lone_max": progressive_selectors.lone_hand_max(section),
               "aisle": progressive_selectors.table_rows(section, current.round_number).get(table)
               if current is not None and progressive_selectors.large_room(section) else None}  # fmt: skip
    return render(request, "table/progressive.html", context, status=status)


def _five_hundred(request, row):
    """Progressive Five Hundred at the table: the seats by the tally cards, the round's pad
    and the next deal's points, "entered … by one player and O. K.'d by adversary"
    [002 L7378–7386]; one deal for each player, then the round is in [002 L7400]."""
    section, table = row.section, row.table_number
    current = progressive_selectors.current_round(section)
    errors, status, posted = [], 200, {}
    if request.method == "POST":
        posted = request.POST
        try:
            if request.POST.get("ok") != "yes":
                raise ValidationError({"ok": "An adversary must O.K. the deal: tick the box."})
            if current is None or request.POST.get("round") != str(current.round_number):
                raise ValidationError(
                    {"round": "This table is not playing that round now: reload."}
                )
            deal = request.POST.get("deal", "")
            if not deal.isdecimal():
                raise ValidationError({"deal": "Say which deal this is: reload the page."})
            points = five_hundred_points(request.POST, section, current.round_number, table)
            progressive_services.enter_fh_deal(section, table, int(deal), points,
                                               at_table=True)  # fmt: skip
        except ValidationError as exc:
            errors = [m for msgs in exc.message_dict.values() for m in msgs]
            status = 400
        else:
            return redirect("table", token=row.token)
    names = {n: str(p) for n, p in progressive_selectors.players(section).items()}
    seat = sheet = None
    if current is not None:
        seat = progressive_selectors.seat_at(section, current.round_number, table)
        sheet = progressive_selectors.fh_sheet(section, current.round_number, table)
    view = progressive_selectors.fh_view([seat], names)[0] if seat else None
    context = {"table": row, "section": section, "session": section.session, "current": current,
               "view": view, "sheet": sheet, "errors": errors, "posted": posted}  # fmt: skip
    return render(request, "table/five_hundred.html", context, status=status)
