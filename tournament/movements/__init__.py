"""The pure movement engine: one entry point, :func:`build`, for every family.

``build(kind, tables=…, pairs=…, rounds=…, boards_per_round=…, **options)`` returns a
:class:`Movement` that has passed every invariant of MOVEMENTS.md §4 (``checks.check``)
and carries its balance figures (§5).  Adding a family is one line in ``BUILDERS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournament.movements import (
    appendix,
    endless,
    howell,
    hybrid,
    individual,
    mitchell,
    mnemonic,
    pivot,
    progressive,
    rover,
    teams,
    web,
)

from .base import Movement, MovementError, Round, Seating, check_size
from .checks import balance, check, check_p1, check_p2, check_p5, check_p6, check_p7
from .individual_checks import check_individual

__all__ = ["BUILDERS", "Movement", "MovementError", "Round", "Seating", "build", "kinds"]

BUILDERS: dict[str, Callable[..., Movement]] = {
    "mitchell": mitchell.mitchell,
    "skip-mitchell": mitchell.skip_mitchell,
    "relay-bye": mitchell.relay_bye,
    "arrow-switch": mitchell.arrow_switch,
    "hesitation-mitchell": mitchell.hesitation_mitchell,
    "appendix-mitchell": appendix.appendix_mitchell,
    "rover-mitchell": rover.rover_mitchell,
    "endless-howell": endless.endless_howell,
    "web-mitchell": web.web_mitchell,
    "howell": howell.howell,
    "three-quarter-howell": howell.three_quarter_howell,
    "howell-mitchell": hybrid.howell_mitchell,
    "team": teams.team,
    "club-match": teams.club_match,
    "mnemonic": mnemonic.mnemonic,
}

#: Social games built from the number of players (or tables); seating invariants and I1–I8.
INDIVIDUAL_BUILDERS: dict[str, Callable[..., Movement]] = {
    "individual": lambda players, tables, boards_per_round, rounds=None: (
        individual.build_individual(_players(players, tables), boards_per_round, rounds)
    ),
    "rainbow": lambda players, tables, boards_per_round: individual.build_rainbow(
        tables or _players(players, None) // 4, boards_per_round or 2
    ),
    "pivot": lambda players, tables, boards_per_round: pivot.build_pivot(players or 4),
    "safford": lambda players, tables, boards_per_round: pivot.build_safford(),
    "baker": lambda players, tables, boards_per_round: pivot.build_baker(),
    # PR-6: deals are not overplayed, so only the seating invariants apply
    "pivot-pair": lambda players, tables, boards_per_round: progressive.build_pivot_pair(
        tables or _players(players, None) // 4, boards_per_round or 1
    ),
}


def kinds() -> list[str]:
    return sorted(BUILDERS) + sorted(INDIVIDUAL_BUILDERS)


def _players(players: int | None, tables: int | None) -> int:
    if players is None and tables is None:
        raise MovementError("give the number of players (or tables) for an individual game")
    return players if players is not None else 4 * tables


#: The individual games whose number of rounds can be chosen (the others have a fixed
#: schedule): the whist-tournament schedule, where the book lets 12 players stop early.
ROUNDS_CHOSEN = ("individual",)


def build_individual_kind(
    kind: str,
    players: int | None,
    tables: int | None,
    boards_per_round: int | None,
    rounds: int | None = None,
) -> Movement:
    """Build and check a game where partners change (individual, rainbow, pivot, …)."""
    check_size(tables=tables, boards_per_round=boards_per_round)
    if players is not None:
        check_size(tables=players // 4)
    if rounds is not None and kind not in ROUNDS_CHOSEN:
        raise MovementError(
            f"the {kind} schedule has a fixed number of rounds: leave the rounds out",
            field="rounds",
        )
    if rounds is not None:
        check_size(rounds=rounds)
        movement = INDIVIDUAL_BUILDERS[kind](players, tables, boards_per_round, rounds=rounds)
    else:
        movement = INDIVIDUAL_BUILDERS[kind](players, tables, boards_per_round)
    problems = [p for f in (check_p1, check_p2, check_p5, check_p6, check_p7) for p in f(movement)]
    if kind in ("individual",):
        problems += check_individual(movement)
    if problems:
        raise MovementError("; ".join(problems[:5]))
    return movement


def build(
    kind: str,
    tables: int | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    **options: Any,
) -> Movement:
    """Build, check and balance a movement; bad input raises :class:`MovementError`."""
    if kind == "pivot-pair" and tables is None and pairs is not None:
        tables = _pivot_pair_tables(pairs)
    if kind in INDIVIDUAL_BUILDERS:
        _no_other_options(kind, {k: v for k, v in options.items() if k != "players"}, ())
        return build_individual_kind(kind, options.get("players"), tables, boards_per_round, rounds)
    if kind not in BUILDERS:
        raise MovementError(f"unknown movement {kind!r}; choose one of {', '.join(kinds())}")
    _no_other_options(kind, options, _option_names(BUILDERS[kind]))
    check_size(tables, rounds, boards_per_round)
    tables = rover.base_tables(tables, pairs) if kind == rover.KIND else _tables(tables, pairs)
    if boards_per_round is None:
        boards_per_round = 2
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    if rounds is not None and rounds < 1:
        raise MovementError(f"rounds must be at least 1, not {rounds}")
    movement = BUILDERS[kind](
        tables, rounds=rounds, boards_per_round=boards_per_round, pairs=pairs, **options
    )
    check(movement)
    if not movement.individual and movement.balance is None:
        movement.balance = balance(movement)
    return movement


#: Options in words, for the refusal of one a movement does not take.
OPTION_NAMES = {"revenge": "the 1926 form (all rounds, one pair met twice)",
                "players": "a number of players"}  # fmt: skip


def _option_names(builder: Callable[..., Movement]) -> tuple[str, ...]:
    import inspect

    skip = {"tables", "rounds", "boards_per_round", "pairs"}
    return tuple(n for n in inspect.signature(builder).parameters if n not in skip)


def _no_other_options(kind: str, options: dict[str, Any], accepted: tuple[str, ...]) -> None:
    """Refuse an option the movement does not take (``revenge`` is the skip Mitchell's)."""
    for name, value in options.items():
        if name not in accepted and value not in (None, False):
            what = OPTION_NAMES.get(name, name.replace("_", " "))
            where = (
                " (a skip Mitchell's, for an even number of tables)" if name == "revenge" else ""
            )
            raise MovementError(f"{what} does not apply to a {kind} movement{where}", field=name)


def _pivot_pair_tables(pairs: int) -> int:
    """PR-6 seats two pairs a table, one of them the pivot pair [002 L6449–6459]."""
    if pairs < 4 or pairs % 2:
        raise MovementError(
            f"the pivot-pair round robin needs an even number of pairs, at least 4, not {pairs}"
        )
    return pairs // 2


def _tables(tables: int | None, pairs: int | None) -> int:
    if tables is None and pairs is None:
        raise MovementError("give the number of tables or the number of pairs")
    if pairs is not None:
        check_size(tables=(pairs + 1) // 2)
        needed = mitchell.tables_for(pairs)
        if tables is not None and tables != needed:
            raise MovementError(f"{pairs} pairs need {needed} tables, not {tables}")
        return needed
    if tables < 1:
        raise MovementError(f"a movement needs at least one table, not {tables}")
    return tables
