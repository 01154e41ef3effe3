"""How numbers are written on every page, table and sheet (issue 18): percentages always
with 2 decimals ("50.50"); match points, totals and scores with the decimals the column
needs — whole numbers when every value in it is whole, otherwise 2 decimals for all of
them ("136.00" next to "136.60", never "136" next to "136.60")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _float(value: Any) -> float | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def places(values: Iterable[Any]) -> int:
    """2 when any value of a column has a fraction, else 0."""
    for value in values:
        number = _float(value)
        if number is not None and not number.is_integer():
            return 2
    return 0


def points_text(value: Any, decimals: int = 2, empty: str = "") -> str:
    """A score or total with the column's ``decimals``; text that is not a number is kept."""
    number = _float(value)
    if number is None:
        return empty if value is None or value == "" else str(value)
    return f"{number:.{decimals}f}"


def signed_text(value: Any, decimals: int = 0, empty: str = "") -> str:
    """A difference from an average with its sign: "+226", "−51", "0" [002 L3017–3023]."""
    number = _float(value)
    if number is None:
        return empty if value is None or value == "" else str(value)
    text = f"{abs(number):.{decimals}f}"
    if float(text) == 0:
        return text
    return ("+" if number > 0 else "−") + text


def percent_text(value: Any, empty: str = "—") -> str:
    """A percentage, always 2 decimals."""
    number = _float(value)
    if number is None:
        return empty if value is None or value == "" else str(value)
    return f"{number:.2f}"
