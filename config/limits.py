"""Request limits: the size of a body and the methods of an endpoint.

Size: a body too big for any form of the site is refused before anything
reads it, with a page that says so (413), instead of filling memory, a temporary file or the
worker's time. The limit is REQUEST_MAX_BYTES (docs/deployment.md)."""

from django.conf import settings
from django.http import HttpResponseNotAllowed
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat


class RequestSizeLimitMiddleware:
    """Answers 413 to a request announcing a body over the limit, and 400 to one whose
    Content-Length is not a number. Chunked bodies without a length are the proxy's to cap."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.REQUEST_MAX_BYTES
        announced = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(announced)
        except ValueError:
            length = -1
        if length < 0:
            return render(request, "errors/400.html", status=400)
        if length > limit:
            return render(request, "errors/413.html", {"limit": filesizeformat(limit)},
                          status=413)
        return self.get_response(request)


# What the site's pages are read and written with. PUT, PATCH, DELETE and TRACE mean nothing
# to a page, whose forms post; the read API (Django REST framework) answers every method itself.
SITE_METHODS = ("GET", "HEAD", "POST", "OPTIONS")


class MethodNotAllowedMessageMiddleware:
    """Django answers a wrong method (require_POST, require_GET) with an empty 405; every
    refusal of the site says why in words, so this one gets a page too. A method no page takes
    is refused here, before the view, so no view treats a DELETE as a GET."""

    def __init__(self, get_response):
        self.get_response = get_response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method not in SITE_METHODS and not hasattr(view_func, "cls"):
            return HttpResponseNotAllowed(SITE_METHODS)
        return None

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and not getattr(response, "content", b"x"):
            allowed = response.get("Allow", "")
            page = render(request, "errors/405.html", {"allowed": allowed}, status=405)
            page["Allow"] = allowed
            return page
        return response
