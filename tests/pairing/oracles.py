"""Brute-force oracles and a small tournament simulator for the pairing tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from tournaments.pairing import Bracket, Meetings, PlayerEntry, RoundDraft, Source


def perfect_matchings(items: Sequence) -> Iterator[list[tuple]]:
    """Every way to split ``items`` (even length) into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def partitions(items: Sequence, sizes: Sequence[int]) -> Iterator[list[tuple]]:
    """Every split of ``items`` into groups with the multiset of ``sizes``."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for combo in combinations(rest, size - 1):
            remaining = [x for x in rest if x not in combo]
            for tail in partitions(remaining, left):
                yield [(first, *combo), *tail]


def group_cost(groups, meetings: Meetings, forbidden: set[frozenset]) -> tuple[int, int]:
    """(forbidden pairs, repeat cost) of a set of tables."""
    hard = rep = 0
    for g in groups:
        for a, b in combinations(g, 2):
            hard += frozenset((a, b)) in forbidden
            rep += meetings.repeat_cost(a, b)
    return hard, rep


def best_two(players: Sequence[PlayerEntry], history, forbidden=frozenset()) -> tuple[int, int]:
    """Least (hard, repeat) cost over every pairing and bye choice at tables of 2.

    Hard counts forbidden pairs and byes to players who already had one.
    """
    meetings = Meetings(history)
    byes = {p.id: p.byes for p in players}
    ids = [p.id for p in players]
    if len(ids) % 2:
        ids = [*ids, None]
    best = None
    for matching in perfect_matchings(ids):
        real = [m for m in matching if None not in m]
        hard, rep = group_cost(real, meetings, set(forbidden))
        for m in matching:
            if None in m:
                hard += byes[m[0] if m[1] is None else m[1]]
        if best is None or (hard, rep) < best:
            best = (hard, rep)
    return best


def draft_cost(draft: RoundDraft, players, history, forbidden=frozenset()) -> tuple[int, int]:
    """(hard, repeat) cost of a draft, as :func:`best_two` counts it."""
    meetings = Meetings(history)
    byes = {p.id: p.byes for p in players}
    hard, rep = group_cost([t.seats for t in draft.tables], meetings, set(forbidden))
    return hard + sum(byes[b] for b in draft.byes), rep


def best_tables(draft: RoundDraft, history, forbidden=frozenset()) -> tuple[int, int]:
    """Least (hard, repeat) cost over every split of the draft's seated players."""
    meetings = Meetings(history)
    seated = [p for t in draft.tables for p in t.seats]
    sizes = [len(t.seats) for t in draft.tables]
    return min(group_cost(p, meetings, set(forbidden)) for p in partitions(seated, sizes))


def repeat_free_split_exists(draft: RoundDraft, history, forbidden=frozenset()) -> bool:
    """Plain backtracking: can the seated players sit (any sizes arrangement) repeat-free?"""
    meetings = Meetings(history)

    def ok(a, b):
        return meetings.count(a, b) == 0 and frozenset((a, b)) not in forbidden

    def rec(items, sizes):
        if not items:
            return True
        first, rest = items[0], items[1:]
        for size in sorted(set(sizes)):
            left = list(sizes)
            left.remove(size)
            mates = [x for x in rest if ok(first, x)]
            for combo in combinations(mates, size - 1):
                if all(ok(a, b) for a, b in combinations(combo, 2)) and rec(
                    [x for x in rest if x not in combo], left
                ):
                    return True
        return False

    seated = [p for t in draft.tables for p in t.seats]
    return rec(seated, [len(t.seats) for t in draft.tables])


def play(draft: RoundDraft, rng: random.Random) -> dict[int, int]:
    """Random placings for a draft: table points size-1 .. 0, byes score size-1."""
    gained: dict[int, int] = {}
    for table in draft.tables:
        order = list(table.seats)
        rng.shuffle(order)
        for place, pid in enumerate(order):
            gained[pid] = len(order) - 1 - place
    for pid in draft.byes:
        gained[pid] = 1
    return gained


def colours_so_far(history) -> dict[int, list[str]]:
    """Each player's colours at tables of 2, oldest first: the first seat is White."""
    out: dict[int, list[str]] = {}
    for tables in history:
        for seats in tables:
            if len(seats) == 2:
                out.setdefault(seats[0], []).append("W")
                out.setdefault(seats[1], []).append("B")
    return out


def colour_preference(colours: Sequence[str]) -> tuple[str | None, str | None]:
    """(colour, strength) as FIDE's Dutch rules define it (C.04.3 A.6), written out plainly.

    Absolute: colour difference beyond ±1, or the same colour in the last two games;
    strong: difference ±1; mild: difference 0, the other colour than last time;
    none before the first game.
    """
    if not colours:
        return None, None
    diff = colours.count("W") - colours.count("B")
    other = {"W": "B", "B": "W"}
    if diff > 1:
        return "B", "absolute"
    if diff < -1:
        return "W", "absolute"
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return other[colours[-1]], "absolute"
    if diff == 1:
        return "B", "strong"
    if diff == -1:
        return "W", "strong"
    return other[colours[-1]], "mild"


def colour_report(pairs, history) -> dict[str, int]:
    """How a round's (white, black) pairs keep FIDE's colour rules, counted per player.

    ``absolute``: players given the colour against an absolute preference
    (their difference goes past ±2, or a third equal colour in a row);
    ``unmet``: players not given their preference (C.04.3 C12);
    ``unmet_strong``: of those, strong or absolute preferences (C13);
    ``three_in_a_row`` and ``difference``: the two kinds of absolute break.
    """
    colours = colours_so_far(history)
    report = dict.fromkeys(("absolute", "unmet", "unmet_strong", "three_in_a_row",
                            "difference"), 0)
    for white, black in pairs:
        for player, got in ((white, "W"), (black, "B")):
            seen = colours.get(player, [])
            wanted, strength = colour_preference(seen)
            if wanted is None or wanted == got:
                continue
            report["unmet"] += 1
            report["unmet_strong"] += strength in ("strong", "absolute")
            if strength == "absolute":
                report["absolute"] += 1
                after = [*seen, got]
                report["three_in_a_row"] += after[-3:] == [got] * 3
                report["difference"] += abs(after.count("W") - after.count("B")) > 2
    return report


def described(bracket: Bracket, source: Source) -> str:
    """English label of a seat's source, e.g. ``"winner of M3"``, for reading assertions."""
    if source.kind == "seed":
        return f"seed {source.seed}"
    if source.place == 1:
        return f"winner of {source.match}"
    if source.place == 2 and len(bracket.match(source.match).slots) == 2:
        return f"loser of {source.match}"
    suffix = {2: "nd", 3: "rd"}.get(source.place, "th")
    return f"{source.place}{suffix} of {source.match}"
