"""``{% movement_grids session as grids %}``: who plays where, round by round, for the
public session page ("round 3: table 5, N-S 5 v E-W 9, boards 13–15")."""

from __future__ import annotations

from django import template

from tournament.setup.sharing_selectors import share_marks

register = template.Library()


@register.filter
def board_range(boards: tuple[int, ...]) -> str:
    """(13, 14, 15) → "13–15"; (1, 3) → "1, 3"."""
    if not boards:
        return "—"
    ordered = sorted(boards)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 1:
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(map(str, ordered))


def grid(movement) -> dict:
    rounds = []
    for rnd in movement.rounds:
        cells = []
        for st in sorted(rnd.tables, key=lambda s: s.table):
            boards = board_range(movement.boards_for(st))
            if movement.phantom is not None and movement.phantom in (st.ns, st.ew):
                pair = st.ew if st.ns == movement.phantom else st.ns
                text = f"{pair} sits out"
            else:
                text = f"{st.ns} v {st.ew} · {boards}"
            cells.append({"table": st.table, "text": text, "shared_with": st.shared_with,
                          "switched": st.switched, "copy": movement.copy_of(st.table)})  # fmt: skip
        seated = {x for st in rnd.tables for x in st.seated}
        away = ", ".join(str(x) for x in rnd.sit_out if x not in seated)  # a rover's sit-out
        rounds.append({"number": rnd.number, "tables": cells, "away": away})
    return {
        "announcement": movement.announcement,
        "tables": list(range(1, movement.tables + 1)),
        "rounds": rounds,
    }


def shared(drawn: dict, shares: dict[tuple[int, int], str]) -> None:
    """Twin sections: each cell of ``drawn`` gets ``twin``, the other section's table beside
    it holding the same boards ("B2", ``tournament.setup.sharing_selectors.share_marks``)."""
    for rnd in drawn["rounds"]:
        for cell in rnd["tables"]:
            cell["twin"] = shares.get((rnd["number"], cell["table"]))


@register.simple_tag
def movement_grids(session) -> list[dict]:
    """One grid per section with a pair movement (individual games show their seating)."""
    out = []
    for section in session.sections.all():
        movement = section.get_movement()
        if movement is not None and not movement.individual:
            drawn = grid(movement)
            shared(drawn, share_marks(section))
            out.append({"section": section.name, "kind": section.movement_kind, **drawn})
    return out
