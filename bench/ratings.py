"""Benchmark and calibration for ratings/core.py.

    cd /work/main && .venv/bin/python bench/ratings.py [--games N] [--reps R]
    cd /work/main && .venv/bin/python bench/ratings.py --provisional

The default mode times a full ``recompute`` of a seeded random history against
the plainest openskill loop over the same games, in the same process, and
checks that both end with bit-identical ratings.  ``--provisional`` measures how
many games it takes a player's sigma to fall below candidate thresholds, which
is how PROVISIONAL_SIGMA was chosen.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

from _machine import load_average, machine
from openskill.models import PlackettLuce

try:
    from ratings import core as _ratings
except ModuleNotFoundError:
    # Run as a script, bench/ is first on sys.path and the project root is not.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from ratings import core as _ratings

DEFAULT = _ratings.DEFAULT
PROVISIONAL_SIGMA = _ratings.PROVISIONAL_SIGMA
GameResult = _ratings.GameResult
rate_game = _ratings.rate_game
recompute = _ratings.recompute

SEED = 20240601


def make_history(n_games: int, n_players: int, seed: int = SEED) -> list[GameResult]:
    """A deterministic history of games of 2-4 players with Triominos-like scores."""
    rng = random.Random(seed)
    games = []
    for game_key in range(n_games):
        size = rng.randint(2, 4)
        players = tuple(rng.sample(range(n_players), size))
        scores = tuple(rng.randint(50, 450) for _ in range(size))
        games.append(GameResult(game_key, players, scores))
    return games


def bare_loop(games: list[GameResult]) -> dict:
    """The minimal idiomatic openskill code: one model, rating objects in a dict."""
    model = PlackettLuce()
    ratings = {}
    for game in games:
        teams = []
        for key in game.player_keys:
            r = ratings.get(key)
            if r is None:
                r = ratings[key] = model.rating()
            teams.append([r])
        new = model.rate(teams, ranks=[-s for s in game.scores])
        for key, [r] in zip(game.player_keys, new, strict=True):
            ratings[key] = r
    return ratings


def ours(games: list[GameResult]) -> dict:
    """The module under test: full recompute, keeping every game's before/after."""
    final, changes = recompute(games)
    assert len(changes) == len(games)
    return final


def timed(fn, games):
    """Run ``fn(games)``; return (wall seconds, CPU seconds, result)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn(games)
    return time.perf_counter() - wall, time.process_time() - cpu, result


def bench(n_games: int, n_players: int, reps: int) -> None:
    games = make_history(n_games, n_players)
    players_per_game = sum(len(g.player_keys) for g in games) / len(games)
    print(f"machine: {machine()}")
    print(
        f"{n_games} games of 2-4 players (mean {players_per_game:.2f}) "
        f"among {n_players} players, {reps} repetitions, median taken"
    )
    print(f"load average before: {load_average()}")
    times: dict[str, list[tuple[float, float]]] = {"bare": [], "ours": []}
    for rep in range(reps):
        # Alternate which goes first so warm-up and drift do not favour one side.
        order = [("bare", bare_loop), ("ours", ours)]
        if rep % 2:
            order.reverse()
        results = {}
        for name, fn in order:
            wall, cpu, results[name] = timed(fn, games)
            times[name].append((wall, cpu))
        # Same operations in the same order must give the very same floats.
        for key, r in results["bare"].items():
            mine = results["ours"][key]
            if (mine.mu, mine.sigma) != (r.mu, r.sigma):
                raise SystemExit(f"mismatch for player {key}: {mine} vs {r}")
        del results
        (bw, bc), (ow, oc) = times["bare"][-1], times["ours"][-1]
        print(
            f"  rep {rep + 1}: bare {bw:.2f} s wall / {bc:.2f} s cpu, "
            f"ours {ow:.2f} s wall / {oc:.2f} s cpu"
        )
    print(f"load average after: {load_average()}")
    print("final ratings identical to the bare loop: yes")
    for i, clock in enumerate(("wall", "cpu")):
        bare = statistics.median(t[i] for t in times["bare"])
        mine = statistics.median(t[i] for t in times["ours"])
        # Each repetition ran both loops back to back, so its own ratio is less
        # exposed to the load drifting between repetitions on a shared machine.
        pairs = zip(times["bare"], times["ours"], strict=True)
        paired = statistics.median(o[i] / b[i] for b, o in pairs)
        print(
            f"{clock:>4}: bare loop {bare:.2f} s ({bare / n_games * 1e6:.1f} us/game), "
            f"recompute {mine:.2f} s ({mine / n_games * 1e6:.1f} us/game), "
            f"ratio {mine / bare:.3f}, median per-rep ratio {paired:.3f} (target <= 1.5)"
        )


def _simulated_game(rng, skills, ratings, players):
    """Play one game between ``players`` from hidden skills and rate it."""
    beta = 25.0 / 6.0
    scores = [rng.gauss(skills[p], beta) for p in players]
    new = rate_game([ratings[p] for p in players], scores)
    for p, r in zip(players, new, strict=True):
        ratings[p] = r
    return new


def _games_until(trajectory: list[float], threshold: float) -> int | None:
    for n, sigma in enumerate(trajectory, 1):
        if sigma <= threshold:
            return n
    return None


def _summary(counts: list[int | None]) -> str:
    done = sorted(c for c in counts if c is not None)
    if not done:
        return "never"
    q = statistics.quantiles(done, n=10) if len(done) > 1 else [done[0]] * 9
    return f"median {statistics.median(done):g} (10%-90%: {q[0]:g}-{q[-1]:g})"


def provisional(thresholds: list[float], seed: int = SEED) -> None:
    """Games needed for sigma to reach each threshold, in two club situations."""
    rng = random.Random(seed)
    club = 40
    print(f"games of 2-4 players (uniform), hidden skills ~ N(25, 4), club of {club}")

    # 1. A club that starts rating everyone at once.
    skills = {p: rng.gauss(25, 4) for p in range(club)}
    ratings = dict.fromkeys(range(club), DEFAULT)
    traj: dict[int, list[float]] = {p: [] for p in range(club)}
    for _ in range(4000):
        players = rng.sample(range(club), rng.randint(2, 4))
        for p, r in zip(players, _simulated_game(rng, skills, ratings, players), strict=True):
            traj[p].append(r.sigma)
    print("founding members (everyone new at once):")
    for t in thresholds:
        counts = [_games_until(traj[p], t) for p in range(club)]
        print(f"  sigma <= {t}: {_summary(counts)}")
    established = statistics.median(r.sigma for r in ratings.values())
    print(f"  median sigma of members after ~{4000 * 3 // club} games each: {established:.2f}")

    # 2. Newcomers joining that established club, one at a time.
    newcomer_counts: dict[float, list[int | None]] = {t: [] for t in thresholds}
    for n in range(200):
        me = ("new", n)
        skills[me] = rng.gauss(25, 4)
        ratings[me] = DEFAULT
        sigmas = []
        for _ in range(60):
            players = [me, *rng.sample(range(club), rng.randint(1, 3))]
            sigmas.append(_simulated_game(rng, skills, ratings, players)[0].sigma)
        for t in thresholds:
            newcomer_counts[t].append(_games_until(sigmas, t))
    print("newcomers joining the established club (200 of them):")
    for t in thresholds:
        print(f"  sigma <= {t}: {_summary(newcomer_counts[t])}")
    print(f"PROVISIONAL_SIGMA in ratings/core.py is {PROVISIONAL_SIGMA}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument(
        "--provisional",
        action="store_true",
        help="measure games needed to leave provisional instead of timing",
    )
    args = parser.parse_args(argv)
    if args.provisional:
        provisional([4.5, 5.0, 5.5, 6.0, 6.5])
    else:
        bench(args.games, args.players, args.reps)


if __name__ == "__main__":
    main()
