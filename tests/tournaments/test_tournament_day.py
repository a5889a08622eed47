"""A whole tournament on the database: 16 players, 4 Swiss rounds at tables of 4, a final table
of the top 4, every game recorded through the scoring services by robot referees."""

from itertools import combinations

import pytest

from clubs.permissions import SITE
from ratings.models import GameRating
from ratings.services import ratings_recompute
from scoring.models import Game
from tournaments import pairing, selectors, services
from tournaments.models import Tournament, TournamentRound

from .play import field, organised_club, play_round, run_round, tournament_with

pytestmark = pytest.mark.django_db


def recorded_rounds(tournament, stage_order=1):
    """The results as the scoring app holds them, read straight from the games' seats."""
    rounds = []
    for rnd in tournament.rounds.filter(stage__order=stage_order).order_by("number"):
        tables, byes = [], []
        for table in rnd.tables.select_related("game").order_by("number"):
            if table.bye:
                byes.extend(table.player_ids)
                continue
            seats = list(table.game.seats.order_by("position"))
            tables.append(pairing.TableResult(
                tuple(s.player_id for s in seats), tuple(s.score for s in seats),
                tuple(s.place for s in seats)))
        rounds.append(pairing.RoundResult(tuple(tables), tuple(byes)))
    return rounds


def test_sixteen_players_four_swiss_rounds_and_a_final_table():
    club, _user = organised_club()
    players = field(club, 16)
    tournament = tournament_with(club, players, knockout_size=4)
    met = set()
    for number in range(1, 5):
        rnd = run_round(tournament, seed=number)
        assert (rnd.number, rnd.status) == (number, TournamentRound.Status.COMPLETE)
        tables = list(rnd.tables.select_related("game").order_by("number"))
        assert [len(t.player_ids) for t in tables] == [4, 4, 4, 4]
        assert not any(t.bye for t in tables)
        seated = [p for t in tables for p in t.player_ids]
        assert sorted(seated) == sorted(p.pk for p in players)
        # The game is seated in the table's order: the first seat opens.
        for t in tables:
            assert t.game.status == Game.Status.FINISHED
            assert list(t.game.seats.order_by("position").values_list("player_id", flat=True)) \
                == t.player_ids
        # Every repeated meeting is named by a flag, and no flag names one that did not happen.
        pairs = {frozenset(pair) for t in tables for pair in combinations(t.player_ids, 2)}
        flagged = {frozenset(f["params"]["players"]) for f in rnd.flags
                   if f["code"] == "repeat-meeting"}
        assert flagged == pairs & met
        if number == 2:
            assert not flagged  # 16 players at tables of 4 never need to meet again in round 2
        met |= pairs

    # Standings: exactly the pure core's ranking of the results the games recorded.
    regs = {r.player_id: r for r in tournament.registrations.all()}
    entries = [pairing.PlayerEntry(id=p.pk, rating=regs[p.pk].rating) for p in players]
    expected = pairing.compute_standings(
        entries, recorded_rounds(tournament), pairing.by_placing(bye=3),
        tournament.tiebreaks, lots_seed=tournament.pk)
    view = selectors.standings(tournament)
    assert [line.player_id for line in view.lines] == [row.player for row in expected.rows]
    assert [line.points for line in view.lines] == [row.value("points") for row in expected.rows]
    assert all(line.games == 4 for line in view.lines)
    # By placing at tables of 4: 3+2+1+0 points per table, 4 tables, 4 rounds.
    assert sum(line.points for line in view.lines) == 6 * 4 * 4

    final = services.knockout_start(tournament=tournament, actor=SITE)
    assert (final.number, final.status, final.stage.kind) == (
        5, TournamentRound.Status.DRAFT, "knockout")
    [table] = final.tables.all()
    top4 = [line.player_id for line in view.lines[:4]]
    assert table.player_ids == top4  # best seed first: the leader opens the final
    assert table.match == "M1"
    assert {f["code"] for f in final.flags} >= {"qualified", "qualification-cut"}
    services.round_publish(tournament_round=final, actor=SITE)
    final.refresh_from_db()
    play_round(final, seed=99)
    services.round_complete(tournament_round=final, actor=SITE)
    tournament = services.tournament_finish(tournament=tournament, actor=SITE)
    assert tournament.status == Tournament.Status.FINISHED

    table.refresh_from_db()
    winner_seat = min(table.game.seats.all(), key=lambda s: (s.place, -s.score))
    assert tournament.winner_id == winner_seat.player_id
    results = selectors.final_results(tournament, selectors.registrations(tournament))
    assert results[0].player_id == tournament.winner_id
    assert [r.player_id for r in results[:4]] == [
        s.player_id for s in sorted(table.game.seats.all(), key=lambda s: (s.place, -s.score))]
    assert [r.best for r in results] == list(range(1, 17))
    assert [r.player_id for r in results[4:]] == [line.player_id for line in view.lines[4:]]

    # Ratings: every tournament game is an ordinary finished game, rated like any other.
    games = Game.objects.filter(tournament_table__round__tournament=tournament)
    assert games.count() == 17 and not games.exclude(status=Game.Status.FINISHED).exists()
    ratings_recompute()
    for game in games:
        assert GameRating.objects.filter(game=game).count() == game.seats.count()
