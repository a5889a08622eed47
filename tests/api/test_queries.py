"""Query counts: bounded, and the same for a small world and a bigger one."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.data_version import forget
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


# Answers kept per version of the data read those versions first (one query, at most once a
# second per process); those that go by a game's own version do not.
BY_GAME = {"/api/v1/games/{id}/", "/api/v1/games/{id}/live/", "finished game, live",
           "live game, detail", "live game"}


def _budget(budgets: dict, key: str, default: int = 3) -> int:
    return budgets.get(key, default) + (0 if key in BY_GAME else 1)


def _count(client, path: str) -> int:
    cache.clear()  # the worst case: nothing remembered (throttle counter included)
    forget()  # nor the data versions
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
            with django_assert_max_num_queries(_budget(BUDGET, key)):
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
            with django_assert_max_num_queries(_budget(WIDGET_BUDGET, key)):
                counts.setdefault(key, []).append(_count(client, path))
    assert all(small == big for small, big in counts.values()), counts


# -- answers kept per version of the data (clubs.page_cache.Shared) -------------------------------

# The game's own version is their ETag; the detail is read again on a 200.
DETAIL_BY_GAME_VERSION = {"/api/v1/games/{id}/", "live game, detail"}


@pytest.fixture
def versions_held(monkeypatch):
    """The data versions trusted for the whole test, as within one second of serving: what
    the warm answers cost must not depend on how fast this machine runs the test."""
    from clubs import data_version

    monkeypatch.setattr(data_version, "FRESH_SECONDS", 3600)


def test_a_kept_answer_costs_no_query_and_one_held_is_304(client, world, versions_held,
                                                          django_assert_num_queries):
    cache.clear()
    paths = {**api_paths(world), **more_paths(world), **_widgets(world)}
    for name, path in paths.items():
        first = client.get(path)
        assert first.status_code == 200, name
        etag = first["ETag"]
        with django_assert_num_queries(0):
            held = client.get(path, HTTP_IF_NONE_MATCH=etag)
            again = None if name in DETAIL_BY_GAME_VERSION else client.get(path)
        assert held.status_code == 304 and held["ETag"] == etag, name
        if again is not None:
            assert again.status_code == 200 and again.content == first.content, name
            assert again["ETag"] == etag, name
        assert "Set-Cookie" not in first, name  # the same answer for every client, no cookie


def test_a_change_to_the_data_gives_a_new_answer(client, world, versions_held):
    from tests.factories import ClubFactory

    path = "/api/v1/clubs/"
    before = client.get(path)
    ClubFactory(name="Zebra Club")
    after = client.get(path, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert "Zebra Club" in after.content.decode() and "Zebra Club" not in before.content.decode()
