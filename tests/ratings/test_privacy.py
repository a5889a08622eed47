"""A player keeps their games private, or makes them public again (issue 27.4): who may decide,
the audit entry, what each reader then sees on the pages and in the API, and the player's own
data as a file."""

import json

import pytest
from django.urls import reverse

from clubs.models import ClubAuditEntry, Player
from tests.factories import UserFactory, organiser_of

from .test_player_page import ann_season  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(ann_season):  # noqa: F811
    """Ann (linked to the account "ann"), Ben and Cat of the club Triangle, three games."""
    ann = ann_season["ann"]
    ann.user = UserFactory(username="ann")
    ann.save(update_fields=["user"])
    return ann_season


def _private(client, player, username="ann", choice="private"):
    client.force_login(UserFactory(username=username))
    return client.post(reverse("ratings:player-privacy", args=[player.pk]), {"games": choice})


def _page(client, player, **params):
    return client.get(reverse("ratings:player-detail", args=[player.pk]), params)


def test_games_are_public_by_default(client, season):
    assert Player.objects.get(pk=season["ann"].pk).games_public is True
    html = _page(client, season["ann"]).content.decode()
    assert 'class="player-games cards"' in html and "<polyline" in html
    assert 'id="privacy"' not in html  # the setting is not for a passer-by


def test_the_player_makes_them_private_and_it_is_audited(client, season):
    ann = season["ann"]
    response = _private(client, ann)
    assert response.status_code == 302
    assert response["Location"] == f"/players/{ann.pk}/#privacy"
    ann.refresh_from_db()
    assert ann.games_public is False
    entry = ClubAuditEntry.objects.get(action=ClubAuditEntry.Action.PLAYER_PRIVACY)
    assert (entry.username, entry.club_name) == ("ann", "Triangle")
    assert entry.before == {"player": "Ann", "player_id": ann.pk, "games_public": True}
    assert entry.after == {"player": "Ann", "player_id": ann.pk, "games_public": False}
    # Asking for what already is writes nothing more.
    _private(client, ann)
    assert ClubAuditEntry.objects.filter(action=ClubAuditEntry.Action.PLAYER_PRIVACY).count() == 1
    # The player's own page still shows them all, and the setting.
    html = _page(client, ann).content.decode()
    assert 'class="player-games cards"' in html and 'id="privacy"' in html
    assert 'value="private" checked' in html
    # Their own page links the download of their data.
    assert "Download my data (JSON)" in client.get("/me/").content.decode()


def test_readers_see_the_rating_but_not_the_games(client, season):
    ann, ben = season["ann"], season["ben"]
    _private(client, ann)
    client.logout()
    html = _page(client, ann).content.decode()
    assert "This player keeps their games private." in html
    for hidden in ('class="player-games', "<polyline", 'class="head-to-head',
                   *(f'href="/games/{game.pk}/"' for game in season["games"])):
        assert hidden not in html, hidden
    assert str(ann.rating.value) in html
    assert "Spring Cup" in html  # a tournament is a public event
    # Ben's head-to-head leaves Ann out, and his games cannot be filtered by her.
    ben_page = _page(client, ben).content.decode()
    h2h = ben_page.split('class="head-to-head cards"')[1].split("</table>")[0]
    assert "Cat" in h2h and "Ann" not in h2h
    refused = _page(client, ben, opponent=ann.pk)
    assert refused.status_code == 400
    assert "Select a valid choice." in refused.content.decode()


def test_an_organiser_sees_and_decides_a_stranger_does_neither(client, season):
    ann = season["ann"]
    club = ann.home_club
    _private(client, ann)
    # A signed-in stranger: no games, no setting, and a refusal when trying.
    stranger = UserFactory(username="stranger")
    client.force_login(stranger)
    html = _page(client, ann).content.decode()
    assert "This player keeps their games private." in html and 'id="privacy"' not in html
    assert _private(client, ann, username="stranger", choice="public").status_code == 403
    ann.refresh_from_db()
    assert ann.games_public is False
    # The club's organiser sees them and may make them public again.
    organiser_of(club)
    client.force_login(UserFactory(username="org"))
    html = _page(client, ann).content.decode()
    assert 'class="player-games cards"' in html and 'id="privacy"' in html
    assert _private(client, ann, username="org", choice="public").status_code == 302
    ann.refresh_from_db()
    assert ann.games_public is True
    assert ClubAuditEntry.objects.filter(
        action=ClubAuditEntry.Action.PLAYER_PRIVACY).latest("pk").username == "org"


def test_a_bad_choice_is_refused_in_words_and_changes_nothing(client, season):
    ann = season["ann"]
    client.force_login(UserFactory(username="ann"))
    response = client.post(reverse("ratings:player-privacy", args=[ann.pk]), {"games": "maybe"},
                           follow=True)
    assert "Choose whether the games are public or private." in response.content.decode()
    ann.refresh_from_db()
    assert ann.games_public is True
    assert not ClubAuditEntry.objects.filter(action=ClubAuditEntry.Action.PLAYER_PRIVACY).exists()
    # Logged out: to the login page, nothing written.
    client.logout()
    response = client.post(reverse("ratings:player-privacy", args=[ann.pk]), {"games": "private"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_games_list_names_her_to_herself_only(client, season):
    ann = season["ann"]
    _private(client, ann)
    # Ann finds her own games, named.
    mine = client.get(reverse("scoring:game-list"), {"player": ann.pk})
    assert mine.status_code == 200
    assert mine.content.decode().count("Ann ") == 3
    client.logout()
    listed = client.get(reverse("scoring:game-list")).content.decode()
    assert "Ann " not in listed and listed.count("a private player") == 3
    assert client.get(reverse("scoring:game-list"), {"player": ann.pk}).status_code == 400


def test_the_api_lists_and_finds_none_of_her_games(client, season):
    ann = season["ann"]
    _private(client, ann)
    client.logout()
    found = client.get("/api/v1/games/", {"player": ann.pk}).json()
    assert found["count"] == 0
    games = client.get("/api/v1/games/").json()["results"]
    seats = [seat["player"] for game in games for seat in game["seats"]]
    assert seats.count({"id": None, "name": None}) == 3
    assert {"id": ann.pk, "name": "Ann"} not in seats
    # One game asked for by its number names everyone at its table, as its page does.
    one = client.get(f"/api/v1/games/{season['games'][0].pk}/").json()
    assert {"id": ann.pk, "name": "Ann"} in [seat["player"] for seat in one["seats"]]
    assert client.get(f"/api/v1/players/{ann.pk}/").json()["games_public"] is False


def test_download_my_data(client, season, django_assert_max_num_queries):
    ann, ben = season["ann"], season["ben"]
    _private(client, ann)
    ben.games_public = False
    ben.save(update_fields=["games_public"])
    with django_assert_max_num_queries(14):
        response = client.get(reverse("archive:my-data"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(f'attachment; filename="player-{ann.pk}-')
    data = json.loads(response.content)
    assert data["format"] == "triominos-player/1"
    assert data["player"]["name"] == "Ann" and data["player"]["games_public"] is False
    assert [g["title"] for g in data["games"]] == ["First", "Second", "Third"]
    assert [r["game"] for r in data["ratings"]] == [g.pk for g in season["games"]]
    assert data["rating"]["value"] == ann.rating.value
    # Ben keeps his games private too: he is not named in her file; she is, as "you".
    first = data["games"][0]["seats"]
    assert {"position": 0, "player": "Ann", "player_id": ann.pk, "score": 200, "place": 1,
            "you": True} in first
    assert [s["player"] for s in first if not s["you"]] == [None]
    assert data["tournaments"] == [{"tournament": "Spring Cup", "starts_on": data[
        "tournaments"][0]["starts_on"], "checked_in": False, "withdrawn": False}]
    assert [(e["log"], e["action"], e["after"]["games_public"]) for e in data["audit"]] == [
        ("club", "player-privacy", False)]


def test_download_needs_a_linked_player(client, season):
    response = client.get(reverse("archive:my-data"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(UserFactory(username="nobody"))
    response = client.get(reverse("archive:my-data"), follow=True)
    assert "Your account is not linked to a player" in response.content.decode()


@pytest.mark.parametrize("who", [None, "ann", "org"])
def test_private_player_page_query_budget(client, season, who, django_assert_max_num_queries):
    ann = season["ann"]
    _private(client, ann)
    client.logout()
    if who:
        organiser_of(ann.home_club)
        client.force_login(UserFactory(username=who))
    # Anonymous: the player, stats (3), tournaments and the data versions; the owner and an
    # organiser also their session, the games' parts, and (the organiser) the clubs they run.
    with django_assert_max_num_queries(8 if who is None else 16):
        response = _page(client, ann)
    assert response.status_code == 200


def test_a_cached_page_follows_the_change(client, season):
    # The anonymous page is cached under the clubs' data version; the audit entry the change
    # writes moves that version, so the next reader gets the private page.
    ann = season["ann"]
    assert 'class="player-games cards"' in _page(client, ann).content.decode()
    _private(client, ann)
    client.logout()
    assert "This player keeps their games private." in _page(client, ann).content.decode()
