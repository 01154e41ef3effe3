"""``manage.py export_session SESSION > file.json``: a session as a duplicate-session/1 file."""

import json

from django.core.management.base import BaseCommand

from ..interchange_commands import session_by_id


class Command(BaseCommand):
    help = "Write a session (by id) as a duplicate-session/1 JSON file to standard output."

    def add_arguments(self, parser):
        parser.add_argument("session", type=int, help="the session's id")

    def handle(self, *args, **options):
        from tournament.interchange.selectors import export_session

        data = export_session(session_by_id(options["session"]))
        self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
