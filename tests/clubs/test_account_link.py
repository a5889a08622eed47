"""An organiser links a member's player to a user account; the person then sees "you" in the
rankings and "My games". Refusals say why and write nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubAuditEntry, Membership, Player
from ratings.services import ratings_recompute
from tests.factories import ClubFactory, UserFactory, member
from tests.ratings.test_ratings_db import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_with_anna(client):
    club = ClubFactory(name="Triangle")
    boss = UserFactory(username="boss")
    member(club, Membership.Role.ORGANISER, user=boss, name="Boss")
    anna, ben = member(club, name="Anna Volkova"), member(club, name="Ben")
    finished_game(club, [(anna, 200), (ben, 120)], timezone.now() - timedelta(days=3))
    finished_game(ClubFactory(), [(ben, 150), (member(ClubFactory()), 90)],
                  timezone.now() - timedelta(days=2))
    ratings_recompute()
    client.force_login(boss)
    return {"club": club, "boss": boss, "anna": anna, "ben": ben,
            "anna_user": UserFactory(username="anna")}


def _url(club, player):
    membership = Membership.objects.get(club=club, player=player)
    return reverse("clubs:member-account", args=[club.slug, membership.pk])


def test_link_then_me_in_rankings_and_my_games(client, club_with_anna):
    club, anna = club_with_anna["club"], club_with_anna["anna"]
    response = client.post(_url(club, anna), {"username": "anna"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.user == club_with_anna["anna_user"]
    entry = ClubAuditEntry.objects.get(action="account-link")
    assert entry.username == "boss" and entry.club == club
    assert entry.after == {"player": "Anna Volkova", "player_id": anna.pk, "user": "anna"}
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Anna Volkova is linked to the account “anna”." in page

    client.force_login(club_with_anna["anna_user"])
    ranking = client.get(reverse("ratings:rankings"), {"provisional": "1"}).content.decode()
    mine = ranking.split('<tr class="me" aria-current="true">')
    assert len(mine) == 2 and "Anna Volkova" in mine[1].split("</tr>")[0]
    assert '<span class="badge me">you</span>' in mine[1].split("</tr>")[0]
    games = client.get(reverse("scoring:game-list")).content.decode()
    assert f'href="?player={anna.pk}" id="my-games"' in games
    only_mine = client.get(reverse("scoring:game-list"), {"player": anna.pk})
    assert [[s.player_id for s in g.seats.all()] for g in only_mine.context["games"]] == [
        [anna.pk, club_with_anna["ben"].pk]]
    assert '<span class="badge me">you</span>' in client.get(
        anna.get_absolute_url()).content.decode()


def _refused(client, url, data, message):
    before = ClubAuditEntry.objects.count(), list(Player.objects.values_list("pk", "user_id"))
    response = client.post(url, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (ClubAuditEntry.objects.count(),
            list(Player.objects.values_list("pk", "user_id"))) == before


def test_refusals_say_why_and_write_nothing(client, club_with_anna):
    club, anna, ben = club_with_anna["club"], club_with_anna["anna"], club_with_anna["ben"]
    _refused(client, _url(club, anna), {"username": "ghost"}, "No account is called “ghost”.")
    _refused(client, _url(club, anna), {"username": ""}, "Type the account&#x27;s user name.")
    _refused(client, _url(club, anna), {"username": "boss"},
             "The account “boss” already belongs to Boss.")
    # Ben organises another club: linking him would hand that club's rights to the account.
    other = ClubFactory(name="Hexagon")
    Membership.objects.create(club=other, player=ben, role=Membership.Role.ORGANISER)
    _refused(client, _url(club, ben), {"username": "anna"},
             "Ben has the role “organiser” in Hexagon: only that club&#x27;s organisers")
    boss_player = Player.objects.get(user=club_with_anna["boss"])
    _refused(client, _url(club, boss_player), {"unlink": "1"},
             "Your own account cannot be unlinked by yourself.")


def test_unlink_and_only_organisers(client, club_with_anna):
    club, anna = club_with_anna["club"], club_with_anna["anna"]
    assert client.post(_url(club, anna), {"username": "anna"}).status_code == 302
    assert client.post(_url(club, anna), {"unlink": "1"}).status_code == 302
    anna.refresh_from_db()
    assert anna.user is None
    entry = ClubAuditEntry.objects.get(action="account-unlink")
    assert entry.before == {"user": "anna"}
    referee = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=referee)
    client.force_login(referee)
    assert client.post(_url(club, anna), {"username": "anna"}).status_code == 403
    anna.refresh_from_db()
    assert anna.user is None


def test_refusal_in_russian(client, club_with_anna):
    response = client.post(_url(club_with_anna["club"], club_with_anna["anna"]),
                           {"username": "ghost"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "Учётной записи «ghost» нет." in response.content.decode()
