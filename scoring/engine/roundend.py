"""Round-end arithmetic (rules.md §5) and the game winner (§6), as functions of plain values."""

from __future__ import annotations

from collections.abc import Mapping

from .errors import EngineError
from .results import HandCount
from .tiles import Tile, tile_from_corners, tile_parse


def normalise_hands(state, hands) -> tuple[list[int], list[int], dict]:
    """Check the hands entered at a round's end against what the state tracked.

    Returns (tile count per seat, pip sum per seat, the hands as stored in the game log).
    """
    players = state.players
    if not isinstance(hands, Mapping):
        raise EngineError("bad-hand", "hands must map seats to tiles", {})
    for seat in hands:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
            raise EngineError("unknown-player", f"there is no seat {seat!r}", {"seat": repr(seat)})
    board = state.board
    tiles_in_set = state._tiles
    max_number = state.rules.max_number
    seen: dict[Tile, int] = {}
    counts, pips, stored = [], [], {}
    for seat, name in enumerate(players):
        hand = hands.get(seat, ())
        if isinstance(hand, HandCount):
            count, points = hand
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise EngineError(
                    "bad-hand", f"{name}: a tile count must be >= 0, not {count!r}",
                    {"player": name, "count": repr(count)},
                )
            top = count * 3 * max_number
            if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= top:
                raise EngineError(
                    "hand-points",
                    f"{name}: {_tiles(count)} cannot hold {points} points (0 to {top})",
                    {"player": name, "count": count, "points": points, "max": top},
                )
            stored[seat] = HandCount(count, points)
        elif isinstance(hand, (list, tuple)):
            count, points, named = len(hand), 0, []
            for item in hand:
                tile = tile_parse(item) if isinstance(item, str) else _as_tile(item, name)
                if tile not in tiles_in_set:
                    raise EngineError(
                        "no-such-tile", f"{name}: tile {tile} is not in the set",
                        {"player": name, "tile": str(tile)},
                    )
                if tile in board.played:
                    raise EngineError(
                        "tile-played", f"{name}: tile {tile} is on the table",
                        {"player": name, "tile": str(tile)},
                    )
                if tile in seen:
                    other = players[seen[tile]]
                    raise EngineError(
                        "tile-duplicate",
                        f"tile {tile} is listed for {other} and for {name}"
                        if other != name else f"tile {tile} is listed twice for {name}",
                        {"player": name, "other": other, "tile": str(tile)},
                    )
                seen[tile] = seat
                points += tile.a + tile.b + tile.c
                named.append(tile)
            stored[seat] = named
        else:
            raise EngineError(
                "bad-hand", f"{name}: a hand is a list of tiles or a count with points",
                {"player": name},
            )
        tracked = state.hand_sizes[seat]
        if count != tracked:
            raise EngineError(
                "hand-count",
                f"{name} holds {_tiles(tracked)}, not {count}",
                {"player": name, "seat": seat, "tracked": tracked, "given": count},
            )
        counts.append(count)
        pips.append(points)
    return counts, pips, stored


def _tiles(count: int) -> str:
    return f"{count} tile" if count == 1 else f"{count} tiles"


def _as_tile(item, name: str) -> Tile:
    if isinstance(item, tuple) and len(item) == 3 and all(isinstance(n, int) for n in item):
        return tile_from_corners(item)
    raise EngineError(
        "bad-tile", f"{name}: {item!r} is not a tile", {"player": name, "text": repr(item)}
    )


def blocked_winner(rule: str, counts: list[int], pips: list[int]) -> int:
    """The winner of a blocked round; ties fall to the earlier seat."""
    if rule == "fewest_tiles":
        return min(range(len(counts)), key=lambda s: (counts[s], pips[s], s))
    return min(range(len(counts)), key=lambda s: (pips[s], counts[s], s))


def round_points(rules, reason: str, winner: int, pips: list[int]) -> list[int]:
    """The round-end change of every seat's score."""
    points = [0] * len(pips)
    others = sum(pips) - pips[winner]
    if reason == "out":
        points[winner] = rules.out_bonus
        if rules.out_transfer == "to_winner":
            points[winner] += others
        else:
            for seat, own in enumerate(pips):
                if seat != winner:
                    points[seat] = -own
    else:
        own = pips[winner]
        if rules.blocked_transfer == "others_minus_own":
            points[winner] = others - own
        else:
            points[winner] = others - own * (len(pips) - 1)
    return points


def game_winners(rule: str, totals: list[int], round_winner: int, reached: set[int]) -> list[int]:
    """The seats that win the game (several on a tie), in seating order."""
    if rule == "round_winner_first" and len(reached) >= 2 and round_winner in reached:
        return [round_winner]
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
