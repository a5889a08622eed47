"""Tournament pages in every language: a tournament's round is a «тур» (a game's is a «раунд»),
in German a «Durchgang» (a game's is a «Runde»),
a tournament game's made-up title is worded in the reader's language, and titles published
before the change become parts (the data migration)."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from clubs.permissions import SITE
from scoring.models import Game
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def page(client, url, lang):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def published(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    return rnd


@pytest.mark.parametrize(("lang", "heading", "round_1", "title"), [
    ("en", ">Rounds<", "Round 1", "Spring Open · round 1, table 1"),
    ("ru", ">Туры<", "Тур 1", "Spring Open · тур 1, стол 1"),
    ("de", ">Durchgänge<", "Durchgang 1", "Spring Open · Durchgang 1, Tisch 1"),
])
def test_a_tournaments_rounds_and_game_titles_in_the_readers_language(
        client, tournament, published, lang, heading, round_1, title):
    detail = page(client, tournament.get_absolute_url(), lang)
    assert heading in detail and round_1 in detail
    assert "Раунд 1" not in detail and ">Раунды<" not in detail
    assert ">Runden<" not in detail and "Runde 1" not in detail
    game = published.tables.get(number=1).game
    assert game.title == ""
    assert f"<h1>{title}" in page(client, game.get_absolute_url(), lang)
    round_page = page(client, reverse("tournaments:round", args=[tournament.slug, 1]), lang)
    assert round_1 in round_page


@pytest.mark.parametrize(("lang", "status"), [("en", "finished"), ("ru", "завершён"),
                                              ("de", "beendet")])
def test_a_finished_tournament_is_masculine_in_russian(client, tournament, lang, status):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    listing = page(client, reverse("tournaments:list"), lang)
    assert status in listing
    assert lang == "en" or "завершена" not in listing


def test_titles_published_before_become_parts(tournament, published):
    table = published.tables.get(number=2)
    Game.objects.filter(pk=table.game_id).update(
        title="Spring Open · round 1, table 2", title_parts={})
    typed = published.tables.get(number=3)
    Game.objects.filter(pk=typed.game_id).update(title="Our own name", title_parts={})
    migration = importlib.import_module("tournaments.migrations.0003_game_titles_from_parts")
    migration.tournament_titles_to_parts(apps, None)
    game = Game.objects.get(pk=table.game_id)
    assert game.title == "" and game.title_parts == {
        "kind": "tournament-table", "tournament": "Spring Open", "round": 1, "table": 2}
    assert Game.objects.get(pk=typed.game_id).title == "Our own name"


@pytest.mark.parametrize(("lang", "title"), [("en", "Spring Open · round 1, table 1"),
                                             ("ru", "Spring Open · тур 1, стол 1"),
                                             ("de", "Spring Open · Durchgang 1, Tisch 1")])
def test_the_api_words_a_made_up_title_for_its_reader(client, published, lang, title):
    game = published.tables.get(number=1).game
    response = client.get(reverse("api:game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200 and response.json()["title"] == title
