"""The tablet's server side: a turn says what it is, the page carries the engine's fits, the
undo question names the entry, and tablet pages are never served from the browser's cache."""

import io
import json
import re
import zipfile

import pytest
from django.urls import reverse

from scoring.models import Turn
from scoring.services import Actor, turn_record
from tests.scoring.test_views import post_turn

pytestmark = pytest.mark.django_db


def tablet_data(response) -> dict:
    body = response.content.decode()
    found = re.search(r'<script id="tablet-data" type="application/json">(.*?)</script>', body,
                      re.S)
    return json.loads(found.group(1))


def opened(game):
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    game.refresh_from_db()


@pytest.mark.parametrize(("fields", "message"), [
    ({"kind": "place"},
     "Choose where the tile goes: a placement needs a cell and its three numbers."),
    ({"kind": "place", "at_c": 1, "at_r": 0}, "Choose where the tile goes"),
    ({"kind": "pass", "draw": 3, "at_c": 1, "at_r": 0, "corners": "4,4,1"},
     "A pass places no tile."),
    ({"kind": ""}, "Say whether the turn places a tile or passes."),
    ({"kind": "skip"}, "Say whether the turn places a tile or passes."),
])
def test_a_placement_without_a_cell_is_never_a_pass(client, referee, game, fields, message):
    opened(game)
    client.force_login(referee)
    response = post_turn(client, game, seat=1, **fields)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Turn.objects.filter(round__game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1 and [s.score for s in game.seats.order_by("position")] == [22, 0, 0]


def test_an_explicit_pass_is_recorded_as_a_pass(client, referee, game):
    opened(game)
    client.force_login(referee)
    response = post_turn(client, game, seat=1, kind="pass", draw=3)
    assert response.status_code == 200
    turn = Turn.objects.get(round__game=game, number=1)
    assert (turn.tile, turn.points, turn.draws) == ("", -25, 3)


def test_the_page_carries_the_engines_fits_and_the_pass_cost(client, referee, game):
    opened(game)
    client.force_login(referee)
    response = client.get(reverse("scoring:tablet", args=[game.pk]))
    data = tablet_data(response)
    assert "phase" not in data  # the script is told booleans and seats, never a phase name
    assert (data["takes_turns"], data["opening"], data["hands"]) == (True, False, False)
    assert data["seat"] == 1 and data["version"] == 1 and data["next_seats"] == [1, 2, 0]
    assert data["names"] == ["Anna", "Boris", "Vera"]
    # 1-4-4 fits on three sides of 4-4-4, one rotation each (as the fits endpoint says).
    assert sorted(cell for cell, _ in data["tiles"]["1-4-4"]) == ["-1,0", "0,1", "1,0"]
    assert data["tiles"]["1-2-3"] == [] and "4-4-4" not in data["tiles"]
    assert all(len(data["cells"][cell]["labels"]) == 3 for cell in data["cells"])
    assert data["pass"] == {"draws": 3, "points": -25, "empties_pool": False}
    body = response.content.decode()
    assert 'id="pass-button"' in body and 'data-draws-text="Drew {n}, passed"' in body
    assert response["Cache-Control"] == "no-store"


def test_opening_preselects_nobody(client, referee, game):
    client.force_login(referee)
    body = client.get(reverse("scoring:tablet", args=[game.pk])).content.decode()
    assert body.count('name="seat"') == 3 and "checked" not in body
    data = tablet_data(client.get(reverse("scoring:tablet", args=[game.pk])))
    assert data["seat"] is None and data["pass"] is None
    assert [cell for cell, _ in data["tiles"]["1-2-3"]] == ["0,0"]


def test_undo_question_names_the_entry_in_both_languages(client, referee, game):
    opened(game)
    client.force_login(referee)
    body = client.get(reverse("scoring:tablet", args=[game.pk])).content.decode()
    assert 'hx-confirm="Undo: Anna 4-4-4, +22?"' in body
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
    body = client.get(reverse("scoring:tablet", args=[game.pk]),
                      HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Отменить: Boris пасует, −25?" in body


def test_poll_answer_is_not_cached(client, referee, game):
    client.force_login(referee)
    response = client.get(reverse("scoring:poll", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"


def test_the_service_worker_is_served_for_the_games_scope(client):
    response = client.get(reverse("scoring:tablet-sw"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "tablet-v1" in response.content.decode()


def test_the_queue_counts_in_both_languages(client, referee, game):
    client.force_login(referee)
    english = client.get(reverse("scoring:tablet", args=[game.pk])).content.decode()
    assert 'data-waiting-one="1 waiting to send"' in english
    russian = client.get(reverse("scoring:tablet", args=[game.pk]),
                         HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-waiting-one="1 запись ждёт отправки"' in russian
    assert 'data-waiting-few="3 записи ждут отправки"' in russian
    assert 'data-waiting-many="5 записей ждут отправки"' in russian


def test_hands_go_first_to_the_first_player_still_holding_tiles(client, referee, game):
    game.rounds.filter(number=0).update(dealt=1)
    opened(game)
    client.force_login(referee)
    body = client.get(reverse("scoring:tablet", args=[game.pk])).content.decode()
    assert re.search(r'name="hand-target" value="1"\s+checked', body)
    assert 'value="0" checked' not in body and 'value="2" checked' not in body


def test_a_turn_is_found_by_its_place_for_a_conflicting_tablet(client, referee, game,
                                                                django_assert_max_num_queries):
    opened(game)
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
    client.force_login(referee)
    url = reverse("scoring:turn-at", args=[game.pk])
    with django_assert_max_num_queries(6):
        found = client.get(url, {"round": 0, "number": 1}).json()
    assert found == {"found": True, "label": "Boris passes, −25",
                     "correct": f"/games/{game.pk}/rounds/0/turns/1/correct/"}
    assert client.get(url, {"round": 0, "number": 2}).json() == {"found": False}
    assert client.get(url, {"round": "x", "number": 1}).status_code == 400
    client.logout()  # the table link's holder sees the turn, without the way to correct it
    link = reverse("scoring:link-turn-at", args=[game.table_token])
    assert client.get(link, {"round": 0, "number": 0}).json() == {
        "found": True, "label": "Anna 4-4-4, +22", "correct": None}


def test_the_tablets_engine_is_served_with_its_words(client, referee, game):
    client.force_login(referee)
    page = client.get(reverse("scoring:tablet", args=[game.pk]))
    words = json.loads(re.search(r'<script id="engine-words" type="application/json">(.*?)'
                                 r"</script>", page.content.decode(), re.S).group(1))
    assert words["out-of-turn:1"] == "It is Boris's turn."
    assert words["must-draw"][3] == "A player may pass only after drawing 3 tiles (drawn: {given})."
    assert words["mismatch:up:0"] == "The top corner needs a {needed}, not a {given}."
    urls = tablet_data(page)["urls"]
    bundle = client.get(urls["engine"])
    assert bundle.status_code == 200 and bundle["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(bundle.content)).namelist()
    assert {"scoring/engine/state.py", "coded/__init__.py", "scoring/game_script.py",
            "scoring/board_svg.py", "scoring/__init__.py"} <= set(names)
    assert not any("models" in name or "views" in name for name in names)
    worker = client.get(urls["engine_worker"])
    assert worker.status_code == 200 and b"/static/pyodide/pyodide.mjs" in worker.content
    # Only the worker's policy lets WebAssembly compile; the page's stays as strict as it was.
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "wasm-unsafe-eval" not in page["Content-Security-Policy"]
    assert "worker-src 'self'" in page["Content-Security-Policy"]


def test_the_tablets_addresses_follow_the_script_prefix_and_the_link(game):
    from django.urls import get_script_prefix, set_script_prefix

    from scoring.views.tablet import tablet_urls

    before = get_script_prefix()
    try:
        plain = tablet_urls(game, None)
        plain["turn"] = "changed by a caller"  # each caller gets its own dict
        assert tablet_urls(game, None)["turn"] == f"/games/{game.pk}/tablet/turn/"
        set_script_prefix("/club/")
        assert tablet_urls(game, None)["turn"] == f"/club/games/{game.pk}/tablet/turn/"
        assert tablet_urls(game, None)["game"] == f"/club/games/{game.pk}/"
        assert tablet_urls(game, "abc")["turn"].startswith("/club/games/t/abc/")
    finally:
        set_script_prefix(before)
