"""What live pages poll: the current version of each game, kept in the cache.

A poll that carries the version it already shows is answered from the cache alone, without
touching the database; only a changed game is rendered again.
"""

from django.core.cache import cache

from clubs import push

# Short on purpose: should an update ever miss the cache, a poll finds the truth in the database
# within seconds; a live game polled every 3 s costs one query per game per 10 s.
_TIMEOUT = 10


def _key(game_id: int) -> str:
    return f"game:{game_id}:version"


def game_changed(game_id: int, version: int) -> None:
    """Remember the game's current version (a write, or a read that found it)."""
    cache.set(_key(game_id), version, _TIMEOUT)


def game_saved(game_id: int, version: int) -> None:
    """After a write's commit, and only then: remember the version, and push a nudge to the
    pages following the game once the cache knows it."""
    game_changed(game_id, version)
    push.publish(push.game_topic(game_id), version)


def game_version(game_id: int, at_least: str | None = None) -> int | None:
    """The version the cache knows, or None. ``at_least``: the version a pushed nudge named
    (a page's ``want``); a cache still behind it (another process's local memory) is not
    trusted, so the caller reads the game instead."""
    version = cache.get(_key(game_id))
    if version is not None and at_least and (not at_least.isdigit() or version < int(at_least)):
        return None
    return version


def _fragment_key(game_id: int, version: int, language: str) -> str:
    return f"game:{game_id}:live:{version}:{language}"


def fragment(game_id: int, version: int, language: str) -> str | None:
    """The rendered live fragment of this version of the game, if someone rendered it."""
    return cache.get(_fragment_key(game_id, version, language))


def fragment_store(game_id: int, version: int, language: str, html: str,
                   timeout: int | None = None) -> None:
    # A version never changes, so its fragment is good for as long as anyone polls it (a caller
    # whose fragment will soon be outdated by something outside the version gives less).
    cache.set(_fragment_key(game_id, version, language), html, timeout or 300)


def poll_answer(game_id: int, shown: str | None, want: str | None, language: str
                ) -> str | None:
    """What a live page's fetch (?v=<shown>, after a nudge &want=<version>) gets from the
    cache alone: "" while the version it shows is the current one (204), else the fragment of
    the current version in its language; None when the cache cannot tell, and the game must
    be read."""
    version = game_version(game_id, at_least=want)
    if version is None:
        return None
    if shown == str(version):
        return ""
    return fragment(game_id, version, language)
