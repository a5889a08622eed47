"""Public pages served from the cache, under the version of the data they show.

Only the anonymous rendering is cached: a logged-in visitor may see an organiser's buttons, their
own name or "me", so their pages are always rendered for them. Every anonymous visitor of a
page in one language sees the same HTML except for the CSRF token (the language switch is a
form), which is cut out before storing and filled in with the visitor's own on the way out.
Each answer carries an ETag, so a browser asking again gets 304 while nothing changed.
"""

import hashlib
import logging
import re
from functools import wraps

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from . import data_version
from .data_version import versions

logger = logging.getLogger(__name__)

# Long enough to serve a busy minute from memory; short enough that what depends on the clock
# alone (who counts as active, "today"; no write changes those) is never late for long.
TIMEOUT = 60
# Where our templates put the token: forms, and the header htmx sends (base.html). One render
# uses one token throughout, so finding it once finds every copy.
_TOKEN = re.compile(rb'(?:name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"([A-Za-z0-9]{64})"')
_HOLE = b"\x00csrf-token\x00"


def _cacheable(request) -> bool:
    """Whether this request gets the page every anonymous visitor gets."""
    return (request.method in ("GET", "HEAD")
            and "HX-Request" not in request.headers  # a fragment of the page, not the page
            and not request.user.is_authenticated
            and not get_messages(request))  # a message is shown once, to one visitor


def pushed_at(request) -> float | None:
    """When the change that a page's fetch answers was committed: the ``at`` of the nudge
    (milliseconds, header X-Push-At), as seconds; None for any other request."""
    sent = request.headers.get("X-Push-At", "")
    return int(sent) / 1000 if sent.isdigit() and len(sent) <= 15 else None


def _key(request, scopes, *, kind: str = "page", where: str = "") -> str:
    known = versions(fresh_after=pushed_at(request))
    numbers = ".".join(str(known.get(scope, 0)) for scope in (*scopes, "own"))
    where = hashlib.sha1((where or request.get_full_path()).encode()).hexdigest()
    return f"{kind}:{where}:{get_language()}:{numbers}"


def _etag(key: str, request) -> str:
    # The CSRF token in the page is derived from the visitor's secret (their cookie): a new
    # secret (after logging in and out) must not revalidate a copy whose token was for the old
    # one. A first visit gets its secret now, the one the answer's cookie will carry.
    if "CSRF_COOKIE" not in request.META:
        get_token(request)
    digest = hashlib.sha1(f"{key}|{request.META['CSRF_COOKIE']}".encode()).hexdigest()[:32]
    return f'"{digest}"'


def _finish(response, etag: str):
    response["ETag"] = etag
    # Stored by browsers but always asked about again: the ETag answers that cheaply.
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def _cache_get(key):
    # Best effort, whatever the backend: a cache that fails is a cache that missed.
    try:
        return cache.get(key)
    except Exception:
        logger.warning("Page cache read failed; rendering the page.", exc_info=True)
        return None


def _cache_set(key, value) -> None:
    try:
        cache.set(key, value, TIMEOUT)
    except Exception:
        logger.warning("Page cache write failed; the page is not stored.", exc_info=True)


def public_page(*scopes: str):
    """Cache a public page under the versions of the parts of the data it shows, ``scopes``
    (see data_version.SCOPES). Only 200 answers are stored."""

    def decorate(view):
        data_version.scopes_declared(scopes, f"{view.__module__}.{view.__qualname__}")

        @wraps(view)
        def page(request, *args, **kwargs):
            if not _cacheable(request):
                return view(request, *args, **kwargs)
            key = _key(request, scopes)
            etag = _etag(key, request)
            not_modified = get_conditional_response(request, etag=etag)
            if not_modified is not None:
                return _finish(not_modified, etag)
            stored = _cache_get(key)
            if stored is not None:
                body, content_type = stored
                response = HttpResponse(body.replace(_HOLE, get_token(request).encode()),
                                        content_type=content_type)
                return _finish(response, etag)
            response = view(request, *args, **kwargs)
            if response.status_code != 200 or response.streaming or response.cookies:
                return response
            body = response.content
            token = _TOKEN.search(body)
            if token:
                body = body.replace(token.group(1), _HOLE)
            _cache_set(key, (body, response["Content-Type"]))
            return _finish(response, etag)

        return page

    return decorate


class Shared:
    """An answer every client gets alike, whoever asks (the widgets, the API's lists): no form,
    no token, no cookie, no login shown. Stored under the versions of the parts of the data it
    shows, ``scopes``, and the full address (host included: the API's links are absolute); its
    ETag is made from the key alone, so a client holding it gets 304 without a render.

    ``key`` and ``etag`` for this request; ``stored()`` the answer if some client had it
    rendered; ``store(response)`` keeps a 200 answer and marks it.
    """

    def __init__(self, request, scopes) -> None:
        self.key = _key(request, scopes, kind="shared", where=request.build_absolute_uri())
        self.etag = f'"{hashlib.sha1(self.key.encode()).hexdigest()[:32]}"'

    def stored(self):
        stored = _cache_get(self.key)
        if stored is None:
            return None
        body, content_type, language = stored
        response = HttpResponse(body, content_type=content_type)
        if language:
            response["Content-Language"] = language
        return self.mark(response)

    def store(self, response):
        if response.status_code == 200 and not response.streaming and not response.cookies:
            _cache_set(self.key, (response.content, response["Content-Type"],
                                  response.get("Content-Language")))
            self.mark(response)
        return response

    def mark(self, response):
        response["ETag"] = self.etag
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ("Accept-Language",))
        return response


def public_data(*scopes: str):
    """Cache a view's answer that is the same for every client (see Shared) under the versions
    of the parts of the data it shows, ``scopes``. Only 200 answers are stored."""

    def decorate(view):
        data_version.scopes_declared(scopes, f"{view.__module__}.{view.__qualname__}")

        @wraps(view)
        def answer(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            shared = Shared(request, scopes)
            not_modified = get_conditional_response(request, etag=shared.etag)
            if not_modified is not None:
                return shared.mark(not_modified)
            stored = shared.stored()
            return stored if stored is not None else shared.store(view(request, *args, **kwargs))

        return answer

    return decorate


def own_fragment(*scopes: str):
    """Cache a signed-in person's own fragment (their table on their page, which follows a
    pushed nudge) for them alone: under their account, the address, the language and the
    versions of the parts of the data it shows, ``scopes``, read again after the nudge's
    change (X-Push-At). The fragment must carry no form: nothing of the session is cut out.
    A nudge sent to a tournament's hundred players costs each their own rendering once."""

    def decorate(view):
        @wraps(view)
        def answer(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD") or not request.user.is_authenticated:
                return view(request, *args, **kwargs)
            key = _key(request, scopes, kind=f"own.{request.user.pk}")
            stored = _cache_get(key)
            if stored is not None:
                body, content_type = stored
                response = HttpResponse(body, content_type=content_type)
            else:
                response = view(request, *args, **kwargs)
                if response.status_code == 200 and not response.streaming \
                        and not response.cookies:
                    _cache_set(key, (response.content, response["Content-Type"]))
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, ("Cookie", "Accept-Language"))
            return response

        return answer

    return decorate
