"""The movement vocabulary shared by every family (pure Python, no Django).

A movement is a list of rounds; each round has one :class:`Seating` per table.
Pair movements fill ``ns``/``ew`` (entry numbers); individual movements fill
``n``/``s``/``e``/``w`` (player numbers).  Boards come either as a board *set*
(``set``; set *s* holds boards ``(s-1)*b+1 … s*b`` for *b* boards per round) or
as an explicit ``boards`` tuple.  A set at no table is idle (on a relay or bye
stand); a set at two tables is shared, which the movement must declare with
``share_sets``.  See ../shared/MOVEMENTS.md §1 and docs/movements.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class MovementError(ValueError):
    """A movement that cannot be built as asked; the message says what would work.
    ``field`` names the option at fault ("rounds", "revenge"), if one is."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


#: The largest movement built in one section: beyond it a room is split into sections
#: (MOVEMENTS.md §2); the caps keep absurd requests from running for minutes.
MAX_TABLES = 60
MAX_ROUNDS = 2 * MAX_TABLES
MAX_BOARDS_PER_ROUND = 12


def check_size(
    tables: int | None = None, rounds: int | None = None, boards_per_round: int | None = None
) -> None:
    """Refuse a movement larger than one section holds, saying what would work."""
    if tables is not None and tables > MAX_TABLES:
        raise MovementError(
            f"{tables} tables are more than one section holds (at most {MAX_TABLES}); "
            "split the room into sections"
        )
    if rounds is not None and rounds > MAX_ROUNDS:
        raise MovementError(f"at most {MAX_ROUNDS} rounds, not {rounds}")
    if boards_per_round is not None and boards_per_round > MAX_BOARDS_PER_ROUND:
        raise MovementError(
            f"at most {MAX_BOARDS_PER_ROUND} boards a round, not {boards_per_round}"
        )


@dataclass(frozen=True)
class Seating:
    """Who sits at one table in one round, and which boards they play."""

    table: int
    ns: int | None = None
    ew: int | None = None
    n: int | None = None
    s: int | None = None
    e: int | None = None
    w: int | None = None
    set: int | None = None
    boards: tuple[int, ...] = ()
    shared_with: int | None = None
    # arrow switch at this table: ns/ew name who holds the N-S/E-W cards, so the
    # moving (E-W line) pair is in ns; the flag is for guide cards and the master sheet
    switched: bool = False

    @property
    def is_individual(self) -> bool:
        return self.n is not None

    @property
    def seated(self) -> tuple[int, ...]:
        """Everyone at the table (pairs or players), phantoms excluded by the caller."""
        if self.is_individual:
            return tuple(x for x in (self.n, self.s, self.e, self.w) if x is not None)
        return tuple(x for x in (self.ns, self.ew) if x is not None)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Seating, ...]
    idle_sets: tuple[int, ...] = ()
    sit_out: tuple[int, ...] = ()

    def table(self, table_number: int) -> Seating:
        for seating in self.tables:
            if seating.table == table_number:
                return seating
        raise KeyError(table_number)


@dataclass
class Movement:
    """A complete schedule.

    ``kind``: one of mitchell, skip-mitchell, relay-bye, arrow-switch, howell,
    three-quarter-howell, team, individual, pivot, rainbow, safford, baker, …
    ``fields``: 1 (one winner), 2 (N-S and E-W winners) or 4 (rainbow lines).
    ``meet``: what the family promises about meetings (``exactly_once``,
    ``at_most_once``, ``twice``, ``cross_lines_once``, …) for the checks.
    ``circuits``: the tables of each copy of the boards, when there are several.
    ``phantom``: the number standing for the missing pair/player when the
    count is odd; a table with the phantom is a sit-out for its opponent.
    """

    kind: str
    tables: int
    boards_per_round: int
    rounds: tuple[Round, ...]
    participants: tuple[int, ...]
    fields: int = 1
    board_sets: dict[int, tuple[int, ...]] = field(default_factory=dict)
    individual: bool = False
    share_sets: bool = False
    meet: str = "exactly_once"
    phantom: int | None = None
    #: tables grouped by the copy of the boards they play (a web Mitchell: copy A, copy B);
    #: empty when there is one copy.  Two tables of different copies holding one set in a
    #: round play the same deals on two boards, not one board shared.
    circuits: tuple[tuple[int, ...], ...] = ()
    announcement: str = ""
    skip_after: int | None = None
    notes: tuple[str, ...] = ()
    balance: dict[str, Any] | None = None
    #: scheduled boards a pair will not play after a table was added or removed mid-session
    #: (``late.py``): counted as scheduled, so its score is factored over the boards played
    missed: dict[int, int] = field(default_factory=dict)

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def copy_of(self, table: int) -> str:
        """ "A", "B" … for the copy of the boards at ``table``; "" with one copy."""
        for k, group in enumerate(self.circuits):
            if table in group:
                return "ABCDEFGH"[k]
        return ""

    @property
    def total_boards(self) -> int:
        return len({b for boards in self.board_sets.values() for b in boards}) or (
            self.boards_per_round * self.round_count
        )

    def boards_for(self, seating: Seating) -> tuple[int, ...]:
        if seating.boards:
            return seating.boards
        if seating.set is None:
            return ()
        if seating.set in self.board_sets:
            return self.board_sets[seating.set]
        b = self.boards_per_round
        return tuple(range((seating.set - 1) * b + 1, seating.set * b + 1))

    def round(self, number: int) -> Round:
        return self.rounds[number - 1]

    def to_json(self) -> dict[str, Any]:
        """The JSON shape of ``manage.py movement --format json`` (issue 4)."""
        rounds = []
        for rnd in self.rounds:
            tables = []
            for st in rnd.tables:
                row: dict[str, Any] = {"table": st.table}
                if st.is_individual:
                    row.update({"n": st.n, "s": st.s, "e": st.e, "w": st.w})
                else:
                    row.update({"ns": st.ns, "ew": st.ew})
                row["set"] = st.set
                row["boards"] = list(self.boards_for(st))
                row["shared_with"] = st.shared_with
                if st.switched:
                    row["switched"] = True
                tables.append(row)
            rounds.append(
                {
                    "round": rnd.number,
                    "tables": tables,
                    "idle_sets": list(rnd.idle_sets),
                    "sit_out": list(rnd.sit_out),
                }
            )
        sets = self.board_sets or {
            s: self.boards_for(Seating(table=0, set=s))
            for s in sorted({st.set for r in self.rounds for st in r.tables if st.set})
        }
        out = {
            "kind": self.kind,
            "tables": self.tables,
            "rounds": self.round_count,
            "boards_per_round": self.boards_per_round,
            "participants": list(self.participants),
            "individual": self.individual,
            "fields": self.fields,
            "phantom": self.phantom,
            "share_sets": self.share_sets,
            "meet": self.meet,
            "skip_after": self.skip_after,
            "announcement": self.announcement,
            "board_sets": {str(k): list(v) for k, v in sorted(sets.items())},
            "schedule": rounds,
            "balance": self.balance,
        }
        if self.circuits:  # two copies of the boards (web Mitchell)
            out["circuits"] = [list(c) for c in self.circuits]
        if self.missed:
            out["missed"] = {str(k): v for k, v in sorted(self.missed.items())}
        if self.notes:  # e.g. the 1926 skip form, a schedule cut short: kept with the section
            out["notes"] = list(self.notes)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Movement:
        """Rebuild a movement from :meth:`to_json` output (stored with a section)."""
        rounds = []
        for rnd in data["schedule"]:
            tables = []
            for row in rnd["tables"]:
                tables.append(
                    Seating(
                        table=row["table"],
                        ns=row.get("ns"),
                        ew=row.get("ew"),
                        n=row.get("n"),
                        s=row.get("s"),
                        e=row.get("e"),
                        w=row.get("w"),
                        set=row.get("set"),
                        boards=tuple(row.get("boards") or ()),
                        shared_with=row.get("shared_with"),
                        switched=bool(row.get("switched", False)),
                    )
                )
            rounds.append(
                Round(
                    number=rnd["round"],
                    tables=tuple(tables),
                    idle_sets=tuple(rnd.get("idle_sets") or ()),
                    sit_out=tuple(rnd.get("sit_out") or ()),
                )
            )
        return cls(
            kind=data["kind"],
            tables=data["tables"],
            boards_per_round=data["boards_per_round"],
            rounds=tuple(rounds),
            participants=tuple(data["participants"]),
            fields=data.get("fields", 1),
            board_sets={int(k): tuple(v) for k, v in (data.get("board_sets") or {}).items()},
            individual=data.get("individual", False),
            share_sets=data.get("share_sets", False),
            meet=data.get("meet", "exactly_once"),
            notes=tuple(data.get("notes") or ()),
            phantom=data.get("phantom"),
            circuits=tuple(tuple(c) for c in data.get("circuits") or ()),
            announcement=data.get("announcement", ""),
            skip_after=data.get("skip_after"),
            balance=data.get("balance"),
            missed={int(k): v for k, v in (data.get("missed") or {}).items()},
        )
