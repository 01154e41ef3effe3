"""The progressive game on the console (``/td/section/<pk>/progressive/``): start it, enter
each table's result, settle ties, seat the next round, and the ranking with prizes.

One URL; a POST says what it does in ``action`` (``start``, ``result``, ``tie``, ``next``,
``prize_tie``); a POST without one is the TD's override of a round's seating, with its reason.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournament import limits
from tournament.forms import OverrideForm, add_errors
from tournament.permissions import club_of_section, director_required, get_section
from tournament.progressive import selectors as progressive_selectors
from tournament.progressive import services as progressive_services

SEATS = (("n", "N"), ("s", "S"), ("e", "E"), ("w", "W"))
POINTS_MAX = (
    100_000  # a table's points in one progressive round (rubber points at most a few thousand)
)


def _int(value, field: str, high: int, low: int = 1) -> int | None:
    if value in (None, ""):
        return None
    try:
        return limits.number(value, field, high, low)
    except ValueError as exc:
        raise ValidationError({field: f"{exc}."}) from None


def _start(request, section):
    text = request.POST.get("given", "").strip()
    given = progressive_services.parse_positions(text) if text else None
    progressive_services.start(
        section, seed=_int(request.POST.get("seed"), "seed", limits.DB_INT_MAX, 0), given=given
    )
    return "Round 1 is seated."


def _result(request, section):
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    progressive_services.enter_result(
        section, table, winner=request.POST.get("winner", ""),
        ns_points=_int(request.POST.get("ns_points"), "ns_points", POINTS_MAX, 0),
        ew_points=_int(request.POST.get("ew_points"), "ew_points", POINTS_MAX, 0),
        user=request.user,
    )  # fmt: skip
    return f"Table {table}: result kept."


def _tie(request, section):
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    progressive_services.decide_tie(section, _int(request.POST.get("round"), "round", limits.ROUND_NUMBER_MAX), table,
                                request.POST.get("side", ""), user=request.user)  # fmt: skip
    return f"Table {table}: the TD's decision is recorded."


def _next(request, section):
    row = progressive_services.advance(section)
    return f"Round {row.round_number} is seated."


def _prize_tie(request, section):
    players = request.POST.get("players", "").split(",")
    tied = [_int(x, "players", limits.PLAYERS_MAX) for x in players if x.strip().isdecimal()]
    text = request.POST.get("order", "").replace(",", " ").split()
    order = [_int(x, "order", limits.PLAYERS_MAX) for x in text] if text else None
    progressive_services.decide_prize_tie(section, tied, order, user=request.user)
    return f"The tie between players {tied} is settled and recorded."


ACTIONS = {"start": _start, "result": _result, "tie": _tie, "next": _next, "prize_tie": _prize_tie}


def handle(request, section):
    """Run a POSTed action: a redirect on success, or the page with the errors (400)."""
    action = ACTIONS.get(request.POST.get("action", ""))
    try:
        if action is None:
            raise ValidationError({"action": "Unknown action."})
        note = action(request, section)
    except ValidationError as exc:
        errors = [m for msgs in exc.message_dict.values() for m in msgs]
        return render_page(request, section, errors=errors, status=400)
    messages.success(request, note)
    return redirect("td_progressive", pk=section.pk)


def _named(rows: list[dict], names: dict) -> list[dict]:
    out = []
    for row in rows:
        seats = [(label, row[k], names.get(row[k], row[k])) for k, label in SEATS if k in row]
        out.append({"table": row["table"], "seats": seats, "row": row})
    return out


def page_context(section) -> dict:
    names = {n: str(p) for n, p in progressive_selectors.players(section).items()}
    current = progressive_selectors.current_round(section)
    results = {}
    if current is not None:
        rows = section.progressive_results.filter(round_number=current.round_number)
        results = {r.table_number: r for r in rows}
    proposal = progressive_selectors.next_seating(section)
    tables = _named(current.seating, names) if current else []
    for t in tables:
        t["result"] = results.get(t["table"])
    return {
        "section": section, "current": current, "tables": tables, "names": names,
        "next": proposal, "next_tables": _named((proposal or {}).get("seating", []), names),
        "ranking": progressive_selectors.final_ranking(section) if current else None,
        "tally": progressive_selectors.tally_mode(section),
    }  # fmt: skip


def render_page(request, section, *, form=None, errors=(), status=200):
    context = page_context(section)
    proposal = context["next"] or {}
    context.update(
        form=form or OverrideForm(), errors=list(errors),
        round_value=request.POST.get("round") or proposal.get("round", 1),
        seatings=section.round_seatings.all(),
    )  # fmt: skip
    return render(request, "tournament/director/progressive.html", context, status=status)


@director_required(club_of_section)
def progressive(request, pk):
    """The progressive game and the TD's override of a seating."""
    section = get_section(pk)
    if request.method == "POST" and request.POST.get("action"):
        return handle(request, section)
    form = OverrideForm(request.POST if request.method == "POST" else None)  # {} is a post too
    if request.method == "POST" and form.is_valid():
        try:
            progressive_services.override(section, _round(request.POST.get("round")),
                                          form.cleaned_data["seating"], request.user,
                                          form.cleaned_data["reason"])  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Seating overridden; the reason is kept.")
            return redirect("td_progressive", pk=pk)
    status = 400 if request.method == "POST" else 200
    return render_page(request, section, form=form, status=status)


def _round(value: str | None) -> int:
    """The round of the override as typed; a clear error rather than a crash on junk."""
    value = (value or "").strip()
    if not (value.isascii() and value.isdigit() and int(value) >= 1):
        raise ValidationError("Give the round to seat: a number from 1.")
    return int(value)
