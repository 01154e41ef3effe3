"""Set-up: events, sessions, sections, sign-in, the movement, the boards and the status."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from boards import services as boards_services
from boards.models import BoardSet
from scoring.results import selectors as result_selectors
from scoring.rulings import selectors as ruling_selectors
from scoring.tables import SeriesTable
from tournament.play import selectors as play_selectors
from tournament.prizes import combined as combined_selectors
from tournament.prizes import selectors as prize_selectors
from tournament.prizes import services as prize_services
from tournament.setup import selectors as setup_selectors
from tournament.setup import services as setup_services
from tournament.setup import sharing, sharing_selectors
from tournament.social import selectors as social_selectors

from ..forms import (
    BoardsForm,
    CombinedForm,
    EventForm,
    LeaveForm,
    MovementForm,
    MovementImportForm,
    SectionForm,
    SessionForm,
    ShareBoardsForm,
    SignInForm,
    StatusForm,
    TableChangeForm,
    add_errors,
)
from ..permissions import (
    club_of_entry,
    club_of_event,
    club_of_section,
    club_of_session,
    club_of_slug,
    director_required,
    get_entry,
    get_event,
    get_section,
    get_session,
    safe_next,
)


@director_required(club_of_slug)
def event_new(request, slug):
    club = club_of_slug(request, slug)
    form = EventForm(request.POST or None, instance=None)
    if request.method == "POST" and form.is_valid():
        form.instance.club = club
        event = form.save()
        messages.success(request, f"Event {event.name} created.")
        return redirect("td_event", pk=event.pk)
    return render(request, "tournament/director/event_form.html", {"club": club, "form": form})


@director_required(club_of_event)
def event(request, pk):
    event = get_event(pk)
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        form.instance.event = event
        session = form.save()
        return redirect("td_session", pk=session.pk)
    context = {
        "event": event,
        "form": form,
        "combined_form": CombinedForm(event=event),
        "combined": combined_selectors.ranking(event),
        "sessions": setup_selectors.event_sessions(event),
        "series": SeriesTable(prize_selectors.series_standings(event)),
        "series_label": prize_selectors.series_label(event),
    }
    return render(request, "tournament/director/event.html", context)


@require_POST
@director_required(club_of_event)
def event_combined(request, pk):
    """Keep how the event ranks its sessions together (the event page's form)."""
    event = get_event(pk)
    form = CombinedForm(request.POST, event=event)
    if form.is_valid():
        prize_services.set_combined(event, form.combined())
        messages.success(request, "Combined ranking kept.")
        return redirect("td_event", pk=event.pk)
    context = {
        "event": event,
        "form": SessionForm(),
        "combined_form": form,
        "combined": combined_selectors.ranking(event),
        "sessions": setup_selectors.event_sessions(event),
        "series": SeriesTable(prize_selectors.series_standings(event)),
        "series_label": prize_selectors.series_label(event),
    }
    return render(request, "tournament/director/event.html", context, status=400)


@require_POST
@director_required(club_of_event)
def event_seed_final(request, pk):
    """Sign the qualifiers into the final, numbered by qualifying place."""
    event = get_event(pk)
    try:
        entries = prize_services.seed_final(event)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, f"{len(entries)} pairs seeded into the final.")
    return redirect("td_event", pk=event.pk)


#: each console step's template (docs/console.md, "The session's steps")
STEP_TEMPLATES = {
    code: f"tournament/director/step_{code}.html" for code, _, _ in setup_selectors.STEPS
}


def _session_context(session, step: str = "", **extra):
    """What the overview and every step page show: the session, its steps and next step, and
    the sections with their entries, forms, recommendations and progress."""
    sections = list(setup_selectors.session_sections(session))
    for section in sections:
        live = [e for e in section.entries.all() if not e.withdrawn]
        section.live_count = len(live)
        section.has_results = section.results.exists() or section.social_scores.exists()
        section.social = social_selectors.scoring_mode(section)
        if step in ("", "entries"):
            section.signin_form = extra.pop(f"signin_{section.pk}", None) or SignInForm(
                club=session.event.club, size=setup_services.entry_size(session.event)
            )
            if section.has_results and section.movement:
                section.playing_round = setup_services.playing_round(section)
                section.leave_form = extra.pop(f"leave_{section.pk}", None) or LeaveForm(
                    entries=[e for e in section.entries.all() if not e.withdrawn],
                    initial={"after_round": max(section.playing_round - 1, 0), "score": "np"},
                )
                section.table_change_form = extra.pop(f"tables_{section.pk}", None) or (
                    TableChangeForm(
                        **_table_change_kwargs(section, live), initial={"score": "np"}
                    )  # fmt: skip
                )
                section.table_plan = extra.pop(f"plan_{section.pk}", None)
        if step == "movement" and (len(sections) > 1 or f"share_{section.pk}" in extra):
            section.share_form = extra.pop(f"share_{section.pk}", None) or ShareBoardsForm(
                choices=sharing_selectors.share_choices(section),
                initial={"shares_boards_with": section.shares_boards_with_id or ""},
            )
        if step == "movement":
            section.recommended = setup_selectors.recommendations(len(live), session.event)
            section.movement_form = extra.pop(f"movement_{section.pk}", None) or MovementForm()
            section.import_form = (
                extra.pop(f"movement_import_{section.pk}", None) or MovementImportForm()
            )
        if step == "play":
            section.progress = play_selectors.progress(section)
            phones = play_selectors.phone_reports(section)
            section.progress_rows = [(row, phones.get(row.table)) for row in section.progress]
            section.queue_conflicts = result_selectors.queue_conflicts(section)
    next_step = setup_selectors.next_step(session)
    steps = setup_selectors.session_steps(session, next_step)
    by_code = {s.code: s for s in steps}
    return {
        "session": session,
        "sections": sections,
        "board_set": BoardSet.objects.filter(session=session).first(),
        "board_numbers": boards_services.session_board_numbers(session),
        "section_form": extra.pop("section_form", None)
        or SectionForm(initial={"name": _next_section_name(sections)}),
        "boards_form": extra.pop("boards_form", None) or BoardsForm(),
        "statuses": sorted(session.TRANSITIONS[session.Status(session.status)]),
        "next_step": next_step,
        "steps": steps,
        "step": by_code.get(step),
        "next_console_step": by_code[setup_selectors.step_of(next_step)],
        "setup_missing": setup_selectors.setup_missing(session),
        # where the step's forms come back to (``next``)
        "here": reverse(f"td_session_{step}" if step else "td_session", args=[session.pk]),
        "protest_deadline": setup_selectors.protest_deadline(session),
        "open_protests": ruling_selectors.open_protests(session),
        # the social score cards print only for a section scored as the book's social game
        "has_social": any(section.social for section in sections),
        **extra,
    }


def _next_section_name(sections) -> str:
    """The letter after the session's sections (A for the first)."""
    taken = {section.name for section in sections}
    return next((c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken), "")


def _render_step(request, session, step: str, status: int = 200, **extra):
    template = STEP_TEMPLATES.get(step, "tournament/director/session.html")
    context = _session_context(session, step, **extra)
    return render(request, template, context, status=status)


def _back(request, session_pk: int, step: str = ""):
    """Back to the step the form came from (its ``next``, a path on this site only), else to
    ``step`` (the overview when none)."""
    name = f"td_session_{step}" if step else "td_session"
    return HttpResponseRedirect(safe_next(request, reverse(name, args=[session_pk])))


@director_required(club_of_session)
def session(request, pk):
    """The overview: the step that comes next, prominently, and every step's state."""
    return _render_step(request, get_session(pk), "")


@director_required(club_of_session)
def session_entries(request, pk):
    """Step 1: sections, sign-in, late arrivals and withdrawals."""
    return _render_step(request, get_session(pk), "entries")


@director_required(club_of_session)
def session_movement(request, pk):
    """Step 2: the recommended movements, any other, and the chosen one's balance."""
    return _render_step(request, get_session(pk), "movement")


@director_required(club_of_session)
def session_boards(request, pk):
    """Step 3: deal, import, enter, analyse, print and release the boards."""
    return _render_step(request, get_session(pk), "boards")


@director_required(club_of_session)
def session_play(request, pk):
    """Step 4: start play, the tables' progress, table codes, entering and confirming."""
    return _render_step(request, get_session(pk), "play")


@director_required(club_of_session)
def session_results(request, pk):
    """Step 5: standings, provisional and final, prizes and ties, files."""
    return _render_step(request, get_session(pk), "results")


@require_POST
@director_required(club_of_session)
def section_new(request, pk):
    session = get_session(pk)
    form = SectionForm(request.POST)
    if form.is_valid():
        name = form.cleaned_data["name"].strip().upper()
        if session.sections.filter(name=name).exists():
            form.add_error("name", f"This session already has a section {name}.")
        else:
            setup_services.add_section(session, name)
            return _back(request, pk, "entries")
    return _render_step(request, session, "entries", status=400, section_form=form)


@require_POST
@director_required(club_of_section)
def sign_in(request, pk):
    section = get_section(pk)
    event = section.session.event
    form = SignInForm(request.POST, club=event.club, size=setup_services.entry_size(event))
    if form.is_valid():
        try:
            if section.results.exists():  # during play: into the sit-out's seat
                entry, done = setup_services.join_during_play(
                    section, form.players(), form.cleaned_data["from_round"], user=request.user
                )
            else:
                entry, done = setup_services.late_arrival(
                    section, form.players(), form.cleaned_data["number"],
                    request.POST.get("late", ""),
                )  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Entry {entry.number} signed in. {done}".strip())
            return _back(request, section.session_id, "entries")
    extra = {f"signin_{section.pk}": form}
    return _render_step(request, section.session, "entries", status=400, **extra)


@require_POST
@director_required(club_of_entry)
def withdraw(request, pk):
    entry = get_entry(pk)
    number = entry.number
    try:
        done = setup_services.no_show(entry, request.POST.get("mode") or "rechoose")
        messages.success(request, f"Entry {number} withdrawn. {done}".strip())
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return _back(request, entry.section.session_id, "entries")


@require_POST
@director_required(club_of_section)
def leave(request, pk):
    """A pair leaves during play: its remaining boards scored as the TD chooses."""
    section = get_section(pk)
    present = {e.number: e for e in section.entries.filter(withdrawn=False)}
    form = LeaveForm(request.POST, entries=present.values())
    if form.is_valid():
        try:
            done = setup_services.leave_during_play(
                present[form.cleaned_data["entry"]], form.cleaned_data["after_round"],
                form.cleaned_data["score"], user=request.user,
            )  # fmt: skip
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, done)
            return _back(request, section.session_id, "entries")
    extra = {f"leave_{section.pk}": form}
    return _render_step(request, section.session, "entries", status=400, **extra)


def _table_change_kwargs(section, live) -> dict:
    """What :class:`TableChangeForm` needs: the club's players to pick the late pairs from,
    the session and the numbers they would take (to refuse a player already in it), the pairs
    present and the sit-out who may leave."""
    from tournament.setup.table_change import next_numbers

    movement = section.movement or {}
    return {"club": section.session.event.club, "session": section.session,
            "numbers": next_numbers(section, movement) if movement else (0, 0),
            "entries": live, "phantom": movement.get("phantom")}  # fmt: skip


@require_POST
@director_required(club_of_section)
def table_change(request, pk):
    """One table more or one fewer during play: the new plan and its balance are shown first
    ("Show the new plan"); "Re-plan" (``confirm``) stores it."""
    from tournament.setup import table_change as tables

    section = get_section(pk)
    live = list(section.entries.filter(withdrawn=False))
    form = TableChangeForm(request.POST, **_table_change_kwargs(section, live))
    extra: dict = {f"tables_{section.pk}": form}
    if form.is_valid():
        data, confirm = form.cleaned_data, "confirm" in request.POST
        gone = (data.get("gone1"), data.get("gone2"))
        try:
            if data["change"] == "add" and confirm:
                done = tables.add_table(section, form.late_pairs(), data["from_round"],
                                        user=request.user)[1]  # fmt: skip
            elif confirm:
                done = tables.remove_table(section, gone, data["from_round"], data["score"],
                                           user=request.user)  # fmt: skip
            elif data["change"] == "add":
                extra[f"plan_{section.pk}"] = tables.preview(
                    *tables.plan_add(section, data["from_round"]),
                    who=tables.who_joins(section, form.late_pairs()))  # fmt: skip
            else:
                new, start = tables.plan_remove(section, gone, data["from_round"])
                who = tables.who_leaves(section, gone, new, start, data["score"])
                extra[f"plan_{section.pk}"] = tables.preview(new, start, who=who, gone=gone)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            if confirm:
                messages.success(request, done)
                return _back(request, section.session_id, "entries")
            return _render_step(request, section.session, "entries", **extra)
    return _render_step(request, section.session, "entries", status=400, **extra)


@require_POST
@director_required(club_of_section)
def movement(request, pk):
    section = get_section(pk)
    form = MovementForm(request.POST)
    if form.is_valid():
        options = {"boards_per_round": form.cleaned_data["boards_per_round"]}
        if form.cleaned_data["rounds"]:
            options["rounds"] = form.cleaned_data["rounds"]
        if form.cleaned_data["form_1926"]:
            options["revenge"] = True
        try:
            setup_services.choose_movement(section, form.cleaned_data["kind"], **options)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Section {section.name}: {section.movement_kind} chosen.")
            return _back(request, section.session_id, "movement")
    extra = {f"movement_{section.pk}": form}
    return _render_step(request, section.session, "movement", status=400, **extra)


@require_POST
@director_required(club_of_section)
def share_boards(request, pk):
    """Twin sections: this section plays another's boards (or its own again)."""
    section = get_section(pk)
    choices = sharing_selectors.share_choices(section)
    form = ShareBoardsForm(request.POST, choices=choices)
    if form.is_valid():
        chosen = form.cleaned_data["shares_boards_with"]
        first = section.session.sections.filter(pk=int(chosen)).first() if chosen else None
        try:
            sharing.share_boards(section, first)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            said = f"plays section {first.name}'s boards" if first else "plays its own boards"
            messages.success(request, f"Section {section.name} {said}.")
            return _back(request, section.session_id, "movement")
    extra = {f"share_{section.pk}": form}
    return _render_step(request, section.session, "movement", status=400, **extra)


@require_POST
@director_required(club_of_section)
def movement_import(request, pk):
    section = get_section(pk)
    form = MovementImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            setup_services.import_movement(
                section,
                form.cleaned_data["schedule"].read(),
                form.cleaned_data["boards_per_round"],
            )
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(
                request, f"Section {section.name}: imported {section.movement_kind} schedule."
            )
            return _back(request, section.session_id, "movement")
    extra = {f"movement_import_{section.pk}": form}
    return _render_step(request, section.session, "movement", status=400, **extra)


@require_POST
@director_required(club_of_session)
def boards(request, pk):
    session = get_session(pk)
    form = BoardsForm(request.POST)
    if form.is_valid():
        try:
            board_set = boards_services.generate(session, seed=form.cleaned_data["seed"])
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Boards dealt; fingerprint {board_set.fingerprint}.")
            return _back(request, pk, "boards")
    return _render_step(request, session, "boards", status=400, boards_form=form)


@require_POST
@director_required(club_of_session)
def release(request, pk):
    session = get_session(pk)
    boards_services.release(session)
    messages.success(request, "The deals are public.")
    return _back(request, pk, "boards")


@require_POST
@director_required(club_of_session)
def status(request, pk):
    session = get_session(pk)
    form = StatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a status.")
        return _back(request, pk)
    to = form.cleaned_data["to"]
    override = form.cleaned_data["override"].strip()
    deadline = setup_selectors.protest_deadline(session)
    window_open = deadline is not None and timezone.now() < deadline
    try:
        if to == session.Status.FINAL:
            prize_services.finalise(session, override=override)
        else:
            setup_services.set_status(session, to)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        overridden = to == session.Status.FINAL and window_open
        note = f" The protest window was overridden: {override}." if overridden else ""
        messages.success(request, f"The session is now {to}.{note}")
    # without a ``next``: the step where this status is set (play starts, results end)
    step = "play" if to in (session.Status.DRAFT, session.Status.RUNNING) else "results"
    return _back(request, pk, step)
