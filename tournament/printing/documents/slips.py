"""Forms for recording scores: the laws' score slips, travellers and pick-up slips.

Score slips are the 1926 compass game's: "white score slips for the N and S pairs, colored
slips for the E and W pairs" [002 L2909–2911]; each pair notes the deals ("deals 13 to 16"),
"the number of the pair against whom they played them" and the net as a plus or a minus
[002 L2988–2995], "O. K.'d by the adversaries" [002 L3000], [002 L3360–3362].  Travellers (a
line per round) and pick-up slips (a line per board) are the modern forms, with a space for
the opponents' initials.  Whist forms ask for tricks N-S / E-W; the trump card is never
printed here: it "must not be elsewhere recorded" than on the trump slip [002 L4033–4037].
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from boards.engine.dealing import dealer_of, vulnerability_for
from scoring.engine.numbers import places, points_text
from scoring.engine.scorecards import own_score, ruling_note
from tournament.movements.base import Movement, Round, Seating
from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    EW_TINT,
    GRID,
    SMALL,
    PrintData,
    boards_text,
    frame_width,
    grid,
    result,
    style,
)
from tournament.printing.documents.fastgrid import Grid

SLIP_H = 40 * mm
LABEL = style(13, bold=True)
LINE = "_" * 11


def playing(movement: Movement, st: Seating) -> bool:
    """A table really plays: no phantom and at least two pairs (or four players)."""
    people = st.seated
    return movement.phantom not in people and len(people) >= (4 if movement.individual else 2)


def slip(data: PrintData, movement: Movement, rnd: Round, st: Seating, ew: bool) -> Grid:
    """One pair's slip for a round. Auction adds the honours and revokes of the round and the
    Law 10 excess column [002 L2908–2912, L3364–3376]."""
    pair, other = (st.ew, st.ns) if ew else (st.ns, st.ew)
    side = "E-W" if ew else "N-S"
    deals = boards_text(movement.boards_for(st))
    rows = [
        [f"{side} score slip", f"Pair {pair}"],
        [f"Round {rnd.number} · table {st.table}", data.name(pair)[:34]],
        [f"Deals {deals}", f"against pair {other}"],
    ]
    style = [("SPAN", (0, 4), (1, 4))]
    if data.game == "auction":
        rows += [[f"Honours  {LINE}", f"Revokes  {LINE}"], [f"Plus  {LINE}", f"Minus  {LINE}"],
                 [f"Excess  {LINE}", f"O.K.  {LINE}"]]  # fmt: skip
        style = []
    else:
        rows += [[f"Plus  {LINE}", f"Minus  {LINE}"], [f"O.K. (opponents' initials)  {LINE}", ""]]
    width = (frame_width(data) - 6 * mm) / 2
    return Grid(
        rows,
        [width * 0.55, width * 0.45],
        [
            ("FONT", (0, 0), (-1, -1), "Helvetica", 10),
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 12),
            ("FONT", (0, 2), (-1, 2), "Helvetica-Bold", 11),
            *style,
            ("BOX", (0, 0), (-1, -1), 1.2, GRID),
            ("BACKGROUND", (0, 0), (-1, -1), EW_TINT if ew else colors.white),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ],
        heights=SLIP_H / (len(rows) + 0.4),
    )


def score_slips_story(data: PrintData) -> list:
    movement = data.need_movement("score slips")
    if movement.individual:
        return [Text("Score slips are for pairs; use pick-up slips or tally cards.", SMALL)]
    pairs_rows = []
    for rnd in movement.rounds:
        for st in rnd.tables:
            if playing(movement, st):
                pairs_rows.append(
                    [slip(data, movement, rnd, st, False), slip(data, movement, rnd, st, True)]
                )
    width = frame_width(data) / 2
    outer = Grid(
        pairs_rows,
        [width, width],
        [
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.grey, 1, (2, 2)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ],
        heights=SLIP_H + 5 * mm,
    )
    note = "White slips for N-S, tinted slips for E-W. Enter the net of the round as a plus or a minus; the opponents initial (O.K.)."
    if data.game == "auction":
        note += " The winners of a deal capped by Law 10 (500 declaring, 350 defending) enter the rest in Excess."
    return [Text(note, SMALL), Spacer(1, 2 * mm), outer]


def score_slips(data: PrintData):
    return result(data, "score-slips", score_slips_story(data))


def board_heading(data: PrintData, number: int) -> str:
    try:
        dealer = dealer_of(number).name.title()
        vul = vulnerability_for(number, data.game)
    except ValueError:
        return f"Board {number}"
    text = f"Board {number} · dealer {dealer}"
    return text + (f" · vulnerable {vul.label}" if vul is not None else "")


#: the auction traveller: "the results of each deal in tricks, honors and penalties"
#: [002 L2908–2912], each side's plus and minus and the winner's excess (Law 10 [002 L3364–3376])
AUCTION_COLUMNS = ["Contract", "By", "Tricks", "Hon. N-S", "Hon. E-W", "Revokes", "N-S +",
                   "N-S −", "Excess"]  # fmt: skip


def result_columns(data: PrintData) -> list[str]:
    if data.game == "whist":
        return ["Tricks N-S", "Tricks E-W"]
    if data.game == "auction":
        return AUCTION_COLUMNS
    return ["Contract", "By", "Tricks", "N-S +", "N-S −"]


def traveller(
    data: PrintData, movement: Movement, board: int, plays: list, copy: str = ""
) -> KeepTogether:
    """The blank traveller of one board (of one copy of it, when the boards are duplicated)."""
    cols = result_columns(data)
    rows = [["Round", "Table", "N-S", "E-W", *cols, "O.K. E-W"]]
    for rnd, st in plays:
        rows.append(
            [str(rnd.number), str(st.table), str(st.ns), str(st.ew), *([""] * len(cols)), ""]
        )
    width = frame_width(data)
    fixed = [14 * mm, 14 * mm, 14 * mm, 14 * mm]
    each = (width - sum(fixed)) / (len(cols) + 1)
    tall = [("TOPPADDING", (0, 1), (-1, -1), 6), ("BOTTOMPADDING", (0, 1), (-1, -1), 6)]
    return KeepTogether(
        [
            Text(board_heading(data, board) + (f" · copy {copy}" if copy else ""), LABEL),
            Text(f"Traveller · {data.title} · section {data.section}", SMALL),
            Spacer(1, 1.5 * mm),
            grid(rows, fixed + [each] * (len(cols) + 1), tall),
            Spacer(1, 7 * mm),
        ]
    )


def plays_by_board(movement: Movement) -> dict[int, list]:
    out: dict[int, list] = {}
    for rnd in movement.rounds:
        for st in rnd.tables:
            if playing(movement, st):
                for board in movement.boards_for(st):
                    out.setdefault(board, []).append((rnd, st))
    return dict(sorted(out.items()))


def by_copy(movement: Movement, plays: list) -> list[tuple[str, list]]:
    """A board's plays split by the copy of the board they use (a web Mitchell's A and B: each
    physical board carries its own traveller); one part, unnamed, with one copy."""
    if not movement.circuits:
        return [("", plays)]
    copies = sorted({movement.copy_of(st.table) for _, st in plays})
    return [(c, [(r, st) for r, st in plays if movement.copy_of(st.table) == c]) for c in copies]


def scored_lines(data: PrintData) -> dict[int, dict[tuple, dict]]:
    """Board → (N-S, E-W) → the kept standings' scored line; empty before any result."""
    boards = (data.standings or {}).get("boards") or []
    return {
        b["board"]: {(line.get("ns"), line.get("ew")): line for line in b.get("results", [])}
        for b in boards
        if b.get("results")
    }


def scored_columns(data: PrintData) -> list[str]:
    if data.game == "whist":
        return ["Tricks N-S", "Tricks E-W", "Points N-S", "Points E-W"]
    if data.game == "auction" and _net(data):
        return ["Contract", "By", "Tricks", "Honours", "Revokes", "N-S +", "N-S −", "E-W +",
                "E-W −", "Excess"]  # fmt: skip
    return ["Contract", "By", "Tricks", "Score N-S", "Points N-S", "Points E-W"]


def _net(data: PrintData) -> bool:
    return (data.standings or {}).get("method") == "net"


def _sides(line: dict, key: str) -> str:
    """``honours``/``revokes`` of a scored line: "30 N-S", "1 E-W", blank for none."""
    parts = [f"{line[f'{key}_{s}']} {label}" for s, label in (("ns", "N-S"), ("ew", "E-W"))
             if line.get(f"{key}_{s}")]  # fmt: skip
    return ", ".join(parts)


def _auction_cells(line: dict, artificial: str | None) -> list[str]:
    """A scored auction line with its Law 10 columns: each side's plus and minus, the winner's
    excess [002 L3364–3376]; an assigned or artificial score has its columns too."""
    columns = [points_text(line.get(k), places([line.get(k)]), "") or "" for k in
               ("ns_plus", "ns_minus", "ew_plus", "ew_minus")]  # fmt: skip
    excess = (line.get("ns_excess") or 0) + (line.get("ew_excess") or 0)
    tail = [*columns, points_text(excess, places([excess])) if excess else ""]
    if artificial:
        return [artificial, "", "", "", "", *tail]
    if line.get("contract") is None and line.get("score_ns") is not None:
        return [f"score {points_text(line['score_ns'], 0)}", "", "", "", "", *tail]
    note = ruling_note(line)  # a Law 4d or Law 7 ruling on the line
    return [(line.get("contract") or "") + (f" \u00b7 {note}" if note else ""),
            line.get("declarer") or "",
            points_text(line.get("tricks"), 0), _sides(line, "honours"), _sides(line, "revokes"),
            *tail]  # fmt: skip


def scored_cells(data: PrintData, line: dict | None, decimals: int) -> list[str]:
    """One table's scored result as the traveller prints it (blank: no result yet)."""
    if line is None:
        return [""] * len(scored_columns(data))
    points = [points_text(line.get(k), decimals, "") for k in ("ns_points", "ew_points")]
    artificial = "not played" if line.get("not_played") else line.get("adjusted")
    if data.game == "whist":
        ew_tricks, _ = own_score(line, "EW", "whist")
        if artificial:
            return [artificial, "", *points]
        return [points_text(line.get("tricks"), 0), points_text(ew_tricks, 0), *points]
    if data.game == "auction" and _net(data):
        return _auction_cells(line, artificial)
    if artificial:
        return [artificial, "", "", "", *points]
    if line.get("weighted"):  # Law 12C1(c): the weighting, a part a line, and its mean score
        parts = "\n".join(p.strip() for p in line["weighted"].split(";"))
        return [parts, "", "", points_text(line.get("score_ns"), places([line.get("score_ns")])),
                *points]  # fmt: skip
    note = ruling_note(line)
    return [
        (line.get("contract") or "") + (f" \u00b7 {note}" if note else ""),
        line.get("declarer") or "",
        points_text(line.get("tricks"), 0),
        points_text(line.get("score_ns"), places([line.get("score_ns")])),
        *points,
    ]


def scored_traveller(data: PrintData, board: int, plays: list, lines: dict) -> KeepTogether:
    """A board's traveller filled in from the kept standings (every table's scored line)."""
    cols = scored_columns(data)
    rows = [["Round", "Table", "N-S", "E-W", *cols]]
    decimals = places(v for line in lines.values() for v in (line.get("ns_points"),
                                                              line.get("ew_points")))  # fmt: skip
    for rnd, st in plays:
        line = lines.get((st.ns, st.ew))
        rows.append([str(rnd.number), str(st.table), str(st.ns), str(st.ew),
                     *scored_cells(data, line, decimals)])  # fmt: skip
    width = frame_width(data)
    fixed = [14 * mm] * 4
    each = (width - sum(fixed)) / len(cols)
    status = (data.standings or {}).get("status") or ""
    small = []
    if len(cols) > 6:  # the auction's Law 10 columns: a smaller type so ten columns fit
        fixed = [11 * mm] * 4
        each = (width - sum(fixed)) / len(cols)
        small = [("FONT", (0, 0), (-1, -1), "Helvetica", 8.5),
                 ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5)]  # fmt: skip
    return KeepTogether(
        [
            Text(board_heading(data, board), LABEL),
            Text(f"Scored traveller ({status}) · {data.title} · section {data.section}", SMALL),
            Spacer(1, 1.5 * mm),
            grid(rows, fixed + [each] * len(cols), small),
            Spacer(1, 7 * mm),
        ]
    )


def travellers_story(data: PrintData) -> list:
    """The scored traveller of every board once results are in (from the kept standings),
    the blank form to fill in at the table before play."""
    movement = data.need_movement("travellers")
    if movement.individual:
        return pickup_story(data, "travellers")
    scored = scored_lines(data)
    if scored:
        return [
            scored_traveller(data, board, plays, scored.get(board, {}))
            for board, plays in plays_by_board(movement).items()
        ]
    return [
        traveller(data, movement, board, part, copy)
        for board, plays in plays_by_board(movement).items()
        for copy, part in by_copy(movement, plays)
    ]


def travellers(data: PrintData):
    return result(data, "travellers", travellers_story(data))


def who_line(movement: Movement, st: Seating) -> str:
    if movement.individual:
        return f"N {st.n} · S {st.s} · E {st.e} · W {st.w}"
    return f"N-S {st.ns} v E-W {st.ew}"


def pickup(data: PrintData, movement: Movement, rnd: Round, st: Seating) -> KeepTogether:
    cols = result_columns(data)
    rows = [["Board", *cols]]
    for board in movement.boards_for(st):
        rows.append([str(board), *([""] * len(cols))])
    width = frame_width(data)
    each = (width - 18 * mm) / len(cols)
    tall = [("TOPPADDING", (0, 1), (-1, -1), 6), ("BOTTOMPADDING", (0, 1), (-1, -1), 6)]
    heading = f"Table {st.table} · round {rnd.number} · {who_line(movement, st)}"
    return KeepTogether(
        [
            Text(heading, LABEL),
            Text(f"Pick-up slip · {data.title} · section {data.section}", SMALL),
            Spacer(1, 1.5 * mm),
            grid(rows, [18 * mm] + [each] * len(cols), tall),
            Spacer(1, 1.5 * mm),
            Text(f"O.K. — opponents' initials: {LINE}", style(11)),
            Spacer(1, 7 * mm),
        ]
    )


def pickup_story(data: PrintData, document: str = "pick-up slips") -> list:
    movement = data.need_movement(document)
    return [
        pickup(data, movement, rnd, st)
        for rnd in movement.rounds
        for st in rnd.tables
        if playing(movement, st)
    ]


def pickup_slips(data: PrintData):
    return result(data, "pickup-slips", pickup_story(data))
