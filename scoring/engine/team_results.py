"""A section's team result as the exports show it, from the kept standings JSON.

A whist team match keeps ``team_match`` in the section's dict (``TeamMatch.to_json()``) and
teams of four at IMPs keep ``imp_teams`` (``ImpTeams.to_json()``). The standings tables
(``scoring.tables``, and so the console's CSV), ``manage.py standings --format csv``
(``tournament.interchange.formats.csv_io``) and the printed results sheet (``tournament.printing.documents.teams``)
take their cells from here, so a team's pairs, VPs, matches and result read the same in each.
Nothing is computed again: every figure is the engine's, as kept.

Pure: no Django, no models.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "KINDS",
    "TOTAL",
    "heading",
    "matches_text",
    "number",
    "pair_text",
    "pairs_text",
    "team_kind",
    "vp_text",
    "winner_text",
]

#: the section keys of a team result: the whist team match, teams of four at IMPs.
KINDS = ("team_match", "imp_teams")
#: what each kind adds up: a pair's (and a team's) tricks, or its IMPs.
TOTAL = {"team_match": "tricks", "imp_teams": "imps"}
_SIDE = {"NS": "N-S", "EW": "E-W"}


def number(value: float | int | None) -> str:
    """``56``, ``-6``, ``312.5``; ``""`` for none."""
    return "" if value is None else f"{value:g}"


def pair_text(pair: dict[str, Any], key: str = "tricks") -> str:
    """``1 N-S Ada & Charles: 28``: entry, direction, names, and its tricks or IMPs."""
    name = f" {pair['name']}" if pair.get("name") else ""
    return f"{pair['entry']} {_SIDE.get(pair['direction'], pair['direction'])}{name}: {pair[key]:g}"


def pairs_text(pairs: Iterable[dict[str, Any]], key: str = "tricks") -> str:
    return "; ".join(pair_text(p, key) for p in pairs)


def vp_text(vp: float | None) -> str:
    """Victory points to two places (``13.28``); ``""`` before a match is compared."""
    return "" if vp is None else f"{vp:.2f}"


def matches_text(matches: Iterable[dict[str, Any]]) -> str:
    """``v 2: 8 IMPs over 2, 15.50 VPs; v 3: …``: a team's matches (IMPs)."""
    return "; ".join(
        f"v {m['opponent']}: {m['imps']:g} IMPs over {m['boards']}, {m['vp']:.2f} VPs"
        for m in matches
    )


def winner_text(winner: bool) -> str:
    return "Winner" if winner else ""


def team_kind(section: dict[str, Any]) -> str | None:
    """``"team_match"``, ``"imp_teams"`` or None (a pairs-only section)."""
    return next((kind for kind in KINDS if section.get(kind)), None)


def heading(section: dict[str, Any]) -> str:
    """``Team match (104 tricks in all, half 52)``, ``Teams (IMPs)``; ``""`` for pairs only."""
    kind = team_kind(section)
    if kind == "imp_teams":
        return "Teams (IMPs)"
    if kind is None:
        return ""
    match = section["team_match"]
    if match["rule"] == "two_teams":
        rule = f"{match['total']:g} tricks in all, half {match['half']:g}"
    else:
        rule = f"average of the teams {match['average']:g}"
    return f"Team match ({rule})"
