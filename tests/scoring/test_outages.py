"""A Redis that is down (cache or broker) never turns a committed write into an error: the
cache is best effort, every after-commit hook runs on its own, and what a task could not be
sent for is done by the reconciliation later."""

import logging
import time

import environ
import pytest
from django.urls import reverse

from config.cache import best_effort
from ratings.models import GameRating
from ratings.services import ratings_reconcile
from scoring.models import Game
from tests.outage import broker_at, closed_port, one_turn_game, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit hooks run for real


def test_a_cache_outage_never_fails_a_turn_or_a_page(client, settings, caplog):
    settings.CACHES = {"default": best_effort(environ.Env.cache_url_config(
        f"redis://127.0.0.1:{closed_port()}/0"))}
    game, referee = one_turn_game()
    client.force_login(referee)
    opening, hands = play_to_the_end(client, game)
    assert (opening.status_code, hands.status_code) == (200, 200)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert [s.score for s in game.seats.order_by("position")] == [50, 0]
    assert GameRating.objects.filter(game=game).count() == 2  # rated (eagerly) all the same
    live = client.get(reverse("scoring:game-live", args=[game.pk]), {"v": 0})
    assert live.status_code == 200 and "Ann" in live.content.decode()
    assert any("Exception ignored" in r.getMessage() for r in caplog.records)


def test_one_failing_hook_does_not_stop_the_ones_after_it(client, settings, caplog):
    # A cache that raises on every call (Django's own Redis backend, which ignores nothing):
    # the live-page bump fails, and rating the game, queued after it, happens all the same.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": f"redis://127.0.0.1:{closed_port()}/0"}}
    # Sessions from the database: this cache would refuse the login itself (the site's own
    # cache ignores its errors, so its cached sessions fall back to the database).
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    game, referee = one_turn_game()
    client.force_login(referee)
    with caplog.at_level(logging.ERROR, logger="django.db.backends.base"):
        opening, hands = play_to_the_end(client, game)
    assert (opening.status_code, hands.status_code) == (200, 200)
    assert GameRating.objects.filter(game=game).count() == 2
    failed = [r for r in caplog.records if "on_commit" in r.getMessage()]
    assert failed and all(r.exc_info[0].__module__.startswith("redis") for r in failed)


def test_a_broker_outage_never_fails_the_end_of_a_game(client, caplog):
    game, referee = one_turn_game()
    client.force_login(referee)
    with broker_at(f"redis://127.0.0.1:{closed_port()}/0"):
        started = time.monotonic()
        opening, hands = play_to_the_end(client, game)
        took = time.monotonic() - started
    assert (opening.status_code, hands.status_code) == (200, 200)
    assert took < 5, f"ending the game with the broker down took {took:.1f} s"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not GameRating.objects.filter(game=game).exists()  # the task could not be sent
    # Logged by the announcement's dispatcher, naming the receiver that could not queue it.
    assert any("send_robust" in r.getMessage() and "RatingsConfig" in r.getMessage()
               for r in caplog.records)
    # The reconciliation that Celery beat runs rates it once the broker is back.
    assert ratings_reconcile() == 1
    rows = {r.place: r for r in GameRating.objects.filter(game=game)}
    assert sorted(rows) == [1, 2] and rows[1].score == 50 and rows[1].after > rows[2].after
