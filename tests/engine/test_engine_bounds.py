"""What a round can give (scoring.engine.bounds): every sheet a legal game writes passes the
sheet check, and every number beyond the bounds is refused, in words (issue 21).

Legal games are played by the engine itself with real hands (tests/engine/games.py), under
every preset, 2 to 6 players, individual pools, the 76- and 84-tile sets and odd deals."""

from typing import NamedTuple

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    EngineError,
    final_check,
    round_bounds,
    rules_resolve,
    sheet_check,
    tile_set,
)
from scoring.engine.bounds import bonus_most, hexagons_most

from .games import play_game

GAMES = settings(max_examples=150, deadline=None, database=None)

VARIANTS = [
    {},
    {"pool": "individual"},
    {"mirror_tiles": True},
    {"max_number": 6},
    {"bridge_rule": "extended"},
]


class Played(NamedTuple):
    """A whole game played by the engine, with each round's points per player, each round's
    end and turns, and who reached the target in the last round but ended below it."""

    rules: object
    players: int
    state: object
    rounds: list
    ends: list
    reached: list
    turns: list


@st.composite
def legal_games(draw):
    preset = draw(st.sampled_from(["pressman", "club", "goliath"]))
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.integers(2, 6))
    to_target = draw(st.booleans())
    ending = ({"target": draw(st.integers(30, 400)), "rounds_limit": None} if to_target
              else {"target": None, "rounds_limit": draw(st.integers(1, 3))})
    rules = rules_resolve({"preset": preset, **variant, **ending})
    tiles = len(tile_set(rules.max_number, rules.mirror_tiles))
    dealt = draw(st.one_of(st.none(), st.integers(1, min(12, tiles // players))))
    seed = draw(st.integers(0, 2**32))
    state, _record, turns, ends = play_game(seed, rules, players, max_rounds=12, dealt=dealt,
                                            max_turns=2000)
    assume(state.finished)  # not a target game still going after 12 rounds
    rounds, totals = [], [0] * players
    for round_turns, end in zip(turns, ends, strict=True):
        points = [0] * players
        for turn in round_turns:
            points[turn.seat] += turn.points
        for seat, change in enumerate(end.points):
            points[seat] += change
        rounds.append(points)
    reached = set()
    if rules.target is not None:
        running = [sum(row[s] for row in rounds[:-1]) for s in range(players)]
        for turn in turns[-1]:
            running[turn.seat] += turn.points
            if running[turn.seat] >= rules.target:
                reached.add(turn.seat)
        totals = state.totals
        reached = {s for s in reached if totals[s] < rules.target}
    return Played(rules, players, state, rounds, ends, sorted(reached), turns)


@GAMES
@given(legal_games())
def test_every_round_of_a_legal_game_is_within_the_bounds_and_its_sheet_passes(game):
    rules, players, state, rounds, ends, reached, _turns = game
    bounds = round_bounds(rules, players)
    assert all(bounds.least <= points <= bounds.most for row in rounds for points in row)
    result = sheet_check(rules, players, rounds, round_winner=ends[-1].winner, reached=reached)
    assert result.final == state.totals
    assert result.winners == state.winners
    final = final_check(rules, state.totals, rounds=len(rounds), round_winner=ends[-1].winner,
                        reached=reached)
    assert final.winners == state.winners


@GAMES
@given(legal_games(), st.data())
def test_a_number_beyond_what_a_round_gives_or_takes_is_refused(game, data):
    rules, players, _state, rounds, ends, reached, _turns = game
    bounds = round_bounds(rules, players)
    row = data.draw(st.integers(0, len(rounds) - 1))
    seat = data.draw(st.integers(0, players - 1))
    beyond = data.draw(st.integers(1, 10**6))
    for value, code in ((bounds.most + beyond, "sheet-round-high"),
                        (bounds.least - beyond, "sheet-round-low")):
        edited = [list(r) for r in rounds]
        edited[row][seat] = value
        with pytest.raises(EngineError) as refused:
            sheet_check(rules, players, edited, round_winner=ends[-1].winner, reached=reached)
        assert refused.value.code == code
        assert refused.value.params["round"] == row and refused.value.params["seat"] == seat


@GAMES
@given(legal_games())
def test_no_round_closes_more_hexagons_or_gives_more_bonuses_than_its_board_allows(game):
    for round_turns in game.turns:
        placed = [t for t in round_turns if t.tile is not None]
        hexagons = sum(t.hexagons for t in placed)
        bonuses = sum(t.detail.get("hexagons", 0) + t.detail.get("bridge", 0)
                      + t.detail.get("three_vertex", 0) + t.detail.get("vertex_placement", 0)
                      for t in placed)
        assert hexagons <= hexagons_most(len(placed))
        assert bonuses <= bonus_most(game.rules, len(placed))


@pytest.mark.parametrize("tiles, hexagons", [(1, 0), (5, 0), (6, 1), (10, 2), (13, 3),
                                             (24, 7), (54, 19), (56, 19), (84, 31)])
def test_the_most_hexagons_are_those_of_the_most_compact_boards(tiles, hexagons):
    # A hexagon of side s: 6s² tiles, 3s² - 3s + 1 inner corners; two hexagons sharing an
    # edge: 10 tiles, 2; three around a tile: 13 tiles, 3.
    assert hexagons_most(tiles) == hexagons


def test_the_bounds_of_the_presets_in_numbers():
    # 4 players at the club's rules: 420 for the pips of the whole set, 30 for opening with
    # 0-0-0, 25 for going out, and 1590 from the board: 19 hexagons and 16 bridges at most.
    assert tuple(round_bounds("club", 4)) == (2065, -1515)
    assert bonus_most(rules_resolve("club"), 56) == 1590
    assert round_bounds("pressman", 2).most == 2075
    assert round_bounds("goliath", 6).most == 2035
    assert round_bounds({"preset": "club", "max_number": 6}, 4).most == 3321


@pytest.mark.parametrize("rules, scores, code", [
    # The issue's own: 10000 : 0 and 200 : -10000 in a game to 200.
    ("club", [10_000, 0], "final-high"),
    ("club", [200, -10_000], "final-rounds-needed"),
    # Nobody ends above the target - 1 plus one round: 199 + 2065.
    ("club", [2265, 10], "final-high"),
])
def test_final_scores_a_game_cannot_give_are_refused(rules, scores, code):
    with pytest.raises(EngineError) as refused:
        final_check(rules, scores)
    assert refused.value.code == code


def test_the_number_of_rounds_bounds_final_scores_both_ways():
    assert final_check("club", [2264, 10]).winners == [0]
    # -10000 takes at least 7 rounds of the worst losses: claimed, it passes; 6 rounds do not.
    assert final_check("club", [200, -10_000], rounds=7).winners == [0]
    with pytest.raises(EngineError) as refused:
        final_check("club", [200, -10_000], rounds=6)
    assert (refused.value.code, refused.value.params["least"]) == ("final-low", -6 * 1535)
    one_round = {"preset": "club", "target": None, "rounds_limit": 1}
    with pytest.raises(EngineError) as refused:
        final_check(one_round, [2066, 0, 0, 0])
    assert refused.value.code == "final-high"
    with pytest.raises(EngineError) as refused:
        final_check(one_round, [60, 40, 20, 10], rounds=2)
    assert refused.value.code == "final-rounds"


def test_a_slip_of_one_digit_on_a_sheet_is_refused():
    # 210 written as 2100 in the last round of a game to 200.
    assert sheet_check("club", 4, [[120, 40, 60, 30], [210, 20, 10, 0]]).winners == [0]
    with pytest.raises(EngineError) as refused:
        sheet_check("club", 4, [[120, 40, 60, 30], [2100, 20, 10, 0]])
    assert (refused.value.code, refused.value.params) == (
        "sheet-round-high", {"round": 1, "seat": 0, "value": 2100, "most": 2065, "players": 4})
    with pytest.raises(EngineError) as refused:
        sheet_check("club", 2, [[9999, 0]])
    assert refused.value.code == "sheet-round-high"


def test_a_winner_far_below_the_target_did_not_reach_it():
    # Marked as having reached 200 during the last round, yet ending far below it.
    lowest = 200 + round_bounds("club", 2).least
    assert final_check("club", [lowest, 10], reached=[0]).winners == [1]  # the highest wins
    with pytest.raises(EngineError) as refused:
        final_check("club", [lowest - 1, 10], reached=[0])
    assert (refused.value.code, refused.value.params["lowest"]) == ("reached-below", lowest)
    with pytest.raises(EngineError) as refused:
        sheet_check("club", 2, [[150, 40], [lowest - 151, 5]], reached=[0])
    assert refused.value.code == "reached-below"
