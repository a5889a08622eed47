"""Bad input never gets a 500: hypothesis throws junk at the tablet's endpoints."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Membership
from scoring.models import Turn
from scoring.services import Actor, game_start
from tests.factories import ClubFactory, UserFactory, member

pytestmark = pytest.mark.django_db

junk = st.one_of(st.none(), st.text(max_size=12), st.integers(-10**6, 10**6).map(str))
FIELDS = ("version", "seat", "draw", "at_c", "at_r", "corners", "key")


@pytest.fixture
def setup(client):
    club = ClubFactory()
    user = UserFactory(username="fuzz-ref")
    member(club, Membership.Role.REFEREE, user=user)
    game = game_start(club=club, players=[member(club), member(club)], preset="pressman",
                      actor=Actor())
    client.force_login(user)
    return client, game


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.fixed_dictionaries({}, optional={
    **dict.fromkeys(FIELDS, junk), "kind": st.one_of(junk, st.sampled_from(["place", "pass"]))}))
def test_junk_turns_are_refused_cleanly(setup, data):
    client, game = setup
    form = {k: v for k, v in data.items() if v is not None}
    response = client.post(reverse("scoring:turn", args=[game.pk]), form,
                           HTTP_HX_REQUEST="true")
    assert response.status_code in (200, 400, 409, 422), response.status_code
    if response.status_code != 200:
        assert b'class="message' in response.content or b"Another tablet" in response.content
        assert Turn.objects.filter(round__game=game).count() == 0


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tile=st.text(max_size=10), hands=st.text(max_size=20))
def test_junk_tiles_and_hands_are_refused_cleanly(setup, tile, hands):
    client, game = setup
    fits = client.get(reverse("scoring:fits", args=[game.pk]), {"tile": tile})
    assert fits.status_code in (200, 422)
    response = client.post(reverse("scoring:hands", args=[game.pk]),
                           {"version": game.version, "tiles-1": hands, "count-0": hands},
                           HTTP_HX_REQUEST="true")
    assert response.status_code in (400, 422)


@pytest.mark.parametrize("payload", [
    b"[1, 2]", b'{"format": "triominos-record/1"}', b"\xff\xfe", b"not json",
    json.dumps({"format": "triominos-record/1", "rules": "nonsense", "players": ["A", "B"],
                "rounds": []}).encode(),
    json.dumps({"format": "triominos-record/1", "rules": "pressman", "players": ["A", "A"],
                "rounds": []}).encode(),
    json.dumps({"format": "triominos-record/1", "rules": "pressman", "players": ["A", "B"],
                "rounds": [{"moves": [{"player": "C", "at": [0, 0],
                                       "corners": [1, 1, 1]}]}]}).encode(),
])
def test_junk_records_are_refused_with_a_message(setup, payload):
    client, game = setup
    upload = SimpleUploadedFile("r.json", payload)
    response = client.post(reverse("scoring:game-import"),
                           {"club": game.club_id, "record": upload})
    assert response.status_code == 200
    assert b'class="errorlist"' in response.content
