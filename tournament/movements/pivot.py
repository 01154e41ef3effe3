"""Single-table pivot, Safford's married couples and Baker's social duplicate.

Pure Python.  Every schedule is a :class:`~.base.Movement` with ``individual``
set and seats n/s/e/w (clockwise N, E, S, W: a seat's left-hand opponent is the
next one clockwise, so the pivot at N has the player on her right at W).
"""

from __future__ import annotations

from .base import Movement, MovementError, Round, Seating
from .individual_checks import lho_rho_balance


def _movement(kind: str, rows: list[list[tuple]], players: int, **extra) -> Movement:
    """Build a movement from ``rows[r] = [(n, s, e, w, set_or_boards), …]`` per table."""
    rounds = []
    for r, row in enumerate(rows, start=1):
        seats = []
        for t, (n, s, e, w, boards) in enumerate(row, start=1):
            if isinstance(boards, tuple):
                seats.append(Seating(table=t, n=n, s=s, e=e, w=w, boards=boards))
            else:
                seats.append(Seating(table=t, n=n, s=s, e=e, w=w, set=boards))
        here = {p for st in seats for p in st.seated}
        out = tuple(p for p in range(1, players + 1) if p not in here)
        rounds.append(Round(number=r, tables=tuple(seats), sit_out=out))
    mv = Movement(
        kind=kind,
        tables=len(rows[0]),
        rounds=tuple(rounds),
        participants=tuple(range(1, players + 1)),
        individual=True,
        **extra,
    )
    mv.balance = lho_rho_balance(mv)
    return mv


def _rubbers_four() -> list[tuple[int, int, int, int]]:
    """Rules for Pivot [002 L2751–2779]: 1 pivot (N), 2 first partner, 3 left (E), 4 right (W).

    Rubber 1 P+A v R+L; rubber 2 the player on the pivot's right partners her;
    rubber 3 the player on her left: P+A, P+R, P+L — each pair partners once.
    """
    return [(1, 2, 3, 4), (1, 4, 3, 2), (1, 3, 4, 2)]


def _rubbers_five() -> list[tuple[int, int, int, int]]:
    """Five at a table [002 L2397–2415]: player 5 waits first, then 1, 2, … go out in turn.

    Partnerships follow the cyclic whist schedule on Z_5 (sitter 0: 1+4 v 2+3,
    all shifted by one each rubber), so in five rubbers each player sits out
    once, partners each other player once and opposes each twice.
    """
    out = []
    for t in range(5):
        n, s, e, w = ((x + t - 1) % 5 + 1 for x in (1, 4, 2, 3))
        out.append((n, s, e, w))
    return out


def _rubbers_six() -> list[tuple[int, int, int, int]]:
    """Six at a table [002 L2397–2415]: the two who have played two rubbers retire.

    Players go in and out in blocks {1,2}, {3,4}, {5,6} (1,2 out after rubber 1,
    3,4 after rubber 2, …).  The laws leave partners to the draw; this schedule
    fixes them so that in six rubbers every pair from different blocks partners
    exactly once (block-mates always oppose).
    """
    blocks = [(1, 2), (3, 4), (5, 6)]
    order = [(0, 1), (1, 2), (2, 0)]
    out = []
    for cycle in range(2):
        for x, y in order:
            (a, b), (c, d) = blocks[x], blocks[y]
            out.append((a, c, b, d) if cycle == 0 else (a, d, b, c))
    return out


def build_pivot(players: int = 4, boards_per_round: int = 1) -> Movement:
    """A single pivot table for 4, 5 or 6 players; each round is one rubber."""
    makers = {4: _rubbers_four, 5: _rubbers_five, 6: _rubbers_six}
    if players >= 8 and players % 4 == 0:
        return _pivot_room(players // 4, boards_per_round)
    if players not in makers:
        raise MovementError(
            f"a pivot table takes 4, 5 or 6 players ('A table shall be complete with six "
            f"players' [002 L2375]); {players} will not do: give 4, 5 or 6 for one table, "
            f"or a multiple of 4 for a room of pivot tables"
        )
    rows = [[(n, s, e, w, ())] for n, s, e, w in makers[players]()]
    return _movement(
        "pivot",
        rows,
        players,
        boards_per_round=boards_per_round,
        meet="partner_once" if players != 6 else "partner_once_across_blocks",
        announcement="The pivot sits still; only the first three rubbers count [002 L2773].",
        notes=("rounds are rubbers; boards are not duplicated",),
    )


def _pivot_room(tables: int, boards_per_round: int) -> Movement:
    """A room of pivot tables [002 L2751–2784]: table t seats players 4t−3 … 4t, the first
    of them the pivot, and each table plays its own three rubbers; the prizes go by table
    ("duplicate prizes for every table in the room")."""
    rows = []
    for n, s, e, w in _rubbers_four():
        rows.append([(*(4 * t + x for x in (n, s, e, w)), ()) for t in range(tables)])
    return _movement(
        "pivot",
        rows,
        4 * tables,
        boards_per_round=boards_per_round,
        meet="partner_once",
        announcement="Each table plays its own three rubbers; the pivot sits still.",
        notes=("rounds are rubbers; boards are not duplicated", "players 4t-3 to 4t at table t"),
    )


SAFFORD_LADIES = "abcdefgh"
#: LAWS.md §4.8: set 1, tables as (N, S, E, W); men 1–8, ladies a–h.
SAFFORD_STARTER = (
    ("6", "g", "2", "a"),
    ("3", "e", "8", "d"),
    ("f", "7", "b", "1"),
    ("c", "5", "h", "4"),
)


def safford_number(label: str) -> int:
    """Men 1–8 keep their numbers; ladies a–h are players 9–16 (couple a-1 = 9 and 1)."""
    return int(label) if label.isdigit() else 9 + SAFFORD_LADIES.index(label)


def safford_label(player: int) -> str:
    return str(player) if player <= 8 else SAFFORD_LADIES[player - 9]


def spouse(player: int) -> int:
    return player + 8 if player <= 8 else player - 8


def _safford_next(label: str) -> str:
    """a and 1 sit still; men 2→3 … 8→2; ladies b→c … h→b [002 L3166–3177]."""
    if label in ("a", "1"):
        return label
    if label.isdigit():
        return str(int(label) % 8 + 1) if label != "8" else "2"
    return "b" if label == "h" else chr(ord(label) + 1)


def build_safford() -> Movement:
    """Safford's schedule for eight married couples (LAWS.md §4.8, A-1).

    Seven sets of four hands; one hand is dealt at each table and overplayed
    at the others, so every table plays the set's four boards.
    """
    rows = []
    seats = [list(t) for t in SAFFORD_STARTER]
    for rnd in range(1, 8):
        rows.append([(*(safford_number(x) for x in t), rnd) for t in seats])
        # the seat held by k is taken by the player numbered one lower
        seats = [[_safford_prev(x) for x in t] for t in seats]
    return _movement(
        "safford",
        rows,
        16,
        boards_per_round=4,
        share_sets=True,
        meet="safford",
        announcement="Couple a-1 sits still; ladies go to the next letter, men to the next number.",
        notes=("players 1–8 are the men, 9–16 the ladies a–h; spouses are k and k+8",),
    )


def _safford_prev(label: str) -> str:
    """Who sits in ``label``'s seat next set: the player whose next label is ``label``."""
    if label in ("a", "1"):
        return label
    if label.isdigit():
        return "8" if label == "2" else str(int(label) - 1)
    return "h" if label == "b" else chr(ord(label) - 1)


def build_baker() -> Movement:
    """Baker's social duplicate [002 L3090–3164] (LAWS.md §4.7).

    Team A = 1–4 (captain 1), team B = 5–8 (captain 5).  Room 1 (table 1): an A
    pair N-S v a B pair E-W; room 2: the other B pair N-S v the other A pair E-W.
    For each of the three partnerships: round a, each room deals a hand; round b,
    the rooms change places keeping their compass seats, overplay those hands
    and deal two new ones; round c, change back and overplay.  4 deals × 2 = 8
    hands per partnership, 24 hands in all; the captains always sit North.
    """
    rows = []
    for stage in range(3):
        pa, pb = 2 + stage, 6 + stage
        a_rest = [p for p in (2, 3, 4) if p != pa]
        b_rest = [p for p in (6, 7, 8) if p != pb]
        x = (1, pa, b_rest[0], b_rest[1])  # room-1 four: A captain's pair N-S
        y = (5, pb, a_rest[0], a_rest[1])  # room-2 four: B captain's pair N-S
        d = 4 * stage
        rows.append([(*x, (d + 1,)), (*y, (d + 2,))])
        rows.append([(*y, (d + 1, d + 3)), (*x, (d + 2, d + 4))])
        rows.append([(*x, (d + 3,)), (*y, (d + 4,))])
    mv = _movement("baker", rows, 8, boards_per_round=2, meet="teams", share_sets=False)
    mv.board_sets = {b: (b,) for b in range(1, 13)}
    mv.announcement = "Change rooms after each hand, keeping your compass seat."
    return mv
