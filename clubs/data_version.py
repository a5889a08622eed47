"""The version of each part of the site's data, raised after every write to it.

Public pages are cached under the versions of the parts they show (clubs/page_cache.py). The
numbers live in the database (DataVersion), so a write made in one server process is seen by
all of them, whatever cache the site runs with; each process looks them up at most once a
second, which is what makes a write show on every page within that second (plus a render).

A write only notes which parts it touched (data_changed); the numbers are raised once the
request or Celery task that wrote has finished, when its transactions have committed
(DataVersionMiddleware, and Celery's task_postrun). Raising them then, rather than in an
on_commit hook, keeps the services' own after-commit hooks exactly what they were.
"""

import logging
import threading
import time

from django.db import DatabaseError
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
        self.touched: set[str] = set()  # parts written since the numbers were last raised
        # How many writes since then: a page served before the numbers are raised (by a test,
        # whose requests all run in one transaction) is never one cached before the writes.
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


def data_changed(scope: str) -> None:
    """Note that this part of the data is being written: once the request or task ends, pages
    showing it are rendered afresh. For writers in bulk, which send no save signal."""
    _local.touched.add(scope)
    _local.pending += 1


def publish() -> None:
    """Raise the number of every part written since the last call (the request or task has
    committed its writes by now). Best effort: a failure is logged and the pages follow when the
    stored copies expire; it never turns a write that succeeded into an error."""
    if not _local.touched:
        return
    from .models import DataVersion

    touched, _local.touched = sorted(_local.touched), set()
    try:
        for scope in touched:
            if not DataVersion.objects.filter(scope=scope).update(number=F("number") + 1):
                DataVersion.objects.get_or_create(scope=scope)
                DataVersion.objects.filter(scope=scope).update(number=F("number") + 1)
    except DatabaseError:
        logger.warning("Could not raise the data versions %s; pages follow within a minute.",
                       touched, exc_info=True)
    # This process's next page reads the new numbers at once.
    _local.read_at = float("-inf")
    _local.pending = 0


class DataVersionMiddleware:
    """Raises the data versions after a request that wrote (its transactions have ended)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        publish()
        return response


def _row_saved(sender, **kwargs) -> None:
    # Every save in the three apps, whoever makes it (services, the admin, an import): no
    # writer can forget to tell the pages. Bulk writes send no signal; those services call
    # data_changed themselves. Deletes are not listened to: a receiver would make Django fetch
    # every row a bulk delete removes; the services that delete also save (audit, version).
    scope = sender._meta.app_label
    if scope in SCOPES and sender._meta.model_name != "dataversion":
        data_changed(scope)


def _task_ended(**kwargs) -> None:
    publish()


def listen() -> None:
    from celery.signals import task_postrun

    post_save.connect(_row_saved, dispatch_uid="data_version_row_saved")
    task_postrun.connect(_task_ended, dispatch_uid="data_version_task_ended", weak=False)
