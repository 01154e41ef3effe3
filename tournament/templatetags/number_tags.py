"""Numbers as every page writes them (``scoring.engine.numbers``): ``{{ x|percent }}`` with
2 decimals, ``{{ x|points:places }}`` with a column's decimals, and
``{{ rows|column_places:"score" }}`` the decimals a column needs."""

from __future__ import annotations

from django import template

from scoring.engine import numbers

register = template.Library()


@register.filter
def percent(value, empty="—"):
    return numbers.percent_text(value, empty)


@register.filter
def points(value, decimals=2):
    return numbers.points_text(value, int(decimals))


@register.filter
def signed(value, decimals=0):
    """A difference from an average: "+226", "−51" [002 L3017–3023]."""
    return numbers.signed_text(value, int(decimals))


@register.filter
def column_places(rows, keys="score"):
    """The decimals column ``keys`` (comma-separated: several keys share one format) needs."""
    names = str(keys).split(",")
    return numbers.places(row.get(name) for row in rows or [] for name in names)
