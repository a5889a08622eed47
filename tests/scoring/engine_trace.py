"""A game record replayed turn by turn through game_script.GameSession, every answer kept:
each turn's points and breakdown, the scoreboard's numbers, a digest of the tablet's data (its
fits and pass cost) and each round's end. Pure: the agreement test runs this same file under
CPython (the server's engine) and under Pyodide (the tablet's) and compares the traces."""

import hashlib
import json

from scoring.engine import GameState, HandCount, rules_resolve
from scoring.game_script import GameSession, round_start, scoreboard_numbers, script_state


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def _hands(rnd, seats):
    hands = {}
    for name, hand in rnd["hands"].items():
        hands[seats[name]] = (HandCount(hand["count"], hand["points"]) if isinstance(hand, dict)
                              else list(hand))
    return hands


def trace(record: dict) -> list:
    """Every step of the record as plain values, each round replayed as the tablet does: from
    the totals it started with (game_script.round_start)."""
    out = []
    rules = rules_resolve(record["rules"])
    seats = {name: seat for seat, name in enumerate(record["players"])}
    totals = None
    for index, rnd in enumerate(record["rounds"]):
        fresh = GameState(record["players"], rules, totals=totals, rounds_played=index)
        session = GameSession(round_start(fresh, start_totals=totals))
        if "dealt" in rnd:
            session.state.deal(rnd["dealt"])
        out.append(["start", _digest(script_state(session.state))])
        for move in rnd["moves"]:
            answer = session.play(seats[move["player"]], move.get("draw", 0), move.get("at"),
                                  move.get("corners"))
            out.append(["turn", answer.get("turn"), answer.get("numbers"),
                        _digest(answer.get("script"))])
        if "hands" in rnd:
            end = session.state.end_round(_hands(rnd, seats))
            out.append(["end", end.reason, end.winner, list(end.points), list(end.pips),
                        end.game_over, scoreboard_numbers(session.state)])
            totals = list(session.state.totals)
    return out
