"""``manage.py export_session SESSION > file.json``: a session as a duplicate-session/1 file."""

import json

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Write a session (by id) as a duplicate-session/1 JSON file to standard output."

    def add_arguments(self, parser):
        parser.add_argument("session", type=int, help="the session's id")

    def handle(self, *args, **options):
        from tournament.interchange.db import export_session
        from tournament.models import Session

        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"no session with id {options['session']}")
        data = export_session(session)
        self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
