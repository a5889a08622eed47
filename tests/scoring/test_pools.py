"""Individual pools on the site: the new-game form offers them, the tablet shows each player's
own pool and limits draws to it, and the recorded game replays to the engine's numbers."""

import pytest
from django.urls import reverse

from scoring.models import Game
from scoring.services import Actor, turn_record
from tests.factories import member
from tests.scoring.seats import seated
from tests.scoring.test_tablet_views import tablet_data
from tests.scoring.test_views import post_turn

pytestmark = pytest.mark.django_db


def start(client, club, pool):
    players = [member(club, name=n) for n in ("Anna", "Boris", "Vera")]
    response = client.post(reverse("scoring:game-new"), {
        "club": club.pk, "preset": "club", **seated(*players), "pool": pool})
    assert response.status_code == 302
    return Game.objects.latest("pk")


def test_the_new_game_form_offers_a_pool_for_each_player(client, referee, club):
    client.force_login(referee)
    page = client.get(reverse("scoring:game-new")).content.decode()
    assert 'name="pool"' in page and "A pool of their own for each player" in page
    shared = start(client, club, "shared")
    assert shared.rules["pool"] == "shared"
    game = start(client, club, "individual")
    assert game.rules["pool"] == "individual" and game.pool_size == 35
    bad = client.post(reverse("scoring:game-new"), {"club": club.pk, "preset": "club",
                                                    **seated("Anna", "Boris"), "pool": "each"})
    assert bad.status_code == 200 and Game.objects.count() == 2


def test_the_tablet_shows_each_players_own_pool_and_limits_draws_to_it(client, referee, club):
    client.force_login(referee)
    game = start(client, club, "individual")
    game.rounds.filter(number=0).update(dealt=17)  # five left: pools of 2, 2 and 1
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    game.refresh_from_db()
    response = client.get(reverse("scoring:tablet", args=[game.pk]))
    body = response.content.decode()
    assert body.count('class="num own-pool"') == 3
    assert '<td class="num own-pool">2</td>' in body and '<td class="num own-pool">1</td>' in body
    data = tablet_data(response)
    # Club rules draw without limit; Boris's own pool holds two, so two it is, and then a pass
    # costs two draws and the failure penalty.
    assert data["draws_left"] == 2
    assert data["pass"] == {"draws": 2, "points": -20, "empties_pool": True}
    refused = post_turn(client, game, seat=1, kind="pass", draw=3)
    assert refused.status_code == 422 and "The pool holds only 2 tiles." in refused.content.decode()
    assert post_turn(client, game, seat=1, kind="pass", draw=2).status_code == 200
    game.refresh_from_db()
    assert [s.score for s in game.seats.order_by("position")] == [22, -20, 0]
    assert game.pool_size == 3
    data = tablet_data(client.get(reverse("scoring:tablet", args=[game.pk])))
    assert data["draws_left"] == 1
    assert data["pass"] == {"draws": 1, "points": -15, "empties_pool": True}


def test_shared_pool_games_show_no_pool_column(client, referee, game):
    client.force_login(referee)
    body = client.get(reverse("scoring:tablet", args=[game.pk])).content.decode()
    assert "own-pool" not in body
