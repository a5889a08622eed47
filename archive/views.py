"""The organiser's download of the club archive (the same file as ``manage.py club_export``)."""

import json

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from clubs.models import Club
from clubs.permissions import can_organise

from .club import club_export


@require_GET
def club_download(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not can_organise(request.user, club):
        raise PermissionDenied
    body = json.dumps(club_export(club), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = f"{club.slug}-{timezone.localdate().isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response
