"""The read API keeps answering while the cache is down (issue 24, item 2).

The throttle counts in the cache; django-redis, told to ignore errors, answers None to every
call while Redis is down. A real redis-server is the cache here, then it is stopped: every list
(and every other endpoint) still answers 200 with its data, and a client is still throttled,
by a count kept in the server process."""

import shutil

import environ
import pytest
from django.test import Client

from config.cache import best_effort
from tests.api.paths import api_paths, more_paths
from tests.processes import PrivateRedis, need

pytestmark = pytest.mark.django_db

LISTS = ["/api/v1/clubs/", "/api/v1/players/", "/api/v1/rankings/", "/api/v1/games/",
         "/api/v1/tournaments/", "/api/v1/tournaments/{slug}/rounds/"]


@pytest.fixture
def redis_cache(tmp_path, settings):
    need(shutil.which("redis-server") is not None, "redis-server is not installed")
    server = PrivateRedis(tmp_path)
    server.start()
    settings.CACHES = {"default": best_effort(environ.Env.cache_url_config(server.url))}
    yield server
    server.stop()


def test_every_endpoint_answers_while_the_cache_is_down(world, redis_cache, settings, caplog):
    settings.API_THROTTLE_RATE = "600/min"
    paths = {**api_paths(world), **more_paths(world)}
    client = Client(raise_request_exception=False)
    up = {name: client.get(path) for name, path in paths.items()}
    assert {name: r.status_code for name, r in up.items()} == dict.fromkeys(paths, 200)
    # The counts were kept in that Redis.
    assert any(b"throttle:api:" in key for key in redis_cache.client().keys("*"))
    redis_cache.stop()
    down = {name: client.get(path) for name, path in paths.items()}
    assert {name: r.status_code for name, r in down.items()} == dict.fromkeys(paths, 200)
    for name in LISTS:
        listed = down[name].json()
        rows = listed if isinstance(listed, list) else listed["results"]  # rounds: not paged
        assert rows and listed == up[name].json(), name
    assert down["/api/v1/games/{id}/"].json() == up["/api/v1/games/{id}/"].json()
    assert any("Exception ignored" in r.getMessage() for r in caplog.records)


def test_clients_are_throttled_in_each_process_while_the_cache_is_down(world, redis_cache,
                                                                       settings):
    settings.API_THROTTLE_RATE = "5/min"
    redis_cache.stop()
    client = Client()
    answers = [client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.9").status_code
               for _ in range(6)]
    assert answers == [200] * 5 + [429]
    # Another address has its own count there too.
    assert client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.10").status_code == 200
