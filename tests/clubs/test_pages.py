import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership
from ratings.models import PlayerRating
from ratings.services import ratings_recompute
from tests.factories import ClubFactory, UserFactory, member
from tests.ratings.test_ratings_db import T0, finished_game

pytestmark = pytest.mark.django_db


def season(club, players, games, start=None):
    start = start or timezone.now() - timedelta(days=30)
    for i in range(games):
        table = [players[(i + k) % len(players)] for k in range(3)]
        finished_game(club, [(p, 100 + 37 * ((i + k) % 5)) for k, p in enumerate(table)],
                      start + timedelta(hours=i))
    ratings_recompute()


@pytest.mark.parametrize("players", [6, 60])
def test_rankings_query_budget_does_not_grow(client, django_assert_max_num_queries, players):
    club = ClubFactory()
    season(club, [member(club) for _ in range(players)], games=players)
    # A few games each leave every player provisional: listed apart from the ranking, unranked.
    with django_assert_max_num_queries(6):
        response = client.get(reverse("ratings:rankings"))
    assert response.status_code == 200
    assert response.content.decode().count('<td class="num rating">') == 0
    assert f"{players} provisional players" in response.content.decode()
    with django_assert_max_num_queries(6):
        response = client.get(reverse("ratings:rankings"), {"provisional": "1"})
    rows = response.content.decode().count('<td class="num rating">')
    assert rows == min(players, 50)


def test_rankings_order_filters_and_csv(client):
    club, other = ClubFactory(), ClubFactory()
    players = [member(club, name=f"P{i}") for i in range(5)]
    season(club, players, games=70)  # enough for some to be established
    outsider = member(other, name="Outsider")
    finished_game(other, [(outsider, 300), (member(other), 10)], timezone.now())
    ratings_recompute()
    response = client.get(reverse("ratings:rankings"), {"club": club.pk, "format": "csv"})
    assert response.status_code == 200
    lines = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert lines[0][:4] == ["Rank", "Player", "Club", "Rating"]
    established = PlayerRating.objects.filter(player__in=players, provisional=False)
    ranked, unranked = lines[1:1 + established.count()], lines[1 + established.count():]
    assert 0 < len(ranked) < 5 and len(ranked) + len(unranked) == 5
    assert "Outsider" not in {row[1] for row in lines[1:]}
    # The established, best first, ranked from 1; then the provisional, flagged and unranked.
    assert [int(row[3]) for row in ranked] == sorted(
        established.values_list("value", flat=True), reverse=True)
    assert [(row[0], row[5]) for row in ranked] == [
        (str(i), "0") for i in range(1, 1 + len(ranked))]
    assert [(row[0], row[5]) for row in unranked] == [("", "1")] * len(unranked)
    apart = client.get(reverse("ratings:rankings"),
                       {"club": club.pk, "provisional": "1", "format": "csv"})
    names = {row[1] for row in csv.reader(io.StringIO(
        b"".join(apart.streaming_content).decode()))} - {"Player"}
    assert names == {row[1] for row in unranked}
    for least, expected in ((42, {p.display_name for p in players}), (43, set())):
        at_least = client.get(reverse("ratings:rankings"), {"min_games": least, "format": "csv"})
        names = {row[1] for row in csv.reader(io.StringIO(
            b"".join(at_least.streaming_content).decode()))} - {"Player"}
        assert names == expected  # 70 games of three among five: 42 games each


def test_inactive_players_are_listed_apart(client):
    club = ClubFactory()
    old = [member(club, name="Old A"), member(club, name="Old B")]
    finished_game(club, [(old[0], 200), (old[1], 100)], T0 - timedelta(days=300))
    ratings_recompute()
    page = client.get(reverse("ratings:rankings")).content.decode()
    assert "Old A" not in page and "2 inactive players" in page
    inactive = client.get(reverse("ratings:rankings"), {"inactive": "1"}).content.decode()
    assert "Old A" in inactive and "Old B" in inactive


@pytest.mark.parametrize("games", [3, 30])
def test_player_page_query_budget(client, django_assert_max_num_queries, games):
    club = ClubFactory()
    players = [member(club) for _ in range(4)]
    season(club, players, games=games)
    # The player, rating history, stats (3), the games' count and page, head-to-head,
    # tournaments, the choices of the opponent and club filters, and the data versions a
    # cached page is keyed by: 12 however many games.
    with django_assert_max_num_queries(12):
        response = client.get(reverse("ratings:player-detail", args=[players[0].pk]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "<polyline" in body
    assert body.count('href="/players/') >= 3  # head-to-head rows link the opponents


def test_club_page_query_budget(client, django_assert_max_num_queries):
    club = ClubFactory()
    season(club, [member(club) for _ in range(8)], games=12)
    with django_assert_max_num_queries(8):
        assert client.get(reverse("clubs:club-detail", args=[club.slug])).status_code == 200


@pytest.mark.parametrize(("preset", "target", "said"), [
    ("club", 200, "Default rules: TriOminos.ru club rules, target 200"),
    ("pressman", 300, "Default rules: Pressman (box rules), target 300"),
])
def test_club_page_states_the_default_rules_and_the_clubs_own_target(client, preset, target, said):
    # The rules by name alone: their own target beside the club's read as two targets.
    club = ClubFactory(default_preset=preset, default_target=target)
    body = client.get(reverse("clubs:club-detail", args=[club.slug])).content.decode()
    assert said in body


def test_only_organisers_manage_members(client):
    club = ClubFactory()
    organiser_user, referee_user = UserFactory(username="org"), UserFactory(username="ref")
    member(club, Membership.Role.ORGANISER, user=organiser_user)
    member(club, Membership.Role.REFEREE, user=referee_user)
    target = Membership.objects.get(player=member(club, name="Newbie"))
    add = reverse("clubs:member-add", args=[club.slug])
    role = reverse("clubs:member-role", args=[club.slug, target.pk])
    remove = reverse("clubs:member-remove", args=[club.slug, target.pk])
    # Anonymous, a referee of the club, an organiser of another club: all refused.
    other = UserFactory(username="elsewhere")
    member(ClubFactory(), Membership.Role.ORGANISER, user=other)
    for user in (None, referee_user, other):
        if user:
            client.force_login(user)
        assert client.post(add, {"display_name": "X", "role": "member"}).status_code == 403
        assert client.post(role, {"role": "referee"}).status_code == 403
        assert client.post(remove).status_code == 403
    target.refresh_from_db()
    assert target.role == "member"
    client.force_login(organiser_user)
    assert client.post(add, {"display_name": "Zoya", "role": "referee"}).status_code == 302
    assert Membership.objects.get(club=club, player__display_name="Zoya").role == "referee"
    assert client.post(role, {"role": "organiser"}).status_code == 302
    target.refresh_from_db()
    assert target.role == "organiser"
    assert client.post(remove).status_code == 302
    assert not Membership.objects.filter(pk=target.pk).exists()
    # The last organiser cannot step down.
    own = Membership.objects.get(club=club, player__user=organiser_user)
    response = client.post(reverse("clubs:member-role", args=[club.slug, own.pk]),
                           {"role": "member"}, follow=True)
    assert "A club keeps at least one organiser." in response.content.decode()
    own.refresh_from_db()
    assert own.role == "organiser"


def test_member_management_refuses_forged_requests(club, organiser):
    forger = Client(enforce_csrf_checks=True)
    forger.force_login(organiser)
    response = forger.post(reverse("clubs:member-add", args=[club.slug]),
                           {"display_name": "Forged", "role": "member"})
    assert response.status_code == 403
    assert not Membership.objects.filter(player__display_name="Forged").exists()


def test_game_page_shows_each_rating_change(client):
    club = ClubFactory()
    a, b = member(club, name="Ann"), member(club, name="Bob")
    game = finished_game(club, [(a, 220), (b, 90)], timezone.now())
    ratings_recompute(game_id=game.pk)
    changes = {r.player_id: r.change for r in game.ratings.all()}
    assert changes[a.pk] > 0 > changes[b.pk]
    body = client.get(game.get_absolute_url()).content.decode()
    assert f"1000 → {1000 + changes[a.pk]}" in body
    assert f"+{changes[a.pk]}</strong>" in body
    assert f"−{-changes[b.pk]}</strong>" in body


def test_roles_are_django_permissions_per_club_and_grants_hold_everywhere():
    from django.contrib.auth.models import Group, Permission

    home, other = ClubFactory(), ClubFactory()
    organiser, referee, official = (UserFactory(username=n) for n in ("o1", "r1", "f1"))
    member(home, Membership.Role.ORGANISER, user=organiser)
    member(home, Membership.Role.REFEREE, user=referee)
    assert organiser.has_perm("clubs.organise_club", home)
    assert organiser.has_perm("clubs.referee_club", home)
    assert not organiser.has_perm("clubs.organise_club", other)
    assert referee.has_perm("clubs.referee_club", home)
    assert not referee.has_perm("clubs.organise_club", home)
    assert not referee.has_perm("clubs.referee_club", other)
    # A federation's referees: the permission granted through a group, for every club.
    group = Group.objects.create(name="Federation referees")
    group.permissions.add(Permission.objects.get(codename="referee_club"))
    official.groups.add(group)
    assert official.has_perm("clubs.referee_club", home)
    assert official.has_perm("clubs.referee_club", other)
    assert not official.has_perm("clubs.organise_club", other)


def test_clubs_where_a_game_may_be_started_follow_roles_and_grants():
    from django.contrib.auth.models import Group, Permission

    from clubs.permissions import Do, clubs_where

    home, other = ClubFactory(), ClubFactory()
    referee, member_user, official = (UserFactory(username=n) for n in ("r2", "m2", "f2"))
    member(home, Membership.Role.REFEREE, user=referee)
    member(home, Membership.Role.MEMBER, user=member_user)
    group = Group.objects.create(name="Officials")
    group.permissions.add(Permission.objects.get(codename="referee_club"))
    official.groups.add(group)
    assert list(clubs_where(referee, Do.START_GAME)) == [home]
    assert list(clubs_where(member_user, Do.START_GAME)) == []
    assert set(clubs_where(official, Do.START_GAME)) == {home, other}
