"""Print a movement: ``manage.py movement KIND --tables T | --pairs P [--rounds R]
[--boards-per-round B] [--form 1926] [--format json|text]``; ``movement recommend --pairs P``
lists the suitable movements for that number of pairs, best first; ``movement import FILE
[--boards-per-round B]`` reads a schedule file in the JSON schedule format, runs the movement
checker on it and prints it (errors name the line or the round, table and field).

``--form 1926`` is the skip Mitchell of the 1926 laws: all T rounds, so the pair that skips
meets one N-S pair twice [002 L3270–3279]. ``--rounds`` is refused where the schedule is fixed;
``individual --players 12 --rounds 7`` (or 8) stops the 12-player game early as the book
allows [002 L3064–3065].
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.movements import MovementError, build, kinds
from tournament.movements.recommend import describe, recommend
from tournament.movements.schedule import read_schedule
from tournament.movements.text import master_sheet


class Command(BaseCommand):
    help = "Build and print a movement (JSON or the TD's master sheet), or recommend movements."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument(
            "kind", help=f"one of: {', '.join(kinds())}, or 'recommend', or 'import FILE'"
        )
        parser.add_argument("file", nargs="?", help="import: the schedule file to read")
        parser.add_argument("--tables", type=int)
        parser.add_argument("--pairs", type=int)
        parser.add_argument("--players", type=int, help="individual and pivot games")
        parser.add_argument("--rounds", type=int)
        parser.add_argument("--boards-per-round", type=int)
        parser.add_argument("--minutes", type=int, help="recommend: time available")
        parser.add_argument("--boards", type=int, help="recommend: target number of boards")
        parser.add_argument(
            "--form",
            choices=["modern", "1926"],
            help="skip-mitchell: 'modern' plays T-1 rounds (the default); '1926' plays all T "
            "rounds, the skipping pair meeting one N-S pair twice (Law 3)",
        )
        parser.add_argument("--format", choices=["json", "text"], default="json")

    def handle(self, *args, kind, format, file=None, **opts):
        if kind == "recommend":
            return self._recommend(opts)
        if kind == "import":
            return self._import(file, format, opts.get("boards_per_round"))
        if file is not None:
            raise CommandError(f"unexpected argument {file!r}: only 'import' takes a file")
        options = {k: opts[k] for k in ("tables", "pairs", "players", "rounds", "boards_per_round")}
        options = {k: v for k, v in options.items() if v is not None}
        if opts.get("form") == "1926":
            options["revenge"] = True
        try:
            movement = build(kind, **options)
        except MovementError as exc:
            field = getattr(exc, "field", None)
            flag = {"revenge": "--form 1926"}.get(
                field, f"--{field.replace('_', '-')}" if field else ""
            )
            raise CommandError(f"{flag}: {exc}" if flag else str(exc)) from None
        if format == "json":
            self.stdout.write(json.dumps(movement.to_json(), indent=1))
        else:
            self.stdout.write(master_sheet(movement))

    def _import(self, file, format, boards_per_round):
        if not file:
            raise CommandError("import needs the schedule FILE to read")
        try:
            with open(file, "rb") as handle:
                text = handle.read()
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from None
        try:
            movement = read_schedule(text, boards_per_round)
        except MovementError as exc:
            raise CommandError(f"{file}: {exc}") from None
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
