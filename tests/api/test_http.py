"""HTTP behaviour of the API: conditional GET, CORS for GET only, throttling, errors in words."""

import pytest
from django.test import Client, override_settings

from scoring.services import Actor, turn_undo

pytestmark = pytest.mark.django_db


def test_a_game_answers_304_until_it_changes(client, world, django_capture_on_commit_callbacks):
    game = world.live_game
    path = f"/api/v1/games/{game.pk}/live/"
    first = client.get(path)
    assert first.status_code == 200 and first.json()["version"] == game.version
    etag = first["ETag"]
    assert etag == f'"game-{game.pk}-live-v{game.version}"'
    unchanged = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    # The referee takes the last turn back: the old ETag no longer matches, the new state comes.
    with django_capture_on_commit_callbacks(execute=True):  # the service tells the live cache
        turn_undo(game_id=game.pk, expected_version=game.version, actor=Actor())
    game.refresh_from_db()
    changed = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["version"] == game.version > first.json()["version"]
    assert changed["ETag"] != etag


def test_game_detail_is_keyed_by_its_version_too(client, world):
    path = f"/api/v1/games/{world.finished_game.pk}/"
    etag = client.get(path)["ETag"]
    assert etag == f'"game-{world.finished_game.pk}-detail-v{world.finished_game.version}"'
    assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(path, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200


def test_other_answers_carry_an_etag_of_their_body(client, world):
    for path in ("/api/v1/rankings/", f"/api/v1/tournaments/{world.tournament.slug}/standings/"):
        first = client.get(path)
        assert first.status_code == 200 and first["ETag"]
        again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and again.content == b""


def test_cors_lets_any_site_read_the_api_and_nothing_else(client, world):
    response = client.get("/api/v1/rankings/", HTTP_ORIGIN="https://triominos.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "etag" in response["Access-Control-Expose-Headers"].lower()
    preflight = client.options("/api/v1/games/", HTTP_ORIGIN="https://triominos.example",
                               HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
                               HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match")
    assert preflight.status_code == 200
    assert set(preflight["Access-Control-Allow-Methods"].split(", ")) == {"GET", "HEAD",
                                                                          "OPTIONS"}
    assert "if-none-match" in preflight["Access-Control-Allow-Headers"]
    # The site's own pages are not opened to other origins.
    page = client.get("/rankings/", HTTP_ORIGIN="https://triominos.example")
    assert "Access-Control-Allow-Origin" not in page


def test_the_api_is_read_only(client, world):
    for method in (client.post, client.put, client.patch, client.delete):
        response = method("/api/v1/clubs/")
        assert response.status_code == 405
    assert client.post(f"/api/v1/games/{world.live_game.pk}/live/").status_code == 405


@override_settings(API_THROTTLE_RATE="5/min")
def test_each_client_is_throttled_by_its_address(client, world):
    for _ in range(5):
        assert client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.1").status_code == 200
    refused = client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["detail"].startswith("Request was throttled.")
    # A client cannot start a fresh count by claiming another address in a header.
    spoofed = client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.1",
                         HTTP_X_FORWARDED_FOR="192.0.2.77")
    assert spoofed.status_code == 429
    # Another address has its own count.
    assert client.get("/api/v1/clubs/", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_refusals_are_said_in_words_and_translated(client, world):
    missing = client.get("/api/v1/games/999999/")
    assert missing.status_code == 404 and missing.json() == {"detail": "No such game."}
    russian = client.get("/api/v1/players/999999/", HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 404 and russian.json() == {"detail": "Нет такого игрока."}
    bad = client.get("/api/v1/rankings/", {"period": "7", "min_games": "x"})
    assert bad.status_code == 400 and set(bad.json()) == {"period", "min_games"}
    assert client.get("/api/v1/games/", {"status": "lost"}).status_code == 400
    assert client.get("/api/v1/games/", {"page_size": "0"}).status_code == 200


@override_settings(API_THROTTLE_RATE="3/min")
def test_polls_answered_from_the_cache_count_too(client, world):
    path = f"/api/v1/games/{world.live_game.pk}/live/"
    etag = client.get(path)["ETag"]  # 1
    assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304  # 2, from the cache
    assert client.get(path).status_code == 200  # 3, the JSON kept for this version
    refused = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert refused.status_code == 429 and refused.json()["detail"].startswith("Request was")


def test_a_tournament_in_preparation_is_missing_in_words(client, world):
    response = client.get(f"/api/v1/tournaments/{world.draft.slug}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 404 and response.json() == {"detail": "Нет такого турнира."}


def test_the_api_root_leads_to_its_documentation(client):
    response = client.get("/api/v1/")
    assert (response.status_code, response["Location"]) == (302, "/api/v1/docs/")


def test_the_documentation_answers_options_with_its_methods(client):
    # DRF described it through the page's template renderer, which has no template for that.
    response = Client(raise_request_exception=False).options("/api/v1/docs/")
    assert response.status_code == 200
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    assert client.get("/api/v1/docs/").status_code == 200
