"""Mnemonic ("memory", "up and back") duplicate [002 L4335–4378] (LAWS.md §4.4, MV-C-8).

"Each player plays each deal twice, the second time playing a hand previously played by an
adversary" [002 L4339–4341].  At one table the two pairs play the deals, then replay them
with the North and South hands given to the East and West players and vice versa; for more
tables "any of the Duplicate Whist schedules" is played "through twice — the second time with
the North and South hands given to the East and West players, and vice versa"
[002 L4364–4369] — which is the schedule again with every table's pairs changing directions.

The replay is scored against the first play: each deal has the N-S score of its first play
and of its replay, and each pair's result is its score compared with the other pair's on the
same cards ("only the North and South score need be kept, as the comparison can be made quite
as readily" [002 L4374–4378]) — the ordinary duplicate comparison of the session's method on
the two (or more) results of each board.  The book warns that with eight or more players the
memory of the first play spoils the replay [002 L4350–4359]; the announcement says so.
"""

from __future__ import annotations

from .base import Movement, MovementError, Round, Seating
from .checks import balance


def _replayed(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    """The rounds again after the last, every table's pairs in the other directions."""
    offset = len(rounds)
    again = []
    for rnd in rounds:
        tables = tuple(
            Seating(
                table=st.table,
                ns=st.ew,
                ew=st.ns,
                set=st.set,
                boards=st.boards,
                shared_with=st.shared_with,
            )  # fmt: skip
            for st in rnd.tables
        )
        again.append(Round(number=rnd.number + offset, tables=tables, idle_sets=rnd.idle_sets,
                           sit_out=rnd.sit_out))  # fmt: skip
    return rounds + tuple(again)


def mnemonic(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    base: str | None = None,
) -> Movement:
    """One table: the deals played, then replayed with the hands exchanged.  More tables:
    the ``base`` schedule (a Howell unless another is named: "Where the Howell pair system of
    movement is used, the scores do not require 'equating'" [002 L4374–4376]) played twice."""
    from tournament.movements import BUILDERS

    if tables == 1:
        if rounds not in (None, 1):
            raise MovementError("a one-table mnemonic plays its deals once, then the replay")
        first = (Round(number=1, tables=(Seating(table=1, ns=1, ew=2, set=1),)),)
        movement = Movement(kind="mnemonic", tables=1, boards_per_round=boards_per_round,
                            rounds=_replayed(first), participants=(1, 2),
                            meet="mnemonic")  # fmt: skip
    else:
        base = base or "howell"
        if base == "mnemonic" or base not in BUILDERS:
            raise MovementError(f"a mnemonic plays a duplicate schedule twice; not {base!r}")
        schedule = BUILDERS[base](tables, rounds=rounds, boards_per_round=boards_per_round,
                                  pairs=pairs)  # fmt: skip
        movement = Movement(
            kind="mnemonic", tables=schedule.tables, boards_per_round=boards_per_round,
            rounds=_replayed(schedule.rounds), participants=schedule.participants,
            fields=1, board_sets=schedule.board_sets,  # the replay joins the two lines
            share_sets=schedule.share_sets, phantom=schedule.phantom, meet="mnemonic",
        )  # fmt: skip
    movement.announcement = (
        "Play the deals, then replay them with the N-S hands given to E-W and vice versa."
        + ("" if tables == 1 else " With eight or more players the book calls this "
           "'extremely undesirable': memory enters the replay [002 L4350–4359].")
    )  # fmt: skip
    movement.notes = ("each pair plays every deal twice, once in each direction",)
    movement.balance = balance(movement) if tables > 1 else None
    return movement
