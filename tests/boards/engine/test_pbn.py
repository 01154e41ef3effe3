from pathlib import Path

import pytest

from boards.engine.cards import Card, Direction, Strain
from boards.engine.dds import DDResult, ParContract
from boards.engine.dealing import Vulnerability
from boards.engine.deals import Deal, generate_board_set
from boards.engine.pbn import PBNError, export_pbn, import_pbn

DATA = Path(__file__).parents[1] / "data"
SAMPLE = "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54 AT9865.K73.KT.Q8"
SAMPLE_DD = "989999899a3433334333"


def read(name: str) -> str:
    return (DATA / name).read_bytes().decode("latin-1")


@pytest.mark.parametrize("game", ["contract", "auction", "whist"])
def test_export_then_import_gives_the_same_boards(game):
    boards = generate_board_set(range(1, 37), seed="round trip", game=game)
    text = export_pbn(boards.boards, event="Club night", site="Hall", date="2026.11.22")
    back = import_pbn(text, game=game)
    assert [p.board for p in back] == list(boards.boards)
    assert {p.event for p in back} == {"Club night"}
    assert import_pbn(text.replace("\n", "\r\n"), game=game)[0].board == boards.boards[0]


def test_double_dummy_tags_round_trip():
    board = generate_board_set([1], seed="dd").boards[0]
    dd = DDResult(
        tuple(range(13)) + (13, 0, 1, 2, 3, 4, 5), 420, (ParContract(4, Strain.SPADES, "NS"),)
    )
    text = export_pbn([board], {1: dd})
    assert '[OptimumScore "NS 420"]' in text and '[ParContract "NS 4S"]' in text
    assert "Declarer;Denomination\\2R;Result\\2R" in text
    assert import_pbn(text)[0].dd == dd


def test_endplay_reads_our_export():
    from endplay.parsers import pbn as endplay_pbn

    boards = generate_board_set(range(1, 5), seed="interop").boards
    parsed = endplay_pbn.loads(export_pbn(boards))
    assert [b.board_num for b in parsed] == [1, 2, 3, 4]
    assert [Deal.from_pbn(b.deal.to_pbn()) for b in parsed] == [b.deal for b in boards]


def test_reads_a_dealing_program_file_with_inherited_tags_and_dd():
    boards = import_pbn(read("dealer4_style.pbn"))
    assert [p.board.board_number for p in boards] == [1, 2]
    first, second = boards
    assert first.board.deal == Deal.from_pbn(SAMPLE)
    assert first.dd.to_pbn_tricks() == SAMPLE_DD and first.dd.par_score == 400
    assert first.dd.par_contracts == (ParContract(3, Strain.NOTRUMP, "NS"),)
    assert second.event == "Tuesday pairs" and second.site == "Village hall"
    assert second.board.dealer is Direction.EAST
    assert second.board.vulnerability is Vulnerability.NS and second.dd is None


def test_reads_crlf_comments_lowercase_odd_first_seat_and_missing_hand():
    boards = import_pbn(read("crlf_comments.pbn"))
    seven, eight = boards
    assert seven.board.board_number == 7 and seven.board.dealer is Direction.SOUTH
    assert seven.board.vulnerability is Vulnerability.BOTH
    assert seven.board.deal == Deal.from_pbn(SAMPLE)
    assert eight.board.vulnerability is Vulnerability.NONE
    assert eight.board.deal == Deal.from_pbn(SAMPLE)  # the "-" hand is the rest of the pack
    assert eight.dd is None


def test_reads_dd_from_the_optimum_result_table_alone():
    (board,) = import_pbn(read("optimum_table_only.pbn"))
    assert board.board.dealer is Direction.SOUTH  # no Dealer tag: board 3's standard dealer
    assert board.board.vulnerability is Vulnerability.EW
    assert board.dd.to_pbn_tricks() == SAMPLE_DD


def test_whist_trump_tags():
    boards = generate_board_set(range(1, 3), seed="w", game="whist").boards
    text = export_pbn(boards)
    assert f'[TrumpCard "{boards[0].trump.card}"]' in text
    back = import_pbn(text, game="whist")
    assert back[0].board.trump.card == boards[0].trump.card
    assert isinstance(back[0].board.trump.card, Card)


def test_malformed_file_names_the_line_and_imports_nothing():
    with pytest.raises(PBNError) as info:
        import_pbn(read("malformed.pbn"))
    assert info.value.line == 9
    assert "line 9: board 2" in str(info.value) and "North has 12 cards" in str(
        info.value
    )  # E:… lists N last


@pytest.mark.parametrize(
    "text, line, message",
    [
        ('[Board "1"]\n[Deal "N:AKQ', 2, "cannot read the tag"),
        (f'[Board "x"]\n[Deal "{SAMPLE}"]', 1, "not a board number"),
        (f'[Board "1"]\n[Dealer "Q"]\n[Deal "{SAMPLE}"]', 2, "not a seat"),
        (f'[Board "1"]\n[Vulnerable "Red"]\n[Deal "{SAMPLE}"]', 2, "not a vulnerability"),
        (f'[Deal "{SAMPLE}"]\n[DoubleDummyTricks "12"]', 2, "20 hex digits"),
        (f'[Board "1"]\n[Deal "{SAMPLE}"]\n\n[Board "1"]\n[Deal "{SAMPLE}"]', 5, "appears twice"),
        (f'{{ never closed\n[Deal "{SAMPLE}"]', 1, "never closed"),
        ('[Event "only a header"]', None, r"no \[Deal\] tag"),
    ],
)
def test_malformed_pbn_errors(text, line, message):
    with pytest.raises(PBNError, match=message) as info:
        import_pbn(text)
    assert info.value.line == line
    assert isinstance(info.value, ValueError)
