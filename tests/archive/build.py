"""A demo-like site for the archive tests: the demo club with a finished cup and an open
tournament, a second player named like the first, a player in two clubs, games in every state
and audit entries of several kinds."""

import random

from clubs.demo import demo_club
from clubs.models import Club, Membership, Player
from clubs.permissions import SITE
from clubs.services import member_add
from ratings.services import ratings_recompute
from scoring.demo import Robot, demo_games, robot_record
from scoring.records import game_import
from scoring.services import (
    Actor,
    game_abandon,
    game_start,
    table_link_revoke,
    turn_undo,
)
from tests.factories import UserFactory
from tournaments.demo import demo_tournaments


def demo_site() -> dict:
    club = demo_club()
    members = [m.player for m in club.memberships.select_related("player").order_by("pk")]
    anna = members[0]
    twin = member_add(club=club, display_name=anna.display_name,  # same name, new person
                      new_anyway=True, actor=SITE).player
    organiser = anna.user
    demo_games(club, members, finished=12)
    rng = random.Random(7)
    # The twins at one table: identity, not the name, must tell them apart.
    twins_game = game_start(club=club, players=[anna, twin, members[2]],
                            actor=Actor(organiser), title="Twins")
    Robot(twins_game, rng, actor=Actor(organiser)).play_game()
    # A game in progress with an undo and a revoked link; one abandoned.
    record = robot_record([members[3].display_name, members[4].display_name], "club", rng,
                          rounds=1, extra_turns=5)
    open_game = game_import(club=club, record=record, actor=Actor(organiser))
    turn_undo(game_id=open_game.pk, expected_version=None, actor=Actor(None, via_link=True,
                                                                  link_game_id=open_game.pk))
    table_link_revoke(game_id=open_game.pk, actor=Actor(organiser))
    dropped = game_start(club=club, players=members[5:8], actor=Actor(organiser))
    game_abandon(game_id=dropped.pk, actor=Actor(organiser))
    demo_tournaments(club, members)
    # Anna plays in a second club too: one person, two clubs.
    other = Club.objects.create(name="Neva Triominos", slug="neva", city="Saint Petersburg")
    member_add(club=other, player=anna, role=Membership.Role.ORGANISER, actor=SITE)
    locals_ = [member_add(club=other, display_name=f"Neva {i}",
                          role=Membership.Role.REFEREE if i == 0 else Membership.Role.MEMBER,
                          actor=SITE
                          ).player for i in range(3)]
    referee = UserFactory(username="neva-ref")
    locals_[0].user = referee
    locals_[0].save(update_fields=["user"])
    for seed in range(3):
        game = game_start(club=other, players=[anna, *locals_], actor=Actor(referee))
        Robot(game, random.Random(seed), actor=Actor(referee)).play_game()
    ratings_recompute()
    return {"club": club, "other": other, "anna": anna, "twin": twin}


def player_uuid(name_or_player) -> str:
    if isinstance(name_or_player, Player):
        return str(name_or_player.uuid)
    return str(Player.objects.get(display_name=name_or_player).uuid)
