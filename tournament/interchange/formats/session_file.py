"""The session interchange file, ``duplicate-session/1`` (pure: no Django).

``parse(text_or_dict) -> SessionFile`` checks the file against ``schema.json`` and then the
rules a schema cannot say (a contract that is not a contract, a result for a board or an entry
that is not in the session, a pair with two results on a board), every error naming its JSON
path: ``sections[0].results[12].contract: '8S' is not a contract ...``.
``SessionFile.to_json()`` writes the file back; defaults are left out, so a line is as short as
``{"board": 1, "ns": 3, "ew": 10, "contract": "4SX", "declarer": "N", "tricks": 10}``.
See docs/interchange.md.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import MISSING, dataclass, fields
from dataclasses import field as _field
from typing import Any

from scoring.engine.adjustments import parse_adjusted
from scoring.engine.auction import check_honours
from scoring.engine.contract import Contract, ScoringError
from scoring.engine.weighted import parse_weighted
from tournament.interchange.formats import schema
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.text import check_json

FORMAT = "duplicate-session/1"

__all__ = [
    "FORMAT",
    "Board",
    "BoardSet",
    "Correction",
    "Entry",
    "Player",
    "Result",
    "Ruling",
    "Section",
    "SessionFile",
    "parse",
]


def _compact(obj: Any, keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """The dataclass as a dict without its default values (``keep`` names always written)."""
    out: dict[str, Any] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if f.name not in keep and _is_default(f, value):
            continue
        if isinstance(value, list):
            value = [v.to_json() if hasattr(v, "to_json") else v for v in value]
        elif hasattr(value, "to_json"):
            value = value.to_json()
        out[f.name] = value
    return out


def _is_default(f, value: Any) -> bool:
    if f.default_factory is not MISSING:
        return value == f.default_factory()
    return f.default is not MISSING and value == f.default


def _known(cls, data: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


@dataclass
class Player:
    name: str
    membership: str = ""
    email: str = ""
    phone: str = ""
    gender: str = ""
    #: in a club backup: the index of this player in the backup's ``players``
    ref: int | None = None
    #: masterpoints or the club's rating (``Player.rating``: stratified pairs)
    rating: int | None = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("name",))


@dataclass
class Entry:
    number: int
    kind: str = "pair"
    name: str = ""
    field: str = "all"
    team: int | None = None
    withdrawn: bool = False
    players: list[Player] = _field(default_factory=list)
    #: the final of an event with carry-over: what this entry brings from the qualifying
    #: sessions, an exact fraction ("45/4"; ``tournament.prizes.combined``)
    carry_over: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("number",))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        players = [Player(**p) for p in data.get("players", [])]
        return cls(**{**_known(cls, data), "players": players})


@dataclass
class Result:
    """One table's result on one board: the engine's ResultLine fields plus entry metadata."""

    board: int
    ns: int
    ew: int
    round: int | None = None
    table: int | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    honours_ns: int = 0
    honours_ew: int = 0
    revokes_ns: int = 0
    revokes_ew: int = 0
    tricks_ns: int | None = None
    score_ns: int | None = None
    adjusted: str | None = None
    not_played: bool = False
    fouled_group: str | None = None
    penalty_ns: int = 0  # Law 4d (a ruling)
    penalty_ew: int = 0
    committee_ns: int = 0  # Law 7 (a ruling)
    before_revoke_ns: int | None = None
    before_revoke_ew: int | None = None
    #: a weighted adjusted score (Law 12C1(c)), its canonical words: exact, as stored
    weighted: str | None = None
    status: str = "entered"
    entered_via: str = "td"
    entered_by: str | None = None
    confirmed_at: str | None = None
    version: int = 1
    created: str | None = None
    updated: str | None = None

    LINE_FIELDS = (
        "board", "ns", "ew", "round", "table", "contract", "declarer", "tricks", "lead",
        "honours_ns", "honours_ew", "revokes_ns", "revokes_ew", "tricks_ns", "score_ns",
        "adjusted", "not_played", "fouled_group", "penalty_ns", "penalty_ew", "committee_ns",
        "before_revoke_ns", "before_revoke_ew", "weighted",
    )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("board", "ns", "ew"))

    def line(self) -> dict[str, Any]:
        """The keyword arguments of ``scoring.engine.session.ResultLine``."""
        return {name: getattr(self, name) for name in self.LINE_FIELDS}


@dataclass
class Correction:
    """A ResultAudit record; ``result`` is the index of the result it concerns (or None)."""

    board: int
    action: str
    result: int | None = None
    old: Any = None
    new: Any = None
    reason: str = ""
    user: str | None = None
    actor: str = ""
    at: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("board", "action"))


@dataclass
class Ruling:
    board: int
    kind: str
    details: dict[str, Any] = _field(default_factory=dict)
    reason: str = ""
    user: str | None = None
    at: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("board", "kind"))


@dataclass
class Protest:
    """A protest to the committee (Law 12): who (``entry``), the board, the grounds, when it
    was filed, and the committee's decision (``status`` upheld/dismissed) once made."""

    board: int
    entry: int
    grounds: str
    filed_at: str
    status: str = "open"
    decision: str = ""
    decided_at: str | None = None
    decided_by: str | None = None
    user: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("board", "entry", "grounds", "filed_at"))


@dataclass
class Section:
    """A section. ``seatings``, ``progressive_results`` and ``prize_ties`` are a progressive
    game's rounds (schema.json says their keys); ``table_tokens`` (the table codes) are written
    only in a club backup; ``movement_kind`` only when it is not the movement's ``kind``;
    ``shares_boards_with`` names the section whose boards this one plays (twin sections)."""

    name: str
    movement: dict[str, Any] | None = None
    movement_kind: str | None = None
    shares_boards_with: str | None = None
    entries: list[Entry] = _field(default_factory=list)
    results: list[Result] = _field(default_factory=list)
    corrections: list[Correction] = _field(default_factory=list)
    rulings: list[Ruling] = _field(default_factory=list)
    protests: list[Protest] = _field(default_factory=list)
    seatings: list[dict[str, Any]] = _field(default_factory=list)
    progressive_results: list[dict[str, Any]] = _field(default_factory=list)
    prize_ties: list[dict[str, Any]] = _field(default_factory=list)
    progressive_deals: list[dict[str, Any]] = _field(default_factory=list)
    five_hundred_deals: list[dict[str, Any]] = _field(default_factory=list)
    social_scores: list[dict[str, Any]] = _field(default_factory=list)
    foster_draw: dict[str, Any] | None = None
    table_tokens: list[dict[str, Any]] = _field(default_factory=list)
    swiss_matches: list[dict[str, Any]] = _field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("name", "entries", "results"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Section:
        return cls(
            name=data["name"],
            movement=data.get("movement"),
            movement_kind=data.get("movement_kind"),
            shares_boards_with=data.get("shares_boards_with"),
            entries=[Entry.from_json(e) for e in data.get("entries", [])],
            results=[Result(**r) for r in data.get("results", [])],
            corrections=[Correction(**c) for c in data.get("corrections", [])],
            rulings=[Ruling(**r) for r in data.get("rulings", [])],
            protests=[Protest(**p) for p in data.get("protests", [])],
            seatings=list(data.get("seatings", [])),
            progressive_results=list(data.get("progressive_results", [])),
            prize_ties=list(data.get("prize_ties", [])),
            progressive_deals=list(data.get("progressive_deals", [])),
            five_hundred_deals=list(data.get("five_hundred_deals", [])),
            social_scores=list(data.get("social_scores", [])),
            foster_draw=data.get("foster_draw"),
            table_tokens=list(data.get("table_tokens", [])),
            swiss_matches=list(data.get("swiss_matches", [])),
        )


@dataclass
class Board:
    number: int
    dealer: str | None = None
    vulnerability: str | None = None
    deal: str | None = None
    trump_card: str | None = None
    dd_table: dict[str, Any] | None = None
    par: Any = None

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("number",))


@dataclass
class BoardSet:
    source: str = "random"
    seed: str = ""
    fingerprint: str = ""
    trump_mode: str = ""
    declared_trump: str = ""
    released_at: str | None = None
    analysis_total: int = 0
    analysis_done: int = 0
    analysis_started: str | None = None
    analysis_error: str = ""
    created: str | None = None
    list: list[Board] = _field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return _compact(self, keep=("list",))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BoardSet:
        boards = [Board(**b) for b in data.get("list", [])]
        return cls(**{**_known(cls, data), "list": boards})

    def numbers(self) -> set[int]:
        return {b.number for b in self.list}


@dataclass
class SessionFile:
    """A whole session. ``event``: name, kind, format, game, scoring_method, conditions
    (and ``created`` in a backup); ``session``: name, date, status, boards_released,
    provisional_since, finalised_at (and in a backup ``created``, ``results_version`` and the
    prize list kept at finalisation, ``prizes``); ``prize_decisions``: how prize ties were
    settled (scoring.models.PrizeDecision)."""

    event: dict[str, Any]
    session: dict[str, Any]
    sections: list[Section]
    club: dict[str, Any] | None = None
    boards: BoardSet | None = None
    prize_decisions: list[dict[str, Any]] = _field(default_factory=list)

    @property
    def game(self) -> str:
        return self.event["game"]

    @property
    def method(self) -> str:
        return self.event["scoring_method"]

    @property
    def conditions(self) -> dict[str, Any]:
        return self.event.get("conditions") or {}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        if self.club is not None:
            out["club"] = self.club
        out["event"] = self.event
        out["session"] = self.session
        if self.boards is not None:
            out["boards"] = self.boards.to_json()
        out["sections"] = [s.to_json() for s in self.sections]
        if self.prize_decisions:
            out["prize_decisions"] = self.prize_decisions
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"


def parse(source: str | bytes | dict[str, Any], *, backup: bool = False) -> SessionFile:
    """Read a duplicate-session/1 file (text or already-decoded JSON); raise InterchangeError.

    ``backup``: a session of a club backup, which may have no section yet.
    """
    data = _decode(source) if isinstance(source, str | bytes) else source
    if not isinstance(data, dict) or "format" not in data:
        raise InterchangeError("format", "missing: this is not a duplicate-session/1 file")
    check_json(data)
    schema.validate(data)
    if not data["sections"] and not backup:
        raise InterchangeError("sections", "[] should be non-empty: give at least one section")
    sf = SessionFile(
        event=data["event"],
        session=data["session"],
        sections=[Section.from_json(s) for s in data["sections"]],
        club=data.get("club"),
        boards=BoardSet.from_json(data["boards"]) if "boards" in data else None,
        prize_decisions=list(data.get("prize_decisions", [])),
    )
    check(sf)
    return sf


def _decode(text: str | bytes) -> Any:
    head = (text.decode("utf-8", "replace") if isinstance(text, bytes) else text).lstrip()[:40]
    if head.startswith("<"):
        raise InterchangeError(
            "line 1", "an XML file, not duplicate-session/1; USEBIO? use import_usebio"
        )
    if (
        re.match(r"[%\[]", head)
        and not head.startswith("[{")
        and '"' in head
        and not head.startswith('["')
    ):
        raise InterchangeError(
            "line 1", "a PBN file, not duplicate-session/1; use import_pbn_results"
        )
    try:
        return json.loads(text)
    except RecursionError:
        raise InterchangeError(
            "line 1", "JSON nested too deeply to read; is the file damaged?"
        ) from None
    except UnicodeDecodeError as exc:
        raise InterchangeError(
            f"byte {exc.start}", "not UTF-8 text; save the file as UTF-8"
        ) from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise InterchangeError(
            where, f"not valid JSON ({exc.msg}); is the file truncated?"
        ) from exc


def _check_date(text: Any, where: str, kind: str = "date") -> None:
    """A date (``2026-11-03``) or a date and time (``2026-11-03T19:30:00+00:00``) that exists."""
    if text is None or text == "":
        return
    read = dt.date.fromisoformat if kind == "date" else dt.datetime.fromisoformat
    example = "2026-11-03" if kind == "date" else "2026-11-03T19:30:00+00:00"
    try:
        read(text)
    except (TypeError, ValueError):
        raise InterchangeError(
            where, f"{text!r} is not a {kind.replace('_', ' ')} that exists; e.g. {example}"
        ) from None


def check_dates(sf: SessionFile) -> None:
    """Every date and time in the file names one that exists (not 2026-02-30)."""
    _check_date(sf.session.get("date"), "session.date")
    for key in ("provisional_since", "finalised_at"):
        _check_date(sf.session.get(key), f"session.{key}", "date_time")
    if sf.boards is not None:
        _check_date(sf.boards.released_at, "boards.released_at", "date_time")
    for i, section in enumerate(sf.sections):
        for name, rows, key in (
            ("results", section.results, "confirmed_at"),
            ("corrections", section.corrections, "at"),
            ("rulings", section.rulings, "at"),
            ("protests", section.protests, "filed_at"),
            ("protests", section.protests, "decided_at"),
        ):
            for j, row in enumerate(rows):
                _check_date(getattr(row, key), f"sections[{i}].{name}[{j}].{key}", "date_time")


def check(sf: SessionFile) -> None:
    """The rules a schema cannot express; raise InterchangeError with the JSON path."""
    check_dates(sf)
    if sf.method == "tricks_teams" and sf.game != "whist":
        raise InterchangeError(
            "event.scoring_method",
            f"tricks_teams scores a duplicate whist team match, not {sf.game}; use imps_teams",
        )
    names: set[str] = set()
    for i, section in enumerate(sf.sections):
        path = f"sections[{i}]"
        if section.name in names:
            raise InterchangeError(f"{path}.name", f"a second section named {section.name!r}")
        names.add(section.name)
        _check_section(sf, section, path)
        _check_unique(section.seatings, ("round",), f"{path}.seatings", "a second seating of")
        _check_unique(
            section.progressive_results, ("round", "table"), f"{path}.progressive_results",
            "a second result for",
        )  # fmt: skip
        _check_unique(section.prize_ties, ("players",), f"{path}.prize_ties", "a second tie of")
        _check_unique(
            section.swiss_matches, ("round", "table"), f"{path}.swiss_matches",
            "a second match at",
        )  # fmt: skip
        _check_unique(
            section.progressive_deals, ("round", "table", "deal"), f"{path}.progressive_deals",
            "a second deal for",
        )  # fmt: skip
        _check_unique(
            section.five_hundred_deals, ("round", "table", "deal"), f"{path}.five_hundred_deals",
            "a second deal for",
        )  # fmt: skip
        _check_unique(
            section.social_scores, ("round", "table"), f"{path}.social_scores",
            "a second score for",
        )  # fmt: skip
    _check_unique(
        sf.prize_decisions, ("section", "field", "tied"), "prize_decisions",
        "a second decision for",
    )  # fmt: skip
    tokens: set[str] = set()
    for i, section in enumerate(sf.sections):
        for j, t in enumerate(section.table_tokens):
            if t["token"] in tokens:
                raise InterchangeError(
                    f"sections[{i}].table_tokens[{j}].token", "a table code given twice"
                )
            tokens.add(t["token"])


def _check_unique(rows: list[dict[str, Any]], keys: tuple[str, ...], path: str, what: str):
    seen: set[tuple[Any, ...]] = set()
    for j, row in enumerate(rows):
        key = tuple(row.get(k) for k in keys)
        if key in seen:
            named = ", ".join(f"{k} {row.get(k)!r}" for k in keys)
            raise InterchangeError(f"{path}[{j}]", f"{what} {named}")
        seen.add(key)


def _check_section(sf: SessionFile, section: Section, path: str) -> None:
    numbers: set[int] = set()
    people: dict[tuple[str, str], int] = {}
    for j, entry in enumerate(section.entries):
        if entry.number in numbers:
            raise InterchangeError(f"{path}.entries[{j}].number", f"entry {entry.number} twice")
        numbers.add(entry.number)
        for k, p in enumerate(entry.players):
            key = ("m", p.membership) if p.membership else ("n", p.name)
            if key in people:
                raise InterchangeError(
                    f"{path}.entries[{j}].players[{k}]",
                    f"{p.name} already plays in entry {people[key]}",
                )
            people[key] = entry.number
    boards = _board_numbers(sf, section, path)
    seen: set[tuple[int, int]] = set()
    for j, result in enumerate(section.results):
        where = f"{path}.results[{j}]"
        _check_result_refs(result, where, numbers, boards, seen)
        check_line(sf.game, result, where)
    for j, corr in enumerate(section.corrections):
        if corr.result is not None and corr.result >= len(section.results):
            raise InterchangeError(
                f"{path}.corrections[{j}].result", f"no result number {corr.result} in the section"
            )


def _board_numbers(sf: SessionFile, section: Section, path: str = "") -> set[int] | None:
    """The boards a result may name: the board list, else the movement's boards, else any."""
    if sf.boards is not None and sf.boards.list:
        return sf.boards.numbers()
    movement = section.movement or {}
    if not isinstance(movement, dict):
        raise InterchangeError(f"{path}.movement", "not a movement (an object)")
    if "board_sets" in movement:
        sets = movement["board_sets"]
        if not isinstance(sets, dict) or not all(
            isinstance(b, list) and all(type(n) is int for n in b) for b in sets.values()
        ):
            raise InterchangeError(
                f"{path}.movement.board_sets", "not a map of board-set names to board numbers"
            )
        return {b for boards in sets.values() for b in boards}
    return None


def _check_result_refs(result, where, entries, boards, seen) -> None:
    if boards is not None and result.board not in boards:
        known = f"{min(boards)}-{max(boards)}" if boards else "none"
        raise InterchangeError(
            f"{where}.board", f"board {result.board} is not in the session (boards {known})"
        )
    if result.ns == result.ew:
        raise InterchangeError(f"{where}.ew", f"entry {result.ns} cannot play against itself")
    for side in ("ns", "ew"):
        number = getattr(result, side)
        if entries and number not in entries:
            raise InterchangeError(f"{where}.{side}", f"entry {number} is not in the section")
        if (result.board, number) in seen:
            raise InterchangeError(
                f"{where}.{side}", f"entry {number} has a second result on board {result.board}"
            )
        seen.add((result.board, number))


def check_line(game: str, result: Result, where: str) -> None:
    """One result line must say what happened, in the terms of its game."""
    try:
        _check_line(game, result)
    except ScoringError as exc:
        raise InterchangeError(f"{where}.{exc.field}", exc.message) from exc


def _check_line(game: str, r: Result) -> None:
    if r.not_played:
        return
    if r.weighted is not None:
        if game != "contract":
            raise ScoringError("weighted", "a weighted score (Law 12C1(c)) is for contract bridge")
        parse_weighted(r.weighted)
        return
    if r.adjusted is not None:
        parse_adjusted(r.adjusted)
        return
    if r.score_ns is not None:
        return
    if game == "whist":
        if r.tricks_ns is None:
            raise ScoringError("tricks_ns", "missing: a whist result needs the N-S tricks (0-13)")
        return
    if r.contract is None:
        raise ScoringError("contract", "missing: give a contract, a score, an adjustment or NP")
    contract = Contract.parse(r.contract)
    if game == "auction":
        strain = None if contract.passed_out else contract.strain
        check_honours(strain, r.honours_ns, r.honours_ew)
    if contract.passed_out:
        return
    if r.declarer is None:
        raise ScoringError("declarer", "missing: N, E, S or W")
    if r.tricks is None:
        raise ScoringError("tricks", "missing: the tricks taken by declarer (0-13)")
