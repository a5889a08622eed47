"""The version of each part of the site's data, raised after every committed write to it.

Public pages are cached under the versions of the parts they show (clubs/page_cache.py). The
numbers live in the database (DataVersion), so a write made in one server process is seen by
all of them, whatever cache the site runs with; each process looks them up at most once a
second, which is what makes a write show on every page within that second (plus a render).
"""

import functools
import logging
import threading
import time

from django.db import connection, transaction
from django.db.models import F
from django.db.models.signals import post_save

logger = logging.getLogger(__name__)

# The parts of the data a page may show; a model's app label names its part.
SCOPES = ("clubs", "scoring", "tournaments")
# How long a process trusts the numbers it read: the most a write from another process may
# wait before this one's pages show it.
FRESH_SECONDS = 1.0


class _Local(threading.local):
    def __init__(self):
        self.numbers: dict[str, int] = {}
        self.read_at = float("-inf")
        # Writes this process has made since its last commit raised a number: a page it serves
        # before then (a test, whose writes never commit) is never one cached before them.
        self.pending = 0
        # Raised by forget() only (between tests, in benchmarks): pages of an earlier
        # generation are never served. Always 0 while serving, so every process shares pages.
        self.generation = 0


_local = _Local()


def versions() -> dict[str, int | str]:
    """Each part's current number (at most FRESH_SECONDS old), and this process's writes."""
    now = time.monotonic()
    if now - _local.read_at > FRESH_SECONDS:
        from .models import DataVersion

        _local.numbers = dict(DataVersion.objects.values_list("scope", "number"))
        _local.read_at = now
    return {**_local.numbers, "own": f"{_local.generation}.{_local.pending}"}


def forget() -> None:
    """This process's next page reads the numbers again and is never one cached before it
    (between tests, whose writes are rolled back and raise no number)."""
    _local.read_at = float("-inf")
    _local.generation += 1


def _raise_number(scope: str) -> None:
    from .models import DataVersion

    if not DataVersion.objects.filter(scope=scope).update(number=F("number") + 1):
        DataVersion.objects.get_or_create(scope=scope)
        DataVersion.objects.filter(scope=scope).update(number=F("number") + 1)
    # The writer's own next page reads the new number at once.
    _local.read_at = float("-inf")
    _local.pending = 0


# One callable per part, so a transaction that writes many rows raises its number once.
_RAISERS = {scope: functools.partial(_raise_number, scope) for scope in SCOPES}


def data_changed(scope: str) -> None:
    """Call inside (or outside) a write's transaction: once it commits, pages showing this
    part of the data are rendered afresh. Best effort: a failure is logged, never raised, since
    the write itself has committed by then."""
    _local.pending += 1
    raiser = _RAISERS[scope]
    # Once per transaction level (savepoint): a service nested in another one (and a test's
    # captured hooks, which are those of its own level) still gets its hook.
    level = set(connection.savepoint_ids)
    pending = getattr(connection, "run_on_commit", ())
    if connection.in_atomic_block and any(
            hook is raiser and sids == level for sids, hook, _ in pending):
        return
    transaction.on_commit(raiser, robust=True)


def _row_saved(sender, **kwargs) -> None:
    # Every save in the three apps, whoever makes it (services, the admin, an import): no
    # writer can forget to tell the pages. Bulk writes send no signal; those services call
    # data_changed themselves. Deletes are not listened to: a receiver would make Django fetch
    # every row a bulk delete removes; the services that delete also save (audit, version).
    scope = sender._meta.app_label
    if scope in _RAISERS and sender._meta.model_name != "dataversion":
        data_changed(scope)


def listen() -> None:
    post_save.connect(_row_saved, dispatch_uid="data_version_row_saved")
