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
from tournament.forms import OverrideForm, ProgressiveDealForm, add_errors, five_hundred_points
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
    parse = (progressive_services.parse_cards if progressive_selectors.is_five_hundred(section)
             else progressive_services.parse_positions)  # fmt: skip
    given = parse(text) if text else None
    progressive_services.start(
        section, seed=_int(request.POST.get("seed"), "seed", limits.DB_INT_MAX, 0), given=given
    )
    return "Round 1 is seated."


def _player_points(request) -> dict[int, int] | None:
    """A foot table's points, posted as ``pp_<player>``."""
    out = {}
    for key, value in request.POST.items():
        if key.startswith("pp_"):
            player = _int(key[3:], "player_points", limits.ENTRY_NUMBER_MAX)
            out[player] = _int(value, "player_points", POINTS_MAX, 0)
    if any(v is None for v in out.values()):
        raise ValidationError({"player_points": "Give every player's points."})
    return out or None


def _result(request, section):
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    progressive_services.enter_result(
        section, table, winner=request.POST.get("winner", ""),
        ns_points=_int(request.POST.get("ns_points"), "ns_points", POINTS_MAX, 0),
        ew_points=_int(request.POST.get("ew_points"), "ew_points", POINTS_MAX, 0),
        first_to_score=request.POST.get("first_to_score", ""),
        player_points=_player_points(request), user=request.user,
        lone_hands=progressive_services.lone_hands_from(section, request.POST, _names(section)),
    )  # fmt: skip
    return f"Table {table}: result kept."


def _names(section) -> dict[int, str]:
    return {n: f"{p} ({n})" for n, p in progressive_selectors.players(section).items()}


def _deal(request, section):
    """The TD enters or corrects one deal of a progressive auction round."""
    form = ProgressiveDealForm(request.POST)
    if not form.is_valid():
        raise ValidationError(
            {
                f: [f"{form.fields[f].label or f}: {m}" for m in msgs]
                for f, msgs in form.errors.items()
            }
        )
    data = form.cleaned_data
    progressive_services.enter_deal(section, data["table"], data["deal"],
                                    round_number=data["round"], user=request.user,
                                    **form.deal_fields())  # fmt: skip
    return f"Round {data['round']}, table {data['table']}: deal {data['deal']} kept."


def _tie(request, section):
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    progressive_services.decide_tie(section, _int(request.POST.get("round"), "round", limits.ROUND_NUMBER_MAX), table,
                                request.POST.get("side", ""), user=request.user)  # fmt: skip
    return f"Table {table}: the TD's decision is recorded."


def _next(request, section):
    row = progressive_services.advance(section)
    return f"Round {row.round_number} is seated."


def _prize_tie(request, section):
    space, _, players = request.POST.get("players", "").rpartition(":")
    if space not in ("", progressive_selectors.LONE):
        raise ValidationError({"players": "Unknown kind of prize tie."})
    tied = [_int(x, "players", limits.ENTRY_NUMBER_MAX) for x in players.split(",")
            if x.strip().isdecimal()]  # fmt: skip
    text = request.POST.get("order", "").replace(",", " ").split()
    order = [_int(x, "order", limits.ENTRY_NUMBER_MAX) for x in text] if text else None
    progressive_services.decide_prize_tie(section, tied, order, user=request.user, space=space)
    return f"The tie between players {tied} is settled and recorded."


def _fh_deal(request, section):
    """The TD enters or corrects one deal of a Five Hundred round."""
    rnd = _int(request.POST.get("round"), "round", limits.ROUND_NUMBER_MAX)
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    deal = _int(request.POST.get("deal"), "deal", 6)
    if rnd is None or table is None or deal is None:
        raise ValidationError({"deal": "Give the round, the table and the deal."})
    points = five_hundred_points(request.POST, section, rnd, table)
    progressive_services.enter_fh_deal(section, table, deal, points, round_number=rnd,
                                       user=request.user)  # fmt: skip
    letter = progressive_selectors.letter_of(table)
    return f"Round {rnd}, Table {letter}: deal {deal} kept."


def _cut(request, section):
    """Who progresses from a tied Five Hundred table after the cut."""
    rnd = _int(request.POST.get("round"), "round", limits.ROUND_NUMBER_MAX)
    table = _int(request.POST.get("table"), "table", limits.TABLE_NUMBER_MAX)
    chosen = [_int(x, "cut", limits.PLAYERS_MAX) for x in request.POST.getlist("progress")]
    if rnd is None or table is None:
        raise ValidationError({"cut": "Give the round and the table."})
    progressive_services.decide_fh_cut(section, rnd, table, chosen, user=request.user)
    return f"Table {progressive_selectors.letter_of(table)}: the cut is recorded."


ACTIONS = {"start": _start, "result": _result, "deal": _deal, "tie": _tie, "next": _next,
           "prize_tie": _prize_tie, "fh_deal": _fh_deal, "cut": _cut}  # fmt: skip


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
    auction = progressive_selectors.is_auction(section)
    for t in tables:
        t["result"] = results.get(t["table"])
        if auction and current is not None and len(t["seats"]) == 4:
            t["sheet"] = progressive_selectors.round_sheet(
                section, current.round_number, t["table"]
            )
    short = progressive_selectors.short_tables(section, current.round_number) if current else {}
    aisles = progressive_selectors.table_rows(section, current.round_number) if current else {}
    room = progressive_selectors.large_room(section)
    for t in tables:
        t["short"] = [(p, names.get(p, p)) for p in short.get(t["table"], [])]
        t["aisle"] = aisles.get(t["table"]) if room else None
        t["lone"] = {
            int(p): n for p, n in ((t["result"].lone_hands or {}) if t["result"] else {}).items()
        }
        t["players"] = [(num, name, t["lone"].get(num, 0)) for _, num, name in t["seats"]]
        t["lone_text"] = ", ".join(f"{name} ({num}) {n}" for num, name, n in t["players"] if n)
    ties = [{"table": n, "short": [(p, names.get(p, p)) for p in short.get(n, [])]}
            for n in (proposal or {}).get("ties", [])]  # fmt: skip
    return {
        "section": section, "current": current, "tables": tables, "names": names, "ties": ties,
        "next": proposal, "next_tables": _named((proposal or {}).get("seating", []), names),
        "ranking": progressive_selectors.final_ranking(section) if current else None,
        "tally": progressive_selectors.tally_mode(section), "auction": auction,
        "room": room, "lone_hands": progressive_selectors.lone_hands_on(section),
        "lone_max": progressive_selectors.lone_hand_max(section),
    }  # fmt: skip


def fh_context(section) -> dict:
    """The console's page of a Progressive Five Hundred game."""
    names = {n: str(p) for n, p in progressive_selectors.players(section).items()}
    current = progressive_selectors.current_round(section)
    tables = progressive_selectors.fh_view(current.seating, names) if current else []
    for t in tables:
        t["sheet"] = progressive_selectors.fh_sheet(section, current.round_number, t["table"])
    proposal = progressive_selectors.next_seating(section)
    return {
        "section": section, "current": current, "tables": tables, "names": names,
        "hands": progressive_selectors.hands(section), "next": proposal,
        "next_tables": progressive_selectors.fh_view((proposal or {}).get("seating", []), names),
        "fh_ties": [{**tie, "players": [(p, names.get(p, p)) for p in tie["tied"]]}
                    for tie in (proposal or {}).get("fh_ties", [])],
        "sheet": progressive_selectors.score_sheet(section) if current else None,
        "ranking": progressive_selectors.final_ranking(section) if current else None,
        "history": [(s, progressive_selectors.fh_view(s.seating, names))
                    for s in section.round_seatings.all()],
        "players_count": len(names),
        "fit": "" if current else progressive_selectors.fh_fit(section),
    }  # fmt: skip


def render_page(request, section, *, form=None, errors=(), status=200):
    if progressive_selectors.is_five_hundred(section):
        context = fh_context(section)
        proposal = context["next"] or {}
        context.update(form=form or OverrideForm(), errors=list(errors),
                       round_value=request.POST.get("round") or proposal.get("round", 1))  # fmt: skip
        return render(request, "tournament/director/five_hundred.html", context, status=status)
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
