"""Play real games through the services: shuffled hands, real draws, legal choices.

The simulator keeps its own engine state beside the database and checks after every turn that
the service recorded exactly what the engine computed.
"""

import random

from scoring.engine import GameState, rules_resolve, tile_set
from scoring.models import Game
from scoring.services import Actor, round_end, turn_record


class Table:
    """The physical table: a shuffled set, the hands, the pool."""

    def __init__(self, rules, players: int, rng: random.Random) -> None:
        tiles = sorted(tile_set(rules.max_number, rules.mirror_tiles))
        rng.shuffle(tiles)
        dealt = rules.dealt_for(players)
        self.hands = [tiles[i * dealt:(i + 1) * dealt] for i in range(players)]
        self.pool = tiles[players * dealt:]


def opener(hands) -> tuple[int, object]:
    """Highest triple opens, else the highest tile (by sum, then reading)."""
    best = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            key = (tile[0] == tile[1] == tile[2], sum(tile), tuple(tile))
            if best is None or key > best[0]:
                best = (key, seat, tile)
    return best[1], best[2]


def play_round(game: Game, engine: GameState, rng: random.Random, actor: Actor,
               max_turns: int = 400) -> list:
    """Play one round to its end (out or blocked) and enter the hands. Returns the turn results."""
    table = Table(engine.rules, len(engine.players), rng)
    results = []
    seat, tile = opener(table.hands)
    version = Game.objects.get(pk=game.pk).version
    corners = tuple(tile)
    results.append(_turn(game, engine, table, seat, 0, (0, 0), corners, version, actor))
    while engine.phase == "play" and len(results) < max_turns:
        seat = engine.to_play
        hand = table.hands[seat]
        drawn = 0
        choice = _choose(engine, hand, rng)
        while choice is None and drawn < engine.draws_left:
            hand.append(table.pool.pop())
            drawn += 1
            choice = _choose(engine, hand, rng)
        version = Game.objects.get(pk=game.pk).version
        if choice is None:
            results.append(_turn(game, engine, table, seat, drawn, None, None, version, actor))
        else:
            tile, (at, corners) = choice
            results.append(_turn(game, engine, table, seat, drawn, at, corners, version, actor))
    assert engine.phase == "hands", engine.phase
    hands = {seat: [str(t) for t in hand] for seat, hand in enumerate(table.hands) if hand}
    version = Game.objects.get(pk=game.pk).version
    end = engine.end_round(hands)
    round_end(game_id=game.pk, hands=hands, expected_version=version, actor=actor)
    results.append(end)
    return results


def _choose(engine, hand, rng):
    options = []
    for tile in hand:
        for fit in engine.fits(tile):
            options.append((tile, fit))
    if not options:
        return None
    return rng.choice(options)


def _turn(game, engine, table, seat, drawn, at, corners, version, actor):
    expected = engine.play(seat, draw=drawn, at=at, corners=corners)
    if at is not None:
        table.hands[seat].remove(expected.tile)
    outcome = turn_record(game_id=game.pk, seat=seat, draw=drawn, at=at, corners=corners,
                          expected_version=version, actor=actor)
    turn = outcome.turn
    assert (turn.points, turn.detail, turn.hexagons, turn.bridge) == (
        expected.points, expected.detail, expected.hexagons, expected.bridge)
    return expected


def play_game(game: Game, rng: random.Random, actor: Actor, max_rounds: int = 40) -> GameState:
    seats = list(game.seats.order_by("position"))
    engine = GameState([str(s.player_id) for s in seats], rules_resolve(game.rules))
    for _ in range(max_rounds):
        play_round(game, engine, rng, actor)
        if engine.phase == "over":
            break
    return engine
