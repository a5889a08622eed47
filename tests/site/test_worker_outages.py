"""Real processes: a worker killed in the middle of a task, and a broker down while a game ends.

Each test runs its own redis-server and Celery worker (with beat where needed) against the test
database, so it can kill them; the CI worker on the main Redis is not touched.
"""

import os
import signal
import time
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from clubs.permissions import SITE
from ratings.models import GameRating, PlayerRating
from ratings.services import _RATINGS_LOCK
from ratings.tasks import ratings_rebuild
from scoring.models import Game, Round
from tests.factories import ClubFactory, member
from tests.outage import broker_at, one_turn_game, play_to_the_end
from tests.processes import wait_for
from tests.ratings.test_ratings_db import finished_game
from tests.tournaments.play import field, organised_club, tournament_with
from tournaments import services
from tournaments.models import TournamentRound

# Short enough for a test; the worker's task time limit must stay below it (settings).
VISIBILITY = 10
QUICK = {"CELERY_VISIBILITY_TIMEOUT": VISIBILITY, "CELERY_TASK_TIME_LIMIT": VISIBILITY - 1}


def _season(games: int = 12):
    club = ClubFactory()
    players = [member(club) for _ in range(5)]
    start = timezone.now() - timedelta(days=30)
    for n in range(games):
        table = [players[(n + i) % 5] for i in range(3)]
        finished_game(club, [(p, 100 + 37 * ((n + i) % 4)) for i, p in enumerate(table)],
                      start + timedelta(hours=n))
    return 3 * games


def _rebuild_waiting_for_the_lock() -> bool:
    # The rebuild takes the ratings lock first thing, inside its transaction; while the test
    # holds the lock, a waiting request for it means the task is running and stuck mid-way.
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                       "AND NOT granted AND objid = %s", [_RATINGS_LOCK])
        return cursor.fetchone()[0] > 0


def _hold_ratings_lock(hold: bool) -> None:
    with connection.cursor() as cursor:
        call = "pg_advisory_lock" if hold else "pg_advisory_unlock"
        cursor.execute(f"SELECT {call}(%s)", [_RATINGS_LOCK])


def _start_rebuild_and_stop_it_midway(private_redis, workers, **env):
    worker = workers(private_redis.url, **env)
    _hold_ratings_lock(True)
    try:
        with broker_at(private_redis.url):
            ratings_rebuild.delay()
        wait_for(_rebuild_waiting_for_the_lock, 30, "the rebuild to start")
    except BaseException:
        _hold_ratings_lock(False)
        raise
    return worker


def test_a_rebuild_killed_with_its_worker_completes_after_a_restart(private_redis, workers):
    expected = _season()
    worker = _start_rebuild_and_stop_it_midway(private_redis, workers, **QUICK)
    try:
        worker.kill()  # SIGKILL to the whole worker: no goodbye, no acknowledgement
        killed_at = time.monotonic()
        assert private_redis.client().hlen("unacked") == 1  # still owed to the queue
    finally:
        _hold_ratings_lock(False)
    assert not GameRating.objects.exists()
    # The broker hands the message out again once the visibility timeout has passed; a new
    # worker looks for such messages as it starts.
    time.sleep(max(0.0, VISIBILITY + 1 - (time.monotonic() - killed_at)))
    workers(private_redis.url, **QUICK)
    wait_for(lambda: GameRating.objects.count() == expected, 60, "the rebuild to complete")
    assert PlayerRating.objects.filter(games__gt=0).count() == 5
    assert private_redis.client().hlen("unacked") == 0


def test_a_rebuild_whose_pool_process_dies_is_run_again_by_the_same_worker(
        private_redis, workers):
    expected = _season()
    worker = _start_rebuild_and_stop_it_midway(private_redis, workers)
    try:
        [child] = worker.pool_children()
        os.kill(child, signal.SIGKILL)  # the pool process dies; the worker lives on
        wait_for(lambda: worker.pool_children() and worker.pool_children() != [child], 30,
                 "the worker to replace its pool process")
    finally:
        _hold_ratings_lock(False)
    wait_for(lambda: GameRating.objects.count() == expected, 60, "the rebuild to run again")
    assert worker.process.poll() is None


def _tournament_table_of_two():
    """A published one-round tournament of two: its one game plays like one_turn_game."""
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 2), table_size=2, rounds=1,
                                 preset="pressman", target=20, rounds_per_game=None)
    rnd = services.round_publish(
        tournament_round=services.round_generate(tournament=tournament, actor=SITE), actor=SITE)
    [table] = rnd.tables.filter(bye=False).select_related("game")
    Round.objects.filter(game=table.game, number=0).update(dealt=1)
    return rnd, table.game, organiser


def test_games_ended_while_the_broker_was_down_are_rated_and_settled_once_it_is_back(
        client, private_redis, workers):
    game, referee = one_turn_game()
    rnd, tournament_game, organiser = _tournament_table_of_two()
    private_redis.stop()
    with broker_at(private_redis.url):
        client.force_login(referee)
        answers = play_to_the_end(client, game)
        client.force_login(organiser)
        answers += play_to_the_end(client, tournament_game)
    assert [answer.status_code for answer in answers] == [200] * 4
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 2
    assert not GameRating.objects.exists()
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED
    private_redis.start()  # back, and empty: the tasks were never queued
    workers(private_redis.url, beat=True, RECONCILE_SECONDS=1)
    wait_for(lambda: GameRating.objects.count() == 4, 60,
             "beat's reconciliation to rate the games")
    rows = {r.place: r for r in GameRating.objects.filter(game=game)}
    assert rows[1].score == 50 and rows[2].score == 0 and rows[1].after > rows[2].after
    wait_for(lambda: TournamentRound.objects.get(pk=rnd.pk).status == "complete", 30,
             "beat's reconciliation to complete the round")
