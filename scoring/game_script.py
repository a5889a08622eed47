"""The game as the tablet's script is told it (its part of the game view), worked out by
the engine.

Pure (the engine and the board's geometry only), so that the server (scoring/tablet_data.py) and
the tablet's own copy of the engine (Pyodide in a Web Worker: scoring/templates/scoring/js/
tablet-engine-worker.js) compute the very same values from the same Python files: the script
itself knows no rule, no turn order and no fits. ``GameSession`` is what the worker runs.
"""

from __future__ import annotations

from scoring.engine import EngineError, GameState, HandCount, Phase, rules_resolve
from scoring.engine.geometry import parity
from scoring.engine.tiles import rotations, tile_parse

from .board_svg import cell_shape


def tile_fits(state, tile) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
    """Every (cell, corners) where the tile may go. The opening may go anywhere, so the
    tablet offers it on the origin cell, turned each distinct way."""
    if state.phase == Phase.OPENING:
        return [((0, 0), rot) for rot in rotations(tile)]
    return state.fits(tile)


def board_fits(state) -> tuple[dict, dict]:
    """(cells, tiles): every cell some tile fits, drawn once; per tile its cells and rotations.

    cells: "c,r" -> {"points": polygon, "labels": [[x, y] per corner]}
    tiles: "a-b-c" -> [["c,r", [[n0, n1, n2], …]], …] ([] when it fits nowhere)
    """
    cells: dict[str, dict] = {}
    tiles: dict[str, list] = {}
    for tile in state.unplayed_tiles():
        by_cell: dict[tuple[int, int], list] = {}
        for at, corners in tile_fits(state, tile):
            by_cell.setdefault(at, []).append(list(corners))
        entry = []
        for (c, r), options in sorted(by_cell.items()):
            key = f"{c},{r}"
            if key not in cells:
                shape = cell_shape(c, r, options[0])
                cells[key] = {"points": shape["points"],
                              "labels": [[lb["x"], lb["y"]] for lb in shape["labels"]]}
            entry.append([key, options])
        tiles[str(tile)] = entry
    return cells, tiles


def pass_cost(state) -> dict | None:
    """What a pass costs, asked of the engine on a copy of the state: the one number of draws
    after which a pass is allowed, the points, and whether those draws empty the pool the seat
    draws from; None when no pass is possible."""
    if state.phase != Phase.PLAY:
        return None
    draws = state.draws_left
    try:
        result = state.copy().play(state.to_play, draw=draws)
    except EngineError:
        return None
    return {"draws": draws, "points": result.points,
            "empties_pool": draws == state.pool_of(state.to_play)}


def script_state(state) -> dict:
    """The rules' part of the tablet's contract (tablet_data.ScriptData): booleans and seats,
    never a phase name; where every tile fits while a turn may be played."""
    data = {
        "takes_turns": state.phase.takes_turns,
        "opening": state.phase == Phase.OPENING,
        "hands": state.phase == Phase.HANDS,
        "seat": state.to_play,
        "next_seats": [state.seat_after(seat) for seat in range(len(state.players))],
        "position": [state.round_index, state.round_turns],
        "draws_left": state.draws_left,
        "draw_penalty": state.rules.draw_penalty,
        "pass": pass_cost(state),
    }
    if state.phase.takes_turns:
        data["cells"], data["tiles"] = board_fits(state)
    else:
        data["cells"], data["tiles"] = {}, {}
    return data


def scoreboard_numbers(state) -> dict:
    """What the scoreboard shows: totals, tiles in hand, own pools, who plays, the pool."""
    over = state.phase == Phase.OVER
    return {
        "totals": list(state.totals),
        "hands": [0 if over else n for n in state.hand_sizes],
        "pools": None if state.pools is None else list(state.pools),
        "pool": state.pool_size,
        "to_play": state.to_play,
        "round": state.round_index,
        "went_out": state.round_reason == "out",
        "round_winner": state.round_winner,
        "winners": list(state.winners),
    }


#: The most tiles or points a counted hand may say (its smallint column; scoring.limits reads it).
HAND_MAX = 32_767


class HandUnreadable(ValueError):
    """A counted hand whose count or points is not a whole number from 0 to HAND_MAX."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat}: count and points must be whole numbers 0-{HAND_MAX}")
        self.seat = seat


def _whole(text: str) -> bool:
    # isdigit() alone takes "²" and other digits int() refuses; five digits bound int()'s work.
    return text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= HAND_MAX


def hand_read(tiles: str, count: str, points: str, *, seat: int = 0):
    """One hand as the hands form gives it: tiles ("1-2-3 0-0-4"), else a count and points;
    None when nothing was entered. HandUnreadable for a count or points that is not a whole
    number in range, EngineError for a tile that is not one."""
    named = tiles.replace(",", " ").split()
    count, points = count.strip(), points.strip()
    if named:
        return [str(tile_parse(t)) for t in named]
    if count or points:
        if not (_whole(count) and _whole(points)):
            raise HandUnreadable(seat)
        return HandCount(int(count), int(points))
    return None


def hands_read(fields: dict, players: int) -> dict:
    """Every hand of the hands form (``tiles-<seat>``, ``count-<seat>``, ``points-<seat>``)."""
    hands = {}
    for seat in range(players):
        hand = hand_read(fields.get(f"tiles-{seat}", ""), fields.get(f"count-{seat}", ""),
                         fields.get(f"points-{seat}", ""), seat=seat)
        if hand is not None:
            hands[seat] = hand
    return hands


def round_start(state, *, start_totals) -> dict:
    """The current round as the tablet's engine replays it: the game's rules and players, the
    totals it started from and its moves so far (GameState.round_log)."""
    dealt, moves = state.round_log()
    return {
        "players": list(state.players),
        "rules": state.rules.to_dict(),
        "totals": list(start_totals) if start_totals else None,
        "rounds_played": state.round_index,
        "dealt": dealt,
        "moves": [[seat, draw, list(at) if at else None, list(corners) if corners else None]
                  for seat, draw, at, corners in moves],
    }


class GameSession:
    """One tablet's game in its own engine: the server's round replayed, then the turns
    waiting on the device played one by one. Each answer is plain JSON-ready values."""

    def __init__(self, start: dict) -> None:
        self.state = GameState(start["players"], rules_resolve(start["rules"]),
                               totals=start["totals"], rounds_played=start["rounds_played"],
                               dealt=start["dealt"])
        for seat, draw, at, corners in start["moves"]:
            self.state.play(seat, draw=draw, at=tuple(at) if at else None,
                            corners=tuple(corners) if corners else None)

    def shown(self) -> dict:
        return {"script": script_state(self.state), "numbers": scoreboard_numbers(self.state)}

    def play(self, seat: int, draw: int = 0, at=None, corners=None) -> dict:
        """A turn on the device: the engine's result and the table after it, or the engine's
        refusal (code and params, worded by the page from the server's words) and no change."""
        at = tuple(at) if at else None
        try:
            result = self.state.play(seat, draw=draw, at=at, corners=tuple(corners) if corners
                                     else None)
        except EngineError as error:
            refusal = {"code": error.code, "params": dict(error.params)}
            if at is not None:
                refusal["orientation"] = "up" if parity(*at) == 0 else "down"
            return {"ok": False, "refusal": refusal}
        turn = {"seat": result.seat, "points": result.points, "detail": dict(result.detail),
                "tile": str(result.tile) if result.tile else ""}
        return {"ok": True, "turn": turn, **self.shown()}

    def end_round(self, fields: dict) -> dict:
        """The hands form entered on the device: the round scored as the server will score it
        and the next round dealt, or the engine's refusal and no change."""
        try:
            end = self.state.end_round(hands_read(fields, len(self.state.players)))
        except ValueError:
            return {"ok": False, "refusal": {"code": "bad-hand", "params": {}}}
        except EngineError as error:
            return {"ok": False, "refusal": {"code": error.code, "params": dict(error.params)}}
        return {"ok": True, "end": {"reason": end.reason, "winner": end.winner,
                                    "points": list(end.points), "game_over": end.game_over},
                **self.shown()}

    def tile_check(self, text: str) -> dict | None:
        """Why a typed tile cannot be chosen (not in the set, on the board, …), as the
        engine's refusal, as the server's fits endpoint answers; None when nothing is wrong."""
        try:
            tile_fits(self.state, tile_parse(text))
        except EngineError as error:
            return {"code": error.code, "params": dict(error.params)}
        return None
