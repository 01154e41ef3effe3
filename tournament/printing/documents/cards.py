"""Personal movement cards (one per moving pair or player) and the TD's master sheet.

MOVEMENTS.md §9: personal cards give, per round, the table, seat, opponents and boards —
essential for Howells and individuals; the master sheet is the round × table grid with the
relays, bye stands and shared tables, and the announcement text.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Spacer

from tournament.movements.base import Movement, Round, Seating
from tournament.printing.documents import moves
from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    BODY,
    SMALL,
    PrintData,
    boards_text,
    frame_width,
    grid,
    result,
    style,
)
from tournament.printing.documents.guide import header

CARD_TITLE = style(15, bold=True)
GRID_TABLES = 8  # tables per block of the master grid


def personal_rows(data: PrintData, movement: Movement, who: int) -> list[list[str]]:
    partner_col = movement.individual
    rows = [["Round", "Table", "Seat", *(["Partner"] if partner_col else []), "Against", "Boards"]]
    for rnd in movement.rounds:
        place = moves.place_of(movement, rnd, who)
        if place is None:
            rows.append([str(rnd.number), "—", "sit out", *([""] if partner_col else []), "", ""])
            continue
        st = rnd.table(place.table)
        against, partner = moves.opponents(movement, st, who)
        if movement.phantom is not None and movement.phantom in (*against, partner):
            vs = "sit-out"
        else:
            vs = " & ".join(map(str, against))
        if st.switched:
            vs += " (arrow switch)"
        extra = [str(partner)] if partner_col else []
        rows.append(
            [
                str(rnd.number),
                str(place.table),
                place.seat,
                *extra,
                vs,
                boards_text(movement.boards_for(st)),
            ]
        )
    return rows


def personal_card(data: PrintData, movement: Movement, who: int) -> KeepTogether:
    noun = "Player" if movement.individual else "Pair"
    name = data.name(who)
    title = f"{noun} {who}" + (f" — {name}" if name else "")
    rows = personal_rows(data, movement, who)
    width = frame_width(data)
    cols = len(rows[0])
    widths = [width / cols] * cols
    flow = [
        Text(title, CARD_TITLE),
        Text(f"{data.title} · section {data.section} · {movement.kind}", SMALL),
        Spacer(1, 2 * mm),
        grid(rows, widths),
        Spacer(1, 8 * mm),
    ]
    return KeepTogether(flow)


def personal_cards_story(data: PrintData) -> list:
    movement = data.need_movement("personal cards")
    story: list = []
    for who in moves.movers(movement):
        if who != movement.phantom:
            story.append(personal_card(data, movement, who))
    if not story:
        story.append(Text("Nobody moves in this movement: no personal cards.", BODY))
    return story


def personal_cards(data: PrintData):
    return result(data, "personal-cards", personal_cards_story(data))


def cell_text(movement: Movement, rnd: Round, table: int) -> str:
    st = rnd.table(table)
    ph = movement.phantom
    names = [
        "–" if getattr(st, a) in (None, ph) else str(getattr(st, a))
        for a, _ in moves.seats(movement)
    ]
    people = " ".join(names) if movement.individual else " v ".join(names)
    marks = []
    if st.switched:
        marks.append("switch")
    if st.shared_with:
        marks.append(f"share {st.shared_with}")
    tail = f" ({', '.join(marks)})" if marks else ""
    return f"{people}\n{boards_text(movement.boards_for(st))}{tail}"


def idle_text(movement: Movement, rnd: Round) -> str:
    idle = [boards_text(movement.boards_for(Seating(table=0, set=s))) for s in rnd.idle_sets]
    return ", ".join(idle) or "—"


def master_block(data: PrintData, movement: Movement, tables: list[int], last: bool) -> list:
    width = frame_width(data, landscape_page=True)
    extra = ["Idle boards", "Sit-out"] if last else []
    rows = [["Round", *(f"Table {t}" for t in tables), *extra]]
    for rnd in movement.rounds:
        row = [str(rnd.number), *(cell_text(movement, rnd, t) for t in tables)]
        if last:
            row += [idle_text(movement, rnd), ", ".join(map(str, rnd.sit_out)) or "—"]
        rows.append(row)
    fixed = 14 * mm
    tail = [34 * mm, 20 * mm] if last else []
    each = (width - fixed - sum(tail)) / max(len(tables), 1)
    size = 9 if movement.individual else 10
    style_ = [
        ("FONT", (0, 1), (-1, -1), "Helvetica", size),
        ("LEADING", (0, 1), (-1, -1), size + 2),
    ]
    return [grid(rows, [fixed, *([each] * len(tables)), *tail], style_), Spacer(1, 5 * mm)]


def master_notes(movement: Movement) -> list[str]:
    notes = [f"Announce: {movement.announcement}" if movement.announcement else ""]
    if movement.skip_after:
        notes.append(f"Skip: E-W skip one table after round {movement.skip_after}.")
    switched = sorted({r.number for r in movement.rounds for st in r.tables if st.switched})
    if switched:
        notes.append("Arrow switch in round(s) " + ", ".join(map(str, switched)) + ".")
    shared = sorted(
        {
            tuple(sorted((st.table, st.shared_with)))
            for r in movement.rounds
            for st in r.tables
            if st.shared_with
        }
    )
    if shared:
        notes.append("Tables sharing boards: " + "; ".join(f"{a} and {b}" for a, b in shared) + ".")
    moving = set(moves.movers(movement))
    stay = [w for w in movement.participants if w not in moving and w != movement.phantom]
    if stay:
        first = movement.rounds[0]
        where = [f"{w} at table {moves.place_of(movement, first, w).table}" for w in stay[:12]]
        more = " …" if len(stay) > 12 else ""
        notes.append("Stationary: " + ", ".join(where) + more + ".")
    if movement.phantom:
        notes.append(f"Phantom {movement.phantom}: its opponents sit out.")
    return notes + list(movement.notes)


def master_story(data: PrintData) -> list:
    movement = data.need_movement("master sheet")
    summary = (
        f"{movement.kind} · {movement.tables} tables · {movement.round_count} rounds × "
        f"{movement.boards_per_round} boards · {movement.total_boards} boards in play"
    )
    story = header(data, "Master sheet", [summary, *master_notes(movement)])
    tables = list(range(1, movement.tables + 1))
    blocks = [tables[i : i + GRID_TABLES] for i in range(0, len(tables), GRID_TABLES)]
    for i, block in enumerate(blocks):
        story.append(CondPageBreak(40 * mm))
        story += master_block(data, movement, block, last=i == len(blocks) - 1)
    return story


def master_sheet(data: PrintData):
    return result(data, "master-sheet", master_story(data), landscape_page=True)
