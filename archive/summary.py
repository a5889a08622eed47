"""What a restored site must show as the original did: row counts, every rating, and the text of
the public pages that matter most (rankings, the best players, clubs, tournaments and their
standings, the latest games and their records).

``python manage.py site_summary`` prints it as JSON; the backup drill (docs/backup.md) compares
the summary of the restored database with the original's, and so do the tests. Everything is
read from the database itself: the pages are rendered with the cache bypassed, and every list
they show has a unique last key in its order, so equal rows cannot come back in another order.
"""

from __future__ import annotations

import hashlib
import re

from django.apps import apps
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from clubs.models import Club
from ratings.models import PlayerRating
from scoring.models import Game
from tournaments.models import Tournament

_APPS = ("auth", "clubs", "scoring", "tournaments")
_TAG = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
_SPACE = re.compile(r"\s+")


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models() if model._meta.app_label in _APPS
    }


def ratings() -> dict[str, list]:
    """Every player's rating, by their export identity."""
    return {
        str(uuid): [value, uncertainty, games, wins, points]
        for uuid, value, uncertainty, games, wins, points in PlayerRating.objects.values_list(
            "player__uuid", "value", "uncertainty", "games", "wins", "points")
    }


def page_addresses(games: int = 10, players: int = 10) -> list[str]:
    urls = ["/rankings/", "/clubs/", "/tournaments/"]
    best = PlayerRating.objects.order_by("-value", "player_id").select_related("player")
    urls += [row.player.get_absolute_url() for row in best[:players]]
    urls += [club.get_absolute_url() for club in Club.objects.order_by("pk")]
    for tournament in Tournament.objects.order_by("pk"):
        base = tournament.get_absolute_url()
        urls += [base, base + "standings/", base + "results/", base + "bracket/"]
    finished = Game.objects.order_by("-finished_at", "-pk")[:games]
    for game in finished:
        urls += [game.get_absolute_url(), reverse("scoring:game-record", args=[game.pk])]
    return urls


def page_text(html: str) -> str:
    """What a reader sees: tags, scripts and per-request tokens dropped, spaces collapsed."""
    return _SPACE.sub(" ", _TAG.sub(" ", html)).strip()


# No cache while the pages are read: a page cached by the live site sits under the same key
# (the same data versions) as the restored copy's, and would be read instead of the copy.
_NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def pages(urls: list[str]) -> dict[str, str]:
    """{address: status and a digest of its text} for an anonymous visitor, each page rendered
    from the database (the cache bypassed)."""
    host = next((h.lstrip(".") for h in settings.ALLOWED_HOSTS if h != "*"), "localhost")
    client = Client(HTTP_HOST=host)
    out = {}
    with override_settings(CACHES=_NO_CACHE):
        for url in urls:
            response = client.get(url, secure=True, HTTP_ACCEPT_LANGUAGE="en")
            text = page_text(response.content.decode())
            out[url] = f"{response.status_code} {hashlib.sha256(text.encode()).hexdigest()[:16]}"
    return out


def site_summary() -> dict:
    return {"rows": row_counts(), "ratings": ratings(), "pages": pages(page_addresses())}
