import random

import pytest

from clubs.models import Membership
from scoring.engine import EngineError, HandCount, record_replay
from scoring.models import AuditEntry, Game, Round, Turn
from scoring.records import game_export, game_import
from scoring.services import (
    Actor,
    Conflict,
    KeyReused,
    NotPlaying,
    game_abandon,
    game_start,
    round_end,
    turn_correct,
    turn_record,
    turn_undo,
)
from tests.factories import ClubFactory, UserFactory, member

from .simulate import play_game

pytestmark = pytest.mark.django_db

# The site itself (no user, no link): these tests are about scoring, not about who may record.
REFEREE = Actor()

EXAMPLE = {  # record-format.md §3
    "format": "triominos-record/1",
    "rules": "pressman",
    "players": ["Anna", "Boris", "Vera"],
    "rounds": [{"moves": [
        {"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]},
        {"player": "Boris", "at": [1, 0], "corners": [4, 4, 1]},
        {"player": "Vera", "draw": 2, "at": [-1, 0], "corners": [4, 2, 4]},
        {"player": "Anna", "draw": 3},
        {"player": "Boris", "draw": 1, "at": [0, 1], "corners": [0, 4, 4]},
    ]}],
}


def start(club, names=("Anna", "Boris", "Vera"), **kwargs):
    players = [member(club, name=n) for n in names]
    return game_start(club=club, players=players, actor=REFEREE, **kwargs)


def seat_scores(game):
    return [s.score for s in game.seats.order_by("position")]


def test_the_example_record_scores_as_the_contract_says(club):
    game = start(club, preset="pressman")
    version = game.version
    for move in EXAMPLE["rounds"][0]["moves"]:
        seat = ["Anna", "Boris", "Vera"].index(move["player"])
        at = move.get("at")
        turn_record(game_id=game.pk, seat=seat, draw=move.get("draw", 0),
                    at=tuple(at) if at else None,
                    corners=tuple(move["corners"]) if at else None,
                    expected_version=version, actor=REFEREE)
        version += 1
    game.refresh_from_db()
    assert seat_scores(game) == [-3, 12, 0]
    turns = list(Turn.objects.filter(round__game=game).order_by("number"))
    assert [t.points for t in turns] == [22, 9, 0, -25, 3]
    assert turns[0].detail == {"tile": 12, "opening": 10}
    assert turns[3].detail == {"draws": -15, "pass": -10}
    assert turns[2].tile == "2-4-4"
    assert game.to_play == 2 and game.phase == "play"
    assert game.turn_count == 5 and game.version == 5
    # 56 tiles - 3 x 7 dealt - 6 drawn
    assert game.pool_size == 29
    assert [s.hand_size for s in game.seats.order_by("position")] == [9, 6, 8]


def test_illegal_placement_is_refused_and_nothing_changes(club):
    game = start(club, preset="pressman")
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=REFEREE)
    with pytest.raises(EngineError) as refused:
        turn_record(game_id=game.pk, seat=1, at=(1, 0), corners=(3, 4, 1), expected_version=1,
                    actor=REFEREE)
    assert refused.value.code == "mismatch"
    assert refused.value.params["needed"] == 4
    game.refresh_from_db()
    assert game.version == 1 and game.turn_count == 1
    assert Turn.objects.filter(round__game=game).count() == 1
    assert seat_scores(game) == [22, 0, 0]


def test_stale_version_is_a_conflict(club):
    game = start(club)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=REFEREE)
    with pytest.raises(Conflict) as conflict:
        turn_record(game_id=game.pk, seat=1, at=(1, 0), corners=(4, 4, 1), expected_version=0,
                    actor=REFEREE)
    assert conflict.value.code == "stale-version"
    assert conflict.value.params == {"version": 1, "expected": 0}
    assert Turn.objects.filter(round__game=game).count() == 1


def test_a_turn_without_an_actor_is_not_recorded_as_the_sites(club):
    game = start(club)
    with pytest.raises(TypeError, match="an actor with game_id, or an asking claim"):
        turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0)
    assert Turn.objects.filter(round__game=game).count() == 0


def test_repeated_submission_is_recorded_once(club):
    game = start(club)
    first = turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4),
                        expected_version=0, actor=REFEREE, client_key="tap-1")
    again = turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4),
                        expected_version=0, actor=REFEREE, client_key="tap-1")
    assert not first.duplicate and again.duplicate
    assert again.turn.pk == first.turn.pk
    assert Turn.objects.filter(round__game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


@pytest.mark.parametrize("other", [
    {"seat": 1, "at": (0, 0), "corners": (4, 4, 4)},  # another seat
    {"seat": 0, "at": (1, 0), "corners": (4, 4, 4)},  # another cell
    {"seat": 0, "at": (0, 0), "corners": (4, 4, 1)},  # another tile
    {"seat": 0, "draw": 3},  # a pass
], ids=["seat", "cell", "corners", "pass"])
def test_a_client_key_used_for_another_turn_is_refused(club, other):
    game = start(club)
    first = turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4),
                        expected_version=0, actor=REFEREE, client_key="tap-1")
    with pytest.raises(KeyReused) as reused:
        turn_record(game_id=game.pk, expected_version=1, actor=REFEREE, client_key="tap-1",
                    **other)
    assert reused.value.code == "key-reused"
    assert reused.value.params == {"key": "tap-1", "turn_id": first.turn.pk}
    assert list(Turn.objects.filter(round__game=game).values_list("seat", "tile")) == [
        (0, "4-4-4")]
    game.refresh_from_db()
    assert game.version == 1


def test_undo_removes_the_last_turn_and_audits_it(club):
    game = start(club)
    user = UserFactory()
    member(club, Membership.Role.REFEREE, user=user)  # the services ask who may record
    actor = Actor(user=user)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=actor)
    turn_record(game_id=game.pk, seat=1, at=(1, 0), corners=(4, 4, 1), expected_version=1,
                actor=actor)
    turn_undo(game_id=game.pk, expected_version=2, actor=actor)
    game.refresh_from_db()
    assert seat_scores(game) == [22, 0, 0]
    assert game.to_play == 1 and game.version == 3 and game.turn_count == 1
    entry = AuditEntry.objects.get(game=game, action="undo")
    assert entry.user == user and entry.username == user.username
    assert entry.before == {"seat": 1, "draw": 0, "at": [1, 0], "corners": [4, 4, 1],
                            "tile": "1-4-4", "points": 9}
    assert (entry.round_number, entry.turn_number) == (0, 1)
    # Undo back to an empty table, then nothing more to undo.
    turn_undo(game_id=game.pk, expected_version=3, actor=actor)
    with pytest.raises(EngineError) as nothing:
        turn_undo(game_id=game.pk, expected_version=4, actor=actor)
    assert nothing.value.code == "nothing-to-undo"


def test_correcting_an_earlier_turn_replays_the_rest(club):
    game = start(club)
    moves = [(0, 0, (0, 0), (4, 4, 4)), (1, 0, (1, 0), (4, 4, 1)), (2, 2, (-1, 0), (4, 2, 4))]
    for version, (seat, draw, at, corners) in enumerate(moves):
        turn_record(game_id=game.pk, seat=seat, draw=draw, at=at, corners=corners,
                    expected_version=version, actor=REFEREE)
    # Vera in fact drew one tile, not two.
    turn_correct(game_id=game.pk, round_number=0, turn_number=2, draw=1, at=(-1, 0),
                 corners=(4, 2, 4), actor=REFEREE)
    game.refresh_from_db()
    assert seat_scores(game) == [22, 9, 5]
    entry = AuditEntry.objects.get(game=game, action="correct")
    assert entry.before["draw"] == 2 and entry.after["draw"] == 1
    # A correction that makes a later turn illegal is refused, naming that turn.
    with pytest.raises(EngineError) as refused:
        turn_correct(game_id=game.pk, round_number=0, turn_number=0, draw=0, at=(0, 0),
                     corners=(3, 3, 3), actor=REFEREE)
    assert refused.value.code == "mismatch"
    assert (refused.value.round, refused.value.turn) == (0, 1)
    game.refresh_from_db()
    assert seat_scores(game) == [22, 9, 5]
    assert AuditEntry.objects.filter(game=game, action="correct").count() == 1


@pytest.mark.parametrize("preset, target", [("pressman", 400), ("club", 200), ("goliath", 400)])
def test_full_game_to_the_target(club, preset, target):
    game = start(club, names=("A", "B", "C", "D"), preset=preset)
    engine = play_game(game, random.Random(f"{preset}-7"), REFEREE)
    game.refresh_from_db()
    assert engine.phase == "over"
    assert game.status == Game.Status.FINISHED and game.phase == "over"
    assert seat_scores(game) == engine.totals
    assert game.winner_seats == engine.winners
    rounds = list(game.rounds.order_by("number"))
    assert len(rounds) == engine.round_index + 1
    assert rounds[-1].totals == engine.totals
    # Every round's cached numbers add up: start + turns + round end = totals.
    for rnd in rounds:
        turn_sum = [0] * 4
        for turn in rnd.turns.all():
            turn_sum[turn.seat] += turn.points
        assert [s + t + e for s, t, e in zip(rnd.start_totals, turn_sum, rnd.end_points,
                                             strict=True)] == rnd.totals
    # The game ended because someone reached the target at some moment of the last round
    # (later penalties may have taken them below it again), and not a round earlier.
    def peak(rnd):
        running, best = list(rnd.start_totals), max(rnd.start_totals)
        for turn in sorted(rnd.turns.all(), key=lambda t: t.number):
            running[turn.seat] += turn.points
            best = max(best, running[turn.seat])
        return max(best, *rnd.totals)

    assert peak(rounds[-1]) >= target
    assert all(peak(rnd) < target for rnd in rounds[:-1])
    places = {s.position: s.place for s in game.seats.all()}
    assert all(places[w] == 1 for w in engine.winners)
    # Export, replay by the engine, import: all agree.
    record = game_export(game)
    replay = record_replay(record)
    names = record["players"]
    assert [replay["totals"][n] for n in names] == engine.totals
    assert replay["finished"] is True
    copy = game_import(club=club, record=record, actor=REFEREE)
    assert seat_scores(copy) == engine.totals
    assert copy.status == Game.Status.FINISHED
    assert game_export(copy)["rounds"] == record["rounds"]


def test_round_end_checks_the_hands_and_starts_the_next_round(club):
    game = start(club, names=("A", "B"), preset="pressman", overrides={"target": 1000})
    engine = play_game(game, random.Random(3), REFEREE, max_rounds=1)
    game.refresh_from_db()
    assert game.round_number == 1 and game.phase == "opening"
    first = Round.objects.get(game=game, number=0)
    assert first.ended_at is not None and first.reason in ("out", "blocked")
    assert first.totals == engine.totals == seat_scores(game)
    assert Round.objects.get(game=game, number=1).start_totals == engine.totals


def test_round_end_refuses_a_wrong_count(club):
    game = start(club, names=("A", "B"), preset="pressman")
    # A round that ends by going out quickly: deal 1 tile each.
    Round.objects.filter(game=game, number=0).update(dealt=1)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=REFEREE)
    game.refresh_from_db()
    assert game.phase == "hands"
    with pytest.raises(EngineError) as wrong:
        round_end(game_id=game.pk, hands={1: HandCount(2, 10)}, expected_version=1,
                  actor=REFEREE)
    assert wrong.value.code == "hand-count"
    round_end(game_id=game.pk, hands={1: ["0-1-2"]}, expected_version=1, actor=REFEREE)
    game.refresh_from_db()
    # Out with 4-4-4 opening: 12 + 10, then 25 + 3 from the opponent's hand (to_winner).
    assert seat_scores(game) == [50, 0]


def test_abandoned_game_takes_no_turns(club):
    game = start(club)
    game_abandon(game_id=game.pk, actor=REFEREE)
    with pytest.raises(NotPlaying):
        turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4),
                    expected_version=None, actor=REFEREE)
    assert AuditEntry.objects.filter(game=game, action="abandon").count() == 1


def test_import_refuses_an_illegal_record_and_writes_nothing(club):
    bad = {**EXAMPLE, "rounds": [{"moves": [*EXAMPLE["rounds"][0]["moves"][:1],
                                            {"player": "Boris", "at": [1, 0],
                                             "corners": [3, 4, 4]}]}]}
    with pytest.raises(EngineError) as refused:
        game_import(club=club, record=bad, actor=REFEREE)
    assert (refused.value.code, refused.value.round, refused.value.turn) == ("mismatch", 0, 1)
    assert Game.objects.count() == 0


def test_game_start_refuses_too_many_players(club):
    players = [member(club) for _ in range(7)]
    with pytest.raises(EngineError) as refused:
        game_start(club=club, players=players, actor=REFEREE)
    assert refused.value.code == "player-count"
    assert Game.objects.count() == 0


def test_membership_roles_exist():
    assert {c for c, _ in Membership.Role.choices} == {"member", "referee", "organiser"}


@pytest.mark.django_db(transaction=True)
def test_remembered_states_match_a_replay_after_turns_and_undo():
    from scoring import replay

    club = ClubFactory(default_preset="pressman")
    game = start(club)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=REFEREE)
    turn_record(game_id=game.pk, seat=1, at=(1, 0), corners=(4, 4, 1), expected_version=1,
                actor=REFEREE)
    assert (game.pk, game.started_at, 2) in replay._STATES  # remembered once committed
    turn_undo(game_id=game.pk, expected_version=2, actor=REFEREE)
    game.refresh_from_db()
    seats = list(game.seats.order_by("position"))
    remembered = replay.current_state(game, seats)
    replayed = replay.current_state(game, seats, from_rows=True)
    assert remembered.state.totals == replayed.state.totals == [22, 0, 0]
    assert remembered.state.to_play == replayed.state.to_play == 1
    assert remembered.last_turn.number == 0
    # A refused turn changes nothing, remembered or not.
    with pytest.raises(EngineError):
        turn_record(game_id=game.pk, seat=1, at=(1, 0), corners=(3, 4, 4), expected_version=3,
                    actor=REFEREE)
    assert replay.current_state(game, seats).state.totals == [22, 0, 0]


@pytest.mark.django_db(transaction=True)
def test_a_state_read_while_a_turn_commits_is_not_remembered_under_the_older_version():
    from scoring import replay

    club = ClubFactory(default_preset="pressman")
    game = start(club)
    seats = list(game.seats.order_by("position"))
    stale = Game.objects.get(pk=game.pk)  # a reader has the game at version 0 ...
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=REFEREE)  # ... when a tablet's turn commits (version 1) ...
    replay._STATES.clear()
    read = replay.current_state(stale, seats)  # ... before it reads the turns.
    assert read.state.totals == [22, 0, 0]  # it saw the new turn
    assert (game.pk, game.started_at, 0) not in replay._STATES  # but not under version 0
    assert replay.current_state(stale, seats).state.totals == [22, 0, 0]
    game.refresh_from_db()
    replay.current_state(game, seats)  # read at the version it is at: remembered
    assert (game.pk, game.started_at, 1) in replay._STATES
