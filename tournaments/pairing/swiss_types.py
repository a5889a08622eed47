"""Score mixing on table types: how many tables of each type, then who sits at them.

Score mixing depends only on the point totals at each table, so a round's
score is decided by how many tables of each *type* (the multiset of point
totals at a table) it has. :func:`least_score` proves the tier on that
level (a logic-based Benders decomposition):

* the **master**, a small integer model (CP-SAT), picks a count per type
  — the counts must seat every score group and fill the table sizes — at
  the least score. Players with equal points are interchangeable for the
  objective, so the model has a few hundred integers instead of a boolean
  per player and table, and solves in milliseconds. It knows of who met
  whom only through conditions every real round meets (so its optimum is a
  lower bound on the tier at the given conflict total):

  - a type counts only if some real table of it stays within the conflict
    total, and at most as many tables of a type as its usable players fill;
    the least conflict of each type's tables, summed, stays within the total;
  - per score group, every set of players needs as many seats at the types
    they can sit in (Hall's condition, for the sets of players whose
    usable types are contained in one player's);
  - per score group, the group's share of each table (1 to 4 players) must
    be players who may sit together: the block sizes must be those of a
    partition of the group into such sets (all partitions are listed by a
    dynamic programme over subsets, within a budget).

* the **subproblem** (CP-SAT) seats real players in the master's tables.
  If they fit, the split is optimal (the master's value is a lower bound
  and the round reaches it). If not, the solver names a subset of the
  tables that cannot be filled together (a *core*, from assumptions: "at
  least k tables of type T" per type), and every split holding at least
  those tables is cut from the master, which is solved again.

The master is a relaxation and every cut removes only splits that no
round can have, so each master optimum is a valid lower bound even when
the time runs out before a split fits.

The exact round calls it from set partitioning (:func:`by_windows`): after
the linear relaxation, a round costing at most ``top`` can only use tables
of reduced cost at most ``top − LP``, so the master of a window ``top``
just above the relaxation has a few dozen types and solves in
milliseconds. Windows widen from the relaxation's bound up (each shows
that no round is cheaper, or holds an optimal one); the bound and the
cores carry over (:class:`Learnt`). Where set partitioning has too many
tables, :func:`least_score` lists every table of the types that fit.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

import numpy as np
from ortools.sat.python import cp_model

from .swiss_columns import _conflict_matrix, fill_with_conflicts
from .swiss_split import _bound, type_cost

#: Most real tables listed (over all types) to find which types and players are usable.
ROW_LIMIT = 2_000_000
#: Most steps of the list of a score group's block partitions (else unconstrained).
PROFILE_LIMIT = 100_000
#: Score groups of at most this many players get their real tables in the master.
SCARCE_GROUP = 4
#: Most such tables (else the master goes without them).
SCARCE_TABLES = 20_000
#: Most rounds of master and subproblem.
ROUND_LIMIT = 200
#: Most cores (disjoint sets of tables) taken from one split that players cannot fill.
CORES_PER_SPLIT = 4

Type = tuple[int, ...]
#: One digit of a packed block profile (more blocks of one size than any group has).
_RADIX = 64


@dataclass
class Learnt:
    """What the solves of one round learnt at one conflict total, for the next solve: a
    lower bound and the cores (each holds for every round at that conflict total)."""

    conflicts: int
    bound: int = 0
    cores: list[Counter] = field(default_factory=list)
    #: Block partitions per score group (:func:`block_profiles`; ``None``: over budget).
    profiles: dict[int, frozenset | None] = field(default_factory=dict)


def least_score(
    problem, current: list[list[int]], conflicts: int, deadline: float, step: int = 1,
    learnt: Learnt | None = None,
):
    """(better tables or None, lower bound, proven) of score mixing at ``conflicts``.

    ``proven``: the best of ``current`` and the tables returned is optimal
    for score mixing among rounds with a conflict total at most
    ``conflicts``. The lower bound is valid either way (``None`` when
    nothing was learnt). ``step``: every round's score is congruent to the
    current one's modulo ``step`` (see :func:`.swiss_columns.score_step`).
    ``learnt``: shared with later solves of the same round (and read from earlier ones).
    """
    score = problem.tiers(current)[1]
    return below(problem, score, conflicts, deadline, step, learnt=learnt)


def below(
    problem, score: int, conflicts: int, deadline: float, step: int = 1, tables=None,
    low: int = 0, learnt: Learnt | None = None,
):
    """:func:`least_score` for a round of score mixing ``score``: (tables cheaper than it or
    None, lower bound, proven). ``tables``: see :meth:`_Master.build`; ``low``: a lower
    bound known from elsewhere (the linear relaxation of set partitioning)."""
    if learnt is None or learnt.conflicts != conflicts:
        learnt = Learnt(conflicts)
    master = _Master.build(problem, conflicts, score - step, deadline, tables, learnt.profiles)
    if master is None:
        return None, learnt.bound or None, False
    for core in learnt.cores:
        master.cut(core)
    learnt.bound = max(learnt.bound, low)
    if learnt.bound:
        master.at_least(learnt.bound)
    for _ in range(ROUND_LIMIT):
        status, value, split = master.solve(deadline)
        if status == cp_model.INFEASIBLE:
            # No split cheaper than ``score`` can be seated.
            learnt.bound = max(learnt.bound, score)
            return None, score, True
        if status != cp_model.OPTIMAL:
            return None, learnt.bound or None, False
        learnt.bound = value
        master.at_least(value)
        tables, cores = _seat(problem, split, conflicts, deadline)
        if tables is not None:
            return tables, value, True
        if cores is None:
            return None, learnt.bound, False  # undecided in time
        for core in cores:
            learnt.cores.append(core)
            master.cut(core)
    return None, learnt.bound, False


def by_windows(
    problem, tables, reduced, value: float, score: int, low: int, conflicts: int,
    deadline: float, step: int = 1, learnt: Learnt | None = None,
):
    """:func:`below` over windows of the linear relaxation of set partitioning.

    ``tables`` are that relaxation's tables, ``reduced`` their reduced costs and ``value``
    its optimum: a round costing at most ``top`` only has tables of reduced cost at most
    ``top - value``. Windows ``top`` = ``low``, ``low + 2 step``, ``low + 4 step``, … up to
    ``score - step``: the master of a window is small when ``top`` is near the relaxation,
    and the first window with a round holds an optimal one (the windows below have none);
    what the windows learn (bound, cores) carries over. Returns as :func:`below`.
    """
    if learnt is None or learnt.conflicts != conflicts:
        learnt = Learnt(conflicts)
    order = np.argsort(reduced, kind="stable")
    ranked = reduced[order]
    width = step
    while True:
        low = max(low, learnt.bound)
        low += (score - low) % step  # the next value a round can take
        if low >= score:
            return None, score, True
        top = min(score - step, low + width - step)
        within = order[: int(np.searchsorted(ranked, top - value + 1e-6, side="right"))]
        better, bound, proven = below(
            problem, top + step, conflicts, deadline, step, [tables[k] for k in within.tolist()],
            low, learnt)
        if not proven:
            return None, learnt.bound or None, False
        if better is not None:
            return better, bound, True
        width *= 2


class _Master:
    """The integer model over table types (see the module docstring)."""

    def __init__(self) -> None:
        self.m = cp_model.CpModel()
        self.count: dict[Type, cp_model.IntVar] = {}

    @classmethod
    def build(cls, problem, cap: int, target: int, deadline: float, tables=None, known=None):
        """The master for splits costing at most ``target``, or ``None`` (too large, or out
        of time).

        ``tables``: when given, the only tables a round costing at most ``target`` can
        use (those the linear relaxation of set partitioning leaves, :mod:`.swiss_columns`);
        otherwise every table of the types that fit is listed. ``known``: block partitions
        by score group from an earlier build at the same conflict total (and filled here).
        """
        known = {} if known is None else known
        self = cls()
        points, order = problem.points, list(problem.order)
        values = sorted({points[i] for i in order})
        group = {v: [i for i in order if points[i] == v] for v in values}
        field = Counter(points[i] for i in order)
        sizes = tuple(sorted(problem.sizes))
        tables_of = Counter(sizes)
        whole = _bound(tuple(sorted(field.elements())), sizes)
        if target < whole:
            # Nothing can be cheaper than the split bound: an empty, infeasible model.
            self.m.add_bool_or([])
            return self

        def fits(combo: Type) -> bool:
            rest = list(sizes)
            rest.remove(len(combo))
            left = tuple(sorted((field - Counter(combo)).elements()))
            return type_cost(combo) + _bound(left, tuple(rest)) <= target

        scarce = {v for v in values if len(group[v]) <= SCARCE_GROUP}
        if tables is None:
            found = _listed_types(problem, group, fits, tables_of, cap, deadline, scarce)
        else:
            found = _given_types(problem, tables, fits, cap, scarce, deadline)
        if found is None:
            return None
        # Per type: who of each score group can sit at one of its tables, its least conflict.
        usable: dict[int, dict[int, set[Type]]] = {v: {i: set() for i in group[v]} for v in values}
        least: dict[Type, int] = {}
        m = self.m
        for combo, (players, conflict, _) in found.items():
            top = tables_of[len(combo)]
            for v, c in Counter(combo).items():
                for i in players[v]:
                    usable[v][i].add(combo)
                top = min(top, len(players[v]) // c)
            least[combo] = conflict
            self.count[combo] = m.new_int_var(0, top, "")
        if cap and any(least.values()):
            # Every table costs at least its type's least conflict: within the total.
            m.add(cp_model.LinearExpr.weighted_sum(
                list(self.count.values()), [least[combo] for combo in self.count]) <= cap)
        self._scarce(found, scarce, points, cap)
        for size, number in tables_of.items():
            m.add(sum(n for combo, n in self.count.items() if len(combo) == size) == number)
        for v in values:
            m.add(sum(combo.count(v) * n for combo, n in self.count.items() if v in combo)
                  == len(group[v]))
            self._hall(v, usable[v])
            ok = lambda a, b: problem.conflict(a, b) <= cap  # noqa: E731
            if all(ok(a, b) for a, b in combinations(group[v], 2)):
                continue
            if v not in known:
                known[v] = block_profiles(group[v], ok, max(sizes), deadline)
            profiles = known[v]
            if profiles is not None:
                blocks = []
                for share in range(2, max(sizes) + 1):
                    b = m.new_int_var(0, len(group[v]) // share, "")
                    m.add(b == sum(n for combo, n in self.count.items()
                                   if combo.count(v) == share))
                    blocks.append(b)
                m.add_allowed_assignments(blocks, sorted(profiles))
        self.objective = cp_model.LinearExpr.weighted_sum(
            list(self.count.values()), [type_cost(combo) for combo in self.count])
        m.add(self.objective <= target)
        m.add(self.objective >= whole)
        m.minimize(self.objective)
        return self

    def _scarce(self, found, scarce: set[int], points, cap: int) -> None:
        """The real tables of the players of small score groups (set partitioning).

        Every table of a type with a scarce point total holds a player of that total, so
        those tables are exactly the ones these players sit at: a boolean per table, each
        such player at exactly one, nobody at two, as many of a type as the type's count,
        their conflicts within the total. Where unavoidable repeats and scarce players
        meet (the lone leader and those they already played), this decides which types
        can be combined, which the counts alone cannot see.
        """
        listed = [(combo, table, conflict) for combo, (_, _, tables) in found.items()
                  if tables for table, conflict in tables]
        if not listed or len(listed) > SCARCE_TABLES:
            return
        m = self.m
        seat = [m.new_bool_var("") for _ in listed]
        of_type: dict[Type, list] = {}
        at: dict[int, list] = {}
        for (combo, table, _), var in zip(listed, seat, strict=True):
            of_type.setdefault(combo, []).append(var)
            for i in table:
                at.setdefault(i, []).append(var)
        for combo, chosen in of_type.items():
            m.add(sum(chosen) == self.count[combo])
        for i, chosen in at.items():
            if points[i] in scarce:
                m.add_exactly_one(chosen)
            else:
                m.add_at_most_one(chosen)
        if cap:
            m.add(cp_model.LinearExpr.weighted_sum(seat, [c for _, _, c in listed]) <= cap)

    def _hall(self, v: int, usable: dict[int, set[Type]]) -> None:
        """Seats of group ``v`` at the types each set of its players can use: at least as
        many as the players whose usable types all lie among them."""
        seen = set()
        for types in usable.values():
            key = frozenset(types)
            if not key:
                self.m.add_bool_or([])  # a player no table of the slack can seat
                return
            if key in seen:
                continue
            seen.add(key)
            within = sum(1 for other in usable.values() if other <= key)
            self.m.add(sum(combo.count(v) * self.count[combo] for combo in key) >= within)

    def solve(self, deadline: float):
        """(status, value, split) of the master within the time left."""
        solver = _solver(deadline)
        if solver is None:
            return cp_model.UNKNOWN, None, None
        # Measured on the masters of 64-player rounds: probing in presolve costs more than
        # it saves, the stronger linear relaxation saves more than it costs (3 to 4 times
        # faster overall than the defaults).
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.max_presolve_iterations = 1
        solver.parameters.linearization_level = 2
        status = solver.solve(self.m)
        if status != cp_model.OPTIMAL:
            return status, None, None
        split = tuple(sorted(combo for combo, n in self.count.items()
                             for _ in range(solver.value(n))))
        return status, int(solver.objective_value), split

    def at_least(self, value: int) -> None:
        """The optimum is at least ``value`` (an earlier optimum: cuts only remove splits)."""
        self.m.add(self.objective >= value)

    def cut(self, core: Counter) -> None:
        """No split holds at least ``core[T]`` tables of each type ``T`` of the core."""
        present = []
        for combo, k in core.items():
            n = self.count.get(combo)
            if n is None:
                return  # the master never has this type: nothing to cut
            y = self.m.new_bool_var("")
            self.m.add(n >= k).only_enforce_if(y)
            self.m.add(n <= k - 1).only_enforce_if(~y)
            present.append(y)
        self.m.add_bool_or([~y for y in present])


def _listed_types(problem, group, fits, tables_of, cap: int, deadline: float, scarce):
    """Type -> ({point total: players who can sit at a table of it}, least conflict, its
    tables with their conflicts when the type holds a ``scarce`` point total), over every
    table of the types that ``fits`` within the conflict cap; ``None`` past ``ROW_LIMIT``
    tables or ``deadline``."""
    matrix = _conflict_matrix(problem, {i: i for i in problem.order}, max(problem.order) + 1)
    found, rows_seen = {}, 0
    for size in sorted(tables_of):
        for combo in combinations_with_replacement(sorted(group), size):
            need = Counter(combo)
            if any(len(group[v]) < c for v, c in need.items()) or not fits(combo):
                continue
            rows, totals = fill_with_conflicts(need, group, matrix, cap)
            rows_seen += len(rows)
            if rows_seen > ROW_LIMIT or time.perf_counter() > deadline:
                return None
            if not len(rows):
                continue  # no real table of this type within the conflict cap
            players, column = {}, 0
            for v, c in need.items():
                players[v] = set(np.unique(rows[:, column : column + c]).tolist())
                column += c
            listed = None
            if scarce.intersection(combo):
                listed = list(zip(map(tuple, rows.tolist()), totals.tolist(), strict=True))
            found[combo] = players, int(totals.min()), listed
    return found


def _given_types(problem, tables, fits, cap: int, scarce, deadline: float):
    """:func:`_listed_types` over the given ``tables`` only."""
    points, found, rejected = problem.points, {}, set()
    for k, table in enumerate(tables):
        if k % 4096 == 4095 and time.perf_counter() > deadline:
            return None
        conflict = sum(problem.conflicts[a].get(b, 0) for a, b in combinations(table, 2))
        if conflict > cap:
            continue
        combo = tuple(sorted(points[i] for i in table))
        entry = found.get(combo)
        if entry is None:
            if combo in rejected or not fits(combo):
                rejected.add(combo)
                continue
            listed = [] if scarce.intersection(combo) else None
            entry = found[combo] = ({v: set() for v in combo}, conflict, listed)
        players, least, listed = entry
        for i in table:
            players[points[i]].add(i)
        if listed is not None:
            listed.append((tuple(table), conflict))
        if conflict < least:
            found[combo] = players, conflict, listed
    return found


def _seat(problem, split: tuple[Type, ...], cap: int, deadline: float):
    """(tables, None) when players fill ``split`` within the conflict cap; else (None, cores)
    with up to ``CORES_PER_SPLIT`` disjoint cores (each a Counter of types that cannot be
    filled together), or (None, None) if undecided."""
    if time.perf_counter() >= deadline:
        return None, None
    points, order = problem.points, list(problem.order)
    m = cp_model.CpModel()
    x: dict[tuple[int, int], cp_model.IntVar] = {}
    # One literal per table: "at least k tables of its type" for its k-th table of the type.
    literals, meaning, kth = [], [], Counter()
    for t, table in enumerate(split):
        kth[table] += 1
        active = m.new_bool_var("")
        if kth[table] > 1:
            m.add_implication(active, literals[t - 1])  # the (k-1)-th table of the type
        literals.append(active)
        meaning.append((table, kth[table]))
        for value, count in Counter(table).items():
            members = []
            for i in order:
                if points[i] == value:
                    x[i, t] = m.new_bool_var("")
                    members.append(x[i, t])
            m.add(sum(members) == count).only_enforce_if(active)
            m.add(sum(members) == 0).only_enforce_if(~active)
        if kth[table] > 1:
            # Identical tables: the better-ranked first player in the earlier one.
            for pos, i in enumerate(order):
                if (i, t) in x:
                    earlier = [x[j, t - 1] for j in order[:pos] if (j, t - 1) in x]
                    m.add(sum(earlier) >= 1).only_enforce_if(x[i, t])
    for i in order:
        m.add_at_most_one(x[i, t] for t in range(len(split)) if (i, t) in x)
    terms = []
    for i, j in combinations(order, 2):
        w = problem.conflicts[i].get(j, 0)
        if not w:
            continue
        shared = [t for t in range(len(split)) if (i, t) in x and (j, t) in x]
        if not shared:
            continue
        if w > cap:
            for t in shared:
                m.add_bool_or([~x[i, t], ~x[j, t]])
            continue
        z = m.new_bool_var("")
        for t in shared:
            m.add_bool_or([~x[i, t], ~x[j, t], z])
        terms.append(w * z)
    if terms:
        m.add(sum(terms) <= cap)
    m.add_assumptions(literals)
    solver = _solver(deadline)
    if solver is None:
        return None, None
    status = solver.solve(m)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return [[i for i in order if (i, t) in x and solver.value(x[i, t])]
                for t in range(len(split))], None
    if status != cp_model.INFEASIBLE:
        return None, None
    index = {lit.index: t for t, lit in enumerate(literals)}
    cores, assumed = [], set(range(len(split)))
    while status == cp_model.INFEASIBLE:
        core: Counter = Counter()
        for k in solver.sufficient_assumptions_for_infeasibility():
            table, at_least = meaning[index[k]]
            core[table] = max(core[table], at_least)
        cores.append(core)
        if len(cores) == CORES_PER_SPLIT:
            break
        # Another core among the other tables: drop those of this one (and the later tables
        # of their types, which imply them) from the assumptions.
        assumed = {t for t in assumed if meaning[t][1] < core.get(meaning[t][0], len(split) + 1)}
        m.clear_assumptions()
        m.add_assumptions([literals[t] for t in sorted(assumed)])
        solver = _solver(deadline)
        if solver is None or not assumed:
            break
        status = solver.solve(m)
    return None, cores


def _solver(deadline: float) -> cp_model.CpSolver | None:
    """CP-SAT on one worker with the time left once the model is built, or ``None`` when
    there is none."""
    seconds = deadline - time.perf_counter()
    if seconds <= 0:
        return None
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    return solver


def block_profiles(members, ok, largest: int, deadline: float = float("inf")):
    """The block sizes of every partition of ``members`` into sets of at most ``largest``
    players who may pairwise sit together (``ok``), or ``None`` past ``PROFILE_LIMIT``
    steps or ``deadline``.

    A profile is a tuple: the number of blocks of 2, 3, … ``largest`` players
    (single players always fit). Dynamic programme over subsets: the first
    player left opens a block with any set of players it may sit with.
    """
    # The players with the fewest possible table-mates first: they open the first blocks,
    # which keeps the subsets the programme reaches few.
    degree = {i: sum(1 for j in members if j != i and ok(i, j)) for i in members}
    members = sorted(members, key=degree.__getitem__)
    n = len(members)
    if n >= 2 * _RADIX:
        return None  # a digit of the packed profiles could overflow
    near = [0] * n
    for a, b in combinations(range(n), 2):
        if ok(members[a], members[b]):
            near[a] |= 1 << b
            near[b] |= 1 << a
    # A profile is packed into one integer, ``RADIX`` to a block size (blocks of 2 in the
    # lowest digit): a block of ``s`` adds ``RADIX ** (s - 2)``, and sets of them merge in C.
    memo: dict[int, frozenset] = {0: frozenset({0})}
    work = [0]

    def blocks(first: int, rest: int):
        """(mask, size) of the blocks holding ``first`` within ``rest``."""
        out = [(1 << first, 1)]

        def grow(mask: int, candidates: int, size: int) -> None:
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                out.append((mask | low, size + 1))
                if size + 1 < largest:
                    grow(mask | low, candidates & near[low.bit_length() - 1], size + 1)

        grow(1 << first, near[first] & rest, 1)
        return out

    def profiles(mask: int):
        found = memo.get(mask)
        if found is not None:
            return found
        if work[0] > PROFILE_LIMIT or time.perf_counter() > deadline:
            raise _OverBudget
        first = (mask & -mask).bit_length() - 1
        out: set[int] = set()
        for block, size in blocks(first, mask ^ (1 << first)):
            rest = profiles(mask ^ block)
            work[0] += len(rest)
            if size == 1:
                out |= rest
            else:
                step = _RADIX ** (size - 2)
                out.update(p + step for p in rest)
        memo[mask] = found = frozenset(out)
        return found

    try:
        packed = profiles((1 << n) - 1)
    except _OverBudget:
        return None
    return {tuple(p // _RADIX**k % _RADIX for k in range(largest - 1)) for p in packed}


class _OverBudget(Exception):
    pass
