"""CSV out (standings, travellers) and in (a club's players list), pure.

The standings and travellers are written from the standings JSON of ``scoring_input.score``
(the same figures as the pages).  The players list is read leniently (header names in any
case and order, ``;`` or ``,``) and every fault names its line: ``line 7: ...``.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Any

from scoring.engine.team_results import (
    TOTAL,
    matches_text,
    pairs_text,
    team_kind,
    vp_text,
    winner_text,
)
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.text import NUL, NUL_MESSAGE

STANDINGS_COLUMNS = ("field", "rank", "entry", "name", "score", "percent", "boards_played")
#: the teams before the pairs: a whist team match (``team_match``), teams of four at IMPs.
TEAM_COLUMNS = {
    "team_match": (
        "rank", "team", "name", "pairs", "tricks", "odd_pair_credit", "aggregate", "margin",
        "result", "winner",
    ),
    "imp_teams": ("rank", "team", "name", "pairs", "imps", "vp", "matches", "result", "winner"),
}  # fmt: skip
TRAVELLER_COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "score_ns",
    "ns_points",
    "ew_points",
    "adjusted",
    "weighted",
)
PLAYER_HEADERS = {
    "name": ("name", "player", "player name", "full name"),
    "membership": ("membership", "membership number", "member no", "number", "national id", "ebu"),
    "email": ("email", "e-mail"),
    "phone": ("phone", "telephone", "mobile"),
    "gender": ("gender", "sex"),
    "rating": ("rating", "masterpoints", "master points", "mps"),
}


#: what a spreadsheet reads as the start of a formula (or, tab and CR, of a hidden one)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: a plain number as a spreadsheet reads one ("-3", "+2.5", "1e3"): a value, not a formula
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet cannot run: text starting with ``= + - @``, a tab or a CR gets a
    leading ``'`` (shown as text, never evaluated), unless the whole text is a plain number
    ("-3", "-1370", "+2.5" stay numbers).  Numbers and other non-text values pass unchanged.
    Every CSV this project writes (``_write`` here, the console's CSV exports through
    ``scoring.tables.export_csv``) passes its cells through this one function."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        if not _NUMBER.fullmatch(value):
            return "'" + value
    return value


def _write(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(
        {k: ("" if row.get(k) is None else safe_cell(row.get(k))) for k in columns} for row in rows
    )
    return out.getvalue()


def standings_csv(standings: dict[str, Any]) -> str:
    """One row per entry and field, in rank order; a team match's teams come first
    (``teams_csv``), then a blank line."""
    rows = [{"field": f["name"], **s} for f in standings["fields"] for s in f["standings"]]
    teams = teams_csv(standings)
    return (teams + "\n" if teams else "") + _write(STANDINGS_COLUMNS, rows)


def teams_csv(standings: dict[str, Any]) -> str:
    """One row per team, in place order, its cells as on the pages (``scoring.engine.team_results``);
    "" for a section of pairs only."""
    kind = team_kind(standings)
    if kind is None:
        return ""
    key = TOTAL[kind]
    rows = [
        {**t, "pairs": pairs_text(t["pairs"], key), "matches": matches_text(t.get("matches", ())),
         "vp": vp_text(t.get("vp")), "winner": winner_text(t["winner"])}
        for t in standings[kind]["teams"]
    ]  # fmt: skip
    return _write(TEAM_COLUMNS[kind], rows)


def travellers_csv(standings: dict[str, Any]) -> str:
    """One row per result line, board by board."""
    rows = [{"board": b["board"], **r} for b in standings["boards"] for r in b["results"]]
    return _write(TRAVELLER_COLUMNS, rows)


@dataclass(frozen=True)
class PlayerRow:
    line: int
    name: str
    membership: str = ""
    email: str = ""
    phone: str = ""
    gender: str = ""
    #: masterpoints or the club's rating (stratified pairs); None: not given, kept as it was
    rating: int | None = None


def read_players(text: str) -> list[PlayerRow]:
    """Players from CSV with a header row; raise InterchangeError naming the line."""
    if not text.strip():
        raise InterchangeError(
            "line 1", "the file is empty; expected a header such as name,membership"
        )
    if NUL in text:
        line = text[: text.index(NUL)].count("\n") + 1
        raise InterchangeError(f"line {line}", NUL_MESSAGE)
    header = text.splitlines()[0]
    delimiter = max(",;\t", key=header.count)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter)
    columns = _columns(_next(reader))
    rows, seen = [], {}
    while (row := _next(reader)) is not None:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        player = _player(row, columns, line)
        if player.membership and player.membership in seen:
            raise InterchangeError(
                f"line {line}",
                f"membership number {player.membership} is also on line {seen[player.membership]}",
            )
        seen[player.membership] = line
        rows.append(player)
    return rows


def _next(reader) -> list[str] | None:
    """The next row, or None at the end; a row the csv module cannot read (a field over its
    128 KB limit, a quote left open) is an error naming the line."""
    try:
        return next(reader)
    except StopIteration:
        return None
    except csv.Error as exc:
        raise InterchangeError(
            f"line {reader.line_num}", f"cannot read this row as CSV ({exc})"
        ) from None


def _columns(header: list[str] | None) -> dict[str, int]:
    if header is None:
        header = []
    names = [h.strip().lower() for h in header]
    columns = {}
    for key, aliases in PLAYER_HEADERS.items():
        for i, name in enumerate(names):
            if name in aliases:
                columns[key] = i
                break
    if "name" not in columns:
        raise InterchangeError(
            "line 1", f"no name column in {header!r}; expected e.g. name,membership,email"
        )
    return columns


def _player(row: list[str], columns: dict[str, int], line: int) -> PlayerRow:
    if len(row) < max(columns.values()) + 1:
        raise InterchangeError(
            f"line {line}", f"{len(row)} fields, expected {max(columns.values()) + 1}"
        )
    values = {key: row[i].strip() for key, i in columns.items()}
    if not values["name"]:
        raise InterchangeError(f"line {line}", "the name is empty")
    gender = values.get("gender", "").upper()[:1]
    if gender not in ("", "F", "M"):
        raise InterchangeError(
            f"line {line}", f"gender {values['gender']!r}: use F, M or leave empty"
        )
    email = values.get("email", "")
    if email and "@" not in email:
        raise InterchangeError(f"line {line}", f"{email!r} is not an email address")
    rating = values.get("rating", "")
    if rating and not (
        rating.isascii() and rating.isdigit() and len(rating) <= 8 and int(rating) <= 10_000_000
    ):
        raise InterchangeError(
            f"line {line}", f"rating {rating!r}: a whole number of masterpoints, 0-10000000"
        )
    return PlayerRow(
        line, values["name"], values.get("membership", ""), email, values.get("phone", ""), gender,
        int(rating) if rating else None,
    )  # fmt: skip
