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
  ``booby``, ``class_prizes``, ``one_prize_each``, ``rounds`` (tally cards); a large
  euchre's ``large_room`` (``rows``, ``head_prizes``, ``row_prizes``), ``lone_hands``
  (recorded, with a prize for the most) and ``game_points`` (5);
* twin sections — ``twin_scoring`` (each board scored across two sections sharing one copy
  of the boards, ``scoring.engine.twins``);
  ``five_hundred_hands`` (3, 4, 5 or 6: the game is Progressive Five Hundred at tables of
  that many hands, ``tournament.movements.five_hundred``);
* social games (pivot, Baker, Safford, the social pivot, the pivot-pair round robin) —
  ``social_scoring`` ("book": each side's points won, the book's totals; "duplicate": a
  duplicate individual on the boards), ``pivot_prizes`` ("every_table" or "table_winners"
  [002 L2780–2784]) and ``prizes`` (``tournament.social``);
* a series — ``series``: a method name or ``{"method": "best_k", "best": k}``;
* an event of several sessions — ``combined``: ``method`` (``scoring.engine.combined``),
  ``factor`` of the carry-over, the ``final`` session's name, how many ``qualify`` for it
  (and for a ``b_final``), and whether the prize list follows the combined ranking
  (``prizes``);
* results — ``differing_entries``: ``"director"`` (a second, different entry of a table's
  result is a conflict the director settles) or ``"ew"`` (E-W's entry is taken as correct
  [000 L731]; ``scoring.results.services``);
* scoring — ``winners`` (1, or 2: a winner per direction) and the scoring engine's settings
  (``scoring.engine.session.DEFAULT_SETTINGS``: ``mp_scale``, ``neuberg``, ``adjusted_policy``,
  ``mp_board_decimals`` …), at the top (as an import writes them) or under ``scoring`` (as
  the event form writes them);
* stratified pairs — ``strata`` ("A; B < 1000; C < 500": a pair is ranked in every stratum
  its rating is under) and ``strata_by`` ("higher", the ACBL's rule, or "average" of the
  two players' ratings) (``scoring.engine.strata``);
* a Swiss — ``swiss`` (``tournament.swiss``): ``vp_scale`` ("wbf" or "discrete20"),
  ``bye_vp`` (the VPs of a bye), ``boards_per_match``, ``rounds``, ``first_round``
  ("seeded" or "random"), ``tie_break`` ("imp_difference" or "none");
* ``source`` — what an imported file said about itself (format, program, encoding).

**Unknown keys at the top level are kept and ignored**: a file from another program or a later
version may carry conditions this one does not read, and they are written back unchanged on
export.  Inside ``scoring``, ``progressive``, ``large_room``, ``series`` and ``combined`` — where a misspelt key would
silently change how the session is scored or run — an unknown key is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.engine import combined, strata
from scoring.engine.contract import ScoringError
from scoring.engine.ranking import TIE_RULES
from scoring.engine.session import DEFAULT_SETTINGS
from scoring.engine.vp import MAX_BOARDS as VP_MAX_BOARDS
from scoring.engine.vp import SCALES as VP_SCALES
from tournament.limits import TABLE_NUMBER_MAX
from tournament.movements import five_hundred, social
from tournament.movements import progressive as policy
from tournament.movements.base import MAX_ROUNDS

#: how a progressive game's players are ranked (docs/schedules.md)
TALLIES = ("gross", "net", "games")
#: how a series ranks its contestants (``tournament.prizes.selectors``)
SERIES_METHODS = ("net_plus", "average", "sum", "best_k")
ADJUSTED_POLICIES = ("60/40", "session_percent")
#: two different entries of one table's result: the director decides, or "each side keeps its
#: own score ... the east and west scores are taken as correct" [000 L731]
DIFFERING_ENTRIES = ("director", "ew")
PRIZES_MAX = 50
#: the most pairs a qualifying stage sends to a final section
QUALIFY_MAX = 500
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


#: a large euchre's room [002 L6536–6835] (``tournament.progressive.selectors.large_room``)
LARGE_ROOM: dict[str, Rule] = {
    "rows": integer(1, TABLE_NUMBER_MAX),  # no more rows than tables: checked when seated
    "head_prizes": integer(0, PRIZES_MAX),
    "row_prizes": integer(0, PRIZES_MAX),
}

#: points to a game of euchre: "5, 7 or 10 points, as agreed" [002 L5949]
GAME_POINTS_MAX = 10


#: a Swiss event (``tournament.swiss.selectors.SWISS_DEFAULTS`` for what is left out)
SWISS: dict[str, Rule] = {
    "vp_scale": one_of(*VP_SCALES),
    "bye_vp": number(0, 20),
    "boards_per_match": integer(1, VP_MAX_BOARDS),
    "rounds": integer(1, MAX_ROUNDS),
    "first_round": one_of("seeded", "random"),
    "tie_break": one_of("imp_difference", "none"),
}


def _series(value: Any, path: str) -> None:
    if isinstance(value, str):
        one_of(*SERIES_METHODS)(value, path)
        return
    record({"method": one_of(*SERIES_METHODS), "best": integer(1, 100)})(value, path)


def _factor(value: Any, path: str) -> None:
    """A carry-over factor: "1/2", "0.5", "50%" or a number from 0 to 1."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ConditionError(path, f"{_show(value)} is not a fraction such as 1/2 or 50%")
    if isinstance(value, str) and len(value) > 20:
        raise ConditionError(path, "at most 20 characters")
    try:
        combined.parse_factor(value)
    except ValueError as exc:
        raise ConditionError(path, getattr(exc, "message", str(exc))) from None


def _session_name(value: Any, path: str) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > 160:
        raise ConditionError(path, f"{_show(value)} is not a session's name")


#: an event of several sessions (``tournament.prizes.combined``, docs/scoring.md)
COMBINED: dict[str, Rule] = {
    "method": one_of(*combined.METHODS),
    "factor": _factor,
    "final": optional(_session_name),
    "qualify": optional(integer(1, QUALIFY_MAX)),
    "b_final": optional(integer(1, QUALIFY_MAX)),
    "prizes": boolean,
}


def _strata(value: Any, path: str) -> None:
    """Stratified pairs: "A; B < 1000; C < 500" (``scoring.engine.strata``)."""
    if not isinstance(value, str):
        raise ConditionError(path, f"{_show(value)} is not text such as 'A; B < 1000; C < 500'")
    try:
        strata.parse_strata(value)
    except ScoringError as exc:
        raise ConditionError(path, exc.message) from None


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
    "large_room": record(LARGE_ROOM),
    "lone_hands": boolean,
    "twin_scoring": boolean,
    "game_points": integer(1, GAME_POINTS_MAX),
    "rounds": integer(1, MAX_ROUNDS),
    "five_hundred_hands": one_of(*five_hundred.HANDS),
    "social_scoring": one_of(*social.SCORING_MODES),
    "pivot_prizes": one_of(*social.PIVOT_PRIZE_MODES),
    "series": _series,
    "combined": record(COMBINED),
    "winners": one_of(1, 2, "1", "2", "NS/EW"),
    "differing_entries": one_of(*DIFFERING_ENTRIES),
    "strata": _strata,
    "strata_by": one_of(*strata.BY),
    "source": texts,
    "swiss": record(SWISS),
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
    "SWISS",
    "TALLIES",
    "ConditionError",
    "check",
    "usable",
]
