"""Writes of board sets: deal (random or seeded), import PBN, enter a deal by hand, analyse
double dummy, release.

The engine (``boards.engine.deals``, ``pbn``, ``dds``) does the work; this module turns its values
into rows (``boards.selectors`` turns rows back into engine values).  A board set is
re-dealt only while no result is in.  Faults from the engine (``DealError``, ``PBNError``,
``CardError``) are ``ValueError`` and reach the caller unchanged, so the TD sees the
engine's message naming the card, hand or PBN line; nothing is saved when one is raised.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from boards.engine import dds, deals, pbn
from boards.engine.cards import Card, Suit
from boards.engine.dealing import Game

from . import selectors
from .models import Board, BoardSet

# The reads live in ``boards.selectors``; named here too for callers of the services.
to_engine = selectors.to_engine
hand_records = selectors.hand_records


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
    _check_no_results(session)
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


def _check_no_results(session) -> None:
    from scoring.models import BoardResult

    if BoardResult.objects.filter(section__session=session).exists():
        raise ValidationError({"boards": "Results are in; the boards can no longer be re-dealt."})


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


# ---------------------------------------------------------------------------------------------
# PBN import and hand-entered deals


def _with_declared_trump(board: deals.Board, suit: Suit | None) -> deals.Board:
    if board.trump is not None:
        return board
    if suit is None:
        raise pbn.PBNError(
            f"board {board.board_number}: a whist board needs a [TrumpCard] or [TrumpSuit] tag "
            "(or choose a declared trump suit for the session)"
        )
    return deals.make_board(board.board_number, board.deal, Game.WHIST, declared_trump=suit)


def import_pbn_file(session, text: str, *, declared_trump: str = "") -> BoardSet:
    """Replace the session's boards by a PBN file's, all or nothing.

    A malformed file raises ``PBNError`` (``.line``, message ``line 9: board 2: …``) before
    anything is written.  Double-dummy tags in the file are stored with the boards.
    """
    game = Game.parse(session.event.game)
    items = pbn.import_pbn(text, game)
    boards = [item.board for item in items]
    if game is Game.WHIST:
        suit = Suit.parse(declared_trump) if declared_trump else None
        boards = [_with_declared_trump(b, suit) for b in boards]
    engine_set = deals.BoardSet(game, tuple(boards))
    with transaction.atomic():
        if Board.objects.filter(board_set__session=session).exclude(deal="").exists():
            _check_no_results(session)
        board_set = store(session, engine_set, source=BoardSet.Source.PBN)
        rows = {row.number: row for row in board_set.boards.all()}
        analysed = [(rows[i.board.board_number], i.dd) for i in items if i.dd is not None]
        for row, result in analysed:
            row.dd_table, row.par = selectors.dd_json(result)
        Board.objects.bulk_update([row for row, _ in analysed], ["dd_table", "par"])
    return board_set


def enter_deal(session, board_number: int, text: str, *, trump_card: str = "") -> Board:
    """Record a hand-typed deal for one board (e.g. boards the players shuffled themselves).

    The deal is checked by ``Deal.parse`` (52 distinct cards, 13 a hand); a whist board needs
    its turned trump card, one of the dealer's cards, unless the session declares a suit.
    Replacing a deal of a generated set makes the set "entered by hand" (its seed no longer
    reproduces it) and changes the fingerprint.
    """
    if board_number < 1:
        raise deals.DealError([f"board number {board_number}: boards are numbered from 1"])
    game = Game.parse(session.event.game)
    board_set = BoardSet.objects.filter(session=session).first()
    declared = board_set.declared_trump if board_set else ""
    deal = deals.Deal.parse(text)
    card = Card.parse(trump_card) if trump_card.strip() and not declared else None
    suit = Suit.parse(declared) if declared else None
    board = deals.make_board(board_number, deal, game, card, suit)
    with transaction.atomic():
        board_set = board_set or BoardSet.objects.create(
            session=session,
            source=BoardSet.Source.MANUAL,
            trump_mode="turned" if game is Game.WHIST else "",
        )
        row, _ = Board.objects.update_or_create(
            board_set=board_set, number=board_number, defaults=_row_fields(board)
        )
        if board_set.source in (BoardSet.Source.RANDOM, BoardSet.Source.SEEDED):
            board_set.source, board_set.seed = BoardSet.Source.MANUAL, ""
        board_set.fingerprint = selectors.to_engine(board_set).fingerprint()
        board_set.save(update_fields=["source", "seed", "fingerprint"])
    return row


def _row_fields(board: deals.Board) -> dict:
    return {
        "deal": board.deal.to_pbn(),
        "dealer": board.dealer.letter,
        "vulnerability": board.vulnerability.pbn if board.vulnerability else "None",
        "trump_card": str(board.trump.card) if board.trump and board.trump.card else "",
        "dd_table": None,
        "par": None,
    }


# ---------------------------------------------------------------------------------------------
# Double dummy


def analysable_rows(board_set: BoardSet) -> list[Board]:
    """The rows to analyse; ``ValidationError`` if the set cannot be analysed."""
    if selectors.game_of(board_set) is Game.WHIST:
        raise ValidationError({"boards": "Double-dummy analysis is for bridge boards, not whist."})
    rows = list(board_set.boards.exclude(deal="").order_by("number"))
    if not rows:
        raise ValidationError({"boards": "No deals are recorded, so there is nothing to analyse."})
    return rows


def analyse(session, progress: dds.Progress | None = None, *, batch: int = dds.BATCH_LIMIT):
    """Double-dummy tricks and par for every board with a deal, stored as each batch finishes.

    Each batch of up to ``batch`` boards (default 40: a 36-board set is one call) is one call
    of the solver's ``CalcAllTables``; ``analysis_done``/``analysis_total`` on the board set
    and ``progress(done, total)`` follow the batches.
    """
    board_set = BoardSet.objects.get(session=session)
    rows = analysable_rows(board_set)
    game = selectors.game_of(board_set)
    total = len(rows)
    BoardSet.objects.filter(pk=board_set.pk).update(analysis_total=total, analysis_done=0)
    for start in range(0, total, batch):
        chunk = rows[start : start + batch]
        items = [dds.input_for(selectors.engine_board(r, game)) for r in chunk]
        for row, result in zip(chunk, dds.analyse_board_set(items), strict=True):
            row.dd_table, row.par = selectors.dd_json(result)
        Board.objects.bulk_update(chunk, ["dd_table", "par"])
        done = start + len(chunk)
        BoardSet.objects.filter(pk=board_set.pk).update(analysis_done=done)
        if progress is not None:
            progress(done, total)
    board_set.refresh_from_db()
    return board_set
