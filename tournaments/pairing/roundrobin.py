"""Round-robin schedules.

Tables of 2 follow FIDE's Berger tables (Handbook C.05, Annex 1), here the
Berger schedule. Tables of
3–4 use an exact resolvable design when one is built in (``designs``: every
pair meets exactly once — Kirkman triple systems for every size ≡ 3 mod 6 up
to 99 but 93, designs for 16, 28, 40, 52, 64 in fours) and otherwise a local
search that keeps the pair-meeting counts as even as possible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from . import partition
from .designs import resolvable_design
from .errors import PairingError
from .flags import Bye, ByeReason, ExactDesign, Flag, MeetingBalance
from .model import PlayerId, Remainder, RoundDraft, Table, table_sizes
from .nearly_kirkman import closing_round, nearly_kirkman_rounds

#: Simulated-annealing steps per player and round (capped by MAX_STEPS).
STEPS_PER_SLOT = 400
MAX_STEPS = 200_000


@dataclass
class Schedule:
    """A whole round-robin: the rounds in playing order plus summary flags."""

    rounds: list[RoundDraft]
    flags: list[Flag]


def berger_schedule(n: int) -> list[list[tuple[int, int]]]:
    """The Berger schedule (FIDE's "Berger table") for ``n`` players, as pairing numbers.

    Each round lists its tables in board order as ``(first, second)``; the
    first player has white / the first seat. For odd ``n`` the schedule for
    ``n + 1`` is returned and meeting number ``n + 1`` means a bye.

    Construction: round 1 pairs ``i`` with ``m + 1 - i``; each next round
    adds ``m / 2`` (modulo ``m - 1``) to every number except ``m``, keeps the
    board order and swaps colours on board 1, where ``m`` always plays.
    """
    if n < 2:
        raise PairingError("too-few-players", "a round robin needs at least 2 players",
                           {"count": n, "min": 2})
    m = n + n % 2
    half = m // 2
    rounds = [[(i, m + 1 - i) for i in range(1, half + 1)]]

    def shift(x: int) -> int:
        return m if x == m else (x - 1 + half) % (m - 1) + 1

    for _ in range(m - 2):
        nxt = [(shift(a), shift(b)) for a, b in rounds[-1]]
        nxt[0] = (nxt[0][1], nxt[0][0])
        rounds.append(nxt)
    return rounds


def round_robin(
    player_ids: Sequence[PlayerId],
    table_size: int = 2,
    rounds: int | None = None,
    cycles: int = 1,
    remainder: Remainder = "bye",
    seed: int = 0,
) -> Schedule:
    """Schedule a round robin; ``player_ids`` in pairing-number order.

    For tables of 2 this is the Berger schedule (``cycles`` repeats it with
    colours reversed in every second cycle; the last two rounds of every
    cycle but the last are swapped, as FIDE recommends for a double round
    robin's first cycle, so no player gets three equal colours in a row
    across the break).
    ``rounds`` cuts the schedule short. For tables of 3–4, ``rounds``
    defaults to enough rounds for everybody to be able to meet everybody,
    ``remainder`` handles a field that does not divide into full tables and
    ``seed`` makes the local search reproducible.
    """
    ids = list(player_ids)
    if len(set(ids)) != len(ids):
        raise PairingError("players-twice", "player ids must be unique", {})
    if table_size == 2:
        drafts = _berger_drafts(ids, cycles)
        if rounds is not None:
            drafts = drafts[:rounds]
        flags = [_balance_flag(ids, drafts)]
        return Schedule(drafts, flags)
    if table_size not in (3, 4):
        raise PairingError("bad-table-size", "table_size must be 2, 3 or 4",
                           {"table_size": table_size})
    return _table_schedule(ids, table_size, rounds, remainder, seed)


def _berger_drafts(ids: list[int], cycles: int) -> list[RoundDraft]:
    n = len(ids)
    schedule = berger_schedule(n)
    drafts = []
    for cycle in range(cycles):
        base = schedule
        if cycle < cycles - 1 and len(schedule) >= 2:
            # FIDE C.05: the last two rounds of a cycle followed by another are
            # swapped, so nobody plays three games with one colour across the
            # break; the last cycle keeps the schedule's order.
            base = schedule[:-2] + [schedule[-1], schedule[-2]]
        for rnd in base:
            tables, byes, flags = [], [], []
            for a, b in rnd:
                if cycle % 2:
                    a, b = b, a
                if max(a, b) > n:
                    player = ids[min(a, b) - 1]
                    byes.append(player)
                    flags.append(Bye(player=player, reason=ByeReason.ROUND_ROBIN))
                else:
                    tables.append(Table((ids[a - 1], ids[b - 1])))
            drafts.append(RoundDraft(tables, byes, flags))
    return drafts


# -- tables of 3-4 ------------------------------------------------------------


def _table_schedule(
    ids: list[int], size: int, rounds: int | None, remainder: Remainder, seed: int
) -> Schedule:
    n = len(ids)
    if rounds is None:
        rounds = max(1, -(-(n - 1) // (size - 1)))
    rng = random.Random(seed)
    found = resolvable_design(n, size)
    design = [[list(t) for t in rnd] for rnd in found.rounds] if found else []
    near = nearly_kirkman_rounds(n) if size == 3 and not found else None
    if near:
        # n/2 - 1 rounds meeting every pair once but n/2 pairs, then a round seating n/3
        # of those pairs: n/6 pairs never meet, nobody meets anybody three times.
        design = [[list(t) for t in rnd] for rnd in (*near, closing_round(n, near))]
    counts = [[0] * n for _ in range(n)]
    plan: list[tuple[list[list[int]], list[int], bool]] = []  # tables, byes, fixed
    bye_counts = [0] * n
    for number in range(rounds):
        if number < len(design):
            tables, byes, fixed = [list(t) for t in design[number]], [], True
        else:
            sizes, nbyes = table_sizes(n, size, remainder)
            # Sit out whoever sat out least, rotating through the field.
            byes = sorted(range(n), key=lambda i: (bye_counts[i], (i - number) % n))[:nbyes]
            order = [i for i in range(n) if i not in byes]
            rng.shuffle(order)
            tables = _optimise(order, sizes, counts) if sizes else []
            fixed = False
        for b in byes:
            bye_counts[b] += 1
        _count(counts, tables, +1)
        plan.append((tables, byes, fixed))
    _anneal(plan, counts, rng)
    drafts = _seat(ids, plan)
    flags = [_balance_flag(ids, drafts)]
    if found:
        flags.append(ExactDesign(design=found.name, order=size,
                                 rounds=min(rounds, len(design))))
    return Schedule(drafts, flags)


def spread_rounds(
    counts: list[list[int]], sizes: list[int], rounds: int, seed: int = 0
) -> list[list[list[int]]]:
    """``rounds`` rounds of players ``0..n-1`` at tables of ``sizes`` after meetings ``counts``.

    The round robin's search (greedy rounds, then annealing): fewest meetings
    beyond a second, then fewest pairs never met, then squared counts — with
    the number of meetings fixed, fewest unmet pairs is fewest repeats. The
    Swiss system uses it as a first guess when it plans the rest of an event.
    """
    counts = [list(row) for row in counts]
    rng = random.Random(seed)
    plan = []
    for _ in range(rounds):
        order = list(range(len(counts)))
        rng.shuffle(order)
        tables = _optimise(order, sizes, counts)
        _count(counts, tables, +1)
        plan.append((tables, [], False))
    _anneal(plan, counts, rng)
    return [tables for tables, _, _ in plan]


def _pair_cost(counts: list[list[int]]):
    # Meeting again costs (number of pairs)^count: one more pair at a higher
    # count always weighs more than any number of pairs below it, which
    # first keeps the maximum down and then evens out the rest.
    base = len(counts) ** 2 + 1

    def cost(i: int, j: int) -> int:
        c = counts[i][j]
        return base**c if c else 0

    return cost


def _anneal(plan: list, counts: list[list[int]], rng: random.Random) -> None:
    """Simulated annealing over swaps inside the searched rounds.

    Per-round optimisation gets stuck: a round can only be as good as the
    others allow. Annealing swaps two players of one round at a time and
    judges the swap by the whole schedule, sometimes accepting a worse
    schedule to get out of a local minimum. The schedule kept is the best
    seen in this order: fewest meetings beyond a second (so a pair meets a
    third time only when that cannot be helped), fewest pairs that never
    meet (so a third meeting does not stand while a pair has not met), then
    the sum of squared meeting counts (for a fixed number of meetings, the
    variance). The walk itself weighs the first two only a few times a
    squared count, so it can still cross them. Seeded, so the result is
    reproducible.
    """
    rounds = [r for r, (tables, _b, fixed) in enumerate(plan) if not fixed and len(tables) > 1]
    if not rounds:
        return
    n = len(counts)
    # The kept order folded into one number (squared counts stay below 2 n^4 here).
    key_unmet = 4 * n**4
    key_third = key_unmet * n * n

    def gained(c: int, third: int, unmet: int) -> int:
        """What one more meeting of a pair that met ``c`` times adds."""
        return 2 * c + 1 + (third * (2 * c - 3) if c >= 2 else 0) - (unmet if c == 0 else 0)

    def swap_delta(a: list[int], b: list[int], x: int, y: int, third: int, unmet: int) -> int:
        # y meets a's others (one more meeting each), x no longer does; b the other way.
        cx, cy = counts[x], counts[y]
        return sum(gained(cy[z], third, unmet) - gained(cx[z] - 1, third, unmet)
                   for z in a if z != x) + sum(
            gained(cx[z], third, unmet) - gained(cy[z] - 1, third, unmet) for z in b if z != y)

    steps = min(MAX_STEPS, STEPS_PER_SLOT * n * len(rounds))
    key = sum(c * c + key_third * max(0, c - 2) ** 2 + key_unmet * (c == 0)
              for i, row in enumerate(counts) for c in row[i + 1 :])
    best_key, best = key, [[list(t) for t in plan[r][0]] for r in rounds]
    for step in range(steps):
        temp = 2.0 * (1 - step / steps) + 0.05
        pos = rng.choice(rounds)
        tables = plan[pos][0]
        a, b = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
        x, y = tables[a][i], tables[b][j]
        delta = swap_delta(tables[a], tables[b], x, y, 3, 3)
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            continue
        key += swap_delta(tables[a], tables[b], x, y, key_third, key_unmet)
        # x leaves table a for b and y the other way: each one's meetings follow.
        cx, cy = counts[x], counts[y]
        for table, gone, come, c_gone, c_come in ((tables[a], x, y, cx, cy),
                                                   (tables[b], y, x, cy, cx)):
            for z in table:
                if z != gone:
                    c_gone[z] -= 1
                    counts[z][gone] -= 1
                    c_come[z] += 1
                    counts[z][come] += 1
        tables[a][i], tables[b][j] = y, x
        if key < best_key:
            best_key, best = key, [[list(t) for t in plan[r][0]] for r in rounds]
    for r, tables in zip(rounds, best, strict=True):
        plan[r] = (tables, plan[r][1], plan[r][2])


def _optimise(order: list[int], sizes: list[int], counts: list[list[int]]) -> list[list[int]]:
    cost = _pair_cost(counts)
    tables = partition.greedy_fill(order, sizes, cost, window=len(order))
    return partition.improve(tables, cost, conflict=1, near=len(tables))


def _count(counts: list[list[int]], tables: list[list[int]], step: int) -> None:
    for table in tables:
        for a, b in combinations(table, 2):
            counts[a][b] += step
            counts[b][a] += step


def _seat(ids: list[int], plan: list) -> list[RoundDraft]:
    """Seat every table so the openings rotate: fewest openings sit first."""
    opened = [0] * len(ids)
    drafts = []
    for tables, byes, _fixed in plan:
        out, flags = [], []
        for table in tables:
            seats = sorted(table, key=lambda i: (opened[i], i))
            opened[seats[0]] += 1
            out.append(Table(tuple(ids[i] for i in seats)))
        for b in byes:
            flags.append(Bye(player=ids[b], reason=ByeReason.ROUND_ROBIN))
        drafts.append(RoundDraft(out, [ids[b] for b in byes], flags))
    return drafts


def meeting_counts(player_ids: Sequence[PlayerId], drafts: Sequence[RoundDraft]) -> dict:
    """How often each pair of ``player_ids`` shares a table in ``drafts``."""
    counts = {frozenset(p): 0 for p in combinations(player_ids, 2)}
    for draft in drafts:
        for table in draft.tables:
            for pair in combinations(table.seats, 2):
                counts[frozenset(pair)] += 1
    return counts


def _balance_flag(ids: list[int], drafts: list[RoundDraft]) -> Flag:
    values = list(meeting_counts(ids, drafts).values()) or [0]
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(values)
    return MeetingBalance(min=min(values), max=max(values), variance=round(variance, 6),
                          unmet_pairs=sum(1 for v in values if v == 0))
