"""``manage.py score_file file.json``: score a session file without touching the database.

Nothing here imports a model, so it runs with no database configured.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Score a duplicate-session/1 file and print the standings as JSON (no database)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        from tournament.interchange.formats.errors import InterchangeError
        from tournament.interchange.formats.scoring_input import score
        from tournament.interchange.formats.session_file import parse

        try:
            text = Path(options["file"]).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        try:
            standings = score(parse(text))
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(json.dumps(standings, indent=2, ensure_ascii=False))
