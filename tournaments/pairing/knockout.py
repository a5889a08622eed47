"""Knockout brackets: single elimination at tables of 2–6.

A bracket is plain data: matches whose seats come from :class:`Source`
values ("seed 3", "winner of M3", "loser of M5", "2nd of M4"). Building
works on a full bracket whose size is a power of the branching factor and
then removes the empty seats: a match left with only as many players as go
on is not played and its players move straight on (a bye). Playing the
bracket is :func:`tournaments.pairing.knockout_play.advance`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .errors import PairingError
from .flags import Flag, KnockoutBye, TwoPlayerTable
from .knockout_plan import knockout_plan
from .model import PlayerId


@dataclass(frozen=True)
class Source:
    """Where a seat's player comes from: a seed, or a place at an earlier match."""

    kind: Literal["seed", "result"]
    seed: int = 0
    match: str = ""
    place: int = 0


@dataclass(frozen=True)
class Match:
    """One knockout table. ``advance`` places go on (0 for a final)."""

    id: str
    round: int
    slots: tuple[Source, ...]
    advance: int


@dataclass(frozen=True)
class PlaceRange:
    """Finishing ``place`` at ``match`` ends the tournament at ``best``..``worst``."""

    match: str
    place: int
    best: int
    worst: int


@dataclass(frozen=True)
class Bracket:
    """A whole knockout, ready to be played with ``advance``."""

    table_size: int
    advance: int
    seeds: tuple[PlayerId, ...]
    matches: tuple[Match, ...]
    places: tuple[PlaceRange, ...]
    flags: tuple[Flag, ...] = ()

    def match(self, match_id: str) -> Match:
        """The match with id ``match_id``."""
        for m in self.matches:
            if m.id == match_id:
                return m
        raise KeyError(match_id)


@dataclass
class _Raw:
    id: str
    round: int
    slots: list[Source]
    advance: int
    tier: int  # later tiers finish better; equal tiers share places
    seats: int = 0


def bracket_order(count: int, arity: int = 2) -> list[int]:
    """Seed numbers in bracket order for ``count`` slots (a power of ``arity``).

    For two: 1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11 — every
    block of ``arity`` meets first, the best seed always with the weakest,
    so seeds 1 and 2 can only meet in the final.
    """
    order, size = [1], 1
    while size < count:
        order = [
            x for s in order for x in [s] + [k * size + (size + 1 - s) for k in range(1, arity)]
        ]
        size *= arity
    if size != count:
        raise PairingError("bracket-size", "count must be a power of arity",
                           {"count": count, "arity": arity})
    return order


def seed(player: int) -> Source:
    """Source for seed number ``player`` (1-based)."""
    return Source("seed", seed=player)


def result(match: str, place: int) -> Source:
    """Source for finishing ``place`` at ``match``."""
    return Source("result", match=match, place=place)


def single_elimination(
    seeds: Sequence[PlayerId],
    table_size: int = 2,
    advance: int = 1,
) -> Bracket:
    """Single elimination; ``seeds`` best first.

    Tables of ``table_size`` send their top ``advance`` players on
    (``table_size`` must be a multiple of ``advance``); the last table
    decides all places. Seeds are spread so the best meet last and the empty
    seats of a short field fall to the best seeds' tables, which gives the
    top seeds the byes.
    """
    n = _check(seeds)
    t, k = table_size, advance
    if not 2 <= t <= 6 or not 1 <= k < t or t % k:
        raise PairingError("knockout-tables",
                           "need 2 <= table_size <= 6 and advance dividing table_size",
                           {"table_size": t, "advance": k})
    plan = knockout_plan(n, t, k)
    rounds = len(plan)
    entrants: list[Source] = [seed(s) for s in range(1, n + 1)]
    favourite: dict[Source, int] = {src: src.seed for src in entrants}
    by_round: list[list[_Raw]] = []
    for rnd, step in enumerate(plan, start=1):
        final = rnd == rounds
        tables = _separate(_seat(entrants[step.byes :], step.sizes), favourite)
        matches = [
            _Raw(f"R{rnd}.{q}", rnd, slots, 0 if final else k, 2 * rnd)
            for q, slots in enumerate(tables)
        ]
        by_round.append(matches)
        if final:
            break
        for m in matches:
            best = sorted(favourite[src] for src in m.slots)
            favourite.update({result(m.id, p): best[p - 1] for p in range(1, k + 1)})
        # The next round is seeded by who would go on if the better seed
        # always won, so its tables mix strong and weak again.
        entrants = entrants[: step.byes] + sorted(
            (result(m.id, p) for p in range(1, k + 1) for m in matches), key=favourite.__getitem__
        )
    raw = [m for matches in _bracket_order(by_round) for m in matches]
    twos = [
        TwoPlayerTable(match=m.id, round=m.round, table_size=t)
        for m in raw
        if t > 2 and len(m.slots) == 2
    ]
    return _finish(t, k, seeds, raw, extra_flags=twos)


def _seat(players: list[Source], sizes: tuple[int, ...]) -> list[list[Source]]:
    """Tables of ``sizes`` (smallest first): heads in order, each further level reversed.

    The best head thus meets the weakest player of every level, and the top
    heads get the smaller tables (the fewer opponents, the better the odds).
    """
    tables: list[list[Source]] = [[] for _ in sizes]
    rest = iter(players)
    for level in range(max(sizes)):
        open_tables = [q for q, size in enumerate(sizes) if size > level]
        if level:
            open_tables.reverse()
        for q in open_tables:
            tables[q].append(next(rest))
    return tables


def _separate(tables: list[list[Source]], favourite: dict[Source, int]) -> list[list[Source]]:
    """Swap seats until no table holds two players of one earlier table, where possible.

    Two places of one match ("winner of M1", "2nd of M1") at one table would
    replay that table. Each step moves the weaker of a clashing pair to
    another table and takes a player back: the first swap that lowers the
    number of clashing pairs, trying the same level first (the same seat
    number, so the tables stay as balanced as :func:`_seat` made them), then
    the nearest expected strength. Every swap lowers the count, so the search
    ends; for every field of 3–256 players and every table shape it reaches
    none whenever the table sizes allow it (a test checks it against the
    Gale–Ryser condition for seating each match's players at distinct tables).
    """

    def group(src: Source) -> str | None:
        return src.match if src.kind == "result" else None

    tables = [list(t) for t in tables]
    counts = [Counter(g for g in map(group, t) if g is not None) for t in tables]

    def gain(t: int, p: Source, u: int, q: Source) -> int:
        """How many clashing pairs swapping ``p`` (at ``t``) and ``q`` (at ``u``) removes."""
        gp, gq = group(p), group(q)
        if gp == gq:
            return 0
        ct, cu = counts[t], counts[u]
        out = (ct[gp] - 1 if gp else 0) - (cu[gp] if gp else 0)
        return out + (cu[gq] - 1 if gq else 0) - (ct[gq] if gq else 0)

    def swap_for(t: int, pos: int) -> tuple[int, int] | None:
        p = tables[t][pos]
        options = sorted(
            ((u, q_pos) for u in range(len(tables)) if u != t
             for q_pos in range(len(tables[u]))),
            key=lambda o: (o[1] != pos, abs(favourite[tables[o[0]][o[1]]] - favourite[p])),
        )
        return next((o for o in options if gain(t, p, o[0], tables[o[0]][o[1]]) > 0), None)

    changed = True
    while changed:
        changed = False
        for t, table in enumerate(tables):
            for pos in range(len(table) - 1, -1, -1):  # the weaker players move
                g = group(table[pos])
                if g is None or counts[t][g] < 2:
                    continue
                found = swap_for(t, pos)
                if found is None:
                    continue
                u, q_pos = found
                p, q = table[pos], tables[u][q_pos]
                for where, out, into in ((t, p, q), (u, q, p)):
                    if group(out):
                        counts[where][group(out)] -= 1
                    if group(into):
                        counts[where][group(into)] += 1
                table[pos], tables[u][q_pos] = q, p
                changed = True
    return [sorted(t, key=favourite.__getitem__) for t in tables]


def _bracket_order(by_round: list[list[_Raw]]) -> list[list[_Raw]]:
    """Each round's tables in the order the next round takes their players.

    Listed so, the tables feeding one later table stand together, as in a
    printed bracket (1–16, 8–9, 4–13, 5–12, … for sixteen players).
    """
    ordered = [by_round[-1]]
    for matches in reversed(by_round[:-1]):
        position = {m.id: i for i, m in enumerate(matches)}
        taken: list[_Raw] = []
        for later in ordered[0]:
            for src in later.slots:
                if src.kind == "result" and src.match in position:
                    m = matches[position.pop(src.match)]
                    taken.append(m)
        ordered.insert(0, taken + [m for m in matches if m.id in position])
    return ordered


def _check(seeds: Sequence[PlayerId]) -> int:
    if len(set(seeds)) != len(seeds):
        raise PairingError("players-twice", "seeds must be unique", {})
    if len(seeds) < 2:
        raise PairingError("too-few-players", "a knockout needs at least 2 players",
                           {"count": len(seeds), "min": 2})
    return len(seeds)


def _finish(
    t: int,
    k: int,
    seeds: Sequence[PlayerId],
    raw: list[_Raw],
    extra_flags: Sequence[TwoPlayerTable] = (),
) -> Bracket:
    """Drop empty seats, renumber the real matches and work out the places."""
    n = len(seeds)
    subst: dict[tuple[str, int], Source | None] = {}
    real: list[_Raw] = []
    for m in raw:
        slots: list[Source] = []
        for src in m.slots:
            if src.kind == "seed":
                got = src if src.seed <= n else None
            else:
                key = (src.match, src.place)
                got = subst.get(key, src)
            if got is not None:
                slots.append(got)
        full = len(m.slots)
        if len(slots) <= max(m.advance, 1):
            # Nothing to play: everybody present goes straight on, better
            # seat first; the places nobody fills are empty downstream.
            for p in range(1, full + 1):
                subst[(m.id, p)] = slots[p - 1] if p <= len(slots) else None
            continue
        for p in range(len(slots) + 1, full + 1):
            subst[(m.id, p)] = None
        real.append(replace(m, slots=slots, seats=len(slots)))
    names = {m.id: f"M{i}" for i, m in enumerate(real, start=1)}
    matches = tuple(
        Match(
            id=names[m.id],
            round=m.round,
            slots=tuple(
                s if s.kind == "seed" else replace(s, match=names[s.match]) for s in m.slots
            ),
            advance=m.advance,
        )
        for m in real
    )
    places = _place_ranges(real, names)
    first_round: dict[int, int] = {}
    for m in matches:
        for s in m.slots:
            if s.kind == "seed":
                first_round.setdefault(s.seed, m.round)
    flags = tuple(
        KnockoutBye(player=seeds[s - 1], seed=s, enters_round=r)
        for s, r in sorted(first_round.items())
        if r > 1
    ) + tuple(
        replace(f, match=names[f.match]) for f in extra_flags
    )
    return Bracket(t, k, tuple(seeds), matches, places, flags)


def _place_ranges(real: list[_Raw], names: dict[str, str]) -> tuple[PlaceRange, ...]:
    """Final places for every finishing place that feeds no later match.

    Later tiers finish better; at one tier a better place finishes better;
    everybody in the same tier and place shares the range.
    """
    used = {(s.match, s.place) for m in real for s in m.slots if s.kind == "result"}
    groups: dict[tuple[int, int], list[str]] = {}
    for m in real:
        for p in range(1, m.seats + 1):
            if (m.id, p) not in used:
                groups.setdefault((m.tier, p), []).append(m.id)
    out: list[PlaceRange] = []
    best = 1
    for tier, place in sorted(groups, key=lambda g: (-g[0], g[1])):
        members = groups[(tier, place)]
        worst = best + len(members) - 1
        out.extend(PlaceRange(names[mid], place, best, worst) for mid in members)
        best = worst + 1
    return tuple(out)
