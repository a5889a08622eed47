"""What the tablet's script needs to know about the table, worked out by the engine on the server.

The script never judges a move: it is given, for every tile not on the table, each cell where the
engine says it fits and the rotations that fit there, and what a pass would cost (game_script,
the same code the tablet's own engine runs). Choosing a tile then lights its cells at once, with
no request, and still works while the Wi-Fi is down.
"""

from __future__ import annotations

from typing import TypedDict

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.numbers import signed
from scoring.engine import Phase

from .game_script import round_start, script_state, tile_fits

__all__ = ["ScriptData", "entry_label", "palette", "script_data", "tile_fits", "undo_question"]


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
    # and "pass" (a keyword, so not declared here): game_script.pass_cost
    urls: dict[str, str]
    queue_key: str
    cells: dict[str, dict]
    tiles: dict[str, list]
    start: dict  # the round for the tablet's own engine (game_script.round_start)
    correcting: bool
    recorded: dict


def palette(state, fits: dict) -> list[dict]:
    """The tiles not on the table, as the palette's buttons: each tile, its three numbers and
    whether it fits anywhere (``fits``: board_fits' tiles); while the hands are entered any tile
    may be chosen."""
    if state.phase == Phase.OVER:
        return []
    anything = not state.phase.takes_turns
    return [
        {"tile": str(t), "numbers": tuple(t), "fits": anything or bool(fits.get(str(t)))}
        for t in state.unplayed_tiles()
    ]


def entry_label(names: list[str], *, seat: int, tile: str, points: int) -> str:
    """'Anna 2-3-5, +10' or 'Boris passes, −25': a turn in a few words."""
    if tile:
        return pgettext("turn in a few words", "%(player)s %(tile)s, %(points)s") % {
            "player": names[seat], "tile": tile, "points": signed(points)}
    return pgettext("turn in a few words", "%(player)s passes, %(points)s") % {
        "player": names[seat], "points": signed(points)}


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
    """Everything the tablet's script reads, as one JSON object (json_script; no inline script):
    the rules' part from game_script (the same code the tablet's own engine runs), and the
    game's version, names and addresses."""
    data = ScriptData(version=view.game.version, game=view.game.pk, names=view.names, urls=urls,
                      queue_key=key_prefix, **script_state(view.state))
    data["start"] = round_start(view.state, start_totals=view.round.start_totals)
    return data
