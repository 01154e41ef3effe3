"""Movements for the printing tests, built with the engine or by hand from the published rules."""

from __future__ import annotations

from tournament.movements.base import Movement, Round, Seating

PIVOT_8 = ((8, 1, 3, 4), (5, 7, 6, 2))  # N S E W at tables 1 and 2 (MOVEMENTS.md §6, Versloot)


def rotate(player: int, rnd: int) -> int:
    """Player 8 is the pivot; every other number goes up by one each round (7 → 1)."""
    return player if player == 8 else (player - 1 + rnd - 1) % 7 + 1


def individual_8(boards_per_round: int = 2) -> Movement:
    rounds = []
    for r in range(1, 8):
        tables = tuple(
            Seating(
                table=t,
                **dict(zip("nsew", (rotate(p, r) for p in seats), strict=True)),
                set=r,
                shared_with=3 - t,
            )
            for t, seats in enumerate(PIVOT_8, start=1)
        )
        rounds.append(Round(r, tables))
    return Movement(
        kind="individual",
        tables=2,
        boards_per_round=boards_per_round,
        rounds=tuple(rounds),
        participants=tuple(range(1, 9)),
        individual=True,
        share_sets=True,
        announcement="Player 8 sits still; everyone else follows the next number",
    )


def progressive_3() -> Movement:
    """Fixed seat rotation for 12 players: N fixed, S down 1, E up 1, W up 2 (MOVEMENTS.md §8)."""
    start = {t: (4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t) for t in (1, 2, 3)}
    rounds = []
    for r in range(1, 4):
        shift = r - 1

        def at(t, seat, step, shift=shift):
            return start[(t - 1 - step * shift) % 3 + 1][seat]

        tables = tuple(
            Seating(table=t, n=at(t, 0, 0), s=at(t, 1, -1), e=at(t, 2, 1), w=at(t, 3, 2), set=r)
            for t in (1, 2, 3)
        )
        rounds.append(Round(r, tables))
    return Movement(
        kind="progressive",
        tables=3,
        boards_per_round=4,
        rounds=tuple(rounds),
        participants=tuple(range(1, 13)),
        individual=True,
        share_sets=True,
        announcement="North stays; South down one, East up one, West up two",
    )
