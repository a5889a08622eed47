"""Nearly Kirkman triple systems: round robins at tables of 3 for 6t players.

For ``n`` ≡ 0 (mod 6) no schedule meets every pair exactly once (that needs
``n`` ≡ 3 (mod 6)); the best is a *nearly Kirkman triple system* NKTS(n): the
players fall into ``n/2`` pairs that never meet, every other pair meets
exactly once, in ``n/2 − 1`` rounds of ``n/3`` tables. They exist for every
``n`` ≡ 0 (mod 6) from 18 on. The default number of rounds for a round robin
in threes is ``n/2``; the last round seats ``n/3`` of the pairs that never
met, each with one player of the other ``n/6`` pairs (a table can hold at
most one such pair: they do not share players), so ``n/6`` pairs stay unmet
and nobody meets anybody a third time.

Each system is stored as base rounds over the integers modulo ``m`` times
``levels`` plus two fixed players ∞₀ and ∞₁ (player ``levels·m + k``);
player ``l·m + x`` is ``x`` on level ``l``. Adding each element of the group
to a base round gives ``m`` rounds. For 24–60 players, ``m = n/2 − 1`` and two
levels, one base round (for odd ``m`` the pairs {(x, 0), (x, 1)} never meet,
for even ``m`` the pairs {(x, l), (x + m/2, l)}); 18 players take the integers
modulo 4 on four levels with two base rounds. Each base round is an exact
cover (every point once, every difference of levels and residues once) found
offline by CP-SAT, in 0.2–120 s each; a test checks every system.
"""

from __future__ import annotations

from functools import cache

Round = tuple[tuple[int, ...], ...]

#: players -> (modulus, levels, base rounds); tables "a.b.c", players as above.
_STORED: dict[int, tuple[int, int, tuple[str, ...]]] = {
    18: (4, 4, (
        "0.3.12 1.8.9 5.11.14 6.7.13 10.15.16 2.4.17",
        "0.4.9 2.5.8 3.13.14 7.11.15 1.6.16 10.12.17",
    )),
    24: (11, 2, (
        "1.7.11 2.16.20 3.10.19 5.13.18 6.8.9 14.15.17 0.12.22 4.21.23",
    )),
    30: (14, 2, (
        "1.7.27 2.15.26 3.12.13 5.8.23 6.14.22 9.11.16 10.19.21 20.24.25 0.17.28 4.18.29",
    )),
    36: (17, 2, (
        "1.17.22 2.8.15 3.5.32 4.12.23 6.7.31 9.14.29 10.13.19 16.21.30 20.27.33 25.26.28 "
        "0.18.34 11.24.35",
    )),
    42: (20, 2, (
        "1.20.25 2.11.19 3.17.23 4.26.29 5.10.12 6.7.37 8.24.36 9.13.22 14.28.32 16.31.33 "
        "18.30.39 21.34.35 0.27.40 15.38.41",
    )),
    48: (23, 2, (
        "1.21.35 2.4.12 3.9.10 6.17.33 7.27.36 8.34.39 11.15.28 13.22.31 14.19.29 16.23.38 "
        "18.37.43 20.25.32 30.40.42 41.44.45 0.24.46 5.26.47",
    )),
    54: (26, 2, (
        "1.22.34 2.24.42 3.4.40 5.33.36 6.13.23 7.9.48 8.14.30 10.21.29 11.25.28 12.20.47 "
        "15.18.38 17.41.43 19.44.49 26.35.51 27.39.45 31.46.50 0.32.52 16.37.53",
    )),
    60: (29, 2, (
        "1.17.39 2.28.54 3.13.46 4.5.45 7.32.51 8.19.36 9.43.48 10.14.22 11.16.18 12.27.47 "
        "15.24.42 20.26.33 21.29.40 23.44.53 25.41.49 30.55.56 34.50.57 35.37.52 0.31.58 "
        "6.38.59",
    )),
}


@cache
def nearly_kirkman_rounds(players: int) -> tuple[Round, ...] | None:
    """The ``players/2 − 1`` rounds of an NKTS(players), or ``None`` when none is stored."""
    stored = _STORED.get(players)
    if stored is None:
        return None
    modulus, levels, bases = stored
    finite = levels * modulus

    def shifted(point: int, by: int) -> int:
        if point >= finite:
            return point
        level, x = divmod(point, modulus)
        return level * modulus + (x + by) % modulus

    rounds = []
    for base in bases:
        tables = [tuple(int(p) for p in table.split(".")) for table in base.split()]
        for by in range(modulus):
            rounds.append(tuple(tuple(sorted(shifted(p, by) for p in t)) for t in tables))
    return tuple(rounds)


def closing_round(players: int, rounds: tuple[Round, ...]) -> Round:
    """One more round: ``players/3`` tables each holding a pair that never met."""
    met = {frozenset((a, b)) for rnd in rounds for t in rnd for a in t for b in t if a != b}
    unmet = sorted(
        (a, b) for a in range(players) for b in range(a + 1, players)
        if frozenset((a, b)) not in met
    )
    whole, split = unmet[: players // 3], unmet[players // 3 :]
    loose = [p for pair in split for p in pair]
    return tuple((*pair, p) for pair, p in zip(whole, loose, strict=True))
