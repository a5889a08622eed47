from django.http import Http404
from django.shortcuts import get_object_or_404, render

from . import selectors
from .models import Club, Player


def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": selectors.club_list()})


def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    members = selectors.club_members(club)
    return render(request, "clubs/club_detail.html", {"club": club, "members": members})


def rankings(request):
    players = Player.objects.select_related("home_club").order_by("display_name")
    return render(request, "clubs/rankings.html", {"players": players})


def player_detail(request, pk):
    try:
        player = selectors.player_detail(pk)
    except Player.DoesNotExist:
        raise Http404 from None
    return render(request, "clubs/player_detail.html", {"player": player})
