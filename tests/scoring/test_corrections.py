"""Corrections on the board: the table as it was before a turn, entered again like any turn."""

import json
import re

import pytest
from django.urls import reverse

from scoring.models import AuditEntry
from scoring.services import Actor, turn_record

pytestmark = pytest.mark.django_db

MOVES = [(0, 0, (0, 0), (4, 4, 4)), (1, 0, (1, 0), (4, 4, 1)), (2, 2, (-1, 0), (4, 2, 4))]


@pytest.fixture
def played(game):
    for version, (seat, draw, at, corners) in enumerate(MOVES):
        turn_record(game_id=game.pk, seat=seat, draw=draw, at=at, corners=corners,
                    expected_version=version, actor=Actor())
    game.refresh_from_db()
    return game


def url(game, round_number, turn_number):
    return reverse("scoring:turn-correct", args=[game.pk, round_number, turn_number])


def page_data(response) -> dict:
    found = re.search(r'<script id="tablet-data" type="application/json">(.*?)</script>',
                      response.content.decode(), re.S)
    return json.loads(found.group(1))


def scores(game):
    return [s.score for s in game.seats.order_by("position")]


def test_the_board_as_it_was_before_the_turn(client, referee, played,
                                             django_assert_max_num_queries):
    client.force_login(referee)
    with django_assert_max_num_queries(8):
        response = client.get(url(played, 0, 2))
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    body = response.content.decode()
    data = page_data(response)
    assert data["correcting"] is True and data["seat"] == 2
    assert (data["takes_turns"], data["opening"], data["hands"]) == (True, False, False)
    assert data["version"] == played.version == 3
    # Two tiles on the table then: 2-4-4 fits on the left again, and the recorded one is outlined.
    assert ["-1,0", [[4, 2, 4]]] in data["tiles"]["2-4-4"]
    assert "4-4-1" not in data["tiles"] and "1-4-4" not in data["tiles"]
    assert [lb[2] for lb in data["recorded"]["labels"]] == [4, 2, 4]
    assert body.count('class="tile"') == 2
    assert "Recorded: Vera 2-4-4, 0" in body and "drew 2" in body
    assert ">22<" in body and ">9<" in body  # the scoreboard before Vera's turn
    assert 'id="step-previous"' in body and 'id="step-next"' not in body
    assert "data-poll" not in body  # the correction page never polls itself away


def test_a_turn_entered_again_is_written_replayed_and_audited(client, referee, played):
    client.force_login(referee)
    response = client.post(url(played, 0, 2), {
        "version": 3, "kind": "place", "seat": 2, "draw": 1, "at_c": -1, "at_r": 0,
        "corners": "4,2,4", "key": ""}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == played.get_absolute_url()
    played.refresh_from_db()
    assert scores(played) == [22, 9, 5]
    entry = AuditEntry.objects.get(game=played, action="correct")
    assert (entry.round_number, entry.turn_number, entry.user) == (0, 2, referee)
    assert entry.before["draw"] == 2 and entry.after["draw"] == 1


def test_a_correction_that_breaks_a_later_turn_names_it_and_changes_nothing(client, referee,
                                                                            played):
    client.force_login(referee)
    response = client.post(url(played, 0, 0), {
        "version": 3, "kind": "place", "seat": 0, "draw": 0, "at_c": 0, "at_r": 0,
        "corners": "3,3,3"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert ("Round 1, turn 2: The bottom corner needs a 3, not a 4."
            in response.content.decode())
    played.refresh_from_db()
    assert scores(played) == [22, 9, 0] and played.version == 3
    assert not AuditEntry.objects.filter(game=played, action="correct").exists()


def test_a_correction_in_russian(client, referee, played):
    client.force_login(referee)
    response = client.post(url(played, 0, 0), {
        "version": 3, "kind": "place", "seat": 0, "at_c": 0, "at_r": 0, "corners": "3,3,3"},
        HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ru")
    assert "Раунд 1, ход 2: Нижний угол должен быть 3, а не 4." in response.content.decode()
    page = client.get(url(played, 0, 2), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Записано: Vera: 2-4-4, 0" in page


def test_a_stale_correction_or_a_bad_one_is_refused(client, referee, played):
    client.force_login(referee)
    stale = client.post(url(played, 0, 2), {
        "version": 1, "kind": "pass", "seat": 2, "draw": 3}, HTTP_HX_REQUEST="true")
    assert stale.status_code == 409 and "reload the page" in stale.content.decode()
    cellless = client.post(url(played, 0, 2), {"version": 3, "kind": "place", "seat": 2},
                           HTTP_HX_REQUEST="true")
    assert cellless.status_code == 400
    assert client.get(url(played, 0, 9)).status_code == 404
    assert client.get(url(played, 5, 0)).status_code == 404
    played.refresh_from_db()
    assert scores(played) == [22, 9, 0]


def test_only_referees_of_the_club_correct(client, played):
    assert client.get(url(played, 0, 1)).status_code in (302, 403)
