"""Helpers for tests of a broken broker or cache: a port nobody listens on, the Celery app
pointed at another broker for a while, and a game that ends after one turn."""

import socket
from contextlib import contextmanager

from django.urls import reverse

from clubs.models import Membership
from scoring.models import Round
from scoring.services import Actor, game_start
from tests.factories import ClubFactory, UserFactory, member


def closed_port() -> int:
    """A local port with nothing listening: connecting to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def broker_at(url: str):
    """Send tasks to the broker at ``url`` (not eagerly) until the block ends."""
    from config.celery import app

    # Celery prefers the environment's CELERY_BROKER_URL (set in CI) to its settings; a write
    # URL in the settings comes before both, for sending.
    saved = app.conf.get("CELERY_BROKER_WRITE_URL"), app.conf.CELERY_TASK_ALWAYS_EAGER
    app.conf.CELERY_BROKER_WRITE_URL, app.conf.CELERY_TASK_ALWAYS_EAGER = url, False
    _forget_connections(app)
    assert app.conf.broker_write_url == url and not app.conf.task_always_eager
    try:
        yield app
    finally:
        app.conf.CELERY_BROKER_WRITE_URL, app.conf.CELERY_TASK_ALWAYS_EAGER = saved
        _forget_connections(app)


def _forget_connections(app) -> None:
    # The app keeps a pool of connections to the broker it first dialled (Celery drops it the
    # same way in a forked child); without this the old broker would still be used.
    app._pool = None
    app.amqp._producer_pool = None


def one_turn_game(*, username="ref"):
    """A game between Ann and Ben, one tile each and a target of 20, and a logged-in referee:
    Ann's opening 4-4-4 and the hand left to Ben end it."""
    club = ClubFactory(default_preset="pressman")
    referee = UserFactory(username=username)
    member(club, Membership.Role.REFEREE, user=referee)
    players = [member(club, name=name) for name in ("Ann", "Ben")]
    game = game_start(club=club, players=players, preset="pressman", overrides={"target": 20},
                      actor=Actor())
    Round.objects.filter(game=game, number=0).update(dealt=1)
    return game, referee


def play_to_the_end(client, game):
    """The two requests a referee sends to end the game; both responses."""
    opening = client.post(reverse("scoring:turn", args=[game.pk]),
                          {"version": 0, "kind": "place", "seat": 0, "draw": 0, "key": "",
                           "at_c": 0, "at_r": 0,
                           "corners": "4,4,4"}, HTTP_HX_REQUEST="true")
    hands = client.post(reverse("scoring:hands", args=[game.pk]),
                        {"version": 1, "tiles-1": "0-1-2"}, HTTP_HX_REQUEST="true")
    return opening, hands
