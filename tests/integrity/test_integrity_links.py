"""Table links serve a game while it is played; once it is over, nothing they send is written."""

import pytest
from django.urls import reverse

from clubs.models import Membership
from scoring.models import AuditEntry, Game, Seat, Turn
from tests.factories import ClubFactory, UserFactory, member

from .helpers import finished_game

pytestmark = pytest.mark.django_db


def _state(game):
    game.refresh_from_db()
    return (game.status, game.version, game.turn_count,
            list(Seat.objects.filter(game=game).values_list("score", flat=True)),
            Turn.objects.filter(round__game=game).count(), AuditEntry.objects.count())


@pytest.mark.parametrize("endpoint", ["undo", "turn", "hands"])
def test_an_old_table_link_writes_nothing_to_a_finished_game(client, endpoint):
    game = finished_game(ClubFactory())
    before = _state(game)
    url = reverse(f"scoring:link-{endpoint}", args=[game.table_token])
    response = client.post(url, {"version": game.version, "kind": "pass", "seat": 0, "draw": 0,
                                 "key": "k", "count-0": "1", "points-0": "5"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "not in progress" in response.content.decode()
    assert _state(game) == before


def test_the_final_state_still_shows_through_an_old_link(client):
    game = finished_game(ClubFactory())
    response = client.get(reverse("scoring:link-tablet", args=[game.table_token]))
    assert response.status_code == 200


def test_a_referee_cannot_undo_a_finished_game_either(client):
    club = ClubFactory()
    user = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=user)
    game = finished_game(club)
    before = _state(game)
    client.force_login(user)
    response = client.post(reverse("scoring:undo", args=[game.pk]), {"version": game.version},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert _state(game) == before
    assert game.status == Game.Status.FINISHED
