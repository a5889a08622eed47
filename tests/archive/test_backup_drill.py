"""The backup drill of docs/backup.md, run for real: pg_dump -Fc of the test database,
pg_restore into a fresh database, and the restored site's summary (row counts, every rating,
the main public pages) equal to the original's.

As docs/backup.md runs it: the live site and the restored copy share one cache (CACHE_URL, a
real Redis here), which holds the live site's pages under the same keys the copy's would have.
The summary reads the database itself, so a change made in the restored copy only — one that
adds no row and so leaves every data version and cache key as it was — is caught
(issue 24, item 5)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import environ
import pytest
from django.db import connection
from django.test import Client

from archive.summary import page_addresses, site_summary
from config.cache import best_effort
from scoring.models import Game
from tests.processes import PrivateRedis, need
from tournaments.models import Tournament

from .build import demo_site

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
ROOT = Path(__file__).resolve().parents[2]

# Committed rows: pg_dump reads through its own connection.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _postgres_or_skip() -> None:
    if connection.vendor != "postgresql":
        reason = "the pg_dump drill needs PostgreSQL (set DATABASE_URL=postgres://...)"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    for tool in ("pg_dump", "pg_restore", "createdb", "dropdb", "psql"):
        if shutil.which(tool) is None:
            reason = f"{tool} is not installed (apt-get install postgresql-client)"
            if IN_CI:
                pytest.fail(reason)
            pytest.skip(reason)


def _options(settings: dict) -> tuple[list[str], dict]:
    args = ["-h", settings.get("HOST") or "127.0.0.1", "-p", str(settings.get("PORT") or 5432)]
    if settings.get("USER"):
        args += ["-U", settings["USER"]]
    env = dict(os.environ)
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    return args, env


def _url(settings: dict, name: str) -> str:
    user = settings.get("USER") or "postgres"
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host, port = settings.get("HOST") or "127.0.0.1", settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{name}"


def _summary(run_env) -> dict:
    done = subprocess.run([sys.executable, "manage.py", "site_summary"], cwd=ROOT, env=run_env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_pg_dump_restores_into_a_fresh_database_with_the_same_site(tmp_path, settings):
    _postgres_or_skip()
    need(shutil.which("redis-server") is not None, "redis-server is not installed")
    redis = PrivateRedis(tmp_path)
    redis.start()
    settings.CACHES = {"default": best_effort(environ.Env.cache_url_config(redis.url))}
    try:
        _drill(tmp_path, redis)
    finally:
        redis.stop()


def _drill(tmp_path, redis):
    demo_site()
    # The live site's visitors have filled the shared cache with its public pages.
    for url in page_addresses():
        Client().get(url, secure=True, HTTP_HOST="localhost")
    assert any(key.startswith(b":1:page:") for key in redis.client().keys("*"))
    before = site_summary()
    assert before["rows"]["scoring.Game"] == Game.objects.count() > 10

    settings = connection.settings_dict
    source = settings["NAME"]
    restored = source.removeprefix("test_") + "_restore"
    args, env = _options(settings)
    dump = tmp_path / "triominos.dump"
    subprocess.run(["pg_dump", "-Fc", "--no-owner", *args, "-d", source, "-f", str(dump)],
                   check=True, env=env)
    subprocess.run(["dropdb", "--if-exists", *args, restored], check=True, env=env)
    subprocess.run(["createdb", *args, restored], check=True, env=env)
    try:
        subprocess.run(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", *args,
                        "-d", restored, str(dump)], check=True, env=env)
        run_env = {**env, "DATABASE_URL": _url(settings, restored), "DEBUG": "1",
                   "CELERY_BROKER_URL": "", "CONN_MAX_AGE": "0", "CACHE_URL": redis.url}
        check = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--check", "--noinput"],
            cwd=ROOT, env=run_env, capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        after = _summary(run_env)
        # A difference in the copy alone: renamed in place, no row added, so the data versions
        # (and the keys of the cached live pages) are the same as the live site's.
        subprocess.run(["psql", "-q", *args, "-d", restored, "-c",
                        "UPDATE tournaments_tournament SET name = name || ' (changed)' "
                        "WHERE id = (SELECT min(id) FROM tournaments_tournament)"],
                       check=True, env=env)
        changed = _summary(run_env)
    finally:
        subprocess.run(["dropdb", "--if-exists", *args, restored], check=True, env=env)

    assert after["rows"] == before["rows"]
    assert after["ratings"] == before["ratings"]
    assert after["pages"] == before["pages"]
    assert all(status.startswith("200 ") for status in after["pages"].values())
    first = Tournament.objects.order_by("pk").first().get_absolute_url()
    differ = {url for url in before["pages"] if changed["pages"][url] != before["pages"][url]}
    assert {"/tournaments/", first, first + "standings/"} <= differ
    assert changed["rows"] == before["rows"] and changed["ratings"] == before["ratings"]
