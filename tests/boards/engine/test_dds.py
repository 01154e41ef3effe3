"""Double dummy on a few boards only (the solver is slow on 2 cores)."""

from boards.engine.cards import Direction, Strain
from boards.engine.dds import (
    DDInput,
    analyse_board,
    analyse_board_set,
    analyse_boards_one_by_one,
    input_for,
)
from boards.engine.dealing import Vulnerability
from boards.engine.deals import generate_board_set

SAMPLE = "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54 AT9865.K73.KT.Q8"


def test_known_deal_tricks_and_par():
    result = analyse_board(DDInput(SAMPLE, Direction.NORTH, Vulnerability.NONE))
    assert result.to_pbn_tricks() == "989999899a3433334333"
    assert result.tricks_for(Direction.NORTH, Strain.NOTRUMP) == 9
    assert result.tricks_for(Direction.SOUTH, Strain.CLUBS) == 10
    assert result.par_score == 400 and result.par_text() == "NS 400: 3NT NS"
    vul = analyse_board(DDInput(SAMPLE, Direction.NORTH, Vulnerability.BOTH))
    assert vul.par_score == 600


def test_batch_equals_board_by_board_and_reports_progress():
    boards = generate_board_set(range(1, 4), seed="dd batch").boards
    items = [input_for(b) for b in boards]
    calls = []
    batch = analyse_board_set(items, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(3, 3)]
    assert batch == analyse_boards_one_by_one(items)
    assert all(r.par_score is not None for r in batch)
