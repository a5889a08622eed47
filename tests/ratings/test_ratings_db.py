"""Ratings on the database: incremental updates, late entries, corrections and deletions all
end where rating every game from scratch ends."""

import random
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings import core as ratings
from ratings.models import GameRating, PlayerRating
from ratings.services import ratings_recompute
from scoring.models import Game, Round, Seat
from scoring.services import Actor, game_delete, game_start, round_end, turn_record
from tests.factories import ClubFactory, member

T0 = timezone.now() - timedelta(days=100)


def finished_game(club, results, at):
    """A finished game with these (player, final score) in seating order; places by score."""
    game = Game.objects.create(club=club, preset="club", rules={}, status=Game.Status.FINISHED,
                               finished_at=at, phase="over")
    scores = sorted({s for _, s in results}, reverse=True)
    for position, (player, score) in enumerate(results):
        place = 1 + sum(1 for _, other in results if other > score)
        Seat.objects.create(game=game, position=position, player=player, score=score,
                            place=place)
    assert scores
    totals = [score for _, score in results]
    Round.objects.create(game=game, number=0, start_totals=[0] * len(results), totals=totals)
    return game


def snapshot():
    games = list(GameRating.objects.order_by("finished_at", "game_id", "player_id").values_list(
        "game_id", "player_id", "mu_before", "sigma_before", "mu_after", "sigma_after",
        "before", "after", "place"))
    players = list(PlayerRating.objects.order_by("player_id").values_list(
        "player_id", "mu", "sigma", "value", "uncertainty", "provisional", "games", "wins",
        "points", "last_played", "trend"))
    return games, players


def from_scratch():
    GameRating.objects.all().delete()
    PlayerRating.objects.all().delete()
    ratings_recompute()
    return snapshot()


@pytest.fixture
def history(db):
    rng = random.Random(11)
    club = ClubFactory()
    players = [member(club) for _ in range(8)]
    games = []
    for i in range(30):
        table = rng.sample(players, rng.choice((2, 3, 4)))
        results = [(p, rng.randrange(0, 400, 5)) for p in table]
        games.append(finished_game(club, results, T0 + timedelta(hours=i)))
    return club, players, games


def test_incremental_equals_from_scratch(history):
    _club, _players, games = history
    for game in games:  # each game rated as it finishes
        ratings_recompute(game_id=game.pk)
    incremental = snapshot()
    assert len(incremental[0]) == sum(g.seats.count() for g in games)
    assert incremental == from_scratch()


def test_running_the_update_twice_changes_nothing(history):
    _club, _players, games = history
    ratings_recompute()
    once = snapshot()
    ratings_recompute(game_id=games[10].pk)
    ratings_recompute(game_id=games[10].pk)
    assert snapshot() == once


def test_late_entry_correction_and_deletion_equal_from_scratch(history):
    club, players, games = history
    ratings_recompute()
    # A game played long ago, entered today.
    late = finished_game(club, [(players[0], 300), (players[1], 120)], T0 + timedelta(minutes=30))
    ratings_recompute(game_id=late.pk)
    after_late = snapshot()
    assert after_late == from_scratch()
    # A correction of an old game swaps its result.
    seats = list(games[3].seats.order_by("position"))
    seats[0].score, seats[1].score = seats[1].score + 1000, seats[0].score
    for seat in seats:
        seat.place = 1 + sum(1 for o in seats if o.score > seat.score)
        seat.save()
    ratings_recompute(game_id=games[3].pk)
    assert snapshot() == from_scratch()
    # A deletion.
    point = (games[5].finished_at, games[5].pk)
    games[5].delete()
    ratings_recompute(since=point)
    assert snapshot() == from_scratch()


def test_values_shown_for_a_first_game(db):
    club = ClubFactory()
    winner, loser = member(club), member(club)
    game = finished_game(club, [(winner, 250), (loser, 100)], T0)
    assert ratings_recompute(game_id=game.pk) == 1
    expected = ratings.rate_game([ratings.DEFAULT, ratings.DEFAULT], [250, 100])
    row = GameRating.objects.get(game=game, player=winner)
    assert (row.mu_after, row.sigma_after) == (expected[0].mu, expected[0].sigma)
    assert row.before == 1000 and row.after == ratings.display(expected[0])
    assert row.change == row.after - 1000 and row.change > 0
    mine = PlayerRating.objects.get(player=winner)
    assert (mine.games, mine.wins, mine.points, mine.provisional) == (1, 1, 250, True)
    assert PlayerRating.objects.get(player=loser).value < mine.value


def test_a_tie_shares_the_place_and_the_update(db):
    club = ClubFactory()
    a, b, c = member(club), member(club), member(club)
    game = finished_game(club, [(a, 200), (b, 200), (c, 50)], T0)
    ratings_recompute(game_id=game.pk)
    rows = {r.player_id: r for r in GameRating.objects.filter(game=game)}
    assert rows[a.pk].place == rows[b.pk].place == 1
    assert rows[a.pk].mu_after == rows[b.pk].mu_after
    assert rows[a.pk].after == rows[b.pk].after > rows[c.pk].after


def _quick_finished_game(club, names=("A", "B")):
    """A real game through the services that ends after one turn: one tile each, target 10."""
    game = game_start(club=club, players=[member(club, name=n) for n in names],
                      preset="pressman", overrides={"target": 10}, actor=Actor())
    Round.objects.filter(game=game, number=0).update(dealt=1)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=Actor())
    round_end(game_id=game.pk, hands={1: ["0-1-2"]}, expected_version=1, actor=Actor())
    return game


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_finishing_a_game_updates_ratings_after_commit(celery_mode):
    club = ClubFactory()
    game = _quick_finished_game(club)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # Eagerly the task ran inside on_commit already; a real worker needs a moment.
    deadline = time.monotonic() + 30
    while GameRating.objects.filter(game=game).count() < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    rows = {r.place: r for r in GameRating.objects.filter(game=game)}
    assert sorted(rows) == [1, 2]
    assert rows[1].score == 50 and rows[1].after > 1000 > rows[2].after
    # Deleting the game takes its ratings back out.
    game_delete(game_id=game.pk, actor=Actor())
    deadline = time.monotonic() + 30
    while PlayerRating.objects.filter(games__gt=0).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not PlayerRating.objects.filter(games__gt=0).exists()
    assert celery_mode in ("worker", "eager")
