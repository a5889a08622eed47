"""A live game's fetch answered from the cache before the middleware (config/live_polls.py):
the same answer, with the same headers, as the view gives, without a query; anything the cache
cannot answer goes on to the view."""

import pytest
from django.core.cache import cache

from tests.factories import ClubFactory
from tests.live_games import nearly_finished_game

pytestmark = pytest.mark.django_db

FAST = "config.live_polls.LivePollMiddleware"
SAME = ("Content-Type", "Content-Language", "Vary", "X-Frame-Options",
        "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
        "Cross-Origin-Opener-Policy")


@pytest.fixture
def game(db):
    game, _move, _finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    cache.clear()
    return game


def _headers(response) -> dict:
    return {name: response.get(name) for name in SAME}


def test_the_cached_answer_is_the_views_answer(client, settings, game,
                                               django_assert_num_queries):
    path = f"/games/{game.pk}/live/"
    first = client.get(path, {"v": game.version - 1}, HTTP_ACCEPT_LANGUAGE="ru")
    assert first.status_code == 200 and "Ход" in first.content.decode()
    with django_assert_num_queries(0):
        fast = client.get(path, {"v": game.version - 1}, HTTP_ACCEPT_LANGUAGE="ru")
        fast_unchanged = client.get(path, {"v": game.version})
        fast_pushed = client.get(path, {"v": game.version - 1, "want": game.version},
                                 HTTP_ACCEPT_LANGUAGE="ru")
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != FAST]
    slow = client.get(path, {"v": game.version - 1}, HTTP_ACCEPT_LANGUAGE="ru")
    slow_unchanged = client.get(path, {"v": game.version})
    assert fast.content == slow.content == first.content == fast_pushed.content
    assert _headers(fast) == _headers(slow) and fast["Content-Language"] == "ru"
    assert "script-src 'self'" in fast["Content-Security-Policy"]
    assert fast_unchanged.status_code == slow_unchanged.status_code == 204
    assert _headers(fast_unchanged) == _headers(slow_unchanged)


def test_what_the_cache_cannot_answer_goes_to_the_view(client, game,
                                                       django_assert_max_num_queries):
    path = f"/games/{game.pk}/live/"
    with django_assert_max_num_queries(8) as first:
        assert client.get(path, {"v": 0}).status_code == 200  # nothing cached yet
    assert len(first) >= 1
    # A nudge naming a version the cache does not know yet: the game is read.
    with django_assert_max_num_queries(8) as behind:
        assert client.get(path, {"v": 0, "want": game.version + 1}).status_code == 200
    assert len(behind) >= 1
    assert client.get(f"/games/{game.pk}/live/", {"v": 0}, HTTP_HOST="evil.example"
                      ).status_code == 400  # the allowed hosts hold here too
