"""A tournament round whose three tables get their results three ways: one on the tablet, one
from a score sheet, one as final scores. The round completes by itself (the after-commit
announcement), and the standings and ratings follow every table alike."""

import random

import pytest
from django.urls import reverse

from clubs.permissions import SITE
from ratings import core as ratings
from ratings.models import GameRating, PlayerRating
from scoring.demo import Robot
from scoring.models import Game
from scoring.services import Actor
from scoring.sheets import game_final_enter, game_sheet_enter
from tournaments import selectors, services
from tournaments.models import TournamentRound

from .play import field, organised_club, tournament_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def published_round():
    club, organiser = organised_club()
    players = field(club, 12)
    tournament = tournament_with(club, players, rounds_per_game=1)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    rnd.refresh_from_db()
    tables = list(rnd.tables.select_related("game").order_by("number"))
    assert [len(t.player_ids) for t in tables] == [4, 4, 4]
    return tournament, rnd, tables, organiser


def seats_of(game):
    return list(game.seats.order_by("position"))


def test_tablet_sheet_and_final_scores_complete_a_round_with_standings_and_ratings(
        published_round, django_capture_on_commit_callbacks):
    tournament, rnd, (tablet, sheet, final), organiser = published_round
    actor = Actor(user=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        Robot(tablet.game, random.Random(11)).play_game()
    with django_capture_on_commit_callbacks(execute=True):
        game_sheet_enter(game_id=sheet.game_id, rounds=[[40, 25, 10, -5]], actor=actor)
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED  # one table still playing
    with django_capture_on_commit_callbacks(execute=True):
        game_final_enter(game_id=final.game_id, scores=[15, 70, 33, 2], actor=actor)
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE and rnd.completed_at is not None

    games = [Game.objects.get(pk=t.game_id) for t in (tablet, sheet, final)]
    assert [g.status for g in games] == ["finished"] * 3
    assert [g.entry for g in games] == ["moves", "sheet", "final"]
    assert [s.place for s in seats_of(games[1])] == [1, 2, 3, 4]
    assert [s.place for s in seats_of(games[2])] == [3, 1, 2, 4]

    # Standings: 3/2/1/0 by place at each table, whichever way the result came.
    expected = {}
    for game in games:
        for seat in seats_of(game):
            expected[seat.player_id] = {1: 3, 2: 2, 3: 1, 4: 0}[seat.place]
    standings = selectors.standings(tournament)
    assert {line.player_id: line.points for line in standings.lines} == expected
    assert {line.player_id: line.games for line in standings.lines} == dict.fromkeys(expected, 1)
    sheet_players = [s.player_id for s in seats_of(games[1])]
    points = {line.player_id: line.points for line in standings.lines}
    assert [points[p] for p in sheet_players] == [3, 2, 1, 0]

    # Ratings: each game rated in finishing order, exactly as the pure core rates it.
    results = [ratings.GameResult(g.pk, tuple(s.player_id for s in seats_of(g)),
                                  tuple(-s.place for s in seats_of(g)))
               for g in sorted(games, key=lambda g: (g.finished_at, g.pk))]
    final_ratings, _changes = ratings.recompute(results)
    stored = {r.player_id: r for r in PlayerRating.objects.filter(player_id__in=expected)}
    assert {p: stored[p].value for p in expected} == {
        p: ratings.display(final_ratings[p]) for p in expected}
    assert GameRating.objects.filter(game__in=games).count() == 12
    winners = [s.player_id for g in games for s in seats_of(g) if s.place == 1]
    assert len(winners) == 3 and all(stored[p].wins == 1 for p in winners)
    lasts = [s.player_id for g in games for s in seats_of(g) if s.place == 4]
    assert min(stored[p].value for p in winners) > max(stored[p].value for p in lasts)


def test_the_organisers_round_page_offers_paper_results_for_every_published_table(
        client, published_round, django_assert_max_num_queries):
    tournament, rnd, tables, organiser = published_round
    game_sheet_enter(game_id=tables[1].game_id, rounds=[[40, 25, 10, -5]],
                     actor=Actor(user=organiser))
    client.force_login(organiser)
    url = reverse("tournaments:manage-round", args=[tournament.slug, rnd.number])
    with django_assert_max_num_queries(14):
        page = client.get(url).content.decode()
    for table in tables:
        sheet_url = reverse("scoring:game-sheet", args=[table.game_id])
        assert f'href="{sheet_url}?next=' in page
    assert "Replace by the full record" in page  # the table entered from a sheet
    assert page.count("Attach a record") == 2
    assert "entered from a score sheet" in page
