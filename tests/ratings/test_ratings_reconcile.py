"""The reconciliation finds every kind of rating update that never ran (the broker was down when
the game ended, was corrected, reopened or deleted) and ends where rating from scratch ends."""

from datetime import timedelta

import pytest

from ratings import selectors
from ratings.models import GameRating, PlayerRating
from ratings.services import ratings_recompute, ratings_reconcile
from scoring.models import Game
from tests.factories import member
from tests.ratings import test_ratings_db as rated
from tests.ratings.test_ratings_db import T0, finished_game, from_scratch, snapshot


def _late_game(club, players, games):
    return finished_game(club, [(players[0], 300), (players[1], 120)], T0 + timedelta(minutes=30))


def _deleted(club, players, games):
    games[5].delete()  # as the admin or game_delete would, without its after-commit update


def _deleted_last_game_of_a_player(club, players, games):
    newcomer_game = finished_game(club, [(players[0], 100), (_newcomer(club), 90)],
                                  T0 + timedelta(days=10))
    ratings_recompute(game_id=newcomer_game.pk)
    newcomer_game.delete()


def _newcomer(club):
    return member(club, name="Newcomer")


def _abandoned(club, players, games):
    Game.objects.filter(pk=games[7].pk).update(status=Game.Status.ABANDONED)


def _reopened(club, players, games):
    Game.objects.filter(pk=games[8].pk).update(status=Game.Status.PLAYING, finished_at=None)


def _corrected(club, players, games):
    seats = list(games[3].seats.order_by("position"))
    seats[0].score, seats[1].score = seats[1].score + 1000, seats[0].score
    for seat in seats:
        seat.place = 1 + sum(1 for other in seats if other.score > seat.score)
        seat.save()


def _finished_earlier(club, players, games):
    Game.objects.filter(pk=games[20].pk).update(finished_at=T0 - timedelta(hours=1))


history = rated.history  # the same 30 games among 8 players

MISSED = [_late_game, _deleted, _deleted_last_game_of_a_player, _abandoned, _reopened,
          _corrected, _finished_earlier]


def test_nothing_missing_means_nothing_written(history, django_assert_max_num_queries):
    ratings_recompute()
    before = snapshot()
    assert selectors.ratings_stale() == (None, set())
    with django_assert_max_num_queries(10):
        assert ratings_reconcile() == 0
    assert snapshot() == before


@pytest.mark.parametrize("missed", MISSED, ids=lambda f: f.__name__.strip("_"))
def test_a_missed_update_is_found_and_repaired(history, missed):
    club, players, games = history
    ratings_recompute()
    missed(club, players, games)
    since, stale_players = selectors.ratings_stale()
    assert since is not None or stale_players
    ratings_reconcile()
    repaired = snapshot()
    assert selectors.ratings_stale() == (None, set())
    assert ratings_reconcile() == 0  # a second run finds nothing more
    # A player whose only game went keeps a ranking row with no games (as after game_delete);
    # rating from scratch writes no row for them.
    assert _played(repaired) == _played(from_scratch())


def _played(snap):
    games, players = snap
    return games, [row for row in players if row[6]]


def test_a_game_finished_while_nothing_was_rated_yet(history):
    club, players, games = history
    assert not GameRating.objects.exists()
    since, _players = selectors.ratings_stale()
    assert since == (games[0].finished_at, games[0].pk)
    assert ratings_reconcile() == len(games)
    assert PlayerRating.objects.filter(games__gt=0).count() == len(players)
    assert snapshot() == from_scratch()
