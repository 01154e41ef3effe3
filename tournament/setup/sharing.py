"""Twin sections: a section declared to play another section's boards, table k beside the
other's table k, so one dealt copy of the boards serves both (bridgecentral.com "Twin
Mitchells"; MOVEMENTS.md §2, §4 P5, §10.3).  Both movements are checked together by
``tournament.movements.sections`` whenever the sharing is declared or either movement
changes; each section is still scored on its own (SCORING.md §6).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournament.models import Section
from tournament.movements.sections import sharing_problems

FIELD = "shares_boards_with"


def _refuse(message: str, field: str = FIELD) -> None:
    raise ValidationError({field: message})


def _check_pair(first: Section, second: Section) -> None:
    if first.session_id != second.session_id:
        _refuse("Only a section of the same session can share its boards.")
    if first.pk == second.pk:
        _refuse(f"Section {second.name} cannot share its own boards.")
    if first.shares_boards_with_id:
        _refuse(
            f"Section {first.name} already plays section {first.shares_boards_with.name}'s "
            "boards; share with that section's boards or stop its sharing first."
        )
    if second.sharing_sections.exists():
        _refuse(f"Section {second.name}'s own boards are shared by another section.")
    if first.sharing_sections.exclude(pk=second.pk).exists():
        _refuse(f"Section {first.name}'s boards already serve two sections (one copy, two tables).")


def _check_movements(first: Section, second: Section, a=None, b=None, field: str = FIELD):
    a = a if a is not None else first.get_movement()
    b = b if b is not None else second.get_movement()
    missing = [s.name for s, m in ((first, a), (second, b)) if m is None]
    if missing:
        _refuse(f"Choose the movement of section {' and '.join(missing)} first.", field)
    problems = sharing_problems(a, b, (first.name, second.name))
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        _refuse(
            f"Sections {first.name} and {second.name} cannot share one copy of the boards: "
            + "; ".join(problems[:3])
            + more,
            field,
        )


def share_boards(section: Section, first: Section | None) -> Section:
    """Declare that ``section`` plays ``first``'s boards (None: its own boards again).

    Refused, with nothing saved, unless both movements are chosen and together put no board
    at two tables of the two sections in one round except table k beside table k."""
    if first is not None:
        _check_pair(first, section)
        _check_movements(first, section)
    section.shares_boards_with = first
    section.save(update_fields=["shares_boards_with"])
    _rescore(section.session)
    return section


def _rescore(session) -> None:
    """An event scoring twin sections across both (``twin_scoring``): the kept standings
    follow the sharing at once (``scoring.standings.twins``)."""
    from scoring.models import Standings
    from scoring.standings.services import recompute_standings

    if session.event.condition("twin_scoring") and Standings.objects.filter(session=session):
        recompute_standings(session)


def check_new_movement(section: Section, movement, field: str = "kind") -> None:
    """A movement about to be stored for a section that shares boards must still fit its twin."""
    if section.pk is None:
        return
    if section.shares_boards_with_id:
        _check_movements(section.shares_boards_with, section, b=movement, field=field)
    for other in section.sharing_sections.all():
        if other.movement:
            _check_movements(section, other, a=movement, field=field)
