"""Set-up: events, sessions, sections, sign-in, the movement, the boards and the status."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from boards import services as boards_services
from boards.models import BoardSet
from scoring.tables import SeriesTable
from tournament.play import selectors as play_selectors
from tournament.prizes import selectors as prize_selectors
from tournament.prizes import services as prize_services
from tournament.setup import selectors as setup_selectors
from tournament.setup import services as setup_services

from ..forms import (
    BoardsForm,
    EventForm,
    MovementForm,
    SectionForm,
    SessionForm,
    SignInForm,
    StatusForm,
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
        "sessions": setup_selectors.event_sessions(event),
        "series": SeriesTable(prize_selectors.series_standings(event)),
        "series_label": prize_selectors.series_label(event),
    }
    return render(request, "tournament/director/event.html", context)


def _session_context(session, **extra):
    sections = list(setup_selectors.session_sections(session))
    for section in sections:
        live = [e for e in section.entries.all() if not e.withdrawn]
        section.live_count = len(live)
        section.recommended = setup_selectors.recommendations(len(live), session.event)
        section.progress = play_selectors.progress(section)
        section.has_results = section.results.exists()
        section.signin_form = extra.pop(f"signin_{section.pk}", None) or SignInForm(
            club=session.event.club, size=setup_services.entry_size(session.event)
        )
        section.movement_form = extra.pop(f"movement_{section.pk}", None) or MovementForm()
    board_set = BoardSet.objects.filter(session=session).first()
    return {
        "session": session,
        "sections": sections,
        "board_set": board_set,
        "board_numbers": boards_services.session_board_numbers(session),
        "section_form": extra.pop("section_form", None) or SectionForm(),
        "boards_form": extra.pop("boards_form", None) or BoardsForm(),
        "statuses": sorted(session.TRANSITIONS[session.Status(session.status)]),
        "next_step": setup_selectors.next_step(session),
        "protest_deadline": setup_selectors.protest_deadline(session),
        **extra,
    }


@director_required(club_of_session)
def session(request, pk):
    session = get_session(pk)
    return render(request, "tournament/director/session.html", _session_context(session))


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
            return redirect("td_session", pk=pk)
    context = _session_context(session, section_form=form)
    return render(request, "tournament/director/session.html", context, status=400)


@require_POST
@director_required(club_of_section)
def sign_in(request, pk):
    section = get_section(pk)
    event = section.session.event
    form = SignInForm(request.POST, club=event.club, size=setup_services.entry_size(event))
    if form.is_valid():
        try:
            entry, done = setup_services.late_arrival(
                section, form.players(), form.cleaned_data["number"], request.POST.get("late", "")
            )
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Entry {entry.number} signed in. {done}".strip())
            return redirect("td_session", pk=section.session_id)
    context = _session_context(section.session, **{f"signin_{section.pk}": form})
    return render(request, "tournament/director/session.html", context, status=400)


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
    return redirect("td_session", pk=entry.section.session_id)


@require_POST
@director_required(club_of_section)
def movement(request, pk):
    section = get_section(pk)
    form = MovementForm(request.POST)
    if form.is_valid():
        options = {"boards_per_round": form.cleaned_data["boards_per_round"]}
        if form.cleaned_data["rounds"]:
            options["rounds"] = form.cleaned_data["rounds"]
        try:
            setup_services.choose_movement(section, form.cleaned_data["kind"], **options)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"Section {section.name}: {section.movement_kind} chosen.")
            return redirect("td_session", pk=section.session_id)
    context = _session_context(section.session, **{f"movement_{section.pk}": form})
    return render(request, "tournament/director/session.html", context, status=400)


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
            return redirect("td_session", pk=pk)
    context = _session_context(session, boards_form=form)
    return render(request, "tournament/director/session.html", context, status=400)


@require_POST
@director_required(club_of_session)
def release(request, pk):
    session = get_session(pk)
    boards_services.release(session)
    messages.success(request, "The deals are public.")
    return redirect("td_session", pk=pk)


@require_POST
@director_required(club_of_session)
def status(request, pk):
    session = get_session(pk)
    form = StatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a status.")
        return redirect("td_session", pk=pk)
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
    return redirect("td_session", pk=pk)
