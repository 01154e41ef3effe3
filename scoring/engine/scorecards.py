"""A pair's (or player's) scorecard: round by round, board by board, with a running total.

Built from the movement (who meets whom, where, on which boards) and the kept
standings JSON (each table's scored line).  Boards the no-peeking rule hides
(``shown``, see ``scoring.standings.selectors``) appear as "in play" with nothing
about the result.  Nothing is scored here: points come from the engine's output.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.engine.numbers import places
from tournament.movements.base import Movement

MATCHPOINTS = "matchpoints"
WHIST = "whist"


@dataclass
class CardLine:
    board: int
    shown: bool
    direction: str = ""
    contract: str = ""
    declarer: str = ""
    tricks: Any = None
    score: Any = None
    points: float | None = None
    percent: float | None = None
    running: float | None = None
    note: str = ""


@dataclass
class CardRound:
    round: int
    table: int | None  # None: sitting out at no table (a rover Mitchell)
    direction: str
    opponents: int | None
    opponents_name: str
    lines: list[CardLine] = field(default_factory=list)
    #: the entry sits out this round (its opponents would be the phantom): its boards
    #: read "sit-out", never "no result yet"
    sit_out: bool = False


@dataclass
class Scorecard:
    entry: int
    rounds: list[CardRound]
    total: float
    chart: list[float | None]
    chart_kind: str  # "percent" (matchpoints) or "total" (running total)
    places: int = 0  # decimals of the points, running totals and total (``numbers.places``)


def _lines_by_board(section_data: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    return {b["board"]: b["results"] for b in section_data.get("boards", [])}


def _my_line(results: list[dict[str, Any]], entry: int) -> tuple[str, dict[str, Any]] | None:
    for line in results:
        if line.get("ns") == entry:
            return "NS", line
        if line.get("ew") == entry:
            return "EW", line
    return None


def _percent(method: str, points: float | None, line: dict[str, Any]) -> float | None:
    """A board's matchpoint percentage: own MPs over the board's top (N-S + E-W MPs)."""
    if method != MATCHPOINTS or points is None:
        return None
    top = (line.get("ns_points") or 0) + (line.get("ew_points") or 0)
    return round(100 * points / top, 2) if top else None


def own_score(line: dict[str, Any], direction: str, game: str):
    """(tricks, score) from the entry's side.  Contract and auction: the N-S score negated
    for E-W (the declarer's tricks stay as played).  Whist: every trick taken is scored
    [000 L729], so E-W's tricks are their own (13 − N-S's) and their score is their own
    deal score (``score_ew``, revoke penalties applied), positive as the laws write it."""
    tricks, score = line.get("tricks"), line.get("score_ns")
    if direction == "NS":
        return tricks, score
    if "score_ew" in line:
        score = line["score_ew"]
    elif score is not None:
        score = 13 - score if game == WHIST else -score
    if game == WHIST and tricks is not None:
        tricks = 13 - tricks
    return tricks, score


def card_line(board: int, shown: bool, found, method: str, game: str = "contract") -> CardLine:
    if not shown:
        return CardLine(board, False, note="in play")
    if found is None:
        return CardLine(board, True, note="no result yet")
    direction, line = found
    points = line.get("ns_points" if direction == "NS" else "ew_points")
    tricks, score = own_score(line, direction, game)
    note = "not played" if line.get("not_played") else (line.get("adjusted") or "")
    return CardLine(
        board=board, shown=True, direction=direction, contract=line.get("contract") or "",
        declarer=line.get("declarer") or "", tricks=tricks, score=score, points=points,
        percent=_percent(method, points, line), note=note,
    )  # fmt: skip


def _seatings(movement: Movement | None, entry: int):
    """(round, table, direction, opponents, boards) for every round the entry plays;
    opponents is None in a round where the entry meets the phantom (a sit-out); a round it
    sits out at no table (a rover Mitchell's displaced pair, the rover in round 1) has table
    None and no boards."""
    if movement is None:
        return []
    out = []
    for rnd in movement.rounds:
        if entry in rnd.sit_out and all(entry not in st.seated for st in rnd.tables):
            out.append((rnd.number, None, "", None, ()))
        for seating in rnd.tables:
            if entry not in (seating.ns, seating.ew):
                continue
            mine_ns = seating.ns == entry
            opponents = seating.ew if mine_ns else seating.ns
            if opponents is not None and opponents == movement.phantom:
                opponents = None
            boards = movement.boards_for(seating)
            out.append((rnd.number, seating.table, "NS" if mine_ns else "EW", opponents, boards))
    return out


def build_scorecard(
    movement: Movement | None,
    section_data: dict[str, Any],
    entry: int,
    names: dict[int, str],
    shown: set[int] | None,
    method: str,
    game: str = "contract",
) -> Scorecard:
    """The scorecard of ``entry``; ``shown`` None means every board may be shown."""
    by_board = _lines_by_board(section_data)
    rounds, running, chart = [], 0.0, []
    for number, table, direction, opponents, boards in _seatings(movement, entry):
        card_round = CardRound(number, table, direction, opponents, names.get(opponents, ""))
        if opponents is None:
            card_round.sit_out = True
            card_round.lines = [CardLine(board, True, note="sit-out") for board in boards]
            rounds.append(card_round)
            continue
        for board in boards:
            visible = shown is None or board in shown
            found = _my_line(by_board.get(board, []), entry) if visible else None
            line = card_line(board, visible, found, method, game)
            if line.points is not None:
                running += line.points
                line.running = round(running, 2)
                chart.append(line.percent if method == MATCHPOINTS else line.running)
            card_round.lines.append(line)
        rounds.append(card_round)
    kind = "percent" if method == MATCHPOINTS else "total"
    every = [x for r in rounds for line in r.lines for x in (line.points, line.running)]
    return Scorecard(entry, rounds, round(running, 2), chart, kind, places(every))


def ruling_note(line: dict[str, Any]) -> str:
    """A scored line's points set by a ruling, in words (its JSON keys ``penalty_ns``,
    ``penalty_ew``, ``committee_ns``): "E-W −50 (Law 4d)", "committee +120 N-S (Law 7)";
    "" for none. The travellers on screen, in CSV and in print say it the same way."""
    notes = []
    for key, name in (("penalty_ns", "N-S"), ("penalty_ew", "E-W")):
        if line.get(key):
            notes.append(f"{name} \u2212{line[key]:g} (Law 4d)")
    committee = line.get("committee_ns")
    if committee:
        name = "N-S" if committee > 0 else "E-W"
        notes.append(f"committee +{abs(committee):g} {name} (Law 7)")
    return "; ".join(notes)
