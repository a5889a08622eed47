"""The Celery app. Tasks live in each app's tasks.py and are found by autodiscovery."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("triominos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="triominos.health", ignore_result=False)  # its caller waits for the answer
def health() -> dict:
    """Answer with the process id, so a caller can tell a real worker from eager mode."""
    return {"status": "ok", "pid": os.getpid()}
