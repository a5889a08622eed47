"""Playing a knockout bracket: results in, next tables and places out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import PairingError
from .knockout import Bracket, Match, Source
from .model import PlayerId


@dataclass(frozen=True)
class MatchTable:
    """A match that can be played now: ``seats`` best seed first (who opens)."""

    match: str
    seats: tuple[PlayerId, ...]


@dataclass(frozen=True)
class BracketState:
    """Where a bracket stands after the results given to :func:`advance`.

    ``placements`` maps every player whose tournament is over to the range
    of places they share (``(3, 4)`` for a losing semi-finalist); the
    champion has ``(1, 1)``.
    """

    ready: tuple[MatchTable, ...]
    waiting: tuple[str, ...]
    done: tuple[str, ...]
    placements: Mapping[PlayerId, tuple[int, int]] = field(default_factory=dict)
    champion: PlayerId | None = None


def advance(
    bracket: Bracket, results: Mapping[str, Sequence[PlayerId] | PlayerId]
) -> BracketState:
    """Apply ``results`` (match id -> finishing order, best first) to ``bracket``.

    For tables of 2 the winner's id alone is enough. Raises ``ValueError``
    for a result of a match that cannot be played yet, an unknown match or
    an order that is not exactly the match's players.
    """
    known: dict[tuple[str, int], PlayerId] = {}
    seed_pos = {pid: i for i, pid in enumerate(bracket.seeds)}
    unknown = set(results) - {m.id for m in bracket.matches}
    if unknown:
        raise PairingError("unknown-matches", f"results for unknown matches: {sorted(unknown)}",
                           {"matches": sorted(unknown)})
    ready: list[MatchTable] = []
    waiting: list[str] = []
    done: list[str] = []

    def who(src: Source) -> PlayerId | None:
        if src.kind == "seed":
            return bracket.seeds[src.seed - 1]
        return known.get((src.match, src.place))

    for m in bracket.matches:
        seats = [who(s) for s in m.slots]
        if any(s is None for s in seats):
            _wait(m, results, waiting)
            continue
        if m.id not in results:
            ready.append(MatchTable(m.id, tuple(sorted(seats, key=seed_pos.__getitem__))))
            continue
        order = _order(m, seats, results[m.id])
        for place, pid in enumerate(order, start=1):
            known[(m.id, place)] = pid
        done.append(m.id)
    placements: dict[PlayerId, tuple[int, int]] = {}
    for pr in bracket.places:
        pid = known.get((pr.match, pr.place))
        if pid is not None:
            placements[pid] = (pr.best, pr.worst)
    champion = next((p for p, rng in placements.items() if rng == (1, 1)), None)
    return BracketState(
        ready=tuple(ready),
        waiting=tuple(waiting),
        done=tuple(done),
        placements=placements,
        champion=champion,
    )


def _wait(m: Match, results: Mapping, waiting: list[str]) -> None:
    if m.id in results:
        raise PairingError("match-not-ready", f"{m.id} cannot be played yet", {"match": m.id})
    waiting.append(m.id)


def _order(m: Match, seats: list, given: Sequence[PlayerId] | PlayerId) -> tuple[PlayerId, ...]:
    if isinstance(given, int):
        if len(seats) != 2 or given not in seats:
            raise PairingError(
                "not-in-match", f"{m.id}: {given} is not a player of this two-player match",
                {"match": m.id, "player": given},
            )
        return (given, seats[1] if seats[0] == given else seats[0])
    order = tuple(given)
    if sorted(order) != sorted(seats):
        raise PairingError(
            "finishing-order", f"{m.id}: the finishing order must list exactly {sorted(seats)}",
            {"match": m.id, "players": sorted(seats)},
        )
    return order
