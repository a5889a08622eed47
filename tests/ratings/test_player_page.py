"""The player page with real numbers: dates, win rate, average place, head-to-head, the
tournament history, the chart's dated points and the games' filters."""

import re
from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timezone import localtime

from ratings.models import GameRating
from ratings.services import ratings_recompute
from scoring.models import Game
from tests.factories import ClubFactory, member
from tournaments.models import Registration, Stage, Table, Tournament, TournamentRound

from .test_ratings_db import finished_game

pytestmark = pytest.mark.django_db


def day(when):
    return date_format(localtime(when))


@pytest.fixture
def ann_season():
    club = ClubFactory(name="Triangle")
    ann, ben, cat = (member(club, name=n) for n in ("Ann", "Ben", "Cat"))
    now = timezone.now()
    g1 = finished_game(club, [(ann, 200), (ben, 150)], now - timedelta(days=40))
    g2 = finished_game(club, [(ben, 210), (ann, 100), (cat, 50)], now - timedelta(days=20))
    g3 = finished_game(club, [(ann, 180), (cat, 120)], now - timedelta(days=5))
    for game, title in ((g1, "First"), (g2, "Second"), (g3, "Third")):
        game.title = title
        game.save(update_fields=["title"])
    ratings_recompute()
    cup = Tournament.objects.create(club=club, name="Spring Cup", slug="spring-cup",
                                    starts_on=date.today(), winner=ann)
    Registration.objects.create(tournament=cup, player=ann)
    stage = Stage.objects.create(tournament=cup, order=0, kind="swiss")
    rnd = TournamentRound.objects.create(tournament=cup, stage=stage, number=1)
    Table.objects.create(round=rnd, number=1, game=g3)
    return {"ann": ann, "ben": ben, "cat": cat, "games": (g1, g2, g3)}


def _page(client, player, **params):
    response = client.get(reverse("ratings:player-detail", args=[player.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def _games(html):
    table = html.split('class="player-games cards"')[1].split("</table>")[0]
    return re.findall(r'<a href="/games/\d+/">(\w+)</a>', table)


def test_numbers_of_the_season(client, ann_season):
    html = _page(client, ann_season["ann"])
    assert '<div class="big" id="win-rate">67 %</div>' in html  # 2 wins of 3
    assert '<div class="big" id="average-place">1.33</div>' in html  # (1 + 2 + 1) / 3
    h2h = html.split('class="head-to-head cards"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td><a [^>]*>(\w+)</a></td>(.*?)</tr>", h2h, re.S)
    number = r'<td class="num[^"]*"[^>]*>([^<]*)</td>'
    cells = {name: re.findall(number, rest) for name, rest in rows}
    # Ben: 2 games, 1 ahead, 1 behind, (50 − 110) / 2; Cat: 2 games, 2 ahead, (50 + 60) / 2.
    assert cells == {"Ben": ["2", "1", "1", "−30.0"], "Cat": ["2", "2", "0", "+55.0"]}
    g1, g2, g3 = ann_season["games"]
    assert f'<a href="/games/{g2.pk}/">{day(g2.finished_at)}</a>' in h2h  # last met Ben
    assert f'<a href="/games/{g3.pk}/">{day(g3.finished_at)}</a>' in h2h  # last met Cat


def test_games_are_dated_by_when_they_were_played(client, ann_season):
    html = _page(client, ann_season["ann"])
    assert _games(html) == ["Third", "Second", "First"]
    table = html.split('class="player-games cards"')[1]
    for game in ann_season["games"]:
        row = table.split(f">{game.title}</a>")[1].split("</tr>")[0]
        assert day(game.finished_at) in row
        assert day(game.started_at) not in row  # the day the row was written


def test_chart_points_carry_date_and_value(client, ann_season):
    html = _page(client, ann_season["ann"])
    titles = re.findall(r"<title>([^<]*)</title>", html.split('<svg class="chart"')[1])
    expected = [f"{day(r.finished_at)}: {r.after} ({'+' if r.change > 0 else '−'}{abs(r.change)})"
                for r in GameRating.objects.filter(player=ann_season["ann"])
                .order_by("finished_at")]
    assert titles == expected and len(titles) == 3
    # The axis names each day once (three games, three days), shortly: "3 Nov".
    dates = re.findall(r'class="tick date">([^<]*)<', html)
    assert dates == [date_format(localtime(r.finished_at), "MONTH_DAY_FORMAT")
                     for r in GameRating.objects.filter(player=ann_season["ann"])
                     .order_by("finished_at")]
    # The data the script draws from: each point's words and its game.
    assert f'"label": "{titles[0]}"' in html
    assert f'"url": "/games/{ann_season["games"][0].pk}/"' in html


@pytest.mark.parametrize("params, expected", [
    ({"opponent": "ben"}, ["Second", "First"]),
    ({"result": "won"}, ["Third", "First"]),
    ({"result": "lost"}, ["Second"]),
    ({"period": "30"}, ["Third", "Second"]),
    ({"result": "won", "opponent": "cat"}, ["Third"]),
])
def test_game_filters(client, ann_season, params, expected):
    params = {k: ann_season[v].pk if v in ann_season else v for k, v in params.items()}
    assert _games(_page(client, ann_season["ann"], **params)) == expected


def test_a_bad_filter_is_refused_in_words(client, ann_season):
    response = client.get(reverse("ratings:player-detail", args=[ann_season["ann"].pk]),
                          {"result": "draw"})
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()


def test_tournament_history(client, ann_season):
    html = _page(client, ann_season["ann"])
    table = html.split('class="player-tournaments cards"')[1].split("</table>")[0]
    assert '<a href="/tournaments/spring-cup/">Spring Cup</a>' in table
    assert "winner" in table
    assert re.search(r'<td class="num"[^>]*>1</td>', table)  # one finished game in it
    assert "No tournaments yet." in _page(client, ann_season["ben"])


def test_in_russian(client, ann_season):
    response = client.get(reverse("ratings:player-detail", args=[ann_season["ann"].pk]),
                          HTTP_ACCEPT_LANGUAGE="ru")
    html = response.content.decode()
    for text in ("Доля побед", "Среднее место", "Разница очков", "Последняя встреча"):
        assert text in html


@pytest.mark.parametrize("language", ["ru", "de"])
def test_the_chart_draws_in_every_language(client, ann_season, language):
    """The reader's decimal comma is for text: an SVG coordinate of 186,0 draws nothing."""
    response = client.get(reverse("ratings:player-detail", args=[ann_season["ann"].pk]),
                          HTTP_ACCEPT_LANGUAGE=language)
    svg = response.content.decode().split('<svg class="chart"')[1].split("</svg>")[0]
    coordinates = re.findall(r'\b(?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', svg)
    assert len(coordinates) > 20
    assert [c for c in coordinates if not re.fullmatch(r"-?\d+(?:\.\d+)?", c)] == []


def test_club_page_lists_recent_games_by_when_they_were_played(client, ann_season):
    g1, g2, g3 = ann_season["games"]
    # The first game's sheet typed in last: its row is the newest, its evening the oldest.
    Game.objects.filter(pk=g1.pk).update(started_at=timezone.now() + timedelta(minutes=5))
    html = client.get(g1.club.get_absolute_url()).content.decode()
    recent = html.split("<h2>Recent games</h2>")[1].split("</ul>")[0]
    assert re.findall(r">(First|Second|Third)</a>", recent) == ["Third", "Second", "First"]
    assert day(g1.finished_at) in recent.split(">First</a>")[1].split("</li>")[0]
