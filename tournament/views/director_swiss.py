"""A Swiss on the console (``/td/section/<pk>/swiss/``): the conditions, each round's pairing,
the match scores and the standings in VPs (docs/swiss.md).

One URL; a POST says what it does in ``action``: ``start``, ``pair``, ``score``, ``confirm``
(the teams' O.K. of a sheet entered at the table, recorded by the TD) or ``unpair``.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse

from tournament.forms import (
    ConfirmForm,
    SwissScoreForm,
    SwissSheetForm,
    SwissStartForm,
    add_errors,
    run_action,
)
from tournament.permissions import club_of_section, director_required, get_section
from tournament.swiss import selectors as swiss_selectors
from tournament.swiss import services as swiss_services


def _valid(form):
    if not form.is_valid():
        raise ValidationError(
            {f: [f"{form.fields[f].label or f}: {m}" if f in form.fields else m for m in msgs]
             for f, msgs in form.errors.items()}
        )  # fmt: skip
    return form.cleaned_data


def _start(request, section) -> str:
    data = _valid(SwissStartForm(request.POST))
    swiss_services.start(section, **{k: v for k, v in data.items() if v != ""})
    return "Swiss conditions kept: pair round 1 when the teams are in."


def _pair(request, section) -> str:
    number, seed = swiss_services.pair_next_round(section, request.POST.get("seed", ""))
    drawn = f" (drawn with the seed “{seed}”)" if seed else ""
    return f"Round {number} paired{drawn}."


def _score(request, section) -> str:
    data = _valid(SwissScoreForm(request.POST))
    swiss_services.enter_match(section, data["round"], data["table"], data["home_imps"],
                               data["away_imps"], user=request.user, reason=data["reason"])  # fmt: skip
    return f"Round {data['round']}, table {data['table']}: {data['home_imps']}–{data['away_imps']} kept."


def _confirm(request, section) -> str:
    """The teams' O.K. of a sheet entered at the table, recorded by the TD (their initials
    on the paper sheet)."""
    data = _valid(ConfirmForm(request.POST))
    match = swiss_services.confirm_by_director(section, data["table"], data["round"],
                                               request.POST.get("seen", ""), request.user)  # fmt: skip
    return (f"Round {match.round_number}, table {match.table_number}: the teams' O.K. of "
            f"{match.home_imps}–{match.away_imps} IMPs recorded.")  # fmt: skip


def _unpair(request, section) -> str:
    return f"Round {swiss_services.unpair_last_round(section)} unpaired."


def _boards(request, section):
    """A match's board-by-board sheet: kept (and back to the sheet), or refused at its fields."""
    form = SwissSheetForm(swiss_selectors.settings_of(section).boards_per_match, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = swiss_services.enter_boards(section, data["round"], data["table"],
                                                form.scores(), user=request.user,
                                                reason=data["reason"])  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Round {match.round_number}, table {match.table_number}: "
                             f"{match.home_imps}–{match.away_imps} IMPs from the board-by-board "
                             "sheet kept.")  # fmt: skip
            url = reverse("td_swiss", args=[section.pk])
            return redirect(f"{url}?sheet={match.round_number}-{match.table_number}#sheet")
    errors = [*form.non_field_errors(), *form.errors.get("round", []),
              *form.errors.get("table", []), *form.errors.get("reason", [])]  # fmt: skip
    return _page(request, get_section(section.pk), errors, status=400, sheet_form=form)


ACTIONS = {"start": _start, "pair": _pair, "score": _score, "confirm": _confirm, "unpair": _unpair}


def _sheet(request, section, rounds, bound=None):
    """The board-by-board sheet asked for (``?sheet=<round>-<table>``, or the one just
    refused): (the match, its form), or (None, None)."""
    if bound is not None:
        wanted = (bound.data.get("round", ""), bound.data.get("table", ""))
    else:
        wanted = tuple(request.GET.get("sheet", "").partition("-")[::2])
    for _, matches in rounds:
        for m in matches:
            if (str(m.round), str(m.table)) == wanted and not m.is_bye:
                initial = {"round": m.round, "table": m.table}
                for b, text1, text2 in m.lines():
                    initial.update({f"b{b.board}_t1": text1 or b.table1_ns,
                                    f"b{b.board}_t2": text2 or b.table2_ns})  # fmt: skip
                boards = swiss_selectors.settings_of(section).boards_per_match
                return m, bound or SwissSheetForm(boards, initial=initial)
    return None, None


def _page(request, section, errors=(), status=200, form=None, sheet_form=None):
    swiss = swiss_selectors.is_swiss(section)
    rounds = swiss_selectors.rounds(section) if swiss else []
    current = rounds[-1][0] if rounds else 0
    conditions = swiss_selectors.settings_of(section)
    bound = sheet_form
    sheet_match, sheet_form = _sheet(request, section, rounds, sheet_form)
    if bound is not None and sheet_match is None:  # no sheet to show them at: list them all
        errors = [*errors, *(m for f, msgs in bound.errors.items()
                             if f not in ("round", "table", "reason")
                             and f != "__all__" for m in msgs)]  # fmt: skip
    context = {
        "sheet_match": sheet_match,
        "sheet_form": sheet_form,
        "teams": section.session.event.format == "teams",
        "section": section,
        "session": section.session,
        "swiss": swiss,
        "conditions": conditions,
        "form": form or SwissStartForm(initial=section.session.event.condition("swiss", {})),
        "rounds": rounds,
        "current": current,
        "can_pair": swiss
        and current < conditions.rounds
        and (not current or swiss_selectors.round_complete(section, current)),
        "entries": swiss_selectors.contestants(section),
        "standings": swiss_selectors.standings(section) if rounds else [],
        "errors": list(errors),
    }
    return render(request, "tournament/director/swiss.html", context, status=status)


@director_required(club_of_section)
def swiss(request, pk):
    """The Swiss section's rounds, scores and standings."""
    section = get_section(pk)
    if request.method != "POST":
        return _page(request, section)
    if request.POST.get("action") == "boards":
        return _boards(request, section)
    note, errors = run_action(ACTIONS, request, section)
    if errors:
        form = SwissStartForm(request.POST) if request.POST.get("action") == "start" else None
        return _page(request, get_section(pk), errors=errors, status=400, form=form)
    messages.success(request, note)
    return redirect("td_swiss", pk=section.pk)
