"""Standings with an ordered, configurable list of tie-breaks.

Tournament points come from a :class:`PointsScheme` (by placing at the
table, optionally with a special value for a shared first place, as in
3/1/0 win/tie/loss). Tie-breaks are applied one after another inside
groups still tied, which is what lets "direct encounter" look only at the
players actually tied; lots (seeded, reproducible) always separate the
last ties, so ranks are unique.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .errors import PairingError
from .flags import DirectEncounterNotApplied, Flag, Lots, Tiebreak
from .model import PlayerEntry, PlayerId

TIEBREAKS = (
    "points",
    "game-points",
    "spread",
    "buchholz",
    "buchholz-cut1",
    "buchholz-median",
    "sonneborn-berger",
    "direct-encounter",
    "progressive",
    "win",
    "won",
    "rating",
)
#: Codes kept readable for standings stored before WIN and WON were split.
LEGACY_TIEBREAKS = {"wins": "won"}
DEFAULT_TIEBREAKS = (
    "points",
    "direct-encounter",
    "buchholz-cut1",
    "buchholz",
    "sonneborn-berger",
    "game-points",
    "rating",
)


@dataclass(frozen=True)
class TableResult:
    """One finished table: ``scores[i]`` is the game score of ``seats[i]``.

    ``seats`` are in seating order (the first seat opened), which is how
    :func:`next_swiss_round` learns who opened.

    ``placings`` (1 = first, equal numbers for shared places) default to the
    order of the scores, highest first.
    """

    seats: tuple[PlayerId, ...]
    scores: tuple[float, ...]
    placings: tuple[int, ...] | None = None

    def places(self) -> tuple[int, ...]:
        """Placings, given or derived from the scores (1, 1, 3 for a shared first)."""
        if self.placings is not None:
            return tuple(self.placings)
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)


@dataclass(frozen=True)
class RoundResult:
    """All tables of one round, plus the players who had a bye.

    ``absent`` lists players of the event who were not paired in this round
    (withdrawn, or not yet entered): FIDE C.07 (2023) counts each such round
    in the tie-breaks as a game lost to a dummy opponent with the player's
    own final points.
    """

    tables: tuple[TableResult, ...]
    byes: tuple[PlayerId, ...] = ()
    absent: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class PointsScheme:
    """How placings at a table turn into tournament points.

    ``placing[size]`` lists the points for 1st, 2nd, ... at a table of that
    size. Players sharing a place get the average of the places they span
    (``ties="average"``) or the best of them (``ties="best"``); a shared
    first place gets ``shared_first`` each when that is set (a tie).
    """

    placing: Mapping[int, tuple[float, ...]]
    shared_first: float | None = None
    ties: str = "average"
    bye: float = 0

    def bye_result(self) -> Fraction:
        """A bye as a game result (1 = a win): its points over a first place's, at most 1.

        The first place is the best one at the Triominos tables (2–4 players).
        """
        firsts = [Fraction(v[0]) for size, v in self.placing.items() if size <= 4 and v]
        first = max(firsts, default=Fraction(0))
        if first <= 0:
            return Fraction(0)
        return min(Fraction(1), Fraction(self.bye) / first)

    def table_points(self, places: Sequence[int]) -> list[Fraction]:
        """Points for each seat of a table, given the seats' placings."""
        table = self.placing.get(len(places))
        if table is None:
            raise PairingError("no-table-points", f"no points defined for tables of {len(places)}",
                               {"size": len(places)})
        out = []
        for p in places:
            shared = sum(1 for q in places if q == p)
            span = [Fraction(v) for v in table[p - 1 : p - 1 + shared]]
            if shared > 1 and p == 1 and self.shared_first is not None:
                out.append(Fraction(self.shared_first))
            elif self.ties == "best":
                out.append(span[0])
            else:
                out.append(sum(span) / len(span))
        return out


def win_tie_loss(win: float = 3, tie: float = 1, loss: float = 0, bye: float = 3) -> PointsScheme:
    """Winner ``win``, everyone else ``loss``; a shared first place ``tie`` each."""
    return PointsScheme(
        {size: (win,) + (loss,) * (size - 1) for size in range(2, 7)}, tie, "average", bye
    )


def by_placing(bye: float | None = None) -> PointsScheme:
    """``size - 1`` points for first down to 0 for last (4-player table: 3/2/1/0).

    A bye is worth the points of first place at a table of 4 unless given.
    """
    table = {size: tuple(range(size - 1, -1, -1)) for size in range(2, 7)}
    return PointsScheme(table, None, "average", 3 if bye is None else bye)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings; ``values`` in tie-break order, lots last."""

    rank: int
    player: PlayerId
    values: tuple[tuple[str, float], ...]
    flags: tuple[Flag, ...] = ()

    def value(self, code: str) -> float:
        """The value of tie-break ``code`` for this row."""
        return dict(self.values)[code]


@dataclass
class Standings:
    """Ordered rows plus flags about the whole table."""

    rows: list[StandingRow]
    tiebreaks: tuple[str, ...]
    flags: list[Flag] = field(default_factory=list)


@dataclass
class _Player:
    points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    spread: Fraction = Fraction(0)
    won: int = 0  # C.07 WON: games won over the board (first place alone)
    win: int = 0  # C.07 WIN: rounds with a win's points, byes worth a win included
    progressive: Fraction = Fraction(0)
    # per played table: (table-mates, my placing, their placings)
    tables: list = field(default_factory=list)
    byes: int = 0
    bye_result: Fraction = Fraction(0)  # result of one bye as a game (1 = win)
    absent: int = 0  # rounds not paired (withdrawn): a loss to a dummy opponent (C.07)


def compute_standings(
    players: Sequence[PlayerEntry],
    rounds: Sequence[RoundResult],
    scheme: PointsScheme | None = None,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    lots_seed: int = 0,
) -> Standings:
    """Rank ``players`` after ``rounds``.

    Players that appear in the results but not in ``players`` (withdrawn)
    still count as table-mates but get no row.
    """
    scheme = scheme or win_tie_loss()
    tiebreaks = tuple(LEGACY_TIEBREAKS.get(c, c) for c in tiebreaks)
    unknown = [c for c in tiebreaks if c not in TIEBREAKS]
    if unknown:
        raise PairingError("unknown-tiebreaks", f"unknown tie-breaks: {unknown}",
                           {"tiebreaks": list(unknown)})
    stats = _collect(players, rounds, scheme)
    rating = {p.id: Fraction(p.rating) for p in players}
    flags: list[Flag] = []

    def values(code: str, group: list[PlayerId]) -> dict[PlayerId, Fraction]:
        if code == "direct-encounter":
            return _direct_encounter(stats, group, flags)
        if code == "rating":
            return {p: rating[p] for p in group}
        return {p: _value(code, stats, p) for p in group}

    rng_values = {p.id: Fraction(random.Random(f"{lots_seed}:{p.id}").random()) for p in players}
    codes = (*tiebreaks, "lots")
    table: dict[PlayerId, list[Fraction]] = {p.id: [] for p in players}
    groups = [[p.id for p in players]]
    for code in codes:
        refined = []
        for group in groups:
            vals = rng_values if code == "lots" else values(code, group)
            for p in group:
                table[p].append(vals[p])
            group = sorted(group, key=lambda p: (-vals[p], p))
            start = 0
            for i in range(1, len(group) + 1):
                if i == len(group) or vals[group[i]] != vals[group[start]]:
                    refined.append(group[start:i])
                    start = i
        groups = refined
    order = [g[0] for g in groups]
    rows = []
    for rank, pid in enumerate(order, start=1):
        row_flags = []
        if rank > 1:
            above = order[rank - 2]
            first = next(
                (k for k in range(len(codes)) if table[pid][k] != table[above][k]), len(codes) - 1
            )
            if first > 0:
                kind = Lots if codes[first] == "lots" else Tiebreak
                row_flags.append(kind(above=above, decided_by=codes[first]))
        rows.append(
            StandingRow(
                rank,
                pid,
                tuple((c, _plain(v)) for c, v in zip(codes, table[pid], strict=True)),
                tuple(row_flags),
            )
        )
    return Standings(rows, tuple(tiebreaks), flags)


def tournament_points(
    rounds: Sequence[RoundResult], scheme: PointsScheme | None = None
) -> dict[PlayerId, float]:
    """Tournament points of everybody who appears in ``rounds``."""
    stats = _collect((), rounds, scheme or win_tie_loss())
    return {pid: _plain(st.points) for pid, st in stats.items()}


def _plain(v: Fraction) -> float:
    return int(v) if v.denominator == 1 else float(v)


def _collect(players, rounds, scheme: PointsScheme) -> dict[PlayerId, _Player]:
    stats: dict[PlayerId, _Player] = {p.id: _Player() for p in players}
    bye_result = scheme.bye_result()
    for rnd in rounds:
        for pid in rnd.byes:
            st = stats.setdefault(pid, _Player())
            st.points += Fraction(scheme.bye)
            st.byes += 1
            st.bye_result = bye_result
            st.win += bye_result == 1
        for pid in rnd.absent:
            stats.setdefault(pid, _Player()).absent += 1
        for tr in rnd.tables:
            places = tr.places()
            pts = scheme.table_points(places)
            scores = [Fraction(s) for s in tr.scores]
            for i, pid in enumerate(tr.seats):
                st = stats.setdefault(pid, _Player())
                others = [j for j in range(len(tr.seats)) if j != i]
                st.points += pts[i]
                st.game_points += scores[i]
                st.spread += scores[i] - sum(scores[j] for j in others) / len(others)
                if places[i] == 1 and places.count(1) == 1:
                    st.won += 1
                    st.win += 1
                st.tables.append(
                    ([tr.seats[j] for j in others], places[i], [places[j] for j in others])
                )
        for st in stats.values():
            st.progressive += st.points
    return stats


def _value(code: str, stats: dict[PlayerId, _Player], pid: PlayerId) -> Fraction:
    st = stats[pid]
    if code == "points":
        return st.points
    if code == "game-points":
        return st.game_points
    if code == "spread":
        return st.spread
    if code == "progressive":
        return st.progressive
    if code == "win":
        return Fraction(st.win)
    if code == "won":
        return Fraction(st.won)
    if code == "sonneborn-berger":
        # Per round, the average over the table-mates of (their final points
        # x my result against them: 1 above, 1/2 level, 0 below), so a round
        # weighs the same at every table size; at tables of 2 this is the
        # classical sum. A bye (C.07): a game against a virtual opponent with
        # the player's own final points, with the bye's result (an absent
        # round is a loss to it and adds nothing).
        total = st.points * st.bye_result * st.byes
        for mates, mine, theirs in st.tables:
            pairs = zip(mates, theirs, strict=True)
            got = sum((stats[m].points * _result(mine, place) for m, place in pairs), Fraction(0))
            total += got / len(mates)
        return total
    # Buchholz family: per round, the average final points of the
    # table-mates (so tables of different sizes weigh alike); a bye, and a
    # round the player was not paired in (withdrawn), counts as meeting a
    # dummy opponent with the player's own final points (C.07).
    per_round = [
        sum(stats[m].points for m in mates) / len(mates) for mates, _, _ in st.tables
    ] + [st.points] * (st.byes + st.absent)
    per_round.sort()
    if code == "buchholz-cut1":
        per_round = per_round[1:]
    elif code == "buchholz-median":
        per_round = per_round[1:-1]
    return sum(per_round, Fraction(0))


def _result(mine: int, theirs: int) -> Fraction:
    """My result against one table-mate: 1 finished above, 1/2 level, 0 below."""
    if mine < theirs:
        return Fraction(1)
    return Fraction(1, 2) if mine == theirs else Fraction(0)


def _direct_encounter(
    stats: dict[PlayerId, _Player], group: list[PlayerId], flags: list[Flag]
) -> dict[PlayerId, Fraction]:
    """Mini-score among the tied ``group``: 1 per tied table-mate finished above, ½ level.

    When every pair of the group met, the mini-scores rank them (C.07). When
    not (a Swiss event), only the partial separation holds: a player whose
    mini-score beats what any other could reach by winning all their
    unplayed encounters in the group goes first, one who could not reach
    anybody else's mini-score goes last, repeatedly; the rest stay tied, and
    a flag names the group.
    """
    zero = {p: Fraction(0) for p in group}
    if len(group) < 2:
        return zero
    members = set(group)
    met: set[frozenset] = set()
    score = dict(zero)
    for pid in group:
        for mates, mine, theirs in stats[pid].tables:
            for mate, place in zip(mates, theirs, strict=True):
                if mate in members:
                    met.add(frozenset((pid, mate)))
                    score[pid] += _result(mine, place)
    if all(frozenset(pair) in met for pair in combinations(group, 2)):
        return score
    flags.append(DirectEncounterNotApplied(players=tuple(sorted(group))))
    return _partial_separation(group, score, met)


def _partial_separation(
    group: list[PlayerId], score: dict[PlayerId, Fraction], met: set[frozenset]
) -> dict[PlayerId, Fraction]:
    """Values that separate only those whom no unplayed encounter could overtake."""
    left = list(group)
    top: list[PlayerId] = []
    bottom: list[PlayerId] = []

    def best_possible(p: PlayerId) -> Fraction:
        return score[p] + sum(1 for q in left if q != p and frozenset((p, q)) not in met)

    while len(left) > 1:
        ahead = [p for p in left if all(score[p] > best_possible(q) for q in left if q != p)]
        behind = [p for p in left if all(best_possible(p) < score[q] for q in left if q != p)]
        if not ahead and not behind:
            break
        for p in ahead:
            top.append(p)
            left.remove(p)
        for p in behind:
            if p in left:
                bottom.append(p)
                left.remove(p)
    n = len(group)
    values = dict.fromkeys(left, Fraction(0))
    values.update({p: Fraction(n - i) for i, p in enumerate(top)})
    values.update({p: Fraction(-n + i) for i, p in enumerate(bottom)})
    return values
