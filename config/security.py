"""Security policy helpers: the client address used for login throttling behind a proxy, and
the lockout page. (The Content-Security-Policy exception for embeddable pages is api/embed.py's.)

The policy itself is CONTENT_SECURITY_POLICY in settings (docs/deployment.md): scripts,
styles, images and requests only from the site itself, no inline scripts or handlers, and
framing only by the site's own pages.
"""

from __future__ import annotations

from functools import cache

from axes.backends import AxesStandaloneBackend
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
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


# What a view may change in the policy (django-csp's decorators set these on the response).
_ADJUSTED = ("_csp_config", "_csp_update", "_csp_replace", "_csp_exempt",
             "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro", "_csp_exempt_ro")


@cache
def site_policies() -> tuple[tuple[str, str], ...] | None:
    """The headers every response that changes nothing gets (None: not the same for all)."""
    settings_of = (settings.CONTENT_SECURITY_POLICY or {},
                   getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None) or {})
    if any(policy.get("EXCLUDE_URL_PREFIXES") for policy in settings_of):
        return None
    headers = ((HEADER, build_policy()), (HEADER_REPORT_ONLY, build_policy(report_only=True)))
    return tuple((name, value) for name, value in headers if value)


def _forget_policies(setting, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        site_policies.cache_clear()


setting_changed.connect(_forget_policies)


class PolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with the policy built once per process: every response that
    changes nothing in it (no decorator of django-csp, no nonce) gets the same header, and
    building it anew took a third of the time of a page answered from the cache. Anything
    else goes through django-csp as it is."""

    def process_response(self, request, response):
        policies = site_policies()
        if (policies is None or any(hasattr(response, name) for name in _ADJUSTED)
                or getattr(request, "_csp_nonce", None) is not None
                or (settings.DEBUG and response.status_code in (404, 500))):
            return super().process_response(request, response)
        for name, value in policies:
            response.headers.setdefault(name, value)
        # As django-csp does: a nonce asked for after the header was written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
