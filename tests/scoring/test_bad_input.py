"""Each input that once answered 500 now gets a 4xx or the form back with a message, and
writes nothing (issue 9, item 2; issue 24, item 1)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubs.models import Membership, Player
from scoring.models import Game, Turn
from scoring.services import Actor, game_start, turn_record
from tests.factories import UserFactory, member
from tests.scoring.seats import seated

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(club):
    referee = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=referee)
    # A 500 must show as a response here, not as an exception the client re-raises.
    client = Client(raise_request_exception=False)
    client.force_login(referee)
    return client


def record(**changes):
    base = {"format": "triominos-record/1", "rules": "pressman", "players": ["Anna", "Boris"],
            "rounds": [{"moves": [{"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]}]}]}
    base.update(changes)
    return base


def post_import(client, club, payload: bytes):
    upload = SimpleUploadedFile("game.json", payload, content_type="application/json")
    return client.post(reverse("scoring:game-import"), {"club": club.pk, "record": upload})


def refused_with(response, text):
    body = response.content.decode()
    assert response.status_code in (200, 400, 413), response.status_code
    assert 'class="errorlist' in body, body[:500]
    assert text in body, body[body.find("errorlist") - 200:][:800]


BAD_RECORDS = {
    "deeply nested": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "nested rules": (json.dumps(record(rules={"preset": "club", "x": [[[[[[[[[[[[]]]]]]]]]]]]}))
                     .encode(), "nested too deeply"),
    "long title": (json.dumps(record(title="T" * 121)).encode(), "title"),
    "title not text": (json.dumps(record(title=["x"])).encode(), "title"),
    "long player name": (json.dumps(record(players=["A" * 81, "Boris"], rounds=[])).encode(),
                         "players[0]"),
    "far cell": (json.dumps(record(rounds=[{"moves": [
        {"player": "Anna", "at": [40000, 0], "corners": [4, 4, 4]}]}])).encode(), "at"),
    "huge target": (json.dumps(record(rules={"preset": "club", "target": 10**12})).encode(),
                    "target"),
    "huge rounds limit": (json.dumps(record(rules={"preset": "club", "rounds_limit": 10**6}))
                          .encode(), "rounds_limit"),
    # Inside the rule values' limit, beyond the smallint column that holds it.
    "rounds limit beyond its column": (json.dumps(record(
        rules={"preset": "club", "rounds_limit": 40000})).encode(),
        "rules.rounds_limit: at most 32767."),
    "superscript player count": (json.dumps(record(
        rules={"preset": "club", "dealt": {"\u00b2": 7, "3": 7, "4": 7}})).encode(), "dealt"),
    "finished_at in 2999": (json.dumps(record(finished_at="2999-01-01T00:00:00+00:00")).encode(),
                            "finished_at: 2999-01-01T00:00:00+00:00 is in the future."),
    "huge bonus": (json.dumps(record(rules={"preset": "club", "opening_triple_bonus": 10**12}))
                   .encode(), "opening_triple_bonus"),
    "huge draw": (json.dumps(record(rounds=[{"moves": [
        {"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]},
        {"player": "Boris", "draw": 70000}]}])).encode(), "draw"),
    "huge dealt": (json.dumps(record(rounds=[{"dealt": 70000, "moves": []}])).encode(), "dealt"),
    "finished_at a number": (json.dumps(record(finished_at=12345)).encode(), "finished_at"),
    "finished_at a list": (json.dumps(record(finished_at=["2026"])).encode(), "finished_at"),
    "finished_at before the calendar": (json.dumps(record(
        finished_at="0001-01-01T00:00:00+05:00")).encode(), "finished_at"),
    "finished_at nonsense": (json.dumps(record(finished_at="yesterday")).encode(), "finished_at"),
    "NUL in a name": (json.dumps(record(players=["An\x00na", "Boris"], rounds=[])).encode(),
                      "players[0]"),
    "lone surrogate": (b'{"format": "triominos-record/1", "rules": "pressman", '
                       b'"players": ["\\ud800", "B"], "rounds": []}', "players[0]"),
    "too many rounds": (json.dumps(record(rules={"preset": "club", "target": None},
                                          rounds=[{"moves": []}] * 1000)).encode(), "rounds"),
    "too many players": (json.dumps(record(players=[f"P{i}" for i in range(50)], rounds=[]))
                         .encode(), "players"),
}


@pytest.mark.parametrize("payload,text", BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_bad_record_is_refused_and_writes_nothing(client, club, payload, text):
    players = Player.objects.count()
    response = post_import(client, club, payload)
    refused_with(response, text)
    assert Game.objects.count() == 0
    assert Player.objects.count() == players


def test_record_over_the_size_limit_is_refused_before_reading(client, club, settings):
    settings.RECORD_MAX_BYTES = 1000
    payload = json.dumps(record(title="x" * 2000)).encode()
    response = post_import(client, club, payload)
    refused_with(response, "larger than 1000\u00a0bytes")
    assert Game.objects.count() == 0


def test_a_good_record_still_imports(client, club):
    response = post_import(client, club, json.dumps(
        record(title="Friday", finished_at="2026-05-01T20:00:00+03:00")).encode())
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.title == "Friday" and game.finished_at is None  # still being played


@pytest.mark.parametrize("club_value", ["abc", "", "99999999999999999999999", None])
def test_game_new_with_a_bad_club_gets_the_form_back(client, club, club_value):
    anna, boris = member(club, name="Anna"), member(club, name="Boris")
    data = {"preset": "pressman", **seated(anna, boris)}
    if club_value is not None:
        data["club"] = club_value
    response = client.post(reverse("scoring:game-new"), data)
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert Game.objects.count() == 0


def test_correction_beyond_the_database_range_is_refused(client, club):
    players = [member(club, name=n) for n in ("Anna", "Boris")]
    game = game_start(club=club, players=players, preset="pressman", actor=Actor())
    turn_record(game_id=game.pk, seat=0, draw=0, at=(0, 0), corners=(4, 4, 4),
                expected_version=0, actor=Actor())
    url = reverse("scoring:turn-correct", args=[game.pk, 0, 0])
    for cell in ({"at_c": 40000, "at_r": 0}, {"at_c": 0, "at_r": -40000}):
        response = client.post(url, {"version": 1, "kind": "place", "seat": 0, "draw": 0,
                                     "corners": "4,4,4", **cell})
        assert response.status_code == 400
        assert "500" in response.content.decode()  # the bound the cell broke, in words
    turn = Turn.objects.get()
    assert (turn.cell_c, turn.cell_r) == (0, 0)


# -- attaching a record goes through the import's limits ------------------------------------------

ATTACH_REFUSALS = {
    "cell beyond a smallint": ([40000, 0], "a cell at most 500 from the opening"),
    "cell beyond the tablet's reach": ([501, 0], "a cell at most 500 from the opening"),
}


@pytest.fixture
def attached(club):
    players = [member(club, name=name) for name in ("Anna", "Boris")]
    return game_start(club=club, players=players, preset="pressman", actor=Actor())


def post_attach(client, game, payload: bytes):
    upload = SimpleUploadedFile("game.json", payload, content_type="application/json")
    return client.post(reverse("scoring:game-attach", args=[game.pk]), {"record": upload})


def attach_refused(response, game, text):
    body = response.content.decode()
    assert response.status_code == 422, response.status_code
    assert text in body, body[body.find("error") - 200:][:800]
    game.refresh_from_db()
    assert (game.version, game.turn_count) == (0, 0)
    assert not Turn.objects.filter(round__game=game).exists()


@pytest.mark.parametrize("at,text", ATTACH_REFUSALS.values(), ids=ATTACH_REFUSALS.keys())
def test_an_attached_record_keeps_the_imports_cell_limit(client, attached, at, text):
    payload = json.dumps(record(rules="pressman", rounds=[{"moves": [
        {"player": "Anna", "at": at, "corners": [4, 4, 4]}]}])).encode()
    attach_refused(post_attach(client, attached, payload), attached, text)


@pytest.mark.parametrize("payload,text", [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (json.dumps(record(rules={"preset": "pressman", "rounds_limit": 40000})).encode(),
     "rules.rounds_limit: at most 32767."),
    (json.dumps(record(finished_at="2999-01-01T00:00:00+00:00")).encode(), "in the future"),
], ids=["deep", "rounds limit", "future"])
def test_an_attached_record_is_read_and_checked_like_an_import(client, attached, payload, text):
    attach_refused(post_attach(client, attached, payload), attached, text)


def test_an_attached_record_has_the_imports_size_limit(client, attached, settings):
    settings.RECORD_MAX_BYTES = 1000
    payload = json.dumps(record(title="x" * 2000)).encode()
    attach_refused(post_attach(client, attached, payload), attached, "larger than 1000\u00a0bytes")


def test_an_attached_record_inside_the_limits_still_replaces_the_game(client, attached):
    response = post_attach(client, attached, json.dumps(record(rules="pressman")).encode())
    assert response.status_code == 302
    turn = Turn.objects.get(round__game=attached)
    assert (turn.cell_c, turn.cell_r, turn.tile) == (0, 0, "4-4-4")


# -- queued turns ------------------------------------------------------------------------------

@pytest.mark.parametrize("turns,text", [
    ("[" * 5000 + "]" * 5000, "nested deeper than 2 levels"),
    ('[{"version": 0, "seat": [[1]]}]', "nested deeper than 2 levels"),
    ("[" + ",".join(['{"key": "%s"}' % ("k" * 60)] * 1200) + "]", "larger than 64.0\u00a0KB"),
    ("[NaN]", "not valid JSON"),
    ("[" + "9" * 5000 + "]", "not valid JSON"),
], ids=["deep", "nested field", "large", "NaN", "long number"])
def test_queued_turns_that_cannot_be_read_are_refused_in_words(client, attached, turns, text):
    for url in (reverse("scoring:turns", args=[attached.pk]),
                reverse("scoring:link-turns", args=[attached.table_token])):
        response = client.post(url, {"turns": turns})
        assert response.status_code == 400
        answer = response.json()
        assert answer["recorded"] == 0 and text in answer["refused"]["message"]
    assert not Turn.objects.filter(round__game=attached).exists()


# -- numbers in addresses and forms ------------------------------------------------------------

@pytest.mark.parametrize("rows", ["\u00b2", "9" * 5000, "\u0663", "-3", "0", "x"])
def test_the_sheets_row_count_takes_only_whole_numbers(client, attached, rows):
    response = client.get(reverse("scoring:game-sheet", args=[attached.pk]), {"rows": rows})
    assert response.status_code == 200
    # "٣" is the Arabic-Indic digit 3, a whole number; anything else leaves the six lines.
    expected = 3 if rows == "\u0663" else 6
    assert response.context["rows"] == expected


def test_a_sheets_round_winner_that_is_not_a_seat_is_refused_in_words(client, attached):
    for winner in ("\u00b2", "9" * 5000, "2", "-1"):
        response = client.post(reverse("scoring:game-sheet", args=[attached.pk]),
                               {"rows": "1", "p-0-0": "10", "p-0-1": "0", "round_winner": winner})
        assert response.status_code == 422
        assert "Choose a player of this game." in response.content.decode()
    attached.refresh_from_db()
    assert attached.status == Game.Status.PLAYING


@pytest.mark.parametrize("value", ["\u00b2", "9" * 5000, "1.5", ""])
def test_the_new_game_pages_club_choice_takes_only_a_club_of_the_user(client, club, value):
    response = client.get(reverse("scoring:game-new"), {"club": value})
    assert response.status_code == 200
    assert response.context["form"].initial["club"] == club
