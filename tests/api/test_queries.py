"""Query counts: bounded, and the same for a small world and a bigger one."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import build_world
from tests.api.paths import api_paths, more_paths

pytestmark = pytest.mark.django_db

# The most any endpoint may make: the rankings' window query and its count, a game's record
# (seats, rounds, turns, hands), a tournament's registrations, stages, tables and seats.
BUDGET = {
    # version, game, seats, rounds; then the record: seats, rounds, turns, hands
    "/api/v1/games/{id}/": 8,
    "/api/v1/games/{id}/live/": 6,  # version, game, seats, round, turns, hands (once ended)
    "/api/v1/tournaments/{slug}/": 4,
    "/api/v1/tournaments/{slug}/rounds/{number}/": 5,
    "/api/v1/tournaments/{slug}/standings/": 5,
    "/api/v1/tournaments/{slug}/bracket/": 7,
    "finished game, live": 6,
    "live game, detail": 8,
    "knockout round": 5,
}


def _count(client, path: str) -> int:
    cache.clear()  # the worst case: nothing remembered (throttle counter included)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(queries)


def test_query_counts_do_not_grow_with_the_data(client, django_assert_max_num_queries):
    counts: dict[str, list[int]] = {}
    for size, name in ((1, "small"), (3, "big")):
        world = build_world(size, name)
        paths = {**api_paths(world), **more_paths(world)}
        for key, path in paths.items():
            with django_assert_max_num_queries(BUDGET.get(key, 3)):
                counts.setdefault(key, []).append(_count(client, path))
    assert all(small == big for small, big in counts.values()), counts


def test_an_unchanged_game_costs_no_query(client, world, django_assert_num_queries):
    path = f"/api/v1/games/{world.live_game.pk}/live/"
    etag = client.get(path)["ETag"]
    with django_assert_num_queries(0):
        assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_assert_num_queries(0):  # the state of this version is remembered
        assert client.get(path).status_code == 200


def _widgets(world) -> dict[str, str]:
    slug = world.tournament.slug
    return {
        "club top": f"/embed/clubs/{world.club.slug}/top/?n=50",
        "live game": f"/embed/games/{world.live_game.pk}/",
        "standings": f"/embed/tournaments/{slug}/standings/?n=50",
        "pairings": f"/embed/tournaments/{slug}/pairings/?round=1",
    }


# club + rankings; game + seats, round, turns; tournament, registrations, stage, tables, seats
WIDGET_BUDGET = {"club top": 2, "live game": 4, "standings": 5, "pairings": 5}


def test_widget_query_counts_do_not_grow_with_the_data(client, django_assert_max_num_queries):
    counts: dict[str, list[int]] = {}
    for size, name in ((1, "small"), (3, "big")):
        for key, path in _widgets(build_world(size, name)).items():
            with django_assert_max_num_queries(WIDGET_BUDGET[key]):
                counts.setdefault(key, []).append(_count(client, path))
    assert all(small == big for small, big in counts.values()), counts
