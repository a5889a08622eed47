"""Rankings: name search keeping ranks, sort links with arrows (numbers high-first on the first
click), provisional players kept apart, and the short rankings on the home and club pages."""

import re

import pytest
from django.urls import reverse

from ratings.models import PlayerRating
from tests.clubs.test_pages import season
from tests.factories import ClubFactory, member

pytestmark = pytest.mark.django_db

NAMES = ["Anna Volkova", "Boris Orlov", "Daria Kuznetsova", "Egor Petrov", "Vera Sokolova"]


@pytest.fixture
def season_club():
    """A club after a season of seventy games."""
    club = ClubFactory(name="Triangle")
    season(club, [member(club, name=n) for n in NAMES], games=70)
    return club


def _rows(html):
    """(rank, name) of every body row of the ranking table."""
    return re.findall(
        r'<tr(?: class="me"[^>]*)?><td class="num">([^<]*)</td><td><a [^>]*>([^<]*)</a>', html)


def _header(html, label):
    return re.search(r'<th class="[^"]*" aria-sort="(\w+)"><a href="\?([^"]*)">' + label
                     + r'<span class="arrow" aria-hidden="true">([^<]*)</span>', html).groups()


def test_only_established_players_are_ranked(client, season_club):
    established = list(PlayerRating.objects.filter(provisional=False).order_by("-value")
                       .values_list("player__display_name", flat=True))
    provisional = set(NAMES) - set(established)
    assert established and provisional
    html = client.get(reverse("ratings:rankings")).content.decode()
    assert _rows(html) == [(str(i), n) for i, n in enumerate(established, 1)]
    assert f"{len(provisional)} provisional player" in html
    apart = client.get(reverse("ratings:rankings"), {"provisional": "1"}).content.decode()
    assert {n for _, n in _rows(apart)} == provisional
    assert {rank for rank, _ in _rows(apart)} == {"–"}  # listed, not placed


def test_search_by_name_keeps_the_rank(client, season_club):
    ranked = _rows(client.get(reverse("ratings:rankings")).content.decode())
    rank, name = ranked[-1]
    found = client.get(reverse("ratings:rankings"), {"name": name.split()[1][:4].lower()})
    assert found.status_code == 200
    assert _rows(found.content.decode()) == [(rank, name)]
    none = client.get(reverse("ratings:rankings"), {"name": "Zz"}).content.decode()
    assert _rows(none) == [] and "No rated players match." in none


def test_numbers_sort_high_first_on_the_first_click_with_arrows(client, season_club):
    html = client.get(reverse("ratings:rankings")).content.decode()
    # Sorted by rating, best first: its arrow points down and its link turns the order.
    assert _header(html, "Rating") == ("descending", "sort=value", " ▼")
    assert _header(html, "Games") == ("none", "sort=-games", "")
    assert _header(html, "Trend") == ("none", "sort=-trend", "")
    assert _header(html, "Player") == ("none", "sort=player", "")
    by_trend = client.get(reverse("ratings:rankings"), {"sort": "-trend"}).content.decode()
    trends = list(PlayerRating.objects.filter(provisional=False)
                  .order_by("-trend").values_list("trend", flat=True))
    shown = [int(t.replace("−", "-").replace("+", "")) if t != "·" else 0 for t in re.findall(
        r'<td class="num nowrap">(?:<span class="\w+">[▲▼] )?([^<]*)', by_trend)]
    assert shown == trends
    assert _header(by_trend, "Trend") == ("descending", "sort=trend", " ▼")
    by_name = client.get(reverse("ratings:rankings"), {"sort": "player"}).content.decode()
    assert [n for _, n in _rows(by_name)] == sorted(n for _, n in _rows(html))
    assert _header(by_name, "Player") == ("ascending", "sort=-player", " ▲")


def test_russian_count_of_the_provisional(client, season_club):
    html = client.get(reverse("ratings:rankings"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    count = PlayerRating.objects.filter(provisional=True).count()
    word = {1: "игрок", 2: "игрока", 3: "игрока", 4: "игрока"}[count]
    assert f"{count} {word} с предварительным рейтингом" in html


def test_home_and_club_pages_number_once_and_skip_the_provisional(client, season_club):
    provisional = set(PlayerRating.objects.filter(provisional=True)
                      .values_list("player__display_name", flat=True))
    for url in (reverse("home"), reverse("clubs:club-detail", args=[season_club.slug])):
        html = client.get(url).content.decode()
        short = html.split('<ol class="plain')[1].split("</ol>")[0]
        assert "1." in short
        assert not provisional & set(re.findall(r">([^<]+)</a>", short))


@pytest.mark.parametrize(("language", "point"), [("en", "."), ("ru", ","), ("de", ",")])
def test_points_per_game_in_the_readers_number_format(client, season_club, language, point):
    """The page shows 134,2 in Russian and German; the CSV keeps 134.2 for machines."""
    rating = PlayerRating.objects.filter(provisional=False).order_by("-value").first()
    whole, tenth = f"{rating.points_per_game:.1f}".split(".")
    html = client.get(reverse("ratings:rankings"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<td class="num wide">{whole}{point}{tenth}</td>' in html
    csv = b"".join(client.get(reverse("ratings:rankings"), {"format": "csv"},
                              HTTP_ACCEPT_LANGUAGE=language).streaming_content).decode()
    assert f"{whole}.{tenth}" in csv
