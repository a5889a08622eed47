"""The one WebSocket a page holds open: /ws/push/?topics=game.12+tournament.3.

One way only: the server sends each nudge on the page's topics (clubs/push.py) as a small JSON
object, ``{"topic": "game.12", "version": 34, "at": 1733230000123}``; anything the page sends
is ignored. No session or login is read: a nudge is public, whoever holds the page.

A page may ask for some of its topics' fragments inline, in its language
(``&inline=game.12&lang=ru``): a nudge naming a version then also carries ``"html"``, the
fragment of that version (or of a later one, and ``version`` says which), so that the page need
not fetch it. The fragment comes from the app that owns the topic's kind
(``push.fragment_provider``), which reads it from the per-version cache the fetch reads, or
renders it there once. Every page of a push process that follows the topic waits on one and the
same answer (``inline_fragment``): 500 spectators cost at most one cache read or one rendering
per version and language, and no request at all. Without an answer (no provider, an error, a
fragment over ``push.INLINE_MAX_BYTES``) the plain nudge goes, and the page fetches.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from . import push
from .push import topics_parse

logger = logging.getLogger(__name__)


class Nudges(AsyncWebsocketConsumer):
    topics: list[str] = []
    inline: frozenset[str] = frozenset()  # the topics whose fragment goes with the nudge
    language = ""  # the page's, for its inline fragments

    # Channels' closing of stale database connections before every message (a hop to its one
    # database thread, for each page, for each nudge) is left out: with 500 pages open it would
    # queue 500 hops behind each other on every change. Only an inline fragment may touch the
    # database, once per version and language, through database_sync_to_async, which tidies the
    # connections itself.
    async def dispatch(self, message):
        await getattr(self, get_handler_name(message))(message)

    async def websocket_disconnect(self, message):
        await self.disconnect(message["code"])
        raise StopConsumer()

    async def connect(self):
        asked = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        topics = topics_parse(" ".join(asked.get("topics", [])))
        if topics is None:
            await self.close()  # before accepting: the handshake is refused (403)
            return
        self.topics = topics
        self.inline, self.language = inline_asked(asked, topics)
        for topic in topics:
            await self.channel_layer.group_add(topic, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        for topic in self.topics:
            await self.channel_layer.group_discard(topic, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        pass  # nothing to hear: the topics were given when connecting

    async def push_nudge(self, message):
        topic, version = message["topic"], message["version"]
        found = None
        if version is not None and topic in self.inline:
            found = await inline_fragment(topic, version, self.language)
        if found is None:
            await self.send(text_data=_encoded(topic, version, message["at"]))
            return
        shown, html = found  # the HTML already a JSON string, encoded once for every page
        await self.send(text_data=f'{_encoded(topic, shown, message["at"])[:-1]},"html":{html}}}')


def _encoded(topic: str, version: int | None, at: int) -> str:
    return json.dumps({"topic": topic, "version": version, "at": at}, separators=(",", ":"))


def inline_asked(asked: dict[str, list[str]], topics: list[str]) -> tuple[frozenset[str], str]:
    """The topics a page wants inline (``inline``: among its own topics, of a kind whose
    fragment an app provides) and their language (``lang``: one of settings.LANGUAGES); none
    when the language is not one of the site's. Anything else asked is ignored, not refused:
    the page then fetches, as it always could."""
    language = (asked.get("lang") or [""])[-1]
    if language not in dict(settings.LANGUAGES):
        return frozenset(), ""
    wanted = set(" ".join(asked.get("inline", [])).split()) & set(topics)
    inline = frozenset(topic for topic in wanted
                       if push.fragment_provider(push.topic_split(topic)[0]) is not None)
    return inline, language if inline else ""


# -- one answer per topic, version and language in a process ----------------------------------

# Each nudge is heard by every page following its topic at nearly the same moment: the first
# to ask starts the one reading (or rendering) of the fragment, and the others, and those a
# moment later, await that same task. A few recent keys are kept, briefly: a nudge's pages all
# hear it within a second.
_MEMO_KEYS = 64
_MEMO_SECONDS = 10.0
_memo: OrderedDict[tuple[str, int, str], tuple[float, asyncio.Task]] = OrderedDict()


async def inline_fragment(topic: str, version: int, language: str) -> tuple[int, str] | None:
    """The fragment of ``topic`` at ``version`` (or later) in ``language`` for a nudge: its
    version and its HTML encoded as a JSON string; None when it cannot be had."""
    key = (topic, version, language)
    now = time.monotonic()
    loop = asyncio.get_running_loop()
    held = _memo.get(key)
    if held is None or now - held[0] > _MEMO_SECONDS or held[1].get_loop() is not loop:
        held = _memo[key] = (now, loop.create_task(_fragment_read(topic, version, language)))
        _memo.move_to_end(key)
        while len(_memo) > _MEMO_KEYS:
            _memo.popitem(last=False)
    task = held[1]
    if task.done():  # every page but the first few
        return task.result()
    # Shielded: a page that closes while waiting must not cancel the others' answer.
    return await asyncio.shield(task)


async def _fragment_read(topic: str, version: int, language: str) -> tuple[int, str] | None:
    kind, number = push.topic_split(topic)
    provider = push.fragment_provider(kind)
    if provider is None or number is None:
        return None
    try:
        found = await database_sync_to_async(provider)(number, version, language)
    except Exception:
        logger.exception("Could not read the fragment of %s at version %s.", topic, version)
        return None
    if found is None:
        return None
    shown, html = found
    if shown < version or len(html.encode()) > push.INLINE_MAX_BYTES:
        return None
    return shown, json.dumps(html, ensure_ascii=False, separators=(",", ":"))
