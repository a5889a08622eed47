"""Individual pools (rules.md §1, `pool: "individual"`): each player draws from a pool of their
own, split from the undealt tiles with the earlier seats taking the one more."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import EngineError, GameState, record_replay, record_write, rules_resolve

from .games import play_game

INDIVIDUAL = {"preset": "pressman", "pool": "individual"}


def names(n):
    return [f"P{i}" for i in range(n)]


@pytest.mark.parametrize(("players", "pools"), [
    (2, [19, 19]), (3, [12, 12, 11]), (4, [7, 7, 7, 7]), (5, [6, 5, 5, 5, 5]),
    (6, [4, 4, 3, 3, 3, 3]),
])
def test_the_undealt_tiles_are_split_earlier_seats_first(players, pools):
    state = GameState(names(players), INDIVIDUAL)
    assert state.pools == pools and state.pool_size == sum(pools)
    assert GameState(names(players), "pressman").pools is None


def test_no_preset_uses_it_and_it_is_a_checked_override():
    assert rules_resolve("club").pool == "shared"
    assert rules_resolve({"preset": "club", "pool": "individual"}).to_dict()["pool"] == "individual"
    with pytest.raises(EngineError) as bad:
        rules_resolve({"preset": "club", "pool": "each"})
    assert bad.value.code == "bad-rules" and bad.value.params["name"] == "pool"


def small_table():
    """Three players dealt 17 each: 5 tiles left, pools of 2, 2 and 1."""
    state = GameState(names(3), INDIVIDUAL, dealt=17)
    assert state.pools == [2, 2, 1]
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    return state


def test_a_player_draws_only_from_their_own_pool():
    state = small_table()
    assert state.to_play == 1 and state.draws_left == 2  # own pool 2, though the limit is 3
    with pytest.raises(EngineError) as refused:
        state.play(1, draw=3)
    assert refused.value.code == "pool-empty" and refused.value.params["pool"] == 2
    # Two draws empty the own pool: the pass is allowed, and costs the failure penalty.
    result = state.play(1, draw=2)
    assert result.points == -20 and state.pools == [2, 0, 1] and state.pool_size == 3
    assert state.hand_sizes == [16, 19, 17]
    # Vera's own pool has one tile: one draw, and then she may pass.
    assert state.draws_left == 1
    with pytest.raises(EngineError) as must:
        state.play(2, draw=0)
    assert must.value.code == "must-draw" and must.value.params["needed"] == 1


def test_a_blocked_round_needs_every_player_to_pass_from_an_empty_own_pool():
    state = small_table()
    state.play(1, draw=2)   # Boris's own pool is empty after his draws: this pass counts
    state.play(2, draw=1)   # so is Vera's
    assert state.phase == "play" and state.draws_left == 2  # Anna still has two of her own
    result = state.play(0, draw=2)
    assert result.points == -20
    assert state.phase == "hands" and state.round_reason == "blocked"


def test_a_pass_from_a_pool_that_is_not_empty_breaks_the_run():
    state = GameState(names(2), {**INDIVIDUAL, "max_draws": 1}, dealt=27)
    assert state.pools == [1, 1]
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    state.play(1, draw=1)            # Boris's pool is empty now: counts
    state.play(0, draw=1)            # Anna's too: two passes, two players: blocked
    assert state.round_reason == "blocked"
    other = GameState(names(2), {**INDIVIDUAL, "max_draws": 1}, dealt=26)
    assert other.pools == [2, 2]
    other.play(0, at=(0, 0), corners=(4, 4, 4))
    other.play(1, draw=1)            # the draw limit, with one tile still in his pool
    other.play(0, draw=1)
    assert other.phase == "play"     # neither pass was from an empty pool


def test_a_pass_while_others_still_hold_tiles_in_their_pools_is_not_blocking():
    state = small_table()
    state.play(1, draw=2)
    assert state.phase == "play" and state.pool_size == 3  # Vera and Anna still have pools


@settings(max_examples=60, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       preset=st.sampled_from(["pressman", "club", "goliath"]))
def test_random_games_with_individual_pools(seed, players, preset):
    rules = {"preset": preset, "pool": "individual"}
    state, record, turns, ends = play_game(seed, rules, players=players, max_rounds=2)
    # What the table drew matches the engine's count, pool by pool, and never goes negative.
    assert state.pools is not None or state.finished
    if state.pools is not None:
        assert all(p >= 0 for p in state.pools) and sum(state.pools) == state.pool_size
    # The record says everything: replaying it gives the same totals.
    assert record_replay(record)["totals"] == dict(zip(state.players, state.totals, strict=True))
    assert record_write(state)["rules"]["pool"] == "individual"


@settings(max_examples=60, deadline=None, database=None)
@given(players=st.integers(2, 6), draws=st.lists(st.integers(0, 3), max_size=30))
def test_draws_never_exceed_the_players_own_pool(players, draws):
    state = GameState(names(players), INDIVIDUAL)
    state.play(0, at=(0, 0), corners=(0, 0, 0))
    start = list(state.pools)
    drawn = [0] * players
    for n in draws:
        if state.phase != "play":
            break
        seat = state.to_play
        try:
            state.play(seat, draw=n)
        except EngineError as error:
            assert error.code in ("must-draw", "pool-empty")
            assert (error.code == "pool-empty") == (n > start[seat] - drawn[seat])
            continue
        drawn[seat] += n
        assert state.pools[seat] == start[seat] - drawn[seat]
    assert [s - d for s, d in zip(start, drawn, strict=True)] == state.pools


def test_records_and_the_command_line_speak_individual_pools(tmp_path):
    from .test_engine_record import cli

    # Two players dealt 27 each: two tiles left, one in each player's own pool.
    record = {"format": "triominos-record/1", "rules": {"preset": "club", "pool": "individual"},
              "players": ["Anna", "Boris"], "rounds": [{"dealt": 27, "moves": [
                  {"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]},
                  {"player": "Boris", "draw": 1, "at": [1, 0], "corners": [4, 4, 1]},
                  {"player": "Anna", "draw": 1}]}]}
    path = tmp_path / "pools.json"
    path.write_text(json.dumps(record))
    code, out, _ = cli("replay", str(path))
    assert code == 0
    assert json.loads(out)["totals"] == {"Anna": 22 - 5 - 10, "Boris": 9 - 5}
    code, out, _ = cli("fits", str(path), "2-4-4")
    assert code == 0 and {"at": [-1, 0], "corners": [4, 2, 4]} in map(json.loads, out.splitlines())
    # Anna's own pool held one tile: a second one is refused, whatever the table holds.
    record["rounds"][0]["moves"][2]["draw"] = 2
    path.write_text(json.dumps(record))
    code, out, _ = cli("replay", str(path))
    assert code == 1 and json.loads(out)["error"] == {
        "round": 0, "turn": 2, "code": "pool-empty",
        "message": "the pool holds 1 tiles; cannot draw 2", "params": {"pool": 1, "draw": 2}}
