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
    from tournament.social import selectors as social_selectors

    movement = section.get_movement()
    if movement is None or not movement.individual:
        return None
    if social_selectors.is_social(section):  # the book's social game: the points entered
        waiting = [t.round for t in social_selectors.schedule(section) if t.score is None]
        rnd = movement.round(min(waiting)) if waiting else None
        if rnd is None:
            return None
        rows = [{k: v for k, v in vars(st).items() if k in ("table", "n", "s", "e", "w")}
                for st in rnd.tables]  # fmt: skip
        return rnd.number, rows
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


def _table(row: dict, names: dict) -> dict:
    """One table's line: N/S/E/W, or at Five Hundred the tally cards' marks ("A 1") and the
    table's letter."""
    if "seats" in row:  # Progressive Five Hundred (tournament.movements.five_hundred)
        from tournament.progressive.selectors import fh_view

        view = fh_view([row], names)[0]
        return {"table": view["letter"], "seats": [(mark, name) for mark, _, name in view["seats"]]}
    seats = [(label, names.get(row[k], row[k])) for k, label in SEATS if row.get(k) is not None]
    return {"table": row["table"], "seats": seats}


def _current(section) -> tuple[int, list[dict]] | None:
    # ``seated``: whether the section has any seating, when its reader asked (the public
    # session page, with the sections)
    last = (
        section.round_seatings.order_by("-round_number").first()
        if getattr(section, "seated", True)
        else None
    )
    if last is not None:
        return last.round_number, last.seating
    return _individual_round(section)


@register.simple_tag
def current_seatings(session, sections=None) -> list[dict]:
    """``sections``: the session's sections when the view has read them (else read here)."""
    out = []
    # the stored movement (tens of KB of JSON for a big section) is not read: a section
    # loaded without it gets its parsed movement by digest (``Section.get_movement``)
    if not sections:
        sections = session.sections.defer("movement").order_by("name")
    for section in sections:
        current = _current(section)
        if current is None:
            continue
        names = _names(section)
        tables = [_table(row, names) for row in current[1]]
        out.append({"section": section.name, "round": current[0], "tables": tables})
    return out


@register.simple_tag
def five_hundred_fit(section) -> str:
    """At sign-in, for Progressive Five Hundred before round 1 is seated: the hands per table
    and, when the players present do not fill whole tables, what to do ("" otherwise)."""
    from tournament.progressive import selectors as progressive_selectors

    hands = progressive_selectors.hands(section)
    if hands is None or section.round_seatings.exists():
        return ""
    fit = progressive_selectors.fh_fit(section)
    return f"Five Hundred at {hands}-hand tables: " + (fit + "." if fit else "the players fill "
                                                       "the tables.")  # fmt: skip
