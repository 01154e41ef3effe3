"""An event's combined ranking as USEBIO 1.2 XML (pure: no Django; docs/interchange.md,
"The combined ranking in USEBIO").

One file per ranking group (the overall ranking, or one section of a final with carry-over):
EVENT (its ``SESSION_COUNT`` the number of sessions ranked together), PARTICIPANTS and, for
each contestant, PAIR with PAIR_NUMBER, TOTAL_SCORE (the combined total: matchpoints or the
sum or average of percentages as the method says), PERCENTAGE (when the total is a
percentage), PLACE and its PLAYERs; then a SESSION for each session ranked (USEBIO 1.2
carries an event's sessions each in its own SESSION): SESSION_NUMBER (1, 2 … in play order),
TITLE, DATE and that session's own results — WINNER_TYPE, PARTICIPANTS and BOARDs exactly as
its own file has them (``usebio.write_section_results``), inside a SECTION with its
SECTION_NAME when the session has several.  ``usebio.parse(text, session=n)`` reads one back.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal

from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.session_file import SessionFile
from tournament.interchange.formats.usebio import METHOD_EVENT, _usebio_date, write_section_results

#: the methods whose total is a percentage (written as PERCENTAGE too)
PERCENT_METHODS = ("average", "carry_percent")


@dataclass(frozen=True)
class CombinedPair:
    """One contestant of the combined ranking: its place ("=2" for a tie), its number (the
    entry number of the group's last session), total and players (name, membership)."""

    place: str
    number: int
    total: Decimal
    players: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class SessionPart:
    """One session of the ranking: its session file and, for each section written, the
    section's index in it and its scored standings (``scoring_input.score_section``)."""

    sf: SessionFile
    scored: list[tuple[int, dict]]


@dataclass(frozen=True)
class CombinedRanking:
    club: str
    event: str
    title: str
    date: dt.date | None
    scoring_method: str  # the event's: matchpoints, imps_butler …
    method: str  # the combined method: sum, average, matchpoints, carry_mp, carry_percent
    sessions: int
    pairs: list[CombinedPair]
    parts: list[SessionPart] = field(default_factory=list)


def _sub(parent: ET.Element, tag: str, text: object) -> ET.Element:
    el = ET.SubElement(parent, tag)
    el.text = "" if text is None else str(text)
    return el


def _place(rank: str) -> str:
    return rank[1:] + "=" if rank.startswith("=") else rank


def write_combined(ranking: CombinedRanking) -> str:
    """USEBIO 1.2 XML of one combined ranking group."""
    if ranking.scoring_method not in METHOD_EVENT:
        raise InterchangeError(
            "event.scoring_method", f"USEBIO has no event type for {ranking.scoring_method}"
        )
    kind = METHOD_EVENT[ranking.scoring_method]
    root = ET.Element("USEBIO", Version="1.2")
    if ranking.club:
        _sub(ET.SubElement(root, "CLUB"), "CLUB_NAME", ranking.club)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=kind)
    _sub(event, "EVENT_DESCRIPTION", ranking.event)
    _sub(event, "PROGRAM_NAME", "duplicate tournament manager")
    _sub(event, "WINNER_TYPE", 1)
    _sub(event, "TITLE", ranking.title)
    _sub(event, "DATE", ranking.date.strftime("%d/%m/%Y") if ranking.date else "")
    _sub(event, "SESSION_COUNT", ranking.sessions)
    _sub(event, "SECTION_COUNT", 1)
    _sub(event, "SCORING_METHOD", "MATCHPOINTS" if kind == "MP_PAIRS" else "IMPS")
    parts = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE=kind)
    for pair in ranking.pairs:
        el = ET.SubElement(parts, "PAIR")
        _sub(el, "PAIR_NUMBER", pair.number)
        _sub(el, "TOTAL_SCORE", f"{pair.total:.2f}")
        if ranking.method in PERCENT_METHODS:
            _sub(el, "PERCENTAGE", f"{pair.total:.2f}")
        _sub(el, "PLACE", _place(pair.place))
        for name, membership in pair.players:
            player = ET.SubElement(el, "PLAYER")
            _sub(player, "PLAYER_NAME", name)
            if membership:
                _sub(player, "NATIONAL_ID_NUMBER", membership)
    for number, part in enumerate(ranking.parts, start=1):
        _session(event, number, part)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    doctype = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}\n{body}\n'


def _session(event: ET.Element, number: int, part: SessionPart) -> None:
    """One SESSION: its number, title and date, and its sections' own results."""
    el = ET.SubElement(event, "SESSION")
    _sub(el, "SESSION_NUMBER", number)
    _sub(el, "TITLE", part.sf.session.get("name", ""))
    _sub(el, "DATE", _usebio_date(part.sf.session.get("date")))
    for index, standings in part.scored:
        holder = el
        if len(part.scored) > 1:
            holder = ET.SubElement(el, "SECTION")
            _sub(holder, "SECTION_NAME", part.sf.sections[index].name)
        write_section_results(holder, part.sf, standings, index)
