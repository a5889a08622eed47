"""Per-client throttling: the API has no accounts, so every client is counted by its address.

DRF's own AnonRateThrottle keeps the time of every request in a list and writes the whole list
back to the cache on each request, which for a client polling a live game costs more than the
answer itself. This one keeps a single counter per address and window (cache.add, then incr):
two cheap cache operations, the same rates ("600/min") and the same 429 with Retry-After.
A fixed window lets a client make at most twice the rate across a window's edge.

The cache is best effort (config/cache.py): while Redis is down, django-redis answers every
call with None instead of raising. The API must keep answering then, so the count falls back
to one kept in this process: each server process lets a client have the rate, until the
shared count is back.
"""

import threading

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import AnonRateThrottle


class ClientThrottle(AnonRateThrottle):
    def get_rate(self) -> str | None:
        # Read on every request, so tests and the benchmark can change it; empty: no throttling.
        return settings.API_THROTTLE_RATE or None

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        self.window_ends = (window + 1) * self.duration
        key = f"throttle:api:{self.get_ident(request)}:{window}"
        count = _shared_count(key, self.duration + 1)
        if count is None:
            count = LOCAL.count(key, window)
        return count <= self.num_requests

    def wait(self) -> float:
        return max(self.window_ends - self.timer(), 1)


def _shared_count(key: str, timeout: int) -> int | None:
    """This request's number in its window, counted in the shared cache; None when the cache
    did not answer."""
    added = cache.add(key, 1, timeout)
    if added is None:
        return None
    if added:
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # the window's counter expired between add and incr
        cache.set(key, 1, timeout)
        return 1


class LocalCounts:
    """Counts of the current window in this process, for while the shared cache is down."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._window: int | None = None
        self._counts: dict[str, int] = {}

    def count(self, key: str, window: int) -> int:
        with self._lock:
            if window != self._window:  # a new window: the old counts are done with
                self._window, self._counts = window, {}
            self._counts[key] = self._counts.get(key, 0) + 1
            return self._counts[key]


LOCAL = LocalCounts()
