"""The largest numbers a club's data may hold, checked where they enter (form, command, file).

Every number a TD, a player or a file gives is checked against these before it is stored or
used, so a 40-digit pair number gets a message at its field instead of an overflow in the
database (SQLite takes 64-bit integers, PostgreSQL's ``integer`` 32-bit: the bounds below
fit both, so a club's data moves between them).  The movement engine's own caps
(``MAX_TABLES`` …) are in :mod:`tournament.movements.base`.
"""

from __future__ import annotations

from boards.engine.pbn import BOARD_NUMBER_MAX as PBN_BOARD_NUMBER_MAX
from tournament.movements.base import MAX_BOARDS_PER_ROUND, MAX_ROUNDS, MAX_TABLES

#: PostgreSQL's ``integer`` (the smaller of the two databases' column types).
DB_INT_MAX = 2_147_483_647
#: PostgreSQL's ``smallint``.
DB_SMALLINT_MAX = 32_767

ENTRY_NUMBER_MAX = 9_999  # pair, team or player numbers in a section
BOARD_NUMBER_MAX = PBN_BOARD_NUMBER_MAX  # 1,000
TABLE_NUMBER_MAX = 999
ROUND_NUMBER_MAX = 999
PLAYERS_MAX = 4 * MAX_TABLES
#: a player's rating (masterpoints or the club's own): ``Player.rating``'s validator and the
#: players' CSV (``tournament.interchange.formats.csv_io``) take the same bound
RATING_MAX = 10_000_000

__all__ = [
    "BOARD_NUMBER_MAX",
    "DB_INT_MAX",
    "DB_SMALLINT_MAX",
    "ENTRY_NUMBER_MAX",
    "MAX_BOARDS_PER_ROUND",
    "MAX_ROUNDS",
    "MAX_TABLES",
    "PLAYERS_MAX",
    "RATING_MAX",
    "ROUND_NUMBER_MAX",
    "TABLE_NUMBER_MAX",
    "number",
    "section_name",
]

SECTION_NAME_MAX = 16  # Section.name's column


def section_name(text) -> str:
    """A section's name as every page needs it: 1 to 16 printable characters, no ``/`` (the
    name is a part of the public URLs, ``/session/<pk>/section/<name>/…``); surrounding spaces
    dropped.  ``ValueError`` naming the field otherwise."""
    name = str(text).strip() if text is not None else ""
    if not name:
        raise ValueError("section name: empty")
    if len(name) > SECTION_NAME_MAX:
        raise ValueError(f"section name: at most {SECTION_NAME_MAX} characters, not {len(name)}")
    if "/" in name or "\\" in name:
        raise ValueError(f"section name: {name!r} may not contain / or \\")
    if not name.isprintable():
        raise ValueError(f"section name: {name!r} holds a control character")
    return name


def number(text: str | int, what: str, high: int, low: int = 1) -> int:
    """``text`` as a whole number from ``low`` to ``high``; ``ValueError`` naming ``what``."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what}: {str(text)[:20]!r} is not a whole number") from None
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {str(value)[:20]}")
    return value
