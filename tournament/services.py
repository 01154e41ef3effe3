"""Writes to the club's domain.  Each function is one transaction: it either
does everything or, with a ``ValidationError`` naming the field, nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.team_match import TEAM_METHODS

from .models import Entry, EntryPlayer, Player, Section, Session


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


def _check_not_elsewhere(session: Session, players: Iterable[Player], number: int) -> None:
    taken = (
        EntryPlayer.objects.filter(session=session, player__in=list(players))
        .select_related("player", "entry")
        .first()
    )
    if taken:
        raise ValidationError(
            {
                "entries": f"{taken.player.name} already plays in entry {taken.entry.number} "
                f"of this session, so cannot also be in entry {number}."
            }
        )


@transaction.atomic
def create_section(
    session: Session,
    name: str,
    entries: Sequence[tuple[int, Sequence[Player]]],
    kind: str = Entry.Kind.PAIR,
) -> Section:
    """Create a section with its entries, all or nothing."""
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
    from scoring.services import recompute_standings

    session = Session.objects.select_for_update().get(pk=session.pk)
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

    if section.results.exists():
        raise ValidationError(
            {"kind": "Results are already in; the movement can no longer change."}
        )
    if section.session.event.scoring_method in TEAM_METHODS and kind != "team":
        raise ValidationError(
            {
                "kind": "A team match is scored by teams: choose the team movement "
                "(each team's pairs N-S at one table and E-W at another)."
            }
        )
    numbers = sorted(section.entries.filter(withdrawn=False).values_list("number", flat=True))
    unit = "players" if section.session.event.format == "individual" else "pairs"
    options.setdefault(unit, len(numbers))
    try:
        movement = build(kind, **options)
    except MovementError as exc:
        raise ValidationError({"kind": str(exc)}) from None
    participants = set(movement.participants)
    strangers = [n for n in numbers if n not in participants]
    if strangers:
        raise ValidationError(
            {
                "kind": f"This movement numbers its {unit} "
                f"{_ranges(sorted(participants))}; entry {strangers[0]} has no seat. "
                "Renumber the entries or choose another movement."
            }
        )
    missing = sorted(participants - set(numbers) - {movement.phantom})
    if missing:
        raise ValidationError(
            {"kind": f"This movement needs entries {_ranges(missing)}, which are not signed in."}
        )
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
