"""One deadline per Swiss round, shared by every phase and solver call (a fake clock: no test
waits on the wall clock)."""

import random
import time

import pytest
from ortools.linear_solver.python import model_builder as mb
from ortools.sat.python import cp_model

from tests.pairing.oracles import play
from tournaments.pairing import PlayerEntry, SwissOptions, pair_swiss
from tournaments.pairing.swiss_context import RESERVE


class FakeClock:
    """``time.perf_counter`` that moves ``step`` seconds at every reading."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 1000.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def rounds_of(n, size, rounds, seed, limit):
    """Yield (players, history) before each round, the rounds paired with ``limit``."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(1, n + 1), 0)
    history = []
    for _ in range(rounds):
        players = [PlayerEntry(i, points[i], 1000 + rng.randint(0, 999)) for i in points]
        yield players, list(history)
        draft = pair_swiss(players, history, size, SwissOptions(time_limit=limit))
        history.append([t.seats for t in draft.tables])
        for pid, gained in play(draft, rng).items():
            points[pid] += gained


@pytest.mark.parametrize(("n", "size", "step"), [(24, 4, 0.002), (48, 3, 0.003), (20, 4, 0.01)])
def test_no_solver_is_started_after_the_deadline_nor_given_more_than_is_left(
    monkeypatch, n, size, step
):
    clock = FakeClock(step)
    calls = []  # (fake time at the call, seconds given)
    cp_solve, mb_limit = cp_model.CpSolver.solve, mb.Solver.set_time_limit_in_seconds

    def cp_wrapper(self, model, *args, **kwargs):
        calls.append((clock.now, self.parameters.max_time_in_seconds))
        return cp_solve(self, model, *args, **kwargs)

    def mb_wrapper(self, seconds):
        calls.append((clock.now, seconds))
        return mb_limit(self, seconds)

    monkeypatch.setattr(cp_model.CpSolver, "solve", cp_wrapper)
    monkeypatch.setattr(mb.Solver, "set_time_limit_in_seconds", mb_wrapper)
    monkeypatch.setattr(time, "perf_counter", clock)
    limit, longest = 1.0, 0.0
    for players, history in rounds_of(n, size, 6, n, limit):
        calls.clear()
        start = clock.now
        pair_swiss(players, history, size, SwissOptions(time_limit=limit))
        longest = max(longest, clock.now - start)
        deadline = start + limit * (1 - RESERVE)
        for at, seconds in calls:
            assert at < deadline + 1e-9
            assert at + seconds <= deadline + step, (at - start, seconds)
        # The whole round, every phase included, within the limit on this clock.
        assert clock.now - start <= limit * 1.1
    assert longest > limit / 2  # some round did run into the deadline
