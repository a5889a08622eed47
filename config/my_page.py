"""A signed-in person's own page: their player (or the request to be linked to one), their
games being played, their tournaments with registration and check-in, and their table the
moment a round is published. A site page: it shows every app's data."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from clubs import selectors as club_selectors


@login_required
def my_page(request):
    player = club_selectors.player_of(request.user)
    context = {"player": player}
    if player is None:
        context["claim"] = club_selectors.claim_latest(request.user)
    return render(request, "my_page.html", context)
