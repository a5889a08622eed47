"""Games without a tablet on the database: score sheets, final scores, finishing on paper,
attaching a record; every refusal writes nothing."""

import random

import pytest

from clubs.models import Membership
from ratings.models import GameRating, PlayerRating
from ratings.selectors import player_stats
from scoring.demo import Robot, robot_record
from scoring.engine import EngineError, record_replay
from scoring.models import AuditEntry, Game, Round, Turn
from scoring.services import Actor, NotPlaying, game_abandon, game_start, turn_undo
from scoring.sheets import game_final_enter, game_record_attach, game_sheet_enter
from tests.factories import UserFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return UserFactory(username="sheet-ref")


@pytest.fixture
def actor(user, club):
    member(club, Membership.Role.REFEREE, user=user, name="Referee")
    return Actor(user=user)


@pytest.fixture
def club_preset():
    return "club"


def start(club, names=("Anna", "Boris", "Vera"), **overrides):
    players = [member(club, name=n) for n in names]
    return game_start(club=club, players=players, preset="club", overrides=overrides,
                      actor=Actor())


def snapshot(game):
    """Everything a refused entry must leave as it was."""
    game.refresh_from_db()
    return (game.status, game.entry, game.version, game.round_number,
            list(game.seats.order_by("position").values_list("score", "place")),
            list(game.rounds.order_by("number").values_list("number", "reason", "totals")),
            Turn.objects.filter(round__game=game).count(), AuditEntry.objects.filter(
                game=game).count())


def refusal(club, enter, **entered) -> str:
    """The code ``enter`` refuses what was entered for a fresh game with, having checked that
    the refusal wrote nothing."""
    game = start(club)
    before = snapshot(game)
    with pytest.raises(EngineError) as refused:
        enter(game_id=game.pk, **entered)
    assert snapshot(game) == before
    return refused.value.code


def test_a_score_sheet_finishes_the_game_with_rounds_totals_places_and_audit(
        club, actor, user, django_capture_on_commit_callbacks):
    game = start(club)
    with django_capture_on_commit_callbacks(execute=True):
        game_sheet_enter(game_id=game.pk, rounds=[[80, 60, 30], [70, 20, 40], [55, -12, 10]],
                         written=[[80, 60, 30], [150, None, 70], [205, 68, 80]], actor=actor)
    game.refresh_from_db()
    assert (game.status, game.entry, game.phase, game.round_number) == (
        "finished", "sheet", "over", 2)
    assert game.winner_seats == [0] and game.finished_at is not None
    seats = list(game.seats.order_by("position"))
    assert [(s.score, s.place) for s in seats] == [(205, 1), (68, 3), (80, 2)]
    rounds = list(game.rounds.order_by("number"))
    assert [(r.reason, r.end_points, r.totals) for r in rounds] == [
        ("sheet", [80, 60, 30], [80, 60, 30]),
        ("sheet", [70, 20, 40], [150, 80, 70]),
        ("sheet", [55, -12, 10], [205, 68, 80])]
    assert rounds[2].start_totals == [150, 80, 70]
    entry = AuditEntry.objects.exclude(action="start").get(game=game)
    assert (entry.action, entry.user, entry.before["status"]) == ("sheet", user, "playing")
    assert entry.after["totals"] == [205, 68, 80] and entry.after["winners"] == [0]
    # Rated like any finished game: the winner gains, and the game counts as a win.
    ratings = {r.player.display_name: r for r in GameRating.objects.filter(game=game)}
    assert [ratings[n].place for n in ("Anna", "Boris", "Vera")] == [1, 3, 2]
    assert ratings["Anna"].after > ratings["Anna"].before > ratings["Boris"].after
    assert PlayerRating.objects.get(player=seats[0].player).wins == 1
    # ... and left out of what needs moves.
    stats = player_stats(seats[0].player)
    assert (stats["games"], stats["wins"], stats["turns"], stats["per_turn"]) == (1, 1, 0, 0)
    assert (stats["hexagons"], stats["bridges"], stats["best_turn"]) == (0, 0, None)


@pytest.mark.parametrize(("rounds", "kwargs", "code"), [
    ([[80, 60, 30]], {}, "sheet-not-over"),
    ([[200, 0, 0], [10, 10, 10]], {}, "sheet-after-end"),
    ([[80, 60]], {}, "sheet-row"),
    ([[80, 60, "x"]], {}, "sheet-number"),
    ([[80, 60, 30.5]], {}, "sheet-number"),
    ([[80, 60, True]], {}, "sheet-number"),
    ([[80, 60, 99999]], {}, "sheet-round-high"),
    ([[80, 60, -99999]], {}, "sheet-round-low"),
    ([], {}, "sheet-empty"),
    ([[150, 140, 0], [60, 70, 0]], {}, "sheet-round-winner"),
    ([[150, 140, 0], [60, 70, 0]], {"round_winner": 7}, "unknown-player"),
    ([[120, 60, 30], [90, 0, 0]], {"written": [[120, 60, 30], [200, 60, 30]]}, "sheet-total"),
    ([[150, 60, 30], [45, 0, 0]], {"reached": [3]}, "unknown-player"),
])
def test_a_wrong_sheet_is_refused_and_writes_nothing(club, actor, rounds, kwargs, code):
    assert refusal(club, game_sheet_enter, rounds=rounds, actor=actor, **kwargs) == code


def test_round_winner_first_and_a_mid_round_target(club, actor):
    game = start(club)
    game_sheet_enter(game_id=game.pk, rounds=[[150, 140, 0], [60, 70, 0]], round_winner=0,
                     actor=actor)
    game.refresh_from_db()
    assert game.winner_seats == [0]
    assert list(game.seats.order_by("position").values_list("place", flat=True)) == [1, 2, 3]
    other = start(club, ("Gleb", "Dina"))
    game_sheet_enter(game_id=other.pk, rounds=[[150, 80], [45, 20]], reached=[0], actor=actor)
    other.refresh_from_db()
    assert (other.status, other.winner_seats) == ("finished", [0])


def test_final_scores_only(club, actor, django_capture_on_commit_callbacks):
    game = start(club, ("Anna", "Boris", "Vera", "Gleb"))
    with django_capture_on_commit_callbacks(execute=True):
        game_final_enter(game_id=game.pk, scores=[120, 212, 95, 120], actor=actor)
    game.refresh_from_db()
    assert (game.status, game.entry, game.winner_seats) == ("finished", "final", [1])
    assert list(game.seats.order_by("position").values_list("score", "place")) == [
        (120, 2), (212, 1), (95, 4), (120, 2)]
    (only,) = game.rounds.all()
    assert (only.reason, only.totals) == ("final", [120, 212, 95, 120])
    assert GameRating.objects.filter(game=game).count() == 4
    assert AuditEntry.objects.exclude(action="start").get(game=game).action == "final"


@pytest.mark.parametrize(("scores", "kwargs", "code"), [
    ([120, 150, 30], {}, "final-not-over"),
    ([120, 150], {}, "sheet-row"),
    ([205, 230, 0], {}, "sheet-round-winner"),
    ([205, "230", 0], {}, "sheet-number"),
    ("205", {}, "sheet-row"),
])
def test_wrong_final_scores_are_refused_and_write_nothing(club, actor, scores, kwargs, code):
    assert refusal(club, game_final_enter, scores=scores, actor=actor, **kwargs) == code


def test_a_tablet_game_finishes_on_paper_keeping_its_recorded_rounds(club, actor):
    game = start(club, ("Anna", "Boris"), target=None, rounds_limit=3)
    robot = Robot(game, random.Random(7))
    robot.play_round()
    robot.step()  # the tablet dies in the middle of the second round
    robot.step()
    game.refresh_from_db()
    first = Round.objects.get(game=game, number=0)
    tablet_turns = first.turns.count()
    partial = Turn.objects.filter(round__game=game, round__number=1).count()
    assert partial == 2 and first.ended_at is not None
    game_sheet_enter(game_id=game.pk, rounds=[[30, 12], [5, 40]], actor=actor)
    game.refresh_from_db()
    rounds = list(game.rounds.order_by("number"))
    assert [r.reason for r in rounds] == [first.reason, "sheet", "sheet"]
    assert rounds[0].turns.count() == tablet_turns  # the tablet's round stays, move by move
    assert game.turn_count == tablet_turns
    final = [first.totals[0] + 35, first.totals[1] + 52]
    assert [s.score for s in game.seats.order_by("position")] == final
    assert rounds[1].start_totals == first.totals
    assert (game.status, game.entry) == ("finished", "sheet")
    # The two turns of the interrupted round are in the audit entry, not lost.
    entry = AuditEntry.objects.get(game=game, action="sheet")
    assert len(entry.before["rounds"][0]["turns"]) == 2
    # A finished game is not undone (an organiser reopens it): refused, nothing changes.
    before = snapshot(game)
    with pytest.raises(NotPlaying):
        turn_undo(game_id=game.pk, expected_version=None, actor=actor)
    assert snapshot(game) == before


def test_a_fixed_number_of_rounds_counts_the_tablet_rounds(club, actor):
    game = start(club, ("Anna", "Boris"), target=None, rounds_limit=2)
    Robot(game, random.Random(3)).play_round()
    before = snapshot(game)
    with pytest.raises(EngineError) as refused:
        game_sheet_enter(game_id=game.pk, rounds=[[1, 2], [3, 4]], actor=actor)
    assert (refused.value.code, refused.value.params["round"]) == ("sheet-after-end", 1)
    assert snapshot(game) == before


def test_a_sheet_is_replaced_by_the_full_record_and_then_rated_by_it(
        club, actor, django_capture_on_commit_callbacks):
    game = start(club, ("Anna", "Boris", "Vera"))
    with django_capture_on_commit_callbacks(execute=True):
        game_sheet_enter(game_id=game.pk, rounds=[[210, 0, 0]], actor=actor)
    game.refresh_from_db()
    finished_at, version = game.finished_at, game.version
    # The record lists the players in another order: the seats follow the record.
    record = robot_record(["Vera", "Anna", "Boris"], "club", random.Random(5))
    with django_capture_on_commit_callbacks(execute=True):
        game_record_attach(game_id=game.pk, record=record, actor=actor)
    game.refresh_from_db()
    assert (game.status, game.entry) == ("finished", "moves")
    assert game.version > version and game.finished_at == finished_at
    seats = list(game.seats.order_by("position").select_related("player"))
    assert [s.player.display_name for s in seats] == ["Vera", "Anna", "Boris"]
    expected = record_replay(record)["totals"]
    assert {s.player.display_name: s.score for s in seats} == expected
    assert not game.rounds.filter(reason="sheet").exists()
    assert Turn.objects.filter(round__game=game).count() == game.turn_count > 0
    ratings = {r.player_id: r.score for r in GameRating.objects.filter(game=game)}
    assert ratings == {s.player_id: s.score for s in seats}
    actions = list(AuditEntry.objects.filter(game=game).exclude(action="start")
                   .values_list("action", flat=True))
    assert actions == ["sheet", "record"]
    # Now it is a game recorded move by move: paper no longer replaces it.
    with pytest.raises(EngineError) as refused:
        game_sheet_enter(game_id=game.pk, rounds=[[210, 0, 0]], actor=actor)
    assert refused.value.code == "finished-on-tablet"


@pytest.mark.parametrize(("change", "code"), [
    (lambda r: r.update(players=["Anna", "Boris", "Zoya"]), "record-players"),
    (lambda r: r.update(players=["Anna", "Boris"]), "record-players"),
    (lambda r: r.update(rules="pressman"), "record-rules"),
    (lambda r: r["rounds"][0]["moves"][1].update(corners=[9, 9, 9]), None),
    (lambda r: r.update(format="other"), "bad-record"),
])
def test_a_record_that_is_not_this_games_is_refused_and_writes_nothing(
        club, actor, change, code):
    game = start(club)
    record = robot_record(["Anna", "Boris", "Vera"], "club", random.Random(9))
    change(record)
    before = snapshot(game)
    with pytest.raises(EngineError) as refused:
        game_record_attach(game_id=game.pk, record=record, actor=actor)
    if code:
        assert refused.value.code == code
    else:
        assert refused.value.round == 0 and refused.value.turn == 1
    assert snapshot(game) == before


def test_an_abandoned_game_takes_no_paper_result(club, actor):
    game = start(club)
    game_abandon(game_id=game.pk, actor=actor)
    before = snapshot(game)
    with pytest.raises(NotPlaying):
        game_sheet_enter(game_id=game.pk, rounds=[[210, 0, 0]], actor=actor)
    with pytest.raises(NotPlaying):
        game_final_enter(game_id=game.pk, scores=[210, 0, 0], actor=actor)
    assert snapshot(game) == before


def test_entering_the_sheet_again_replaces_it_and_keeps_the_finishing_time(club, actor):
    game = start(club)
    game_sheet_enter(game_id=game.pk, rounds=[[210, 0, 0]], actor=actor)
    game.refresh_from_db()
    finished_at = game.finished_at
    game_sheet_enter(game_id=game.pk, rounds=[[100, 90, 0], [20, 120, 5]], actor=actor)
    game.refresh_from_db()
    assert game.finished_at == finished_at
    assert game.winner_seats == [1] and game.rounds.count() == 2
    assert Game.objects.get(pk=game.pk).seats.get(position=1).place == 1
    entries = AuditEntry.objects.filter(game=game, action="sheet").order_by("pk")
    assert entries[1].before["rounds"][0]["points"] == [210, 0, 0]


def test_a_game_finished_on_paper_survives_export_and_import(club, actor):
    from scoring.records import game_export, game_import

    game = start(club, ("Anna", "Boris"), target=None, rounds_limit=3)
    Robot(game, random.Random(4)).play_round()
    game_sheet_enter(game_id=game.pk, rounds=[[30, 12], [5, 40]], actor=actor)
    final = start(club, ("Gleb", "Dina", "Zoya"))
    game_final_enter(game_id=final.pk, scores=[205, 230, 0], round_winner=0, actor=actor)
    for original in (game, final):
        original.refresh_from_db()
        record = game_export(original)
        assert record["entry"] == original.entry and record["sheet"]
        copy = game_import(club=club, record=record, actor=actor)
        copy.refresh_from_db()
        assert (copy.status, copy.entry, copy.winner_seats, copy.turn_count) == (
            "finished", original.entry, original.winner_seats, original.turn_count)
        assert list(copy.seats.order_by("position").values_list("score", "place")) == list(
            original.seats.order_by("position").values_list("score", "place"))
        assert list(copy.rounds.order_by("number").values_list("reason", "totals")) == list(
            original.rounds.order_by("number").values_list("reason", "totals"))
    record = game_export(final)
    record["sheet"] = [{"points": {"Gleb": "x"}}]
    count = Game.objects.count()
    with pytest.raises(EngineError) as refused:
        game_import(club=club, record=record, actor=actor)
    assert refused.value.code == "sheet-number" and Game.objects.count() == count
