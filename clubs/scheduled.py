"""Tasks that Celery beat sends on a schedule record when they last ran to their end, so that a
reconciliation that silently stopped (beat dead, no worker, broker down) shows on the health
page (config/health.py) instead of going unnoticed."""

from __future__ import annotations

from functools import wraps

from django.utils import timezone

from .models import ScheduledRun


def scheduled_run_record(*, task: str) -> None:
    """Note that ``task`` has just run to its end. Bookkeeping of the site's own, not a
    person's write: nothing to audit."""
    ScheduledRun.objects.update_or_create(task=task, defaults={"finished_at": timezone.now()})


def records_its_runs(task: str):
    """Decorate a scheduled task's function: each run that ends without an error is recorded."""

    def decorate(function):
        @wraps(function)
        def run(*args, **kwargs):
            result = function(*args, **kwargs)
            scheduled_run_record(task=task)
            return result

        return run

    return decorate
