"""The one error type of the interchange package: what is wrong, and where."""

from __future__ import annotations


class InterchangeError(ValueError):
    """A file that cannot be read or written.

    ``where`` is a JSON path (``sections[0].results[12].contract``) or a line reference
    (``line 14``); the message reads ``where: what``.
    """

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


def json_path(parts) -> str:
    """``["sections", 0, "results", 12]`` → ``sections[0].results[12]``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "$"
