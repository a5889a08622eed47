"""Engine benchmarks: fits() on a 40-tile board and replaying whole recorded rounds.

Run from the repository root: ``.venv/bin/python bench/engine.py``. Prints a table of sizes and
medians; the numbers are recorded in docs/benchmarks.md ("## Engine"). Not a test.

Times are CPU time of this process (time.process_time), so other work on a shared machine does
not count against the engine; the load average is printed alongside.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from _machine import machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine import EngineError, GameState, record_replay, record_state, rules_resolve  # noqa: E402
from scoring.engine.tiles import rotations  # noqa: E402

RUNS = 5


def build_board(seed: int, tiles: int = 40) -> GameState:
    """A random legal board of ``tiles`` tiles (two players dealt 27 so nobody runs out)."""
    while True:
        rng = random.Random(seed)
        state = GameState(["A", "B"], rules_resolve("pressman"), dealt=27)
        state.play(0, at=(0, 0), corners=rng.choice(rotations(rng.choice(state.unplayed_tiles()))))
        while len(state.board.cells) < tiles:
            options = [(t, p) for t in state.unplayed_tiles() for p in state.fits(t)]
            if not options:
                break
            _, (at, corners) = rng.choice(options)
            state.play(state.to_play, at=at, corners=corners)
        if len(state.board.cells) == tiles:
            return state
        seed += 1000


def naive_fits(state: GameState, tile) -> list:
    """Every empty cell near the layout x every rotation, each through the full placement check."""
    board = state.board
    cs = [c for c, _ in board.cells]
    rs = [r for _, r in board.cells]
    table = state._table
    found = []
    for c in range(min(cs) - 2, max(cs) + 3):
        for r in range(min(rs) - 1, max(rs) + 2):
            if (c, r) in board.cells:
                continue
            for corners in rotations(tile):
                try:
                    board.evaluate(c, r, corners, table)
                except EngineError:
                    continue
                found.append(((c, r), corners))
    return sorted(found)


def per_call(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def bench_fits(boards: list[GameState]) -> dict:
    warm, naive, cold = [], [], []
    for state in boards:
        sample = random.Random(7).sample(state.unplayed_tiles(), 8)
        for tile in sample:
            assert state.fits(tile) == naive_fits(state, tile)
            warm.append(per_call(lambda s=state, t=tile: s.fits(t), 300))
            naive.append(per_call(lambda s=state, t=tile: naive_fits(s, t), 10))
        # One more placement, then the first query pays for bringing the index up to date.
        spots = [spot for tile in state.unplayed_tiles() for spot in state.fits(tile)][:10]
        for at, corners in spots:
            trial = state.copy()
            trial.fits(sample[0])
            trial.play(trial.to_play, at=at, corners=corners)
            start = time.perf_counter()  # one call: wall clock, process_time is too coarse here
            trial.fits(sample[1])
            cold.append(time.perf_counter() - start)
    return {"warm": warm, "naive": naive, "cold": cold}


def recorded_rounds(count: int) -> list[dict]:
    """Records of finished rounds from random 3-player games with real hands."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
    from games import play_game

    records = []
    seed = 0
    while len(records) < count:
        _, record, _, ends = play_game(seed, rules="pressman", players=3, max_rounds=1)
        seed += 1
        if ends:
            records.append(record)
    return records


def bench_replay(records: list[dict]) -> dict:
    turns = sum(len(r["rounds"][0]["moves"]) for r in records)
    state_runs, replay_runs = [], []
    for _ in range(RUNS):
        start = time.process_time()
        for record in records:
            record_state(record)
        state_runs.append((time.process_time() - start) / turns)
        start = time.process_time()
        for record in records:
            record_replay(record)
        replay_runs.append((time.process_time() - start) / turns)
    return {"turns": turns, "state": state_runs, "replay": replay_runs}


def main() -> None:
    print(f"machine: {machine()}")
    boards = [build_board(seed) for seed in range(12)]
    fit_runs = [bench_fits(boards) for _ in range(RUNS)]
    records = recorded_rounds(200)
    replay = bench_replay(records)
    us = 1e6
    size = f"{len(records)} rounds, {replay['turns']} turns"
    rows = [
        ("fits(), indexed, 40-tile board", f"{len(boards)} boards x 8 tiles",
         statistics.median(x for run in fit_runs for x in run["warm"]) * us),
        ("fits(), first call after a placement", f"{len(boards)} boards x 10 placements",
         statistics.median(x for run in fit_runs for x in run["cold"]) * us),
        ("naive scan (cells x 3 rotations, full checks)", f"{len(boards)} boards x 8 tiles",
         statistics.median(x for run in fit_runs for x in run["naive"]) * us),
        ("replay a recorded round: record_state, per turn", size,
         statistics.median(replay["state"]) * us),
        ("replay a recorded round: record_replay, per turn", size,
         statistics.median(replay["replay"]) * us),
    ]
    print(f"{'measure':52} {'size':28} {'median µs':>10}")
    for name, size, value in rows:
        print(f"{name:52} {size:28} {value:10.2f}")
    print(f"({RUNS} runs; fits medians over every call of every run, replay over runs)")


if __name__ == "__main__":
    main()
