"""Writes of board sets: deal (random or seeded), store, release.

The engine (``boards.deals``) deals; this module turns its ``BoardSet`` into rows
and back.  A board set is replaced only while no result is in.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from boards import deals
from boards.cards import Suit

from .models import Board, BoardSet


def session_board_numbers(session) -> list[int]:
    """Every board number the session's movements play (sorted, no repeats)."""
    numbers: set[int] = set()
    for section in session.sections.all():
        movement = section.get_movement()
        if movement is None:
            continue
        for rnd in movement.rounds:
            for seating in rnd.tables:
                numbers.update(movement.boards_for(seating))
    return sorted(numbers)


@transaction.atomic
def generate(
    session, board_numbers: Iterable[int] | None = None, *, seed: str = "", declared_trump: str = ""
) -> BoardSet:
    """Deal the session's boards (from the OS, or reproducibly from ``seed``) and store them."""
    numbers = sorted(set(board_numbers or session_board_numbers(session)))
    if not numbers:
        raise ValidationError(
            {"boards": "Choose a movement first: it says which boards are played."}
        )
    from scoring.models import BoardResult

    if BoardResult.objects.filter(section__session=session).exists():
        raise ValidationError({"boards": "Results are in; the boards can no longer be re-dealt."})
    game = session.event.game
    trump = Suit(declared_trump.upper()) if declared_trump else None
    engine_set = deals.generate_board_set(
        numbers, seed=seed or None, game=game, declared_trump=trump
    )
    return store(
        session,
        engine_set,
        source=BoardSet.Source.SEEDED if seed else BoardSet.Source.RANDOM,
        seed=seed,
    )


def store(session, engine_set: deals.BoardSet, *, source: str, seed: str = "") -> BoardSet:
    """Replace the session's board set by ``engine_set``."""
    BoardSet.objects.filter(session=session).delete()
    declared = next(
        (b.trump.suit.letter for b in engine_set.boards if b.trump and b.trump.declared), ""
    )
    board_set = BoardSet.objects.create(
        session=session,
        source=source,
        seed=seed,
        fingerprint=engine_set.fingerprint(),
        trump_mode=("declared" if declared else "turned")
        if engine_set.game.value == "whist"
        else "",
        declared_trump=declared,
    )
    Board.objects.bulk_create(
        Board(
            board_set=board_set,
            number=b.board_number,
            deal=b.deal.to_pbn(),
            dealer=b.dealer.letter,
            vulnerability=b.vulnerability.pbn if b.vulnerability else "None",
            trump_card=str(b.trump.card) if b.trump and b.trump.card else "",
        )
        for b in engine_set.boards
    )
    return board_set


def release(session) -> None:
    """Make the deals public (the TD releases them after play)."""
    session.boards_released = True
    session.save(update_fields=["boards_released"])
    BoardSet.objects.filter(session=session, released_at__isnull=True).update(
        released_at=timezone.now()
    )


def deals_visible(session, user) -> bool:
    """Deals are secret until the session is final or the TD releases them; TDs always see them."""
    return session.boards_released or session.is_final or session.club.is_director(user)
