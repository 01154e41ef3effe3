"""The conditions of contest (``Event.conditions``): their schema, in this one place, and the
check every way in makes before one is stored — the event form, the model's ``clean`` (the
admin), a session file, USEBIO and PBN results imports, and a club restore.

Pure Python (no Django): :func:`check` raises :class:`ConditionError` naming the path of the
first bad key (``event.conditions.tie_rule: 'sometimes' is not one of share, play_off, cut,
draw``).

What is read, and by whom (docs/console.md, docs/interchange.md, docs/schedules.md):

* prizes and protests — ``prizes_per_field`` (results sheet, prize list), ``tie_rule``,
  ``provisional_hours`` (the protest window);
* progressive games — ``progressive`` (the policy of
  :class:`tournament.movements.progressive.ProgressivePolicy`), ``tally``, ``prizes``,
  ``booby``, ``class_prizes``, ``one_prize_each``, ``rounds`` (tally cards);
* a series — ``series``: a method name or ``{"method": "best_k", "best": k}``;
* scoring — ``winners`` (1, or 2: a winner per direction) and the scoring engine's settings
  (``scoring.engine.session.DEFAULT_SETTINGS``: ``mp_scale``, ``neuberg``, ``adjusted_policy``,
  ``mp_board_decimals`` …), at the top (as an import writes them) or under ``scoring`` (as
  the event form writes them);
* ``source`` — what an imported file said about itself (format, program, encoding).

**Unknown keys at the top level are kept and ignored**: a file from another program or a later
version may carry conditions this one does not read, and they are written back unchanged on
export.  Inside ``scoring``, ``progressive`` and ``series`` — where a misspelt key would
silently change how the session is scored or run — an unknown key is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.engine.ranking import TIE_RULES
from scoring.engine.session import DEFAULT_SETTINGS
from tournament.movements import progressive as policy
from tournament.movements.base import MAX_ROUNDS

#: how a progressive game's players are ranked (docs/schedules.md)
TALLIES = ("gross", "net", "games")
#: how a series ranks its contestants (``tournament.prizes.selectors``)
SERIES_METHODS = ("net_plus", "average", "sum", "best_k")
ADJUSTED_POLICIES = ("60/40", "session_percent")
PRIZES_MAX = 50
PROVISIONAL_HOURS_MAX = 24 * 30
SOURCE_TEXT_MAX = 200


class ConditionError(ValueError):
    """A condition of contest that cannot be kept: ``path`` names it, ``message`` says why."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


Rule = Callable[[Any, str], None]


def _show(value: Any) -> str:
    return f"{value!r:.40}"


def integer(low: int, high: int) -> Rule:
    def rule(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConditionError(path, f"{_show(value)} is not a whole number")
        if not low <= value <= high:
            raise ConditionError(path, f"must be from {low} to {high}, not {_show(value)}")

    return rule


def number(low: float, high: float) -> Rule:
    def rule(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConditionError(path, f"{_show(value)} is not a number")
        if not low <= value <= high:  # NaN fails this too
            raise ConditionError(path, f"must be from {low} to {high}, not {_show(value)}")

    return rule


def boolean(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        raise ConditionError(path, f"{_show(value)} is not true or false")


def one_of(*allowed: Any) -> Rule:
    def rule(value: Any, path: str) -> None:
        if isinstance(value, bool) or not any(
            type(value) is type(a) and value == a for a in allowed
        ):
            raise ConditionError(
                path, f"{_show(value)} is not one of {', '.join(map(str, allowed))}"
            )

    return rule


def optional(inner: Rule) -> Rule:
    def rule(value: Any, path: str) -> None:
        if value is not None:
            inner(value, path)

    return rule


def record(fields: Mapping[str, Rule], *, closed: bool = True) -> Rule:
    """An object whose keys have their own rules; ``closed``: any other key is refused."""

    def rule(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise ConditionError(path, f"{_show(value)} is not an object of named settings")
        for key, item in value.items():
            where = f"{path}.{key}"
            if key in fields:
                fields[key](item, where)
            elif closed:
                raise ConditionError(where, f"unknown; expected one of {', '.join(fields)}")

    return rule


def texts(value: Any, path: str) -> None:
    """An object of short texts (``source``)."""
    if not isinstance(value, dict):
        raise ConditionError(path, f"{_show(value)} is not an object of texts")
    for key, item in value.items():
        if item is not None and not isinstance(item, str):
            raise ConditionError(f"{path}.{key}", f"{_show(item)} is not text")
        if isinstance(item, str) and len(item) > SOURCE_TEXT_MAX:
            raise ConditionError(f"{path}.{key}", f"at most {SOURCE_TEXT_MAX} characters")


#: the scoring engine's settings (``scoring.engine.session.DEFAULT_SETTINGS``)
SCORING: dict[str, Rule] = {
    "mp_scale": one_of("EBU", "ACBL"),
    "neuberg": boolean,
    "adjusted_policy": one_of(*ADJUSTED_POLICIES),
    "acbl_single_result_60": boolean,
    "butler_drop": integer(0, 10),
    "butler_round": boolean,
    "whist_revoke_form": one_of("pair", "team"),
    "whist_revoke_average_includes_offender": boolean,
    "whist_full_revoke_penalty": boolean,
    "auction_cap_excludes_loser_honours": boolean,
    "scale_missed_boards": boolean,
    "mp_board_decimals": optional(integer(0, 4)),
}
assert set(SCORING) == set(DEFAULT_SETTINGS), "every scoring setting has its rule"

#: ``tournament.movements.progressive.ProgressivePolicy``, field by field
PROGRESSIVE: dict[str, Rule] = {
    "method": one_of(*policy.METHODS),
    "direction": one_of(*policy.DIRECTIONS),
    "head_rule": one_of(*policy.HEAD_RULES),
    "tie_progress": one_of(*policy.TIE_PROGRESS),
    "tie_score": one_of(*policy.TIE_SCORE),
    "lady_gentleman_movers": one_of("winners", "lady-winner-gentleman-loser"),
    "reverse_sexes": boolean,
}


def _series(value: Any, path: str) -> None:
    if isinstance(value, str):
        one_of(*SERIES_METHODS)(value, path)
        return
    record({"method": one_of(*SERIES_METHODS), "best": integer(1, 100)})(value, path)


#: every key of ``Event.conditions`` that the program reads, and its rule
SCHEMA: dict[str, Rule] = {
    "prizes_per_field": integer(0, PRIZES_MAX),
    "tie_rule": one_of(*TIE_RULES),
    "provisional_hours": number(0, PROVISIONAL_HOURS_MAX),
    "progressive": record(PROGRESSIVE),
    "tally": one_of(*TALLIES),
    "prizes": integer(0, PRIZES_MAX),
    "booby": boolean,
    "class_prizes": boolean,
    "one_prize_each": boolean,
    "rounds": integer(1, MAX_ROUNDS),
    "series": _series,
    "winners": one_of(1, 2, "1", "2", "NS/EW"),
    "source": texts,
    "scoring": record(SCORING),
    **SCORING,
}


def check(conditions: Any, where: str = "event.conditions", keys=None) -> dict:
    """``conditions`` if every key the program reads holds a value it can use, else
    :class:`ConditionError` naming the first bad one.  ``None`` stands for no conditions.
    ``keys``: check only these (a form that writes some keys and keeps the others)."""
    if conditions is None:
        return {}
    if not isinstance(conditions, dict):
        raise ConditionError(where, f"{_show(conditions)} is not an object of conditions")
    for key, value in conditions.items():
        if not isinstance(key, str):
            raise ConditionError(where, f"key {_show(key)} is not text")
        if key in SCHEMA and (keys is None or key in keys):
            SCHEMA[key](value, f"{where}.{key}")
    return conditions


def usable(conditions: Any, where: str = "event.conditions") -> tuple[dict, list[str]]:
    """Stored conditions as the pages read them: every key that :func:`check` would refuse is
    left out (so its default applies), and what was wrong is listed for the page to show.
    A row stored before the check existed cannot break a page this way."""
    if conditions is None:
        return {}, []
    if not isinstance(conditions, dict):
        return {}, [str(ConditionError(where, f"{_show(conditions)} is not an object"))]
    kept: dict = {}
    problems: list[str] = []
    for key, value in conditions.items():
        if not isinstance(key, str):
            problems.append(str(ConditionError(where, f"key {_show(key)} is not text")))
            continue
        if key == "scoring" and isinstance(value, dict):  # keep its good settings
            good, bad = usable(value, f"{where}.scoring")
            kept[key] = {k: v for k, v in good.items() if k in SCORING}
            problems += bad + [
                str(ConditionError(f"{where}.scoring.{k}", "unknown; ignored"))
                for k in good
                if k not in SCORING
            ]
            continue
        try:
            if key in SCHEMA:
                SCHEMA[key](value, f"{where}.{key}")
        except ConditionError as exc:
            problems.append(f"{exc} (ignored: the default applies)")
            continue
        kept[key] = value
    return kept, problems


__all__ = [
    "ADJUSTED_POLICIES",
    "PRIZES_MAX",
    "PROVISIONAL_HOURS_MAX",
    "SCHEMA",
    "SCORING",
    "SERIES_METHODS",
    "TALLIES",
    "ConditionError",
    "check",
    "usable",
]
