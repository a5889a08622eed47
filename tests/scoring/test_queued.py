"""Turns queued on the tablet while offline, sent together: recorded in order, once each, up to
the first refusal."""

import json

import pytest
from django.urls import reverse

from scoring.models import Turn
from tests.scoring.test_tablet_views import tablet_data

pytestmark = pytest.mark.django_db


def send(client, game, turns, token=None, **headers):
    url = (reverse("scoring:link-turns", args=[token]) if token
           else reverse("scoring:turns", args=[game.pk]))
    return client.post(url, {"turns": json.dumps(turns)}, HTTP_HX_REQUEST="true", **headers)


QUEUE = [
    {"version": 0, "key": "k0", "kind": "place", "seat": 0, "at_c": 0, "at_r": 0,
     "corners": "4,4,4"},
    {"version": 1, "key": "k1", "kind": "place", "seat": 1, "at_c": 1, "at_r": 0,
     "corners": "4,4,1"},
    {"version": 2, "key": "k2", "kind": "pass", "seat": 2, "draw": 3},
]


def played(game):
    return [(t.seat, t.tile, t.draws, t.client_key)
            for t in Turn.objects.filter(round__game=game).order_by("number")]


def test_queued_turns_are_recorded_in_order_and_once(client, referee, game):
    client.force_login(referee)
    response = send(client, game, QUEUE)
    answer = response.json()
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert answer["recorded"] == 3 and answer["refused"] is None
    assert 'data-version="3"' in answer["html"]
    assert played(game) == [(0, "4-4-4", 0, "k0"), (1, "1-4-4", 0, "k1"), (2, "", 3, "k2")]
    # The answer was lost and the tablet sends them all again: nothing is recorded twice.
    again = send(client, game, QUEUE).json()
    assert again["recorded"] == 3 and len(played(game)) == 3
    game.refresh_from_db()
    assert game.version == 3 and [s.score for s in game.seats.order_by("position")] == [22, 9, -25]


def test_the_first_refusal_stops_the_rest(client, referee, game):
    client.force_login(referee)
    queue = [QUEUE[0], {**QUEUE[2], "version": 1, "seat": 1, "draw": 0, "key": "k-bad"},
             {**QUEUE[1], "version": 2}]
    answer = send(client, game, queue).json()
    assert answer["recorded"] == 1
    assert answer["refused"] == {
        "status": 422, "message": "A player may pass only after drawing 3 tiles (drawn: 0)."}
    assert played(game) == [(0, "4-4-4", 0, "k0")]
    assert tablet_data_from(answer)["version"] == 1


def test_a_key_sent_again_with_another_turn_is_a_conflict(client, referee, game):
    client.force_login(referee)
    send(client, game, QUEUE[:1])
    # The second turn comes under the first one's key: not "recorded", but refused in words.
    answer = send(client, game, [{**QUEUE[1], "key": "k0"}])
    assert answer.status_code == 200
    assert answer.json()["recorded"] == 0
    assert answer.json()["refused"] == {"status": 409, "message": (
        "The tablet sent a turn under the key of another turn already recorded; nothing was "
        "recorded. Reload the page.")}
    single = client.post(reverse("scoring:turn", args=[game.pk]), {**QUEUE[1], "key": "k0"},
                         HTTP_HX_REQUEST="true")
    assert single.status_code == 409 and "another turn already recorded" in single.content.decode()
    assert played(game) == [(0, "4-4-4", 0, "k0")]


def tablet_data_from(answer):
    class Page:
        content = answer["html"].encode()
    return tablet_data(Page)


@pytest.mark.parametrize("turns", ["not json", json.dumps({"a": 1}), json.dumps([]),
                                   json.dumps([1, 2]), json.dumps([{"kind": "place"}])])
def test_junk_is_refused_with_a_message_and_writes_nothing(client, referee, game, turns):
    client.force_login(referee)
    response = client.post(reverse("scoring:turns", args=[game.pk]), {"turns": turns},
                           HTTP_HX_REQUEST="true")
    assert response.status_code in (200, 400)
    answer = response.json()
    assert answer["recorded"] == 0 and answer["refused"]["status"] == 400
    assert answer["refused"]["message"]
    assert Turn.objects.count() == 0


def test_stale_queue_and_table_link(client, game):
    stale = [{**QUEUE[0], "version": 7}]
    answer = send(client, game, stale, token=game.table_token).json()
    assert answer["recorded"] == 0 and answer["refused"]["status"] == 409
    assert "Another tablet changed this game" in answer["refused"]["message"]
    assert client.post(reverse("scoring:turns", args=[game.pk]),
                       {"turns": "[]"}).status_code in (302, 403)
