"""Read a movement schedule file: the JSON schedule format of the published movements.

The format is the one of ``../shared/testdata/movements/*.json`` (schema
``movement-reference/1``, described in ``../shared/testdata/README.md`` and MOVEMENTS.md):
``family``, ``kind`` (``pairs`` or ``individual``), ``tables``, ``participants``,
``expected`` (what the movement promises about meetings and shared sets) and ``rounds_data``,
a list of rounds, each a list of tables with ``ns``/``ew`` (pairs) or ``n``/``s``/``e``/``w``
(individual) and either a board ``set`` or an explicit list of ``boards``.

:func:`read_schedule` turns the text into a :class:`Movement` and runs the same movement
checker as the built-in movements (MOVEMENTS.md §4); every problem names the line (JSON
syntax) or the round, table and field it is in.  Pure: no Django.
"""

from __future__ import annotations

import json
from typing import Any

from tournament.movements.base import Movement, MovementError, Round, Seating
from tournament.movements.checks import balance, violations
from tournament.movements.individual_checks import check_individual

# the published families → this project's movement kinds
FAMILIES = {
    "mitchell": "mitchell",
    "relay_bye_mitchell": "relay-bye",
    "arrow_switch_mitchell": "arrow-switch",
    "howell": "howell",
    "three_quarter_howell": "three-quarter-howell",
    "individual": "individual",
}
# ``expected.meet`` → the checker's meeting promise
MEET = {
    "all_exactly_once": "exactly_once",
    "all_at_most_once": "at_most_once",
    "all_exactly_twice": "twice",
    "ns_vs_ew_at_most_once": "cross_lines_at_most_once",
}
PAIR_SEATS = ("ns", "ew")
PLAYER_SEATS = ("n", "s", "e", "w")


def _fail(message: str, where: str = "") -> MovementError:
    return MovementError(f"{where}: {message}" if where else message, field="schedule")


def _int(value: Any, where: str, *, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _fail(f"must be a whole number from 1 up, not {json.dumps(value)}", where)
    return value


def read_schedule(text: str | bytes, boards_per_round: int | None = None) -> Movement:
    """The checked movement of one schedule file; :class:`MovementError` names what is wrong.

    ``boards_per_round`` (default 2) turns board set *s* into boards (s-1)·b+1 … s·b; a
    table that lists its ``boards`` keeps exactly those.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _fail("the file is not UTF-8 text (a JSON movement schedule)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(
            f"not valid JSON ({exc.msg})", f"line {exc.lineno}, column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise _fail("the file must hold one JSON object (a movement schedule)")
    for key in ("family", "kind", "tables", "participants", "rounds_data"):
        if key not in data:
            raise _fail(f"the field {key!r} is missing")
    family = data["family"]
    if family not in FAMILIES:
        raise _fail(f"unknown family {family!r}; one of {', '.join(FAMILIES)}", "family")
    individual = data["kind"] == "individual"
    if data["kind"] not in ("pairs", "individual"):
        raise _fail(f"must be 'pairs' or 'individual', not {data['kind']!r}", "kind")
    tables = _int(data["tables"], "tables")
    participants = data["participants"]
    if not isinstance(participants, list) or not participants:
        raise _fail("must be a list of the pair (or player) numbers", "participants")
    participants = tuple(_int(p, f"participants[{i}]") for i, p in enumerate(participants))
    if len(set(participants)) != len(participants):
        raise _fail("a number is listed twice", "participants")
    expected = data.get("expected") or {}
    if not isinstance(expected, dict):
        raise _fail("must be an object", "expected")
    meet = "exactly_once"
    if not individual:
        meet = MEET.get(expected.get("meet", "all_exactly_once"))
        if meet is None:
            raise _fail(f"unknown meeting rule; one of {', '.join(MEET)}", "expected.meet")
    b = 2 if boards_per_round is None else _int(boards_per_round, "boards per round")
    rounds = _rounds(data["rounds_data"], tables, individual)
    movement = Movement(
        kind=FAMILIES[family],
        tables=tables,
        boards_per_round=b,
        rounds=rounds,
        participants=participants,
        fields=2 if expected.get("two_field") else 1,
        individual=individual,
        share_sets=bool(expected.get("share_sets", individual)),
        meet=meet,
        announcement=str(data.get("title") or ""),
        notes=(f"Imported schedule {data.get('id') or ''}".strip(),),
    )
    found = violations(movement)
    if individual:
        oppose = {"exactly_once": 1, "exactly_twice": 2}.get(expected.get("oppose"))
        found += check_individual(movement, partner=1, oppose=oppose)
    if found:
        raise _fail("the schedule fails the movement checker:\n  " + "\n  ".join(found[:10]))
    movement.balance = None if individual else balance(movement)
    return movement


def _rounds(rounds_data: Any, tables: int, individual: bool) -> tuple[Round, ...]:
    if not isinstance(rounds_data, list) or not rounds_data:
        raise _fail("must be a non-empty list of rounds", "rounds_data")
    seats = PLAYER_SEATS if individual else PAIR_SEATS
    rounds = []
    for i, rnd in enumerate(rounds_data, start=1):
        where = f"round {i}"
        if not isinstance(rnd, dict) or not isinstance(rnd.get("tables"), list):
            raise _fail("must be an object with a list of 'tables'", where)
        if rnd.get("round", i) != i:
            raise _fail(f"is numbered {rnd.get('round')!r}; rounds run 1, 2, 3 … in order", where)
        seatings = []
        for j, t in enumerate(rnd["tables"], start=1):
            at = f"{where}, table entry {j}"
            if not isinstance(t, dict):
                raise _fail("must be an object", at)
            number = _int(t.get("table"), f"{at}, field 'table'")
            if number > tables:
                raise _fail(f"table {number} is beyond the {tables} tables", f"{at}, field 'table'")
            at = f"{where}, table {number}"
            who = {s: _int(t.get(s), f"{at}, field {s!r}") for s in seats}
            boards = t.get("boards") or ()
            if not isinstance(boards, list | tuple):
                raise _fail("must be a list of board numbers", f"{at}, field 'boards'")
            boards = tuple(_int(x, f"{at}, field 'boards'") for x in boards)
            board_set = _int(t.get("set"), f"{at}, field 'set'", allow_none=True)
            if board_set is None and not boards:
                raise _fail("gives neither a board 'set' nor 'boards'", at)
            seatings.append(Seating(table=number, set=board_set, boards=boards, **who))
        numbers = [s.table for s in seatings]
        if len(set(numbers)) != len(numbers):
            raise _fail("lists one table twice", where)
        rounds.append(Round(i, tuple(seatings)))
    return tuple(rounds)
