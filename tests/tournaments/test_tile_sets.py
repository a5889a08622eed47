"""A tournament chooses the tile set and the pool of all its games (issue 23.5): from the form,
into every table's game, and out again through the API and the club archive."""

import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from archive.club import club_export, club_import
from clubs.permissions import SITE
from scoring.engine import record_state
from scoring.models import Game
from scoring.records import game_export
from tests.factories import organiser_of
from tournaments import services
from tournaments.messages import refusal
from tournaments.models import Tournament

from .play import field, play_round, tournament_with

pytestmark = pytest.mark.django_db


def _form(club, **fields):
    return {"club": club.pk, "name": "Big Set Cup", "starts_on": "2026-05-02",
            "preset": "club", "table_size": 4, "format": "swiss", "rounds": 3,
            "points_scheme": "placing", "remainder": "smaller_tables", "knockout_size": 0,
            "tile_set": "84", "pool": "individual", "key": "k-84", **fields}


def test_the_form_sets_the_tile_set_and_pool_of_every_game(client, club):
    client.force_login(organiser_of(club))
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'name="tile_set" value="84"' in page and 'name="pool" value="individual"' in page
    response = client.post(reverse("tournaments:new"), _form(club))
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Big Set Cup")
    assert (tournament.tile_set, tournament.pool) == ("84", "individual")
    header = client.get(tournament.get_absolute_url()).content.decode()
    assert "84 tiles, numbers 0 to 6" in header
    assert "A pool of their own for each player" in header
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in field(club, 8):
        services.registration_add(tournament=tournament, player=player, checked_in=True, actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    games = Game.objects.filter(tournament_table__round=rnd)
    assert games.count() == 2
    for game in games:
        assert (game.rules["max_number"], game.rules["pool"]) == (6, "individual")
        assert (game.tile_set, game.pool) == ("84", "individual")


def test_the_usual_set_is_the_default(client, club):
    client.force_login(organiser_of(club))
    form = _form(club)
    del form["tile_set"], form["pool"]
    response = client.post(reverse("tournaments:new"), form)  # as an older page sends it
    assert response.status_code == 302
    assert Tournament.objects.get().tile_set == "56"
    tournament = tournament_with(club, [], name="Plain Cup")
    assert (tournament.tile_set, tournament.pool) == ("56", "shared")
    response = client.post(reverse("tournaments:new"), _form(club, tile_set="99", key="k-99"))
    assert response.status_code == 200
    assert "Select a valid choice. 99 is not one of the available choices." in (
        response.content.decode())
    assert Tournament.objects.count() == 2
    assert tournament.overrides == {"rounds_limit": 1, "target": None}


@pytest.mark.parametrize(("settings", "words"), [
    ({"tile_set": "99"}, "Choose the 56-, 76- or 84-tile set"),
    ({"pool": "each"}, "Choose the 56-, 76- or 84-tile set"),
])
def test_an_unknown_set_or_pool_is_refused_in_words(club, settings, words):
    with pytest.raises(services.Refused) as refused:
        tournament_with(club, [], **settings)
    assert refused.value.code == "bad-tiles"
    assert refused.value.params == {"tiles": "56", "pool": "shared", **{
        ("tiles" if k == "tile_set" else k): v for k, v in settings.items()}}
    assert refusal(refused.value).startswith(words)
    assert not Tournament.objects.exists()


def test_a_mirror_set_tournament_sets_mirror_tiles(club):
    tournament = tournament_with(club, field(club, 4), tile_set="76")
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    game = Game.objects.get(tournament_table__round=rnd)
    assert game.rules["mirror_tiles"] is True and game.rules["max_number"] == 5
    assert (game.tile_set, game.pool) == ("76", "shared")


@pytest.fixture
def played(club):
    """An 84-tile tournament whose first round was played to the end by the robots (tiles with
    sixes on the boards)."""
    tournament = tournament_with(club, field(club, 4), tile_set="84", pool="individual")
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    rnd.refresh_from_db()
    play_round(rnd, seed=4)
    game = Game.objects.get(tournament_table__round=rnd)
    assert game.status == Game.Status.FINISHED
    assert any("6" in turn.tile for turn in game.rounds.first().turns.all())
    return tournament, game


def test_the_api_shows_the_set_of_the_tournament_and_its_games(client, played):
    tournament, game = played
    shown = client.get(reverse("api:tournament-detail", args=[tournament.slug])).json()
    assert (shown["tile_set"], shown["pool"]) == ("84", "individual")
    detail = client.get(reverse("api:game-detail", args=[game.pk])).json()
    assert (detail["tile_set"], detail["pool"]) == ("84", "individual")
    assert detail["rules"]["max_number"] == 6 and detail["rules"]["pool"] == "individual"
    assert detail["record"]["rules"]["max_number"] == 6
    # The record alone replays to the same scores: it carries the set.
    state = record_state(detail["record"])
    assert list(state.totals) == [seat["score"] for seat in detail["seats"]]
    listed = client.get(reverse("api:game-list"), {"club": game.club.slug}).json()
    assert [g["tile_set"] for g in listed["results"] if g["id"] == game.pk] == ["84"]


def test_an_84_tile_tournament_game_round_trips_through_the_archive(played):
    tournament, game = played
    record = game_export(game)
    scores = list(game.seats.order_by("position").values_list("score", flat=True))
    data = json.loads(json.dumps(club_export(game.club)))
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    club_import(data=data)
    back = Tournament.objects.get(slug=tournament.slug)
    assert (back.tile_set, back.pool) == ("84", "individual")
    again = Game.objects.get(tournament_table__round__tournament=back)
    assert (again.tile_set, again.pool) == ("84", "individual")
    assert list(again.seats.order_by("position").values_list("score", flat=True)) == scores
    assert game_export(again) == record
