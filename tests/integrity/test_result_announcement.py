"""One announcement when a game's result changes: finished, corrected, reopened, abandoned or
deleted, sent once after commit (scoring.signals.game_result_changed). Ratings and tournament
standings follow every one of them: the values are checked after each change."""

import random

import pytest
from django.db.models import ProtectedError

from clubs.permissions import SITE
from ratings import core
from ratings.models import GameRating, PlayerRating
from scoring.demo import Robot
from scoring.models import AuditEntry, Game
from scoring.services import Actor, game_abandon, game_delete, game_reopen, game_start
from scoring.sheets import game_final_enter
from scoring.signals import ResultChange, game_result_changed
from tests.tournaments.play import field, organised_club, tournament_with
from tournaments import selectors, services
from tournaments.models import TournamentRound

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    """Every announcement, as (game id, change), by a receiver like the apps' own."""
    changes = []

    def listen(sender, game_id, change, **kwargs):
        changes.append((game_id, change))

    game_result_changed.connect(listen, weak=False, dispatch_uid="test.heard")
    yield changes
    game_result_changed.disconnect(dispatch_uid="test.heard")


@pytest.fixture
def published_round():
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 12), rounds_per_game=1)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    rnd.refresh_from_db()
    tablet, sheet, final = rnd.tables.select_related("game").order_by("number")
    return tournament, rnd, (tablet.game, sheet.game, final.game), Actor(user=organiser)


def seats_of(game):
    return list(game.seats.order_by("position"))


def assert_ratings_follow_the_finished_games():
    """The stored ratings are the pure core's over every finished game, in finish order."""
    games = list(Game.objects.filter(status=Game.Status.FINISHED).order_by("finished_at", "pk"))
    results = [core.GameResult(g.pk, tuple(s.player_id for s in seats_of(g)),
                               tuple(-s.place for s in seats_of(g))) for g in games]
    final, _changes = core.recompute(results)
    stored = dict(PlayerRating.objects.filter(games__gt=0).values_list("player_id", "value"))
    assert stored == {player: core.display(rating) for player, rating in final.items()}
    assert set(GameRating.objects.values_list("game_id", flat=True)) == {g.pk for g in games}


def points(tournament) -> dict[int, int]:
    return {line.player_id: line.points for line in selectors.standings(tournament).lines}


def by_place(game) -> dict[int, int]:
    """Tournament points of a finished table: 3/2/1/0 by place."""
    return {s.player_id: {1: 3, 2: 2, 3: 1, 4: 0}[s.place] for s in seats_of(game)}


def test_every_change_of_a_result_reaches_ratings_and_standings_once(
        published_round, heard, django_capture_on_commit_callbacks):
    tournament, rnd, (tablet, sheet, final), actor = published_round
    nobody = dict.fromkeys(points(tournament), 0)

    # Finished: the table's players are rated and score by place.
    with django_capture_on_commit_callbacks(execute=True):
        game_final_enter(game_id=final.pk, scores=[15, 70, 33, 2], actor=actor)
    assert heard == [(final.pk, ResultChange.FINISHED)]
    final.refresh_from_db()
    assert points(tournament) == {**nobody, **by_place(final)}
    assert_ratings_follow_the_finished_games()
    first = dict(PlayerRating.objects.values_list("player_id", "value"))

    # Corrected: other places, other points, other ratings.
    with django_capture_on_commit_callbacks(execute=True):
        game_final_enter(game_id=final.pk, scores=[70, 15, 33, 2], actor=actor)
    assert heard[1:] == [(final.pk, ResultChange.CORRECTED)]
    assert [s.place for s in seats_of(final)] == [1, 3, 2, 4]
    assert points(tournament) == {**nobody, **by_place(final)}
    assert_ratings_follow_the_finished_games()
    assert dict(PlayerRating.objects.values_list("player_id", "value")) != first

    # Abandoned: no result, no rating, and the round waits for the last table only.
    with django_capture_on_commit_callbacks(execute=True):
        game_abandon(game_id=sheet.pk, actor=actor)
    assert heard[2:] == [(sheet.pk, ResultChange.ABANDONED)]
    assert not PlayerRating.objects.filter(player__seats__game=sheet).exists()
    assert points(tournament) == {**nobody, **by_place(final)}
    assert_ratings_follow_the_finished_games()
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED

    # Finished on the tablet: the last table over, the round completes.
    with django_capture_on_commit_callbacks(execute=True):
        Robot(tablet, random.Random(11)).play_game()
    assert heard[3:] == [(tablet.pk, ResultChange.FINISHED)]
    tablet.refresh_from_db()
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE
    assert points(tournament) == {**nobody, **by_place(final), **by_place(tablet)}
    assert_ratings_follow_the_finished_games()

    # Reopened (its closed result opened by the organiser first): the round is open again,
    # the table counts as unplayed, its ratings are gone.
    services.table_result_reopen(table=tablet.tournament_table, reason="a hand counted twice",
                                 actor=actor)
    assert heard[4:] == []  # opening a result for a correction changes no result
    with django_capture_on_commit_callbacks(execute=True):
        game_reopen(game_id=tablet.pk, actor=actor, reason="a hand counted twice")
    assert heard[4:] == [(tablet.pk, ResultChange.REOPENED)]
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED
    assert points(tournament) == {**nobody, **by_place(final)}
    assert not GameRating.objects.filter(game=tablet).exists()
    assert_ratings_follow_the_finished_games()

    # Deleted: a club game two of these players finished later is re-rated away; the
    # tournament hears of it too and keeps its standings.
    players = [s.player for s in seats_of(final)[:2]]
    with django_capture_on_commit_callbacks(execute=True):
        club_game = game_start(club=tournament.club, players=players, preset="pressman",
                               overrides={"rounds_limit": 1}, actor=actor)
        Robot(club_game, random.Random(3)).play_game()
    assert heard[5:] == [(club_game.pk, ResultChange.FINISHED)]
    assert_ratings_follow_the_finished_games()
    rated = {p.pk: PlayerRating.objects.get(player=p).value for p in players}
    standings = points(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        game_delete(game_id=club_game.pk, actor=actor)
    assert heard[6:] == [(club_game.pk, ResultChange.DELETED)]
    assert_ratings_follow_the_finished_games()
    assert {p.pk: PlayerRating.objects.get(player=p).value for p in players} != rated
    assert points(tournament) == standings
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED


def test_a_tournament_game_is_not_deleted_and_nothing_is_announced(
        published_round, heard, django_capture_on_commit_callbacks):
    tournament, _rnd, (_tablet, _sheet, final), actor = published_round
    with django_capture_on_commit_callbacks(execute=True):
        game_final_enter(game_id=final.pk, scores=[15, 70, 33, 2], actor=actor)
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ProtectedError):
        game_delete(game_id=final.pk, actor=actor)
    assert heard == []
    assert Game.objects.filter(pk=final.pk).exists()
    assert not AuditEntry.objects.filter(game_id=final.pk, action="delete").exists()
