"""Refusals of play(): every code, its message and params, and an unchanged state afterwards."""

import pytest

from scoring.engine import EngineError, GameState, rules_resolve

from .test_engine_examples import HEXAGON, play_all


def snapshot(state):
    return (
        list(state.totals), list(state.hand_sizes), state.pool_size, state.phase, state.to_play,
        dict(state.board.cells), state.board.last, set(state.board.played), state.round_turns,
        state.round_index, state.round_reason, state.round_winner, state.draws_left,
    )


def refused(state, code, *args, **kwargs):
    before = snapshot(state)
    with pytest.raises(EngineError) as caught:
        state.play(*args, **kwargs)
    assert caught.value.code == code
    assert snapshot(state) == before
    return caught.value


def opened(rules="pressman", players=("Anna", "Boris", "Vera")):
    """The §3 example board after its first two turns; Vera is to play."""
    state = GameState(list(players), rules_resolve(rules))
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    return state


def test_occupied():
    error = refused(opened(), "occupied", 2, at=(1, 0), corners=(4, 4, 2))
    assert error.message == "cell (1, 0) is already filled"
    assert error.params == {"at": [1, 0]}


def test_no_such_tile_in_the_standard_set():
    error = refused(opened(), "no-such-tile", 2, at=(-1, 0), corners=(4, 3, 2))
    assert error.message == "corners 4-3-2 name no tile of the set"
    assert error.params == {"corners": [4, 3, 2]}


def test_no_such_tile_for_numbers_out_of_range():
    refused(opened(), "no-such-tile", 2, at=(-1, 0), corners=(4, 6, 4))


def test_tile_played():
    state = opened()
    # 4-4-1 read from another corner is the same tile as Boris's.
    error = refused(state, "tile-played", 2, at=(-1, 0), corners=(4, 1, 4))
    assert error.message == "tile 1-4-4 is already on the table"
    assert error.params == {"tile": "1-4-4"}


def test_mismatch_names_the_corner():
    state = opened()
    # ▼(-1, 0): corner 0 is (0, 1) and corner 2 is (1, 0), both 4 on the table.
    error = refused(state, "mismatch", 2, at=(-1, 0), corners=(4, 2, 3))
    assert error.message == "corner 2 must be 4, not 3"
    assert error.params == {"corner": 2, "needed": 4, "given": 3}


def test_mismatch_point_to_point():
    state = opened()
    # ▲(1, 1) shares no edge with 4-4-4 or 4-4-1 but its point (2, 1) touches both: it must be 4.
    error = refused(state, "mismatch", 2, at=(1, 1), corners=(3, 3, 3))
    assert error.params == {"corner": 0, "needed": 4, "given": 3}


def test_not_adjacent():
    error = refused(opened(), "not-adjacent", 2, at=(5, 5), corners=(1, 2, 3))
    assert error.message == "the tile at (5, 5) shares no edge with the layout"
    assert error.params == {"at": [5, 5]}


def test_not_adjacent_with_vertex_placement_touching_one_corner():
    state = opened("club")
    # ▲(1, 1) touches the layout at its point only.
    error = refused(state, "not-adjacent", 2, at=(1, 1), corners=(4, 0, 0))
    assert "fewer than two corners" in error.message


def test_check_order_occupied_before_no_such_tile():
    refused(opened(), "occupied", 2, at=(0, 0), corners=(4, 3, 2))


def test_check_order_no_such_tile_before_tile_played():
    # 2-3-4 is on the board; read the other way round its numbers name no tile of the set. An
    # engine that knew tiles by their numbers alone would answer "tile-played" here.
    state = GameState(["A", "B"], rules_resolve("pressman"))
    state.play(0, at=(0, 0), corners=(2, 3, 4))
    assert {str(t) for t in state.board.played} == {"2-3-4"}
    error = refused(state, "no-such-tile", 1, at=(-1, 0), corners=(4, 3, 2))
    assert error.params == {"corners": [4, 3, 2]}


def test_check_order_tile_played_before_mismatch():
    refused(opened(), "tile-played", 2, at=(-1, 0), corners=(1, 4, 4))


def test_out_of_turn_names_who_is_to_play():
    error = refused(opened(), "out-of-turn", 0, at=(-1, 0), corners=(4, 2, 4))
    assert error.message == "Vera is to play, not Anna"
    assert error.params == {"player": "Anna", "seat": 0, "expected": "Vera", "expected_seat": 2}


def test_unknown_player():
    for seat in (3, -1, "Vera", True):
        error = refused(opened(), "unknown-player", seat, draw=3)
    assert error.params == {"seat": "True"}
    error = refused(opened(), "unknown-player", 3, draw=3)
    assert (error.message, error.params) == ("there is no seat 3", {"seat": "3"})


def test_too_many_draws():
    error = refused(opened(), "too-many-draws", 2, draw=4)
    assert error.message == "at most 3 tiles may be drawn in a turn, not 4"
    assert error.params == {"limit": 3, "draw": 4}


def test_pool_empty_when_drawing_more_than_the_pool():
    state = opened("club")  # no draw limit
    error = refused(state, "pool-empty", 2, draw=36)
    assert error.message == "the pool holds 35 tiles; cannot draw 36"
    assert error.params == {"pool": 35, "draw": 36}


def test_must_draw():
    error = refused(opened(), "must-draw", 2, draw=2)
    assert error.message == "Vera may pass only after drawing 3 tiles, not 2"
    assert error.params == {"player": "Vera", "needed": 3, "given": 2}


def test_must_draw_without_limit_means_the_whole_pool():
    state = opened("club")
    error = refused(state, "must-draw", 2, draw=3)
    assert error.params == {"player": "Vera", "needed": 35, "given": 3}
    result = state.play(2, draw=35)
    assert (result.points, result.detail) == (-185, {"draws": -175, "pass": -10})


def test_opening_draw_and_must_place():
    state = GameState(["A", "B"], rules_resolve("pressman"))
    error = refused(state, "opening-draw", 0, draw=1, at=(0, 0), corners=(1, 2, 3))
    assert error.params == {"draw": 1}
    error = refused(state, "must-place", 1)
    assert error.message == "the opening turn must place a tile"
    assert state.to_play is None and state.draws_left == 0


def test_round_over_and_game_over():
    state = GameState(["A", "B"], rules_resolve({"rounds_limit": 1}))
    state.deal(1)
    state.play(1, at=(0, 0), corners=(2, 2, 2))
    assert state.phase == "hands"
    error = refused(state, "round-over", 0, draw=3)
    assert error.message == "the round is over (out); the hands must be counted"
    assert error.params == {"reason": "out"}
    state.end_round({0: ["5-5-5"]})
    assert state.phase == "over" and state.finished
    error = refused(state, "game-over", 0, at=(0, 0), corners=(1, 2, 3))
    assert (error.message, error.params) == ("the game is over", {})
    with pytest.raises(EngineError) as caught:
        state.end_round({})
    assert caught.value.code == "game-over"


def test_empty_hand_is_refused_even_if_bookkeeping_went_wrong():
    state = opened()
    state.hand_sizes[2] = 0  # white-box: cannot happen through the API
    error = refused(state, "empty-hand", 2, at=(-1, 0), corners=(4, 2, 4))
    assert error.message == "Vera has no tile to place"


@pytest.mark.parametrize("kwargs", [
    {"at": (0, 1)}, {"corners": (1, 2, 3)}, {"at": (0,), "corners": (1, 2, 3)},
    {"at": (0, 1), "corners": (1, 2)}, {"at": ("a", 1), "corners": (1, 2, 3)},
    {"at": (0, 1), "corners": (1, 2, 3.0)}, {"draw": -1}, {"draw": 1.5},
])
def test_bad_move(kwargs):
    error = refused(opened(), "bad-move", 2, **kwargs)
    if "draw" in kwargs:
        assert error.message == f"draw must be a whole number >= 0, not {kwargs['draw']!r}"
    else:
        assert error.message == "a placement needs at = (c, r) and three corner numbers"


def test_play_continues_clockwise_from_the_opener():
    state = GameState(["A", "B", "C"], rules_resolve("pressman"))
    state.play(2, at=(0, 0), corners=(4, 4, 4))
    assert state.to_play == 0
    state.play(0, draw=3)
    assert state.to_play == 1 and state.draws_left == 3


def test_accepted_placement_updates_everything():
    state = opened()
    result = state.play(2, draw=2, at=(-1, 0), corners=(4, 2, 4))
    assert result.tile == (2, 4, 4) and str(result.tile) == "2-4-4"
    assert (result.at, result.corners, result.round_end) == ((-1, 0), (4, 2, 4), None)
    assert state.board.cells == {(0, 0): (4, 4, 4), (1, 0): (4, 4, 1), (-1, 0): (4, 2, 4)}
    assert list(state.board.cells) == [(0, 0), (1, 0), (-1, 0)]
    assert state.board.last == (-1, 0)
    assert state.hand_sizes == [6, 6, 8] and state.pool_size == 33 and state.round_turns == 3


def test_fits_and_tiles_on_the_hexagon_board():
    state = GameState(["A", "B"], rules_resolve("pressman"))
    assert state.fits("1-2-3") == [] and len(state.playable_tiles()) == 56
    play_all(state, HEXAGON)
    assert state.fits("5-5-5") == [((-1, 1), (5, 5, 5))]
    assert state.fits("0-5-5") == []  # on the table
    assert len(state.unplayed_tiles()) == 50
    assert state.unplayed_tiles()[:2] == [(0, 0, 2), (0, 0, 3)]
    with pytest.raises(EngineError) as caught:
        state.fits("1-3-2")
    assert caught.value.code == "no-such-tile"
    assert state.fits((5, 5, 5)) == state.fits("5-5-5") == state.fits([5, 5, 5])
    assert state.fits((4, 5, 0)) == state.fits("0-4-5")
    for junk in ("junk", 7, (1, 2)):
        with pytest.raises(EngineError) as caught:
            state.fits(junk)
        assert caught.value.code == "bad-tile"


def test_copy_is_independent():
    state = opened()
    other = state.copy()
    other.play(2, draw=3)
    assert state.to_play == 2 and other.to_play == 0
    assert state.hand_sizes == [6, 6, 7] and other.hand_sizes == [6, 6, 10]
    other.play(0, at=(-1, 0), corners=(4, 2, 4))
    assert (-1, 0) not in state.board.cells
    assert state.fits("2-4-4") != other.fits("2-4-4")
