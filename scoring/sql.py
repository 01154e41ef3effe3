"""Table and column names for the few statements written by hand (issue 23).

A table's result write runs the existing-result check, the table's progress and the version
bump every time; compiling them through the ORM cost more than running them, so they are
written once (``scoring.results``).  Their names come from the models (``_meta``), quoted for
the database in use, so a renamed field or table is followed.
"""

from __future__ import annotations

from django.db import connection


def table(model) -> str:
    """The model's table, quoted."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model, name: str) -> str:
    """The column of the model's field ``name`` (a foreign key: its ``_id`` column), quoted."""
    return connection.ops.quote_name(model._meta.get_field(name).column)


#: appended to a locking read: SQLite has no row locks (a write transaction there begins
#: IMMEDIATE, which serialises the writers instead)
FOR_UPDATE = " FOR UPDATE" if connection.features.has_select_for_update else ""
