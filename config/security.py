"""Security policy helpers: the client address used for login throttling behind a proxy, and
the lockout page. (The Content-Security-Policy exception for embeddable pages is api/embed.py's.)

The policy itself is CONTENT_SECURITY_POLICY in settings (docs/deployment.md): scripts,
styles, images and requests only from the site itself, no inline scripts or handlers, and
framing only by the site's own pages.
"""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.shortcuts import render


def client_ip(request) -> str:
    """The address a login attempt came from, for the throttle (AXES_CLIENT_IP_CALLABLE).

    Behind TRUSTED_PROXIES proxies (env, default 0) each proxy appends the address it saw to
    X-Forwarded-For, so the client is the entry that many places from the right; what a client
    writes further left is its own claim and is ignored. Without a proxy it is REMOTE_ADDR.
    """
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        seen = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        seen = [a for a in seen if a]
        if len(seen) >= proxies:
            return seen[-proxies]
    return request.META.get("REMOTE_ADDR", "")


def lockout(request, original_response=None, credentials=None):
    """The page for a username and address locked out after too many wrong passwords
    (AXES_LOCKOUT_CALLABLE): 429, saying how long to wait, in the visitor's language."""
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "registration/locked_out.html",
                  {"minutes": minutes, "limit": settings.AXES_FAILURE_LIMIT}, status=429)


class LoginThrottle(AxesStandaloneBackend):
    """django-axes' check, first of the authentication backends. A login made in code without
    a request (the test client's `login`, a shell) has no address to count against, so it
    is let through to the real backends instead of failing."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
