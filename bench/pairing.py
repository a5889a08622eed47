"""Pairing benchmarks: prints timings for docs/benchmarks.md ("## Pairing").

Run from the project root: .venv/bin/python bench/pairing.py [--runs N] [--seeds S]

Each large Swiss case first simulates 8 rounds (paired by the Swiss system
itself, random placings at every table), then times the pairing of round 9
several times on the same input and reports the median with the quality of
the draft (repeat meetings, score floats, seat-balance flags).

The exact cases (16–64 players at tables of 3 and 4) pair 9 rounds per seed
with the exact solver and report, over rounds 2–9 of every seed, the median
and worst time, the rounds over the cap + 10 %, how many rounds were proven
optimal (conflicts, score mixing, everything; the rest: best found, not
proven), and the repeated pairs against the proven lower bound.

--dutch 50,100,... plays events at tables of 2 and pairs every state both
ourselves and with bbpPairings (FIDE Dutch; built from a snapshot of its
repository by bench/_bbp.py, skipped with a message when there is none),
printing the same-run time ratio, colour-rule breaks, unmet colour
preferences, repeats and score mixing of both. --planned plays whole events
with and without planned_rounds against what is known about their repeats.
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
# bench/_bbp.py, and the plain statement of the colour rules the tests use (oracles.py).
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "pairing"))

# The Swiss system's names directly (used all through); round robin, knockouts and standings
# through the package's name (pairing.round_robin and so on), timed beside it.
from tournaments import pairing  # noqa: E402
from tournaments.pairing import (  # noqa: E402
    PlayerEntry,
    RoundResult,
    SwissOptions,
    TableResult,
    by_placing,
    pair_swiss,
    tournament_points,
    win_tie_loss,
)


def versions() -> str:
    import ortools
    import rustworkx

    return f"rustworkx {rustworkx.__version__}, ortools {ortools.__version__}"


def simulate(n: int, size: int, rounds: int, seed: int):
    """Players and history after ``rounds`` simulated Swiss rounds.

    Tables of 2 score 3/1/0 with about one tie in four games; larger
    tables score by placing (3/2/1/0) from random game scores.
    """
    rng = random.Random(seed)
    ratings = {i: rng.randint(1000, 2000) for i in range(1, n + 1)}
    clubs = {i: f"club{rng.randrange(40)}" for i in ratings}
    scheme = win_tie_loss() if size == 2 else by_placing()
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


def placings(draft, rng: random.Random, points: dict) -> None:
    """Random placings at every table, scored by placing (3/2/1/0 at a table of 4)."""
    for t in draft.tables:
        order = list(t.seats)
        rng.shuffle(order)
        for place, pid in enumerate(order):
            points[pid] += len(order) - 1 - place


class Spy:
    """Records what the exact solver proved for each round it was asked about."""

    def __init__(self) -> None:
        from tournaments.pairing import swiss_tables

        self.module, self.original, self.last = swiss_tables, swiss_tables.solve_round, None

        def spy(*args, **kwargs):
            self.last = self.original(*args, **kwargs)
            return self.last

        swiss_tables.solve_round = spy


def exact_case(spy: Spy, n: int, size: int, seeds: int, limit: float = 2.0) -> None:
    """Nine rounds per seed; rounds 2-9 measured."""
    times, conflicts, score, everything, repeats, bound, unproven = [], 0, 0, 0, 0, 0, 0
    for seed in range(seeds):
        rng = random.Random(seed)
        points = dict.fromkeys(range(1, n + 1), 0)
        history: list = []
        for number in range(1, 10):
            players = [PlayerEntry(i, points[i], 1000 + rng.randint(0, 999)) for i in points]
            spy.last = None
            t0 = time.perf_counter()
            draft = pair_swiss(players, history, size)
            elapsed = time.perf_counter() - t0
            if number >= 2:
                times.append(elapsed)
                found = spy.last
                rep = sum(1 for f in draft.flags if f.code == "repeat-meeting")
                repeats += rep
                if found is not None and found.conflicts_proven:
                    conflicts += 1
                    bound += rep  # proven: the repeats are the least possible
                else:
                    unproven += rep
                score += bool(found and found.score_proven)
                everything += bool(found and found.proven)
            history.append([t.seats for t in draft.tables])
            placings(draft, rng, points)
    total = len(times)
    median = statistics.median(times)
    cap = SwissOptions().time_limit
    over = sum(t > 1.1 * cap for t in times)
    print(
        f"exact swiss {n} players, tables of {size}, {seeds} seeds x rounds 2-9 ({total} rounds): "
        f"median {median:.2f} s, max {max(times):.2f} s (cap {cap:g} s, rounds over cap + 10 %: "
        f"{over}, load {load()}); target <= {limit:.0f} s: "
        f"{'ok' if median <= limit else 'MISSED'}; proven optimal: conflicts {conflicts}/{total}, "
        f"score mixing {score}/{total} (the rest best found, not proven), all tiers "
        f"{everything}/{total}; repeated pairs {repeats} "
        f"(in proven rounds {bound} = their lower bound; in unproven rounds {unproven}, "
        f"lower bound 0)"
    )


#: Planned events: (players, table size, rounds, what is known about the fewest repeats).
PLANNED = (
    (16, 4, 5, "0: the affine plane of order 4 is a repeat-free schedule"),
    (12, 3, 5, "at least 1: five repeat-free rounds would be a nearly Kirkman system for 12, "
               "which does not exist; 3 is the best known"),
    (24, 4, 7, "0 by counting (21 table-mates in 7 rounds, 23 others); no repeat-free "
               "schedule is known to us"),
)


def planned_case(seeds: int) -> None:
    """Whole events with ``planned_rounds``, with and without it, against what is known."""
    for n, size, rounds, bound in PLANNED:
        for planned in (rounds, None):
            found, times = [], []
            for seed in range(seeds):
                rng = random.Random(seed)
                points = dict.fromkeys(range(1, n + 1), 0)
                history: list = []
                for _ in range(rounds):
                    players = [PlayerEntry(i, points[i], 1000 + i) for i in points]
                    t0 = time.perf_counter()
                    draft = pair_swiss(players, history, size,
                                       SwissOptions(planned_rounds=planned))
                    times.append(time.perf_counter() - t0)
                    history.append([t.seats for t in draft.tables])
                    placings(draft, rng, points)
                found.append(history_repeats(history))
            print(f"swiss {n} players, tables of {size}, {rounds} rounds, "
                  f"{'planned' if planned else 'not planned'}, {seeds} seeds: repeated pairs "
                  f"per event {found} (lower bound {bound}); median round "
                  f"{statistics.median(times):.2f} s, max {max(times):.2f} s, load {load()}",
                  flush=True)


def round_robin_bounds() -> None:
    """Unmet pairs of table round robins against the counting bound."""
    for size in (3, 4):
        cells = []
        for n in range(size + 2, 41):
            schedule = pairing.round_robin(list(range(n)), table_size=size)
            flag = schedule.flags[0].params
            seats = sum(len(t.seats) * (len(t.seats) - 1) // 2 for r in schedule.rounds
                        for t in r.tables)
            bound = max(0, n * (n - 1) // 2 - seats)  # each table covers at most its pairs
            if flag["unmet_pairs"] or bound:
                cells.append(f"{n}: {flag['unmet_pairs']} (bound {bound})")
        print(f"round robin at tables of {size}, default rounds, unmet pairs where any: "
              + ", ".join(cells))


def other_cases() -> None:
    players, _, results = simulate(1000, 4, 8, seed=1)
    t0 = time.perf_counter()
    pairing.compute_standings(players, results, by_placing())
    print(f"standings 1000 players x 8 rounds (default tie-breaks): "
          f"{time.perf_counter() - t0:.3f} s")
    t0 = time.perf_counter()
    schedule = pairing.round_robin(list(range(40)), table_size=4)
    flag = schedule.flags[0].params
    print(f"round robin 40 players at tables of 4, {len(schedule.rounds)} rounds: "
          f"{time.perf_counter() - t0:.3f} s (pair meetings min {flag['min']}, "
          f"max {flag['max']}, unmet pairs {flag['unmet_pairs']})")
    t0 = time.perf_counter()
    bracket = pairing.single_elimination(list(range(1000)))
    results: dict = {}
    while True:
        state = pairing.advance(bracket, results)
        if not state.ready:
            break
        results.update({m.match: m.seats[0] for m in state.ready})
    print(f"single elimination 1000 players: build and play out {time.perf_counter() - t0:.3f} s")


def dutch_event(n: int, rounds: int, driver: str, exe, seed: int) -> dict:
    """One event at tables of 2, paired round by round by ``driver`` ("ours" or "bbp");
    every state is also paired by the other engine, and both pairings are measured.

    Results: the stronger player (Elo) wins more often, a quarter of the games drawn,
    1 / ½ / 0 and a bye worth 1. bbpPairings is told the event has one round more than
    played, so its last-round exception for topscorers (which may break an absolute
    colour rule) never applies: both engines keep every colour rule they can.
    """
    import _bbp
    from oracles import colour_report

    from tournaments.pairing import swiss_pairs

    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(n)), reverse=True)
    players = [(i + 1, ratings[i]) for i in range(n)]  # id = pairing number (rating order)
    rating = dict(players)
    trf_rounds: list = []
    history: list = []
    points = dict.fromkeys(rating, 0.0)
    byes = dict.fromkeys(rating, 0)
    out = {name: {"seconds": [], "absolute": 0, "unmet": 0, "unmet_strong": 0, "repeats": 0,
                  "score": 0.0, "mixed": 0, "three": 0} for name in ("ours", "bbp")}
    out["band"] = {"rounds": 0, "same": 0}
    met: set = set()
    for _ in range(rounds):
        entries = [PlayerEntry(i, points[i], rating[i], byes=byes[i]) for i in rating]
        t0 = time.perf_counter()
        draft = pair_swiss(entries, history, 2)
        ours_seconds = time.perf_counter() - t0
        if n > swiss_pairs.FULL:  # the banded matching against every edge, same state
            saved, swiss_pairs.FULL = swiss_pairs.FULL, n
            try:
                whole = pair_swiss(entries, history, 2)
            finally:
                swiss_pairs.FULL = saved
            out["band"]["rounds"] += 1
            out["band"]["same"] += (
                sum((points[a] - points[b]) ** 2 for a, b in (t.seats for t in draft.tables))
                == sum((points[a] - points[b]) ** 2 for a, b in (t.seats for t in whole.tables))
                and colour_report([t.seats for t in draft.tables], history)
                == colour_report([t.seats for t in whole.tables], history))
        ours = ([t.seats for t in draft.tables], draft.byes[0] if draft.byes else None)
        theirs_pairs, theirs_bye, theirs_seconds = _bbp.pair(
            exe, _bbp.trf(players, trf_rounds, rounds + 1))
        theirs = (theirs_pairs, theirs_bye)
        for name, (pairs, _), seconds in (("ours", ours, ours_seconds),
                                          ("bbp", theirs, theirs_seconds)):
            row, report = out[name], colour_report(pairs, history)
            row["seconds"].append(seconds)
            row["absolute"] += report["absolute"]
            row["three"] += report["three_in_a_row"]
            row["unmet"] += report["unmet"]
            row["unmet_strong"] += report["unmet_strong"]
            row["repeats"] += sum(frozenset(p) in met for p in pairs)
            row["score"] += sum((points[a] - points[b]) ** 2 for a, b in pairs)
            row["mixed"] += sum(points[a] != points[b] for a, b in pairs)
        pairs, bye = ours if driver == "ours" else theirs
        rnd = {}
        for white, black in pairs:
            expected = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
            result = "=" if rng.random() < 0.25 else ("1" if rng.random() < expected else "0")
            gained = {"1": 1.0, "=": 0.5, "0": 0.0}[result]
            rnd[white] = (black, "w", result)
            rnd[black] = (white, "b", {"1": "0", "0": "1", "=": "="}[result])
            points[white] += gained
            points[black] += 1 - gained
        if bye is not None:
            rnd[bye] = (0, "-", "U")
            points[bye] += 1
            byes[bye] += 1
        trf_rounds.append(rnd)
        history.append(pairs)
        met |= {frozenset(p) for p in pairs}
    return out


def dutch_cases(sizes: list[int], rounds: int) -> None:
    """Tables of 2 against bbpPairings (FIDE Dutch) on the same states, in one run."""
    import _bbp

    exe, said = _bbp.executable()
    print(said)
    if exe is None:
        print("skipped: the comparison with bbpPairings needs it (see above)")
        return
    for n in sizes:
        for driver in ("ours", "bbp"):
            out = dutch_event(n, rounds, driver, exe, seed=n)
            ours, theirs = out["ours"], out["bbp"]
            ratio = sum(theirs["seconds"]) / sum(ours["seconds"])
            cells = "; ".join(
                f"{key} {ours[key]:g} vs {theirs[key]:g}"
                for key in ("absolute", "three", "unmet", "unmet_strong", "repeats", "score",
                            "mixed")
            )
            band = out["band"]
            banded = (f"; banded matching = every edge (score and colours) in {band['same']}/"
                      f"{band['rounds']} rounds" if band["rounds"] else "")
            print(f"dutch {n} players, {rounds} rounds paired by {driver}, load {load()}: "
                  f"median round ours {statistics.median(ours['seconds']):.3f} s, bbpPairings "
                  f"{statistics.median(theirs['seconds']):.3f} s, bbpPairings/ours {ratio:.1f}x "
                  f"(same run); ours vs bbpPairings: {cells}{banded}", flush=True)


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--only-exact", action="store_true")
    parser.add_argument("--skip-exact", action="store_true")
    parser.add_argument(
        "--fields",
        default="16,24,48,64",
        help="field sizes of the exact cases, comma-separated (e.g. 48,64); the planned case "
        "and the round-robin bounds run only with the default",
    )
    parser.add_argument(
        "--fallback",
        action="store_true",
        help="also time the whole-field complete graph used for tables of 2 above 160 "
        "players when the banded matching leaves a conflict (about 2 s for 500 players)",
    )
    parser.add_argument(
        "--dutch",
        default="",
        help="field sizes (comma-separated, e.g. 50,100,200,300,500) for tables of 2 against "
        "bbpPairings on the same states (built from a snapshot of its repository, see "
        "bench/_bbp.py); only that comparison runs",
    )
    parser.add_argument("--dutch-rounds", type=int, default=9)
    parser.add_argument("--planned", action="store_true",
                        help="only the planned events (with and without planned_rounds)")
    args = parser.parse_args()
    print(f"machine: {machine()}, {versions()}")
    if args.dutch:
        dutch_cases([int(n) for n in args.dutch.split(",")], args.dutch_rounds)
        return
    if args.planned:
        planned_case(args.seeds)
        return
    if not args.skip_exact:
        spy = Spy()
        fields = [int(n) for n in args.fields.split(",")]
        for n in fields:
            for size in (3, 4):
                exact_case(spy, n, size, args.seeds)
        if args.fields == parser.get_default("fields"):
            planned_case(max(5, args.seeds))
            round_robin_bounds()
        print(f"machine: {machine()}")
    if args.only_exact:
        return
    swiss_case(1000, 4, args.runs, limit=2)
    swiss_case(500, 2, args.runs, limit=5)
    swiss_case(1001, 4, args.runs, limit=2, remainder="smaller_tables", avoid_same_club=True)
    swiss_case(501, 2, args.runs, limit=5, avoid_same_club=True)
    other_cases()
    if args.fallback:
        fallback_case()


def fallback_case() -> None:
    """Force the complete-graph matching (above 160 players only when the band leaves a
    conflict)."""
    from tournaments.pairing import swiss_pairs

    saved = swiss_pairs.FULL
    try:
        for n in (200, 500):
            players, history, _ = simulate(n, 2, 8, seed=n * 10 + 2)
            swiss_pairs.FULL = n  # every field this size goes to the complete graph
            t0 = time.perf_counter()
            pair_swiss(players, history, 2)
            print(f"tables of 2, complete graph ({n * (n - 1) // 2} edges), {n} players: "
                  f"{time.perf_counter() - t0:.1f} s")
    finally:
        swiss_pairs.FULL = saved


if __name__ == "__main__":
    main()
