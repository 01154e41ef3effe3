"""Read a session KoPS published as HTML (``wyn.html`` and the travellers ``p1.html``…) into a
``duplicate-session/1`` file, for the golden test of the engine against KoPS's figures.

KoPS HTML is no interchange format and the product does not read it: this helper lives in the
tests, reads the pages with the standard library's ``html.parser`` from ``../shared`` at test
time, and copies none of their data into the project.

The pages (KoPS2www, JFR 2005; ISO-8859-2):

- ``wyn.html``: the ranking, one ``<tr>`` a pair: place, number, the two names (``<br>``
  between them), …, the result (``%`` or ``WYNIK``);
- ``pN.html``: board N. ``<h4>N<br>nikt</h4>`` gives the dealer and vulnerability (``nikt``
  none, ``obie`` all, ``NS``, ``EW``); the traveller has one row a table: NS, EW, contract
  (``ktr``, the suit an ``<img src=…/S.gif>``, ``x``/``xx`` doubled), declarer (``rg``), lead
  (``wst``), tricks against the contract (``lew``: ``=``, ``+1``, ``-2``), the score (from NS's side: under NS when positive, under EW when negative),
  points NS, points EW (per cent for match points, IMPs for cross-IMPs). A director's score is
  ``sędzia`` over four cells and then ``60%`` / ``40%``, or ``średnia`` (average) over two.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VULNERABILITY = {"nikt": "None", "obie": "All", "NS": "NS", "EW": "EW"}
DIRECTOR = "sędzia"
AVERAGE = "średnia"


class _Cells(HTMLParser):
    """Every ``<tr>`` as its cells' text; a suit picture becomes its letter, ``<br>`` a ``|``.
    Also the text of each ``<h4>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.headings: list[str] = []
        self._cell: list[str] | None = None
        self._h4: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._cell = []
        elif tag == "h4":
            self._h4 = []
        elif tag == "br":
            self._text("|")
        elif tag == "img":
            suit = re.search(r"/([SHDC])\.gif$", attrs.get("src") or "", re.I)
            if suit:
                self._text(suit.group(1).upper())

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None and self.rows:
            self.rows[-1].append("".join(self._cell).replace("\xa0", " ").strip())
            self._cell = None
        elif tag == "h4" and self._h4 is not None:
            self.headings.append("".join(self._h4).strip())
            self._h4 = None

    def handle_data(self, data):
        self._text(data)

    def _text(self, text: str) -> None:
        if self._cell is not None:
            self._cell.append(text)
        if self._h4 is not None:
            self._h4.append(text)


def _read(path: Path) -> _Cells:
    parser = _Cells()
    parser.feed(path.read_bytes().decode("iso-8859-2"))
    parser.close()
    return parser


@dataclass
class Line:
    """One traveller row as published: the result, and the points KoPS gave each side."""

    board: int
    ns: int
    ew: int
    result: dict
    score_ns: int | None  # the published score (None for a director's score)
    points: tuple[str, str] | None  # the published points, as printed (None: none printed)


@dataclass
class Published:
    title: str
    names: dict[int, list[str]]
    boards: dict[int, tuple[str, str]]  # board → (dealer, vulnerability)
    lines: list[Line] = field(default_factory=list)


def read(folder: Path, travellers: dict[str, str]) -> Published:
    """The KoPS pages in ``folder`` (``travellers``: board number → page, from expected.json)."""
    ranking = _read(folder / "wyn.html")
    names = {}
    for row in ranking.rows:
        if len(row) > 3 and row[1].isdigit():
            names[int(row[1])] = [n.strip() for n in row[2].split("|") if n.strip()]
    title = " ".join(p.strip() for p in ranking.headings[0].split("|") if p.strip())
    published = Published(title=title, names=names, boards={})
    for number, page in sorted(travellers.items(), key=lambda kv: int(kv[0])):
        board = int(number)
        parsed = _read(folder / page)
        dealer, vulnerability = parsed.headings[1].split("|")
        published.boards[board] = (dealer.strip(), VULNERABILITY[vulnerability.strip()])
        rows = [r for r in parsed.rows if len(r) >= 3 and r[0].isdigit() and r[1].isdigit()]
        assert rows, f"{page}: no traveller lines"
        published.lines.extend(_line(board, row, page) for row in rows)
    return published


def _line(board: int, row: list[str], page: str) -> Line:
    ns, ew = int(row[0]), int(row[1])
    if row[2] == DIRECTOR:
        if row[3] == AVERAGE:  # a sit-out's line: director, average, no points
            return Line(board, ns, ew, {"adjusted": "A50/A50"}, None, None)
        ns_pc, ew_pc = (re.fullmatch(r"(\d+)%", c).group(1) for c in row[3:5])
        return Line(board, ns, ew, {"adjusted": f"A{ns_pc}/A{ew_pc}"}, None, (row[5], row[6]))
    contract, declarer, _lead, over, score_ns, score_ew, p_ns, p_ew = row[2:10]
    contract = contract.upper().replace(" ", "")
    if contract in ("PAS", "PASS", "4X PAS"):
        result = {"contract": "PASS"}
    else:
        level = int(contract[0])
        tricks = level + 6 + (0 if over == "=" else int(over))
        result = {"contract": contract, "declarer": declarer, "tricks": tricks}
    # the score sits under NS when it is positive, under EW (with its minus) when it is not
    assert not (score_ns and score_ew), f"{page}: both scores on {row}"
    score = int(score_ns or score_ew or 0)
    return Line(board, ns, ew, result, score, (p_ns, p_ew))


def session_file(
    published: Published, expected: dict, *, drop=frozenset(), conditions: dict | None = None
) -> dict:
    """The ``duplicate-session/1`` file of a published session. Pairs in ``drop`` (a Howell's
    sit-out, which KoPS lists as a pair) are left out with their lines; ``conditions`` are
    scoring settings for the event's conditions of contest (none: the laws' defaults)."""
    pairs = sorted({p for line in published.lines for p in (line.ns, line.ew)} - set(drop))
    entries = [
        {
            "number": pair,
            "players": [{"name": n} for n in published.names.get(pair, [])],
        }
        for pair in pairs
    ]
    results = [
        {"board": line.board, "ns": line.ns, "ew": line.ew, **line.result}
        for line in published.lines
        if line.ns not in drop and line.ew not in drop
    ]
    return {
        "format": "duplicate-session/1",
        "club": {"name": expected["club"], "slug": "kops-" + expected["id"][:40]},
        "event": {
            "name": published.title,
            "game": "contract",
            "scoring_method": expected["scoring"],
            "conditions": {
                **(conditions or {}),
                "source": {"format": "KoPS2www HTML", "encoding": "ISO-8859-2"},
            },
        },
        "session": {
            "name": published.title,
            "date": expected["convert"]["iso_date"],
            "status": "final",
        },  # fmt: skip
        "boards": {
            "source": "manual",
            "list": [
                {"number": b, "dealer": d, "vulnerability": v}
                for b, (d, v) in sorted(published.boards.items())
            ],
        },
        "sections": [{"name": "A", "entries": entries, "results": results}],
    }
