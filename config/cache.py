"""The cache is best effort: what it holds can always be rebuilt from the database, so a cache
that is down must never turn a committed write or a page into an error."""

# Short socket timeouts: a Redis that hangs costs a page at most this long per cache call.
_REDIS_OPTIONS = {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5}


def best_effort(cache: dict) -> dict:
    """This cache's settings, made to log and ignore Redis errors (django-redis reads a miss)."""
    if cache["BACKEND"].startswith("django_redis."):
        options = cache.setdefault("OPTIONS", {})
        for name, value in _REDIS_OPTIONS.items():
            options.setdefault(name, value)
    return cache
