"""Demo games read as played on their own evenings, not on the day the demo ran."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.demo import demo_games
from scoring.models import Game, Turn
from tests.factories import ClubFactory, member

pytestmark = pytest.mark.django_db


def test_demo_games_start_finish_and_turns_on_their_evening():
    club = ClubFactory()
    players = [member(club, name=n) for n in ("Ann", "Ben", "Cat", "Dan")]
    before = timezone.now()
    demo_games(club, players, finished=3, seed=7)
    finished = list(Game.objects.filter(club=club, status=Game.Status.FINISHED))
    assert len(finished) == 3
    for game in finished:
        assert game.finished_at < before - timedelta(days=1)
        length = game.finished_at - game.started_at
        assert timedelta(minutes=35) <= length < timedelta(minutes=90)
        times = list(Turn.objects.filter(round__game=game).order_by("round__number", "number")
                     .values_list("entered_at", flat=True))
        assert times == sorted(times)
        assert game.started_at < times[0] and times[-1] < game.finished_at
    tonight = Game.objects.get(club=club, status=Game.Status.PLAYING)
    assert tonight.started_at >= before
