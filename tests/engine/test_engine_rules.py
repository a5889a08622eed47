"""Tiles, rule parameters and presets; every parameter changes some outcome."""

import copy
import dataclasses
import json
import pickle

import pytest

from scoring.engine import (
    PRESETS,
    EngineError,
    GameState,
    Rules,
    Tile,
    rules_resolve,
    tile_from_corners,
    tile_parse,
    tile_set,
)

from .test_engine_examples import BRIDGE_144, play_all
from .test_engine_turns import opened

# ▲(0, 0) shares an edge with ▼(1, 0) and ▼(0, 1); the cells above its point touch corner 0.
EXTENDED_BRIDGE = [
    ((0, 1), (0, 4, 4)), ((-1, 1), (4, 0, 0)), ((-2, 1), (0, 1, 4)), ((-2, 0), (1, 4, 1)),
    ((-3, 0), (1, 2, 1)), ((-3, -1), (0, 1, 2)), ((-2, -1), (1, 0, 1)), ((-1, -1), (1, 1, 1)),
    ((0, -1), (1, 1, 3)), ((1, -1), (3, 3, 1)), ((1, 0), (4, 1, 3)),
]
# ▲(0, 0) has no edge neighbour; the chain touches all three of its corners point to point.
THREE_VERTEX = [
    ((1, -1), (0, 0, 2)), ((2, -1), (0, 0, 0)), ((3, -1), (0, 1, 0)), ((3, 0), (1, 0, 1)),
    ((2, 0), (0, 1, 3)), ((2, 1), (1, 3, 1)), ((1, 1), (3, 1, 2)), ((1, 2), (1, 2, 1)),
    ((0, 2), (2, 1, 2)), ((-1, 2), (2, 2, 2)), ((-1, 1), (4, 2, 2)),
]


def game(rules, players=("A", "B")):
    return GameState(list(players), rules_resolve(rules))


# -- tiles -----------------------------------------------------------------------------------

def test_tiles():
    tile = tile_parse("1-2-3")
    assert tile == Tile(1, 2, 3) == (1, 2, 3) and str(tile) == "1-2-3" and tile.pips == 6
    assert tile_parse("2-3-1") == tile and tile_parse(" 3 - 1 - 2 ") == tile
    assert tile_parse("3-2-1") == Tile(1, 3, 2)
    assert tile_from_corners((5, 4, 4)) == Tile(4, 4, 5)
    assert tile_from_corners([2, 0, 1]) == Tile(0, 1, 2)
    assert Tile(3, 3, 3).is_triple and not Tile(3, 3, 4).is_triple
    for junk in ("1-2", "a-b-c", "1-2-3-4", "", None, 123, "1--2-3"):
        with pytest.raises(EngineError) as caught:
            tile_parse(junk)
        assert caught.value.code == "bad-tile"
    with pytest.raises(EngineError) as caught:
        tile_parse(123)
    assert (caught.value.message, caught.value.params) == (
        "123 is not a tile (expected a-b-c)", {"text": "123"},
    )


def test_tile_sets():
    assert len(tile_set()) == 56
    assert len(tile_set(max_number=6)) == 84
    assert len(tile_set(mirror_tiles=True)) == 76
    assert Tile(1, 3, 2) in tile_set(mirror_tiles=True) and Tile(1, 3, 2) not in tile_set()
    assert all(a <= b <= c for a, b, c in tile_set())
    assert len({a + b + c for a, b, c in tile_set()}) == 16


# -- presets and resolving -------------------------------------------------------------------

def test_presets_match_rules_md():
    pressman, club, goliath = (rules_resolve(name) for name in ("pressman", "club", "goliath"))
    assert pressman == Rules()
    assert (pressman.target, club.target, goliath.target) == (400, 200, 400)
    assert (club.opening_000_bonus, goliath.opening_triple_bonus) == (30, 0)
    assert goliath.hexagon_bonus == (50, 60, 70) and club.hexagon_bonus == (50, 100, 150)
    assert (pressman.max_draws, club.max_draws) == (3, None)
    assert goliath.empty_pool_pass_penalty == 0
    assert club.vertex_placement and not pressman.vertex_placement
    assert (club.vertex_placement_penalty, club.three_vertex_bonus) == (5, 30)
    assert (club.out_transfer, pressman.out_transfer) == ("from_losers", "to_winner")
    assert goliath.blocked_winner == "lowest_points"
    assert goliath.game_winner == "highest" and club.game_winner == "round_winner_first"
    assert dict(pressman.dealt) == {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
    assert set(PRESETS) == {"pressman", "club", "goliath"}
    assert PRESETS["club"]["target"] == 200


def test_resolve_overrides_and_round_trip():
    rules = rules_resolve({"preset": "club", "target": 300, "dealt": {"2": 8, "3": 6, "4": 6,
                                                                      "5": 5, "6": 5}})
    assert (rules.preset, rules.target, rules.dealt_for(2), rules.max_draws) == ("club", 300, 8,
                                                                                 None)
    assert rules_resolve({"target": 300}).preset == "pressman"
    for name in ("pressman", "club", "goliath"):
        base = rules_resolve(name)
        stored = json.loads(json.dumps(base.to_dict()))
        assert set(stored) == {f.name for f in dataclasses.fields(Rules)}
        assert rules_resolve(stored) == base and hash(rules_resolve(stored)) == hash(base)
    assert rules_resolve(rules) is rules
    assert rules_resolve({"dealt": 5}).dealt_for(6) == 5
    club = rules_resolve("club")
    assert pickle.loads(pickle.dumps(club)) == club == copy.deepcopy(club)
    with pytest.raises(TypeError):
        club.dealt[2] = 3  # read-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        club.target = 5
    PRESETS["club"]["target"] = 1
    try:
        assert rules_resolve("club").target == 200
    finally:
        PRESETS["club"]["target"] = 200


@pytest.mark.parametrize(("spec", "message"), [
    ("chess", "unknown preset 'chess'"),
    ({"preset": "chess"}, "unknown preset 'chess'"),
    ({"targett": 300}, "unknown rule parameter 'targett'"),
    ({"target": 0}, "rule target must be an integer >= 1 or null, not 0"),
    ({"target": "400"}, "rule target must be an integer >= 1 or null, not '400'"),
    ({"max_draws": 0}, "rule max_draws must be an integer >= 1 or null, not 0"),
    ({"draw_penalty": -5}, "rule draw_penalty must be an integer >= 0, not -5"),
    ({"out_bonus": True}, "rule out_bonus must be an integer >= 0, not True"),
    ({"bridge_rule": "loose"}, "rule bridge_rule must be one of strict, extended, not 'loose'"),
    ({"hexagon_bonus": [50, 100]}, "rule hexagon_bonus must be a list of three integers >= 0, "
                                   "not [50, 100]"),
    ({"mirror_tiles": 1}, "rule mirror_tiles must be true or false, not 1"),
    ({"max_number": 10}, "rule max_number must be an integer from 1 to 9, not 10"),
    ({"dealt": {"2": 9}}, "rule dealt must be a mapping with an entry for 3 players, not {2: 9}"),
    ({"dealt": "nine"}, "rule dealt must be a mapping of player count to tiles, not 'nine'"),
    ({"min_players": 4, "max_players": 3}, "rule max_players must be an integer >= 4, not 3"),
    (["club"], "rule rules must be a preset name or an object, not ['club']"),
])
def test_bad_rules(spec, message):
    with pytest.raises(EngineError) as caught:
        rules_resolve(spec)
    assert (caught.value.code, caught.value.message) == ("bad-rules", message)


# -- each parameter changes an outcome ------------------------------------------------------

def test_max_number_and_mirror_tiles_change_the_set():
    assert game({"max_number": 6}).pool_size == 84 - 18
    assert game({"max_number": 6}).play(0, at=(0, 0), corners=(6, 6, 6)).points == 28
    with pytest.raises(EngineError):
        game("pressman").play(0, at=(0, 0), corners=(6, 6, 6))
    assert game({"mirror_tiles": True}).pool_size == 76 - 18
    assert game({"mirror_tiles": True}).play(0, at=(0, 0), corners=(1, 3, 2)).tile == (1, 3, 2)
    with pytest.raises(EngineError):
        game("pressman").play(0, at=(0, 0), corners=(1, 3, 2))


def test_dealt_and_player_limits():
    assert game("pressman", "ABC").hand_sizes == [7, 7, 7]
    assert game({"dealt": {"2": 5, "3": 4, "4": 4, "5": 3, "6": 3}}, "ABC").hand_sizes == [4] * 3
    with pytest.raises(EngineError) as caught:
        game({"min_players": 3})
    assert caught.value.params == {"count": 2, "min": 3, "max": 6}
    with pytest.raises(EngineError):
        game({"max_players": 3}, "ABCD")


@pytest.mark.parametrize(("rules", "draw", "points", "detail"), [
    ("pressman", 3, -25, {"draws": -15, "pass": -10}),
    ({"draw_penalty": 2}, 3, -16, {"draws": -6, "pass": -10}),
    ({"fail_penalty": 0}, 3, -15, {"draws": -15, "pass": 0}),
    ({"max_draws": 1}, 1, -15, {"draws": -5, "pass": -10}),
    ({"draw_penalty": 0, "max_draws": 2}, 2, -10, {"pass": -10}),
])
def test_draw_and_fail_penalties(rules, draw, points, detail):
    state = opened(rules)
    result = state.play(2, draw=draw)
    assert (result.points, result.detail) == (points, detail)


def test_draw_penalty_on_a_placement():
    state = opened({"draw_penalty": 1})
    assert state.play(2, draw=3, at=(-1, 0), corners=(4, 2, 4)).detail == {"tile": 10, "draws": -3}


@pytest.mark.parametrize(("rules", "points", "detail"), [
    ("club", 34, {"tile": 9, "three_vertex": 30, "vertex_placement": -5}),
    ({"preset": "club", "three_vertex_bonus": 0}, 4, {"tile": 9, "vertex_placement": -5}),
    ({"preset": "club", "vertex_placement_penalty": 0}, 39, {"tile": 9, "three_vertex": 30}),
    ({"vertex_placement": True}, 34, {"tile": 9, "three_vertex": 30, "vertex_placement": -5}),
])
def test_three_vertex_placement(rules, points, detail):
    state = game(rules)
    play_all(state, THREE_VERTEX)
    result = state.play(1, draw=1, at=(0, 0), corners=(2, 3, 4))
    detail = dict(detail, draws=-5)
    assert (result.points, result.detail) == (points - 5, detail)
    assert list(result.detail) == list(detail)  # the documented order of parts


def test_two_vertex_placement_and_without_the_option():
    state = game("club")
    play_all(state, THREE_VERTEX[:-1])
    result = state.play(0, at=(0, 0), corners=(2, 3, 4))
    assert (result.points, result.detail) == (4, {"tile": 9, "vertex_placement": -5})
    plain = game("pressman")
    play_all(plain, THREE_VERTEX)
    with pytest.raises(EngineError) as caught:
        plain.play(1, at=(0, 0), corners=(2, 3, 4))
    assert caught.value.code == "not-adjacent"


def test_bridge_bonus_and_rule():
    for rules, points in (("pressman", 49), ({"bridge_bonus": 0}, 9),
                          ({"bridge_rule": "extended"}, 49)):
        state = game(rules)
        play_all(state, BRIDGE_144[:-1])
        result = state.play(1, at=(0, 0), corners=(1, 4, 4))
        assert result.points == points and result.bridge
    for rules, points, bridge in (("pressman", 9, False), ({"bridge_rule": "extended"}, 49, True)):
        state = game(rules)
        play_all(state, EXTENDED_BRIDGE)
        result = state.play(1, at=(0, 0), corners=(1, 4, 4))
        assert (result.points, result.bridge, result.hexagons) == (points, bridge, 0)


def test_hexagon_bonus_parameter():
    from .test_engine_examples import THREE_HEXAGONS

    state = game({"hexagon_bonus": [1, 2, 3]})
    assert play_all(state, THREE_HEXAGONS)[-1].detail == {"tile": 2, "hexagons": 3}
    state = game({"hexagon_bonus": [0, 0, 0]})
    last = play_all(state, THREE_HEXAGONS)[-1]
    assert (last.detail, last.hexagons) == ({"tile": 2}, 3)


def test_opening_bonus_parameters():
    assert game({"opening_triple_bonus": 3}).play(0, at=(0, 0), corners=(2, 2, 2)).points == 9
    assert game({"opening_000_bonus": 7}).play(0, at=(0, 0), corners=(0, 0, 0)).points == 7
    state = opened({"opening_triple_bonus": 50})
    assert state.totals == [62, 9, 0]  # only the opening earns it
