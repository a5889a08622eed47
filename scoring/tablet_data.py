"""What the tablet's script needs to know about the table, worked out by the engine on the server.

The script never judges a move: it is given, for every tile not on the table, each cell where the
engine says it fits and the rotations that fit there, and what a pass would cost. Choosing a tile
then lights its cells at once, with no request, and still works while the Wi-Fi is down.
"""

from __future__ import annotations

from typing import TypedDict

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import EngineError, Phase
from scoring.engine.tiles import rotations

from .board_svg import cell_shape


class PassCost(TypedDict):
    draws: int
    points: int
    empties_pool: bool


class ScriptData(TypedDict, total=False):
    """The tablet script's contract (static/js/tablet/contract.js checks the same fields).

    Booleans and seats only: the script is never sent a phase name to compare, nor the order
    of play to work out; ``next_seats[s]`` is who plays after seat ``s``.
    """

    version: int
    game: int
    takes_turns: bool
    opening: bool
    hands: bool
    seat: int | None
    next_seats: list[int]
    position: list[int]  # [round, turn]: where the next turn goes (0-based, as in the URLs)
    names: list[str]
    draws_left: int
    draw_penalty: int
    # "pass" is a keyword: the key is added by script_data
    urls: dict[str, str]
    queue_key: str
    cells: dict[str, dict]
    tiles: dict[str, list]
    correcting: bool
    recorded: dict


def tile_fits(state, tile) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
    """Every (cell, corners) where the tile may go. The opening may go anywhere, so the
    tablet offers it on the origin cell, turned each distinct way."""
    if state.phase == Phase.OPENING:
        return [((0, 0), rot) for rot in rotations(tile)]
    return state.fits(tile)


def table_fits(state) -> tuple[dict, dict]:
    """(cells, tiles): every cell some tile fits, drawn once; per tile its cells and rotations.

    cells: "c,r" -> {"points": polygon, "labels": [[x, y] per corner]}
    tiles: "a-b-c" -> [["c,r", [[n0, n1, n2], …]], …] ([] when it fits nowhere)
    """
    cells: dict[str, dict] = {}
    tiles: dict[str, list] = {}
    for tile in state.unplayed_tiles():
        fits = tile_fits(state, tile)
        by_cell: dict[tuple[int, int], list] = {}
        for at, corners in fits:
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


def palette(state, fits: dict | None) -> list[dict]:
    """The tiles not on the table, as the palette's buttons: each tile, its three numbers and
    whether it fits anywhere (``fits``: table_fits' tiles; None when any tile may be chosen,
    as while entering the hands)."""
    if state.phase == Phase.OVER:
        return []
    return [
        {"tile": str(t), "numbers": tuple(t), "fits": fits is None or bool(fits[str(t)])}
        for t in state.unplayed_tiles()
    ]


def pass_cost(state) -> PassCost | None:
    """What a pass costs, asked of the engine on a copy of the state: the one number of draws
    after which a pass is allowed, the points, and whether those draws empty the pool the seat
    draws from (then the tablet says "drew the pool empty"); None when no pass is possible."""
    if state.phase != Phase.PLAY:
        return None
    draws = state.draws_left
    try:
        result = state.copy().play(state.to_play, draw=draws)
    except EngineError:
        return None
    return PassCost(draws=draws, points=result.points,
                    empties_pool=draws == state.pool_of(state.to_play))


def entry_label(names: list[str], *, seat: int, tile: str, points: int) -> str:
    """'Anna 2-3-5, +10' or 'Boris passes, −25': a turn in a few words."""
    signed = f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")
    if tile:
        return pgettext("turn in a few words", "%(player)s %(tile)s, %(points)s") % {
            "player": names[seat], "tile": tile, "points": signed}
    return pgettext("turn in a few words", "%(player)s passes, %(points)s") % {
        "player": names[seat], "points": signed}


def undo_question(view) -> str:
    """The undo confirmation, naming what will be taken back."""
    state = view.state
    last = view.last_turn
    round_ended = view.round.ended_at is not None
    if last is not None and not round_ended:
        return _("Undo: %(entry)s?") % {"entry": entry_label(
            view.names, seat=last.seat, tile=last.tile, points=last.points)}
    previous = view.previous_round if not round_ended else view.round
    number = previous.number + 1 if previous is not None else state.round_index + 1
    return _("Undo: the hands counted at the end of round %(round)s?") % {"round": number}


def script_data(view, *, urls: dict, key_prefix: str) -> ScriptData:
    """Everything the tablet's script reads, as one JSON object (json_script; no inline script)."""
    state = view.state
    data = ScriptData(
        version=view.game.version,
        game=view.game.pk,
        takes_turns=state.phase.takes_turns,
        opening=state.phase == Phase.OPENING,
        hands=state.phase == Phase.HANDS,
        seat=state.to_play,
        next_seats=[state.seat_after(seat) for seat in range(len(view.names))],
        position=[state.round_index, state.round_turns],
        names=view.names,
        draws_left=state.draws_left,
        draw_penalty=state.rules.draw_penalty,
        urls=urls,
        queue_key=key_prefix,
    )
    data["pass"] = pass_cost(state)
    if state.phase.takes_turns:
        data["cells"], data["tiles"] = table_fits(state)
    return data
