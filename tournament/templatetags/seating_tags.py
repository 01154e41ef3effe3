"""``{% current_seatings session as seatings %}``: where each player sits in the current
round of a progressive or individual section ("Table 2: N Ada, S …"), for the public
session page (``tournament/_seating.html``)."""

from __future__ import annotations

from collections import Counter

from django import template

register = template.Library()

SEATS = (("n", "N"), ("s", "S"), ("e", "E"), ("w", "W"))


def _names(section) -> dict[int, str]:
    out = {}
    for entry in section.entries.prefetch_related("entry_players__player"):
        out[entry.number] = entry.display_name
    return out


def _individual_round(section) -> tuple[int, list[dict]] | None:
    """The first round of an individual movement with results still to come."""
    from scoring.inputs import scheduled_plays

    movement = section.get_movement()
    if movement is None or not movement.individual:
        return None
    expected: Counter[int] = Counter()
    for plays in scheduled_plays(movement).values():
        for play in plays:
            expected[play.round] += 1
    done = Counter(section.results.values_list("round_number", flat=True))
    for rnd in movement.rounds:
        if done[rnd.number] < expected[rnd.number]:
            rows = [{k: v for k, v in vars(st).items() if k in ("table", "n", "s", "e", "w")}
                    for st in rnd.tables]  # fmt: skip
            return rnd.number, rows
    return None


def _current(section) -> tuple[int, list[dict]] | None:
    last = section.round_seatings.order_by("-round_number").first()
    if last is not None:
        return last.round_number, last.seating
    return _individual_round(section)


@register.simple_tag
def current_seatings(session) -> list[dict]:
    out = []
    for section in session.sections.all():
        current = _current(section)
        if current is None:
            continue
        names = _names(section)
        tables = [
            {"table": row["table"],
             "seats": [(label, names.get(row[k], row[k])) for k, label in SEATS
                       if row.get(k) is not None]}
            for row in current[1]
        ]  # fmt: skip
        out.append({"section": section.name, "round": current[0], "tables": tables})
    return out
