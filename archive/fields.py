"""Rows to plain JSON values and back, one model field at a time.

The archive copies every plain column of the rows it carries by asking the model for its fields,
so a column added later travels without touching the archive; references (foreign keys, ids
inside JSON) are written by the callers, in the file's own ids. Values read back go through the
model's own field checks (types, lengths, choices) before anything is written.
"""

from __future__ import annotations

import uuid
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import connection, models
from django.utils.translation import gettext as _

from .errors import ArchiveError


def plain_fields(model: type[models.Model], skip: tuple[str, ...] = ()) -> list[models.Field]:
    return [
        f for f in model._meta.concrete_fields
        if not f.is_relation and not f.primary_key and f.name not in skip
    ]


def _json_value(value):
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def dump(obj: models.Model, *, skip: tuple[str, ...] = ()) -> dict:
    """Every plain column of a row, as JSON values."""
    return {f.name: _json_value(f.value_from_object(obj)) for f in plain_fields(type(obj), skip)}


def _value(field: models.Field, value):
    # Django's checks pass over an "empty" value of a blank field, whatever its type: an empty
    # list for a date would reach the database. Empty means the field's own empty here (JSON
    # columns hold any JSON, empty lists included).
    if isinstance(field, models.JSONField) or value not in field.empty_values:
        return value
    if field.null:
        return None
    return field.get_default() if field.has_default() else value


def build(model: type[models.Model], data, where: str, *, skip: tuple[str, ...] = (),
          file_id=None, **references) -> models.Model:
    """An unsaved row from dumped values, checked by the model's fields; ``where`` names the
    place in the file for the refusal. ``file_id`` is the row's id in the file, kept when the
    database has it free (see save_rows)."""
    if not isinstance(data, dict):
        raise ArchiveError(_("%(where)s: expected an object.") % {"where": where})
    obj = model(**references)
    fields = plain_fields(model, skip)
    for field in fields:
        if field.name in data:
            value = data[field.name]
            if isinstance(value, str) and "\x00" in value:  # PostgreSQL text cannot hold it
                raise ArchiveError(_("%(where)s: %(field)s contains a NUL character.")
                                   % {"where": where, "field": field.name})
            setattr(obj, field.attname, _value(field, value))
    unchecked = [f.name for f in model._meta.concrete_fields if f.is_relation or f.primary_key]
    unchecked += [f.name for f in fields if f.null and getattr(obj, f.attname) is None]
    check(obj, where, exclude=unchecked)
    # auto_now_add columns are overwritten on insert; save_rows puts the file's values back.
    obj._archived_times = {
        f.attname: getattr(obj, f.attname) for f in fields
        if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)
    }
    if not all(isinstance(v, datetime | date) for v in obj._archived_times.values()):
        raise ArchiveError(_("%(where)s: a date or time is missing.") % {"where": where})
    obj._file_id = file_id
    return obj


def check(obj: models.Model, where: str, *, exclude: list[str]) -> None:
    """The model's own checks of each column (type, length, range, choices), as a refusal."""
    try:
        obj.clean_fields(exclude=exclude)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}: {' '.join(str(m) for m in messages)}"
            for name, messages in error.message_dict.items()
        )
        raise ArchiveError(
            _("%(where)s: %(problems)s") % {"where": where, "problems": problems}) from error
    except (TypeError, ValueError) as error:  # date parsers take strings only
        raise ArchiveError(_("%(where)s: a value has the wrong type.") % {"where": where}
                           ) from error


def save_rows(model: type[models.Model], rows: list[models.Model], *, keep_ids: bool = False
              ) -> dict:
    """Insert the rows in the given order; returns {file id: new id}.

    With ``keep_ids`` the rows keep their file ids when none of them is taken here, so an
    import into an empty database has the same addresses (game and player pages) as the site
    it came from; otherwise every row gets a new id and the caller remaps references.
    """
    kept = False
    if keep_ids and rows:
        ids = [row._file_id for row in rows]
        kept = not model.objects.filter(pk__in=ids).exists()
        for row in rows:
            row.pk = row._file_id if kept else None
    model.objects.bulk_create(rows, batch_size=1000)
    timed = list(getattr(rows[0], "_archived_times", {})) if rows else []
    if timed:
        for row in rows:
            for name, value in row._archived_times.items():
                setattr(row, name, value)
        model.objects.bulk_update(rows, timed, batch_size=500)
    if kept:
        _reset_sequence(model)
    return {row._file_id: row.pk for row in rows}


def _reset_sequence(model: type[models.Model]) -> None:
    # Rows inserted with their own ids leave PostgreSQL's id sequence behind; the next ordinary
    # insert would collide. SQLite takes the largest id by itself.
    statements = connection.ops.sequence_reset_sql(no_style(), [model])
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def username(user) -> str | None:
    return user.get_username() if user is not None else None


class Users:
    """Accounts named in the file, found by username here or made without a usable password
    (nobody can sign in to one until an administrator sets a password)."""

    def __init__(self, names) -> None:
        model = get_user_model()
        wanted = {n for n in names if n}
        for name in wanted:
            if not isinstance(name, str) or not 0 < len(name) <= 150:
                raise ArchiveError(_("A username in the file is not valid: %(name)r.")
                                   % {"name": name})
        field = model.USERNAME_FIELD
        self._by_name = {
            getattr(u, field): u for u in model.objects.filter(**{f"{field}__in": wanted})
        }
        for name in sorted(wanted - set(self._by_name)):
            self._by_name[name] = model.objects.create_user(**{field: name, "password": None})

    def get(self, name):
        return self._by_name.get(name) if name else None
