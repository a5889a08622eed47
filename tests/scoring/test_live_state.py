"""The live page's status line says the game's state once, in either language."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.services import Actor, game_abandon, turn_record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()  # live fragments are cached by game id, version and language


def state_line(client, game, language) -> str:
    cache.clear()  # the version a write announces after its commit, which a test never sees
    page = client.get(reverse("scoring:game-live", args=[game.pk]), {"v": "old"},
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
    lines = re.findall(r'<p class="muted small game-state">([^<]*)</p>', page)
    assert len(lines) == 1, page
    return lines[0]


def test_the_state_is_said_once_in_english_and_russian(client, game):
    assert state_line(client, game, "en") == "Waiting for the opening"
    assert state_line(client, game, "ru") == "Ждёт первого хода"
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    game.refresh_from_db()
    assert state_line(client, game, "en") == "In play"
    assert state_line(client, game, "ru") == "Идёт игра"
    game_abandon(game_id=game.pk, actor=Actor())
    game.refresh_from_db()
    assert state_line(client, game, "en") == "Abandoned"
    assert state_line(client, game, "ru") == "Прервана"
