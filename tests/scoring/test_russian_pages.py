"""Pages read in English, Russian and German: the tablet's verb, wording that does not depend
on a player's gender, counts through ngettext, made-up titles and rules names and dates in the
reader's language (rendered pages, each in every language)."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from scoring.engine import EngineError
from scoring.messages import refusal
from scoring.models import Game
from scoring.services import Actor, game_start, turn_record
from tests.factories import member

pytestmark = pytest.mark.django_db


def page(client, url, lang):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def opened(game):
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())


@pytest.mark.parametrize(("lang", "verb"), [("en", "Place"), ("ru", "Выложить"), ("de", "Legen")])
def test_the_tablets_main_button_is_the_verb(client, referee, game, lang, verb):
    client.force_login(referee)
    body = page(client, reverse("scoring:tablet", args=[game.pk]), lang)
    assert f'id="place-button" disabled>{verb}</button>' in body
    assert "Место</button>" not in body


@pytest.mark.parametrize(("lang", "said", "unsaid"), [
    ("en", "placed 4-4-4", None),
    ("ru", "— ход 4-4-4", "выложил"),
    ("de", "legt 4-4-4", None),
])
def test_the_last_turn_does_not_depend_on_the_players_gender(client, game, lang, said, unsaid):
    opened(game)
    body = page(client, game.get_absolute_url(), lang)
    assert "Anna" in body and said in body
    assert unsaid is None or unsaid not in body


@pytest.mark.parametrize(("lang", "rounds", "text"), [
    ("en", 1, "1 round<"), ("en", 3, "3 rounds<"),
    ("ru", 1, "1 раунд<"), ("ru", 3, "3 раунда<"), ("ru", 5, "5 раундов<"),
    ("de", 1, "1 Runde<"), ("de", 3, "3 Runden<"),
])
def test_a_games_rounds_are_counted_in_the_readers_plural(client, club, lang, rounds, text):
    players = [member(club, name=n) for n in ("Anna", "Boris")]
    game = game_start(club=club, players=players, preset="pressman",
                      overrides={"rounds_limit": rounds}, actor=Actor())
    body = page(client, game.get_absolute_url(), lang)
    assert text in body.replace("</p>", "<").replace("\n", "")


@pytest.mark.parametrize(("lang", "rules"), [("en", "rules: Pressman (box rules)"),
                                             ("ru", "правила: Pressman (правила из коробки)"),
                                             ("de", "Regeln: Pressman (Regeln aus der Schachtel)")])
def test_the_rules_are_named_in_the_readers_language(client, game, lang, rules):
    body = page(client, game.get_absolute_url(), lang)
    assert rules in body and "rules: pressman" not in body


@pytest.mark.parametrize(("lang", "title"), [("en", "Club evening 20 Nov 2026, table 2"),
                                             ("ru", "Клубный вечер 20 нояб. 2026, стол 2"),
                                             ("de", "Vereinsabend 20. Nov. 2026, Tisch 2")])
def test_a_made_up_title_is_worded_for_each_reader(client, game, lang, title):
    Game.objects.filter(pk=game.pk).update(
        title_parts={"kind": "club-evening", "date": "2026-11-20", "table": 2})
    body = page(client, game.get_absolute_url(), lang)
    assert f"<h1>{title}" in body
    assert title in page(client, reverse("scoring:game-list"), lang)


def test_a_typed_title_is_shown_as_typed_in_both_languages(client, club):
    players = [member(club, name=n) for n in ("Anna", "Boris")]
    game = game_start(club=club, players=players, title="Friday final",
                      title_parts={"kind": "tonight", "table": 1}, actor=Actor())
    for lang in ("en", "ru", "de"):
        assert "<h1>Friday final" in page(client, game.get_absolute_url(), lang)


def test_unknown_title_parts_fall_back_to_the_games_number(client, game):
    Game.objects.filter(pk=game.pk).update(title_parts={"kind": "from-the-future"})
    assert f"<h1>Game {game.pk}" in page(client, game.get_absolute_url(), "en")
    assert f"<h1>Партия {game.pk}" in page(client, game.get_absolute_url(), "ru")
    assert f"<h1>Partie {game.pk}" in page(client, game.get_absolute_url(), "de")


@pytest.mark.parametrize(("lang", "pool", "text"), [
    ("en", 1, "The pool holds only 1 tile."),
    ("en", 2, "The pool holds only 2 tiles."),
    ("ru", 1, "В базаре осталась только 1 костяшка."),
    ("ru", 3, "В базаре осталось только 3 костяшки."),
    ("ru", 7, "В базаре осталось только 7 костяшек."),
    ("ru", 21, "В базаре осталась только 21 костяшка."),
    ("de", 1, "Im Vorrat liegt nur noch 1 Stein."),
    ("de", 2, "Im Vorrat liegen nur noch 2 Steine."),
])
def test_refusals_count_tiles_in_the_readers_plural(lang, pool, text):
    with translation.override(lang):
        assert refusal(EngineError("pool-empty", "", {"pool": pool})) == text


@pytest.mark.parametrize(("lang", "needed", "text"), [
    ("en", 1, "A player may pass only after drawing 1 tile (drawn: 0)."),
    ("ru", 1, "Пасовать можно, только взяв из базара 1 костяшку (взято: 0)."),
    ("ru", 3, "Пасовать можно, только взяв из базара 3 костяшки (взято: 0)."),
    ("de", 3, "Passen darf ein Spieler erst, nachdem er 3 Steine gezogen hat (gezogen: 0)."),
])
def test_the_must_draw_refusal_counts_in_the_readers_plural(lang, needed, text):
    with translation.override(lang):
        assert refusal(EngineError("must-draw", "", {"needed": needed, "given": 0})) == text


@pytest.mark.parametrize(("lang", "column", "label"), [("en", ">Place<", "Played in"),
                                                       ("ru", ">Место<", "Период игр"),
                                                       ("de", ">Platz<", "Gespielt im Zeitraum")])
def test_places_and_periods_on_the_player_and_rankings_pages(client, game, lang, column, label):
    player = game.seats.get(position=0).player
    assert column in page(client, reverse("ratings:player-detail", args=[player.pk]), lang)
    rankings = page(client, reverse("ratings:rankings"), lang)
    assert label in rankings and "Играл за" not in rankings


def test_demo_titles_stored_as_english_become_parts(game):
    migration = importlib.import_module("scoring.migrations.0004_game_title_parts")
    Game.objects.filter(pk=game.pk).update(title="Club evening 2026-11-20, table 2")
    migration.demo_titles_to_parts(apps, None)
    game.refresh_from_db()
    assert game.title == "" and game.title_parts == {
        "kind": "club-evening", "date": "2026-11-20", "table": 2}
    with translation.override("ru"):
        assert str(game) == "Клубный вечер 20 нояб. 2026, стол 2"
