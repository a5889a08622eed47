"""Pushed nudges (clubs/push.py, clubs/push_socket.py): what a page may follow, the socket that
brings them, and the one place each change publishes them: after its commit, never from a read.

The socket is driven through Channels' own test client against the real consumer; the Redis
test runs a redis-server of its own and the production path (the sender's thread).
"""

from __future__ import annotations

import asyncio
import json
import shutil

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings
from hypothesis import given
from hypothesis import strategies as st

from clubs import push
from clubs.permissions import SITE
from config.asgi import application
from scoring import live
from tests.factories import ClubFactory
from tests.live_games import nearly_finished_game
from tests.processes import PrivateRedis, need, wait_for

ORIGIN = (b"origin", b"http://localhost:8000")  # a host of ALLOWED_HOSTS
# The most a socket step may take: an answer comes at once; only a loaded machine (the suite on
# two processes beside a browser) is slower, and the test then waits rather than fails.
LOADED = 20


def socket(topics: str, origin=ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/push/?topics={topics}",
                                 headers=[origin, (b"host", b"localhost:8000")])


# -- what a page may follow ---------------------------------------------------------------------


def test_topics_are_games_tournaments_and_the_ratings_only():
    assert push.topics_parse("game.12 tournament.3  game.12 ratings") == [
        "game.12", "tournament.3", "ratings"]
    for wrong in ("", "game.0", "game.-1", "game.12x", "club.1", "game.1;flush", "GAME.1",
                  "game." + "9" * 19, " ".join(f"game.{n}" for n in range(1, 302))):
        assert push.topics_parse(wrong) is None, wrong
    assert len(push.topics_parse(" ".join(f"game.{n}" for n in range(1, 301)))) == 300


@given(st.text(max_size=200))
def test_any_text_gives_valid_topics_or_none(text):
    topics = push.topics_parse(text)
    assert topics is None or (0 < len(topics) <= push.MAX_TOPICS
                              and all(push.TOPIC.fullmatch(t) for t in topics))


def test_a_nudge_is_a_topic_a_version_and_the_time_it_was_sent():
    message = push.nudge("game.4", 17)
    assert message["type"] == "push.nudge" and message["topic"] == "game.4"
    assert message["version"] == 17 and message["at"] > 1_700_000_000_000


# -- the socket -----------------------------------------------------------------------------------


def test_a_page_hears_the_nudges_of_its_topics_and_no_others():
    async def scenario():
        page = socket("game.7+tournament.2")
        connected, _ = await page.connect(timeout=LOADED)
        assert connected
        other = socket("game.8")
        assert (await other.connect(timeout=LOADED))[0]
        # Published the way a request's after-commit hook publishes: from sync code.
        await sync_to_async(push.publish)("game.7", 12)
        await sync_to_async(push.publish)("tournament.2")
        first = json.loads(await page.receive_from(timeout=LOADED))
        second = json.loads(await page.receive_from(timeout=LOADED))
        assert first["topic"] == "game.7" and first["version"] == 12 and first["at"] > 0
        assert set(first) == {"topic", "version", "at"}
        assert second == {**second, "topic": "tournament.2", "version": None}
        assert await other.receive_nothing(timeout=0.2)
        await page.send_to(text_data="ignored: the page has nothing to say")
        assert await page.receive_nothing(timeout=0.2)
        await page.disconnect(timeout=LOADED)
        await other.disconnect(timeout=LOADED)

    async_to_sync(scenario)()


def test_a_socket_asking_for_no_topic_or_a_wrong_one_is_refused():
    async def scenario():
        for topics in ("", "game.0", "club.1", "game.1+%3Bflush"):
            page = socket(topics)
            connected, code = await page.connect(timeout=LOADED)
            assert not connected, topics
            await page.disconnect(timeout=LOADED)

    async_to_sync(scenario)()


@pytest.mark.django_db  # Channels' refusing consumer tidies database connections
def test_only_the_sites_own_pages_may_open_one():
    async def scenario():
        stranger = socket("game.1", origin=(b"origin", b"https://elsewhere.example"))
        assert not (await stranger.connect(timeout=LOADED))[0]
        await stranger.disconnect(timeout=LOADED)

    async_to_sync(scenario)()


# -- published after the commit of a change, never from a read -----------------------------------


def _listening(topic: str):
    """A channel of the in-memory layer added to ``topic``: (layer, channel)."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(topic, channel)
    return layer, channel


def _heard(layer, channel) -> list[dict]:
    async def drain():
        messages = []
        while True:
            try:
                messages.append(await asyncio.wait_for(layer.receive(channel), 0.05))
            except TimeoutError:
                return messages

    return async_to_sync(drain)()


@pytest.mark.django_db
def test_a_recorded_turn_nudges_its_game_once_after_commit(client,
                                                          django_capture_on_commit_callbacks):
    game, _move, finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    layer, channel = _listening(push.game_topic(game.pk))
    before = game.version
    with django_capture_on_commit_callbacks(execute=False) as hooks:
        finish("turn")
    assert _heard(layer, channel) == []  # nothing before the commit
    for hook in hooks:
        hook()
    heard = _heard(layer, channel)
    assert [(m["topic"], m["version"]) for m in heard] == [(f"game.{game.pk}", before + 1)]
    assert live.game_version(game.pk) == before + 1  # the cache knew it before the nudge went
    # Reads that fill the cache publish nothing.
    cache.clear()
    assert client.get(f"/games/{game.pk}/live/?v={before}").status_code == 200
    assert client.get(f"/embed/games/{game.pk}/?v={before}").status_code == 200
    assert client.get(f"/api/v1/games/{game.pk}/live/").status_code == 200
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert _heard(layer, channel) == []


def test_a_topic_no_socket_of_this_process_follows_costs_no_hop_to_a_loop(monkeypatch):
    hops = []
    real = push.async_to_sync
    monkeypatch.setattr(push, "async_to_sync", lambda f: hops.append(f) or real(f))
    push.publish("game.9901", 3)  # nobody follows it here: nothing to send, no loop
    assert hops == []
    layer, channel = _listening("game.9901")
    push.publish("game.9901", 4)
    assert len(hops) == 1
    assert [m["version"] for m in _heard(layer, channel)] == [4]
    async_to_sync(layer.group_discard)("game.9901", channel)


@pytest.mark.django_db
def test_a_rolled_back_change_nudges_nobody():
    game, _move, finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    layer, channel = _listening(push.game_topic(game.pk))
    with transaction.atomic():
        finish("turn")
        transaction.set_rollback(True)
    assert _heard(layer, channel) == []


# -- through Redis, as in production --------------------------------------------------------------


@pytest.fixture
def redis_layer(tmp_path, settings):
    need(shutil.which("redis-server") is not None, "redis-server is not installed")
    server = PrivateRedis(tmp_path)
    server.start()
    layers = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                          "CONFIG": {"hosts": [server.url], "prefix": "test-push"}}}
    with override_settings(CHANNEL_LAYERS=layers):
        from channels.layers import channel_layers

        channel_layers.backends.clear()
        yield server
        channel_layers.backends.clear()
    server.stop()


def test_through_redis_a_nudge_from_another_thread_reaches_the_page(redis_layer):
    async def scenario():
        page = socket("game.5")
        assert (await page.connect(timeout=LOADED))[0]
        # A request or a Celery task publishes from a thread without an event loop: the
        # sender's own loop and connection take it.
        await asyncio.get_running_loop().run_in_executor(None, push.publish, "game.5", 3)
        heard = json.loads(await page.receive_from(timeout=LOADED))
        assert heard["topic"] == "game.5" and heard["version"] == 3
        await page.disconnect(timeout=LOADED)

    async_to_sync(scenario)()


def test_through_redis_a_layer_that_is_down_is_only_logged(redis_layer, caplog):
    redis_layer.stop()
    push.publish("game.5", 4)  # returns at once: the sender's thread finds Redis gone

    def logged():
        return any("Could not push" in r.getMessage() for r in caplog.records)

    wait_for(logged, 10, "the failed nudge to be logged")


@pytest.mark.django_db
def test_a_tournament_change_and_new_ratings_are_pushed_after_commit(
        django_capture_on_commit_callbacks):
    import datetime

    from tournaments import services

    club = ClubFactory(default_preset="pressman")
    tournament = services.tournament_create(club=club, name="Push Cup",
                                            starts_on=datetime.date(2026, 5, 1), actor=SITE)
    layer, channel = _listening(push.tournament_topic(tournament.pk))
    with django_capture_on_commit_callbacks(execute=False) as hooks:
        services.tournament_open(tournament=tournament, actor=SITE)
    assert _heard(layer, channel) == []
    for hook in hooks:
        hook()
    assert [(m["topic"], m["version"]) for m in _heard(layer, channel)] == [
        (f"tournament.{tournament.pk}", None)]

    game, _move, finish = nearly_finished_game(club)
    ratings, rated = _listening(push.RATINGS), _listening(push.game_topic(game.pk))
    with django_capture_on_commit_callbacks(execute=True):
        finish("turn")
        finish("hands")  # over: rated after commit (eagerly here), then nudged
    assert [m["topic"] for m in _heard(*ratings)] == ["ratings"]
    heard = [(m["topic"], m["version"]) for m in _heard(*rated)]
    game.refresh_from_db()
    # The two changes, then the ratings of the finished game (no version: fetch it again).
    assert heard == [(f"game.{game.pk}", game.version - 1), (f"game.{game.pk}", game.version),
                     (f"game.{game.pk}", None)]


# -- a game's live fragment inside the nudge, for the pages that ask ------------------------------


def _inline(topics: str, inline: str, lang: str) -> WebsocketCommunicator:
    return socket(f"{topics}&inline={inline}&lang={lang}")


def _fetched(client, game, language: str) -> str:
    """What the live page's own fetch answers an anonymous visitor, rendered by the view."""
    cache.clear()
    answer = client.get(f"/games/{game.pk}/live/?v=0", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200 and answer["Content-Language"] == language
    return answer.content.decode()


@pytest.mark.django_db(transaction=True)  # the socket reads the game from its own thread
def test_a_recorded_turn_carries_its_live_fragment_to_the_pages_that_ask(client):
    game, move, finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    topic, new = push.game_topic(game.pk), game.version + 1

    async def scenario():
        pages = {"ru": _inline(topic, topic, "ru"), "en": _inline(topic, topic, "en"),
                 "plain": socket(topic), "no language": _inline(topic, topic, "xx"),
                 "not its topic": _inline(topic, "game.999999", "en")}
        for page in pages.values():
            assert (await page.connect(timeout=LOADED))[0]
        await sync_to_async(finish)("turn")  # published after its commit
        heard = {name: json.loads(await page.receive_from(timeout=LOADED))
                 for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect(timeout=LOADED)
        return heard

    heard = async_to_sync(scenario)()
    for name in ("plain", "no language", "not its topic"):
        assert set(heard[name]) == {"topic", "version", "at"}, name
        assert heard[name]["version"] == new
    for language in ("ru", "en"):
        assert heard[language]["version"] == new and heard[language]["topic"] == topic
        html = heard[language]["html"]
        assert f'data-version="{new}"' in html and move["player"] in html
        # The very fragment the page's fetch gets in that language, rendered by the view.
        assert html == _fetched(client, game, language)
    assert "ход" in heard["ru"]["html"].lower() and heard["ru"]["html"] != heard["en"]["html"]


@pytest.mark.django_db(transaction=True)
def test_one_rendering_per_version_and_language_for_every_page(client, monkeypatch):
    from scoring import live_fragment

    game, _move, _finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    topic = push.game_topic(game.pk)
    renders = []
    render = live_fragment.fragment_render
    monkeypatch.setattr(live_fragment, "fragment_render",
                        lambda game, language: renders.append(language) or render(game, language))
    cache.clear()

    async def scenario():
        pages = [_inline(topic, topic, "de" if n % 2 else "en") for n in range(20)]
        for page in pages:
            assert (await page.connect(timeout=LOADED))[0]
        await sync_to_async(push.publish)(topic, game.version)
        heard = [json.loads(await page.receive_from(timeout=LOADED)) for page in pages]
        for page in pages:
            await page.disconnect(timeout=LOADED)
        return heard

    heard = async_to_sync(scenario)()
    assert sorted(renders) == ["de", "en"]
    assert {n["html"] for n in heard[::2]} == {live.fragment(game.pk, game.version, "en")}
    assert {n["html"] for n in heard[1::2]} == {live.fragment(game.pk, game.version, "de")}


@pytest.mark.django_db(transaction=True)
def test_a_private_players_game_is_carried_as_its_public_live_page_shows_it(client):
    # A game's live page is public whoever keeps their games private (docs/ratings.md,
    # "Private games"): the nudge carries no more than an anonymous visitor's fetch gets.
    game, _move, _finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    player = game.seats.select_related("player").first().player
    player.games_public = False
    player.save(update_fields=["games_public"])
    topic = push.game_topic(game.pk)
    cache.clear()

    async def scenario():
        page = _inline(topic, topic, "en")
        assert (await page.connect(timeout=LOADED))[0]
        await sync_to_async(push.publish)(topic, game.version)
        heard = json.loads(await page.receive_from(timeout=LOADED))
        await page.disconnect(timeout=LOADED)
        return heard

    heard = async_to_sync(scenario)()
    assert heard["html"] == _fetched(client, game, "en")


@pytest.mark.django_db(transaction=True)
def test_without_a_fragment_to_carry_the_plain_nudge_goes(monkeypatch, caplog):
    game, _move, _finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    topic = push.game_topic(game.pk)

    async def heard_at(version: int, page_topic: str = topic) -> dict:
        page = _inline(page_topic, page_topic, "en")
        assert (await page.connect(timeout=LOADED))[0]
        await sync_to_async(push.publish)(page_topic, version)
        heard = json.loads(await page.receive_from(timeout=LOADED))
        await page.disconnect(timeout=LOADED)
        return heard

    # A version the game has not reached, a game that is gone.
    assert "html" not in async_to_sync(heard_at)(game.version + 5)
    assert "html" not in async_to_sync(heard_at)(1, "game.999999")
    # A fragment over the cap.
    monkeypatch.setattr(push, "INLINE_MAX_BYTES", 100)
    assert "html" not in async_to_sync(heard_at)(game.version)
    monkeypatch.undo()
    # A provider that fails: logged, and the pages fetch.
    monkeypatch.setitem(push._providers, "game", lambda *args: 1 / 0)
    assert "html" not in async_to_sync(heard_at)(game.version - 1)
    assert any("Could not read the fragment" in r.getMessage() for r in caplog.records)
    # Without a version (the ratings of a finished game) there is nothing to carry.
    monkeypatch.undo()
    assert async_to_sync(heard_at)(None)["version"] is None
