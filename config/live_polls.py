"""The request every spectator of a live game makes after each turn (and, without push, every
3 s): the game's fragment of the version pushed, or 204 for the one the page shows. It is the
same for every visitor and kept in the cache (scoring.live.poll_answer), and the rest of the
middleware costs three to four times the answer, so it is answered here, second in line; what
the cache cannot answer goes on to the view.

What the middleware after this one would add to such an answer is added here: the language
and its Vary, the framing and content policies (a test compares both answers' headers).
"""

import re

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language_from_request

from scoring import live

from .security import site_policies

_LIVE = re.compile(r"/games/([1-9][0-9]{0,17})/live/")


class LivePollMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = _LIVE.fullmatch(request.path_info)
        policies = site_policies()
        if found is None or request.method != "GET" or "wait" in request.GET or not policies:
            return self.get_response(request)
        request.get_host()  # the allowed hosts, as CommonMiddleware checks them
        language = get_language_from_request(request)
        html = live.poll_answer(int(found[1]), request.GET.get("v"), request.GET.get("want"),
                                language)
        if html is None:
            return self.get_response(request)
        response = HttpResponse(html, status=200 if html else 204)
        response["Content-Language"] = language
        patch_vary_headers(response, ("Accept-Language",))
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        for name, value in policies:
            response[name] = value
        return response
