"""The one WebSocket a page holds open: /ws/push/?topics=game.12+tournament.3.

One way only: the server sends each nudge on the page's topics (clubs/push.py) as a small JSON
object, ``{"topic": "game.12", "version": 34, "at": 1733230000123}``; anything the page sends
is ignored. No session or login is read: a nudge is public, whoever holds the page.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

from .push import topics_parse


class Nudges(AsyncWebsocketConsumer):
    topics: list[str] = []

    # No database is touched here, so Channels' closing of stale database connections before
    # every message (a hop to its one database thread, for each page, for each nudge) is left
    # out: with 500 pages open it would queue 500 hops behind each other on every change.
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
        for topic in topics:
            await self.channel_layer.group_add(topic, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        for topic in self.topics:
            await self.channel_layer.group_discard(topic, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        pass  # nothing to hear: the topics were given when connecting

    async def push_nudge(self, message):
        await self.send(text_data=json.dumps(
            {"topic": message["topic"], "version": message["version"], "at": message["at"]},
            separators=(",", ":")))
