"""What every text entering through a file must be, whatever the format: no NUL character
(PostgreSQL refuses one in text and JSON; SQLite would keep it, so a SQLite backup would not
restore on PostgreSQL) and JSON nested no deeper than ``MAX_DEPTH`` (deeper files are not
club data, and Python's recursion would give out before the database does)."""

from __future__ import annotations

from typing import Any

from tournament.interchange.formats.errors import InterchangeError, json_path

#: the deepest JSON a file may hold (a session file needs about 8 levels)
MAX_DEPTH = 32
NUL = "\x00"
NUL_MESSAGE = "contains a NUL character (\\x00), which no text may hold; is the file damaged?"


def check_json(data: Any, prefix: tuple = ()) -> None:
    """Raise InterchangeError at the JSON path of the first NUL in a key or a string, or of
    the first value nested deeper than MAX_DEPTH.  Iterative, so any depth is safe."""
    stack = [(data, list(prefix))]
    while stack:
        value, path = stack.pop()
        if len(path) - len(prefix) > MAX_DEPTH:
            raise InterchangeError(
                json_path(path), f"nested deeper than {MAX_DEPTH} levels; is the file damaged?"
            )
        if isinstance(value, str):
            if NUL in value:
                raise InterchangeError(json_path(path), NUL_MESSAGE)
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if isinstance(key, str) and NUL in key:
                    raise InterchangeError(json_path(path), f"a key {NUL_MESSAGE}")
                stack.append((item, [*path, key]))
        elif isinstance(value, list):
            for i in reversed(range(len(value))):
                stack.append((value[i], [*path, i]))


def check_line(text: str, where: str) -> None:
    """A line-based file's text (CSV, PBN): no NUL."""
    if NUL in text:
        raise InterchangeError(where, NUL_MESSAGE)
