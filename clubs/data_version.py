"""The version of each part of the site's data, read from the data itself.

Public pages are cached under the versions of the parts they show (clubs/page_cache.py). A
part's version is the newest row ids of the tables its writes add rows to: its audit log (the
services audit their writes), the admin's log, and the rows written in bulk or unaudited
(turns, rated games, players). Audit ids only grow, so an audited write always makes a new
version, in every server process, whatever cache the site runs with, and at no cost to the
write: no counter to raise, no after-commit hook, no extra query. Each process reads the
versions (one query) at most once a second, which is what makes a write show on every page
within that second (plus a render).
"""

import threading
import time

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models.signals import post_save

# The parts of the data a page may show, and the tables a write to each part adds rows to: each
# app names its own on its AppConfig (``page_data = {scope: ("app.Model", ...)}``), so this
# module, at the bottom of the layers, names none of the apps above it. Read once apps are ready.
SCOPES: dict[str, tuple[str, ...]] = {}
# The apps whose saved rows make this process read the versions again.
WATCHED_APPS: set[str] = set()
# How long a process trusts the versions it read: the most a write from another process may
# wait before this one's pages show it.
FRESH_SECONDS = 1.0


class _Local(threading.local):
    def __init__(self):
        self.versions: dict[str, str] = {}
        self.read_at = float("-inf")
        self.read_wall = float("-inf")  # the same moment by the wall clock, for fresh_after
        # Saves seen by this process inside a transaction that is still open: only tests page
        # through one (their writes are never committed), and a row saved without adding one
        # (a renamed player) must still give them a fresh page. 0 whenever pages are served.
        self.pending = 0
        # Raised by forget() only (between tests, in benchmarks): pages of an earlier
        # generation are never served. Always 0 while serving, so every process shares pages.
        self.generation = 0


_local = _Local()


def _gather() -> None:
    for config in apps.get_app_configs():
        for scope, labels in getattr(config, "page_data", {}).items():
            SCOPES[scope] = tuple(dict.fromkeys((*SCOPES.get(scope, ()), *labels)))
            WATCHED_APPS.update(label.partition(".")[0] for label in labels
                                if label != "admin.LogEntry")


def _newest_ids() -> dict[str, int]:
    labels = sorted({label for tables in SCOPES.values() for label in tables})
    quote = connection.ops.quote_name
    parts = ", ".join(
        f"(SELECT MAX({quote(model._meta.pk.column)}) FROM {quote(model._meta.db_table)})"
        for model in map(apps.get_model, labels))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {parts}")
        return dict(zip(labels, cursor.fetchone(), strict=True))


def versions(fresh_after: float | None = None) -> dict[str, str]:
    """Each part's current version (at most FRESH_SECONDS old), and this process's own.

    ``fresh_after``: a wall-clock time (seconds) the versions must have been read after, that
    of a change whose pushed nudge the page is answering (clubs/push.py): each process then
    reads them once more per change, not once per page. A time still to come counts as now.
    """
    now = time.monotonic()
    stale = now - _local.read_at > FRESH_SECONDS
    if not stale and fresh_after is not None:
        stale = _local.read_wall < min(fresh_after, time.time())
    if stale:
        began = time.time()  # the read sees every commit made before it began
        newest = _newest_ids()
        _local.versions = {scope: ".".join(str(newest[label] or 0) for label in tables)
                           for scope, tables in SCOPES.items()}
        _local.read_at, _local.read_wall = now, began
    pending = _local.pending if connection.in_atomic_block else 0
    return {**_local.versions, "own": f"{_local.generation}.{pending}"}


def forget() -> None:
    """This process's next page reads the versions again and is never one cached before it
    (between tests, whose writes are rolled back)."""
    _local.read_at = float("-inf")
    _local.generation += 1


def _row_saved(sender, **kwargs) -> None:
    # This process's own next page reads the versions again at once, and sees the write.
    if sender._meta.app_label in WATCHED_APPS:
        _local.read_at = float("-inf")
        _local.pending += 1


class UnknownScope(ImproperlyConfigured):
    """A page cached under a scope no AppConfig names: it would read version 0 for ever."""


# Every scope a cached page, widget or API answer was declared with, checked once the apps'
# page_data are read (clubs' AppConfig.ready) and, after that, as each is declared.
_DECLARED: dict[str, str] = {}


def scopes_declared(scopes, where: str) -> tuple[str, ...]:
    """The ``scopes`` a cache is declared with (by ``where``), refused with UnknownScope if one
    is not a scope of data_version.SCOPES. Views are decorated when the URLs load, so a typo
    stops ``manage.py check``, ``migrate`` and the server's start, not a page at run time."""
    scopes = tuple(scopes)
    for scope in scopes:
        _DECLARED.setdefault(scope, where)
    if SCOPES:
        _check()
    return scopes


def _check() -> None:
    unknown = sorted(set(_DECLARED) - set(SCOPES))
    if unknown:
        raise UnknownScope(
            "Page cache scopes not named on any AppConfig.page_data: "
            + ", ".join(f"{scope!r} ({_DECLARED[scope]})" for scope in unknown)
            + f"; known: {', '.join(sorted(SCOPES))}")


def listen() -> None:
    _gather()
    _check()
    post_save.connect(_row_saved, dispatch_uid="data_version_row_saved")
