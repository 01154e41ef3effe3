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
from fractions import Fraction
from typing import Any

from boards.engine.cards import Direction
from boards.engine.dealing import Vulnerability
from boards.engine.deals import Board as DealBoard
from boards.engine.deals import Deal
from boards.engine.pbn import export_pbn
from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import Contract, ScoringError, score_ns, vulnerability
from scoring.engine.whist import round_half_up
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
    "mp1": "matchpoints",
    "mp2": "matchpoints",
    "matchpoints": "matchpoints",
    "butler": "imps_butler",
    "butlerimps": "imps_butler",
    "cross-imps": "imps_cross",
    "crossimps": "imps_cross",
    "imp": "imps_cross",
    "imps": "imps_cross",
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
    decimals = sf.conditions.get("mp_board_decimals")
    for i, board in enumerate(standings["boards"]):
        out += _board_tags(sf, board["board"], deals.get(board["board"]))
        out.append(f'[Scoring "{SCORING_TAG.get(sf.method, sf.method)}"]')
        out.append(f'[ScoreTable "{SCORE_COLUMNS.format(p=p)}"]')
        leads = {(r.board, r.ns): r.lead for r in sec.results}
        for r in board["results"]:
            out.append(_score_row(r, leads.get((board["board"], r["ns"])), decimals))
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


def _bad_deal(text: str) -> bool:
    try:
        Deal.from_pbn(text)
    except ValueError:
        return True
    return False


def _board_tags(sf: SessionFile, number: int, board: Board | None) -> list[str]:
    """The board's PBN tags, with its deal if it has one (a stored deal that is not a deal, kept
    from before imports checked deals, is written without it)."""
    if board is not None and board.deal and not _bad_deal(board.deal):
        dealer = Direction.parse(board.dealer or "NESW"[(number - 1) % 4])
        vul = Vulnerability.parse(board.vulnerability) if board.vulnerability else None
        text = export_pbn([DealBoard(number, Deal.from_pbn(board.deal), dealer, vul)],
                          event=sf.event.get("name", ""), date=sf.session.get("date", "").replace("-", "."))  # fmt: skip
        return [line for line in text.splitlines() if line and not line.startswith("%")]
    date = sf.session.get("date", "").replace("-", ".") or "????.??.??"
    return [f"[Event {_q(sf.event.get('name', ''))}]", f'[Date "{date}"]', f'[Board "{number}"]']


def _score_row(r: dict[str, Any], lead: str | None, decimals: int | None = None) -> str:
    score = r.get("score_ns")
    if r.get("weighted") and score is not None:  # no weighted score in PBN: the combined one
        score = round_half_up(Fraction(str(score)))  # to the whole point (docs/interchange.md)
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
    if decimals is not None:  # the convention stays readable: the points as rounded
        row[-2:] = [f"{v:.{decimals}f}" for v in row[-2:]]
    return " ".join(_cell(v) for v in row)


# ---------------------------------------------------------------------------------------------
# Import
#
# Lenient about what real files do (encodings, PBN 1.0-2.1, other programs' notations, optional
# columns), exact about what they mean: every value is read or refused with its line and column.

_DECLARED = re.compile(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.IGNORECASE)
_VERSION = re.compile(r"^%\s*PBN\s+(\d+\.\d+)")
_META = re.compile(r'^%\s*<META\s+name=(\w+)\s+content="([^"]*)"', re.IGNORECASE)
NO_SCORE = ("-", "")
PASSED = ("P", "AP", "PASS", "PASSED", "ALLPASS")
VULNERABLE = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW",
              "ALL": "All", "BOTH": "All"}  # fmt: skip


def decode(data: str | bytes) -> tuple[str, str]:
    """(text, how it was read). PBN 2.1 declares its charset (``%Content-type: ...;
    charset=...``); UTF-8 with or without a BOM is read as such; a file that declares nothing
    and is not UTF-8 is PBN's own default ISO-8859-1, or Windows-1252 when it uses the bytes
    0x80-0x9F that only Windows-1252 prints."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), "text"
    if data.startswith(b"\xef\xbb\xbf"):
        return _strict(data[3:], "utf-8"), "UTF-8 (with a byte-order mark)"
    head = data[:4096]
    declared = _DECLARED.search(head)
    if declared:
        name = declared.group(1).decode("ascii").lower()
        try:
            "".encode(name)
        except LookupError:
            raise InterchangeError(
                "line 1", f"the file declares an unknown charset {name!r}"
            ) from None
        return _strict(data, name), f"{name.upper()} (declared by the file)"
    try:
        return data.decode("utf-8"), "UTF-8 (no charset declared)"
    except UnicodeDecodeError:
        pass
    if any(0x80 <= b <= 0x9F for b in data):
        return _strict(data, "cp1252"), (
            "Windows-1252 (no charset declared, not UTF-8; bytes 0x80-0x9F are Windows-1252)"
        )
    return data.decode("latin-1"), "ISO-8859-1 (no charset declared, not UTF-8: PBN's default)"


def _strict(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InterchangeError(
            f"line {line}", f"byte {data[exc.start]:#04x} is not {encoding.upper()} text"
        ) from None


def _games(text: str) -> list[dict[str, Any]]:
    """Games as {tags: {name: (value, line)}, tables: {name: (columns, [(line, tokens)])}}.

    Columns keep their names as written (``Score_NS``) and are looked up in lower case."""
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
                columns = [c.split("\\")[0].strip() for c in value.split(";")]
                table = game["tables"][name.lower()] = (columns, [])
            continue
        if table is None:
            if line.startswith("["):
                raise InterchangeError(f"line {number}", f"cannot read the tag {line[:40]!r}")
            continue
        tokens = [
            m.group(1) if m.group(1) is not None else m.group(2) for m in _TOKEN.finditer(line)
        ]
        if len(tokens) != len(table[0]):
            raise InterchangeError(
                f"line {number}",
                f"{len(tokens)} values for the {len(table[0])} columns of the table "
                f"({';'.join(table[0])})",
            )
        table[1].append((number, tokens))
    return games


class _Row(dict):
    """One table row: value by lower-case column name; ``where(column)`` names line and column."""

    def __init__(self, columns: list[str], tokens: list[str], line: int) -> None:
        super().__init__((c.lower(), t.strip()) for c, t in zip(columns, tokens, strict=True))
        self.names = {c.lower(): c for c in columns}
        self.line = line

    def where(self, column: str) -> str:
        return f"line {self.line}, {self.names.get(column, column)}"

    def given(self, column: str) -> str | None:
        value = self.get(column, "-")
        return None if value in NO_SCORE else value


def source(text: str) -> dict[str, str]:
    """What the file says about itself: PBN version and the program that wrote it."""
    out: dict[str, str] = {}
    meta: dict[str, str] = {}
    for raw in text.splitlines()[:200]:
        version = _VERSION.match(raw)
        if version and "format" not in out:
            out["format"] = f"PBN {version.group(1)}"
        match = _META.match(raw)
        if match:
            meta[match.group(1).lower()] = match.group(2).strip()
    out.setdefault("format", "PBN (no version line)")
    program = " ".join(p for p in (meta.get("generator"), meta.get("version")) if p)
    if program:
        out["program"] = program
    return out


def parse(data: str | bytes) -> SessionFile:
    """A session file from the results of another program's PBN file; raise InterchangeError
    naming the line (and column) of anything it cannot read."""
    text, encoding = decode(data)
    games = [g for g in _games(text) if "scoretable" in g["tables"]]
    if not games:
        raise InterchangeError("line 1", "no [ScoreTable] in the file: nothing to import")
    scoring_tag = games[0]["tags"].get("scoring", ("MP", 0))[0]
    results, boards, entries, published = [], {}, {}, {}
    for g in games:
        number = _board(g)
        if number in boards:
            line = g["tags"]["board"][1]
            raise InterchangeError(f"line {line}", f"board {number} is in the file twice")
        boards[number] = _deal_board(g, number)
        columns, rows = g["tables"]["scoretable"]
        for line, tokens in rows:
            row = _Row(columns, tokens, line)
            result = _row(number, row, boards[number].vulnerability)
            results.append(result)
            published[(number, result.ns)] = (row.get("mp_ns"), row.get("mp_ew"), result)
    totals = _names(games, entries)
    for r in results:
        for n in (r.ns, r.ew):
            entries.setdefault(n, Entry(number=n))
    two = any(e.field in ("NS", "EW") for e in entries.values())
    method = _method(scoring_tag)
    conditions: dict[str, Any] = {"winners": 2} if two else {}
    conditions.update(_conventions(method, results, published, totals))
    conditions["source"] = {**source(text), "encoding": encoding}
    sf = SessionFile(
        event={
            "name": games[0]["tags"].get("event", ("PBN import", 0))[0] or "PBN import",
            "game": "contract",
            "scoring_method": method,
            "conditions": conditions,
        },  # fmt: skip
        session={"name": "Session", "date": _date(games[0]), "status": "final"},
        sections=[
            Section(
                name="A", entries=sorted(entries.values(), key=lambda e: e.number), results=results
            )
        ],
        boards=BoardSet(source="pbn", list=sorted(boards.values(), key=lambda b: b.number))
        if any(b.deal for b in boards.values())
        else None,
    )
    check(sf)
    return sf


def _method(tag: str) -> str:
    """``[Scoring "MatchPoints;MP1"]`` → matchpoints: the first word PBN names the method by."""
    first = tag.split(";")[0].strip().lower()
    return METHODS.get(first, "matchpoints")


def _board(game: dict[str, Any]) -> int:
    value, line = game["tags"].get("board", ("", 0))
    if not value.strip().isdigit():
        raise InterchangeError(
            f"line {line}, Board", f"board number {value!r}: expected 1, 2, 3, ..."
        )
    return int(value)


def _deal_board(game: dict[str, Any], number: int) -> Board:
    tags = game["tags"]
    deal = tags.get("deal", ("", 0))[0].strip() or None
    dealer = tags.get("dealer", ("", 0))[0].strip().upper() or None
    vul_text, vul_line = tags.get("vulnerable", ("", 0))
    vul = None
    if vul_text.strip():
        vul = VULNERABLE.get(vul_text.strip().upper())
        if vul is None:
            raise InterchangeError(
                f"line {vul_line}, Vulnerable", f"{vul_text!r}: expected None, NS, EW or All"
            )
    if dealer is not None and dealer not in ("N", "E", "S", "W"):
        line = tags["dealer"][1]
        raise InterchangeError(f"line {line}, Dealer", f"{dealer!r}: expected N, E, S or W")
    return Board(number, deal=deal, dealer=dealer, vulnerability=vul)


def _date(game: dict[str, Any]) -> str:
    value = game["tags"].get("date", ("", 0))[0]
    match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", value)
    return "-".join(match.groups()) if match else "2000-01-01"


def _pair_id(row: _Row, column: str) -> int:
    value = row.get(column, "")
    if not value.isdigit():
        raise InterchangeError(row.where(column), f"{value!r} is not a pair number")
    return int(value)


def _row(board: int, row: _Row, vul: str | None) -> Result:
    ns, ew = _pair_id(row, "pairid_ns"), _pair_id(row, "pairid_ew")
    result = Result(board=board, ns=ns, ew=ew)
    for column in ("round", "table"):
        value = row.given(column)
        if value is not None and value.isdigit():
            setattr(result, column, int(value))
    contract = (row.given("contract") or "").upper()
    ns_score, ew_score = row.given("score_ns"), row.given("score_ew")
    artificial = [s for s in (ns_score, ew_score) if s and s.upper().startswith(("A", "AVG"))]
    if contract in ("NP", "NOT PLAYED") or (ns_score or "").upper() == "NP":
        result.not_played = True
    elif artificial or any(s and s.endswith("%") for s in (ns_score, ew_score)):
        _artificial(result, row, ns_score, ew_score)
    elif contract:
        _contract(result, contract, row, vul)
    elif ns_score is not None or ew_score is not None:
        result.score_ns = _score_ns(row, ns_score, ew_score)
    else:
        raise InterchangeError(
            row.where("contract"), "a result needs a contract, a score, an artificial score or NP"
        )
    return result


def _artificial(result: Result, row: _Row, ns: str | None, ew: str | None) -> None:
    """``"A+" "A-"`` (Magic Contest), ``AVG+``, ``A=``, ``A60``/``A40`` (ours), ``60%``; one side
    alone means the other has the complement (Ave+ given to N-S: E-W Ave−)."""
    if ns is None or ew is None:
        given = parse_adjusted(f"{ns or ew}/A50")
        value = given.ns
        pair = (value, 100 - value) if ns is not None else (100 - value, value)
        result.adjusted = f"A{pair[0]}/A{pair[1]}"
        return
    try:
        result.adjusted = str(parse_adjusted(f"{ns}/{ew}"))
    except ScoringError as exc:
        bad = "score_ns" if not _side_ok(ns) else "score_ew"
        raise InterchangeError(row.where(bad), exc.message) from exc


def _side_ok(text: str) -> bool:
    try:
        parse_adjusted(f"{text}/A50")
        return True
    except ScoringError:
        return False


def _score_ns(row: _Row, ns: str | None, ew: str | None) -> int:
    """The N-S score from Score_NS and/or Score_EW (one is often written ``-``)."""
    values = {}
    for column, text in (("score_ns", ns), ("score_ew", ew)):
        if text is None:
            continue
        if not re.fullmatch(r"[+-]?\d+", text):
            raise InterchangeError(row.where(column), f"{text!r} is not a score")
        values[column] = int(text)
    if "score_ns" in values and "score_ew" in values and values["score_ns"] != -values["score_ew"]:
        if values["score_ns"] and values["score_ew"]:
            raise InterchangeError(row.where("score_ew"), f"{ew} does not balance Score_NS {ns}")
    if "score_ns" in values and values["score_ns"] != 0:
        return values["score_ns"]
    return -values.get("score_ew", 0) if "score_ew" in values else values["score_ns"]


def _contract(result: Result, contract: str, row: _Row, vul: str | None) -> None:
    if contract in PASSED:
        contract = "PASS"
    try:
        result.contract = str(Contract.parse(contract))
    except ScoringError as exc:
        raise InterchangeError(row.where("contract"), exc.message) from exc
    if result.contract == "PASS":
        return
    declarer, tricks = (row.given("declarer") or "").upper(), row.given("result") or ""
    if declarer not in ("N", "E", "S", "W"):
        raise InterchangeError(row.where("declarer"), f"{declarer!r}: expected N, E, S or W")
    if not tricks.isdigit() or int(tricks) > 13:
        raise InterchangeError(row.where("result"), f"{tricks!r}: expected the tricks taken (0-13)")
    result.declarer, result.tricks = declarer, int(tricks)
    result.lead = row.given("lead")
    ns, ew = row.given("score_ns"), row.given("score_ew")
    if ns is None and ew is None:
        return
    stated = _score_ns(row, ns, ew)
    made = score_ns(result.contract, declarer, result.tricks, vul or vulnerability(result.board))
    if stated != made:
        column = "score_ns" if ns is not None else "score_ew"
        raise InterchangeError(
            row.where(column),
            f"{ns if ns is not None else ew} but {result.contract} by {declarer}, {tricks} "
            f"tricks scores {made} for N-S on board {result.board}",
        )


def _names(games: list[dict[str, Any]], entries: dict[int, Entry]) -> dict[int, str]:
    """Entries from the TotalScoreTable (names, membership numbers); the published totals."""
    totals: dict[int, str] = {}
    for g in games:
        if "totalscoretable" not in g["tables"]:
            continue
        columns, rows = g["tables"]["totalscoretable"]
        for line, tokens in rows:
            row = _Row(columns, tokens, line)
            number = _pair_id(row, "pairid")
            names = [
                n.strip() for n in re.split(r"\s+(?:&|-|and)\s+", row.get("names", "")) if n.strip()
            ]
            ids = [row.given(f"memberid{k}") or "" for k in (1, 2)]
            players = [
                Player(name=n, membership=ids[k] if k < 2 and len(names) == 2 else "")
                for k, n in enumerate(names)
            ]
            field = row.get("field", "all") if row.get("field") in ("NS", "EW") else "all"
            entries[number] = Entry(number=number, field=field, players=players)
            total = next((row[c] for c in row if c.startswith("totalscore")), None)
            if total is not None:
                totals[number] = total
    return totals


def _conventions(method: str, results: list[Result], published: dict, totals: dict) -> dict:
    """Conditions the file shows by its own figures (matchpoints): the scale of its top, and
    per-board rounding when its totals are the sums of its per-board match points as written
    (the FFB's 0.1)."""
    if method != "matchpoints":
        return {}
    out: dict[str, Any] = {}
    per_board: dict[int, list] = {}
    for (board, _), (ns, ew, result) in published.items():
        per_board.setdefault(board, []).append((ns, ew, result))
    tops = set()
    for lines in per_board.values():
        real = [(ns, ew) for ns, ew, r in lines if r.adjusted is None and not r.not_played]
        try:
            sums = {Fraction(ns) + Fraction(ew) for ns, ew in real}
        except (TypeError, ValueError):
            return out
        if len(sums) == 1 and len(real) == len(lines):
            tops.add((len(lines), sums.pop()))
    if tops and all(top == 2 * (n - 1) for n, top in tops):
        out["mp_scale"] = "EBU"
    elif tops and all(top == n - 1 for n, top in tops):
        out["mp_scale"] = "ACBL"
    decimals = _decimals(published)
    if decimals and totals and _totals_are_sums(published, totals):
        out["mp_board_decimals"] = decimals
    return out


def _decimals(published: dict) -> int | None:
    """The one decimal place a publisher rounds its board scores to, or None. Two or more
    places cannot be told from a file that merely prints to 2 d.p."""
    places = set()
    for ns, ew, _ in published.values():
        for text in (ns, ew):
            if text is None or text in NO_SCORE:
                continue
            places.add(len(text.split(".")[1]) if "." in text else 0)
    return 1 if max(places, default=0) == 1 else None


def _totals_are_sums(published: dict, totals: dict) -> bool:
    sums: dict[int, Fraction] = {}
    try:
        for ns, ew, r in published.values():
            sums[r.ns] = sums.get(r.ns, Fraction(0)) + Fraction(ns)
            sums[r.ew] = sums.get(r.ew, Fraction(0)) + Fraction(ew)
        return all(sums.get(n) == Fraction(t) for n, t in totals.items())
    except (TypeError, ValueError, ZeroDivisionError):
        return False
