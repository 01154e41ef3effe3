"""Reads during play: the tables a movement uses, their valid codes, a code looked up in
constant time, the URL its QR code opens, and how far every table has got.
"""

from __future__ import annotations

import functools
import hmac
from collections import Counter
from dataclasses import dataclass

from django.db import connection
from django.urls import reverse

from scoring import sql
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult
from tournament.models import Event, Section, Session, TableToken

#: why a table code cannot enter results: (HTTP status, title, advice) — every table page's
#: refusal (``tournament.views.table``, ``tournament.views.table_swiss``)
REFUSALS = {
    "unknown": (404, "This table code is not known",
                "Check that the whole code was scanned, or ask the director for the table's card."),
    "revoked": (403, "This table code has been withdrawn",
                "The director has replaced this table's code. Ask for the new card."),
    Session.Status.DRAFT: (403, "The session has not started",
                           "Results can be entered once the director starts the session."),
    Session.Status.PROVISIONAL: (403, "Play is over",
                                 "The session is provisional: ask the director about any correction."),
    Session.Status.FINAL: (403, "The session is final",
                           "Results can no longer be entered or changed."),
}  # fmt: skip


def section_tables(section: Section) -> list[int]:
    """The table numbers the section's movement uses (sorted); none before a movement.
    A progressive game has no movement: its tables are those of the rounds seated so far;
    a Swiss, those of its matches paired so far (a bye has none; docs/swiss.md)."""
    movement = section.get_movement()
    if movement is None and section.movement_kind == "swiss":
        rows = section.swiss_matches.filter(away__isnull=False).values_list("table_number")
        return sorted({t for (t,) in rows})
    if movement is None:
        return sorted({row["table"] for rs in section.round_seatings.all() for row in rs.seating})
    return sorted({seating.table for rnd in movement.rounds for seating in rnd.tables})


def active_tokens(section: Section) -> dict[int, TableToken]:
    """Table number → its valid (not revoked) token."""
    rows = TableToken.objects.filter(section=section, revoked=False)
    return {row.table_number: row for row in rows}


def lookup(token: str) -> TableToken | None:
    """The token's row (revoked or not), or None when no such token exists.

    Malformed input is refused before the database is asked.  The row is
    fetched by the token and the secret compared again in constant time, so a
    case-insensitive database collation can never make a near-miss match.
    """
    if not isinstance(token, str) or not 20 <= len(token) <= 64:
        return None
    statement, parts = _token_statement()
    with connection.cursor() as cursor:
        cursor.execute(statement, [token])
        found = cursor.fetchone()
    if found is None:
        return None
    built, at = [], 0
    for part in parts:
        built.append(part.build(found[at : at + len(part)]))
        at += len(part)
    row, section, session, event = built
    session.event, section.session, row.section = event, session, section
    if not hmac.compare_digest(row.token.encode(), token.encode()):
        return None
    return row


@functools.cache
def _token_statement() -> tuple[str, tuple[sql.Columns, ...]]:
    """A token's row with its section, session and event, in one statement written once:
    every table request starts here, and compiling the ORM's query for it cost more than
    running it (``scoring.sql``).  The section's movement is left deferred: it is known by
    its digest (``Section.get_movement``)."""
    parts = (sql.Columns(TableToken, "t"), sql.Columns(Section, "s", defer=("movement",)),
             sql.Columns(Session, "se"), sql.Columns(Event, "e"))  # fmt: skip
    joins = [
        f"{sql.table(model)} {alias} ON {alias}.{sql.pk(model)} = {of}.{sql.column(child, key)}"
        for model, alias, child, of, key in (
            (Section, "s", TableToken, "t", "section"),
            (Session, "se", Section, "s", "session"),
            (Event, "e", Session, "se", "event"),
        )
    ]
    statement = (
        f"SELECT {', '.join(part.sql for part in parts)} FROM {sql.table(TableToken)} t "
        f"JOIN {' JOIN '.join(joins)} WHERE t.{sql.column(TableToken, 'token')} = %s"
    )
    return statement, parts


def check_token(token: str) -> tuple[TableToken | None, str | None]:
    """(TableToken, None) when the table may enter results, else (None, the reason: a key
    of ``REFUSALS``)."""
    row = lookup(token)
    if row is None:
        return None, "unknown"
    if row.revoked:
        return None, "revoked"
    status = row.section.session.status
    if status != Session.Status.RUNNING:
        return None, status
    return row, None


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


@dataclass(frozen=True)
class TableProgress:
    table: int
    round: int | None  # the round being played (None: finished)
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    entered: int
    confirmed: bool
    #: the pair sitting out at this table in the section's current round (the phantom's
    #: opponent): nothing to enter, no slip, nothing to confirm
    sit_out: int | None = None

    @property
    def label(self) -> str:
        """The progress cell of the table's row (the row says the table)."""
        if self.sit_out is not None:
            return f"sit-out (pair {self.sit_out} sits out this round)"
        if self.round is None:
            return "finished"
        return f"{self.entered} of {len(self.boards)} boards in"


def progress(section: Section) -> list[TableProgress]:
    """The current round of every table and how many of its boards are in (one query)."""
    movement = section.get_movement()
    if movement is None:
        return []
    rows = BoardResult.objects.filter(section=section).values_list(
        "round_number", "table_number", "status"
    )
    entered: Counter = Counter()
    unconfirmed: Counter = Counter()
    for rnd, table, status in rows:
        entered[rnd, table] += 1
        unconfirmed[rnd, table] += status != BoardResult.Status.CONFIRMED
    out = [
        _table_progress(movement, table, entered, unconfirmed)
        for table in range(1, movement.tables + 1)
    ]
    playing = [t.round for t in out if t.round is not None]
    if not playing or movement.phantom is None:
        return out
    current = min(playing)  # the section's round: the earliest round a table still plays
    return [_sit_out(movement, current, t) or t for t in out]


def _sit_out(movement, current: int, progress: TableProgress) -> TableProgress | None:
    """The table's row when the phantom sits at it in the section's current round."""
    try:
        seating = movement.round(current).table(progress.table)
    except (IndexError, KeyError):
        return None
    if movement.phantom not in (seating.ns, seating.ew):
        return None
    pair = seating.ew if seating.ns == movement.phantom else seating.ns
    return TableProgress(progress.table, None, seating.ns, seating.ew, (), 0, True, sit_out=pair)


def _table_progress(movement, table, entered, unconfirmed) -> TableProgress:
    plays = [
        (rnd.number, seating, movement.boards_for(seating))
        for rnd in movement.rounds
        for seating in rnd.tables
        if seating.table == table and seating.ns is not None and seating.ew is not None
        and movement.phantom not in seating.seated
    ]  # fmt: skip
    for number, seating, boards in plays:
        done = entered[number, table]
        if done < len(boards) or unconfirmed[number, table]:
            return TableProgress(table, number, seating.ns, seating.ew, boards, done,
                                 done == len(boards) and not unconfirmed[number, table])  # fmt: skip
    return TableProgress(table, None, None, None, (), 0, True)


def round_plays(section: Section, round_number: int, table: int) -> list:
    """The scheduled plays of one table in one round (the pick-up slip's rows)."""
    movement = section.get_movement()
    if movement is None:
        return []
    plays = scheduled_plays(movement)
    return sorted(
        (board, p) for board, ps in plays.items() for p in ps
        if p.round == round_number and p.table == table
    )  # fmt: skip


def phone_reports(section: Section) -> dict[int, TableToken]:
    """Each table's valid code with what its phone last reported of its offline queue
    (``queued``, ``queued_since``, ``synced_at``), by table number."""
    return {t.table_number: t for t in TableToken.objects.filter(section=section, revoked=False)}
