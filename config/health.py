"""/health/: whether the site's parts answer, for a load balancer (JSON, 200 or 503) and for a
person (the same as a page, when a browser asks for HTML).

Four checks: the database, the cache, the broker, and the reconciliation that Celery beat has
a worker run every RECONCILE_SECONDS (late when a task of beat's schedule has not finished for
two of its intervals, or never: beat or every worker stopped, or the broker is down). Without
a broker tasks run in the request that sends them, so there is no broker to reach and nothing
to reconcile. The answer says what failed, never how the parts are reached.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import asdict, dataclass
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from clubs.models import ScheduledRun

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str  # a sentence in the reader's language
    last_run: str | None = None  # the reconciliation's, ISO 8601

    @property
    def label(self) -> str:
        return {"database": _("Database"), "cache": _("Cache"), "broker": _("Task broker"),
                "reconciliation": _("Reconciliation")}[self.name]


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        log.exception("health: the database did not answer")
        return Check("database", False, _("The database does not answer."))
    return Check("database", True, _("The database answers."))


def check_cache() -> Check:
    # A best-effort cache reads an error as a miss (config/cache.py): a value written and not
    # read back is the only sign that it is down.
    key, value = "health:probe", uuid.uuid4().hex
    cache.set(key, value, 30)
    if cache.get(key) != value:
        return Check("cache", False, _("The cache does not answer; pages are built from the "
                                       "database meanwhile."))
    return Check("cache", True, _("The cache answers."))


def check_broker() -> Check:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check("broker", True, _("No broker is set up: tasks run in the request."))
    from config.celery import app

    try:
        with app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=1, timeout=2)
    except Exception:  # kombu raises the transport's own errors
        log.exception("health: the broker did not answer")
        return Check("broker", False, _("The broker does not answer: tasks cannot be sent."))
    return Check("broker", True, _("The broker answers."))


def check_reconciliation(database_ok: bool) -> Check:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check("reconciliation", True,
                     _("Nothing to reconcile: tasks run in the request that sends them."))
    if not database_ok:
        return Check("reconciliation", False, _("Unknown while the database does not answer."))
    schedule = settings.CELERY_BEAT_SCHEDULE
    runs = dict(ScheduledRun.objects.filter(task__in=schedule)
                .values_list("task", "finished_at"))
    now = timezone.now()
    late = [task for task, entry in schedule.items()
            if runs.get(task) is None or now - runs[task] > 2 * timedelta(
                seconds=entry["schedule"])]
    # The oldest of the tasks' last runs: when the whole reconciliation last ran.
    last = min(runs.values()) if len(runs) == len(schedule) else None
    last_text = last.isoformat() if last else None
    if last is None:
        return Check("reconciliation", False, _("The reconciliation has never run: is Celery "
                                                "beat running, with a worker?"), last_text)
    # In the reader's date and time format and the site's time zone (config/formats), as
    # every date a person reads: «3 дек. 2026, 12:05», not 2026-12-03 12:05:00.
    when = date_format(timezone.localtime(last), "DATETIME_FORMAT")
    if late:
        return Check("reconciliation", False, _(
            "The reconciliation is late: it last ran at %(when)s. Are Celery beat and a worker "
            "running?") % {"when": when}, last_text)
    return Check("reconciliation", True, _("The reconciliation last ran at %(when)s.")
                 % {"when": when}, last_text)


def checks() -> list[Check]:
    database = check_database()
    return [database, check_cache(), check_broker(), check_reconciliation(database.ok)]


def _wants_html(request) -> bool:
    # A browser asks for HTML; a load balancer's probe sends */* or nothing, and gets JSON.
    return (request.GET.get("format") != "json"
            and "text/html" in request.headers.get("Accept", ""))


@never_cache
@require_safe
def health(request):
    found = checks()
    healthy = all(check.ok for check in found)
    status = 200 if healthy else 503
    if _wants_html(request):
        return render(request, "health.html", {"checks": found, "healthy": healthy},
                      status=status)
    return JsonResponse({"status": "ok" if healthy else "failing",
                         "checks": {c.name: {k: v for k, v in asdict(c).items() if k != "name"}
                                    for c in found}}, status=status)
