"""Where everyone and everything goes next, read off any movement (pure, no Django).

"Next" is found by looking up each pair's (or player's) seat and each board set in the next
round of the movement itself, so it holds for every family: Mitchell with skip or relay,
Howell, individuals, arrow switches.  MOVEMENTS.md §9 lists what a TD expects on the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.movements.base import Movement, Round, Seating

PAIR_SEATS = (("ns", "N-S"), ("ew", "E-W"))
PLAYER_SEATS = (("n", "North"), ("s", "South"), ("e", "East"), ("w", "West"))


@dataclass(frozen=True)
class Place:
    table: int
    seat: str  # "N-S"/"E-W" for pairs, "North"… for players


def seats(movement: Movement) -> tuple[tuple[str, str], ...]:
    return PLAYER_SEATS if movement.individual else PAIR_SEATS


@dataclass
class Index:
    """Every lookup the cards make, built once per movement: where each participant sits in
    each round, which tables play each board set in each round, and who moves."""

    places: dict[tuple[int, int], Place] = field(default_factory=dict)
    board_tables: dict[tuple[int, object], list[int]] = field(default_factory=dict)
    movers: list[int] = field(default_factory=list)


_INDEXES: dict[int, tuple[Movement, tuple, Index]] = {}


def index(movement: Movement) -> Index:
    """The movement's :class:`Index`, cached while the movement (and its rounds) is the same."""
    hit = _INDEXES.get(id(movement))
    if hit is not None and hit[0] is movement and hit[1] is movement.rounds:
        return hit[2]
    built = build_index(movement)
    if len(_INDEXES) >= 16:
        _INDEXES.clear()
    _INDEXES[id(movement)] = (movement, movement.rounds, built)
    return built


def build_index(movement: Movement) -> Index:
    idx = Index()
    for rnd in movement.rounds:
        for st in rnd.tables:
            for attr, label in seats(movement):
                who = getattr(st, attr)
                if who is not None:
                    idx.places.setdefault((rnd.number, who), Place(st.table, label))
            key = (rnd.number, board_key(movement, st))
            idx.board_tables.setdefault(key, []).append(st.table)
    for who in movement.participants:
        places = {idx.places.get((rnd.number, who)) for rnd in movement.rounds}
        if len(places) > 1:  # a move, or a round sitting out (a rover's displaced pair)
            idx.movers.append(who)
    return idx


def place_of(movement: Movement, rnd: Round, who: int) -> Place | None:
    return index(movement).places.get((rnd.number, who))


def board_key(movement: Movement, st: Seating) -> object:
    return st.set if st.set is not None else movement.boards_for(st)


def next_round(movement: Movement, rnd: Round) -> Round | None:
    return movement.round(rnd.number + 1) if rnd.number < movement.round_count else None


def person_next(movement: Movement, rnd: Round, st: Seating, who: int | None, label: str) -> str:
    """ "E-W to table 4", "N-S stay", "N-S to table 3 (sit E-W)", "end" for the last round."""
    if who is None or who == movement.phantom:
        return ""
    nxt = next_round(movement, rnd)
    if nxt is None:
        return f"{label} end"
    place = place_of(movement, nxt, who)
    if place is None:
        return f"{label} sit out"
    here = Place(st.table, label)
    if place == here:
        return f"{label} stay"
    if place.table == st.table:
        return f"{label} stay, sit {place.seat}"
    sit = "" if place.seat == label else f" (sit {place.seat})"
    return f"{label} to table {place.table}{sit}"


def relay_name(movement: Movement) -> str:
    return "the bye stand" if movement.kind == "relay-bye" else "a relay"


def boards_next(movement: Movement, rnd: Round, st: Seating) -> str:
    """ "boards to table 2", "boards to tables 1 and 6", "boards to the bye stand"."""
    nxt = next_round(movement, rnd)
    if nxt is None:
        return "boards in"
    tables = index(movement).board_tables.get((nxt.number, board_key(movement, st)), [])
    copy = movement.copy_of(st.table)  # a copy of the boards stays in its own circuit
    tables = [t for t in tables if movement.copy_of(t) == copy]
    if not tables:
        return f"boards to {relay_name(movement)}"
    if tables == [st.table]:
        return "boards stay"
    if len(tables) == 1:
        return f"boards to table {tables[0]}"
    return "boards to tables " + " and ".join(map(str, tables))


def marks(movement: Movement, rnd: Round, st: Seating) -> list[str]:
    """Copy, skip, arrow switch, share and sit-out marks for one table in one round."""
    out = [f"copy {movement.copy_of(st.table)}"] if movement.circuits else []
    if st.shared_with:
        out.append(f"share with table {st.shared_with}")
    if st.switched:
        out.append("arrow switch")
    if movement.phantom is not None and movement.phantom in st.seated:
        out.append("sit-out")
    home = None if movement.individual else _home(movement, st.table)
    if home is not None and home != st.ns and home in rnd.sit_out:  # a rover Mitchell
        out.append(f"rover {st.ns} plays N-S; pair {home} sits out")
    if movement.skip_after == rnd.number:
        out.append("E-W skip a table")
    return out


def _home(movement: Movement, table: int) -> int | None:
    """The N-S pair at ``table`` in the first round it is in play (a table added mid-session
    is not in round 1)."""
    for rnd in movement.rounds:
        for seating in rnd.tables:
            if seating.table == table:
                return seating.ns
    return None


def movers(movement: Movement) -> list[int]:
    """Participants who change table or seat at some point (each gets a personal card)."""
    return list(index(movement).movers)


def opponents(movement: Movement, st: Seating, who: int) -> tuple[list[int], int | None]:
    """(opponents, partner) of ``who`` at a seating; pairs have no partner number."""
    if not movement.individual:
        return [x for x in (st.ns, st.ew) if x != who and x is not None], None
    line = (st.n, st.s) if who in (st.n, st.s) else (st.e, st.w)
    other = (st.e, st.w) if who in (st.n, st.s) else (st.n, st.s)
    partner = line[1] if line[0] == who else line[0]
    return [x for x in other if x is not None], partner
