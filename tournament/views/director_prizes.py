"""Ties for prizes: the TD records who won the play-off or the cut, or the draw."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournament.prizes import selectors as prize_selectors
from tournament.prizes import services as prize_services

from ..forms import TieDecisionForm, add_errors
from ..permissions import club_of_session, director_required, get_session


def _ties(session, bound=None) -> list[dict]:
    """Every tie a play-off, cut or draw settles, with its outcome (if recorded) and form."""
    found = prize_selectors.decisions(session)
    standings = {(p["section"], p["field"], p["entry"]): p for p in
                 prize_selectors.prize_list(session)}  # fmt: skip
    out = []
    for (sec, fld), groups in prize_selectors.prize_awards(session).items():
        for group in groups:
            tied = prize_selectors.tied_key(a.entry for a in group)
            decision = found.get((sec, fld, tied))
            rows = [standings[sec, fld, a.entry] for a in group]
            initial = {"section": sec, "field": fld, "tied": tied, "order": tied.replace(",", " "),
                       "method": decision.method if decision else "cut"}  # fmt: skip
            if decision:
                initial["order"] = " ".join(str(e) for e in decision.order)
            same = bound is not None and [bound.data.get(k) for k in ("section", "field", "tied")
                                          ] == [sec, fld, tied]  # fmt: skip
            out.append({"section": sec, "field": fld, "tied": tied, "rows": rows,
                        "decision": decision, "prizes": sorted({p for a in group for p in a.prizes}),
                        "form": bound if same else TieDecisionForm(initial=initial)})  # fmt: skip
    return out


@director_required(club_of_session)
def ties(request, pk):
    """GET: the ties and their outcomes; POST: record one outcome."""
    session = get_session(pk)
    form = TieDecisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            prize_services.record_decision(
                session, data["section"], data["field"], data["order"], data["method"],
                user=request.user, note=data["note"],
            )  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Tie {prize_selectors.tied_key(data['order'])} decided.")
            return redirect("td_ties", pk=pk)
    posted = form if request.method == "POST" else None
    context = {"session": session, "ties": _ties(session, posted)}
    if posted is not None and not any(t["form"] is posted for t in context["ties"]):
        context["error_form"] = posted
    status = 400 if posted is not None else 200
    return render(request, "tournament/director/ties.html", context, status=status)
