"""A demo tournament for a first run: a Swiss day with a knockout final, played by robots at
the tables through the same services a referee's tablet uses."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from clubs.permissions import SITE
from scoring.demo import Robot

from . import services
from .models import Tournament, TournamentRound


def _play(rnd: TournamentRound, rng: random.Random) -> TournamentRound:
    rnd = services.round_publish(tournament_round=rnd, actor=SITE)
    for table in rnd.tables.filter(bye=False).select_related("game").order_by("number"):
        Robot(table.game, rng).play_game()
    return services.round_complete(tournament_round=rnd, actor=SITE)


def demo_tournaments(club: Club, players: list[Player], seed: int = 18) -> list[Tournament]:
    """Skipped when the club already has tournaments."""
    if club.tournaments.exists():
        return list(club.tournaments.all())
    rng = random.Random(seed)
    today = timezone.localdate()
    played = services.tournament_create(
        club=club, name=_("Autumn Cup"), starts_on=today - timedelta(days=10),
        preset=club.default_preset, rounds_per_game=1, table_size=4, rounds=3, knockout_size=4,
        actor=SITE,
    )
    services.tournament_open(tournament=played, actor=SITE)
    for player in players:
        services.registration_add(tournament=played, player=player, checked_in=True, actor=SITE)
    for _round in range(3):
        _play(services.round_generate(tournament=played, actor=SITE), rng)
    _play(services.knockout_start(tournament=played, actor=SITE), rng)
    services.tournament_finish(tournament=played, actor=SITE)
    coming = services.tournament_create(
        club=club, name=_("Winter Open"), starts_on=today + timedelta(days=12),
        preset=club.default_preset, table_size=4, rounds=4, self_registration=True, actor=SITE,
    )
    services.tournament_open(tournament=coming, actor=SITE)
    for player in players[:7]:
        services.registration_add(tournament=coming, player=player, actor=SITE)
    return [played, coming]
