"""``manage.py backup_club SLUG FILE``: the whole club (all events and sessions) to one file."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.operations import write_private


class Command(BaseCommand):
    help = "Write a club, its players and every event and session to a duplicate-club/1 file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def handle(self, *args, **options):
        from tournament.interchange.selectors import backup_club
        from tournament.models import Club

        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"no club {options['slug']!r}")
        data = backup_club(club)
        # the backup holds the table codes and every player's details: the owner's only (0600)
        try:
            write_private(options["file"], json.dumps(data, indent=1, ensure_ascii=False))
        except OSError as exc:
            raise CommandError(f"cannot write {options['file']}: {exc}") from exc
        sessions = sum(len(e["sessions"]) for e in data["events"])
        self.stdout.write(f"{club.slug}: {len(data['events'])} events, {sessions} sessions")
