"""An exact Swiss round at tables of 3–4: lower bounds first, then a CP-SAT model.

The heuristic in :mod:`.swiss_tables` gives a draft; this module proves it
optimal or replaces it with a better one, under a time cap. The tiers are
optimised one after another (lexicographically), each with the best value
of the tiers above it fixed:

1. **conflicts** — forbidden pairs, then the repeat cost, then same club
   (one integer, weighted so a higher tier outweighs all below it);
2. **score mixing** — the sum over tables of the squared point differences
   of every pair at the table;
3. **seat balance** — tables at which even the best-placed opener would
   exceed a fair share of openings (the rank spread of the tables, which
   only keeps them tidy, is reduced afterwards by swaps of players with
   equal points, :func:`tidy`, and never needs a proof).

Cheap proofs come first: conflicts and seat balance cannot go below 0, and
score mixing cannot go below the best split that ignores who met whom
(:func:`.swiss_split.score_bound`). A draft at a bound is optimal for that
tier without a solver. Score mixing first gets a better start from a local
search (:mod:`.swiss_polish`), and when few splits are cheaper than that
round they are tried before anything else (:func:`_cheaper_split`); seat
balance first gets swaps of equal points (:func:`tidy`). Otherwise each
tier is solved as set partitioning
over every table that could belong to a better round (:mod:`.swiss_columns`:
an LP bound, reduced-cost fixing, then SCIP), or, when too many tables
qualify, by CP-SAT (:mod:`.swiss_split`): the least conflict total over a
boolean per (player, table), then the cheapest *split* (point totals per
table) that players can fill with that conflict, then, among splits of
that cost, one with a fair opener at every table.

**Planning ahead** (:func:`solve_planned`): one CP-SAT model seats this
round and the ``future`` later rounds (score mixing of this round through a
*table type* per slot, the multiset of point totals at it). Either nobody
meets twice in any of them (``repeat_free``: this round is chosen among
those that still leave a repeat-free completion), or, for small fields,
the model minimises first the repeated pairs over all of them (a pair that
met before counts at each meeting, a pair that has not at each meeting after
its first) — so this round is chosen among those that leave the fewest
repeats for the rest of the event. Then come this round's tiers. If the
solver finds no completion in time, the round is solved without it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, combinations_with_replacement

from ortools.sat.python import cp_model

from . import swiss_columns as columns
from . import swiss_types as types
from .swiss_polish import polish
from .swiss_split import least_conflict, score_bound, seat_split, slots_of, splits, type_cost

#: Most table types per slot size before the model is judged too large.
TYPE_LIMIT = 3000
# Each tier may use a share of the time left (a tier usually needs far less, and what it
# leaves goes to the next): conflicts two thirds, score mixing ``SCORE_SHARE`` of what
# remains, seat balance the rest.
CONFLICT_SHARE = 2 / 3
#: Share of the time left for score mixing when seat balance may need a solver
#: (it gets the rest); all of it when swaps of equal points, :func:`tidy`,
#: already give every table a fair opener.
SCORE_SHARE = 0.75
#: Splits below the best round are tried before set partitioning when there
#: are at most ``QUICK_SPLITS``, for at most ``SPLIT_SHARE`` of the time left.
QUICK_SPLITS = 100
SPLIT_SHARE = 0.5
#: Share of the time left for the table types over every table (:mod:`.swiss_types`), when
#: there are too many tables for set partitioning (the splits get the rest).
TYPES_SHARE = 0.5
#: Share of the time left that the local search before the score tier may use.
POLISH_SHARE = 0.15
#: Most splits cheaper than the draft to try before giving up a proof.
SPLIT_LIMIT = 2000


@dataclass
class ExactResult:
    """Tables (rank indices) and what was proven about each tier."""

    tables: list[list[int]]
    conflicts_proven: bool
    score_proven: bool
    seat_proven: bool
    planned: bool  # chosen so that a repeat-free completion remains
    seconds: float

    @property
    def proven(self) -> bool:
        """Every tier optimal (the whole lexicographic objective)."""
        return self.conflicts_proven and self.score_proven and self.seat_proven


@dataclass
class RoundProblem:
    """One round to seat: rank indices, slot sizes and the tier functions."""

    order: Sequence[int]
    sizes: Sequence[int]
    conflict: Callable[[int, int], int]  # combined conflict tier of a pair
    points: Sequence[int]  # integer points by rank index
    seat_ok: Callable[[int, int], bool]  # may open a table of that size fairly
    met: Callable[[int, int], bool] = lambda i, j: False  # for planning ahead

    @cached_property
    def conflicts(self) -> dict[int, dict[int, int]]:
        """The non-zero conflicts by player, looked up once (the solvers ask often)."""
        out: dict[int, dict[int, int]] = {i: {} for i in self.order}
        for i, j in combinations(self.order, 2):
            c = self.conflict(i, j)
            if c:
                out[i][j] = out[j][i] = c
        return out

    def tiers(self, tables: list[list[int]]) -> tuple[int, int, int]:
        """(conflicts, score mixing, unbalanced tables) of a split."""
        conflicts = sum(self.conflict(a, b) for t in tables for a, b in combinations(t, 2))
        score = sum(type_cost([self.points[i] for i in t]) for t in tables)
        seats = sum(not any(self.seat_ok(i, len(t)) for i in t) for t in tables)
        return conflicts, score, seats


def solve_round(
    problem: RoundProblem, draft: list[list[int]], deadline: float
) -> ExactResult:
    """Improve or prove ``draft`` (tables of rank indices, sizes as ``problem.sizes``).

    The result is never worse than the draft on the tiers in order; its
    flags say which tiers were proven optimal before ``deadline`` (a
    ``time.perf_counter`` value, the round's one deadline: every step gets
    what is left of it).
    """
    start = time.perf_counter()
    current = [list(t) for t in draft]
    conflicts, score, seats = problem.tiers(current)
    points = [problem.points[i] for i in problem.order]
    low = score_bound(points, problem.sizes)
    if conflicts == 0 and seats == 0 and score == low:
        return ExactResult(current, True, True, True, False, time.perf_counter() - start)
    # Each tier: its bound, else set partitioning (columns), else the assignment model.
    # 1. Conflicts: 0 is a bound.
    conflicts_proven = conflicts == 0
    if not conflicts_proven:
        solved = columns.least_conflict(
            problem, current, columns.share_of(deadline, CONFLICT_SHARE))
        if solved is None:
            solved = least_conflict(
                problem.order, problem.sizes, problem.conflict, current,
                columns.share_of(deadline, 0.5),
            )
        tables, best, conflicts_proven = solved
        if tables is not None and best <= conflicts:
            current, conflicts = tables, best
    # 2. Score mixing: the bound, or the cheapest round at that conflict.
    score = problem.tiers(current)[1]
    if score > low:
        # A smaller slack keeps fewer tables and a narrower gap for the proof.
        current = polish(problem, current, columns.share_of(deadline, POLISH_SHARE))
        score = problem.tiers(current)[1]
    score_proven, too_many = score == low, False
    learnt, step = types.Learnt(conflicts), columns.score_step(problem.sizes)
    if not score_proven and _time_left(deadline):
        # Splits first, when few are cheaper than the round (near the split
        # bound): they prove what the linear relaxation often cannot there.
        values = [problem.points[i] for i in problem.order]
        if splits(values, problem.sizes, score, QUICK_SPLITS, deadline)[1]:
            better, score_proven = _cheaper_split(
                problem, current, score, conflicts, columns.share_of(deadline, SPLIT_SHARE), low
            )
            if better is not None:
                current = better
    if not score_proven and _time_left(deadline):
        # Seat balance needs time only when swaps of equal points leave an
        # unfair table; otherwise score mixing may use all of it.
        seats_after = problem.tiers(tidy(problem, current, deadline))[2]

        def prove(tables, reduced, value, upper, bound, until):
            # Table types over the tables the relaxation leaves a round, window by window.
            return types.by_windows(
                problem, tables, reduced, value, upper, bound, conflicts, until, step, learnt)

        solved = columns.least_score(
            problem, current, conflicts,
            columns.share_of(deadline, SCORE_SHARE) if seats_after else deadline, low, prove,
        )
        too_many = solved is None
        if solved is not None:
            current, _, score_proven = solved
        elif _time_left(deadline):
            # Too many tables for set partitioning: table types over all of them, then splits.
            better, bound, score_proven = types.least_score(
                problem, current, conflicts, columns.share_of(deadline, TYPES_SHARE), step,
                learnt)
            if better is not None:
                current = better
            if bound is not None:
                low = max(low, bound)
            if not score_proven and _time_left(deadline):
                score = problem.tiers(current)[1]
                better, score_proven = _cheaper_split(
                    problem, current, score, conflicts, deadline, low)
                if better is not None:
                    current = better
    # 3. Seat balance: 0 is a bound; otherwise the fewest tables without a fair opener.
    current = tidy(problem, current, deadline)
    seats = problem.tiers(current)[2]
    seat_proven = seats == 0
    if not seat_proven and _time_left(deadline):
        # The seat tables are those of the score tier at a smaller slack: when
        # those were too many, these usually are too.
        solved = None if too_many else columns.fewest_unfair(problem, current, conflicts, deadline)
        if solved is not None:
            current, _, seat_proven = solved
        elif _time_left(deadline):
            balanced, seat_proven = _balanced_split(problem, current, conflicts, seats, deadline)
            if balanced is not None:
                current = balanced
    current = tidy(problem, current, deadline)
    return ExactResult(
        current, conflicts_proven, conflicts_proven and score_proven,
        conflicts_proven and score_proven and seat_proven, False, time.perf_counter() - start,
    )


def _time_left(deadline: float) -> bool:
    return time.perf_counter() + columns.MIN_SECONDS < deadline


def _cheaper_split(
    problem: RoundProblem, current, score: int, conflicts: int, deadline: float, bound: int = 0
):
    """(tables of the cheapest fillable split below ``score`` or None, proven).

    Splits are tried cheapest first, from the bound up (the split bound, or
    ``bound`` when that is known to be higher), in cost windows that double:
    the first one players can fill is optimal. A window with too many splits
    is tried in part; what it finds improves the draft but proves nothing.
    """
    points = problem.points
    values = [points[i] for i in problem.order]
    low, width, proven = max(bound, score_bound(values, problem.sizes)), 1, True
    while low < score and time.perf_counter() < deadline:
        high = min(score, low + width)
        candidates, complete = splits(values, problem.sizes, high, SPLIT_LIMIT, deadline)
        # Below ``low``: tried in an earlier window (skipped when this one lists every split).
        new = (split for cost, split in candidates if cost >= low or not complete)
        tables, decided = _first_seated(problem, new, conflicts, None, deadline)
        proven = proven and complete and decided
        if tables is not None:
            return tables, proven
        low, width = high, 2 * width
    return None, proven and low >= score


def _balanced_split(problem: RoundProblem, current, conflicts: int, seats: int, deadline: float):
    """(tables with every opener fair at the same score or None, proven)."""
    points = problem.points
    score = problem.tiers(current)[1]
    candidates, complete = splits(
        [points[i] for i in problem.order], problem.sizes, score + 1, SPLIT_LIMIT, deadline
    )
    same_score = (split for cost, split in candidates if cost == score)
    tables, decided = _first_seated(problem, same_score, conflicts, problem.seat_ok, deadline)
    if tables is not None:
        return tables, True
    # No split of this cost seats everybody fairly: one unfair table is then the least.
    return None, complete and decided and seats == 1


def _first_seated(problem: RoundProblem, candidates, conflicts: int, seat_ok, deadline: float):
    """(tables of the first of the ``candidates`` splits players can fill or None, decided).

    ``decided``: every split tried before the one returned (or every split, when none is
    filled) was settled one way or the other within its time; False once time runs out.
    """
    decided = True
    for split in candidates:
        tables, settled = seat_split(
            problem.order, problem.points, split, problem.conflict, conflicts, seat_ok, deadline,
        )
        if tables is not None:
            return tables, decided
        decided = decided and settled
        if time.perf_counter() > deadline:
            return None, False
    return None, decided


def tidy(
    problem: RoundProblem, tables: list[list[int]], deadline: float = float("inf")
) -> list[list[int]]:
    """Swap players with equal points between tables while seat balance or rank spread improve.

    Equal points keep score mixing; a swap is taken only when it does not
    raise the conflicts of the two tables and lowers their unfair tables,
    or keeps those and lowers the rank spread — so the proven tiers stay
    as they are, seat balance often reaches its bound 0 before the seat
    tier is solved, and tables end up close in the ranking. Stops at
    ``deadline``: it only tidies, a round is never late for it.
    """
    pos = {i: k for k, i in enumerate(problem.order)}
    points = problem.points

    def key(a: list[int], b: list[int]):
        c = problem.tiers([a, b])
        return c[0], c[2], sum(abs(pos[u] - pos[v]) for t in (a, b) for u, v in combinations(t, 2))

    tables = [list(t) for t in tables]
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            before = key(tables[a], tables[b])
            for x in list(tables[a]):
                for y in list(tables[b]):
                    if points[x] != points[y] or x not in tables[a] or y not in tables[b]:
                        continue
                    na = [y if u == x else u for u in tables[a]]
                    nb = [x if u == y else u for u in tables[b]]
                    after = key(na, nb)
                    if after[0] <= before[0] and after[1:] < before[1:]:
                        tables[a], tables[b], before, improved = na, nb, after, True
    return tables


def solve_planned(
    problem: RoundProblem, draft: list[list[int]], future: int, deadline: float,
    repeat_free: bool, schedule: list[list[list[int]]] | None = None,
) -> ExactResult | None:
    """This round planned with ``future`` more, or ``None`` (no completion found in time).

    ``schedule``, this round and the later ones as a good guess (tables of
    rank indices), starts the solver: it then finds at least as few repeats.

    The result's tiers are this round's among those leaving that few repeats:
    "proven" there means optimal given the plan, so the conflict tier is
    never claimed minimal for the round alone.
    """
    start = time.perf_counter()
    model = _PlannedModel(problem, rounds=1 + future, repeat_free=repeat_free)
    if not model.build():
        return None
    current, proven = None, []
    for tier in model.tiers():
        start_from = [current] if current else (schedule or [draft])
        best, optimal, tables = model.minimise(tier, start_from, deadline)
        if tables is None:
            if current is None:
                return None  # no completion found
            proven.append(False)
            continue
        current = tables
        proven.append(optimal)
        model.fix(tier, best)
    proven += [False] * (4 - len(proven))
    return ExactResult(current, False, proven[2], proven[2] and proven[3], True,
                       time.perf_counter() - start)


class _PlannedModel:
    """One CP-SAT model of ``rounds`` rounds (round 0 is the one to pair).

    Score mixing of round 0 goes through a *table type* per slot (the
    multiset of point totals at it), with no cost limit: planning ahead may
    need a costlier round than the draft.
    """

    def __init__(self, problem: RoundProblem, rounds: int, repeat_free: bool) -> None:
        self.p = problem
        self.rounds = rounds
        self.repeat_free = repeat_free
        self.m = cp_model.CpModel()

    def build(self) -> bool:
        """Build the model; ``False`` when there are too many table types."""
        m, order, sizes = self.m, list(self.p.order), list(self.p.sizes)
        slots = range(len(sizes))
        self.x = {}
        for r in range(self.rounds):
            for pos, i in enumerate(order):
                block = [t for t in slots if sizes[t] == sizes[0]]
                for t in slots:
                    var = self.x[i, t, r] = m.new_bool_var(f"x{i}_{t}_{r}")
                    if t in block and t > pos:
                        # Symmetry: slots of one size hold first players in
                        # rank order, so rank position p fits a slot <= p.
                        m.add(var == 0)
                m.add_exactly_one(self.x[i, t, r] for t in slots)
            for t in slots:
                m.add(sum(self.x[i, t, r] for i in order) == sizes[t])
        conflict_terms, repeats = [], []
        self.mates: dict[tuple[int, int], list] = {}  # (player, round) -> "together" flags
        for i, j in combinations(order, 2):
            repeats.append(self._plan_pair(i, j))
            w = self.p.conflict(i, j)
            if w:
                z = m.new_bool_var(f"z{i}_{j}")
                for t in slots:
                    m.add_bool_or([self.x[i, t, 0].Not(), self.x[j, t, 0].Not(), z])
                conflict_terms.append(w * z)
        self.conflict_total = sum(conflict_terms)
        self.repeat_total = sum(repeats)
        if not self.repeat_free and len(set(sizes)) == 1:
            # Everybody has exactly size - 1 table-mates a round: redundant, but it ties the
            # "together" flags to the seating, which the solver's bounds need.
            for flags in self.mates.values():
                m.add(sum(flags) == sizes[0] - 1)
        return self._score_types()

    def _plan_pair(self, i: int, j: int):
        """Repeated meetings of a pair over the planned rounds: every meeting if the pair met
        before, every meeting after the first if not."""
        m, slots = self.m, range(len(self.p.sizes))
        if self.repeat_free and self.p.met(i, j):
            for r in range(self.rounds):
                for t in slots:
                    m.add_bool_or([self.x[i, t, r].Not(), self.x[j, t, r].Not()])
            return 0
        together = []
        for r in range(self.rounds):
            w = m.new_bool_var(f"w{i}_{j}_{r}")
            for t in slots:
                m.add_bool_or([self.x[i, t, r].Not(), self.x[j, t, r].Not(), w])
            together.append(w)
            self.mates.setdefault((i, r), []).append(w)
            self.mates.setdefault((j, r), []).append(w)
        if self.repeat_free:
            m.add_at_most_one(together)
            return 0
        if self.p.met(i, j):
            return sum(together)
        extra = m.new_int_var(0, self.rounds - 1, f"e{i}_{j}")
        m.add(extra >= sum(together) - 1)
        return extra

    def _score_types(self) -> bool:
        m, order, sizes = self.m, self.p.order, self.p.sizes
        values = sorted({self.p.points[i] for i in order})
        group = {v: [i for i in order if self.p.points[i] == v] for v in values}
        terms, kinds = [], {}
        for t, size in enumerate(sizes):
            if size not in kinds:
                kinds[size] = [
                    combo for combo in combinations_with_replacement(values, size)
                    if all(len(group[v]) >= c for v, c in Counter(combo).items())
                ]
                if len(kinds[size]) > TYPE_LIMIT:
                    return False
            chosen = []
            for combo in kinds[size]:
                y = m.new_bool_var(f"y{t}_{combo}")
                chosen.append((y, Counter(combo)))
                if type_cost(combo):
                    terms.append(type_cost(combo) * y)
            m.add_exactly_one(y for y, _ in chosen)
            for v in values:
                m.add(
                    sum(self.x[i, t, 0] for i in group[v])
                    == sum(count[v] * y for y, count in chosen if count[v])
                )
        self.score_total = sum(terms)
        self._seat_and_spread()
        return True

    def _seat_and_spread(self) -> None:
        m, order, sizes = self.m, self.p.order, self.p.sizes
        n = len(order)
        unbalanced, spread = [], []
        for t, size in enumerate(sizes):
            ok = [self.x[i, t, 0] for i in order if self.p.seat_ok(i, size)]
            bad = m.new_bool_var(f"seat{t}")
            m.add_bool_or([*ok, bad])
            unbalanced.append(bad)
            hi, lo = m.new_int_var(0, n, f"hi{t}"), m.new_int_var(0, n, f"lo{t}")
            for pos, i in enumerate(order):
                m.add(hi >= pos).only_enforce_if(self.x[i, t, 0])
                m.add(lo <= pos).only_enforce_if(self.x[i, t, 0])
            spread.append(hi - lo)
        self.unbalanced = sum(unbalanced)
        self.seat_total = (n * len(sizes) + 1) * self.unbalanced + sum(spread)

    def tiers(self) -> list:
        return [self.repeat_total, self.conflict_total, self.score_total, self.seat_total]

    def minimise(self, objective, rounds, deadline: float):
        """(best value, proven optimal, round-0 tables or None) for ``objective``, hinted with
        the first ``rounds`` (each a list of tables)."""
        if time.perf_counter() >= deadline:
            return None, False, None
        self.m.clear_hints()
        self._hint(rounds)
        self.m.minimize(objective)
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.0, deadline - time.perf_counter())
        solver.parameters.num_workers = 1
        status = solver.solve(self.m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, False, None
        found = [
            [i for i in self.p.order if solver.boolean_value(self.x[i, t, 0])]
            for t in range(len(self.p.sizes))
        ]
        return int(solver.objective_value), status == cp_model.OPTIMAL, found

    def fix(self, objective, best: int) -> None:
        """Keep the tier at ``best`` for the next tiers."""
        self.m.add(objective <= best)

    def _hint(self, rounds: list[list[list[int]]]) -> None:
        """The first rounds hinted with ``rounds`` in slot order (first players in rank order)."""
        slot_of = [slots_of(self.p.order, self.p.sizes, tables) for tables in rounds]
        for (i, t, r), var in self.x.items():
            if r < len(slot_of):
                self.m.add_hint(var, slot_of[r][i] == t)
