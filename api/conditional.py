"""ETags and conditional GET for the API.

Where the data has a version (a game), the ETag is made from it before anything is read, so a
client that already has this version gets 304 without a database query. The public lists and
tournaments take theirs from the versions of the parts of the data they show, and keep their
answer per version (api/views/base.py, clubs.page_cache.Shared). Elsewhere the ETag is a hash
of the body: the work is done, but an unchanged answer is not sent again.
"""

from __future__ import annotations

from django.http import HttpResponseNotModified
from django.utils.cache import get_conditional_response, set_response_etag


def game_etag(game_id: int, version: int, kind: str) -> str:
    return f'"game-{game_id}-{kind}-v{version}"'


def not_modified(request, etag: str):
    """A 304 answer when the client's If-None-Match names this ETag, else None."""
    meta = request.META
    if "HTTP_IF_MATCH" not in meta:
        sent = meta.get("HTTP_IF_NONE_MATCH")
        if sent is None:
            return None
        if sent == etag:  # what a polling client sends back: no need to parse a list
            response = HttpResponseNotModified()
            response["ETag"] = etag
            return response
    response = get_conditional_response(request, etag=etag)
    if response is not None:
        response["ETag"] = etag
    return response


class ConditionalMixin:
    """Every successful GET answer gets an ETag (its own, or a hash of its body) and is turned
    into a 304 when the client already holds it."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        if hasattr(response, "render") and not response.is_rendered:
            response.render()
        if not response.has_header("ETag"):
            set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
