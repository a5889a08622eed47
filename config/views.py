"""Site-wide pages that belong to no single app: the home page and the error pages."""

from django.shortcuts import render

from clubs.page_cache import public_page
from ratings import selectors as rating_selectors
from scoring import selectors as game_selectors
from scoring.access import LinkRevoked


@public_page("clubs", "scoring")
def home(request):
    return render(request, "home.html", {
        "live_games": game_selectors.games_in_progress()[:6],
        "top": rating_selectors.with_rank(rating_selectors.rankings(provisional=False))[:5],
    })


def error_400(request, exception=None):
    # Also what Django answers when a form sends more fields or bytes than it accepts.
    return render(request, "errors/400.html", status=400)


def error_403(request, exception=None):
    if isinstance(exception, LinkRevoked):
        return render(request, "errors/link_revoked.html", status=403)
    return render(request, "errors/403.html", status=403)


def csrf_failure(request, reason=""):
    # Django's own page is for developers, in English; this one says what to do, translated.
    return render(request, "errors/403_csrf.html", status=403)


def error_404(request, exception=None):
    return render(request, "errors/404.html", status=404)


def error_500(request):
    return render(request, "errors/500.html", status=500)
