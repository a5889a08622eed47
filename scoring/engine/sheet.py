"""Games scored on paper (rules.md §6): each round's points per player, or only the final scores.

A score sheet holds no moves, so nothing about a turn can be checked; what can be is that the
numbers are whole, that each round gives no more and takes no more than a legal round can under
these rules and this many players (scoring.engine.bounds), that the running totals add up, and
that the sheet ends exactly where the rules end the game: with the round in which someone
reached the target, or after the fixed number of rounds. The winner then follows from the
rules' ``game_winner``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .bounds import RoundBounds, final_bounds, round_bounds
from .errors import EngineError
from .phase import Phase
from .roundend import game_winners
from .rules import Rules, rules_resolve
from .state import GameState


class SheetResult(NamedTuple):
    """What a checked sheet says: per round, the points and the running totals after it
    (only the rounds given, not the ones before ``start``); the final totals, the winning seats
    (several on a shared win) and every seat's final place."""

    rounds: list[list[int]]
    totals: list[list[int]]
    final: list[int]
    winners: list[int]
    places: list[int]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value, where: dict) -> int:
    if not _is_int(value):
        raise EngineError("sheet-number", f"{value!r} is not a whole number",
                          {**where, "value": repr(value)})
    return value


def _in_round(value: int, bounds: RoundBounds, where: dict, players: int) -> None:
    """A round's points for one player within what a legal round can give or take."""
    if value > bounds.most:
        raise EngineError("sheet-round-high",
                          f"{value} is more than a round can give ({bounds.most})",
                          {**where, "value": value, "most": bounds.most, "players": players})
    if value < bounds.least:
        raise EngineError("sheet-round-low",
                          f"{value} is less than a round can give ({bounds.least})",
                          {**where, "value": value, "least": bounds.least, "players": players})


def _reached_not_far_below(rules: Rules, final: list[int], reached: set[int],
                           bounds: RoundBounds) -> None:
    """A player who reached the target during the last round and ended it below lost what
    was left of that round at most: no further below the target than a round can take."""
    lowest = rules.target + bounds.least
    for seat in sorted(reached):
        if final[seat] < lowest:
            raise EngineError(
                "reached-below",
                f"seat {seat} ended on {final[seat]}, too far below the target "
                f"{rules.target} to have reached it in the last round",
                {"seat": seat, "value": final[seat], "target": rules.target, "lowest": lowest})


def _seats(seats: Iterable, players: int) -> set[int]:
    out = set()
    for seat in seats:
        if not _is_int(seat) or not 0 <= seat < players:
            raise EngineError("unknown-player", f"there is no seat {seat!r}", {"seat": repr(seat)})
        out.add(seat)
    return out


def _check_players(rules: Rules, players: int) -> None:
    if not _is_int(players) or not rules.min_players <= players <= rules.max_players:
        raise EngineError(
            "player-count",
            f"these rules allow {rules.min_players} to {rules.max_players} players, "
            f"not {players}",
            {"count": players, "min": rules.min_players, "max": rules.max_players},
        )


def final_places(totals: Sequence[int], winners: Iterable[int]) -> list[int]:
    """Places by seat: the winners share first place; then by score, equal scores sharing."""
    winners = set(winners)

    def key(seat: int):
        return (seat not in winners, -totals[seat])

    places = [0] * len(totals)
    previous, place = None, 0
    for index, seat in enumerate(sorted(range(len(totals)), key=key)):
        if key(seat) != previous:
            place, previous = index + 1, key(seat)
        places[seat] = place
    return places


def _winners(rules: Rules, final: list[int], reached: set[int], round_winner) -> list[int]:
    """The rules' game winner; asks for the last round's winner only when it decides."""
    players = len(final)
    if round_winner is not None:
        _seats([round_winner], players)
    if rules.game_winner == "round_winner_first" and len(reached) >= 2 and round_winner is None:
        raise EngineError(
            "sheet-round-winner",
            "several players reached the target in the last round: who won that round?",
            {"reached": sorted(reached)},
        )
    return game_winners(rules.game_winner, final, -1 if round_winner is None else round_winner,
                        reached)


def sheet_check(
    rules,
    players: int,
    rounds: Sequence[Sequence[int]],
    *,
    start: Sequence[int] | None = None,
    rounds_before: int = 0,
    written: Sequence[Sequence[int | None]] | None = None,
    round_winner: int | None = None,
    reached: Iterable[int] = (),
) -> SheetResult:
    """Check a score sheet: ``rounds[i][seat]`` is what the seat scored in round i.

    ``start`` and ``rounds_before`` continue a game whose first rounds were recorded move by
    move. ``written[i][seat]``, where not None, is the running total written on the sheet; it
    must add up. ``round_winner`` is the seat that won the last round, needed only when the
    rules' ``round_winner_first`` has to choose between several players at the target.
    ``reached`` names seats that reached the target during the last round but ended it below
    (a penalty or a hand counted against them): that round still ends the game (rules.md §6).

    Raises EngineError with ``params["round"]`` (0-based, counted from the sheet's first row)
    where a row is at fault.
    """
    rules = rules_resolve(rules)
    _check_players(rules, players)
    if not isinstance(rounds, Sequence) or isinstance(rounds, str) or not rounds:
        raise EngineError("sheet-empty", "the sheet has no round", {})
    totals = list(start) if start is not None else [0] * players
    if len(totals) != players or not all(_is_int(t) for t in totals):
        raise EngineError("bad-totals", "the starting totals do not fit the players", {})
    extra = _seats(reached, players)
    if extra and rules.target is None:
        raise EngineError("sheet-no-target", "these rules play no target", {})
    limit = rules.rounds_limit
    bounds = round_bounds(rules, players)
    points_by_round, totals_by_round = [], []
    ended_at = None
    for index, row in enumerate(rounds):
        if ended_at is not None:
            raise EngineError("sheet-after-end", f"the game ended with round {ended_at + 1}",
                              {"round": index, "ended": ended_at})
        if not isinstance(row, Sequence) or isinstance(row, str) or len(row) != players:
            raise EngineError("sheet-row", f"round {index + 1} needs {players} numbers",
                              {"round": index, "players": players})
        points = [_number(value, {"round": index, "seat": seat})
                  for seat, value in enumerate(row)]
        for seat, value in enumerate(points):
            _in_round(value, bounds, {"round": index, "seat": seat}, players)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        _check_written(written, index, totals)
        points_by_round.append(points)
        totals_by_round.append(totals)
        last = index == len(rounds) - 1
        at_target = rules.target is not None and (
            any(t >= rules.target for t in totals) or (last and extra))
        at_limit = limit is not None and rounds_before + index + 1 >= limit
        if at_target or at_limit:
            ended_at = index
    if ended_at is None:
        raise EngineError("sheet-not-over", "the game has not ended with the last round",
                          {"round": len(rounds) - 1, "target": rules.target, "limit": limit,
                           "played": rounds_before + len(rounds)})
    reached_last = extra
    if rules.target is not None:
        reached_last = extra | {s for s, t in enumerate(totals) if t >= rules.target}
        _reached_not_far_below(rules, totals, extra, bounds)
    winners = _winners(rules, totals, reached_last, round_winner)
    return SheetResult(points_by_round, totals_by_round, totals, winners,
                       final_places(totals, winners))


def _check_written(written, index: int, totals: list[int]) -> None:
    if written is None or index >= len(written) or written[index] is None:
        return
    for seat, value in enumerate(written[index]):
        if value is not None and value != totals[seat]:
            raise EngineError(
                "sheet-total", f"round {index + 1}: the total written is {value}, "
                f"the points add up to {totals[seat]}",
                {"round": index, "seat": seat, "written": value, "sum": totals[seat]},
            )


def final_check(
    rules,
    scores: Sequence[int],
    *,
    rounds: int | None = None,
    round_winner: int | None = None,
    reached: Iterable[int] = (),
) -> SheetResult:
    """Check a game known only by its final scores (one per seat, in seating order).

    Under a target, somebody must have reached it (or be named in ``reached``), and nobody
    can end above the target - 1 plus what one round gives; under a fixed number of rounds the
    count cannot be checked from the scores and is taken on trust. ``rounds``, the number of
    rounds played when the sheet says it, bounds the scores further; a score lower than one
    round can take needs it (``final-rounds-needed``). The result has one "round" holding the
    final scores.
    """
    rules = rules_resolve(rules)
    if not isinstance(scores, Sequence) or isinstance(scores, str):
        raise EngineError("sheet-row", "the final scores are a list", {"round": 0,
                                                                       "players": 0})
    players = len(scores)
    _check_players(rules, players)
    final = [_number(value, {"round": 0, "seat": seat}) for seat, value in enumerate(scores)]
    if rounds is not None and (not _is_int(rounds) or rounds < 1 or (
            rules.rounds_limit is not None and rounds != rules.rounds_limit)):
        raise EngineError("final-rounds", f"{rounds!r} rounds cannot be played",
                          {"rounds": repr(rounds), "limit": rules.rounds_limit})
    most, least = final_bounds(rules, players, rounds)
    known = rounds is not None or rules.rounds_limit is not None
    for seat, value in enumerate(final):
        if most is not None and value > most:
            raise EngineError("final-high", f"{value} is more than the game can give ({most})",
                              {"seat": seat, "value": value, "most": most})
        where = {"seat": seat, "value": value, "least": least,
                 "rounds": rounds or rules.rounds_limit}
        if value < least and known:
            raise EngineError("final-low", f"{value} is lower than the rounds can take", where)
        if value < least:
            raise EngineError("final-rounds-needed", f"{value} is lower than one round can "
                              "take: how many rounds were played?", where)
    extra = _seats(reached, players)
    reached_all = set(extra)
    if rules.target is not None:
        reached_all |= {s for s, t in enumerate(final) if t >= rules.target}
        if not reached_all and rules.rounds_limit is None:
            raise EngineError("final-not-over", f"nobody reached the target {rules.target}",
                              {"target": rules.target})
        _reached_not_far_below(rules, final, extra, round_bounds(rules, players))
    elif extra:
        raise EngineError("sheet-no-target", "these rules play no target", {})
    winners = _winners(rules, final, reached_all, round_winner)
    return SheetResult([final], [final], final, winners, final_places(final, winners))


def decided_state(players: list[str], rules, *, totals: Sequence[int], winners: Sequence[int],
                  last_round: int) -> GameState:
    """The state of a game decided on paper: over, with its totals and winners and an empty
    table, so pages that show a game's state show this one like any finished game."""
    state = GameState(players, rules)
    # Inside the engine: a state that no move led to, set up as the end of a game.
    state.phase = Phase.OVER
    state.round_index = last_round
    state.totals = list(totals)
    state.winners = list(winners)
    state.hand_sizes = [0] * len(players)
    state.pool_size = 0
    return state
