"""The worked examples of rules.md §8, each scored on a real board built by legal turns.

The boards were found with tests/engine/boards.py (an engine-independent search) and are written
out here so that every test reads as the game a referee would record.
"""

import json
from pathlib import Path

import pytest

from scoring.engine import GameState, HandCount, record_replay, record_state, rules_resolve

DATA = Path(__file__).parent / "data"

# Six cells around point (2, 1); the last one closes the hexagon with 0-5-5.
HEXAGON = [
    ((1, 1), (0, 1, 5)), ((2, 1), (1, 0, 1)), ((2, 0), (0, 1, 0)),
    ((1, 0), (0, 0, 0)), ((0, 0), (0, 0, 5)), ((0, 1), (5, 5, 0)),
]
# Nine cells around points (2, 1) and (1, 0) with (1, 0) left out; 1-0-0 there closes both.
TWO_HEXAGONS = [
    ((0, 0), (0, 1, 2)), ((-1, 0), (2, 0, 0)), ((-1, -1), (3, 0, 0)), ((0, -1), (0, 3, 4)),
    ((0, 1), (2, 2, 1)), ((1, -1), (4, 0, 0)), ((1, 1), (1, 1, 2)), ((2, 1), (1, 1, 1)),
    ((2, 0), (0, 1, 1)), ((1, 0), (1, 0, 0)),
]
# The twelve cells touching (1, 0); 0-0-2 fills the hole and closes three hexagons.
THREE_HEXAGONS = [
    ((0, 0), (0, 0, 0)), ((-1, 0), (0, 1, 0)), ((-1, -1), (1, 0, 1)), ((0, -1), (0, 1, 2)),
    ((0, 1), (4, 0, 0)), ((1, -1), (2, 2, 0)), ((1, 1), (0, 3, 4)), ((2, -1), (2, 2, 2)),
    ((2, 1), (3, 0, 3)), ((2, 0), (2, 3, 0)), ((3, -1), (2, 3, 2)), ((3, 0), (3, 2, 3)),
    ((1, 0), (0, 0, 2)),
]
# A chain from below ▲(0, 0) round to the cells above its point; the last tile spans the gap.
BRIDGE_144 = [
    ((0, 1), (0, 4, 4)), ((-1, 1), (4, 0, 0)), ((-2, 1), (0, 1, 4)), ((-2, 0), (1, 4, 1)),
    ((-3, 0), (1, 1, 1)), ((-3, -1), (2, 1, 1)), ((-2, -1), (1, 2, 0)), ((-1, -1), (0, 1, 1)),
    ((0, -1), (1, 0, 0)), ((0, 0), (1, 4, 4)),
]
BRIDGE_115 = [
    ((0, 1), (2, 5, 1)), ((-1, 1), (5, 2, 2)), ((-2, 1), (2, 3, 5)), ((-2, 0), (3, 5, 3)),
    ((-3, 0), (3, 0, 3)), ((-3, -1), (0, 3, 0)), ((-2, -1), (3, 0, 1)), ((-1, -1), (1, 1, 3)),
    ((0, -1), (1, 1, 0)), ((0, 0), (1, 1, 5)),
]


def play_all(state, cells, first_seat=0):
    """Place the cells in order, seats taking turns from ``first_seat``."""
    seat = first_seat
    results = []
    for at, corners in cells:
        results.append(state.play(seat, at=at, corners=corners))
        seat = (seat + 1) % len(state.players)
    return results


def new_game(rules="pressman", players=("Anna", "Boris")):
    return GameState(list(players), rules_resolve(rules))


@pytest.mark.parametrize(
    ("corners", "rules", "points", "detail"),
    [
        ((4, 4, 4), "pressman", 22, {"tile": 12, "opening": 10}),
        ((0, 0, 0), "pressman", 40, {"tile": 0, "opening": 40}),
        ((0, 0, 0), "club", 30, {"tile": 0, "opening": 30}),
        ((0, 0, 0), "goliath", 0, {"tile": 0}),
        ((4, 4, 4), "goliath", 12, {"tile": 12}),
        ((3, 4, 5), "pressman", 12, {"tile": 12}),
        ((5, 3, 4), "club", 12, {"tile": 12}),
    ],
)
def test_opening(corners, rules, points, detail):
    state = new_game(rules)
    result = state.play(1, at=(0, 0), corners=corners)
    assert (result.points, result.detail) == (points, detail)
    assert state.totals == [0, points]
    assert state.to_play == 0 and state.phase == "play"


@pytest.mark.parametrize(("rules", "points"), [("pressman", 60), ("club", 60), ("goliath", 60)])
def test_hexagon_closed_with_055(rules, points):
    state = new_game(rules)
    *before, last = play_all(state, HEXAGON)
    assert [r.detail for r in before] == [{"tile": r.points} for r in before]
    assert last.tile == (0, 5, 5)
    assert (last.points, last.detail, last.hexagons, last.bridge) == (
        points, {"tile": 10, "hexagons": 50}, 1, False,
    )


@pytest.mark.parametrize(("rules", "points", "bonus"), [
    ("pressman", 101, 100), ("club", 101, 100), ("goliath", 61, 60),
])
def test_two_hexagons_with_100(rules, points, bonus):
    state = new_game(rules)
    last = play_all(state, TWO_HEXAGONS)[-1]
    assert last.tile == (0, 0, 1)
    assert (last.points, last.detail, last.hexagons) == (points, {"tile": 1, "hexagons": bonus}, 2)


@pytest.mark.parametrize(
    ("rules", "points", "bonus"), [("pressman", 152, 150), ("goliath", 72, 70)]
)
def test_three_hexagons_with_002(rules, points, bonus):
    state = new_game(rules)
    last = play_all(state, THREE_HEXAGONS)[-1]
    assert (last.points, last.detail, last.hexagons, last.bridge) == (
        points, {"tile": 2, "hexagons": bonus}, 3, False,
    )
    assert len(state.board.cells) == 13 and state.board.last == (1, 0)


@pytest.mark.parametrize(("cells", "points", "pips"), [(BRIDGE_144, 49, 9), (BRIDGE_115, 47, 7)])
def test_bridge(cells, points, pips):
    state = new_game()
    *before, last = play_all(state, cells)
    assert all(not r.bridge for r in before)
    assert (last.points, last.detail, last.bridge, last.hexagons) == (
        points, {"tile": pips, "bridge": 40}, True, 0,
    )


def test_bridge_with_a_draw_subtracts_the_draw():
    state = new_game()
    play_all(state, BRIDGE_144[:-1])
    last = state.play(1, draw=2, at=(0, 0), corners=(1, 4, 4))
    assert (last.points, last.detail) == (39, {"tile": 9, "bridge": 40, "draws": -10})


def test_three_draws_and_no_fit_costs_25():
    state = new_game()
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    result = state.play(1, draw=3)
    assert (result.points, result.detail) == (-25, {"draws": -15, "pass": -10})
    assert state.hand_sizes == [8, 12] and state.pool_size == 56 - 18 - 3


def test_pool_empty_pass_costs_10_and_goliath_0():
    for rules, penalty in (("pressman", -10), ("goliath", 0), ({"empty_pool_pass_penalty": 3}, -3)):
        state = record_state(_drained_record(rules))
        assert state.pool_size == 0
        result = state.play(state.to_play)
        assert (result.points, result.detail) == (penalty, {"pass": penalty})


def test_german_seed_drawing_the_last_two_tiles_then_passing_costs_20():
    record = _drained_record("pressman", leave=2)
    state = record_state(record)
    assert state.pool_size == 2 and state.draws_left == 2
    result = state.play(state.to_play, draw=2)
    assert (result.points, result.detail) == (-20, {"draws": -10, "pass": -10})


def _drained_record(rules, leave=0):
    """Three players open and then draw, three at a time, until ``leave`` tiles remain."""
    moves = [{"player": "A", "at": [0, 0], "corners": [4, 4, 4]}]
    pool = 56 - 21
    seat = 1
    while pool > leave:
        draw = min(3, pool - leave)
        if draw < 3:
            break
        moves.append({"player": "ABC"[seat], "draw": 3})
        pool -= 3
        seat = (seat + 1) % 3
    if pool > leave:
        # Reach the exact remainder with a draw followed by a placement (no pass needed).
        moves.append({"player": "ABC"[seat], "draw": pool - leave, "at": [1, 0],
                      "corners": [4, 4, 1]})
    return {"format": "triominos-record/1", "rules": rules, "players": ["A", "B", "C"],
            "rounds": [{"moves": moves}]}


def test_going_out_with_445_against_012_scores_41():
    state = new_game()
    state.deal(2)
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    out = state.play(0, at=(-1, 0), corners=(4, 5, 4))
    assert out.tile == (4, 4, 5)
    assert (out.points, out.detail, out.round_end) == (13, {"tile": 13}, "out")
    assert state.phase == "hands" and state.round_winner == 0 and state.round_reason == "out"
    end = state.end_round({1: ["0-1-2"]})
    assert (end.reason, end.winner, end.points, end.pips) == ("out", 0, [28, 0], [0, 3])
    assert out.points + end.points[0] == 41
    assert state.totals == [22 + 41, 9]
    assert state.phase == "opening" and state.round_index == 1
    assert state.hand_sizes == [9, 9] and state.pool_size == 38 and not state.board.cells


def test_going_out_club_rules_take_the_pips_from_the_losers():
    state = new_game("club")
    state.deal(2)
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, at=(1, 0), corners=(4, 4, 1))
    state.play(0, at=(-1, 0), corners=(4, 5, 4))
    end = state.end_round({1: HandCount(1, 3)})
    assert end.points == [25, -3]


def test_blocked_german_example_scores_20():
    record = json.loads((DATA / "blocked_german.json").read_text())
    hands = record["rounds"][0].pop("hands")
    state = record_state(record)
    assert state.phase == "hands" and state.round_reason == "blocked"
    assert state.pool_size == 0 and state.playable_tiles() == []  # truly blocked
    record["rounds"][0]["hands"] = hands
    out = record_replay(record)
    end = out["rounds"][0]["end"]
    assert end == {"reason": "blocked", "winner": "P0", "points": {"P0": 20, "P1": 0, "P2": 0}}
    turns = out["rounds"][0]["turns"]
    assert turns[-3:] == [
        {"player": "P0", "points": -15, "detail": {"draws": -5, "pass": -10}},
        {"player": "P1", "points": 0, "detail": {"pass": 0}},
        {"player": "P2", "points": 0, "detail": {"pass": 0}},
    ]


@pytest.mark.parametrize(("layout", "tile", "count"), [
    ("ring", (2, 3, 3), 1), ("ring", (5, 5, 5), 1), ("two", (2, 2, 4), 2), ("three", (1, 1, 4), 3),
])
def test_boards_found_by_the_search_helper(layout, tile, count):
    """Fresh boards from the engine-independent search score exactly their hexagons."""
    from scoring.engine.geometry import TOUCH_OFF, cells_around

    from .boards import connected_order, ring, solve

    hole = (1, 0)
    if layout == "ring":
        cells = ring(2, 1)
        hole = cells.pop()
    elif layout == "two":
        cells = connected_order(
            (set(cells_around(2, 1)) | set(cells_around(1, 0))) - {hole}, (0, 0)
        )
    else:
        cells = connected_order({(1 + dc, dr) for dc, dr in TOUCH_OFF[1]}, (0, 0))
    board = solve(cells, {hole: tile})
    state = new_game("pressman")
    play_all(state, [(cell, board[cell]) for cell in cells])
    last = state.play(len(cells) % 2, at=hole, corners=board[hole])
    assert last.hexagons == count
    assert last.detail["hexagons"] == (50, 100, 150)[count - 1]
    assert last.points == sum(tile) + (50, 100, 150)[count - 1]
