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

FIELDS = ("version", "seat", "draw", "at_c", "at_r", "corners", "key")
# Digits str.isdigit() accepts and int() refuses ("²"), digits int() reads ("٣", "１"), and
# numbers of more digits than int() converts.
UNICODE_DIGITS = ["\u00b2", "\u2079", "\u2460", "\u0663", "\uff11", "1\u00b2", "9" * 5000]
junk = st.one_of(st.none(), st.text(max_size=12), st.integers(-10**6, 10**6).map(str),
                 st.sampled_from(UNICODE_DIGITS))
json_junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.sampled_from(UNICODE_DIGITS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from([*FIELDS, "kind"]) | st.text(max_size=4), inner, max_size=4),
    max_leaves=12)
NESTED = "[" * 5000 + "]" * 5000


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


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(turns=st.one_of(json_junk.map(json.dumps), st.sampled_from([
    NESTED, '[{"version": 0, "seat": ' + NESTED + '}]', "[" + ",".join(["{}"] * 300) + "]"])))
def test_junk_queues_of_turns_are_refused_cleanly(setup, turns):
    client, game = setup
    response = client.post(reverse("scoring:turns", args=[game.pk]), {"turns": turns})
    assert response.status_code in (200, 400), response.status_code
    answer = response.json()
    if response.status_code == 400 or answer["refused"]:
        assert len(answer["refused"]["message"]) > 10
    assert Turn.objects.filter(round__game=game).count() == answer["recorded"]
    Turn.objects.filter(round__game=game).delete()


@pytest.mark.parametrize("method", ["get", "head", "options", "put", "patch", "delete",
                                    "trace"])
def test_every_method_on_the_tablets_endpoints_gets_an_answer(setup, method):
    client, game = setup
    for name in ("tablet", "poll", "fits", "turn", "turns", "undo", "hands"):
        for url in (reverse(f"scoring:{name}", args=[game.pk]),
                    reverse(f"scoring:link-{name}", args=[game.table_token])):
            response = getattr(client, method)(url, {"v": "\u00b2", "tile": "\u00b2-1-2"}
                                               if method in ("get", "head", "trace") else None)
            assert response.status_code < 500, (method, url)
            if method in ("put", "patch", "delete", "trace"):
                assert response.status_code == 405 and response["Allow"]
    assert Turn.objects.filter(round__game=game).count() == 0


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tile=st.text(max_size=10) | st.sampled_from(UNICODE_DIGITS),
       hands=st.text(max_size=20) | st.sampled_from(UNICODE_DIGITS))
def test_junk_tiles_and_hands_are_refused_cleanly(setup, tile, hands):
    client, game = setup
    fits = client.get(reverse("scoring:fits", args=[game.pk]), {"tile": tile})
    assert fits.status_code in (204, 422)
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
