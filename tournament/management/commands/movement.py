"""Print a movement: ``manage.py movement KIND --tables T | --pairs P [--rounds R]
[--boards-per-round B] [--format json|text]``; ``movement recommend --pairs P`` lists
the suitable movements for that number of pairs, best first.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.movements import MovementError, build, kinds
from tournament.movements.recommend import describe, recommend
from tournament.movements.text import master_sheet


class Command(BaseCommand):
    help = "Build and print a movement (JSON or the TD's master sheet), or recommend movements."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("kind", help=f"one of: {', '.join(kinds())}, or 'recommend'")
        parser.add_argument("--tables", type=int)
        parser.add_argument("--pairs", type=int)
        parser.add_argument("--players", type=int, help="individual and pivot games")
        parser.add_argument("--rounds", type=int)
        parser.add_argument("--boards-per-round", type=int)
        parser.add_argument("--minutes", type=int, help="recommend: time available")
        parser.add_argument("--boards", type=int, help="recommend: target number of boards")
        parser.add_argument("--format", choices=["json", "text"], default="json")

    def handle(self, *args, kind, format, **opts):
        if kind == "recommend":
            return self._recommend(opts)
        options = {k: opts[k] for k in ("tables", "pairs", "players", "rounds", "boards_per_round")}
        options = {k: v for k, v in options.items() if v is not None}
        try:
            movement = build(kind, **options)
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        if format == "json":
            self.stdout.write(json.dumps(movement.to_json(), indent=1))
        else:
            self.stdout.write(master_sheet(movement))

    def _recommend(self, opts):
        if not opts.get("pairs"):
            raise CommandError("recommend needs --pairs (the number of pairs in the room)")
        try:
            options = recommend(
                opts["pairs"],
                minutes=opts.get("minutes"),
                target_boards=opts.get("boards"),
                boards_per_round=opts.get("boards_per_round"),
            )
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(describe(options))
