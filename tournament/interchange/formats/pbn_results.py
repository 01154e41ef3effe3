"""PBN 2.1 results: ``ScoreTable`` per board and ``TotalScoreTable`` (pure: no Django).

``write(sf, standings)`` writes each board as ``boards.engine.pbn.export_pbn`` does (the deal part is
that module's) followed by its ``ScoreTable`` (PBN 2.1 §5.3: ``PairId_NS``, ``PairId_EW``,
``Contract``, ``Declarer``, ``Result`` = tricks taken, ``Lead``, ``Score_NS``, ``Score_EW``
and the points of each side), and the first board carries the ``TotalScoreTable`` (rank, pair,
names, total, percentage) as results sites such as Ruter files do.
``parse(text)`` reads the results of a PBN file another program wrote into a session file;
scores are recomputed, and a fault names its line.
"""

from __future__ import annotations

import re
from typing import Any

from boards.engine.cards import Direction
from boards.engine.dealing import Vulnerability
from boards.engine.deals import Board as DealBoard
from boards.engine.deals import Deal
from boards.engine.pbn import export_pbn
from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import Contract, ScoringError
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.session_file import (
    Board,
    BoardSet,
    Entry,
    Player,
    Result,
    Section,
    SessionFile,
    check,
)

SCORE_COLUMNS = r"PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Lead\3L;Score_NS\6R;Score_EW\6R;{p}_NS\6R;{p}_EW\6R"
TOTAL_COLUMNS = r"Rank\3R;PairId\3R;Field\3L;Names\40L;TotalScore{p}\7R;TotalPercentage\6R"
POINTS = {"matchpoints": "MP", "imps_butler": "IMP", "imps_cross": "IMP", "imps_teams": "IMP"}
SCORING_TAG = {
    "matchpoints": "MP",
    "imps_butler": "Butler",
    "imps_cross": "Cross-IMPs",
    "imps_teams": "IMP",
}
METHODS = {
    "mp": "matchpoints",
    "matchpoints": "matchpoints",
    "butler": "imps_butler",
    "cross-imps": "imps_cross",
    "imp": "imps_cross",
}
_TAG = re.compile(r'^\[\s*([A-Za-z][\w-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def _q(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cell(value: Any) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return str(value)


def write(sf: SessionFile, standings: dict[str, Any], section: int = 0) -> str:
    sec = sf.sections[section]
    p = POINTS.get(sf.method, "Points")
    deals = {b.number: b for b in sf.boards.list} if sf.boards else {}
    names = {e.number: e.name or " & ".join(pl.name for pl in e.players) for e in sec.entries}
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", ""]
    for i, board in enumerate(standings["boards"]):
        out += _board_tags(sf, board["board"], deals.get(board["board"]))
        out.append(f'[Scoring "{SCORING_TAG.get(sf.method, sf.method)}"]')
        out.append(f'[ScoreTable "{SCORE_COLUMNS.format(p=p)}"]')
        leads = {(r.board, r.ns): r.lead for r in sec.results}
        for r in board["results"]:
            out.append(_score_row(r, leads.get((board["board"], r["ns"]))))
        if i == 0:
            out.append(f'[TotalScoreTable "{TOTAL_COLUMNS.format(p=p)}"]')
            for f in standings["fields"]:
                for s in f["standings"]:
                    row = [
                        s["rank"],
                        s["entry"],
                        f["name"],
                        _q(names.get(s["entry"], "")),
                        s["score"],
                        s["percent"],
                    ]
                    out.append(" ".join(_cell(v) for v in row))
        out.append("")
    return "\n".join(out)


def _board_tags(sf: SessionFile, number: int, board: Board | None) -> list[str]:
    if board is not None and board.deal:
        dealer = Direction.parse(board.dealer or "NESW"[(number - 1) % 4])
        vul = Vulnerability.parse(board.vulnerability) if board.vulnerability else None
        text = export_pbn([DealBoard(number, Deal.from_pbn(board.deal), dealer, vul)],
                          event=sf.event.get("name", ""), date=sf.session.get("date", "").replace("-", "."))  # fmt: skip
        return [line for line in text.splitlines() if line and not line.startswith("%")]
    date = sf.session.get("date", "").replace("-", ".") or "????.??.??"
    return [f"[Event {_q(sf.event.get('name', ''))}]", f'[Date "{date}"]', f'[Board "{number}"]']


def _score_row(r: dict[str, Any], lead: str | None) -> str:
    score = r.get("score_ns")
    ew_score = None if score is None else -score
    if r.get("adjusted"):
        adj = parse_adjusted(r["adjusted"])
        score, ew_score = f"A{adj.ns}", f"A{adj.ew}"
    contract = "NP" if r.get("not_played") else r.get("contract")
    row = [
        r["ns"],
        r["ew"],
        contract,
        r.get("declarer"),
        r.get("tricks"),
        lead,
        score,
        ew_score,
        r["ns_points"],
        r["ew_points"],
    ]
    return " ".join(_cell(v) for v in row)


# ---------------------------------------------------------------------------------------------
# Import


def _games(text: str) -> list[dict[str, Any]]:
    """Games as {tags: {name: (value, line)}, tables: {name: (columns, [(line, tokens)])}}."""
    games, game, table = [], None, None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("%", ";")):
            game, table = (None, None) if not line else (game, table)
            continue
        match = _TAG.match(line)
        if match:
            if game is None:
                game = {"tags": {}, "tables": {}}
                games.append(game)
            name, value = match.group(1), match.group(2)
            game["tags"][name.lower()] = (value, number)
            table = None
            if name.lower().endswith("table"):
                columns = [c.split("\\")[0].lower() for c in value.split(";")]
                table = game["tables"][name.lower()] = (columns, [])
            continue
        if table is None:
            if line.startswith("["):
                raise InterchangeError(f"line {number}", f"cannot read the tag {line[:40]!r}")
            continue
        tokens = [
            m.group(1) if m.group(1) is not None else m.group(2) for m in _TOKEN.finditer(line)
        ]
        table[1].append((number, tokens))
    return games


def parse(text: str) -> SessionFile:
    games = [g for g in _games(text) if "scoretable" in g["tables"]]
    if not games:
        raise InterchangeError("line 1", "no [ScoreTable] in the file: nothing to import")
    scoring = games[0]["tags"].get("scoring", ("MP", 0))[0].strip().lower()
    results, boards, entries = [], [], {}
    for g in games:
        number = _board(g)
        deal = g["tags"].get("deal", (None, 0))[0]
        boards.append(Board(number, deal=deal or None))
        columns, rows = g["tables"]["scoretable"]
        results += [
            _row(number, dict(zip(columns, tokens, strict=False)), line) for line, tokens in rows
        ]
    _names(games, entries)
    for r in results:
        for n in (r.ns, r.ew):
            entries.setdefault(n, Entry(number=n))
    two = any(e.field in ("NS", "EW") for e in entries.values())
    sf = SessionFile(
        event={
            "name": games[0]["tags"].get("event", ("PBN import", 0))[0] or "PBN import",
            "game": "contract",
            "scoring_method": METHODS.get(scoring, "matchpoints"),
            "conditions": {"winners": 2} if two else {},
        },  # fmt: skip
        session={"name": "Session", "date": _date(games[0]), "status": "final"},
        sections=[
            Section(
                name="A", entries=sorted(entries.values(), key=lambda e: e.number), results=results
            )
        ],
        boards=BoardSet(source="pbn", list=sorted(boards, key=lambda b: b.number))
        if any(b.deal for b in boards)
        else None,
    )
    check(sf)
    return sf


def _board(game: dict[str, Any]) -> int:
    value, line = game["tags"].get("board", ("", 0))
    if not value.strip().isdigit():
        raise InterchangeError(f"line {line}", f"board number {value!r}: expected 1, 2, 3, ...")
    return int(value)


def _date(game: dict[str, Any]) -> str:
    value = game["tags"].get("date", ("", 0))[0]
    match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", value)
    return "-".join(match.groups()) if match else "2000-01-01"


def _row(board: int, row: dict[str, str], line: int) -> Result:
    try:
        ns, ew = int(row.get("pairid_ns", "")), int(row.get("pairid_ew", ""))
    except ValueError:
        raise InterchangeError(
            f"line {line}", "PairId_NS and PairId_EW must be pair numbers"
        ) from None
    result = Result(board=board, ns=ns, ew=ew)
    contract = row.get("contract", "-")
    score = row.get("score_ns", "-")
    if contract.upper() == "NP":
        result.not_played = True
    elif score.upper().startswith("A"):
        ew = row.get("score_ew", "A")
        result.adjusted = f"{score.upper()}/{ew.upper()}"
    elif contract not in ("-", ""):
        _contract(result, contract, row, line)
    elif re.fullmatch(r"-?\d+", score):
        result.score_ns = int(score)
    else:
        raise InterchangeError(
            f"line {line}", "a result needs a contract, a score, an Axx score or NP"
        )
    return result


def _contract(result: Result, contract: str, row: dict[str, str], line: int) -> None:
    try:
        result.contract = str(Contract.parse(contract))
    except ScoringError as exc:
        raise InterchangeError(f"line {line}", exc.message) from exc
    if result.contract == "PASS":
        return
    declarer, tricks = row.get("declarer", "").upper(), row.get("result", "")
    if declarer not in ("N", "E", "S", "W") or not tricks.isdigit():
        raise InterchangeError(
            f"line {line}", "a contract needs Declarer (N/E/S/W) and Result (tricks)"
        )
    result.declarer, result.tricks = declarer, int(tricks)
    lead = row.get("lead", "-")
    result.lead = None if lead in ("-", "") else lead


def _names(games: list[dict[str, Any]], entries: dict[int, Entry]) -> None:
    for g in games:
        if "totalscoretable" not in g["tables"]:
            continue
        columns, rows = g["tables"]["totalscoretable"]
        for line, tokens in rows:
            row = dict(zip(columns, tokens, strict=False))
            if not row.get("pairid", "").isdigit():
                raise InterchangeError(f"line {line}", "PairId must be a pair number")
            number = int(row["pairid"])
            names = [
                n.strip() for n in re.split(r"\s+(?:&|-|and)\s+", row.get("names", "")) if n.strip()
            ]
            field = row.get("field", "all") if row.get("field") in ("NS", "EW") else "all"
            entries[number] = Entry(
                number=number, field=field, players=[Player(name=n) for n in names]
            )
