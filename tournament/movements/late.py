"""One table more or one fewer from a given round of a pairs movement (issue 22).

The rounds before ``from_round`` are kept as they were (their results are in); only the rest
is re-planned, and no pair plays a board twice over the whole session.

**One table more (two late pairs L1, L2): an appended table.**  The standard club remedy for
pairs who arrive after the start with no vacant seat is to append them rather than change
the movement (jannersten.com, Bridge Tab "Add a pair": "append a pair"; the appendix table
of MOVEMENTS.md §2 [15]).  The new table T+1 stands beside a *host* table and shares its
boards in each remaining round: the host's N-S pair plays L2 (E-W) at the host table and
the host's E-W pair crosses to table T+1 and plays L1 (N-S).  Everyone else plays as
scheduled, so nobody's boards change; the host's pairs play the boards they were due to
play.  The host of each round is the table whose boards the late pairs have not yet had,
and, of those, whose pairs they have met least (then the lowest table counted from a
rotating start, so the appendix moves round the room).  The movement must have no sit-out:
with a phantom, one late pair takes the sit-out's seat instead.

**One table fewer (two pairs X, Y leave; Y may be the phantom).**  In each remaining round:
if X and Y were to meet, their table closes; otherwise X's opponent A and Y's opponent B
(when both are real pairs) meet at X's table on X's boards, or else at Y's table on Y's
boards, where neither of them then plays a board twice in the session (and, for a
two-winner movement, each keeps its direction).  Where that fails (in a complete movement
every pair plays every board, so it always fails there) the table with the pair that left
stays on the schedule and its boards are scored as the TD chooses (not played and
factored, or Average−/Average+, WBF Law 12C2, SCORING.md §4), as when one pair leaves.

``missed`` in the result counts, for each pair, the scheduled boards it will not play and
that no table carries any more, so the scoring factors its score over the boards played
(SCORING.md §6, "If the pair played fewer boards than it was meant to, multiply by
scheduled/played").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

from .base import MAX_TABLES, Movement, MovementError, Round, Seating
from .checks import balance, check_p1, check_p2


def _boards(movement: Movement, seating: Seating) -> set[int]:
    return set(movement.boards_for(seating))


def _real(movement: Movement, who: int | None) -> bool:
    return who is not None and who != movement.phantom


def _played_boards(movement: Movement, rounds) -> dict[int, set[int]]:
    """Each pair's boards over ``rounds``, a sit-out's boards too (should a late pair take the
    sit-out's seat, the pair would play them: the same rule as check P2)."""
    out: dict[int, set[int]] = defaultdict(set)
    for rnd in rounds:
        for st in rnd.tables:
            for who in (st.ns, st.ew):
                if _real(movement, who):
                    out[who] |= _boards(movement, st)
    return out


def _check_from(movement: Movement, from_round: int) -> None:
    if movement.individual:
        raise MovementError("a table is added or removed in a pairs movement only")
    if not 2 <= from_round <= movement.round_count:
        raise MovementError(
            f"the new plan starts in round 2 to {movement.round_count}, not {from_round}",
            field="from_round",
        )


def _host(movement, rnd, used, met, offset) -> Seating | None:
    """The table of ``rnd`` the appended table shares this round (module docstring)."""
    first, second = met
    fresh = [
        st
        for st in rnd.tables
        if _real(movement, st.ns) and _real(movement, st.ew) and st.shared_with is None
        and _boards(movement, st) and not _boards(movement, st) & used
    ]  # fmt: skip
    count = len(rnd.tables)
    return min(
        fresh,
        key=lambda st: ((st.ew in first) + (st.ns in second), (st.table - 1 - offset) % count),
        default=None,
    )


def add_table(movement: Movement, from_round: int, late: tuple[int, int]) -> Movement:
    """``movement`` with table T+1 appended from ``from_round`` for late pairs ``late``."""
    _check_from(movement, from_round)
    rest = movement.rounds[from_round - 1 :]
    if any(movement.phantom in (st.ns, st.ew) for rnd in rest for st in rnd.tables):
        raise MovementError(
            f"pair {movement.phantom} is the sit-out: one late pair takes its seat "
            "(sign it in), and a table is added for the next two",
            field="late",
        )
    if movement.tables + 1 > MAX_TABLES:
        raise MovementError(f"a section holds at most {MAX_TABLES} tables", field="late")
    one, two = late
    new_table = movement.tables + 1
    used: set[int] = set()
    met: tuple[set[int], set[int]] = (set(), set())
    rounds = [
        replace(rnd, sit_out=(*rnd.sit_out, one, two)) for rnd in movement.rounds[: from_round - 1]
    ]
    for rnd in movement.rounds[from_round - 1 :]:
        host = _host(movement, rnd, used, met, rnd.number - from_round)
        if host is None:
            raise MovementError(
                f"round {rnd.number}: every table's boards have already been played by the "
                "late pairs; re-plan from a later round or seat them in a new section",
                field="from_round",
            )
        boards = tuple(movement.boards_for(host))
        used |= set(boards)
        met[0].add(host.ew)
        met[1].add(host.ns)
        here = replace(host, ew=two, boards=boards, shared_with=new_table)
        there = Seating(table=new_table, ns=one, ew=host.ew, set=host.set, boards=boards,
                        shared_with=host.table, switched=host.switched)  # fmt: skip
        tables = tuple(here if st is host else st for st in rnd.tables) + (there,)
        rounds.append(replace(rnd, tables=tables))
    per_pair = max((len(b) for b in _played_boards(movement, rounds[: from_round - 1]).values()),
                   default=0)  # fmt: skip
    missed = dict.fromkeys(late, per_pair) if per_pair else {}
    return _finish(movement, rounds, new_table, (*movement.participants, one, two),
                   movement.phantom, missed, share=True)  # fmt: skip


def _finish(movement, rounds, tables, participants, phantom, missed, share) -> Movement:
    merged = Counter(movement.missed)
    merged.update(missed)
    new = replace(
        movement,
        tables=tables,
        rounds=tuple(rounds),
        participants=tuple(sorted(participants)),
        phantom=phantom,
        share_sets=movement.share_sets or share,
        missed={k: v for k, v in sorted(merged.items()) if v},
    )
    new.balance = balance(new)
    return new


def _at(rnd: Round, who: int) -> Seating | None:
    return next((st for st in rnd.tables if who in (st.ns, st.ew)), None)


def _other(seating: Seating | None, who: int) -> int | None:
    if seating is None:
        return None
    return seating.ew if seating.ns == who else seating.ns


def _boards_elsewhere(movement: Movement, rounds, who: int, skip: int) -> set[int]:
    return _played_boards(movement, [r for r in rounds if r.number != skip]).get(who, set())


def _reseat(movement, rounds, rnd, gone, lost) -> tuple[Seating, ...]:
    """Round ``rnd`` without the pairs of ``gone`` (module docstring); ``lost`` counts the
    boards each pair that left will not play and no table carries any more."""
    x, y = gone
    at_x, at_y = _at(rnd, x), _at(rnd, y)
    if at_x is not None and at_x is at_y:  # they were to meet: the table closes
        lost[x] += len(_boards(movement, at_x)) if _real(movement, y) else 0
        lost[y] += len(_boards(movement, at_x)) if _real(movement, y) else 0
        return tuple(st for st in rnd.tables if st is not at_x)
    a, b = _other(at_x, x), _other(at_y, y)
    if not (_real(movement, a) and _real(movement, b)):
        return rnd.tables
    for home, left, stay, comes, came_from in ((at_x, x, a, b, at_y), (at_y, y, b, a, at_x)):
        seat_ns = home.ns == left
        if movement.fields == 2 and (came_from.ns == comes) != seat_ns:
            continue  # a two-winner movement: each pair keeps its direction
        boards = _boards(movement, home)
        if not boards or boards & _boards_elsewhere(movement, rounds, comes, rnd.number):
            continue
        seated = replace(home, ns=comes if seat_ns else stay, ew=stay if seat_ns else comes)
        lost[x] += len(_boards(movement, at_x))
        lost[y] += len(_boards(movement, at_y)) if _real(movement, y) else 0
        return tuple(seated if st is home else st for st in rnd.tables if st is not came_from)
    return rnd.tables


def remove_table(movement: Movement, from_round: int, gone: tuple[int, int]) -> Movement:
    """``movement`` with pairs ``gone`` (the second may be the phantom) gone from
    ``from_round``: one table fewer wherever their opponents can meet (module docstring)."""
    _check_from(movement, from_round)
    x, y = gone
    for who in gone:
        if who not in movement.participants and who != movement.phantom:
            raise MovementError(f"pair {who} is not in this movement", field="gone")
    if x == y or x == movement.phantom:
        raise MovementError("give two different pairs, the sit-out second", field="gone")
    rounds = list(movement.rounds)
    lost: Counter[int] = Counter()
    for index in range(from_round - 1, len(rounds)):
        rnd = rounds[index]
        tables = _reseat(movement, rounds, rnd, gone, lost)
        rounds[index] = replace(rnd, tables=tables, sit_out=_sitting(movement, rnd, tables))
    if y == movement.phantom:  # nobody sits out any more (the kept rounds keep their sit-outs)
        rounds = _drop_phantom(movement, rounds, from_round)
    return _finish(movement, rounds, movement.tables, movement.participants, movement.phantom,
                   dict(lost), share=False)  # fmt: skip


def _sitting(movement: Movement, rnd: Round, tables) -> tuple[int, ...]:
    """Who of ``rnd``'s sit-outs still has no opponent at ``tables``."""
    playing = {w for st in tables if _real(movement, st.ns) and _real(movement, st.ew)
               for w in (st.ns, st.ew)}  # fmt: skip
    return tuple(p for p in rnd.sit_out if p not in playing)


def _drop_phantom(movement: Movement, rounds: list[Round], from_round: int) -> list[Round]:
    """From ``from_round`` the phantom's tables go (their pair, if any, still sits out)."""
    out = list(rounds[: from_round - 1])
    for rnd in rounds[from_round - 1 :]:
        tables = tuple(st for st in rnd.tables if movement.phantom not in (st.ns, st.ew))
        out.append(replace(rnd, tables=tables, sit_out=_sitting(movement, rnd, tables)))
    return out


def late_violations(old: Movement, new: Movement, from_round: int) -> list[str]:
    """What a re-plan must keep: the rounds before ``from_round`` unchanged, nobody seated
    twice in a round, no pair playing a board twice, and no board at two tables of a
    round unless the two tables share it (each names the other)."""
    found = []
    for before, after in zip(old.rounds[: from_round - 1], new.rounds, strict=False):
        if before.tables != after.tables:
            found.append(f"round {before.number} was changed, but its results are in")
    found += check_p1(new) + check_p2(new)
    for rnd in new.rounds[from_round - 1 :]:
        where = defaultdict(list)
        for st in rnd.tables:
            for board in new.boards_for(st):
                where[board].append(st)
        for board, tables in where.items():
            if len(tables) > 2 or (len(tables) == 2 and (
                    tables[0].shared_with != tables[1].table
                    or tables[1].shared_with != tables[0].table)):  # fmt: skip
                found.append(f"round {rnd.number}: board {board} is at "
                             f"{len(tables)} tables")  # fmt: skip
    return found
