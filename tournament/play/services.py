"""Writes during play: table codes issued, reissued and revoked, and the TD's record of a
table's O.K. for a round (``scoring.results.services.confirm``).
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from tournament.models import Section, TableToken
from tournament.play.selectors import active_tokens, section_tables

TOKEN_BYTES = 32


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


def confirm_round(section: Section, table: int, round_number: int, user) -> int:
    """The opponents' O.K. of one table's round, recorded by the TD."""
    from scoring.results.services import confirm

    return confirm(section, table_number=table, round_number=round_number, user=user,
                   actor="TD console")  # fmt: skip


def note_queue(token: TableToken, *, queued: int, since) -> None:
    """What a table's phone says of its offline queue with each sync: how many writes it
    still holds and the oldest one's time (None: the queue is empty).  The console's
    during-play grid shows it, so the TD sees which tables have unsent results."""
    TableToken.objects.filter(pk=token.pk).update(
        queued=queued, queued_since=since if queued else None, synced_at=timezone.now()
    )
