"""The site served as in production's push process: daphne with the ASGI application (pages and
the push WebSocket), in a process of its own against the test database.

pytest-django's live_server speaks WSGI only, so it cannot hold a WebSocket; daphne's Twisted
reactor cannot be started twice in one process, hence the subprocess. Its channel layer is its
own memory: a change must be made through the server (as a tablet makes it) to be pushed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connection

from tests.outage import closed_port
from tests.processes import database_url, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent


def _database_url() -> str:
    if connection.vendor == "sqlite":  # the test database is a file (config/settings.py)
        return f"sqlite:///{connection.settings_dict['NAME']}"
    return database_url()


@dataclass
class AsgiServer:
    url: str
    process: subprocess.Popen


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/", timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture
def asgi_server(transactional_db, tmp_path):
    port = closed_port()
    # In-process everything: tasks run eagerly, the cache and the channel layer in memory.
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("CELERY_BROKER_URL", "CACHE_URL", "PUSH_URL")}
    environment.update(DATABASE_URL=_database_url(), CONN_MAX_AGE="0", DEBUG="1")
    log = tmp_path / "daphne.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "config.asgi:application"], cwd=ROOT, env=environment, stdout=out,
            stderr=subprocess.STDOUT)
    server = AsgiServer(f"http://127.0.0.1:{port}", process)
    try:
        wait_for(lambda: _answers(server.url) or process.poll() is not None, 30, "daphne")
        assert process.poll() is None, log.read_text()
        yield server
    finally:
        process.terminate()
        process.wait(10)
