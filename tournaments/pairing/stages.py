"""Multi-stage tournaments: a Swiss or round-robin stage feeding a knockout.

The stages only pass plain values along: results of the first stage give
standings, the top of the standings become the knockout's seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .errors import PairingError
from .flags import Flag, QualificationCut, Qualified
from .knockout import Bracket, single_elimination
from .model import PlayerEntry, PlayerId, RoundDraft, SwissOptions
from .standings import PointsScheme, RoundResult, Standings, tournament_points
from .swiss import pair_swiss


def next_swiss_round(
    players: Sequence[PlayerEntry],
    rounds: Sequence[RoundResult],
    table_size: int = 2,
    options: SwissOptions | None = None,
    scheme: PointsScheme | None = None,
) -> RoundDraft:
    """Pair the next Swiss round straight from the results so far.

    Points, byes received and openings are worked out from ``rounds``
    (``scheme`` turns placings into points); ids, ratings and clubs come
    from ``players``.
    """
    points = tournament_points(rounds, scheme)
    byes: dict[PlayerId, int] = {}
    for rnd in rounds:
        for pid in rnd.byes:
            byes[pid] = byes.get(pid, 0) + 1
    entries = [
        replace(p, points=points.get(p.id, 0), byes=byes.get(p.id, 0), opened=None)
        for p in players
    ]
    history = [[t.seats for t in rnd.tables] for rnd in rounds]
    return pair_swiss(entries, history, table_size, options)


def qualifiers(standings: Standings, count: int) -> tuple[tuple[PlayerId, ...], list[Flag]]:
    """The top ``count`` of ``standings``, best first, with flags.

    Every qualifier gets a ``qualified`` flag; when the cut fell between
    players level on points a ``qualification-cut`` flag names the
    tie-break that decided it.
    """
    if count < 1:
        raise PairingError("no-qualifiers", "at least one qualifier is needed", {"count": count})
    rows = standings.rows
    chosen = tuple(r.player for r in rows[:count])
    flags: list[Flag] = [Qualified(player=r.player, rank=r.rank) for r in rows[:count]]
    if len(rows) > count:
        last_in, first_out = rows[count - 1], rows[count]
        decided = next(
            (c for (c, a), (_, b) in zip(last_in.values, first_out.values, strict=True) if a != b),
            "lots",
        )
        flags.append(
            QualificationCut(last_in=last_in.player, first_out=first_out.player,
                             decided_by=decided)
        )
    return chosen, flags


def knockout_from_standings(
    standings: Standings,
    count: int,
    table_size: int = 2,
    advance: int = 1,
) -> Bracket:
    """Seed the top ``count`` of ``standings`` into a knockout bracket.

    Rank 1 becomes seed 1, and so on, so the group-stage winner gets the
    easiest path (and the byes when the field is not a full bracket).
    """
    seeds, flags = qualifiers(standings, count)
    bracket = single_elimination(seeds, table_size, advance)
    return replace(bracket, flags=tuple(flags) + bracket.flags)


def seeds_by_rating(players: Sequence[PlayerEntry]) -> tuple[PlayerId, ...]:
    """Seed order by rating (highest first, then lower id)."""
    return tuple(p.id for p in sorted(players, key=lambda p: (-p.rating, p.id)))
