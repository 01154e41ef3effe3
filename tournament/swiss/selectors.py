"""Reading a Swiss section: its conditions, its rounds with each match's VPs, the standings."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError

from scoring.engine.contract import ScoringError, parse_result
from scoring.engine.swiss import SwissMatchScore, SwissRow, match_vps, swiss_standings
from scoring.engine.swiss_boards import SheetBoard, check_table_score, match_sheet
from scoring.results.selectors import deal_score
from tournament.models import Entry, Section, SwissMatch

#: the ``movement_kind`` of a section run as a Swiss
SWISS_KIND = "swiss"
#: what applies when the event's ``swiss`` conditions leave a setting out
SWISS_DEFAULTS = {
    "vp_scale": "wbf",
    "bye_vp": 12,
    "boards_per_match": 8,
    "rounds": 3,
    "first_round": "seeded",
    "tie_break": "imp_difference",
}
SCALE_NAMES = {
    "wbf": "WBF 2013 continuous 20-VP scale",
    "discrete20": "20-point discrete scale (6–11 boards)",
}


@dataclass(frozen=True)
class SwissSettings:
    vp_scale: str
    bye_vp: Decimal
    boards_per_match: int
    rounds: int
    first_round: str
    tie_break: str

    @property
    def scale_name(self) -> str:
        return SCALE_NAMES[self.vp_scale]


@dataclass(frozen=True)
class MatchRow:
    round: int
    table: int
    home: Entry
    away: Entry | None
    home_imps: int | None
    away_imps: int | None
    home_vps: Decimal | None
    away_vps: Decimal | None
    #: the board-by-board sheet the IMPs came from (empty: the match total was entered)
    sheet: tuple[SheetBoard, ...] = ()
    #: "" the TD's, "entered" at the table awaiting the O.K., "confirmed" (``SwissMatch``)
    status: str = ""
    #: the contract results typed, ``{"<board>": [table 1, table 2]}``
    contracts: dict = field(default_factory=dict)
    #: the TD's changes after the teams' O.K. (``SwissMatch.history``)
    history: tuple = ()
    #: the stored sheet's ``sheet_version`` (an O.K. is for the sheet shown)
    seen: str = ""

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def counts(self) -> bool:
        """Scored and not awaiting the other team's O.K. (what the players' page and the
        printed sheets show)."""
        return self.home_imps is not None and self.status != "entered"

    def lines(self) -> list[tuple]:
        """The sheet's boards with the results typed: (board row, table 1 text, table 2 text)."""
        return [(b, *self.contracts.get(str(b.board), ("", ""))) for b in self.sheet]


@dataclass(frozen=True)
class StandingRow:
    rank: str
    entry: Entry
    row: SwissRow


def is_swiss(section: Section) -> bool:
    return section.movement_kind == SWISS_KIND


def settings_of(section: Section) -> SwissSettings:
    stored = section.session.event.condition("swiss", {}) or {}
    values = {**SWISS_DEFAULTS, **stored}
    return SwissSettings(
        vp_scale=values["vp_scale"],
        bye_vp=Decimal(str(values["bye_vp"])).quantize(Decimal("0.01")),
        boards_per_match=values["boards_per_match"],
        rounds=values["rounds"],
        first_round=values["first_round"],
        tie_break=values["tie_break"],
    )


def contestants(section: Section) -> list[Entry]:
    """The entries present, in seed order (their numbers)."""
    return list(
        section.entries.filter(withdrawn=False)
        .prefetch_related("entry_players__player")
        .order_by("number")
    )


def _matches(section: Section) -> list[SwissMatch]:
    return list(
        section.swiss_matches.select_related("home", "away").prefetch_related(
            "home__entry_players__player", "away__entry_players__player"
        )
    )


def _score(match: SwissMatch) -> SwissMatchScore:
    """The match as the standings count it: a sheet awaiting the other team's O.K. counts
    nothing yet (``SwissMatch.counts``)."""
    counts = match.counts
    return SwissMatchScore(
        match.round_number,
        match.home.number,
        match.away.number if match.away_id else None,
        match.home_imps if counts else None,
        match.away_imps if counts else None,
    )


def rounds(section: Section) -> list[tuple[int, list[MatchRow]]]:
    """Every round paired so far, each with its matches in table order."""
    conditions = settings_of(section)
    out: dict[int, list[MatchRow]] = {}
    for match in _matches(section):
        vps = match_vps(
            _score(match), conditions.vp_scale, conditions.boards_per_match, conditions.bye_vp
        )
        home_vps, away_vps = vps if vps else (None, None)
        sheet = match_sheet([tuple(row) for row in match.boards]).boards if match.boards else ()
        out.setdefault(match.round_number, []).append(
            MatchRow(match.round_number, match.table_number, match.home, match.away,
                     match.home_imps, match.away_imps, home_vps, away_vps, sheet,
                     match.status, match.contracts or {}, tuple(match.history or ()),
                     sheet_version(match))
        )  # fmt: skip
    return sorted(out.items())


def current_round(section: Section) -> int:
    last = section.swiss_matches.order_by("-round_number").first()
    return last.round_number if last else 0


def round_complete(section: Section, round_number: int) -> bool:
    matches = section.swiss_matches.filter(round_number=round_number, away__isnull=False)
    return (
        not matches.filter(home_imps__isnull=True).exists()
        and not matches.filter(away_imps__isnull=True).exists()
        and not matches.filter(status="entered").exists()
    )


def standings(section: Section, up_to: int | None = None) -> list[StandingRow]:
    """Every entry's VPs, IMPs and place (``scoring.engine.swiss``: VPs, then the IMP
    difference, then shared), over every round or the rounds up to ``up_to``."""
    conditions = settings_of(section)
    entries = {e.number: e for e in contestants(section)}
    matches = [m for m in _matches(section) if up_to is None or m.round_number <= up_to]
    for match in matches:  # a withdrawn entry keeps the matches it played
        entries.setdefault(match.home.number, match.home)
        if match.away_id:
            entries.setdefault(match.away.number, match.away)
    rows = swiss_standings(
        sorted(entries),
        [_score(m) for m in matches],
        conditions.vp_scale,
        conditions.boards_per_match,
        conditions.bye_vp,
        conditions.tie_break,
    )
    return [StandingRow(r.rank, entries[r.contestant], r) for r in rows]


def standings_by_round(section: Section) -> dict[int, list[dict]]:
    """The standings after each complete round, as plain rows (the printed round sheets)."""
    out: dict[int, list[dict]] = {}
    for number in range(1, current_round(section) + 1):
        if not round_complete(section, number):
            break
        out[number] = [
            {"rank": s.rank, "name": f"{s.entry.number} {s.entry.display_name}",
             "vps": str(s.row.vps), "imp_difference": s.row.imp_difference}
            for s in standings(section, up_to=number)
        ]  # fmt: skip
    return out


def version(section: Section) -> str:
    """Changes whenever a match is paired or scored (for the public page's cache key)."""
    latest = section.swiss_matches.order_by("-updated").values_list("updated", flat=True).first()
    return f"{section.swiss_matches.count()}:{latest.isoformat() if latest else ''}"


# --- a sheet's line: a N-S score or a contract result ------------------------------------


def line_score(section: Section, board: int, value: object, where: str) -> tuple[int, str]:
    """One table's result on ``board`` of a Swiss teams sheet as (the N-S score, the result
    as entered): a N-S score (``420``, ``-50``) is kept as it is; a contract result in the
    notation of the pairs' keypad ("4SX N =", "3NT S -1", "PASS": ``parse_result``) is scored
    with the board's vulnerability (Law 77, ``scoring.results.selectors.deal_score``).
    ``ValidationError`` at ``where`` otherwise; the director's artificial scores are IMPs,
    kept as the match total."""
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, str) and text.lstrip("+-").isdigit() and len(text) <= 6:
        text = int(text)
    try:
        if isinstance(text, int):
            return check_table_score(text, f"board {board}"), ""
        if not text:
            raise ScoringError(where, "enter the result, e.g. 4S N =, 3NT S -1, PASS or 420")
        if "/" in text or text.upper() == "NP":
            raise ScoringError(where, f"{text!r}: an artificial score is the director's "
                                      "(the match total); enter the contract and result")  # fmt: skip
        parsed = parse_result(text)
    except ScoringError as exc:
        raise ValidationError({where: f"Board {board}: {exc.message}"}) from None
    fields = {"contract": "PASS"}
    if not parsed.contract.passed_out:
        fields = {"contract": str(parsed.contract), "declarer": parsed.declarer,
                  "tricks": parsed.tricks}  # fmt: skip
    try:
        score = deal_score(section, board=board, ns=1, ew=2, fields=fields)
    except ValidationError as exc:
        messages = [m for ms in exc.message_dict.values() for m in ms]
        raise ValidationError({where: f"Board {board}: {' '.join(messages)}"}) from None
    return int(score.ns), str(parsed)


@dataclass(frozen=True)
class BoardPreview:
    """One board of a sheet as typed, before it is saved (the table's phone shows it as the
    lines are typed): each line's (table, result read or "" for a N-S score typed, N-S score
    or None, refusal), and the IMPs
    once both lines read (home, away; Law 78B)."""

    board: int
    lines: tuple
    imps: tuple[int, int] | None


def board_preview(section: Section, board: int, texts: tuple) -> BoardPreview:
    """``board``'s lines ``texts`` (table 1, table 2) scored as ``line_score`` scores them
    when the sheet is saved; an empty line is left out, nothing is stored."""
    lines, scores = [], []
    for table, text in zip((1, 2), texts, strict=True):
        text = (text or "").strip()
        if not text:
            continue
        try:
            score, read = line_score(section, board, text, f"b{board}_t{table}")
        except ValidationError as exc:
            lines.append((table, text, None, exc.messages[0]))
            continue
        lines.append((table, read, score, ""))  # read: "" for a N-S score typed
        scores.append(score)
    imps = None
    if len(scores) == 2:
        row = match_sheet([(board, *scores)]).boards[0]
        imps = (row.home_imps, row.away_imps)
    return BoardPreview(board, tuple(lines), imps)


def sheet_version(match: SwissMatch) -> str:
    """A digest of the sheet as stored: the O.K. is for the sheet the other team was shown."""
    data = [match.home_imps, match.away_imps, match.boards, match.contracts]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def match_at(section: Section, table: int) -> SwissMatch | None:
    """The match a table's code opens: the table's match in the latest round paired (none
    for the bye)."""
    match = (
        section.swiss_matches.filter(round_number=current_round(section), table_number=table)
        .select_related("home", "away")
        .first()
    )
    return None if match is None or match.is_bye else match


def match_row(section: Section, match: SwissMatch) -> MatchRow:
    """One match as the pages show it (``rounds``), its VPs once it counts."""
    for _, matches in rounds(section):
        for row in matches:
            if (row.round, row.table) == (match.round_number, match.table_number):
                return row
    raise SwissMatch.DoesNotExist(f"no match at table {match.table_number}")
