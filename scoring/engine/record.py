"""The game record ``triominos-record/1`` (record-format.md §3–§4): check, replay, write."""

from __future__ import annotations

import json
from collections.abc import Mapping

from .errors import EngineError
from .phase import Phase
from .results import HandCount
from .rules import rules_resolve
from .state import GameState

RECORD_FORMAT = "triominos-record/1"  # the one place the name is written


def _bad(path: str, expected: str, text: str, **where) -> EngineError:
    """A ``bad-record`` refusal: ``path`` as in the record ("rounds[0].moves[2].corners"),
    ``expected`` a code for what the part must be, ``where`` the path's parts (``part``, and
    ``round``, ``move``, ``player``, ``tile``, ``index`` as they apply, 0-based) so the web
    layer can say where in words."""
    return EngineError("bad-record", f"{path}: {text}",
                       {"path": path, "expected": expected, **where})


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value, size: int) -> bool:
    # type() rather than _is_int(): this runs for every placement of every replay.
    return type(value) is list and len(value) == size and all(type(n) is int for n in value)


def record_validate(obj) -> None:
    """Check the structure of a record; raise EngineError ``bad-record`` naming the path.

    Only shapes and types are checked here; whether the moves are legal is for replaying.
    """
    if not isinstance(obj, Mapping):
        raise _bad("record", "object", "expected an object", part="record")
    if obj.get("format") != RECORD_FORMAT:
        raise _bad("format", "format", f"expected {RECORD_FORMAT!r}, not {obj.get('format')!r}",
                   part="format")
    if "rules" not in obj or not isinstance(obj["rules"], (str, Mapping)):
        raise _bad("rules", "rules", "expected a preset name or an object", part="rules")
    players = obj.get("players")
    if not isinstance(players, list) or not players:
        raise _bad("players", "names", "expected a list of names", part="players")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name:
            raise _bad(f"players[{i}]", "name", "expected a non-empty name",
                       part="player-name", index=i)
    rounds = obj.get("rounds")
    if not isinstance(rounds, list):
        raise _bad("rounds", "list", "expected a list", part="rounds")
    for i, rnd in enumerate(rounds):
        where = f"rounds[{i}]"
        if not isinstance(rnd, Mapping):
            raise _bad(where, "object", "expected an object", part="round", round=i)
        if "dealt" in rnd and (not _is_int(rnd["dealt"]) or rnd["dealt"] < 1):
            raise _bad(f"{where}.dealt", "dealt", "expected a whole number >= 1", part="dealt",
                       round=i)
        moves = rnd.get("moves")
        if not isinstance(moves, list):
            raise _bad(f"{where}.moves", "list", "expected a list", part="moves", round=i)
        for j, move in enumerate(moves):
            problem = _move_problem(move)
            if problem is not None:
                part, expected, text = problem
                suffix = f".{part}" if part != "move" else ""
                raise _bad(f"{where}.moves[{j}]{suffix}", expected, text, part=part, round=i,
                           move=j)
        if "hands" in rnd:
            _validate_hands(f"{where}.hands", rnd["hands"], i)


def _move_problem(move) -> tuple[str, str, str] | None:
    """(part, expected, complaint) for a malformed move, else None; the part is "move" for the
    move as a whole. The path is built only then."""
    if type(move) is not dict and not isinstance(move, Mapping):
        return "move", "object", "expected an object"
    player = move.get("player")
    if type(player) is not str and type(player) is not int:
        return "player", "player", "expected a name or a seat number"
    if "draw" in move and (type(move["draw"]) is not int or move["draw"] < 0):
        return "draw", "draw", "expected a whole number >= 0"
    has_at, has_corners = "at" in move, "corners" in move
    if has_at != has_corners:
        return "move", "at-and-corners", "a placement needs both at and corners"
    if has_at and not _int_list(move["at"], 2):
        return "at", "at", "expected two integers [c, r]"
    if has_corners and not _int_list(move["corners"], 3):
        return "corners", "corners", "expected three integers"
    return None


def _validate_hands(where: str, hands, i: int) -> None:
    if not isinstance(hands, Mapping):
        raise _bad(where, "hands", "expected an object keyed by player name", part="hands",
                   round=i)
    for name, hand in hands.items():
        if isinstance(hand, list):
            for k, tile in enumerate(hand):
                if not isinstance(tile, str):
                    raise _bad(f"{where}.{name}[{k}]", "tile", "expected a tile written a-b-c",
                               part="tile", round=i, player=str(name), tile=k)
        elif isinstance(hand, Mapping):
            for key in ("count", "points"):
                if not _is_int(hand.get(key)):
                    raise _bad(f"{where}.{name}.{key}", "integer", "expected an integer",
                               part=key, round=i, player=str(name))
        else:
            raise _bad(f"{where}.{name}", "hand", "expected a list of tiles or {count, points}",
                       part="hand", round=i, player=str(name))


def _no_player(name: str) -> EngineError:
    return EngineError("unknown-player", f"there is no player {name}", {"player": name})


def _seat(state: GameState, who) -> int:
    if isinstance(who, str):
        if who not in state.players:
            raise _no_player(who)
        return state.players.index(who)
    return who  # a seat number; play() refuses one out of range


def _at(error: EngineError, rnd: int | None, turn: int | None) -> EngineError:
    error.round, error.turn = rnd, turn
    return error


def _run(obj, collect: bool):
    """Replay a record; return the state and, when ``collect``, the per-round results."""
    record_validate(obj)
    try:
        rules = rules_resolve(obj["rules"])
        state = GameState(obj["players"], rules)
    except EngineError as error:
        raise _at(error, None, None) from None
    out = []
    rounds = obj["rounds"]
    for i, rnd in enumerate(rounds):
        if i:
            _check_round_start(state, i)
        try:
            if "dealt" in rnd:
                state.deal(rnd["dealt"])
        except EngineError as error:
            raise _at(error, i, None) from None
        turns = []
        play = state.play
        seats = {name: seat for seat, name in enumerate(state.players)}
        for j, move in enumerate(rnd["moves"]):
            try:
                who = move["player"]
                seat = seats.get(who) if type(who) is str else who
                if seat is None:
                    raise _no_player(who)
                at = move.get("at")
                if at is None:
                    result = play(seat, draw=move.get("draw", 0))
                else:
                    result = play(seat, draw=move.get("draw", 0), at=at, corners=move["corners"])
            except EngineError as error:
                raise _at(error, i, j) from None
            if collect:
                turns.append(result)
        end = None
        if "hands" in rnd:
            try:
                end = _end_round(state, rnd["hands"])
            except EngineError as error:
                raise _at(error, i, None) from None
        if collect:
            out.append((turns, end, list(state.totals)))
    return state, out


def _check_round_start(state: GameState, i: int) -> None:
    if state.phase == Phase.OVER:
        raise _at(EngineError("game-over", f"round {i} follows the end of the game", {}), i, None)
    if state.phase == Phase.HANDS:
        raise _at(
            EngineError(
                "hands-missing",
                f"round {i - 1} ended ({state.round_reason}) but its hands are missing",
                {"reason": state.round_reason},
            ),
            i - 1, None,
        )
    if state.round_index != i:
        raise _at(
            EngineError("round-not-over", f"round {i - 1} has not ended but round {i} follows", {}),
            i - 1, None,
        )


def _end_round(state: GameState, hands: Mapping):
    if state.phase != Phase.HANDS:
        raise EngineError("hands-early", "hands are given for a round that has not ended", {})
    by_seat = {}
    for name, hand in hands.items():
        seat = _seat(state, name)
        if isinstance(hand, Mapping):
            by_seat[seat] = HandCount(hand["count"], hand["points"])
        else:
            by_seat[seat] = hand
    return state.end_round(by_seat)


def record_state(obj) -> GameState:
    """Replay a whole record and return the resulting GameState.

    Raises EngineError with ``round`` and ``turn`` (0-based; ``turn`` None for a round-level error,
    both None for a record-level one) at the first problem.
    """
    return _run(obj, False)[0]


def record_replay(obj) -> dict:
    """Replay a record into the JSON structure of record-format.md §4."""
    state, rounds = _run(obj, True)
    names = state.players
    out_rounds = []
    for turns, end, totals in rounds:
        out_rounds.append({
            "turns": [
                {"player": names[t.seat], "points": t.points, "detail": t.detail} for t in turns
            ],
            "end": None if end is None else {
                "reason": end.reason,
                "winner": names[end.winner],
                "points": dict(zip(names, end.points, strict=True)),
            },
            "totals": dict(zip(names, totals, strict=True)),
        })
    winner = None
    if state.finished:
        won = [names[s] for s in state.winners]
        winner = won[0] if len(won) == 1 else won
    return {
        "rounds": out_rounds,
        "totals": dict(zip(names, state.totals, strict=True)),
        "finished": state.finished,
        "winner": winner,
    }


def record_write(state: GameState) -> dict:
    """The record of every round a GameState has played (it must have started at round 0)."""
    if state._first_round:
        raise EngineError(
            "partial-history",
            f"this state resumed at round {state._first_round}; earlier rounds are unknown",
            {"round": state._first_round},
        )
    names = state.players
    rounds = [record_round(names, dealt, moves, hands) for dealt, moves, hands in state._log]
    # A round just dealt after the previous one ended adds nothing to replay.
    if len(rounds) > 1 and rounds[-1] == {"moves": []}:
        rounds.pop()
    return record_compose(state.rules.to_dict(), names, rounds)


def record_compose(rules, names, rounds: list[dict]) -> dict:
    """A record's head and rounds (record-format.md §3): ``rules`` a preset name or an object."""
    return {"format": RECORD_FORMAT, "rules": rules, "players": list(names), "rounds": rounds}


def record_round(names, dealt, moves, hands) -> dict:
    """One round of a record: ``moves`` as (seat, draw, at, corners), ``hands`` (after the round
    ended, else None) each seat's HandCount or tiles; an empty hand is left out."""
    rnd: dict = {}
    if dealt is not None:
        rnd["dealt"] = dealt
    rnd["moves"] = [_write_move(names, *move) for move in moves]
    if hands is not None:
        rnd["hands"] = {
            names[seat]: {"count": hand.count, "points": hand.points}
            if isinstance(hand, HandCount) else [str(t) for t in hand]
            for seat, hand in hands.items()
            if isinstance(hand, HandCount) or hand
        }
    return rnd


def _write_move(names, seat, draw, at, corners) -> dict:
    move: dict = {"player": names[seat]}
    if draw:
        move["draw"] = draw
    if at is not None:
        move["at"] = list(at)
        move["corners"] = list(corners)
    return move


def record_dumps(obj) -> str:
    """A record as JSON text."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def record_loads(text) -> dict:
    """Parse JSON text into a record and check its structure (``bad-json`` / ``bad-record``)."""
    try:
        obj = json.loads(text)
    except ValueError as error:
        raise EngineError("bad-json", f"not JSON: {error}", {
            "detail": str(error), "line": getattr(error, "lineno", None),
            "column": getattr(error, "colno", None)}) from None
    record_validate(obj)
    return obj
