"""The organiser's download of the club archive (the same file as ``manage.py club_export``),
and a signed-in player's download of their own data."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.models import Club
from clubs.permissions import can_organise
from clubs.selectors import player_of

from .club import club_export
from .player import player_data


@require_GET
def club_download(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not can_organise(request.user, club):
        raise PermissionDenied
    return _json_file(club_export(club), f"{club.slug}-{timezone.localdate().isoformat()}.json")


def _json_file(data: dict, name: str) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response


@require_GET
@login_required
def my_data(request):
    """The signed-in person's player's own data (archive/player.py) as a JSON file."""
    player = player_of(request.user)
    if player is None:
        messages.error(request, _("Your account is not linked to a player, so there is no "
                                  "player's data to download. An organiser of your club can "
                                  "link it."))
        return redirect("home")
    return _json_file(player_data(player),
                      f"player-{player.pk}-{timezone.localdate().isoformat()}.json")
