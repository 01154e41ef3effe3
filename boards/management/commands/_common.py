"""Helpers shared by the board commands."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError


def get_session(pk: int):
    from tournament.models import Session

    try:
        return Session.objects.select_related("event__club").get(pk=pk)
    except Session.DoesNotExist:
        raise CommandError(f"no session {pk}; see the TD console for session numbers") from None


def read_text(path: str) -> str:
    """A PBN file as text: UTF-8 (with or without BOM), else Latin-1 as older programs write."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
