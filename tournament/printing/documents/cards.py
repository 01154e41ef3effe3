"""Personal movement cards (one per moving pair or player) and the TD's master sheet.

MOVEMENTS.md §9: personal cards give, per round, the table, seat, opponents and boards —
essential for Howells and individuals; the master sheet is the round × table grid with the
relays, bye stands and shared tables, and the announcement text.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Spacer

from tournament.movements.base import Movement, Round, Seating
from tournament.movements.text import copies
from tournament.printing.documents import moves
from tournament.printing.documents.blocks import Text
from tournament.printing.documents.cells import width_of
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
GRID_TABLES = 8  # at most this many tables per block of the master grid
HEAD_SIZE = 10  # the grid's header font size (``common.grid_style``: bold, 11 − 1)


def personal_rows(data: PrintData, movement: Movement, who: int) -> list[list[str]]:
    """The card's rows; a Notes column names the copy of the boards (a web Mitchell's "copy
    A") and the twin section's table sharing them ("share with table B2"), when there are."""
    partner_col = movement.individual
    notes_col = bool(movement.circuits or data.shares)
    rows = [["Round", "Table", "Seat", *(["Partner"] if partner_col else []), "Against", "Boards",
             *(["Notes"] if notes_col else [])]]  # fmt: skip
    for rnd in movement.rounds:
        place = moves.place_of(movement, rnd, who)
        if place is None:
            rows.append([str(rnd.number), "—", "sit out", *([""] if partner_col else []), "", "",
                         *([""] if notes_col else [])])  # fmt: skip
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
                *([personal_notes(data, movement, rnd.number, st.table)] if notes_col else []),
            ]
        )
    return rows


def personal_notes(data: PrintData, movement: Movement, rnd: int, table: int) -> str:
    """ "copy A" (the copy of the boards at the table, several copies) and "share with table
    B2" (twin sections: the other section's table beside it holding the same boards)."""
    marks = [f"copy {movement.copy_of(table)}"] if movement.circuits else []
    share = data.shares.get((rnd, table))
    if share:
        marks.append(f"share with table {share}")
    return ", ".join(marks)


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
    st = next((s for s in rnd.tables if s.table == table), None)
    if st is None:  # not in play this round (a table added or removed mid-session)
        return "·"
    ph = movement.phantom
    names = [
        "–" if getattr(st, a) in (None, ph) else str(getattr(st, a))
        for a, _ in moves.seats(movement)
    ]
    people = " ".join(names) if movement.individual else " v ".join(names)
    marks = [f"copy {movement.copy_of(st.table)}"] if movement.circuits else []
    if st.switched:
        marks.append("switch")
    if st.shared_with:
        marks.append(f"share {st.shared_with}")
    tail = f" ({', '.join(marks)})" if marks else ""
    return f"{people}\n{boards_text(movement.boards_for(st))}{tail}"


def idle_items(movement: Movement, rnd: Round) -> list[str]:
    return [boards_text(movement.boards_for(Seating(table=0, set=s))) for s in rnd.idle_sets]


#: padding either side of a grid cell's text (``cells.CellStyle`` left/right)
PAD = 12
#: the widest the idle-boards and sit-out columns grow before their lists wrap
TAIL_MAX = 40 * mm
TAIL_HEADS = ("Idle boards", "Sit-out")
HEAD_FONT = "Helvetica-Bold"


def wrap_items(items: list[str], width: float, size: float) -> str:
    """``items`` joined by ", ", a new line before an item that would pass ``width``."""
    if not items:
        return "—"
    lines = [items[0]]
    for item in items[1:]:
        trial = f"{lines[-1]}, {item}"
        if width_of(trial + ",", "Helvetica", size) <= width:
            lines[-1] = trial
        else:
            lines[-1] += ","
            lines.append(item)
    return "\n".join(lines)


def _need(texts, font: str, size: float) -> float:
    """The column width the widest line of ``texts`` needs, padding included."""
    return (
        max(
            (width_of(line, font, size) for text in texts for line in str(text).split("\n")),
            default=0,
        )
        + PAD
    )


def master_rows(movement: Movement, tables: list[int], last: bool, size: float):
    """(rows, widths of the tail columns) of one block of the master grid at font ``size``."""
    rows = [["Round", *(f"Table {t}" for t in tables), *(TAIL_HEADS if last else ())]]
    for rnd in movement.rounds:
        row = [str(rnd.number), *(cell_text(movement, rnd, t) for t in tables)]
        if last:
            room = TAIL_MAX - PAD
            row += [
                wrap_items(idle_items(movement, rnd), room, size),
                wrap_items([str(x) for x in rnd.sit_out], room, size),
            ]
        rows.append(row)
    tail = []
    if last:
        n = len(tables) + 1
        for col, head in enumerate(TAIL_HEADS):
            body = _need([r[n + col] for r in rows[1:]], "Helvetica", size)
            tail.append(max(body, _need([head], HEAD_FONT, HEAD_SIZE)))
    return rows, tail


def master_layout(movement: Movement, width: float):
    """Blocks of tables, the font size and every block's (rows, widths) such that every
    line of every cell fits its column: the largest font (10 pt, 9 for individuals, down to
    6) with as many tables a block as fit (at most ``GRID_TABLES``)."""
    tables = list(range(1, movement.tables + 1)) or [1]
    first = 9 if movement.individual else 10
    round_w = max(14 * mm, _need(["Round"], HEAD_FONT, HEAD_SIZE))
    for size in [x for x in (10, 9, 8, 7, 6) if x <= first]:
        for per_block in range(min(GRID_TABLES, len(tables)), 0, -1):
            blocks = [tables[i : i + per_block] for i in range(0, len(tables), per_block)]
            laid = []
            for i, block in enumerate(blocks):
                rows, tail = master_rows(movement, block, i == len(blocks) - 1, size)
                each = (width - round_w - sum(tail)) / len(block)
                body = [r[1 : 1 + len(block)] for r in rows[1:]]
                need = max(
                    _need([c for row in body for c in row], "Helvetica", size),
                    _need(rows[0][1 : 1 + len(block)], HEAD_FONT, HEAD_SIZE),
                )
                if each < need:
                    break
                laid.append((rows, [round_w, *([each] * len(block)), *tail]))
            else:
                return size, laid
    raise ValueError(f"the master grid of {movement.kind} does not fit a page")  # pragma: no cover


def master_grids(data: PrintData, movement: Movement) -> list:
    """The master sheet's grids (one per block of tables), each fitting its columns."""
    width = frame_width(data, landscape_page=True)
    size, laid = master_layout(movement, width)
    style_ = [
        ("FONT", (0, 1), (-1, -1), "Helvetica", size),
        ("LEADING", (0, 1), (-1, -1), size + 2),
    ]
    return [grid(rows, widths, style_) for rows, widths in laid]


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
    notes += copies(movement)
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
    notes = [*master_notes(movement), data.share_note]
    story = header(data, "Master sheet", [summary, *notes])
    for block in master_grids(data, movement):
        story += [CondPageBreak(40 * mm), block, Spacer(1, 5 * mm)]
    return story


def master_sheet(data: PrintData):
    return result(data, "master-sheet", master_story(data), landscape_page=True)
