"""The games list: filters by player, club, tournament, period and status; pages of 30."""

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timezone import localtime

from scoring.models import Game
from tests.factories import ClubFactory, member
from tests.ratings.test_ratings_db import finished_game
from tournaments.models import Stage, Table, Tournament, TournamentRound

pytestmark = pytest.mark.django_db


def _names(response):
    return [str(game) for game in response.context["games"]]


def _titled(game, title):
    game.title = title
    game.save(update_fields=["title"])
    return game


@pytest.fixture
def league():
    club, other = ClubFactory(name="Triangle"), ClubFactory(name="Hexagon")
    ann, ben, cat = (member(club, name=n) for n in ("Ann", "Ben", "Cat"))
    now = timezone.now()
    old = _titled(finished_game(club, [(ann, 210), (ben, 150)], now - timedelta(days=40)), "Old")
    new = _titled(finished_game(club, [(ben, 205), (cat, 90)], now - timedelta(days=2)), "New")
    away = _titled(finished_game(other, [(cat, 200), (ann, 120)], now - timedelta(days=5)),
                   "Away")
    live = Game.objects.create(club=club, preset="club", rules={}, title="Live")
    live.seats.create(position=0, player=ann)
    live.seats.create(position=1, player=cat)
    cup = Tournament.objects.create(club=club, name="Spring Cup", slug="spring-cup",
                                    starts_on=date.today())
    stage = Stage.objects.create(tournament=cup, order=0, kind="swiss")
    rnd = TournamentRound.objects.create(tournament=cup, stage=stage, number=1)
    Table.objects.create(round=rnd, number=1, game=new)
    return {"club": club, "other": other, "ann": ann, "cat": cat, "cup": cup,
            "games": (old, new, away, live)}


def test_running_first_then_newest_played_dated_by_the_finish(client, league):
    response = client.get(reverse("scoring:game-list"))
    assert response.status_code == 200
    assert _names(response) == ["Live", "New", "Away", "Old"]
    old = league["games"][0]
    # Dated by when the game finished, not by when its row was written.
    row = response.content.decode().split(">Old</a>")[1].split("</tr>")[0]
    assert date_format(localtime(old.finished_at)) in row
    assert date_format(localtime(old.started_at)) not in row


@pytest.mark.parametrize("query, expected", [
    ({"player": "ann"}, ["Live", "Away", "Old"]),
    ({"club": "other"}, ["Away"]),
    ({"tournament": "cup"}, ["New"]),
    ({"period": "30"}, ["Live", "New", "Away"]),
    ({"period": "7", "player": "cat"}, ["Live", "New", "Away"]),
    ({"status": "finished", "club": "club"}, ["New", "Old"]),
    ({"status": "playing"}, ["Live"]),
])
def test_each_filter(client, league, query, expected):
    params = {k: (league[v].pk if v in league else v) for k, v in query.items()}
    response = client.get(reverse("scoring:game-list"), params)
    assert response.status_code == 200
    assert _names(response) == expected


def test_unknown_filter_values_are_refused_in_words(client, league):
    response = client.get(reverse("scoring:game-list"), {"player": 999999, "status": "won"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Select a valid choice." in text
    assert "<form" in text


def test_russian_count(client, league):
    response = client.get(reverse("scoring:game-list"), {"club": league["club"].pk},
                          HTTP_ACCEPT_LANGUAGE="ru")
    assert "3 партии" in response.content.decode()
    one = client.get(reverse("scoring:game-list"), {"club": league["other"].pk},
                     HTTP_ACCEPT_LANGUAGE="ru")
    assert "1 партия" in one.content.decode()


@pytest.mark.parametrize("count", [5, 75])
def test_pages_of_thirty_with_a_fixed_query_budget(client, django_assert_max_num_queries, count):
    club = ClubFactory()
    players = [member(club) for _ in range(4)]
    start = timezone.now() - timedelta(days=200)
    for i in range(count):
        finished_game(club, [(players[i % 4], 100 + i), (players[(i + 1) % 4], 50)],
                      start + timedelta(days=i))
    with django_assert_max_num_queries(7):  # 6, and the data versions the page cache reads
        first = client.get(reverse("scoring:game-list"))
    assert len(first.context["games"]) == min(count, 30)
    assert f"{count} games" in first.content.decode()
    if count > 30:
        with django_assert_max_num_queries(7):
            last = client.get(reverse("scoring:game-list"), {"page": 3})
        assert len(last.context["games"]) == count - 60
        assert "page 3 of 3" in last.content.decode()
