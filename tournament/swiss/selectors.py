"""Reading a Swiss section: its conditions, its rounds with each match's VPs, the standings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scoring.engine.swiss import SwissMatchScore, SwissRow, match_vps, swiss_standings
from scoring.engine.swiss_boards import SheetBoard, match_sheet
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

    @property
    def is_bye(self) -> bool:
        return self.away is None


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
    return SwissMatchScore(
        match.round_number,
        match.home.number,
        match.away.number if match.away_id else None,
        match.home_imps,
        match.away_imps,
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
                     match.home_imps, match.away_imps, home_vps, away_vps, sheet)
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
