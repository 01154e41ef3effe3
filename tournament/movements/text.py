"""The TD's master sheet as plain text (MOVEMENTS.md §9).

Round × table grid ("NS-EW set"), the announcement, where the relay and bye stand go,
which tables share (or hold copies of the boards), which rounds are arrow-switched, where the stationary pair sits and
who sits out.  Switched tables are marked ``*``; shared sets ``=``.
"""

from __future__ import annotations

from .base import Movement, Round, Seating


def cell(movement: Movement, st: Seating) -> str:
    ns = "-" if st.ns == movement.phantom else st.ns
    ew = "-" if st.ew == movement.phantom else st.ew
    who = f"{ns}-{ew}" if not st.is_individual else " ".join(map(str, st.seated))
    mark = ("*" if st.switched else "") + ("=" if st.shared_with else "")
    return f"{who}/{st.set if st.set is not None else ','.join(map(str, st.boards))}{mark}"


def grid(movement: Movement) -> list[str]:
    heads = [f"T{t}" for t in range(1, movement.tables + 1)]
    rows = [[str(r.number)] + _cells(movement, r) for r in movement.rounds]
    widths = [max(len(x) for x in col) for col in zip(["Rd", *heads], *rows, strict=True)]

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) for v, w in zip(values, widths, strict=True)).rstrip()

    return [line(["Rd", *heads])] + [line(r) for r in rows]


def _cells(movement: Movement, rnd: Round) -> list[str]:
    """One cell a table, "." where a table is not in play that round (a table added or
    removed mid-session)."""
    at = {st.table: cell(movement, st) for st in rnd.tables}
    if len(at) == movement.tables:
        return [at[st.table] for st in _ordered(rnd)]
    return [at.get(t, ".") for t in range(1, movement.tables + 1)]


def _ordered(rnd: Round) -> list[Seating]:
    return sorted(rnd.tables, key=lambda st: st.table)


def copies(movement: Movement) -> list[str]:
    """ "Copies: A at tables 1–5, B at tables 6–10" when the boards are duplicated."""
    if not movement.circuits:
        return []
    groups = [f"{movement.copy_of(c[0])} at tables {c[0]}–{c[-1]}" for c in movement.circuits]
    return [f"Copies of every board: {', '.join(groups)} (each deal on {len(groups)} boards)"]


def notes(movement: Movement) -> list[str]:
    out = []
    shares = sorted(
        {tuple(sorted((st.table, st.shared_with))) for r in movement.rounds for st in r.tables
         if st.shared_with}
    )  # fmt: skip
    out += copies(movement)
    if shares:
        out.append("Sharing: " + "; ".join(f"tables {a} and {b}" for a, b in shares[:6]))
    if movement.kind == "relay-bye":
        half = movement.tables // 2
        out.append(f"Relay: tables 1 and {movement.tables} share one set every round")
        out.append(f"Bye stand: between tables {half} and {half + 1}; boards pass through it")
    idle = [r for r in movement.rounds if r.idle_sets]
    barometer = movement.tables > 1 and all(
        len({st.set for st in r.tables}) == 1 for r in movement.rounds
    )
    if barometer:  # the other sets are not on a relay: they are played in the other rounds
        out.append("Barometer: every table plays the same set in a round")
    elif idle and movement.circuits:
        each = len(idle[0].idle_sets) // len(movement.circuits)
        out.append(f"Idle sets each round: {each} on each copy's relay")
    elif idle and movement.kind != "relay-bye":
        out.append(f"Idle sets each round: {len(idle[0].idle_sets)} (on a relay table)")
    switched = sorted({r.number for r in movement.rounds for st in r.tables if st.switched})
    if switched:
        out.append("Arrow switch (turn the boards) in round(s): " + ", ".join(map(str, switched)))
    if movement.skip_after:
        out.append(f"Skip: E-W skip one table after round {movement.skip_after}")
    if movement.phantom is not None:
        out.append(f"Phantom: pair {movement.phantom} is absent; its opponents sit out")
    out += list(movement.notes)
    return out


def master_sheet(movement: Movement) -> str:
    """The whole master sheet."""
    sets = len(movement.board_sets) or movement.round_count
    head = [
        f"{movement.kind.upper()}: {movement.tables} tables, {len(movement.participants)} "
        f"entries, {movement.round_count} rounds × {movement.boards_per_round} boards "
        f"({sets * movement.boards_per_round} boards), {movement.fields} field(s)",
        f"Announcement: {movement.announcement}" if movement.announcement else "",
    ]
    if movement.balance and "U" in movement.balance:
        head.append(f"Balance: U = {movement.balance['U']:.2f}")
    sit_outs = [
        f"round {r.number}: {', '.join(map(str, r.sit_out))}" for r in movement.rounds if r.sit_out
    ]
    if sit_outs:
        head.append("Sitting out: " + "; ".join(sit_outs))
    body = grid(movement)
    legend = (
        "Cells: players N S E W / set; = shared set"
        if movement.individual
        else "Cells: N-S pair - E-W pair / set; * arrow switch; = shared set; - sits out"
    )
    return "\n".join([*filter(None, head), *notes(movement), "", *body, "", legend]) + "\n"
