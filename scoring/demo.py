"""Demo games for a first run: real deals, real draws, legal choices, through the services."""

from __future__ import annotations

import random

from django.db import transaction

from clubs.models import Club, Player
from scoring.engine import GameState, rules_resolve, tile_set

from .models import Game
from .services import Actor, game_start, round_end, turn_record


class Table:
    """The physical table of one round: a shuffled set, the hands, the pool."""

    def __init__(self, rules, players: int, rng: random.Random) -> None:
        tiles = sorted(tile_set(rules.max_number, rules.mirror_tiles))
        rng.shuffle(tiles)
        dealt = rules.dealt_for(players)
        self.hands = [tiles[i * dealt:(i + 1) * dealt] for i in range(players)]
        self.pool = tiles[players * dealt:]

    def opener(self):
        """Highest triple opens, else the highest tile (by sum, then reading): (seat, tile)."""
        best = None
        for seat, hand in enumerate(self.hands):
            for tile in hand:
                key = (tile[0] == tile[1] == tile[2], sum(tile), tuple(tile))
                if best is None or key > best[0]:
                    best = (key, seat, tile)
        return best[1], best[2]


def choose(engine: GameState, hand, rng: random.Random):
    """A random legal (tile, (at, corners)) from the hand, or None."""
    options = [(tile, fit) for tile in hand for fit in engine.fits(tile)]
    return rng.choice(options) if options else None


class Robot:
    """Plays a game's rounds at a simulated table, entering each turn through the services."""

    def __init__(self, game: Game, rng: random.Random, actor: Actor | None = None) -> None:
        self.game = game
        self.rng = rng
        self.actor = actor or Actor()
        seats = list(game.seats.order_by("position"))
        self.engine = GameState([str(s.player_id) for s in seats], rules_resolve(game.rules))
        self.table: Table | None = None

    def turn(self, seat: int, draw: int, at=None, corners=None):
        """Play one turn in the engine and through the service; returns both results."""
        expected = self.engine.play(seat, draw=draw, at=at, corners=corners)
        outcome = turn_record(game_id=self.game.pk, seat=seat, draw=draw, at=at,
                              corners=corners, expected_version=None, actor=self.actor)
        return expected, outcome

    def step(self):
        """One turn of the current round, starting a new deal when the round is fresh."""
        engine = self.engine
        if engine.phase == "opening":
            self.table = Table(engine.rules, len(engine.players), self.rng)
            seat, tile = self.table.opener()
            self.table.hands[seat].remove(tile)
            return self.turn(seat, 0, (0, 0), tuple(tile))
        seat = engine.to_play
        hand = self.table.hands[seat]
        drawn = 0
        choice = choose(engine, hand, self.rng)
        while choice is None and drawn < engine.draws_left:
            hand.append(self.table.pool.pop())
            drawn += 1
            choice = choose(engine, hand, self.rng)
        if choice is None:
            return self.turn(seat, drawn)
        tile, (at, corners) = choice
        hand.remove(tile)
        return self.turn(seat, drawn, at, corners)

    def end_round(self):
        hands = {seat: [str(t) for t in hand] for seat, hand in enumerate(self.table.hands)
                 if hand}
        end = self.engine.end_round(hands)
        round_end(game_id=self.game.pk, hands=hands, expected_version=None, actor=self.actor)
        return end

    def play_round(self) -> list:
        results = [self.step()[0]]
        while self.engine.phase == "play":
            results.append(self.step()[0])
        results.append(self.end_round())
        return results

    def play_game(self, max_rounds: int = 40) -> GameState:
        for _ in range(max_rounds):
            self.play_round()
            if self.engine.phase == "over":
                break
        return self.engine


@transaction.atomic
def demo_games(club: Club, players: list[Player], *, finished: int = 2,
               seed: int = 2026) -> list[Game]:
    """A few finished games and one in progress, unless the club already has games."""
    if club.games.exists():
        return list(club.games.all())
    rng = random.Random(seed)
    games = []
    for number in range(finished):
        table = rng.sample(players, rng.choice((2, 3, 4)))
        game = game_start(club=club, players=table, preset=club.default_preset,
                          title=f"Club evening, table {number + 1}")
        Robot(game, rng).play_game()
        games.append(game)
    table = rng.sample(players, 3)
    game = game_start(club=club, players=table, preset=club.default_preset,
                      title="Tonight, table 1")
    robot = Robot(game, rng)
    robot.play_round()
    for _ in range(7):
        robot.step()
    games.append(game)
    return games
