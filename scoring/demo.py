"""Demo games for a first run: real deals, real draws, legal choices, through the services."""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Player
from clubs.permissions import SITE
from scoring.engine import GameState, Phase, record_write, rules_resolve, tile_set

from .models import Game, Round, Turn
from .records import game_import
from .services import Actor, round_end, turn_record


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


class TableRobot:
    """Plays rounds at a simulated table with the engine alone: real deals and draws, random
    legal choices. Subclasses also enter each turn somewhere (see Robot)."""

    def __init__(self, engine: GameState, rng: random.Random) -> None:
        self.engine = engine
        self.rng = rng
        self.table: Table | None = None

    def turn(self, seat: int, draw: int, at=None, corners=None):
        return self.engine.play(seat, draw=draw, at=at, corners=corners)

    def hands(self, hands: dict):
        return self.engine.end_round(hands)

    def step(self):
        """One turn of the current round, dealing anew when the round is fresh."""
        engine = self.engine
        if engine.phase == Phase.OPENING:
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
        return self.hands({seat: [str(t) for t in hand]
                           for seat, hand in enumerate(self.table.hands) if hand})

    def play_round(self) -> list:
        results = [self.step()]
        while self.engine.phase == Phase.PLAY:
            results.append(self.step())
        results.append(self.end_round())
        return results

    def play_game(self, max_rounds: int = 40) -> GameState:
        for _round in range(max_rounds):
            self.play_round()
            if self.engine.phase == Phase.OVER:
                break
        return self.engine


class Robot(TableRobot):
    """Plays a stored game, entering every turn and round end through the services."""

    def __init__(self, game: Game, rng: random.Random, actor: Actor = SITE) -> None:
        seats = list(game.seats.order_by("position"))
        super().__init__(GameState([str(s.player_id) for s in seats], rules_resolve(game.rules)),
                         rng)
        self.game = game
        self.actor = actor
        self.last_outcome = None

    def turn(self, seat, draw, at=None, corners=None):
        expected = super().turn(seat, draw, at, corners)
        self.last_outcome = turn_record(game_id=self.game.pk, seat=seat, draw=draw, at=at,
                                        corners=corners, expected_version=None,
                                        actor=self.actor)
        return expected

    def hands(self, hands):
        end = super().hands(hands)
        round_end(game_id=self.game.pk, hands=hands, expected_version=None, actor=self.actor)
        return end


def robot_record(names: list[str], rules_spec, rng: random.Random, *, rounds: int | None = None,
                 extra_turns: int = 0) -> dict:
    """The record of a game played by the robot: whole, or `rounds` rounds and a few turns."""
    robot = TableRobot(GameState(names, rules_resolve(rules_spec)), rng)
    if rounds is None:
        robot.play_game()
    else:
        for _round in range(rounds):
            robot.play_round()
        for _turn in range(extra_turns):
            if robot.engine.phase not in (Phase.OPENING, Phase.PLAY):
                break
            robot.step()
    record = record_write(robot.engine)
    record["rules"] = rules_spec
    return record


def demo_games(club: Club, players: list[Player], *, finished: int = 100,
               seed: int = 2026) -> list[Game]:
    """A season of finished club games, dated over the last months, and one game in progress;
    skipped when the club already has games. Not rated here: the caller rates them (ratings
    sit above scoring), e.g. the demo_data command."""
    if club.games.exists():
        return list(club.games.all())
    rng = random.Random(seed)
    now = timezone.now()
    games = []
    with transaction.atomic():
        for number in range(finished):
            table = rng.sample(players, rng.choice((2, 3, 3, 4, 4)))
            record = robot_record([p.display_name for p in table], club.default_preset, rng)
            played = now - timedelta(days=(finished - number) * 1.5, hours=rng.randrange(6))
            record["finished_at"] = played.isoformat()
            game = game_import(club=club, record=record, actor=SITE)
            _date_back(game, played, minutes=rng.randrange(35, 90))
            games.append(_titled(game, {"kind": "club-evening", "date": played.date().isoformat(),
                                        "table": number % 3 + 1}))
        table = rng.sample(players, 3)
        record = robot_record([p.display_name for p in table], club.default_preset, rng,
                              rounds=1, extra_turns=7)
        games.append(_titled(game_import(club=club, record=record, actor=SITE),
                             {"kind": "tonight", "table": 1}))
    return games


def _date_back(game: Game, finished, *, minutes: int) -> None:
    """Give an imported game the times of the evening it stands for: started `minutes` before
    its finish, turns entered evenly in between. Without this every demo game would read as
    started (and its turns as entered) on the day the demo ran."""
    started = finished - timedelta(minutes=minutes)
    turns = list(Turn.objects.filter(round__game=game).order_by("round__number", "number"))
    step = timedelta(minutes=minutes) / (len(turns) + 1)
    for k, turn in enumerate(turns, 1):
        turn.entered_at = started + step * k
    Turn.objects.bulk_update(turns, ["entered_at"], batch_size=500)
    last = {turn.round_id: turn.entered_at for turn in turns}
    for round_ in Round.objects.filter(game=game, ended_at__isnull=False):
        round_.ended_at = last.get(round_.pk, finished)
        round_.save(update_fields=["ended_at"])
    Game.objects.filter(pk=game.pk).update(started_at=started)


def _titled(game, parts: dict):
    """The demo's titles are made up, so they are stored as parts and worded per reader."""
    game.title_parts = parts
    game.save(update_fields=["title_parts"])
    return game
