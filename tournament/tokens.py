"""Table tokens: the secret behind each table's QR code (score entry at the table).

A token is ``secrets.token_urlsafe(32)`` (256 random bits), one per table of a
section.  It opens ``/t/<token>/`` for that table and section only, while the
session runs.  The TD issues tokens, revokes one table's (a lost phone, a
photographed card) or all of them; a revoked token never works again, and a
fresh one is issued in its place.  Lookup fetches the row by the token and then
compares the secret again with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hmac
import secrets

from django.db import transaction
from django.urls import reverse

from .models import Section, TableToken

TOKEN_BYTES = 32


def section_tables(section: Section) -> list[int]:
    """The table numbers the section's movement uses (sorted); none before a movement."""
    movement = section.get_movement()
    if movement is None:
        return []
    return sorted({seating.table for rnd in movement.rounds for seating in rnd.tables})


def active_tokens(section: Section) -> dict[int, TableToken]:
    """Table number → its valid (not revoked) token."""
    rows = TableToken.objects.filter(section=section, revoked=False)
    return {row.table_number: row for row in rows}


@transaction.atomic
def issue_tokens(section: Section) -> list[TableToken]:
    """Give every table of the section a token, keeping the ones still valid."""
    Section.objects.select_for_update().filter(pk=section.pk).first()
    current = active_tokens(section)
    new = [
        TableToken(section=section, table_number=table, token=secrets.token_urlsafe(TOKEN_BYTES))
        for table in section_tables(section)
        if table not in current
    ]
    TableToken.objects.bulk_create(new)
    current.update({row.table_number: row for row in new})
    return [current[t] for t in sorted(current)]


@transaction.atomic
def reissue(section: Section, table_number: int) -> TableToken:
    """Revoke one table's token and give that table a new one."""
    revoke(section, table_number)
    return TableToken.objects.create(
        section=section, table_number=table_number, token=secrets.token_urlsafe(TOKEN_BYTES)
    )


def revoke(section: Section, table_number: int) -> int:
    """Revoke the table's valid token(s); returns how many were revoked."""
    return TableToken.objects.filter(
        section=section, table_number=table_number, revoked=False
    ).update(revoked=True)


def revoke_all(section: Section) -> int:
    return TableToken.objects.filter(section=section, revoked=False).update(revoked=True)


def lookup(token: str) -> TableToken | None:
    """The token's row (revoked or not), or None when no such token exists.

    Malformed input is refused before the database is asked.  The row is
    fetched by the token and the secret compared again in constant time, so a
    case-insensitive database collation can never make a near-miss match.
    """
    if not isinstance(token, str) or not 20 <= len(token) <= 64:
        return None
    row = (
        TableToken.objects.select_related("section__session__event__club")
        .filter(token=token)
        .first()
    )
    if row is None or not hmac.compare_digest(row.token.encode(), token.encode()):
        return None
    return row


def entry_url(request_or_base, token: TableToken | str) -> str:
    """The absolute URL a table's QR code opens.

    ``request_or_base`` is a request (the URL is built from its host) or a base
    URL such as ``https://club.example.org``.
    """
    secret = token.token if isinstance(token, TableToken) else token
    path = reverse("table", args=[secret])
    if isinstance(request_or_base, str):
        return request_or_base.rstrip("/") + path
    return request_or_base.build_absolute_uri(path)
