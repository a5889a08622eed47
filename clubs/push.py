"""Nudges pushed to the pages people hold open: "this changed (now at version N)".

A page names the topics it shows (a game, a tournament, the ratings) and holds one WebSocket
(clubs/push_socket.py). Each write, once committed, publishes a nudge on its topic; the page
then fetches what changed from the cache, in its own language, so every spectator of a version
still shares one rendering (scoring/live.py, clubs/page_cache.py). A nudge says nothing
private: a topic, a version number and when it was sent, and where a page asked for it the
public fragment of that version (below).

Nudges are published from the one after-commit point of each kind of change (scoring:
``game_saved_announce``; tournaments: ``tournament_changed``; ratings: after a recompute),
never from a read that fills a cache.

A page that asks for it gets a versioned nudge with the fragment of that version inline (a
game's live scoreboard), so that it need not fetch it: the socket asks the app that owns the
topic's kind for it through ``fragment_provider_register``, and the app answers from the same
per-version, per-language cache the fetch reads (docs/architecture.md, "How a change reaches
open pages").
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections.abc import Callable

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)

# What a page may follow: a game, a tournament, the ratings (club rankings). Channels' group
# names allow letters, digits, "-", "_" and "." only, which these are.
TOPIC = re.compile(r"(game|tournament)\.[1-9][0-9]{0,17}|ratings")
RATINGS = "ratings"
# A tournament round's page follows each of its tables' games: room for 250 tables.
MAX_TOPICS = 300


def game_topic(game_id: int) -> str:
    return f"game.{game_id}"


def tournament_topic(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


def topic_split(topic: str) -> tuple[str, int | None]:
    """A topic's kind and id: ("game", 12); ("ratings", None)."""
    kind, _, number = topic.partition(".")
    return kind, int(number) if number else None


def topics_parse(text: str) -> list[str] | None:
    """The topics a page asked for (separated by spaces), or None when any is not one."""
    topics = list(dict.fromkeys(text.split()))
    if not topics or len(topics) > MAX_TOPICS or not all(map(TOPIC.fullmatch, topics)):
        return None
    return topics


def nudge(topic: str, version: int | None = None) -> dict:
    """The message: ``at`` (milliseconds since the epoch, taken after the commit) lets the page
    ask for a page no older than the change (data_version.versions ``fresh_after``)."""
    return {"type": "push.nudge", "topic": topic, "version": version,
            "at": int(time.time() * 1000)}


# -- a fragment carried inline ---------------------------------------------------------------------

# The most HTML a nudge carries: a larger fragment is left to the page to fetch. A live game's
# is about 20 KiB in its first round and up to 70 KiB at the end of a long game (185 turns, in
# Russian); the page's fetch would bring the same bytes, so this only bounds what one nudge
# holds in the push process's memory.
INLINE_MAX_BYTES = 256 * 1024

# provider(id, version, language) -> (version, html) or None. ``version``: the one the nudge
# named; the answer's may be later (the thing changed again since), never earlier. None: the
# page fetches it, as it would without inline fragments. Called from a thread that may use the
# database (the socket calls it through database_sync_to_async), at most once per id, version
# and language in a push process at a time.
FragmentProvider = Callable[[int, int, str], "tuple[int, str] | None"]
_providers: dict[str, FragmentProvider] = {}


def fragment_provider_register(kind: str, provider: FragmentProvider) -> None:
    """Say who renders the fragment of a topic's kind ("game") for the nudges that carry it;
    the app that owns the kind calls it from its AppConfig.ready. The fragment must be public:
    exactly what the page's own fetch answers anyone, in that language."""
    _providers[kind] = provider


def fragment_provider(kind: str) -> FragmentProvider | None:
    return _providers.get(kind)


def publish(topic: str, version: int | None = None) -> None:
    """Tell the pages following ``topic`` that it changed. Call it after the commit. Best
    effort, like the cache: a layer that is down is logged, and pages poll again on their own
    once their connection drops."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = nudge(topic, version)
    try:
        if isinstance(layer, InMemoryChannelLayer):
            # Its queues belong to the event loop of the server in this very process (make
            # run): async_to_sync from a request's thread runs the send on that loop. A thread
            # that runs a loop of its own (a browser test driving Playwright) serves no socket,
            # so there is no one here to tell. Nor is there when no socket of this process
            # follows the topic: the hop to a loop (about a millisecond) is skipped then.
            if topic in layer.groups and not _loop_running():
                async_to_sync(layer.group_send)(topic, message)
        else:
            _sender().send(layer.group_send(topic, message))
    except Exception:
        logger.exception("Could not push a nudge on %s.", topic)


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def publish_after_commit(topic: str, version: int | None = None) -> None:
    transaction.on_commit(lambda: publish(topic, version), robust=True)


class _Sender:
    """One event loop on a thread of its own, holding the Redis connection: publishing from a
    request or a task hands it the message and returns at once (async_to_sync would make a
    loop and a connection per nudge: 2 ms against 0.05 ms, measured)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="push-sender", daemon=True).start()

    def send(self, sending) -> None:
        asyncio.run_coroutine_threadsafe(sending, self.loop).add_done_callback(_logged)


def _logged(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("Could not push a nudge.", exc_info=future.exception())


_state: dict[str, _Sender] = {}
_lock = threading.Lock()


def _sender() -> _Sender:
    sender = _state.get("sender")
    # A forked process (a gunicorn or Celery worker) has the loop's object but not its thread.
    if sender is None or sender.pid != os.getpid():
        with _lock:
            sender = _state.get("sender")
            if sender is None or sender.pid != os.getpid():
                sender = _state["sender"] = _Sender()
    return sender
