"""end_round(): the checks on the hands, round-end points (§5) and the end of the game (§6)."""

import json

import pytest

from scoring.engine import EngineError, GameState, HandCount, record_state, rules_resolve
from scoring.engine.roundend import blocked_winner, game_winners

from .test_engine_examples import DATA, HEXAGON, play_all
from .test_engine_turns import snapshot


def out_state(rules="pressman", players=("Anna", "Boris"), totals=None):
    """Anna goes out on her third turn (two tiles dealt); everyone else keeps one tile."""
    state = GameState(list(players), rules_resolve(rules), totals=totals)
    state.deal(2)
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    for seat in range(2, len(players)):
        state.play(seat, at=(0, 1), corners=(0, 4, 4))
    state.play(0, at=(-1, 0), corners=(4, 5, 4))
    assert state.phase == "hands"
    return state


def refused(state, code, hands):
    before = snapshot(state)
    with pytest.raises(EngineError) as caught:
        state.end_round(hands)
    assert caught.value.code == code
    assert snapshot(state) == before
    return caught.value


def test_round_not_over():
    state = GameState(["A", "B"], rules_resolve("pressman"))
    error = refused(state, "round-not-over", {})
    assert error.params == {"phase": "opening"}


def test_unknown_player_in_hands():
    error = refused(out_state(), "unknown-player", {2: ["0-1-2"]})
    assert (error.message, error.params) == ("there is no seat 2", {"seat": "2"})
    refused(out_state(), "unknown-player", {"Boris": ["0-1-2"]})


def test_hand_count_names_the_player_and_both_numbers():
    error = refused(out_state(), "hand-count", {})
    assert error.message == "Boris holds 1 tile, not 0"
    assert error.params == {"player": "Boris", "seat": 1, "tracked": 1, "given": 0}
    error = refused(out_state(), "hand-count", {0: ["5-5-5"], 1: ["0-1-2"]})
    assert error.params == {"player": "Anna", "seat": 0, "tracked": 0, "given": 1}
    refused(out_state(), "hand-count", {1: HandCount(2, 10)})


def test_tile_checks():
    error = refused(out_state(), "no-such-tile", {1: ["1-3-2"]})
    assert error.message == "Boris: tile 1-3-2 is not in the set"
    error = refused(out_state(), "tile-played", {1: ["4-4-4"]})
    assert error.params == {"player": "Boris", "tile": "4-4-4"}
    error = refused(out_state(), "bad-tile", {1: ["four"]})
    assert error.params == {"text": "four"}
    refused(out_state(), "bad-tile", {1: [7]})


def test_tile_duplicate():
    three = out_state(players=("Anna", "Boris", "Vera"))
    error = refused(three, "tile-duplicate", {1: ["0-1-2"], 2: ["2-0-1"]})
    assert error.message == "tile 0-1-2 is listed for Boris and for Vera"
    assert error.params == {"player": "Vera", "other": "Boris", "tile": "0-1-2"}
    error = refused(out_state(), "tile-duplicate", {1: ["0-1-2", "1-2-0"]})
    assert error.message == "tile 0-1-2 is listed twice for Boris"


def test_hand_points_must_be_plausible():
    error = refused(out_state(), "hand-points", {1: HandCount(1, 16)})
    assert error.message == "Boris: 1 tile cannot hold 16 points (0 to 15)"
    assert error.params == {"player": "Boris", "count": 1, "points": 16, "max": 15}
    refused(out_state(), "hand-points", {1: HandCount(1, -1)})
    error = refused(out_state(), "bad-hand", {1: HandCount(-1, 0)})
    assert error.message == "Boris: a tile count must be >= 0, not -1"
    error = refused(out_state(), "bad-hand", {1: "0-1-2"})
    assert error.message == "Boris: a hand is a list of tiles or a count with points"
    error = refused(out_state(), "bad-hand", [["0-1-2"]])
    assert error.message == "hands must map seats to tiles"


def test_hand_count_accepted_and_winner_entry_may_be_empty():
    state = out_state()
    end = state.end_round({0: [], 1: HandCount(1, 15)})
    assert (end.points, end.pips) == ([40, 0], [0, 15])
    assert state.totals == [22 + 13 + 40, 9]


@pytest.mark.parametrize(("rules", "points"), [
    ("pressman", [25 + 3 + 7, 0, 0]),
    ("club", [25, -3, -7]),
    ({"out_bonus": 0}, [10, 0, 0]),
    ({"out_transfer": "from_losers"}, [25, -3, -7]),
    ({"preset": "club", "out_bonus": 5}, [5, -3, -7]),
])
def test_out_bonus_and_transfer(rules, points):
    state = out_state(rules, players=("Anna", "Boris", "Vera"))
    end = state.end_round({1: ["0-1-2"], 2: ["0-2-5"]})
    assert (end.reason, end.winner, end.points, end.pips) == ("out", 0, points, [0, 3, 7])


# The blocked German record: P0 holds 15 pips in 4 tiles, P1 23 in 4, P2 27 in 3.
@pytest.mark.parametrize(("winner_rule", "transfer", "winner", "points"), [
    ("lowest_points", "differences", 0, 8 + 12),
    ("lowest_points", "others_minus_own", 0, 23 + 27 - 15),
    ("fewest_tiles", "differences", 2, (15 - 27) + (23 - 27)),
    ("fewest_tiles", "others_minus_own", 2, 15 + 23 - 27),
])
def test_blocked_winner_and_transfer(winner_rule, transfer, winner, points):
    record = json.loads((DATA / "blocked_german.json").read_text())
    record["rules"] = {"preset": "goliath", "blocked_winner": winner_rule,
                       "blocked_transfer": transfer}
    hands = record["rounds"][0].pop("hands")
    state = record_state(record)
    before = list(state.totals)
    end = state.end_round({int(name[1]): tiles for name, tiles in hands.items()})
    expected = [0, 0, 0]
    expected[winner] = points
    assert (end.reason, end.winner, end.points, end.pips) == ("blocked", winner, expected,
                                                              [15, 23, 27])
    assert state.totals == [b + e for b, e in zip(before, expected, strict=True)]
    assert state.round_winner is None and state.phase == "opening"
    assert state.last_round_end == end


def test_blocked_tie_breaks():
    assert blocked_winner("fewest_tiles", [2, 2, 3], [9, 8, 1]) == 1
    assert blocked_winner("fewest_tiles", [2, 2, 3], [8, 8, 1]) == 0
    assert blocked_winner("lowest_points", [3, 2, 3], [8, 8, 9]) == 1
    assert blocked_winner("lowest_points", [2, 2, 3], [8, 8, 9]) == 0


def test_game_winner_rules():
    assert game_winners("highest", [410, 450], 0, {0, 1}) == [1]
    assert game_winners("round_winner_first", [410, 450], 0, {0, 1}) == [0]
    assert game_winners("round_winner_first", [390, 450], 0, {1}) == [1]
    assert game_winners("round_winner_first", [420, 420, 10], 2, {0, 1}) == [0, 1]
    assert game_winners("highest", [420, 420, 10], 0, {0}) == [0, 1]


def ring_game(rules, totals):
    """Anna and Boris build the hexagon ring (Boris closes it), then Anna goes out with 5-5-5."""
    state = GameState(["Anna", "Boris"], rules_resolve(rules), totals=totals)
    state.deal(4)
    results = play_all(state, HEXAGON)
    assert [r.points for r in results] == [6, 2, 1, 0, 5, 60]
    out = state.play(0, at=(-1, 1), corners=(5, 5, 5))
    assert (out.points, out.round_end) == (15, "out")
    return state, state.end_round({1: ["1-1-1"]})


@pytest.mark.parametrize(("rule", "winners"), [("round_winner_first", [0]), ("highest", [1])])
def test_both_reached_the_target_round_winner_first(rule, winners):
    state, end = ring_game({"game_winner": rule}, [360, 380])
    assert end.points == [28, 0] and end.game_over
    assert state.totals == [360 + 12 + 15 + 28, 380 + 62] == [415, 442]
    assert state.phase == "over" and state.finished and state.winners == winners
    assert state.round_winner == 0 and state.round_index == 0


def test_round_winner_first_needs_two_players_at_the_target():
    state, end = ring_game("pressman", [300, 380])
    assert state.totals == [355, 442] and state.winners == [1]


def test_shared_win():
    state, _ = ring_game({"game_winner": "highest"}, [387, 380])
    assert state.totals == [442, 442] and state.winners == [0, 1]


def test_target_reached_mid_round_ends_the_game_even_below_it_later():
    state = GameState(["Anna", "Boris"], rules_resolve("pressman"), totals=[390, 0])
    state.deal(2)
    assert state.play(0, at=(0, 0), corners=(4, 4, 4)).points == 22  # 412
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    assert state.play(0, draw=3).points == -25  # 387
    state.play(1, at=(-1, 0), corners=(4, 2, 4))
    end = state.end_round({0: ["0-0-0", "0-0-1", "0-0-2", "0-0-3"]})
    assert end.points == [0, 31] and end.game_over
    assert state.totals == [387, 50] and state.winners == [0] and state.finished


def test_target_not_reached_the_game_goes_on():
    state = GameState(["Anna", "Boris"], rules_resolve("pressman"), totals=[370, 0],
                      rounds_played=4)
    state.deal(2)
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    state.play(0, draw=3)
    state.play(1, at=(-1, 0), corners=(4, 2, 4))
    end = state.end_round({0: HandCount(4, 6)})
    assert not end.game_over and state.phase == "opening" and state.round_index == 5
    assert state.totals == [367, 50] and state.winners == [] and not state.finished


def test_target_reached_by_the_round_end_points():
    state = out_state({"target": 60})
    assert state.totals == [35, 9]
    end = state.end_round({1: ["5-5-5"]})
    assert end.game_over and state.totals == [75, 9] and state.winners == [0]


def test_rounds_limit_and_no_target():
    state = out_state({"target": None, "rounds_limit": 2})
    assert not state.end_round({1: ["5-5-5"]}).game_over
    state.play(1, at=(0, 0), corners=(1, 2, 3))
    state.play(0, at=(1, 0), corners=(2, 1, 1))
    # The second round uses the rules' deal of 9.
    assert state.round_turns == 2 and state.hand_sizes == [8, 8]
    unlimited = out_state({"target": None})
    assert not unlimited.end_round({1: ["5-5-5"]}).game_over


def test_rounds_limit_ends_the_game():
    state = out_state({"target": None, "rounds_limit": 1})
    end = state.end_round({1: ["5-5-5"]})
    assert end.game_over and state.winners == [0]
    with pytest.raises(EngineError) as caught:
        GameState(["A", "B"], rules_resolve({"rounds_limit": 3}), rounds_played=3)
    assert caught.value.code == "game-over"


def test_new_round_state():
    state = out_state()
    state.end_round({1: ["0-1-2"]})
    assert state.phase == "opening" and state.to_play is None and state.round_turns == 0
    assert state.round_reason is None and state.round_winner is None
    assert state.board.cells == {} and state.board.last is None
    assert state.hand_sizes == [9, 9] and state.pool_size == 38


def test_constructor_checks():
    rules = rules_resolve("pressman")
    cases = [
        (lambda: GameState(["A"], rules), "player-count",
         "these rules allow 2 to 6 players, not 1"),
        (lambda: GameState(list("ABCDEFG"), rules), "player-count",
         "these rules allow 2 to 6 players, not 7"),
        (lambda: GameState(["A", "B", "A"], rules), "player-duplicate", "player A is seated twice"),
        (lambda: GameState(["A", "B"], rules, totals=[1]), "bad-totals", "1 totals for 2 players"),
        (lambda: GameState(["A", "B"], rules, dealt=29), "bad-dealt",
         "cannot deal 29 tiles to 2 players from 56"),
        (lambda: GameState(["A", "B"], rules, dealt=0), "bad-dealt", "cannot deal 0 tiles"),
    ]
    for make, code, message in cases:
        with pytest.raises(EngineError) as caught:
            make()
        assert (caught.value.code, caught.value.message) == (code, message)
    state = GameState(["A", "B"], rules)
    state.play(0, at=(0, 0), corners=(1, 2, 3))
    with pytest.raises(EngineError) as caught:
        state.deal(3)
    assert caught.value.code == "bad-dealt"
    assert GameState(["A", "B"], rules, dealt=28).pool_size == 0
