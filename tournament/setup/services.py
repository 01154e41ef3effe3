"""Writes of setting up a session: sections, entries and sign-in (checked against the event's
form of entry and the other sections), withdrawals, the movement chosen, late arrivals and
no-shows (the phantom or a re-chosen movement), and the session's status.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.engine.team_match import TEAM_METHODS, TEAM_MOVEMENTS, team_movement_hint
from tournament import limits
from tournament.models import Entry, EntryPlayer, Player, Section, Session
from tournament.setup import selectors as setup_selectors
from tournament.setup import sharing


def _check_entries(entries: Sequence[tuple[int, Sequence[Player]]]) -> None:
    if not entries:
        raise ValidationError(
            {"entries": "A section needs at least one entry; sign in the pairs first."}
        )
    numbers = Counter(number for number, _ in entries)
    repeated = sorted(n for n, count in numbers.items() if count > 1)
    if repeated:
        raise ValidationError(
            {
                "entries": f"Entry number {repeated[0]} is used twice; each entry needs its own number."
            }
        )
    bad = sorted(n for n in numbers if n < 1)
    if bad:
        raise ValidationError(
            {"entries": f"Entry number {bad[0]} is not allowed; numbers start at 1."}
        )
    seen: dict[int, int] = {}
    for number, players in entries:
        for player in players:
            if player.pk in seen:
                raise ValidationError(
                    {
                        "entries": f"{player.name} is in entry {seen[player.pk]} and entry {number}; "
                        "a player can be in only one entry of a session."
                    }
                )
            seen[player.pk] = number


def playing_elsewhere(session: Session, players: Iterable[Player], number: int) -> str | None:
    """Why ``players`` cannot be in entry ``number``: one already plays in this session."""
    taken = (
        EntryPlayer.objects.filter(session=session, player__in=list(players))
        .select_related("player", "entry")
        .first()
    )
    if taken:
        return (
            f"{taken.player.name} already plays in entry {taken.entry.number} "
            f"of this session, so cannot also be in entry {number}."
        )
    return None


def _check_not_elsewhere(session: Session, players: Iterable[Player], number: int) -> None:
    message = playing_elsewhere(session, players, number)
    if message:
        raise ValidationError({"entries": message})


@transaction.atomic
def create_section(
    session: Session,
    name: str,
    entries: Sequence[tuple[int, Sequence[Player]]],
    kind: str = Entry.Kind.PAIR,
) -> Section:
    """Create a section with its entries, all or nothing."""
    try:
        name = limits.section_name(name)
    except ValueError as exc:
        raise ValidationError({"name": str(exc)}) from None
    _check_entries(entries)
    if Section.objects.filter(session=session, name=name).exists():
        raise ValidationError({"name": f"This session already has a section {name}."})
    _check_not_elsewhere(session, [p for _, ps in entries for p in ps], entries[0][0])
    section = Section.objects.create(session=session, name=name)
    for number, players in entries:
        _create_entry(section, number, players, kind)
    return section


def _create_entry(section: Section, number: int, players: Sequence[Player], kind: str) -> Entry:
    entry = Entry.objects.create(section=section, number=number, kind=kind)
    for position, player in enumerate(players, start=1):
        EntryPlayer.objects.create(
            entry=entry, player=player, session_id=section.session_id, position=position
        )
    return entry


@transaction.atomic
def entry_kind(event) -> str:
    """What one entry of this event is: a player (individual, progressive), a team or a pair."""
    return {
        "individual": Entry.Kind.INDIVIDUAL,
        "progressive": Entry.Kind.INDIVIDUAL,
        "teams": Entry.Kind.TEAM,
    }.get(event.format, Entry.Kind.PAIR)


def entry_size(event) -> int:
    """How many players the TD signs in per entry (a team signs in as its pairs)."""
    return 1 if entry_kind(event) == Entry.Kind.INDIVIDUAL else 2


def add_entry(
    section: Section,
    players: Sequence[Player],
    number: int | None = None,
    kind: str | None = None,
    name: str = "",
) -> Entry:
    """Sign in one entry (the next free number unless one is given)."""
    kind = kind or entry_kind(section.session.event)
    if not players and not name:
        raise ValidationError({"players": "Choose the players of this entry."})
    if len({p.pk for p in players}) != len(players):
        raise ValidationError({"players": "The same player is chosen twice in this entry."})
    if number is None:
        used = set(section.entries.values_list("number", flat=True))
        number = next(n for n in range(1, len(used) + 2) if n not in used)
    if section.entries.filter(number=number).exists():
        raise ValidationError(
            {"number": f"Entry number {number} is already taken in this section."}
        )
    _check_not_elsewhere(section.session, players, number)
    try:
        with transaction.atomic():
            entry = _create_entry(section, number, players, kind)
            if name:
                entry.name = name
                entry.save(update_fields=["name"])
    except IntegrityError as exc:  # a concurrent sign-in took the number or a player
        raise ValidationError(
            {"number": "Another screen signed in the same entry; reload."}
        ) from exc
    return entry


@transaction.atomic
def set_status(session: Session, to: str) -> Session:
    from scoring.standings.services import recompute_standings

    session = Session.objects.select_for_update().get(pk=session.pk)
    if to == Session.Status.RUNNING and session.status == Session.Status.DRAFT:
        missing = setup_selectors.setup_missing(session)
        if missing is not None:
            raise ValidationError(
                {"status": f"Play cannot start: {missing.reason}. Next: {missing.label}."}
            )
    session.transition(to)
    if session.sections.exists():
        recompute_standings(session)  # the kept standings carry the new status
    return session


def choose_movement(section: Section, kind: str, **options) -> Section:
    """Build the movement for the section's entries and store its schedule.

    The entries must be numbered as the movement numbers its pairs (or players);
    a participant without an entry is allowed only as the movement's phantom
    (the sit-out).  Refused once results exist for the section.
    """
    from tournament.movements import MovementError, build

    if section.results.exists() or section.social_scores.exists():
        raise ValidationError(
            {"kind": "Results are already in; the movement can no longer change."}
        )
    method = section.session.event.scoring_method
    if method in TEAM_METHODS and kind not in TEAM_MOVEMENTS.get(method, ("team",)):
        raise ValidationError(
            {
                "kind": f"A team match is scored by teams: choose {team_movement_hint(method)}; "
                "each team's pairs sit N-S at one table and E-W at another."
            }
        )
    numbers = sorted(section.entries.filter(withdrawn=False).values_list("number", flat=True))
    unit = "players" if section.session.event.format == "individual" else "pairs"
    options.setdefault(unit, len(numbers))
    try:
        movement = build(kind, **options)
    except MovementError as exc:
        field = {"revenge": "form_1926", "rounds": "rounds"}.get(exc.field, "kind")
        raise ValidationError({field: str(exc)}) from None
    return _store_movement(section, movement, kind, numbers, unit)


def import_movement(section: Section, text: str | bytes, boards_per_round: int | None = None):
    """Use an uploaded schedule file (the JSON schedule format) as the section's movement.

    The file is read and checked by the same movement checker as the built-in movements
    (``tournament.movements.schedule``); its pairs (or players) must match the entries as for
    :func:`choose_movement`.  Refused once results exist; nothing is saved on any error.
    """
    from tournament.movements import MovementError
    from tournament.movements.schedule import read_schedule

    if section.results.exists() or section.social_scores.exists():
        raise ValidationError(
            {"schedule": "Results are already in; the movement can no longer change."}
        )
    if section.session.event.scoring_method in TEAM_METHODS:
        raise ValidationError({"schedule": "A team match uses the team movement, not a file."})
    try:
        movement = read_schedule(text, boards_per_round)
    except MovementError as exc:
        field = "boards_per_round" if str(exc).startswith("boards per round") else "schedule"
        raise ValidationError({field: str(exc)}) from None
    individual = section.session.event.format == "individual"
    if movement.individual != individual:
        raise ValidationError(
            {
                "schedule": "This schedule seats "
                + ("players (an individual)" if movement.individual else "pairs")
                + "; this event is "
                + ("an individual." if individual else "played in pairs.")
            }
        )
    numbers = sorted(section.entries.filter(withdrawn=False).values_list("number", flat=True))
    unit = "players" if individual else "pairs"
    with transaction.atomic():
        return _store_movement(section, movement, movement.kind, numbers, unit, field="schedule")


def _store_movement(section, movement, kind, numbers, unit, field="kind") -> Section:
    participants = set(movement.participants)
    strangers = [n for n in numbers if n not in participants]
    if strangers:
        raise ValidationError(
            {
                field: f"This movement numbers its {unit} "
                f"{_ranges(sorted(participants))}; entry {strangers[0]} has no seat. "
                "Renumber the entries or choose another movement."
            }
        )
    missing = sorted(participants - set(numbers) - {movement.phantom})
    if missing:
        raise ValidationError(
            {field: f"This movement needs entries {_ranges(missing)}, which are not signed in."}
        )
    sharing.check_new_movement(section, movement, field)
    section.movement = movement.to_json()
    section.movement_kind = kind
    section.save(update_fields=["movement", "movement_kind"])
    return section


def _ranges(numbers: list[int]) -> str:
    """1,2,3,5 → "1–3, 5"."""
    parts: list[str] = []
    for n in numbers:
        if parts and n == int(parts[-1].split("–")[-1]) + 1:
            parts[-1] = f"{parts[-1].split('–')[0]}–{n}"
        else:
            parts.append(str(n))
    return ", ".join(parts)


def add_section(session: Session, name: str) -> Section:
    """An empty section; its entries are signed in one by one as they arrive."""
    try:
        name = limits.section_name(name)
    except ValueError as exc:
        raise ValidationError({"name": str(exc)}) from None
    if session.sections.filter(name=name).exists():
        raise ValidationError({"name": f"This session already has a section {name}."})
    return Section.objects.create(session=session, name=name)


@transaction.atomic
def sign_in(section: Section, players: list[Player | str], number: int | None = None) -> Entry:
    """Sign in one entry; a name instead of a Player adds a new player to the club."""
    if section.results.exists():
        raise ValidationError({"number": "Play has started; use a late-entry movement change."})
    club = section.session.event.club
    chosen = [
        p if isinstance(p, Player) else Player.objects.create(club=club, name=p) for p in players
    ]
    return add_entry(section, chosen, number=number)


@transaction.atomic
def withdraw(entry: Entry) -> Entry:
    """A no-show before round 1: the entry is withdrawn (re-choose the movement after)."""
    section = entry.section
    if section.results.exists():
        raise ValidationError({"entry": "Results are in; an entry can no longer be withdrawn."})
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    if section.movement:
        section.movement, section.movement_kind = None, ""
        section.save(update_fields=["movement", "movement_kind"])
    return entry


AFTER_RESULTS_LATE = (
    "Results are in: the movement is fixed, so a late pair cannot join section {name} and "
    "the sit-out stays. Seat them in a new section or sign them in for the next session."
)


AFTER_RESULTS_NO_SHOW = (
    "Results are in: entry {number} can no longer be withdrawn and the movement stays; "
    "if the pair leaves, score its remaining boards under “A pair leaves during play”."
)


def take_phantom(movement: dict) -> dict:
    """The movement JSON with its phantom turned into a real entry (no sit-outs left)."""
    phantom = movement["phantom"]
    rounds = [{**rnd, "sit_out": []} for rnd in movement["schedule"]]
    participants = sorted([*movement["participants"], phantom])
    return {**movement, "phantom": None, "participants": participants, "schedule": rounds}


def leave_phantom(movement: dict, number: int) -> dict:
    """The movement JSON with entry ``number`` as its phantom: its opponents sit out."""
    rounds = []
    for rnd in movement["schedule"]:
        sit_out = [
            other
            for row in rnd["tables"]
            if number in (row.get("ns"), row.get("ew"))
            for other in (row.get("ns"), row.get("ew"))
            if other not in (number, None)
        ]
        rounds.append({**rnd, "sit_out": sit_out})
    participants = [p for p in movement["participants"] if p != number]
    return {**movement, "phantom": number, "participants": participants, "schedule": rounds}


def _store(section: Section, movement: dict) -> None:
    section.movement = movement
    section.save(update_fields=["movement"])


def playing_round(section: Section) -> int:
    """The section's round: the earliest round with a scheduled play whose result is not in
    (one past the last round when every result is in; 1 before any)."""
    from scoring.inputs import scheduled_plays

    movement = section.get_movement()
    if movement is None:
        return 1
    stored = set(section.results.values_list("board_number", "ns_entry__number"))
    waiting = [
        play.round
        for board, plays in scheduled_plays(movement).items()
        for play in plays
        if (board, play.ns) not in stored
    ]
    return min(waiting, default=movement.round_count + 1)


#: How the boards a pair does not play after a late change are scored (the TD's choice): not
#: played, so each side's score is factored over the boards it played (SCORING.md §3, the
#: conditions' factoring); or Average− to the pair at fault and Average+ to its opponents
#: (WBF Law 12C2: a board not played through one side's fault).
LATE_SCORES = {"np": "not played (NP), factored", "fault": "Average− to the pair, Average+ to "
               "its opponents"}  # fmt: skip


def unplayed(section: Section, number: int, rounds, movement=None) -> list[tuple]:
    """(board, play) of each scheduled play of entry ``number`` in ``rounds`` with no result
    yet, in ``movement`` (a Movement; default: the section's)."""
    from scoring.inputs import scheduled_plays

    stored = set(section.results.values_list("board_number", "ns_entry__number"))
    return [
        (board, play)
        for board, board_plays in sorted(
            scheduled_plays(movement or section.get_movement()).items()
        )
        for play in board_plays
        if number in (play.ns, play.ew) and play.round in rounds and (board, play.ns) not in stored
    ]


def _score_unplayed(section: Section, number: int, rounds, score: str, user) -> int:
    """Record each scheduled play of entry ``number`` in ``rounds`` that has no result yet as
    not played or as the artificial score of ``score`` (one transaction, the standings
    refreshed once); returns how many were recorded."""
    from scoring.engine.adjustments import check_adjusted_for_method
    from scoring.engine.contract import ScoringError
    from scoring.results import services as result_services

    if score not in LATE_SCORES:
        raise ValidationError({"score": f"Choose one of: {', '.join(LATE_SCORES.values())}."})
    items = []
    for board, play in unplayed(section, number, rounds):
        fields: dict = {"not_played": True}
        if score == "fault":
            text = "A40/A60" if play.ns == number else "A60/A40"
            try:
                check_adjusted_for_method(section.session.event.scoring_method, text)
            except ScoringError as exc:
                raise ValidationError({"score": exc.message}) from None
            fields = {"adjusted": text}
        items.append({"board_number": board, "ns": play.ns, "ew": play.ew,
                      "round_number": play.round, "fields": fields})  # fmt: skip
    result_services.record_results(section, items, user=user, actor="director")
    return len(items)


def _pairs_movement(section: Section, field: str) -> dict:
    movement = section.movement
    if (
        not movement
        or movement.get("individual")
        or section.session.event.format in ("individual", "progressive")
    ):
        raise ValidationError(
            {field: "Late changes during play are for pairs movements; this section has none."}
        )
    return movement


@transaction.atomic
def join_during_play(
    section: Section, players: list[Player | str], from_round: int | None = None, user=None
) -> tuple[Entry, str]:
    """A late pair after play has started takes the phantom's place (the sit-out) from
    ``from_round`` (default: the section's current round). The rounds before it were sit-outs
    and are recorded as not played, so the late pair and those opponents are scored on the
    boards they played, factored as the conditions say (SCORING.md §3)."""
    movement = _pairs_movement(section, "__all__")
    phantom = movement.get("phantom")
    if not phantom:
        raise ValidationError(
            {"__all__": AFTER_RESULTS_LATE.format(name=section.name).replace(
                "the sit-out stays", "there is no sit-out to take")}
        )  # fmt: skip
    current = playing_round(section)
    from_round = current if from_round is None else from_round
    if not current <= from_round <= len(movement["schedule"]):
        raise ValidationError(
            {"from_round": f"Round {from_round} cannot be the first: the section is in round "
             f"{current} of {len(movement['schedule'])}."}
        )  # fmt: skip
    _free(section, phantom)
    club = section.session.event.club
    chosen = [
        p if isinstance(p, Player) else Player.objects.create(club=club, name=p) for p in players
    ]
    entry = add_entry(section, chosen, number=phantom)
    _store(section, take_phantom(movement))
    section.refresh_from_db()
    missed = _score_unplayed(section, phantom, range(1, from_round), "np", user)
    return entry, (
        f"Entry {phantom} takes the sit-out's place from round {from_round}; "
        f"{missed} board(s) before it recorded as not played."
    )


@transaction.atomic
def leave_during_play(entry: Entry, after_round: int, score: str = "np", user=None) -> str:
    """A pair leaves after round ``after_round``: each board it was still to play (its
    opponents' too) is scored as ``score`` (:data:`LATE_SCORES`); nothing is half-saved."""
    section = entry.section
    movement = _pairs_movement(section, "after_round")
    last = len(movement["schedule"])
    if not 0 <= after_round < last:
        raise ValidationError(
            {"after_round": f"Give the last round the pair played, from 0 to {last - 1}."}
        )
    done = _score_unplayed(section, entry.number, range(after_round + 1, last + 1), score, user)
    return (
        f"Entry {entry.number} left after round {after_round}: {done} board(s) scored as "
        f"{LATE_SCORES[score]}."
    )


@transaction.atomic
def late_arrival(
    section: Section, players: list[Player | str], number: int | None = None, mode: str = ""
) -> tuple[Entry, str]:
    """Sign in a pair after the movement was chosen; ``mode``: "phantom" or "rechoose"
    (default: the phantom's place when there is one). Returns the entry and what was done."""
    if section.results.exists():
        raise ValidationError({"number": AFTER_RESULTS_LATE.format(name=section.name)})
    movement = section.movement
    if not movement:
        return sign_in(section, players, number), ""
    phantom = movement.get("phantom")
    mode = mode or ("phantom" if phantom else "rechoose")
    if mode == "phantom":
        if not phantom:
            raise ValidationError({"number": "This movement has no phantom; re-choose it."})
        _free(section, phantom)
        entry = sign_in(section, players, phantom)
        _store(section, take_phantom(movement))
        return entry, f"Entry {entry.number} takes the phantom's place; no sit-out now."
    entry = sign_in(section, players, number)
    return entry, rechoose(section)


@transaction.atomic
def no_show(entry: Entry, mode: str = "rechoose") -> str:
    """Withdraw ``entry`` before round 1: leave a phantom in its place or re-choose."""
    section = entry.section
    if section.results.exists():
        raise ValidationError({"entry": AFTER_RESULTS_NO_SHOW.format(number=entry.number)})
    movement = section.movement
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    if not movement:
        return ""
    if mode == "phantom":
        if movement.get("phantom"):
            raise ValidationError({"entry": "The movement already has a phantom; re-choose it."})
        _store(section, leave_phantom(movement, entry.number))
        return f"Entry {entry.number} is the phantom: its opponents sit out."
    return rechoose(section)


def rechoose(section: Section) -> str:
    """Choose the movement again for the entries present (the same kind if it fits, else
    the recommended one), renumbering the entries first if a withdrawal left a gap."""
    moves = _compact(section)
    kind = section.movement_kind
    per_round = (section.movement or {}).get("boards_per_round", 3)
    live = section.entries.filter(withdrawn=False).count()
    same = {"boards_per_round": per_round}
    if (section.movement or {}).get("meet") == "cross_lines_at_most_twice":
        same["revenge"] = True  # the 1926 skip Mitchell stays in its form
    options = [(kind, same)] if kind else []
    options += [
        (r.kind, {"boards_per_round": r.boards_per_round, "rounds": r.rounds})
        for r in setup_selectors.recommendations(live, section.session.event)
    ]
    for chosen, extra in options:
        try:
            choose_movement(section, chosen, **extra)
        except ValidationError:
            continue
        moved = "".join(f" Entry {old} is now entry {new}." for old, new in moves)
        return f"Movement chosen again: {section.movement_kind}.{moved}"
    section.movement, section.movement_kind = None, ""
    section.save(update_fields=["movement", "movement_kind"])
    return "No movement fits; choose one." + "".join(f" Entry {o} is now {n}." for o, n in moves)


def _free(section: Section, number: int) -> None:
    """A withdrawn entry holding ``number`` (the no-show left as the phantom) moves up."""
    gone = section.entries.filter(number=number, withdrawn=True).first()
    if gone is not None:
        gone.number = max(section.entries.values_list("number", flat=True)) + 1
        gone.save(update_fields=["number"])


def _compact(section: Section) -> list[tuple[int, int]]:
    """Number the entries present 1..n: withdrawn ones move out of the way, the highest
    present ones fill the gaps. Returns the (old, new) numbers of the entries present."""
    entries = list(section.entries.order_by("number"))
    live = [e for e in entries if not e.withdrawn]
    top = max((e.number for e in entries), default=0)
    for k, gone in enumerate(e for e in entries if e.withdrawn and e.number <= len(live) + 1):
        gone.number = top + 1 + k  # out of the way of the movement's numbers and its phantom
        gone.save(update_fields=["number"])
    gaps = [n for n in range(1, len(live) + 1) if n not in {e.number for e in live}]
    moves = []
    for gap, entry in zip(gaps, sorted((e for e in live if e.number > len(live)),
                                       key=lambda e: e.number), strict=False):  # fmt: skip
        moves.append((entry.number, gap))
        entry.number = gap
        entry.save(update_fields=["number"])
    return moves
