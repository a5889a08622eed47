"""Real processes for tests of outages: a private Redis a test may stop and start again, and a
Celery worker (optionally with beat beside it) on it, against the test database, that a test
may kill.

They need redis-server and PostgreSQL (the worker is another process, so SQLite's in-memory
test database is out of its reach): without them the test skips with the reason, under CI=true
it fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection

from tests.outage import closed_port

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need(condition: bool, reason: str) -> None:
    if not condition:
        if IN_CI:
            pytest.fail(f"CI must run this test: {reason}")
        pytest.skip(reason)


def wait_for(check, timeout: float, what: str, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(interval)
    raise AssertionError(f"gave up after {timeout:.0f} s waiting for {what}")


class PrivateRedis:
    """redis-server on a port of its own, keeping nothing on disk."""

    def __init__(self, workdir: Path) -> None:
        self.port = closed_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.workdir = workdir
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        client = self.client()
        wait_for(lambda: _pings(client), 10, f"redis-server on port {self.port}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2)


def _pings(client: redis.Redis) -> bool:
    try:
        return client.ping()
    except redis.RedisError:
        return False


def database_url() -> str:
    """The test database as a URL, for a process of its own."""
    db = connection.settings_dict
    user = quote(db["USER"] or "")
    password = f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    return (f"postgres://{user}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
            f"{quote(db['NAME'])}")


class Worker:
    """`celery -A config worker` in a process group of its own, so a test can kill all of it."""

    def __init__(self, broker_url: str, workdir: Path, *, beat: bool = False, **env) -> None:
        self.log = workdir / f"worker-{time.monotonic_ns()}.log"
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO",
                   "--concurrency=1", "--without-gossip", "--without-mingle",
                   "--without-heartbeat", f"--hostname=outage-{os.getpid()}@%h"]
        environment = {**os.environ, "DATABASE_URL": database_url(), "CONN_MAX_AGE": "0",
                       "CELERY_BROKER_URL": broker_url, "CELERY_RESULT_BACKEND": broker_url,
                       **{key: str(value) for key, value in env.items()}}
        self.beat: subprocess.Popen | None = None
        with self.log.open("w") as log:
            if beat:
                # Beat as the site runs it: a process of its own, never `worker --beat`.
                self.beat = subprocess.Popen(
                    [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
                     f"--schedule={workdir / 'beat-schedule'}"],
                    cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True)
            self.process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self, timeout: float = 60) -> None:
        wait_for(lambda: "ready." in self.log.read_text() or self._died(), timeout,
                 "the worker to start")
        assert self.process.poll() is None, self.log.read_text()

    def _died(self) -> bool:
        return self.process.poll() is not None

    def pool_children(self) -> list[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def _started(self) -> list[subprocess.Popen]:
        return [p for p in (self.process, self.beat) if p is not None and p.poll() is None]

    def kill(self) -> None:
        """SIGKILL the worker (and beat) and all they started: nothing gets to acknowledge."""
        for process in self._started():
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)

    def stop(self) -> None:
        for process in self._started():
            os.killpg(process.pid, signal.SIGTERM)
        try:
            for process in self._started():
                process.wait(20)
        except subprocess.TimeoutExpired:
            self.kill()


@pytest.fixture
def private_redis(tmp_path, transactional_db):
    need(shutil.which("redis-server") is not None, "redis-server is not installed")
    need(connection.vendor == "postgresql",
         "a worker process needs the test database on PostgreSQL (set DATABASE_URL)")
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def workers(tmp_path):
    """Start workers with ``workers(broker_url, **env)``; all are stopped at the end."""
    started: list[Worker] = []

    def start(broker_url: str, *, beat: bool = False, **env) -> Worker:
        worker = Worker(broker_url, tmp_path, beat=beat, **env)
        started.append(worker)
        worker.wait_ready()
        return worker

    yield start
    for worker in started:
        worker.stop()
