"""Plain data types shared by every pairing system.

Everything here is a small frozen dataclass or a plain container of ids and
numbers, so the web layer can store, compare and translate the results
without knowing how they were produced.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .errors import PairingError

if TYPE_CHECKING:
    from .flags import Flag

PlayerId = int
#: One past round: the tables of that round, each a tuple of player ids in
#: seating order (the first seat opened the game).
HistoryRound = Sequence[Sequence[PlayerId]]
History = Sequence[HistoryRound]

Remainder = Literal["bye", "smaller_tables"]


@dataclass(frozen=True)
class PlayerEntry:
    """A player as the pairing systems see them.

    ``opened`` is how often the player sat first (opened the game); leave it
    as ``None`` to have it counted from the history that is passed along.
    ``byes`` is how many byes the player has already received.
    """

    id: PlayerId
    points: float = 0
    rating: float = 0
    club: str | None = None
    opened: int | None = None
    byes: int = 0


@dataclass(frozen=True)
class Table:
    """A table of one round: ``seats`` in seating order, the first seat opens."""

    seats: tuple[PlayerId, ...]


@dataclass
class RoundDraft:
    """The proposed pairing of one round, top table first."""

    tables: list[Table]
    byes: list[PlayerId]
    flags: list[Flag]


@dataclass(frozen=True)
class SwissOptions:
    """Knobs of the Swiss pairing.

    ``remainder`` decides what happens when the players do not divide into
    full tables: ``"bye"`` sits the left-over players out, ``"smaller_tables"``
    seats them at tables of another size (see :func:`table_sizes`).
    ``exact_limit`` is the field size up to which tables of 3–4 are solved by
    exhaustive search instead of the heuristic; above it, up to
    ``solver_limit`` seated players, an exact solver (set partitioning, and
    CP-SAT models) solves the round, starting from the heuristic's draft
    (which stays when the solver cannot improve on it in time).
    ``time_limit`` is the whole round's: one deadline, set when the round
    starts, that every phase and solver call shares. It is a worst case: most
    rounds are proven well within it, while a hard round may use all of it —
    a wait an organiser accepts after asking for the next round.
    ``planned_rounds``, the number of Swiss rounds when known, lets the
    solver choose this round for the fewest repeats over the remaining ones
    (a repeat-free completion whenever one is found).
    """

    avoid_same_club: bool = False
    forbidden_pairs: frozenset[frozenset[PlayerId]] = frozenset()
    remainder: Remainder = "bye"
    exact_limit: int = 12
    solver_limit: int = 96
    time_limit: float = 4.0
    planned_rounds: int | None = None


def table_sizes(count: int, table_size: int, remainder: Remainder) -> tuple[list[int], int]:
    """Split ``count`` players into tables of ``table_size``.

    Returns ``(sizes, byes)``: the table sizes from the top table down and the
    number of players who sit out. Full tables always come first so the top
    of the standings plays at regular tables.

    * ``"bye"``: ``count // table_size`` full tables, the rest sit out; when
      that would leave no table at all, everybody plays at one smaller table.
    * ``"smaller_tables"`` with tables of 4: the remainder becomes 1–3 tables
      of 3 (5 players: one table of 3 and one of 2).
    * ``"smaller_tables"`` with tables of 3: one left-over player makes a
      table of 4, two make two tables of 4 (5 players: 3 + 2). Four-player
      Triominos uses the same rules (7 tiles each) as three-player, a
      two-player game does not (9 tiles each), so 4 is the closer substitute.
    * tables of 2 always use a bye: there is no smaller table.
    """
    if table_size not in (2, 3, 4):
        raise PairingError("bad-table-size", "table_size must be 2, 3 or 4",
                           {"table_size": table_size})
    if count < 2:
        return [], count
    full, rest = divmod(count, table_size)
    if table_size == 2 or remainder == "bye" or rest == 0:
        if full == 0:
            return [count], 0
        return [table_size] * full, rest
    if table_size == 4:
        # 4a + 3b = count with the fewest tables of 3.
        threes = {3: 1, 2: 2, 1: 3}[rest]
        if 3 * threes > count:  # count is 5: one table of 3 and one of 2
            return [3, 2], 0
        return [4] * ((count - 3 * threes) // 4) + [3] * threes, 0
    # table_size == 3
    fours = {1: 1, 2: 2}[rest]
    if 4 * fours > count:  # count is 5: one table of 3 and one of 2
        return [3, 2], 0
    return [3] * ((count - 4 * fours) // 3) + [4] * fours, 0


class Meetings:
    """Who met whom in the history, and when.

    Rounds are numbered from 1; ``last_round(a, b)`` is the most recent round
    in which ``a`` and ``b`` shared a table.
    """

    def __init__(self, history: History) -> None:
        self.rounds = len(history)
        self._count: dict[tuple[int, int], int] = {}
        self._last: dict[tuple[int, int], int] = {}
        self.games: dict[int, int] = {}
        self.opened: dict[int, int] = {}
        self.opened_last: set[int] = set()
        for number, tables in enumerate(history, start=1):
            for seats in tables:
                seats = tuple(seats)
                if len(seats) < 2:
                    continue
                self.opened[seats[0]] = self.opened.get(seats[0], 0) + 1
                if number == self.rounds:
                    self.opened_last.add(seats[0])
                for pos, a in enumerate(seats):
                    self.games[a] = self.games.get(a, 0) + 1
                    for b in seats[pos + 1 :]:
                        key = (a, b) if a < b else (b, a)
                        self._count[key] = self._count.get(key, 0) + 1
                        self._last[key] = number

    def count(self, a: int, b: int) -> int:
        """How many times ``a`` and ``b`` already met."""
        return self._count.get((a, b) if a < b else (b, a), 0)

    def last_round(self, a: int, b: int) -> int:
        """The last round (1-based) in which they met, 0 if never."""
        return self._last.get((a, b) if a < b else (b, a), 0)

    def repeat_cost(self, a: int, b: int) -> int:
        """Cost of seating ``a`` and ``b`` together again.

        Every earlier meeting costs 2 and a meeting in the immediately
        previous round costs 1 more, so one consecutive repeat (3) is
        preferred to two older ones (4) but is worse than one older one (2).
        """
        key = (a, b) if a < b else (b, a)
        count = self._count.get(key, 0)
        if not count:
            return 0
        return 2 * count + (1 if self._last[key] == self.rounds else 0)

    def pairs(self) -> Iterable[tuple[tuple[int, int], int]]:
        """All pairs that met, with their meeting counts."""
        return self._count.items()
