"""Per-client throttling: the API has no accounts, so every client is counted by its address."""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle


class ClientThrottle(AnonRateThrottle):
    """DRF's anonymous throttle (requests per address, kept in the default cache), with the rate
    read from settings on each request, so API_THROTTLE_RATE can be changed without a restart of
    the class (and tests can lower it)."""

    def get_rate(self) -> str:
        return settings.API_THROTTLE_RATE
