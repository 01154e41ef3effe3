"""Late arrivals and no-shows before round 1, in one click each.

Before the first result the movement can still change:

* a **late arrival** takes the phantom's number when the movement has a phantom (the
  sit-out table becomes a real table; nothing else moves), or the movement is chosen again
  for the new number of entries;
* a **no-show** is withdrawn and either its number becomes the movement's phantom (its
  opponents sit out each round) or the movement is chosen again — the entries are then
  renumbered to fill the gap (the highest numbers move down) and the TD is told who moved.

Once a result is in, neither is possible: the sit-out stays and a late pair cannot join the
section (the movement is fixed; LAWS.md §4.1), so the TD gets a message saying so.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from . import console_services, services
from .models import Entry, Player, Section

AFTER_RESULTS_LATE = (
    "Results are in: the movement is fixed, so a late pair cannot join section {name} and "
    "the sit-out stays. Seat them in a new section or sign them in for the next session."
)
AFTER_RESULTS_NO_SHOW = (
    "Results are in: entry {number} can no longer be withdrawn and the movement stays; "
    "score its missing boards as not played (NP) or adjusted (A60/A40)."
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
        return console_services.sign_in(section, players, number), ""
    phantom = movement.get("phantom")
    mode = mode or ("phantom" if phantom else "rechoose")
    if mode == "phantom":
        if not phantom:
            raise ValidationError({"number": "This movement has no phantom; re-choose it."})
        _free(section, phantom)
        entry = console_services.sign_in(section, players, phantom)
        _store(section, take_phantom(movement))
        return entry, f"Entry {entry.number} takes the phantom's place; no sit-out now."
    entry = console_services.sign_in(section, players, number)
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
    options = [(kind, {"boards_per_round": per_round})] if kind else []
    options += [
        (r.kind, {"boards_per_round": r.boards_per_round, "rounds": r.rounds})
        for r in console_services.recommendations(live, section.session.event)
    ]
    for chosen, extra in options:
        try:
            services.choose_movement(section, chosen, **extra)
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
