"""USEBIO 1.2 XML (the EBU's results standard) out and in (pure: no Django).

``write(sf, standings)`` writes one section of a session file with its scored standings
(``scoring_input.score``): EVENT, PARTICIPANTS/PAIR/PLAYER (NATIONAL_ID_NUMBER), TOTAL_SCORE,
PERCENTAGE, PLACE, and BOARD/TRAVELLER_LINE with CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE
(``A6040`` for an artificial score) and the match points, Butler or cross-IMPs of each side.
``parse(text)`` reads a file another program wrote into a session file; its totals are not
trusted: scores are recomputed from the traveller lines.  ``published(text)`` returns the
figures the file states, so they can be compared with ours.

Pair numbers: a Mitchell writes ``3NS`` / ``3EW``; on import an E-W pair ``kEW`` becomes entry
``k``, or ``k + EW_OFFSET`` when an N-S pair ``kNS`` exists too; export writes it back as ``kEW``.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any
from xml.parsers import expat

from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import Contract, ScoringError, score_ns, vulnerability
from scoring.engine.whist import round_half_up
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.session_file import (
    Entry,
    Player,
    Result,
    Section,
    SessionFile,
    check,
)

EW_OFFSET = 100
EVENT_TYPES = {
    "MP_PAIRS": "matchpoints",
    "BUTLER_PAIRS": "imps_butler",
    "CROSS_IMP": "imps_cross",
    "TEAMS": "imps_teams",
}
METHOD_EVENT = {v: k for k, v in EVENT_TYPES.items()}
POINTS_TAG = {
    "matchpoints": "MATCH_POINTS",
    "imps_butler": "BUTLER_POINTS",
    "imps_cross": "CROSS_IMP_POINTS",
}
_LINE = "__line"


# ---------------------------------------------------------------------------------------------
# Export


def pair_label(number: int, field: str) -> str:
    """The USEBIO pair number of an entry: ``3``, or ``3NS`` / ``3EW`` with two fields."""
    if field == "NS":
        return f"{number}NS"
    if field == "EW":
        return f"{number - EW_OFFSET if number > EW_OFFSET else number}EW"
    return str(number)


def _sub(parent: ET.Element, tag: str, text: Any) -> ET.Element:
    el = ET.SubElement(parent, tag)
    el.text = "" if text is None else str(text)
    return el


def _usebio_date(text: str | None) -> str:
    return dt.date.fromisoformat(text).strftime("%d/%m/%Y") if text else ""


def _place(rank: str) -> str:
    return rank[1:] + "=" if rank.startswith("=") else rank


def write(sf: SessionFile, standings: dict[str, Any], section: int = 0) -> str:
    """USEBIO 1.2 XML for one section, with the standings JSON of that section."""
    if sf.method not in METHOD_EVENT:
        raise InterchangeError("event.scoring_method", f"USEBIO has no event type for {sf.method}")
    sec = sf.sections[section]
    fields = _fields(standings)
    root = ET.Element("USEBIO", Version="1.2")
    if sf.club:
        _sub(ET.SubElement(root, "CLUB"), "CLUB_NAME", sf.club["name"])
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=METHOD_EVENT[sf.method])
    _sub(event, "EVENT_DESCRIPTION", sf.event.get("name", ""))
    _sub(event, "PROGRAM_NAME", "duplicate tournament manager")
    _sub(event, "WINNER_TYPE", 2 if set(fields.values()) >= {"NS", "EW"} else 1)
    _sub(event, "TITLE", sf.session.get("name", ""))
    _sub(event, "DATE", _usebio_date(sf.session.get("date")))
    _sub(event, "SESSION_COUNT", 1)
    _sub(event, "SECTION_COUNT", len(sf.sections))
    _sub(event, "SCORING_METHOD", "MATCHPOINTS" if sf.method == "matchpoints" else "IMPS")
    _participants(event, sf, sec, standings, fields)
    _boards(event, sf, sec, standings, fields)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    doctype = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}\n{body}\n'


def _fields(standings: dict[str, Any]) -> dict[int, str]:
    return {s["entry"]: f["name"] for f in standings["fields"] for s in f["standings"]}


def write_section_results(holder: ET.Element, sf: SessionFile, standings: dict[str, Any],
                          section: int = 0) -> None:  # fmt: skip
    """One section's WINNER_TYPE, PARTICIPANTS and BOARDs inside ``holder`` (a SESSION or
    SECTION of a combined file, ``usebio_combined``), as :func:`write` puts them in EVENT."""
    fields = _fields(standings)
    _sub(holder, "WINNER_TYPE", 2 if set(fields.values()) >= {"NS", "EW"} else 1)
    _participants(holder, sf, sf.sections[section], standings, fields)
    _boards(holder, sf, sf.sections[section], standings, fields)


def _participants(event, sf, sec: Section, standings, fields) -> None:
    parts = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE=METHOD_EVENT[sf.method])
    rows = {s["entry"]: s for f in standings["fields"] for s in f["standings"]}
    for entry in sec.entries:
        field = fields.get(entry.number, "all")
        pair = ET.SubElement(parts, "PAIR")
        _sub(pair, "PAIR_NUMBER", pair_label(entry.number, field))
        _sub(pair, "DIRECTION", field if field in ("NS", "EW") else "")
        row = rows.get(entry.number)
        if row is not None:
            _sub(pair, "TOTAL_SCORE", f"{row['score']:.2f}")
            if row.get("percent") is not None:
                _sub(pair, "PERCENTAGE", f"{row['percent']:.2f}")
            _sub(pair, "PLACE", _place(row["rank"]))
        for p in entry.players:
            player = ET.SubElement(pair, "PLAYER")
            _sub(player, "PLAYER_NAME", p.name)
            if p.membership:
                _sub(player, "NATIONAL_ID_NUMBER", p.membership)


def _boards(event, sf, sec: Section, standings, fields) -> None:
    scored = {(b["board"], r["ns"], r["ew"]): r for b in standings["boards"] for r in b["results"]}
    tag = POINTS_TAG.get(sf.method)
    for number in sorted({r.board for r in sec.results}):
        board = ET.SubElement(event, "BOARD", EVENT_TYPE=METHOD_EVENT[sf.method])
        _sub(board, "BOARD_NUMBER", number)
        for r in (r for r in sec.results if r.board == number):
            _traveller_line(board, r, scored.get((r.board, r.ns, r.ew), {}), tag, fields)


def _traveller_line(board, r: Result, scored: dict[str, Any], tag, fields) -> None:
    line = ET.SubElement(board, "TRAVELLER_LINE")
    _sub(line, "NS_PAIR_NUMBER", pair_label(r.ns, fields.get(r.ns, "all")))
    _sub(line, "EW_PAIR_NUMBER", pair_label(r.ew, fields.get(r.ew, "all")))
    if r.contract:
        _sub(line, "CONTRACT", r.contract)
    if r.declarer:
        _sub(line, "PLAYED_BY", r.declarer)
    if r.lead:
        _sub(line, "LEAD", r.lead)
    if r.tricks is not None:
        _sub(line, "TRICKS", r.tricks)
    _sub(line, "SCORE", _score_text(r, scored))
    if tag and scored.get("ns_points") is not None:
        _sub(line, f"NS_{tag}", _num(scored["ns_points"]))
        _sub(line, f"EW_{tag}", _num(scored["ew_points"]))


def _score_text(r: Result, scored: dict[str, Any]) -> str:
    if r.not_played:
        return "NP"
    if r.adjusted:
        adj = parse_adjusted(r.adjusted)
        if adj.kind == "percent" and adj.ns < 100 and adj.ew < 100:
            return f"A{int(adj.ns):02d}{int(adj.ew):02d}"
        return r.adjusted
    value = scored.get("score_ns", r.score_ns)
    if r.weighted and value is not None:
        # USEBIO has no weighted score: the combined (weighted mean) N-S score, to the whole
        # point, beside the exact weighted points (docs/interchange.md)
        return str(round_half_up(Fraction(str(value))))
    return "" if value is None else str(value)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


# ---------------------------------------------------------------------------------------------
# Import


def _tree(text: str | bytes) -> ET.Element:
    """Parse, keeping each element's line number; a broken file names its line."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        builder.start(tag, {**attrs, _LINE: str(parser.CurrentLineNumber)})

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(text, True)
        return builder.close()
    except expat.ExpatError as exc:
        message = (
            expat.errors.messages.get(exc.code, str(exc)) if hasattr(exc, "code") else str(exc)
        )
        raise InterchangeError(
            f"line {exc.lineno}", f"not well-formed XML ({message}); is the file truncated?"
        ) from exc
    except AssertionError as exc:  # TreeBuilder.close() on an unfinished document
        raise InterchangeError("end of file", "the XML stops before </USEBIO>") from exc


def _text(el: ET.Element, tag: str) -> str:
    child = el.find(tag)
    return (child.text or "").strip() if child is not None else ""


def _where(el: ET.Element) -> str:
    return f"line {el.get(_LINE)}"


def decode(data: str | bytes) -> tuple[str | bytes, str]:
    """(what the XML parser reads, how): a file whose XML declaration names its encoding, or
    that is UTF-8, is read as written; an undeclared file that is not UTF-8 is Windows-1252
    (which ISO-8859-1 text is too, printable characters alike)."""
    if isinstance(data, str):
        return data, "text"
    head = data[:200]
    declared = re.search(rb"<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9_.:-]+)", head)
    if declared:
        return data, f"{declared.group(1).decode('ascii').upper()} (declared by the file)"
    try:
        data.decode("utf-8")
        bom = " (with a byte-order mark)" if data.startswith(b"\xef\xbb\xbf") else ""
        return data, f"UTF-8{bom}"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), (
            "Windows-1252 (no encoding declared, not UTF-8)"
        )


def parse(text: str | bytes, session: int | None = None, section: str = "") -> SessionFile:
    """A session file from a USEBIO file; raise InterchangeError naming the line of a fault.
    A combined ranking's file (``usebio_combined``: SESSION elements in the EVENT) is read one
    session at a time: ``session`` its SESSION_NUMBER, ``section`` its SECTION_NAME when the
    session has several."""
    text, encoding = decode(text)
    root = _tree(text)
    if root.tag != "USEBIO":
        raise InterchangeError(_where(root), f"<{root.tag}> is not a USEBIO file")
    event = root.find("EVENT")
    if event is None:
        raise InterchangeError(_where(root), "no <EVENT> in the file")
    kind = event.get("EVENT_TYPE", "")
    if kind not in EVENT_TYPES:
        raise InterchangeError(
            _where(event), f"event type {kind!r} is not supported ({', '.join(EVENT_TYPES)})"
        )
    head, holder = _session_holder(event, session, section)
    entries, numbers = _entries(holder)
    results = [
        _result(line, _board_number(board), numbers)
        for board in holder.iter("BOARD")
        for line in board.iter("TRAVELLER_LINE")
    ]
    winners = 2 if (_text(holder, "WINNER_TYPE") or _text(event, "WINNER_TYPE")) == "2" else 1
    club = root.find("CLUB")
    sf = SessionFile(
        club=_club(club) if club is not None else None,
        event={
            "name": _text(event, "EVENT_DESCRIPTION") or "USEBIO import",
            "game": "contract",
            "scoring_method": EVENT_TYPES[kind],
            "conditions": {
                **({"winners": winners} if winners == 2 else {}),
                "source": _source(root, event, encoding),
            },
        },
        session={
            "name": _text(head, "TITLE") or "Session",
            "date": _date(head),
            "status": "final",
        },
        sections=[Section(name="A", entries=entries, results=results)],
    )
    check(sf)
    return sf


def _session_holder(event: ET.Element, session: int | None, section: str):
    """(the element with the session's TITLE and DATE, the one with its pairs and boards):
    the EVENT itself, or in a combined ranking's file the SESSION numbered ``session`` (and
    its SECTION named ``section``)."""
    sessions = {_text(s, "SESSION_NUMBER"): s for s in event.findall("SESSION")}
    if session is None:
        if sessions:
            raise InterchangeError(
                _where(event),
                f"a combined ranking of {len(sessions)} sessions ({', '.join(sessions)}): "
                "import one of them (manage.py import_usebio FILE --session N) or each "
                "session's own file",
            )
        return event, event
    holder = sessions.get(str(session))
    if holder is None:
        have = ", ".join(sessions) or "none: the file is one session"
        raise InterchangeError(_where(event), f"no session {session} in the file (sessions: "
                               f"{have})")  # fmt: skip
    parts = {_text(s, "SECTION_NAME"): s for s in holder.findall("SECTION")}
    if not parts:
        return holder, holder
    if section not in parts:
        raise InterchangeError(_where(holder), f"session {session} has sections "
                               f"{', '.join(parts)}: say which")  # fmt: skip
    return holder, parts[section]


def _source(root: ET.Element, event: ET.Element, encoding: str) -> dict[str, str]:
    """How the file was read: USEBIO version, the program that wrote it, the encoding."""
    program = " ".join(
        p for p in (_text(event, "PROGRAM_NAME"), _text(event, "PROGRAM_VERSION")) if p
    )
    out = {"format": f"USEBIO {root.get('Version') or '(no version)'}", "encoding": encoding}
    if program:
        out["program"] = program
    return out


def _club(club: ET.Element) -> dict[str, str]:
    name = _text(club, "CLUB_NAME") or "Imported club"
    return {"name": name, "slug": re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "club"}


def _date(event: ET.Element) -> str:
    text = _text(event, "DATE")
    for fmt in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    raise InterchangeError(_where(event), f"date {text!r}: expected dd/mm/yyyy")


def _split(label: str, where: str) -> tuple[int, str]:
    match = re.fullmatch(r"(\d+)\s*(NS|EW)?", label.strip().upper())
    if not match:
        raise InterchangeError(where, f"pair number {label!r}: expected e.g. 7, 7NS or 7EW")
    return int(match.group(1)), match.group(2) or ""


def numbering(root: ET.Element) -> dict[str, int]:
    """Entry numbers for the file's pair labels: ``7`` and ``7NS`` → 7; ``7EW`` → 7, or
    ``7 + EW_OFFSET`` when an N-S pair is numbered 7 too."""
    labels = {_text(p, "PAIR_NUMBER").upper(): _where(p) for p in root.iter("PAIR")}
    split = {label: _split(label, where) for label, where in labels.items()}
    others = {n for n, d in split.values() if d != "EW"}
    return {
        label: n + EW_OFFSET if d == "EW" and n in others else n for label, (n, d) in split.items()
    }


def _entries(event: ET.Element) -> tuple[list[Entry], dict[str, int]]:
    entries, numbers = [], numbering(event)
    for pair in event.iter("PAIR"):
        label = _text(pair, "PAIR_NUMBER")
        number = numbers[label.upper()]
        direction = _text(pair, "DIRECTION").upper()
        players = [
            Player(name=_text(p, "PLAYER_NAME") or "?", membership=_text(p, "NATIONAL_ID_NUMBER"))
            for p in pair.iter("PLAYER")
        ]
        field = direction if direction in ("NS", "EW") else "all"
        entries.append(Entry(number=number, field=field, players=players))
    return entries, numbers


def _result(line: ET.Element, board: int, numbers: dict[str, int]) -> Result:
    where = _where(line)
    ns = _pair(line, "NS_PAIR_NUMBER", numbers)
    ew = _pair(line, "EW_PAIR_NUMBER", numbers)
    score = _text(line, "SCORE").upper()
    result = Result(board=board, ns=ns, ew=ew)
    if score.startswith("A"):
        result.adjusted = _adjusted(score, where)
        return result
    if score in ("NP", "NOT PLAYED"):
        result.not_played = True
        return result
    contract = _text(line, "CONTRACT")
    if contract:
        return _contract_line(line, result, contract, where)
    try:
        result.score_ns = int(score)
    except ValueError:
        child = line.find("SCORE")
        where = _where(child) if child is not None else where
        raise InterchangeError(where, f"score {score!r} is neither a number nor Axxyy") from None
    return result


def _contract_line(line: ET.Element, result: Result, contract: str, where: str) -> Result:
    try:
        result.contract = str(Contract.parse(contract))
    except ScoringError as exc:
        raise InterchangeError(_where(line.find("CONTRACT")), exc.message) from exc
    if result.contract != "PASS":
        result.declarer = _text(line, "PLAYED_BY").upper() or None
        tricks = _text(line, "TRICKS")
        result.tricks = int(tricks) if re.fullmatch(r"[0-9]{1,2}", tricks) else None
        result.lead = _text(line, "LEAD") or None
        if result.declarer not in ("N", "E", "S", "W") or result.tricks is None:
            raise InterchangeError(where, "a contract needs PLAYED_BY (N/E/S/W) and TRICKS")
        if not 0 <= result.tricks <= 13:
            raise InterchangeError(
                _where(line.find("TRICKS")), f"TRICKS {tricks}: declarer takes 0 to 13 tricks"
            )
    _check_score(line, result)
    return result


def _check_score(line: ET.Element, r: Result) -> None:
    """The file's SCORE must be what the contract scores (Law 77) on that board."""
    text = _text(line, "SCORE")
    if not re.fullmatch(r"-?\d+", text):
        return
    ours = score_ns(r.contract, r.declarer, r.tricks, vulnerability(r.board))
    if ours != int(text):
        where = _where(line.find("SCORE"))
        made = f"{r.contract} by {r.declarer}, {r.tricks} tricks" if r.declarer else r.contract
        raise InterchangeError(where, f"SCORE {text} but {made} on board {r.board} scores {ours}")


def _adjusted(score: str, where: str) -> str:
    try:
        adj = parse_adjusted(score)
    except ScoringError as exc:
        raise InterchangeError(f"{where} <SCORE>", exc.message) from exc
    return str(adj)


def _pair(line: ET.Element, tag: str, numbers: dict[str, int]) -> int:
    label = _text(line, tag).upper()
    if label not in numbers:
        child = line.find(tag)
        where = _where(child if child is not None else line)
        raise InterchangeError(where, f"<{tag}> {label!r} is not a participant")
    return numbers[label]


def _board_number(board: ET.Element) -> int:
    text = _text(board, "BOARD_NUMBER")
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:
        raise InterchangeError(_where(board), f"board number {text!r}: expected 1, 2, 3, ...")
    return int(text)


def published(text: str | bytes) -> dict[str, Any]:
    """The figures a USEBIO file states: totals/places per pair, points per traveller line."""
    root = _tree(text)
    numbers = numbering(root)
    totals = {}
    for pair in root.iter("PAIR"):
        number = numbers[_text(pair, "PAIR_NUMBER").upper()]
        total = _text(pair, "TOTAL_SCORE")
        totals[number] = (Fraction(total) if total else None, _text(pair, "PLACE"))
    lines = {}
    for board in root.iter("BOARD"):
        b = _board_number(board)
        for line in board.iter("TRAVELLER_LINE"):
            points = [
                c.text for c in line if c.tag.startswith(("NS_", "EW_")) and "POINTS" in c.tag
            ]
            key = (
                b,
                _pair(line, "NS_PAIR_NUMBER", numbers),
                _pair(line, "EW_PAIR_NUMBER", numbers),
            )
            lines[key] = (_text(line, "SCORE"), *(Fraction(p) for p in points))
    return {"totals": totals, "lines": lines}
