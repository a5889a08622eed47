"""What live pages poll: the current version of each game, kept in the cache.

A poll that carries the version it already shows is answered from the cache alone, without
touching the database; only a changed game is rendered again.
"""

from django.core.cache import cache

_TIMEOUT = 6 * 3600


def _key(game_id: int) -> str:
    return f"game:{game_id}:version"


def game_changed(game_id: int, version: int) -> None:
    cache.set(_key(game_id), version, _TIMEOUT)


def game_version(game_id: int) -> int | None:
    return cache.get(_key(game_id))
