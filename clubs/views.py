"""The list of clubs. A club's own page shows games, ratings and tournaments too, so it is a
site page (config/club_page.py)."""

from django.shortcuts import render

from . import selectors
from .page_cache import public_page


@public_page("clubs")
def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": selectors.club_list()})
