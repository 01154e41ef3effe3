"""Reads of twin sections (a section playing another's boards, ``tournament.setup.sharing``):
which section a section shares boards with, and the "share with table A3" marks of its
guide cards (``tournament.movements.sections``)."""

from __future__ import annotations

from tournament.models import Section
from tournament.movements.sections import shared_tables, table_map


def twin(section: Section) -> tuple[Section, Section] | None:
    """(the section whose boards are shared, the section sharing them), or None."""
    if section.shares_boards_with_id:
        return section.shares_boards_with, section
    other = section.sharing_sections.first()
    return (section, other) if other is not None else None


def share_marks(section: Section) -> dict[tuple[int, int], str]:
    """(round, table) → "A3": the other section's table beside this one holding the same
    boards that round.  Empty for a section that shares with no other."""
    pair = twin(section)
    if pair is None:
        return {}
    first, second = pair
    a, b = first.get_movement(), second.get_movement()
    if a is None or b is None:
        return {}
    marks = {}
    for rnd, tb in shared_tables(a, b):
        if section == second:
            marks[(rnd, tb)] = f"{first.name}{table_map(a, b)[tb]}"
        else:
            marks[(rnd, table_map(a, b)[tb])] = f"{second.name}{tb}"
    return marks


def share_choices(section: Section) -> list[tuple[str, str]]:
    """The console's choices: its own boards, or another section of the session that shares
    with no one (one copy serves two sections)."""
    others = section.session.sections.exclude(pk=section.pk).filter(shares_boards_with__isnull=True)
    return [("", "Its own boards")] + [
        (str(s.pk), f"Section {s.name}'s boards") for s in others.order_by("name")
    ]


def share_note(section: Section) -> str:
    """The sentence of the table cards and master sheet; "" for a section with its own boards."""
    pair = twin(section)
    if pair is None:
        return ""
    first, second = pair
    return (
        f"Section {second.name} plays section {first.name}'s boards: table {second.name}k "
        f"shares with table {first.name}k (one copy of the boards for both sections; the two "
        "tables play a shared set in a different order). The trump slips and hand records "
        f"are in section {first.name}'s pack."
    )
