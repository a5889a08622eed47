"""How many play in each knockout round, and at tables of which sizes.

A knockout at tables of ``t`` sending the top ``k`` on is planned round by
round: the entrants of a round are the byes (always the best seeds) plus the
``k`` best of each table played. A round is fixed by how many enter the
next one (``E``) and how many tables it plays (``m``): the best
``E - k·m`` seeds wait, the rest sit at ``m`` tables of ``k + 1`` to ``t``
players, as even as possible.

Among all plans with the fewest rounds we pick, in this order: the fewest
two-player games (at tables of 3 or more a two-player Triominos game is a
different game, 9 tiles each), the most entrants into the next round (a
round-1 table only where needed, as in a two-player bracket where the byes
fill the next round exactly), the fewest tables (the most full ones). The
choice is exact: a dynamic programme over the number of entrants.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class RoundPlan:
    """One knockout round: ``byes`` best seeds wait, the rest play at ``sizes``."""

    entrants: int
    byes: int
    sizes: tuple[int, ...]


def rounds_needed(players: int, table_size: int, advance: int) -> int:
    """Fewest rounds in which ``players`` reduce to one final table."""
    fan = table_size // advance
    rounds, capacity = 1, table_size
    while capacity < players:
        rounds += 1
        capacity *= fan
    return rounds


def knockout_plan(players: int, table_size: int, advance: int) -> tuple[RoundPlan, ...]:
    """The rounds of a knockout of ``players``, first round first; the last is the final."""
    plan: list[RoundPlan] = []
    n = players
    while True:
        _, step = _best(n, table_size, advance)
        if step is None:
            plan.append(RoundPlan(n, 0, (n,)))
            return tuple(plan)
        entrants, tables = step
        byes = entrants - advance * tables
        plan.append(RoundPlan(n, byes, _even_sizes(n - byes, tables)))
        n = entrants


def _even_sizes(players: int, tables: int) -> tuple[int, ...]:
    """Sizes differing by at most one; the smaller tables first (they go to the top heads)."""
    base, extra = divmod(players, tables)
    return tuple([base] * (tables - extra) + [base + 1] * extra)


@lru_cache(maxsize=4096)
def _best(n: int, t: int, k: int) -> tuple[int, tuple[int, int] | None]:
    """(two-player games, (next entrants, tables)) for ``n`` entrants; ``None`` = final."""
    if n <= t:
        return (1 if n == 2 and t > 2 else 0), None
    rounds = rounds_needed(n, t, k)
    cap = t * (t // k) ** (rounds - 2)
    best: tuple[int, int, int] | None = None
    for entrants in range(cap, 1, -1):
        playing_out = n - entrants  # players this round knocks out
        tables = -(-playing_out // (t - k))  # fewest tables that knock out that many
        byes = entrants - k * tables
        if byes < 0 or tables > playing_out:
            continue
        seated = n - byes
        twos = max(0, 3 * tables - seated) if t > 2 else 0
        later, _ = _best(entrants, t, k)
        key = (twos + later, -entrants, tables)
        if best is None or key < best:
            best = key
    assert best is not None  # entrants = k·tables always fits for some table count
    return best[0], (-best[1], best[2])
