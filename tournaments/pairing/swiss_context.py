"""What the Swiss pairing knows about the field before it pairs a round."""

from __future__ import annotations

import time
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from .errors import PairingError
from .model import History, Meetings, PlayerEntry, SwissOptions

#: Share of ``time_limit`` kept back from the solvers for the work after them (a solver
#: may also overrun its own limit a little while it stops).
RESERVE = 0.08


def time_left(deadline: float) -> float:
    """Seconds until ``deadline`` (a ``time.perf_counter`` value), never negative."""
    return max(0.0, deadline - time.perf_counter())


def rank_players(players: Sequence[PlayerEntry]) -> list[PlayerEntry]:
    """Order players as the pairing sees them: points, then rating, then id."""
    return sorted(players, key=lambda p: (-Fraction(p.points), -Fraction(p.rating), p.id))


def scaled_points(values: Sequence[float]) -> list[int]:
    """Turn point totals (ints, halves, ...) into integers with the same ratios.

    Integer costs keep the matching (rustworkx) in exact integer arithmetic.
    """
    fracs = [Fraction(v).limit_denominator(10**6) for v in values]
    scale = lcm(*(f.denominator for f in fracs)) if fracs else 1
    return [int(f * scale) for f in fracs]


class SwissContext:
    """Ranked players plus everything the cost functions look up.

    Players are addressed by their rank index (0 = top of the standings) so
    the cost functions can work on small integers.
    """

    def __init__(
        self,
        players: Sequence[PlayerEntry],
        history: History,
        table_size: int,
        options: SwissOptions,
    ) -> None:
        ids = [p.id for p in players]
        if len(set(ids)) != len(ids):
            raise PairingError("players-twice", "player ids must be unique", {})
        self.options = options
        self.table_size = table_size
        self.history = history
        # One deadline for the whole round: every phase and every solver call takes what is
        # left of it, less a reserve for the seating and flags after the last solver call.
        self.deadline = time.perf_counter() + options.time_limit * (1 - RESERVE)
        self.meetings = Meetings(history)
        self.players = rank_players(players)
        self.ids = [p.id for p in self.players]
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.points = scaled_points([p.points for p in self.players])
        self.opened = [
            p.opened if p.opened is not None else self.meetings.opened.get(p.id, 0)
            for p in self.players
        ]
        self.games = [self.meetings.games.get(p.id, 0) for p in self.players]
        self.opened_last = [p.id in self.meetings.opened_last for p in self.players]
        self.forbidden = {
            tuple(sorted(pair)) for pair in options.forbidden_pairs if len(pair) == 2
        }

    def is_forbidden(self, i: int, j: int) -> bool:
        """Whether rank indices ``i`` and ``j`` must not share a table."""
        a, b = self.ids[i], self.ids[j]
        return ((a, b) if a < b else (b, a)) in self.forbidden

    def same_club(self, i: int, j: int) -> bool:
        """Same club, counted only when the options ask to avoid it."""
        if not self.options.avoid_same_club:
            return False
        club = self.players[i].club
        return club is not None and club == self.players[j].club

    def repeat_cost(self, i: int, j: int) -> int:
        """See :meth:`Meetings.repeat_cost`."""
        return self.meetings.repeat_cost(self.ids[i], self.ids[j])

    def over_share(self, i: int, size: int) -> int:
        """How far player ``i`` would exceed a fair share of openings by opening now.

        The fair share after this round is ``ceil(games / size)``: at a table
        of ``size`` everybody should open once every ``size`` games.
        """
        fair = -(-(self.games[i] + 1) // size)
        return max(0, self.opened[i] + 1 - fair)

    def seat_order(self, members: Sequence[int]) -> tuple[list[int], int]:
        """Seat a table: whoever opened least sits first (and opens).

        Ties go to whoever did not open in the last round, then to the
        better-placed player. Returns the seating (rank indices) and how far
        the opener exceeds a fair share of openings (0 when balanced).
        """
        size = len(members)
        seats = sorted(
            members,
            key=lambda i: (self.over_share(i, size), self.opened[i], self.opened_last[i], i),
        )
        return seats, self.over_share(seats[0], size)


def tier_multipliers(maxima: Sequence[int], terms: int) -> list[int]:
    """Multipliers that make a weighted sum compare lexicographically.

    ``maxima`` lists the largest value of each tier per term, most important
    first; ``terms`` is how many terms (pairs or edges) one solution sums.
    Each tier's multiplier exceeds the largest possible total of all lower
    tiers, so a unit in a higher tier always outweighs everything below it.
    """
    mults = [1] * len(maxima)
    below = 0  # largest per-term value of the tiers below the current one
    for k in range(len(maxima) - 1, -1, -1):
        mults[k] = terms * below + 1
        below += maxima[k] * mults[k]
    return mults
