"""Finished games in a few lines for the integrity tests."""

import random

from scoring.demo import Robot, robot_record
from scoring.models import Game
from scoring.records import game_import
from scoring.services import Actor, game_start
from tests.factories import member


def finished_game(club, *, names=("Anna", "Boris"), seed=1, title="") -> Game:
    """A one-round game played to its end by the robot referee."""
    players = [member(club, name=n) for n in names]
    game = game_start(club=club, players=players, preset="pressman",
                      overrides={"rounds_limit": 1}, title=title, actor=Actor())
    Robot(game, random.Random(seed)).play_game()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def playing_game(club, *, names=("Anna", "Boris")) -> Game:
    players = [member(club, name=n) for n in names]
    return game_start(club=club, players=players, preset="pressman", actor=Actor())


def imported_finished_game(club, *, names=("Gleb", "Dina"), seed=1) -> Game:
    """A finished game written in one import (quicker than playing it through the services)."""
    record = robot_record(list(names), {"preset": "pressman", "rounds_limit": 1},
                          random.Random(seed))
    return game_import(club=club, record=record, actor=Actor())
