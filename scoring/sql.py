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


def pk(model) -> str:
    """The column of the model's primary key, quoted."""
    return connection.ops.quote_name(model._meta.pk.column)


#: appended to a locking read: SQLite has no row locks (a write transaction there begins
#: IMMEDIATE, which serialises the writers instead)
FOR_UPDATE = " FOR UPDATE" if connection.features.has_select_for_update else ""


class Columns:
    """A model's columns in a statement written by hand, and its instance built from them as
    the ORM builds it: each value through the converters the ORM would apply (SQLite's
    booleans and dates, JSON), fields in ``defer`` left deferred (read when first used)."""

    def __init__(self, model, alias: str, defer: tuple[str, ...] = ()):
        self.model, self.alias = model, alias
        fields = [f for f in model._meta.concrete_fields if f.name not in defer]
        self.names = [f.attname for f in fields]
        self.sql = ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in fields)
        self._convert = []
        for field in fields:
            col = field.get_col(alias)
            converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            self._convert.append((col, converters))

    def __len__(self) -> int:
        return len(self.names)

    def build(self, values):
        """The model instance of a row's values (this model's slice of them, in order)."""
        out = []
        for value, (col, converters) in zip(values, self._convert, strict=True):
            for convert in converters:
                value = convert(value, col, connection)
            out.append(value)
        return self.model.from_db(connection.alias, self.names, out)


def select(part: Columns, where: str, params: list, suffix: str = "") -> list:
    """The instances of ``part``'s model whose rows meet ``where`` (its columns named through
    ``part.alias``), read in a statement written by hand; ``suffix``: e.g. ``FOR_UPDATE``."""
    statement = f"SELECT {part.sql} FROM {table(part.model)} {part.alias} WHERE {where}{suffix}"
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return [part.build(values) for values in cursor.fetchall()]
