"""Pairing benchmarks: prints timings for docs/benchmarks.md ("## Pairing").

Run from the project root: .venv/bin/python bench/pairing.py [--runs N]

Each Swiss case first simulates 8 rounds (paired by the Swiss system itself,
random placings at every table), then times the pairing of round 9 several
times on the same input and reports the median with the quality of the draft
(repeat meetings, score floats, seat-balance flags).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from _machine import machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import (  # noqa: E402
    PlayerEntry,
    RoundResult,
    SwissOptions,
    TableResult,
    advance,
    by_placing,
    compute_standings,
    pair_swiss,
    round_robin,
    single_elimination,
    tournament_points,
    win_draw_loss,
)


def versions() -> str:
    import networkx

    return f"networkx {networkx.__version__}"


def simulate(n: int, size: int, rounds: int, seed: int):
    """Players and history after ``rounds`` simulated Swiss rounds.

    Tables of 2 score 3/1/0 with about one draw in four games; larger
    tables score by placing (3/2/1/0) from random game scores.
    """
    rng = random.Random(seed)
    ratings = {i: rng.randint(1000, 2000) for i in range(1, n + 1)}
    clubs = {i: f"club{rng.randrange(40)}" for i in ratings}
    scheme = win_draw_loss() if size == 2 else by_placing()
    history, results = [], []
    byes = dict.fromkeys(ratings, 0)
    points: dict = {}

    def entries():
        return [
            PlayerEntry(i, points.get(i, 0), ratings[i], clubs[i], byes=byes[i]) for i in ratings
        ]

    for _ in range(rounds):
        draft = pair_swiss(entries(), history, size, SwissOptions(remainder="bye"))
        history.append([t.seats for t in draft.tables])
        top = 3 if size == 2 else 300
        tables = tuple(
            TableResult(t.seats, tuple(rng.randint(0, top) for _ in t.seats)) for t in draft.tables
        )
        for pid in draft.byes:
            byes[pid] += 1
        results.append(RoundResult(tables, tuple(draft.byes)))
        points = tournament_points(results, scheme)
    return entries(), history, results


def history_repeats(history) -> int:
    """Pairs seated together in a round after already meeting in an earlier one."""
    seen: set[frozenset] = set()
    repeats = 0
    for rnd in history:
        pairs = {frozenset((a, b)) for t in rnd for i, a in enumerate(t) for b in t[i + 1 :]}
        repeats += len(pairs & seen)
        seen |= pairs
    return repeats


def swiss_case(n: int, size: int, runs: int, limit: float, **options) -> None:
    t0 = time.perf_counter()
    players, history, _ = simulate(n, size, 8, seed=n * 10 + size)
    built = time.perf_counter() - t0
    times, cpu, draft = [], [], None
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        draft = pair_swiss(players, history, size, SwissOptions(**options))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    flags = [f.code for f in draft.flags]
    median = statistics.median(times)
    print(
        f"swiss {n} players, tables of {size}, {options or 'defaults'}, "
        f"round 9 after 8 simulated rounds: "
        f"median wall {median:.3f} s (min {min(times):.3f}, max {max(times):.3f}), "
        f"median CPU {statistics.median(cpu):.3f} s, {runs} runs; "
        f"target <= {limit:.0f} s: {'ok' if median <= limit else 'MISSED'}; "
        f"tables {len(draft.tables)}, byes {len(draft.byes)}, "
        f"same-club {flags.count('same-club')}, "
        f"repeat meetings {flags.count('repeat-meeting')}, "
        f"score floats {flags.count('score-float')}, "
        f"seat-balance {flags.count('seat-balance')} "
        f"[8-round history built in {built:.1f} s, "
        f"repeat meetings in it {history_repeats(history)}]"
    )


def other_cases() -> None:
    players, _, results = simulate(1000, 4, 8, seed=1)
    t0 = time.perf_counter()
    compute_standings(players, results, by_placing())
    print(f"standings 1000 players x 8 rounds (default tie-breaks): "
          f"{time.perf_counter() - t0:.3f} s")
    t0 = time.perf_counter()
    schedule = round_robin(list(range(40)), table_size=4)
    flag = schedule.flags[0].params
    print(f"round robin 40 players at tables of 4, {len(schedule.rounds)} rounds: "
          f"{time.perf_counter() - t0:.3f} s (pair meetings min {flag['min']}, "
          f"max {flag['max']}, unmet pairs {flag['unmet_pairs']})")
    t0 = time.perf_counter()
    bracket = single_elimination(list(range(1000)))
    results: dict = {}
    while True:
        state = advance(bracket, results)
        if not state.ready:
            break
        results.update({m.match: m.seats[0] for m in state.ready})
    print(f"single elimination 1000 players: build and play out {time.perf_counter() - t0:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--fallback",
        action="store_true",
        help="also time the whole-field complete graph used for tables of 2 when no "
        "repeat-free pairing exists (about half a minute for 500 players)",
    )
    args = parser.parse_args()
    print(f"machine: {machine()}, {versions()}")
    swiss_case(1000, 4, args.runs, limit=2)
    swiss_case(500, 2, args.runs, limit=5)
    swiss_case(1001, 4, args.runs, limit=2, remainder="smaller_tables", avoid_same_club=True)
    swiss_case(501, 2, args.runs, limit=5, avoid_same_club=True)
    other_cases()
    if args.fallback:
        fallback_case()


def fallback_case() -> None:
    """Force the complete-graph matching (normally only for unavoidable repeats)."""
    from tournaments.pairing import swiss_pairs

    saved = swiss_pairs.SMALL_FIELD
    try:
        for n in (200, 500):
            players, history, _ = simulate(n, 2, 8, seed=n * 10 + 2)
            swiss_pairs.SMALL_FIELD = n  # every field this size goes to the complete graph
            t0 = time.perf_counter()
            pair_swiss(players, history, 2)
            print(f"tables of 2, complete graph ({n * (n - 1) // 2} edges), {n} players: "
                  f"{time.perf_counter() - t0:.1f} s")
    finally:
        swiss_pairs.SMALL_FIELD = saved


if __name__ == "__main__":
    main()
