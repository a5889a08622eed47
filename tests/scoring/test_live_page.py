"""The live game page a spectator follows: the running turn log, its fixed query budget, and
the switch to the final result with the rating changes once the game ends."""

import random
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratings.models import GameRating
from ratings.tasks import ratings_update
from scoring.demo import robot_record
from scoring.models import Game, Turn
from scoring.records import game_import
from scoring.services import Actor, turn_record
from scoring.spectating import RATINGS_WAIT
from tests.live_games import nearly_finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    # Fragments are cached by game id and version, and SQLite hands a rolled-back game's id to
    # the next test's game.
    cache.clear()


def live(client, game, **params):
    return client.get(reverse("scoring:game-live", args=[game.pk]), params)


def body(response) -> str:
    return response.content.decode()


def _log(response) -> str:
    text = body(response)
    return text[text.index('id="turn-log"'):]


def test_the_log_lists_turns_newest_first_with_points_draws_and_passes(client, game):
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
    log = _log(live(client, game, v="old"))
    assert log.index("Boris") < log.index("Anna")  # the latest turn first
    assert '<li value="2" class="log-turn">' in log
    assert '<li value="1" class="log-turn bonus">' in log
    assert "4-4-4" in log and "+22" in log and "opening +10" in log
    assert "pass" in log and "3 tiles drawn" in log
    assert "Round 1" in log


def test_the_log_in_russian_counts_with_plural_forms(client, game, club):
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
    drawn_one, _move, _finish = nearly_finished_game(club)  # its robot drew single tiles

    def russian_log(of):
        return _log(client.get(reverse("scoring:game-live", args=[of.pk]), {"v": "old"},
                               HTTP_ACCEPT_LANGUAGE="ru"))

    log = russian_log(game)
    assert "Ход за ходом" in log and "Раунд 1" in log
    assert "взяты 3 костяшки" in log and "пас" in log
    assert "взята 1 костяшка" in russian_log(drawn_one)


@pytest.mark.parametrize(("rounds", "turns"), [(0, 2), (2, 10)])
def test_live_poll_and_page_queries_do_not_grow_with_turns(client, club, rounds, turns,
                                                          django_assert_max_num_queries):
    record = robot_record(["Anna", "Boris"], "pressman", random.Random(turns), rounds=rounds,
                          extra_turns=turns)
    game = game_import(club=club, record=record, actor=Actor())
    played = Turn.objects.filter(round__game=game).count()
    assert game.status == Game.Status.PLAYING and played >= (40 if rounds else 2)
    with django_assert_max_num_queries(6):  # game, seats, round, last turn, the log + slack
        response = live(client, game, v="old")
    assert body(response).count('<li value=') == played
    assert body(response).count('class="log-round-end"') == rounds
    with django_assert_max_num_queries(7):
        assert client.get(reverse("scoring:game-detail", args=[game.pk])).status_code == 200


def test_a_round_end_and_the_result_with_ratings(client, club,
                                                 django_capture_on_commit_callbacks):
    game, last_move, finish = nearly_finished_game(club)
    with django_capture_on_commit_callbacks(execute=True):
        finish("turn")
    game.refresh_from_db()
    text = body(live(client, game, v="old"))
    assert "Final result" not in text and 'data-poll="3"' in text
    with django_capture_on_commit_callbacks(execute=True):
        finish("hands")  # ratings are written after commit (eagerly here)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    response = live(client, game, v=game.version - 1)
    text = body(response)
    assert "Final result" in text and "data-poll" not in text.split('id="live-badge"')[0]
    assert "Round over: Anna went out" in text
    assert 'id="live-badge" class="badge" data-push-part>finished<' in text
    ratings = {r.player.display_name: r for r in GameRating.objects.filter(game=game)}
    assert set(ratings) == {"Anna", "Boris"}
    for name, rating in ratings.items():
        assert f"{rating.before} → {rating.after}" in text, name
    winner = ratings["Anna"]
    assert winner.after > winner.before and f"+{winner.after - winner.before}" in text
    seats = {s.player.display_name: s for s in game.seats.select_related("player")}
    assert seats["Anna"].place == 1 and f'class="num score">{seats["Anna"].score}<' in text


def test_the_page_waits_for_ratings_then_stops(client, club, django_capture_on_commit_callbacks):
    game, _move, finish = nearly_finished_game(club)
    finish("turn")
    finish("hands")  # no commit callbacks: the ratings task has not run yet
    game.refresh_from_db()
    assert not GameRating.objects.filter(game=game).exists()
    text = body(live(client, game, v="old"))
    assert "Final result" in text and "wait=ratings" in text
    assert "The new ratings are being calculated" in text
    assert live(client, game, v=game.version, wait="ratings").status_code == 204

    ratings_update(game.pk)
    rated = live(client, game, v=game.version, wait="ratings")
    assert rated.status_code == 200
    assert "wait=ratings" not in body(rated) and "→" in body(rated)
    assert "being calculated" not in body(rated)


def test_the_wait_for_ratings_ends_after_a_while(client, club):
    game, _move, finish = nearly_finished_game(club)
    finish("turn")
    finish("hands")
    Game.objects.filter(pk=game.pk).update(
        finished_at=timezone.now() - RATINGS_WAIT - timedelta(seconds=1))
    game.refresh_from_db()
    response = live(client, game, v=game.version, wait="ratings")
    assert response.status_code == 200
    assert "data-poll" not in body(response)
    assert "reload the page a little later" in body(response)


def test_an_abandoned_game_stops_polling_and_shows_no_result(client, game):
    from scoring.services import game_abandon

    game_abandon(game_id=game.pk, actor=Actor())
    game.refresh_from_db()
    text = body(live(client, game, v="old"))
    assert "data-poll" not in text and "Final result" not in text
    assert ">abandoned<" in text


def test_the_finished_game_page_shows_the_result_and_the_log(client, club,
                                                             django_capture_on_commit_callbacks):
    game, _move, finish = nearly_finished_game(club)
    with django_capture_on_commit_callbacks(execute=True):
        finish("turn")
        finish("hands")
    text = body(client.get(reverse("scoring:game-detail", args=[game.pk])))
    assert "Final result" in text and 'id="turn-log"' in text
    assert text.count("→") >= 2 and "data-poll" not in text.split('id="turn-log"')[0]


def test_waiting_for_ratings_costs_two_queries_a_poll(client, club,
                                                      django_assert_max_num_queries):
    game, _move, finish = nearly_finished_game(club)
    finish("turn")
    finish("hands")
    game.refresh_from_db()
    with django_assert_max_num_queries(2):
        assert live(client, game, v=game.version, wait="ratings").status_code == 204


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(version=st.text(max_size=30), wait=st.one_of(st.none(), st.text(max_size=12),
                                                    st.just("ratings")))
def test_any_poll_parameters_get_a_fragment_or_204(client, game, version, wait):
    params = {"v": version} if wait is None else {"v": version, "wait": wait}
    response = live(client, game, **params)
    assert response.status_code in (200, 204)
    if response.status_code == 200:
        assert 'id="live"' in body(response)
