"""Hypothesis properties over random legal games played with real hands."""

import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import EngineError, record_replay, record_state, record_write, tile_set
from scoring.engine.geometry import cells_around, corner_index, corner_points, edge_neighbour_cells
from scoring.engine.tiles import rotations

from .games import play_game
from .test_engine_turns import snapshot

RULES = st.sampled_from([
    "pressman", "club", "goliath",
    {"preset": "pressman", "bridge_rule": "extended"},
    {"preset": "club", "max_draws": 2, "blocked_transfer": "differences"},
    {"preset": "goliath", "max_number": 6},
    {"preset": "club", "mirror_tiles": True},
])
GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "rules": RULES,
    "players": st.integers(2, 4),
})
# No example database: the suite must not leave files behind, and seeds make failures replayable.
FAST = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def assert_corners_agree(cells):
    """No two touching corners on the table carry different numbers."""
    for cell, corners in cells.items():
        for k, point in enumerate(corner_points(*cell)):
            for other in cells_around(*point):
                if other in cells:
                    assert cells[other][corner_index(other, point)] == corners[k], (cell, other)


def independent_legal(cells, cell, reading, vertex_placement):
    """A placement check written from record-format.md §1 without the engine's tables."""
    if cell in cells:
        return False
    touching = 0
    for k, point in enumerate(corner_points(*cell)):
        touched = False
        for other in cells_around(*point):
            if other != cell and other in cells:
                if cells[other][corner_index(other, point)] != reading[k]:
                    return False
                touched = True
        touching += touched
    if any(n in cells for n in edge_neighbour_cells(*cell)):
        return True
    return vertex_placement and touching >= 2


def brute_force_fits(state, tile):
    cells = state.board.cells
    if tile in state.board.played or not cells:
        return []
    cs = [c for c, _ in cells]
    rs = [r for _, r in cells]
    found = []
    for c in range(min(cs) - 3, max(cs) + 4):
        for r in range(min(rs) - 2, max(rs) + 3):
            for reading in rotations(tile):
                if independent_legal(cells, (c, r), reading, state.rules.vertex_placement):
                    found.append(((c, r), reading))
    return sorted(found)


@FAST
@given(GAMES)
def test_random_games_are_consistent(game):
    checked = []

    def before_end(state, hands):
        assert_corners_agree(state.board.cells)
        # The helper's real hands are what the engine tracked.
        assert state.hand_sizes == [len(h) for h in hands]
        assert state.pool_size + sum(map(len, hands)) + len(state.board.cells) == len(
            tile_set(state.rules.max_number, state.rules.mirror_tiles)
        )
        checked.append(state.round_reason)

    state, record, turns, ends = play_game(max_rounds=3, before_end=before_end, **game)
    assert_corners_agree(state.board.cells)
    strict = state.rules.bridge_rule == "strict"
    per_seat = [0] * len(state.players)
    for round_turns in turns:
        for turn in round_turns:
            per_seat[turn.seat] += turn.points
            assert turn.points == sum(turn.detail.values())
            assert ("pass" in turn.detail) == (turn.tile is None)
            if strict:
                assert not (turn.hexagons and turn.bridge)
    for end in ends:
        per_seat = [a + b for a, b in zip(per_seat, end.points, strict=True)]
    # Total points are the turn points plus the round-end points.
    assert state.totals == per_seat
    assert len(checked) == len(ends)


@FAST
@given(GAMES, st.booleans())
def test_written_records_replay_to_the_same_scores(game, counted):
    state, record, turns, ends = play_game(max_rounds=3, counted_hands=counted, **game)
    text = json.dumps(record)
    out = record_replay(json.loads(text))
    names = state.players
    assert out["totals"] == dict(zip(names, state.totals, strict=True))
    assert out["finished"] == state.finished
    flat = [t for rnd in out["rounds"] for t in rnd["turns"]]
    assert [(t["player"], t["points"], t["detail"]) for t in flat] == [
        (names[t.seat], t.points, t.detail) for rnd in turns for t in rnd
    ]
    assert [r["end"]["points"] for r in out["rounds"] if r["end"]] == [
        dict(zip(names, e.points, strict=True)) for e in ends
    ]
    # The engine's own writer agrees with the table's record.
    rewritten = json.loads(json.dumps(record_write(state)))
    assert record_replay(rewritten) == out


def placement_turns(record):
    return [
        (i, j) for i, rnd in enumerate(record["rounds"])
        for j, move in enumerate(rnd["moves"]) if j > 0 and "at" in move
    ]


def state_before(record, i, j):
    head = copy.deepcopy(record)
    head["rounds"] = head["rounds"][: i + 1]
    head["rounds"][i]["moves"] = head["rounds"][i]["moves"][:j]
    head["rounds"][i].pop("hands", None)
    return record_state(head)


@settings(FAST, max_examples=200)
@given(GAMES, st.sampled_from(["corner", "occupied", "player"]), st.randoms(use_true_random=False))
def test_mutations_are_refused_at_the_mutated_turn(game, kind, rnd):
    _, record, _, _ = play_game(max_rounds=2, **game)
    turns = placement_turns(record)
    assume(turns)
    i, j = rnd.choice(turns)
    before = state_before(record, i, j)
    move = record["rounds"][i]["moves"][j]
    bad = copy.deepcopy(record)
    target = bad["rounds"][i]["moves"][j]
    if kind == "corner":
        points = before.board.points
        known = [k for k, pt in enumerate(corner_points(*move["at"])) if pt in points]
        k = rnd.choice(known)
        target["corners"][k] = (move["corners"][k] + rnd.randint(1, before.rules.max_number)) % (
            before.rules.max_number + 1
        )
        codes = {"mismatch", "no-such-tile", "tile-played"}
    elif kind == "occupied":
        target["at"] = list(rnd.choice(list(before.board.cells)))
        codes = {"occupied"}
    else:
        seat = before.to_play
        target["player"] = before.players[(seat + rnd.randint(1, len(before.players) - 1))
                                          % len(before.players)]
        codes = {"out-of-turn"}
    with pytest.raises(EngineError) as caught:
        record_state(bad)
    assert (caught.value.round, caught.value.turn) == (i, j)
    assert caught.value.code in codes


MID_GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "rules": RULES,
    "players": st.integers(2, 4),
    "max_turns": st.integers(2, 60),
})


@settings(FAST, max_examples=100)
@given(MID_GAMES, st.randoms(use_true_random=False))
def test_fits_equals_a_brute_force_scan(game, rnd):
    state, _, _, _ = play_game(max_rounds=1, **game)
    if state.phase == "opening":
        return
    tiles = sorted(tile_set(state.rules.max_number, state.rules.mirror_tiles))
    for tile in rnd.sample(tiles, 12):
        assert state.fits(tile) == brute_force_fits(state, tile)
    playable = [t for t in tiles if brute_force_fits(state, t)]
    assert state.playable_tiles() == playable


@settings(FAST, max_examples=60)
@given(MID_GAMES)
def test_strict_placements_never_score_hexagon_and_bridge_together(game):
    state, _, _, _ = play_game(max_rounds=1, **game)
    if state.phase == "opening" or state.rules.bridge_rule != "strict":
        return
    board = state.board
    for tile in state.unplayed_tiles():
        for (c, r), corners in state.fits(tile):
            _, hexagons, bridge, _ = board.evaluate(c, r, corners, state._table)
            assert not (hexagons and bridge)


@settings(FAST, max_examples=150)
@given(MID_GAMES, st.randoms(use_true_random=False))
def test_refused_moves_leave_the_state_unchanged(game, rnd):
    state, _, _, _ = play_game(max_rounds=1, **game)
    if state.phase not in ("play", "opening"):
        return
    before = snapshot(state)
    for _ in range(30):
        seat = rnd.randrange(-1, len(state.players) + 1)
        kwargs = {"draw": rnd.choice([0, 0, 1, 3, 4, 100])}
        if rnd.random() < 0.8:
            kwargs["at"] = (rnd.randrange(-6, 7), rnd.randrange(-6, 7))
            kwargs["corners"] = tuple(rnd.randrange(0, 7) for _ in range(3))
        trial = state.copy()
        try:
            trial.play(seat, **kwargs)
        except EngineError:
            assert snapshot(trial) == before
        else:
            assert snapshot(trial) != before
    assert snapshot(state) == before
