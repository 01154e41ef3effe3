"""What the interchange commands share: reading the file, finding the club or the
session, turning an ``InterchangeError`` into a ``CommandError`` that names the file."""

from __future__ import annotations

import abc
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}") from exc


def read_bytes(path: str) -> bytes:
    """The file as written: formats that say their own encoding (XML, PBN) decode it."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc}") from exc


def club_by_slug(slug: str | None):
    from tournament.models import Club

    if not slug:
        return None
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(f"no club {slug!r}")
    return club


def session_by_id(pk: int):
    from tournament.models import Session

    session = Session.objects.filter(pk=pk).first()
    if session is None:
        raise CommandError(f"no session with id {pk}")
    return session


class ImportCommand(BaseCommand, abc.ABC):
    """``manage.py <command> FILE [--club SLUG]``: a new session from a file; prints its id."""

    club_required = False
    binary = False  # the format reads its own encoding from the bytes

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--club",
            required=self.club_required,
            help="the club's slug" + ("" if self.club_required else " (default: the file's)"),
        )

    def handle(self, *args, **options):
        from tournament.interchange.formats.errors import InterchangeError

        club = club_by_slug(options["club"])
        try:
            data = read_bytes(options["file"]) if self.binary else read_text(options["file"])
            result = self.load(data, club)
        except InterchangeError as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        self.stdout.write(self.report(result))

    @abc.abstractmethod
    def load(self, text: str, club):
        """Import ``text`` (into ``club`` if given) and return what :meth:`report` prints."""

    def report(self, session) -> str:
        """The session's id; how another program's file was read (its format, the program
        that wrote it, the encoding) on stderr."""
        read = (getattr(session, "event", None) and session.event.conditions or {}).get("source")
        if read:
            self.stderr.write("read as " + ", ".join(f"{k}: {v}" for k, v in read.items()))
        return str(session.pk)


class SectionExportCommand(BaseCommand, abc.ABC):
    """``manage.py <command> SESSION [--section A]``: one section written to standard output."""

    def add_arguments(self, parser):
        parser.add_argument("session", type=int)
        parser.add_argument("--section", help="section name (default: the first)")

    def handle(self, *args, **options):
        from tournament.interchange.formats.errors import InterchangeError

        session = session_by_id(options["session"])
        try:
            self.stdout.write(self.write(session, options["section"]), ending="")
        except InterchangeError as exc:
            raise CommandError(str(exc)) from exc

    @abc.abstractmethod
    def write(self, session, section: str | None) -> str:
        """The section in the command's format."""
