"""A Swiss teams match entered at the table (``/t/<token>/swiss/``, docs/swiss.md, "Entry at
the table").

The table's code (``tournament.play``: one per match table, the same card every round) opens
its match of the latest round paired.  One team enters each board's result at both tables
in the notation of the pairs' keypad ("4SX N =", "3NT S -1", or the N-S score) and sees each
board's scores and IMPs; the other team then checks the sheet on the same phone and confirms
it (the O.K. of Law 9 [002 L3360–3362], as the pairs do).  Only then does the match count in
the standings and the next round's pairing; after it only the TD changes the sheet, with a
reason (``tournament.swiss.services``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from scoring.forms import KEYPAD
from tournament.forms import SwissSheetForm
from tournament.play import selectors as play_selectors
from tournament.swiss import selectors as swiss_selectors
from tournament.swiss import services as swiss_services


def _refused(request, reason: str):
    status, title, advice = play_selectors.REFUSALS[reason]
    if request.method == "POST" and "preview" in request.POST:  # a fragment, not a page
        return render(request, "table/_swiss_board.html", {"error": f"{title}. {advice}"},
                      status=status)  # fmt: skip
    return render(request, "table/refused.html", {"title": title, "advice": advice},
                  status=status)  # fmt: skip


def _messages(exc: ValidationError) -> list[str]:
    return [m for msgs in exc.message_dict.values() for m in msgs]


def _post(request, row, match, form) -> list[str]:
    """Keep the sheet or the O.K. posted; the refusals that are not at a board's line."""
    section = row.section
    if request.POST.get("round") != str(match.round_number):
        return ["This table is not playing that round now: reload the page."]
    try:
        if request.POST.get("action") == "confirm":
            if request.POST.get("ok") != "yes":
                return ["The other team ticks the box to say they have checked the sheet."]
            swiss_services.confirm_at_table(section, row.table_number, match.round_number,
                                            request.POST.get("seen", ""))  # fmt: skip
            return []
        if not form.is_valid():
            return [m for f in ("__all__", "round", "table") for m in form.errors.get(f, [])]
        swiss_services.sheet_at_table(section, row.table_number, match.round_number,
                                      form.scores())  # fmt: skip
    except ValidationError as exc:
        lines = {k: v for k, v in exc.message_dict.items() if k in form.fields}
        for field, msgs in lines.items():
            form.add_error(field, msgs)
        return [m for k, msgs in exc.message_dict.items() if k not in lines for m in msgs]
    return []


def _form(section, match, row_view, data=None) -> SwissSheetForm:
    boards = swiss_selectors.settings_of(section).boards_per_match
    initial = {"round": match.round_number, "table": match.table_number}
    for b, text1, text2 in row_view.lines() if row_view is not None else ():
        initial[f"b{b.board}_t1"] = text1 or b.table1_ns
        initial[f"b{b.board}_t2"] = text2 or b.table2_ns
    return SwissSheetForm(boards, data, initial=initial)


def _lines(section, form) -> list[dict]:
    """Each board's two boxes with the keypad that writes into each (templates/table/
    _keypad.html, as on the pairs' page), the board as typed so far (``board_preview``) and
    whether it opens: the first board with a refused line, else the first not yet filled."""
    out = []
    for board, t1, t2 in form.rows():
        pads = [{"field": f, "table": t, "pad": {"prefix": f.html_name,
                                                "result": {"auto_id": f.id_for_label}}}
                for t, f in ((1, t1), (2, t2))]  # fmt: skip
        texts = tuple(str(f.value() or "") for f in (t1, t2))
        preview = swiss_selectors.board_preview(section, board, texts)
        out.append({"board": board, "tables": pads, "preview": preview,
                    "bad": bool(t1.errors or t2.errors), "empty": not all(texts)})  # fmt: skip
    first = next((x for x in out if x["bad"]), None) or next((x for x in out if x["empty"]), None)
    for line in out:
        line["open"] = line is first
    return out


def _preview(request, section, match):
    """One board's lines as typed, scored but not kept (``templates/table/_swiss_board.html``):
    the page asks as a line is typed or tapped (``preview``: the board)."""
    boards = swiss_selectors.settings_of(section).boards_per_match
    board = request.POST.get("preview", "")
    if match is None or not board.isdigit() or not 1 <= int(board) <= boards:
        error = "No match at this table now." if match is None else "No such board in the match."
        return render(request, "table/_swiss_board.html", {"error": error}, status=400)
    texts = tuple(request.POST.get(f"b{board}_t{t}", "")[:24] for t in (1, 2))
    preview = swiss_selectors.board_preview(section, int(board), texts)
    return render(request, "table/_swiss_board.html", {"p": preview})


@never_cache
def table_swiss(request, token):
    """The table's Swiss match: enter the sheet (each board's score and IMPs shown as typed,
    ``preview``), see its scores and IMPs, the O.K."""
    row, reason = play_selectors.check_token(token)
    if reason is not None:
        return _refused(request, reason)
    section = row.section
    if not swiss_selectors.is_swiss(section):
        return redirect("table", token=token)
    match = swiss_selectors.match_at(section, row.table_number)
    if request.method == "POST" and "preview" in request.POST:
        return _preview(request, section, match)
    errors, status, form = [], 200, None
    if match is not None and request.method == "POST":
        confirming = request.POST.get("action") == "confirm"
        form = _form(section, match, None, None if confirming else request.POST)
        errors = _post(request, row, match, form)
        if not errors and (confirming or not form.errors):
            return redirect("table_swiss", token=token)
        status = 400
        form = None if confirming else form
        match = swiss_selectors.match_at(section, row.table_number)
    view = swiss_selectors.match_row(section, match) if match is not None else None
    teams = section.session.event.format == "teams"
    open_ = teams and match is not None and (match.status == "entered" or not match.has_score)
    if open_ and form is None:
        form = _form(section, match, view)
    context = {"table": row, "section": section, "session": section.session, "match": match,
               "view": view, "form": form if open_ else None, "errors": errors,
               "lines": _lines(section, form) if open_ else [], "kp": KEYPAD, "fields": ("result",),
               "artificial": (), "seen": swiss_selectors.sheet_version(match) if match else "",
               "conditions": swiss_selectors.settings_of(section), "teams": teams}  # fmt: skip
    return render(request, "table/swiss.html", context, status=status)
