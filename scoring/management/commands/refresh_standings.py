"""``manage.py refresh_standings``: recompute every session's standings that lag its results.

A result is committed before its standings are recomputed; a server killed in between
leaves the published standings a result behind until the next write.  scripts/serve runs
this before starting the server (and so should any other start-up script).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scoring.standings.services import refresh_lagging_standings


class Command(BaseCommand):
    help = "Recompute the standings of every session whose standings lag its results."

    def handle(self, *args, **options) -> None:
        refreshed = refresh_lagging_standings()
        if refreshed:
            ids = ", ".join(str(pk) for pk in refreshed)
            self.stdout.write(f"standings refreshed for {len(refreshed)} sessions: {ids}")
        else:
            self.stdout.write("standings up to date")
