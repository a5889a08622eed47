"""A query built and compiled once per process, then run with other values.

For the few queries a hall runs on every tap (the tablet's locked read of a game, issue 25),
where Django's building of the queryset and its compiling to SQL cost more than PostgreSQL's
answer: a turn's read of its game, its seats, its round and the asker's role took about 2 ms of
CPU to build and compile and 0.5 ms to run.

``Prepared(build)``: ``build(**values)`` makes the queryset from plain values (ints and
strings: ids, a token, a key). The first run with a set of value names builds it with stand-ins
in place of the values, compiles it, and notes where each stand-in falls among the statement's
parameters; every run then executes that statement with its own values, and makes the model
objects as the queryset would have: its select_related objects cached on them, its annotations
set. A value that does not reach the parameters as it was given (a lookup that rewrites it) is
refused when the statement is compiled, so a stand-in can never be run.

``build`` must make the same statement for the same value names, whatever the values: the
values decide the parameters, never the shape.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, get_related_populators

# Stand-ins no real value is: beyond any id a sequence hands out, and text no form sends.
_INT_STAND_IN = 7_340_000_000_000_000_000
_TEXT_STAND_IN = "\ufdd0stand-in {}\ufdd0"


@dataclass
class _Compiled:
    sql: str
    slots: list  # per parameter: the name of the value it takes, or (None, a constant)
    compiler: object  # the compiler as it compiled: its select, klass_info, converters
    init_list: list[str]
    start: int
    end: int
    populators: list
    annotations: dict[str, int]


class Prepared:
    """A queryset compiled once per process for each set of value names (module doc)."""

    def __init__(self, build: Callable[..., QuerySet], *, using: str = DEFAULT_DB_ALIAS):
        self.build = build
        self.using = using
        self._compiled: dict[tuple, _Compiled] = {}

    def rows(self, **values) -> list[Model]:
        """The queryset's objects for these values, in its order; one statement."""
        for value in values.values():
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise TypeError(f"a prepared query takes ints and strings, not {value!r}")
        connection = connections[self.using]
        shape = (connection.vendor, tuple(sorted((name, type(value).__name__)
                                                 for name, value in values.items())))
        compiled = self._compiled.get(shape)
        if compiled is None:
            compiled = self._compiled[shape] = self._compile(values)
        params = [values[slot] if isinstance(slot, str) else slot[1] for slot in compiled.slots]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        compiler = copy.copy(compiled.compiler)
        compiler.connection = connection  # this thread's
        if compiler.has_extra_select:
            fetched = [row[:compiler.col_count] for row in fetched]
        model = compiled.compiler.klass_info["model"]
        out = []
        for row in compiler.results_iter([fetched]):
            obj = model.from_db(self.using, compiled.init_list, row[compiled.start:compiled.end])
            for populator in compiled.populators:
                populator.populate(row, obj)
            for name, position in compiled.annotations.items():
                setattr(obj, name, row[position])
            out.append(obj)
        return out

    def _compile(self, values: dict) -> _Compiled:
        stand_ins = {
            name: (_INT_STAND_IN + i if isinstance(value, int) else _TEXT_STAND_IN.format(i))
            for i, (name, value) in enumerate(sorted(values.items()))}
        queryset = self.build(**stand_ins)
        if queryset._iterable_class is not ModelIterable or queryset._known_related_objects:
            raise TypeError("a prepared query makes model objects from one plain queryset")
        compiler = queryset.query.get_compiler(using=self.using)
        sql, params = compiler.as_sql()
        by_value = {(type(v), v): name for name, v in stand_ins.items()}
        slots = [by_value.get((type(p), p), (None, p)) for p in params]
        missing = set(stand_ins) - {slot for slot in slots if isinstance(slot, str)}
        if missing:
            raise ValueError(f"values not found among the statement's parameters: {missing}")
        klass_info, select = compiler.klass_info, compiler.select
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return _Compiled(
            sql=sql, slots=slots, compiler=compiler,
            init_list=[f[0].target.attname for f in select[start:end]], start=start, end=end,
            populators=get_related_populators(klass_info, select, self.using),
            annotations=dict(compiler.annotation_col_map or {}),
        )
