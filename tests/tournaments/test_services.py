"""The tournament services on the database: registrations, drafts, edits, publishing."""

import os
import random
import subprocess
import sys
from datetime import date
from itertools import combinations
from pathlib import Path

import pytest
from django.utils import translation

from clubs.models import Membership
from clubs.permissions import SITE
from scoring.models import Game
from scoring.services import Actor, game_abandon
from tournaments import pairing_rows, selectors, services
from tournaments.models import Stage, Tournament, TournamentRound
from tournaments.pairing import SwissOptions

from .play import field, play_round, run_round, tournament_with

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def seated(rnd):
    return sorted(p for t in rnd.tables.all() for p in t.player_ids)


# -- creating and registering -----------------------------------------------------------------


def test_create_makes_the_stages_and_a_readable_unique_slug(club):
    first = services.tournament_create(club=club, name="Spring Open", starts_on=date(2026, 4, 18),
                                       knockout_size=8, table_size=4, actor=SITE)
    second = services.tournament_create(club=club, name="Spring Open",
                                        starts_on=date(2026, 4, 18), actor=SITE)
    assert (first.slug, second.slug) == ("spring-open-2026", "spring-open-2026-2")
    assert first.status == Tournament.Status.DRAFT
    assert [(s.order, s.kind, s.qualifiers, s.advance) for s in first.stages.all()] == [
        (1, "swiss", 0, 1), (2, "knockout", 8, 2)]
    assert first.tiebreaks[0] == "points"
    assert [s.kind for s in second.stages.all()] == ["swiss"]


@pytest.mark.parametrize(("settings", "code"), [
    ({"table_size": 5}, "bad-table-size"),
    ({"tiebreaks": ["points", "buchholz", "buchholz"]}, "bad-tiebreaks"),
    ({"tiebreaks": ["points", "luck"]}, "bad-tiebreaks"),
    ({"knockout_size": 1}, "bad-knockout-size"),
    ({"preset": "chess"}, "bad-rules"),
    ({"rounds": 0}, "bad-rounds"),
])
def test_create_refuses_bad_settings(club, settings, code):
    with pytest.raises(services.Refused) as refused:
        services.tournament_create(club=club, name="X", starts_on=date(2026, 1, 1),
                                   actor=SITE, **settings)
    assert refused.value.code == code
    assert not Tournament.objects.exists()


def test_register_by_name_makes_a_club_member_and_is_idempotent(club):
    tournament = tournament_with(club, [])
    reg = services.registration_add(tournament=tournament, display_name="  Nadia  ", actor=SITE)
    assert reg.player.display_name == "Nadia"
    assert Membership.objects.filter(club=club, player=reg.player).exists()
    # A new player has no rated game: the snapshot is the starting rating.
    assert (reg.checked_in, reg.withdrawn, reg.late_entry_round, reg.rating) == (
        False, False, None, 1000)
    services.registration_withdraw(registration=reg, actor=SITE)
    again = services.registration_add(tournament=tournament, player=reg.player, actor=SITE)
    assert again.pk == reg.pk and not again.withdrawn
    with pytest.raises(services.Refused) as refused:
        services.registration_add(tournament=tournament, display_name=" ", actor=SITE)
    assert refused.value.code == "name-needed"


def test_only_checked_in_players_are_paired(club):
    players = field(club, 12)
    tournament = tournament_with(club, players, check_in=False)
    regs = {r.player_id: r for r in tournament.registrations.all()}
    for p in players[:8]:
        services.registration_check_in(registration=regs[p.pk], actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert rnd.status == TournamentRound.Status.DRAFT
    assert seated(rnd) == sorted(p.pk for p in players[:8])
    assert [len(t.player_ids) for t in rnd.tables.all()] == [4, 4]


def test_late_entry_joins_from_the_next_round_with_no_points(club, players):
    tournament = tournament_with(club, players[:12])
    run_round(tournament)
    late = services.registration_add(tournament=tournament, player=players[12], actor=SITE)
    assert (late.checked_in, late.late_entry_round) == (True, 2)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert players[12].pk in seated(rnd)
    assert len(seated(rnd)) == 13  # 4 + 3 + 3 + 3: left-over players sit at smaller tables
    assert sorted(len(t.player_ids) for t in rnd.tables.all()) == [3, 3, 3, 4]
    line = next(s for s in selectors.standings(tournament).lines if s.player_id == players[12].pk)
    assert (line.points, line.games) == (0, 0)


def test_round_robin_refuses_late_entries(club, players):
    tournament = tournament_with(club, players[:4], table_size=2, format="round_robin",
                                 rounds=0)
    services.round_generate(tournament=tournament, actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.registration_add(tournament=tournament, player=players[5], actor=SITE)
    assert refused.value.code == "late-entry-round-robin"


# -- drafts -----------------------------------------------------------------------------------


def test_generate_returns_the_waiting_draft_instead_of_a_second_one(tournament):
    first = services.round_generate(tournament=tournament, actor=SITE)
    again = services.round_generate(tournament=tournament, actor=SITE)
    assert first.pk == again.pk and tournament.rounds.count() == 1
    tournament.refresh_from_db()
    # A draft can still be discarded: the tournament runs from its first published round.
    assert tournament.status == Tournament.Status.REGISTRATION
    services.round_publish(tournament_round=first, actor=SITE)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_next_round_waits_for_the_games_then_closes_the_round_itself(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.round_generate(tournament=tournament, actor=SITE)
    assert (refused.value.code, refused.value.params) == ("round-in-progress", {"round": 1})
    with pytest.raises(services.Refused) as refused:
        services.round_complete(tournament_round=rnd, actor=SITE)
    assert (refused.value.code, refused.value.params) == ("games-playing", {"count": 4})
    play_round(rnd)
    second = services.round_generate(tournament=tournament, actor=SITE)
    rnd.refresh_from_db()
    assert (rnd.status, second.number) == (TournamentRound.Status.COMPLETE, 2)


def test_swaps_keep_everybody_seated_exactly_once(tournament, players):
    run_round(tournament)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    everyone = seated(rnd)
    rng = random.Random(7)
    for _ in range(30):
        a, b = rng.sample(everyone, 2)
        services.table_swap(tournament_round=rnd, first=a, second=b, actor=SITE)
        assert seated(rnd) == everyone
        assert [len(t.player_ids) for t in rnd.tables.order_by("number")] == [4, 4, 4, 4]
    rnd.refresh_from_db()
    assert rnd.flags[-1]["code"] == "edited-by-hand"


def test_a_swap_names_the_meeting_it_repeats(tournament):
    first = run_round(tournament)
    old = first.tables.get(number=1).player_ids
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert not [f for f in rnd.flags if f["code"] == "repeat-meeting"]
    # Bring two table-mates of round 1 together again by hand.
    target = next(t for t in rnd.tables.all() if old[0] in t.player_ids)
    other = next(p for p in target.player_ids if p != old[0])
    services.table_swap(tournament_round=rnd, first=other, second=old[1], actor=SITE)
    rnd.refresh_from_db()
    repeats = [f["params"] for f in rnd.flags if f["code"] == "repeat-meeting"]
    assert {"players": sorted(old[:2]), "table": target.number, "meetings": 1,
            "last_round": 1, "consecutive": True, "proof": "by-hand"} in repeats
    assert rnd.flags[-1] == {"code": "edited-by-hand",
                             "params": {"players": [other, old[1]], "tables": rnd.flags[-1][
                                 "params"]["tables"]}}


def test_swapping_in_a_bye_player_moves_the_bye(club, players):
    tournament = tournament_with(club, players[:9], table_size=2)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    bye = rnd.tables.get(bye=True)
    [resting] = bye.player_ids
    playing = rnd.tables.get(number=1).player_ids[0]
    services.table_swap(tournament_round=rnd, first=resting, second=playing, actor=SITE)
    rnd.refresh_from_db()
    assert rnd.tables.get(bye=True).player_ids == [playing]
    byes = [f["params"] for f in rnd.flags if f["code"] == "bye"]
    assert byes == [{"player": playing, "reason": "by-hand"}]


def test_move_a_player_between_tables(club, players):
    tournament = tournament_with(club, players[:11], table_size=3, remainder="bye")
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert [len(t.player_ids) for t in rnd.tables.order_by("number")] == [3, 3, 3, 1, 1]
    resting = rnd.tables.filter(bye=True).first().player_ids[0]
    services.table_move(tournament_round=rnd, player=resting, table_number=1, actor=SITE)
    assert [len(t.player_ids) for t in rnd.tables.order_by("number")] == [4, 3, 3, 1]
    mover = rnd.tables.get(number=2).player_ids[0]
    with pytest.raises(services.Refused) as refused:
        services.table_move(tournament_round=rnd, player=mover, table_number=1, actor=SITE)
    assert refused.value.code == "table-full"
    services.table_move(tournament_round=rnd, player=mover, table_number=3, actor=SITE)
    assert [len(t.player_ids) for t in rnd.tables.order_by("number")] == [4, 2, 4, 1]
    with pytest.raises(services.Refused) as refused:
        services.table_move(tournament_round=rnd, table_number=3,
                            player=rnd.tables.get(number=2).player_ids[0], actor=SITE)
    assert refused.value.code == "table-full"
    last = rnd.tables.get(bye=True).player_ids[0]
    services.table_move(tournament_round=rnd, player=last, table_number=2, actor=SITE)
    services.table_move(tournament_round=rnd, table_number=2,
                            player=rnd.tables.get(number=1).player_ids[0], actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.table_move(tournament_round=rnd, table_number=9,
                            player=rnd.tables.get(number=3).player_ids[0], actor=SITE)
    assert refused.value.code == "no-such-table"
    assert [len(t.player_ids) for t in rnd.tables.order_by("number")] == [3, 4, 4]
    assert seated(rnd) == sorted(p.pk for p in players[:11])


def test_publishing_twice_creates_the_games_once(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    actor = Actor(user=tournament.club.memberships.get(role="organiser").player.user)
    services.round_publish(tournament_round=rnd, actor=actor)
    services.round_publish(tournament_round=rnd, actor=actor)
    games = Game.objects.filter(tournament_table__round=rnd)
    assert games.count() == 4
    for table in rnd.tables.select_related("game"):
        game = table.game
        assert list(game.seats.order_by("position").values_list("player_id", flat=True)) \
            == table.player_ids
        assert (game.preset, game.rounds_limit, game.club_id) == ("club", 1, tournament.club_id)
        with translation.override("en"):  # the title is worded in the reader's language
            assert game.title == "" and str(game) == f"Spring Open · round 1, table {table.number}"
        assert game.table_token
    with pytest.raises(services.Refused) as refused:
        services.table_swap(tournament_round=rnd, first=1, second=2, actor=SITE)
    assert refused.value.code == "not-draft"


def test_a_bye_scores_a_win_without_a_game(club, players):
    tournament = tournament_with(club, players[:9], table_size=2)
    rnd = run_round(tournament)
    [bye] = rnd.tables.filter(bye=True)
    assert bye.game is None
    lines = {line.player_id: line for line in selectors.standings(tournament).lines}
    # By placing at tables of 2: 1 for a win, and a bye is worth a win.
    assert (lines[bye.player_ids[0]].points, lines[bye.player_ids[0]].games) == (1, 0)
    assert sum(line.points for line in lines.values()) == 5


def test_withdrawn_player_is_not_paired_again_but_keeps_their_results(tournament, players):
    run_round(tournament)
    leaving = players[0]
    services.registration_withdraw(registration=tournament.registrations.get(player=leaving),
                                   actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert leaving.pk not in seated(rnd) and len(seated(rnd)) == 15
    line = next(s for s in selectors.standings(tournament).lines if s.player_id == leaving.pk)
    assert line.withdrawn and line.games == 1


def test_a_draft_with_a_withdrawn_player_is_not_published(tournament, players):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.registration_withdraw(registration=tournament.registrations.get(player=players[3]),
                                   actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.round_publish(tournament_round=rnd, actor=SITE)
    assert refused.value.code == "withdrawn-seated"
    assert not Game.objects.exists()


def test_an_abandoned_table_is_played_again(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    table = rnd.tables.get(number=1)
    game_abandon(game_id=table.game_id, actor=Actor())
    old = table.game_id
    services.table_replay(table=table, actor=Actor())
    table.refresh_from_db()
    assert table.game_id != old and table.game.status == Game.Status.PLAYING
    assert [s.player_id for s in table.game.seats.order_by("position")] == table.player_ids


def test_an_abandoned_game_counts_no_points(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    first = rnd.tables.get(number=1)
    game_abandon(game_id=first.game_id, actor=Actor())
    play_round(TournamentRound.objects.get(pk=rnd.pk))
    services.round_complete(tournament_round=rnd, actor=SITE)
    lines = {line.player_id: line for line in selectors.standings(tournament).lines}
    assert all((lines[p].points, lines[p].games) == (0, 0) for p in first.player_ids)
    assert sum(line.points for line in lines.values()) == 3 * 6


# -- the solver's cap ---------------------------------------------------------------------------


def test_swiss_rounds_are_paired_with_the_sites_solver_cap(club, players, settings):
    tournament = tournament_with(club, players, rounds=5, remainder="smaller_tables",
                                 avoid_same_club=True)
    settings.PAIRING_TIME_LIMIT = 2.5
    assert pairing_rows.swiss_options(tournament) == SwissOptions(
        avoid_same_club=True, remainder="smaller_tables", planned_rounds=5, time_limit=2.5)


def test_the_sites_default_cap_is_the_pairing_cores_own():
    # Production keeps the core's cap unless PAIRING_TIME_LIMIT says otherwise.
    environment = {k: v for k, v in os.environ.items() if k != "PAIRING_TIME_LIMIT"}
    shown = subprocess.run(
        [sys.executable, "-c", "from config import settings; print(settings.PAIRING_TIME_LIMIT)"],
        env=environment, cwd=ROOT, capture_output=True, text=True, check=True)
    assert float(shown.stdout) == SwissOptions().time_limit == 4.0


# -- large fields: the task ---------------------------------------------------------------------


def test_a_large_field_is_paired_by_the_task_once(club, django_capture_on_commit_callbacks):
    players = field(club, services.SYNC_LIMIT + 16)
    tournament = tournament_with(club, players)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert (rnd.status, rnd.progress, rnd.tables.count()) == (TournamentRound.Status.PAIRING, 0, 0)
    # The pairing task, and the nudge to the pages following the tournament.
    assert len(callbacks) == 2
    for callback in callbacks:
        callback()  # the broker delivers the task; eager here, in-process
    rnd.refresh_from_db()
    assert (rnd.status, rnd.progress) == (TournamentRound.Status.DRAFT, 100)
    assert rnd.tables.count() == 20 and seated(rnd) == sorted(p.pk for p in players)
    from tournaments.tasks import round_pair_task

    assert round_pair_task.delay(rnd.pk).get() == "draft"  # run twice: nothing changes
    assert rnd.tables.count() == 20


# -- other stages ----------------------------------------------------------------------------


def test_round_robin_of_five_at_tables_of_two_meets_everybody_once(club, players):
    tournament = tournament_with(club, players[:5], table_size=2, format="round_robin",
                                 rounds=0)
    pairs, byes = [], []
    for number in range(1, 6):
        rnd = run_round(tournament, seed=number)
        tables = list(rnd.tables.all())
        pairs += [frozenset(t.player_ids) for t in tables if not t.bye]
        byes += [t.player_ids[0] for t in tables if t.bye]
    assert sorted(byes) == sorted(p.pk for p in players[:5])
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(pair) for pair in combinations([p.pk for p in players[:5]], 2))
    with pytest.raises(services.Refused) as refused:
        services.round_generate(tournament=tournament, actor=SITE)
    assert refused.value.code == "stage-rounds-done"
    assert tournament.stages.get(order=1).flags[0]["code"] == "meeting-balance"


def test_knockout_semi_finals_feed_the_final(club, players):
    tournament = tournament_with(club, players[:8], table_size=2, rounds=3, knockout_size=4)
    for number in range(1, 4):
        run_round(tournament, seed=number)
    leaders = [line.player_id for line in selectors.standings(tournament).lines[:4]]
    semis = services.knockout_start(tournament=tournament, actor=SITE)
    assert semis.stage.kind == Stage.Kind.KNOCKOUT
    with pytest.raises(services.Refused) as refused:
        services.registration_add(tournament=tournament, player=players[9], actor=SITE)
    assert refused.value.code == "late-entry-knockout"
    tables = {t.match: t.player_ids for t in semis.tables.all()}
    assert tables == {"M1": [leaders[0], leaders[3]], "M2": [leaders[1], leaders[2]]}
    with pytest.raises(services.Refused) as refused:
        services.table_swap(tournament_round=semis, first=leaders[0], second=leaders[1], actor=SITE)
    assert refused.value.code == "knockout-fixed"
    services.round_publish(tournament_round=semis, actor=SITE)
    play_round(TournamentRound.objects.get(pk=semis.pk), seed=5)
    with pytest.raises(services.Refused) as refused:
        services.tournament_finish(tournament=tournament, actor=SITE)
    assert refused.value.code == "knockout-unfinished"
    final = services.round_generate(tournament=tournament, actor=SITE)
    winners = []
    for t in semis.tables.select_related("game"):
        best = min(t.game.seats.all(), key=lambda s: (s.place, -s.score))
        winners.append(best.player_id)
    [table] = final.tables.all()
    assert (table.match, sorted(table.player_ids)) == ("M3", sorted(winners))
    services.round_publish(tournament_round=final, actor=SITE)
    play_round(TournamentRound.objects.get(pk=final.pk), seed=6)
    tournament = services.tournament_finish(tournament=tournament, actor=SITE)
    table.refresh_from_db()
    champion = min(table.game.seats.all(), key=lambda s: (s.place, -s.score))
    assert tournament.winner_id == champion.player_id
    results = selectors.final_results(tournament, selectors.registrations(tournament))
    assert [(r.best, r.worst) for r in results[:4]] == [(1, 1), (2, 2), (3, 4), (3, 4)]
    assert [r.best for r in results[4:]] == [5, 6, 7, 8]


def test_a_round_completes_by_itself_when_its_last_game_ends(
        club, players, django_capture_on_commit_callbacks):
    from scoring.demo import Robot

    tournament = tournament_with(club, players)
    rnd = services.round_publish(
        tournament_round=services.round_generate(tournament=tournament, actor=SITE), actor=SITE)
    tables = list(rnd.tables.filter(bye=False).select_related("game").order_by("number"))
    assert len(tables) == 4
    with django_capture_on_commit_callbacks(execute=True):
        for table in tables[:-1]:
            Robot(table.game, random.Random(table.number)).play_game()
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED  # one game still being played
    with django_capture_on_commit_callbacks(execute=True):
        game_abandon(game_id=tables[-1].game.pk, actor=Actor())  # the last one ends too
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE and rnd.completed_at is not None
    # Hearing about it again changes nothing; a game of no tournament is left alone.
    assert services.round_settle(game_id=tables[0].game.pk) is None
    assert services.round_settle(game_id=10**9) is None
