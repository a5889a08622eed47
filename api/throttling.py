"""Per-client throttling: the API has no accounts, so every client is counted by its address.

DRF's own AnonRateThrottle keeps the time of every request in a list and writes the whole list
back to the cache on each request, which for a client polling a live game costs more than the
answer itself. This one keeps a single counter per address and window (cache.add, then incr):
two cheap cache operations, the same rates ("600/min") and the same 429 with Retry-After.
A fixed window lets a client make at most twice the rate across a window's edge.
"""

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
        if cache.add(key, 1, self.duration + 1):
            return True
        try:
            count = cache.incr(key)
        except ValueError:  # the window's counter expired between add and incr
            cache.set(key, 1, self.duration + 1)
            count = 1
        return count <= self.num_requests

    def wait(self) -> float:
        return max(self.window_ends - self.timer(), 1)
