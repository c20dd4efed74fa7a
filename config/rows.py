"""Reading and writing whole rows of a model with statements written once per model.

For the few statements a move runs on every request and every worker turn. The ORM
compiles each statement anew; for a one-row read or write that compiling costs more CPU
than the round trip itself (bench/move_profile.py). These build the same SQL once, keep
it, and convert values the way the ORM does (`get_db_prep_save` on the way in, the
fields' database converters on the way out), so the instances are ordinary model
instances. No signals are sent: use them only for models that have no receivers.
"""

from functools import cache

from django.db import DatabaseError, connections
from django.db.models import Model


def _quote(alias: str, name: str) -> str:
    return connections[alias].ops.quote_name(name)


@cache
def _select(model: type[Model], alias: str) -> tuple[str, tuple]:
    """`SELECT <every column> FROM <table>`, and each column's converters."""
    connection = connections[alias]
    meta = model._meta
    table = _quote(alias, meta.db_table)
    columns = ", ".join(f"{table}.{_quote(alias, f.column)}" for f in meta.concrete_fields)
    converters = []
    for field in meta.concrete_fields:
        column = field.get_col(meta.db_table)
        found = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        converters.append((column, tuple(found)))
    return f"SELECT {columns} FROM {table}", tuple(converters)


def select(model: type[Model], where: str, params: list, *, using: str = "default") -> list:
    """Instances of `model` for `SELECT … FROM <table> <where>` (`where` holds any WHERE,
    ORDER BY and FOR UPDATE clauses, with %s placeholders)."""
    connection = connections[using]
    head, converters = _select(model, using)
    with connection.cursor() as cursor:
        cursor.execute(f"{head} {where}", params)
        rows = cursor.fetchall()
    found = []
    for row in rows:
        values = list(row)
        for at, (column, column_converters) in enumerate(converters):
            for convert in column_converters:
                values[at] = convert(values[at], column, connection)
        found.append(model.from_db(using, None, values))
    return found


def table_of(model: type[Model], using: str = "default") -> str:
    return _quote(using, model._meta.db_table)


@cache
def _update(model: type[Model], fields: tuple[str, ...], alias: str) -> tuple[str, tuple]:
    meta = model._meta
    chosen = tuple(meta.get_field(name) for name in fields)
    assignments = ", ".join(f"{_quote(alias, field.column)} = %s" for field in chosen)
    pk = _quote(alias, meta.pk.column)
    return f"UPDATE {_quote(alias, meta.db_table)} SET {assignments} WHERE {pk} = %s", chosen


def update(instance: Model, fields: list[str], *, using: str = "default") -> None:
    """Write `fields` of a saved instance, as `save(update_fields=fields)` would."""
    connection = connections[using]
    sql, chosen = _update(type(instance), tuple(fields), using)
    params = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in chosen
    ]
    params.append(instance.pk)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")


@cache
def _insert(model: type[Model], alias: str) -> tuple[str, tuple]:
    connection = connections[alias]
    meta = model._meta
    chosen = tuple(field for field in meta.concrete_fields if not field.primary_key)
    columns = ", ".join(_quote(alias, field.column) for field in chosen)
    marks = ", ".join(["%s"] * len(chosen))
    sql = f"INSERT INTO {_quote(alias, meta.db_table)} ({columns}) VALUES ({marks})"
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {_quote(alias, meta.pk.column)}"
    return sql, chosen


def insert(instance: Model, *, using: str = "default") -> Model:
    """Store a new instance (its primary key given by the database), as `save()` would."""
    connection = connections[using]
    sql, chosen = _insert(type(instance), using)
    params = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in chosen
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if connection.features.can_return_columns_from_insert:
            key = cursor.fetchone()[0]
        else:
            key = connection.ops.last_insert_id(
                cursor, instance._meta.db_table, instance._meta.pk.column
            )
    instance.pk = key
    instance._state.adding = False
    instance._state.db = using
    return instance
