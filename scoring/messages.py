"""Refusals in plain, translated words: the engine's (a stable code and its values), the
scoring app's own codes raised as EngineError, and the services' refusals (clubs.refusals.Refused
kinds: services.Conflict, NotPlaying, KeyReused, ReopenRefused, replay.ResultClosed). This is the
only place that turns them into sentences for referees and organisers: ``refusal``."""

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from clubs.refusals import Refused
from scoring.engine import RECORD_FORMAT, EngineError
from scoring.presets import preset_name

#: Codes the scoring app raises as EngineError itself (services.py, sheets.py), beside the
#: engine's own (scoring.engine.errors.CODES); each has a sentence below.
APP_CODES = frozenset({
    "nothing-to-undo", "correction-reopens", "entered-on-paper", "finished-on-tablet",
    "record-players", "record-rules",
})

# Corner 0 is the point of the cell: the top of ▲, the bottom of ▼ (record-format.md §1).
_CORNER_NAMES = {
    "up": (gettext_lazy("top"), gettext_lazy("bottom right"), gettext_lazy("bottom left")),
    "down": (gettext_lazy("bottom"), gettext_lazy("top left"), gettext_lazy("top right")),
}

#: The rules' parameters (engine/rules.py, rules.md) as a referee or organiser calls them.
RULE_NAMES = {
    "rules": pgettext_lazy("rule", "the rules"),
    "preset": pgettext_lazy("rule", "the set of rules"),
    "max_number": pgettext_lazy("rule", "the highest number on a tile"),
    "mirror_tiles": pgettext_lazy("rule", "mirror tiles"),
    "dealt": pgettext_lazy("rule", "the tiles dealt to each player"),
    "min_players": pgettext_lazy("rule", "the fewest players"),
    "max_players": pgettext_lazy("rule", "the most players"),
    "draw_penalty": pgettext_lazy("rule", "the penalty for each tile drawn"),
    "max_draws": pgettext_lazy("rule", "the most tiles drawn in one turn"),
    "fail_penalty": pgettext_lazy("rule", "the penalty for drawing without placing"),
    "empty_pool_pass_penalty": pgettext_lazy("rule", "the penalty for passing with an empty "
                                                     "pool"),
    "vertex_placement": pgettext_lazy("rule", "placing a tile by a corner only"),
    "vertex_placement_penalty": pgettext_lazy("rule", "the penalty for placing by a corner "
                                                      "only"),
    "opening_triple_bonus": pgettext_lazy("rule", "the bonus for opening with a triple"),
    "opening_000_bonus": pgettext_lazy("rule", "the bonus for opening with 0-0-0"),
    "hexagon_bonus": pgettext_lazy("rule", "the bonuses for hexagons"),
    "bridge_bonus": pgettext_lazy("rule", "the bonus for a bridge"),
    "bridge_rule": pgettext_lazy("rule", "what counts as a bridge"),
    "three_vertex_bonus": pgettext_lazy("rule", "the bonus for closing three corners"),
    "out_bonus": pgettext_lazy("rule", "the bonus for going out"),
    "out_transfer": pgettext_lazy("rule", "the points for going out"),
    "blocked_winner": pgettext_lazy("rule", "the winner of a blocked round"),
    "blocked_transfer": pgettext_lazy("rule", "the points of a blocked round"),
    "target": pgettext_lazy("rule", "the target"),
    "rounds_limit": pgettext_lazy("rule", "the number of rounds"),
    "game_winner": pgettext_lazy("rule", "the winner of the game"),
    "pool": pgettext_lazy("rule", "the pool"),
}

# What a record's part must be (the ``expected`` param of ``bad-record``, engine/record.py).
_RECORD_EXPECTED = {
    "object": gettext_lazy("it must be a group of named values in braces { }"),
    "list": gettext_lazy("it must be a list in brackets [ ]"),
    "format": gettext_lazy("it must name the format %(format)s"),
    "rules": gettext_lazy("they must be the name of a set of rules or a group of rules"),
    "names": gettext_lazy("it must be a list of names"),
    "name": gettext_lazy("it must be a name, not empty"),
    "dealt": gettext_lazy("it must be a whole number of at least 1"),
    "player": gettext_lazy("it must be a player's name or seat number"),
    "draw": gettext_lazy("it must be a whole number of at least 0"),
    "at-and-corners": gettext_lazy("a placement needs both a cell and the corner numbers"),
    "at": gettext_lazy("it must be two whole numbers, the column and the row"),
    "corners": gettext_lazy("they must be three whole numbers"),
    "hands": gettext_lazy("they must be grouped by player name"),
    "tile": gettext_lazy("it must be a tile written as three numbers, for example 1-2-3"),
    "integer": gettext_lazy("it must be a whole number"),
    "hand": gettext_lazy("it must be a list of tiles, or a count and points"),
    "sheet": gettext_lazy("it must be a list of rounds, each with the points of each player"),
}


def corner_name(at, corner: int) -> str:
    if at is None:
        return str(corner)
    orientation = "up" if (at[0] + at[1]) % 2 == 0 else "down"
    return str(_CORNER_NAMES[orientation][corner])


def _record_where(p: dict) -> str:
    """Where in a record a ``bad-record`` refusal points, in words ("Round 2, move 5, the
    corners"); the engine gives the path's parts as params (engine/record.py)."""
    part = p.get("part")
    if p.get("round") is None:
        whole = {
            "record": _("The record"),
            "format": _("The record's format"),
            "rules": _("The record's rules"),
            "players": _("The record's list of players"),
            "rounds": _("The record's list of rounds"),
            "sheet": _("The record's score sheet"),
        }
        if part == "player-name":
            return _("Player %(number)s of the record") % {"number": p.get("index", 0) + 1}
        return whole.get(part, _("The record"))
    where = {"round": p["round"] + 1}
    if p.get("move") is not None:
        where["move"] = p["move"] + 1
        move_parts = {
            "player": _("Round %(round)s, move %(move)s, the player"),
            "draw": _("Round %(round)s, move %(move)s, the tiles drawn"),
            "at": _("Round %(round)s, move %(move)s, the cell"),
            "corners": _("Round %(round)s, move %(move)s, the corners"),
        }
        return move_parts.get(part, _("Round %(round)s, move %(move)s")) % where
    if p.get("player") is not None:
        where["player"] = p["player"]
        if p.get("tile") is not None:
            where["tile"] = p["tile"] + 1
            return _("Round %(round)s, the hand of %(player)s, tile %(tile)s") % where
        if part == "count":
            return _("Round %(round)s, the hand of %(player)s, the tile count") % where
        if part == "points":
            return _("Round %(round)s, the hand of %(player)s, the points") % where
        return _("Round %(round)s, the hand of %(player)s") % where
    round_parts = {
        "dealt": _("Round %(round)s, the tiles dealt"),
        "moves": _("Round %(round)s, the moves"),
        "hands": _("Round %(round)s, the hands"),
    }
    return round_parts.get(part, _("Round %(round)s")) % where


def _bad_record(p: dict) -> str:
    expected = _RECORD_EXPECTED.get(p.get("expected"))
    if expected is None:  # a refusal from before the parts were given: say where it was
        return _("The record cannot be read at %(path)s.") % {"path": p.get("path", "?")}
    if p["expected"] == "format":
        expected = expected % {"format": RECORD_FORMAT}
    return _("%(where)s: %(expected)s.") % {"where": _record_where(p), "expected": expected}


def _bad_rules(p: dict) -> str:
    name = p.get("name", "?")
    if name == "preset" and "value" in p:
        return _("There is no set of rules called %(value)s.") % p
    if name not in RULE_NAMES:
        return _("These rules have a setting that does not exist: %(name)s.") % {"name": name}
    if "value" not in p:
        return _("These rules are not valid (%(name)s).") % {"name": RULE_NAMES[name]}
    return _("These rules are not valid: %(name)s cannot be %(value)s.") % {
        "name": RULE_NAMES[name], "value": p["value"]}


def _rule_value(name: str, value) -> str:
    if value is None:
        return pgettext("rule value", "none")
    if name == "preset":
        return preset_name(value)
    return str(value)


#: What every write of a game whose result is closed is answered (replay.ResultClosed), and what
#: the pages of a closed game say instead of their forms.
RESULT_CLOSED = gettext_lazy(
    "This game's result is closed: its tournament round is complete, so it cannot change. An "
    "organiser can reopen the table's result, with a reason, on the tournament round's page.")


def refusal(error: EngineError | Refused, *, at=None, players=None,
            first_round: int = 0) -> str:
    """A referee-facing sentence for a refusal: the engine's, or one of the services'.

    ``at`` is the cell of the move refused (to name its corners), ``players`` the names in seat
    order, ``first_round`` the 0-based round a score sheet starts at (its rounds are numbered
    as on the sheet).
    """
    p = dict(error.params)
    number = first_round + (p.get("round") or 0) + 1

    def name(seat):
        if players and isinstance(seat, int) and 0 <= seat < len(players):
            return players[seat]
        return "?"

    texts = {
        "mismatch": lambda: capfirst(_(
            "The %(corner)s corner needs a %(needed)s, not a %(given)s.") % {
            "corner": corner_name(at, p.get("corner", 0)), "needed": p.get("needed"),
            "given": p.get("given")}),
        "occupied": lambda: _("That cell on the board is already taken."),
        "no-such-tile": lambda: _("There is no such tile in this set."),
        "bad-tile": lambda: _("Enter a tile as three numbers, for example 1-2-3."),
        "tile-played": lambda: _("That tile is already on the board."),
        "not-adjacent": lambda: _("The tile must share a whole edge with the tiles on the board."),
        "opening-draw": lambda: _("The opening turn draws nothing."),
        "must-place": lambda: _("The opening turn must place a tile."),
        "round-over": lambda: _("The round is over: enter the tiles left in each hand."),
        "round-not-over": lambda: _("The round has not ended yet."),
        "game-over": lambda: _("The game is over."),
        "nothing-to-undo": lambda: _("There is nothing to undo."),
        "correction-reopens": lambda: _(
            "This correction would change the result of the finished game: an organiser "
            "reopens the game first."),
        "empty-hand": lambda: _("This player has no tile left to place."),
        "entered-on-paper": lambda: _(
            "This game was finished from a score sheet: enter the sheet again, or attach the "
            "full record."),
        "out-of-turn": lambda: _("It is %(player)s's turn.") % {
            "player": name(p.get("expected_seat"))},
        "too-many-draws": lambda: ngettext(
            "At most %(limit)s tile may be drawn in one turn.",
            "At most %(limit)s tiles may be drawn in one turn.", p.get("limit", 0)) % p,
        "pool-empty": lambda: ngettext(
            "The pool holds only %(pool)s tile.", "The pool holds only %(pool)s tiles.",
            p.get("pool", 0)) % p,
        "must-draw": lambda: ngettext(
            "A player may pass only after drawing %(needed)s tile (drawn: %(given)s).",
            "A player may pass only after drawing %(needed)s tiles (drawn: %(given)s).",
            p.get("needed", 0)) % p,
        "hand-count": lambda: ngettext(
            "%(player)s should hold %(expected)s tile, not %(given)s.",
            "%(player)s should hold %(expected)s tiles, not %(given)s.", p.get("tracked", 0)) % {
            "player": name(p.get("seat")), "expected": p.get("tracked", 0),
            "given": p.get("given")},
        "hand-points": lambda: ngettext(
            "%(count)s tile cannot hold a score of %(points)s (at most %(max)s).",
            "%(count)s tiles cannot hold a score of %(points)s (at most %(max)s).",
            p.get("count", 0)) % p,
        "bad-hand": lambda: _("Enter each hand as tiles, or as a count and points."),
        "player-count": lambda: ngettext(
            "These rules allow %(min)s to %(max)s player, not %(count)s.",
            "These rules allow %(min)s to %(max)s players, not %(count)s.", p.get("max", 0)) % p,
        "player-duplicate": lambda: _("A player can sit only once."),
        "bad-rules": lambda: _bad_rules(p),
        "tile-duplicate": lambda: _("Tile %(tile)s is listed in two hands.") % {
            "tile": p.get("tile", "?")},
        "unknown-player": lambda: (
            _("%(player)s does not play this game.") % p if "player" in p
            else _("Choose a player of this game.")),
        "bad-move": lambda: (
            _("The tiles drawn must be a whole number of at least 0.") if "draw" in p
            else _("A placement needs a cell on the board and three corner numbers.")),
        "bad-dealt": lambda: ngettext(
            "%(dealt)s tile each cannot be dealt: the set is too small for this table, or the "
            "round has started.",
            "%(dealt)s tiles each cannot be dealt: the set is too small for this table, or the "
            "round has started.", _count(p.get("dealt"))) % p,
        "bad-totals": lambda: _("The starting totals do not match the players."),
        "hands-missing": lambda: _(
            "A round has ended but the tiles left in the hands are missing; they come before "
            "the next round."),
        "hands-early": lambda: _("The hands are given for a round that has not ended."),
        "partial-history": lambda: _(
            "The moves of this game before round %(round)s are not known, so it has no full "
            "record.") % {"round": (p.get("round") or 0) + 1},
        "bad-record": lambda: _bad_record(p),
        "bad-json": lambda: (
            _("The file is not a game record: it cannot be read (line %(line)s, column "
              "%(column)s).") % p if p.get("line") is not None
            else _("The file is not a game record: it cannot be read.")),
        "no-file": lambda: _("The file %(path)s cannot be read.") % p,
        # A score sheet (engine/sheet.py, scoring/sheets.py): rounds numbered as on the sheet.
        "sheet-after-end": lambda: _(
            "The game ended with round %(ended)s; round %(round)s comes after the end. Check "
            "the sheet or leave that line empty.") % {
            "ended": first_round + p["ended"] + 1, "round": number},
        "sheet-not-over": lambda: (
            _("After round %(round)s nobody has reached %(target)s: the game is not over yet. "
              "Enter the remaining rounds.") % {"round": number, "target": p["target"]}
            if p.get("target") is not None
            else ngettext("This game plays %(limit)s round; the sheet has %(played)s.",
                          "This game plays %(limit)s rounds; the sheet has %(played)s.",
                          p["limit"] or 0) % p),
        "sheet-total": lambda: _(
            "Round %(round)s: the total written for %(player)s is %(written)s, but the points "
            "add up to %(sum)s.") % {"round": number, "player": name(p["seat"]),
                                     "written": p["written"], "sum": p["sum"]},
        "sheet-round-winner": lambda: _(
            "Several players reached the target in the last round (%(players)s): say who won "
            "that round, it decides the game.") % {
            "players": ", ".join(name(s) for s in p["reached"])},
        "final-not-over": lambda: _(
            "Nobody reached the target of %(target)s: the game is not over. If a player "
            "reached it during the last round and then lost points, mark that player.") % p,
        "sheet-number": lambda: _("Round %(round)s, %(player)s: enter a whole number.") % {
            "round": number, "player": name(p.get("seat"))},
        "sheet-round-high": lambda: ngettext(
            "Round %(round)s, %(player)s: %(value)s is more than one round can give under "
            "these rules with %(players)s player (at most %(most)s). Check the number: a digit "
            "too many?",
            "Round %(round)s, %(player)s: %(value)s is more than one round can give under "
            "these rules with %(players)s players (at most %(most)s). Check the number: a digit "
            "too many?", p["players"]) % {
            "round": number, "player": name(p["seat"]), "value": p["value"],
            "players": p["players"], "most": p["most"]},
        "sheet-round-low": lambda: ngettext(
            "Round %(round)s, %(player)s: %(value)s is less than one round can give under "
            "these rules with %(players)s player (at least %(least)s). Check the number.",
            "Round %(round)s, %(player)s: %(value)s is less than one round can give under "
            "these rules with %(players)s players (at least %(least)s). Check the number.",
            p["players"]) % {"round": number, "player": name(p["seat"]), "value": p["value"],
                             "players": p["players"], "least": p["least"]},
        "final-high": lambda: _(
            "%(player)s: a final score of %(value)s is more than this game can give (at most "
            "%(most)s). Check the number.") % {"player": name(p["seat"]), "value": p["value"],
                                               "most": p["most"]},
        "final-low": lambda: ngettext(
            "%(player)s: a final score of %(value)s is lower than %(rounds)s round can bring "
            "it (at least %(least)s). Check the number.",
            "%(player)s: a final score of %(value)s is lower than %(rounds)s rounds can bring "
            "it (at least %(least)s). Check the number.", p["rounds"]) % {
            "player": name(p["seat"]), "value": p["value"], "rounds": p["rounds"],
            "least": p["least"]},
        "final-rounds-needed": lambda: _(
            "%(player)s: a final score of %(value)s is lower than one round can bring it (at "
            "least %(least)s). If it is right, enter how many rounds were played.") % {
            "player": name(p["seat"]), "value": p["value"], "least": p["least"]},
        "final-rounds": lambda: (
            ngettext("This game plays %(limit)s round.", "This game plays %(limit)s rounds.",
                     p["limit"]) % p if p.get("limit")
            else _("Enter the number of rounds played as a whole number of at least 1.")),
        "reached-below": lambda: _(
            "%(player)s ended on %(value)s: too far below the target of %(target)s to have "
            "reached it in the last round (the rest of a round takes at most down to "
            "%(lowest)s).") % {"player": name(p["seat"]), "value": p["value"],
                               "target": p["target"], "lowest": p["lowest"]},
        "sheet-row": lambda: _("Enter one number for each player."),
        "sheet-empty": lambda: _("Enter at least one round."),
        "sheet-no-target": lambda: _("These rules play no target: nobody can reach it."),
        "finished-on-tablet": lambda: _(
            "This game was recorded move by move to its end; correct its turns instead."),
        "record-rules": lambda: _(
            "The record was played under other rules than this game's (%(name)s: %(record)s "
            "in the record, %(game)s here).") % {
            "name": RULE_NAMES.get(p["name"], p["name"]),
            "record": _rule_value(p["name"], p["record"]),
            "game": _rule_value(p["name"], p["game"])},
        "record-players": lambda: _(
            "The record's players are not this game's players (%(player)s).") % p,
        # The services' refusals (clubs.refusals.Refused kinds: services.py, replay.py,
        # sheets.py), answered 409 by the views.
        "stale-version": lambda: _(
            "Another tablet changed this game. This is the current state; nothing you sent was "
            "recorded."),
        "stale-correction": lambda: _(
            "The game changed while you were correcting; reload the page and enter the turn "
            "again."),
        "not-playing": lambda: _("This game is not in progress."),
        "finished-not-abandoned": lambda: _(
            "A finished game keeps its result; it cannot be abandoned."),
        "abandoned-no-result": lambda: _("This game was abandoned; it takes no result."),
        "key-reused": lambda: _(
            "The tablet sent a turn under the key of another turn already recorded; nothing "
            "was recorded. Reload the page."),
        "reason-missing": lambda: _("Say why the game is reopened."),
        "not-finished": lambda: _("Only a finished game can be reopened."),
        "result-closed": lambda: str(RESULT_CLOSED),
    }
    text = texts.get(error.code)
    if text:
        return text()
    return _("Refused: %(reason)s") % {"reason": getattr(error, "message", "") or error.code}


def _count(value) -> int:
    return value if isinstance(value, int) else 0


#: The refusals a turn can meet, for engine_words (GameState.play's codes).
_TURN_CODES = ("occupied", "no-such-tile", "bad-tile", "tile-played", "not-adjacent",
               "opening-draw", "must-place", "round-over", "game-over", "empty-hand", "bad-move",
               "unknown-player")
_MOST = 84  # the largest set's tiles: no count in a turn's refusal goes past it


def engine_words(players: list[str]) -> dict:
    """The sentences of a turn's refusals, for the tablet's own engine to word its refusals
    offline exactly as the server would (static/js/tablet/words.js): each made by ``refusal``
    in the reader's language. A corner's name and whose turn it is are spelled out for each
    case; counts are given for each number; ``{needed}`` and ``{given}`` are filled in."""
    words: dict = {code: refusal(EngineError(code, "", {})) for code in _TURN_CODES}
    words["*"] = _("The engine refused this turn.")
    for seat in range(len(players)):
        words[f"out-of-turn:{seat}"] = refusal(
            EngineError("out-of-turn", "", {"expected_seat": seat}), players=players)
    for orientation, at in (("up", (0, 0)), ("down", (1, 0))):
        for corner in range(3):
            words[f"mismatch:{orientation}:{corner}"] = refusal(EngineError(
                "mismatch", "", {"corner": corner, "needed": "{needed}", "given": "{given}"}),
                at=at)
    for code, name in (("too-many-draws", "limit"), ("pool-empty", "pool"),
                       ("must-draw", "needed")):
        words[code] = [refusal(EngineError(code, "", {name: n, "given": "{given}"}))
                       for n in range(_MOST + 1)]
    return words
