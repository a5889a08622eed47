"""`make worker`'s set-up (deploy/supervisord.conf): the worker and Celery beat run as processes
of their own under supervisord, which starts beat again when it dies, so the reconciliation goes
on; each run is recorded, and /health/ reads it (issue 24, item 3).

Real processes: supervisord with the project's own configuration, a worker and beat on a
private redis-server, against the PostgreSQL test database.
"""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from django.test import Client

from clubs.models import ScheduledRun
from tests.outage import broker_at
from tests.processes import ROOT, database_url, need, wait_for

TASKS = {"clubs.ratings_reconcile", "tournaments.rounds_reconcile"}


def _children(pid: int) -> dict[int, str]:
    """The processes ``pid`` started, with their command lines."""
    found = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        cmdline = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
        found[int(child)] = cmdline.decode()
    return found


def _beat(supervisor: subprocess.Popen) -> int | None:
    return next((pid for pid, cmd in _children(supervisor.pid).items()
                 if " beat " in f" {cmd} "), None)


def _runs() -> dict[str, object]:
    return dict(ScheduledRun.objects.values_list("task", "finished_at"))


def test_beat_killed_is_started_again_and_the_reconciliation_goes_on(private_redis, tmp_path,
                                                                     settings):
    need(Path(sys.prefix, "bin", "supervisord").exists() or shutil.which("supervisord"),
         "supervisord is not installed (requirements/prod.txt)")
    log = tmp_path / "supervisord.log"
    environment = {**os.environ, "TRIOMINOS_VENV": sys.prefix, "TRIOMINOS_STATE": str(tmp_path),
                   "DATABASE_URL": database_url(), "CONN_MAX_AGE": "0",
                   "CELERY_BROKER_URL": private_redis.url, "RECONCILE_SECONDS": "1"}
    with log.open("w") as out:
        supervisor = subprocess.Popen(
            [str(Path(sys.prefix, "bin", "supervisord")), "-c",
             str(ROOT / "deploy" / "supervisord.conf")],
            cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        wait_for(lambda: set(_runs()) == TASKS, 90,
                 f"beat and the worker to run the reconciliation:\n{log.read_text()}")
        first_beat = _beat(supervisor)
        assert first_beat is not None, _children(supervisor.pid)
        worker = next(pid for pid, cmd in _children(supervisor.pid).items() if " worker " in cmd)
        os.kill(first_beat, signal.SIGKILL)
        killed_at = max(_runs().values())
        wait_for(lambda: _beat(supervisor) not in (None, first_beat), 60,
                 f"supervisord to start beat again:\n{log.read_text()}")
        # The reconciliation goes on after beat's death, sent by the new beat.
        wait_for(lambda: min(_runs().values()) > killed_at, 60,
                 f"the reconciliation to run again:\n{log.read_text()}")
        text = log.read_text()
        assert "exited: beat (terminated by SIGKILL; not expected)" in text
        assert _children(supervisor.pid).get(worker), "the worker was left alone"

        # Health allows two intervals; a loaded machine may run the 1 s schedule late.
        settings.CELERY_BEAT_SCHEDULE = {name: {"task": name, "schedule": 30} for name in TASKS}
        with broker_at(private_redis.url):
            settings.CELERY_TASK_ALWAYS_EAGER = False
            health = Client().get("/health/")
        assert health.status_code == 200, health.content
        assert health.json()["status"] == "ok"
        assert set(health.json()["checks"]) == {"database", "cache", "broker", "reconciliation"}
    finally:
        os.killpg(supervisor.pid, signal.SIGTERM)
        try:
            supervisor.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(supervisor.pid, signal.SIGKILL)
            supervisor.wait(10)
