"""``manage.py deal --boards 1-36 --game contract|auction|whist [--seed TEXT] [--format pbn|json]``

Prints a board set without touching the database: PBN 2.1 (default) or JSON with the
fingerprint.  With ``--seed`` the same command always prints the same boards; without it the
deals come from the operating system's cryptographic source.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from boards.engine import deals, pbn
from boards.engine.cards import CardError, Suit
from boards.engine.dealing import Game
from boards.forms import parse_board_numbers


def board_json(board: deals.Board) -> dict:
    trump = board.trump
    return {
        "board": board.board_number,
        "dealer": board.dealer.letter,
        "vulnerability": board.vulnerability.pbn if board.vulnerability else None,
        "trump_card": str(trump.card) if trump and trump.card else None,
        "trump_suit": trump.suit.letter if trump else None,
        "deal": board.deal.to_pbn(),  # from North, as stored and fingerprinted
    }


class Command(BaseCommand):
    help = "Deal a board set and print it (PBN or JSON); deterministic with --seed."
    requires_system_checks: list = []

    def add_arguments(self, parser):
        parser.add_argument("--boards", default="1-36", help="board numbers, e.g. 1-36 or 1-12,25")
        parser.add_argument("--game", default="contract", choices=[g.value for g in Game])
        parser.add_argument("--seed", default=None, help="seed text for a reproducible set")
        parser.add_argument(
            "--declared-trump",
            default="",
            help="whist: a suit (S H D C) declared for the session instead of a turned trump card",
        )
        parser.add_argument("--format", default="pbn", choices=["pbn", "json"])  # fmt: skip

    def handle(self, *args, **options):
        try:
            numbers = parse_board_numbers(options["boards"])
            trump = Suit.parse(options["declared_trump"]) if options["declared_trump"] else None
        except (ValueError, CardError) as exc:
            raise CommandError(str(exc)) from None
        board_set = deals.generate_board_set(numbers, options["seed"], options["game"], trump)
        if options["format"] == "json":
            data = {
                "game": board_set.game.value,
                "seed": options["seed"],
                "fingerprint": board_set.fingerprint(),
                "boards": [board_json(b) for b in board_set.boards],
            }
            self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(pbn.export_pbn(board_set.boards, event="Board set"), ending="")
