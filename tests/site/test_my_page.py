"""A player's own page (issue 27.2): the games they are seated at while played, their
tournaments with registration and check-in, and their table once a round is published — the
part a pushed nudge fetches again, cached for that person under the data versions."""

import pytest
from django.urls import reverse

from clubs.permissions import SITE
from tests.factories import UserFactory, member
from tests.tournaments.play import field, organised_club, tournament_with
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(client):
    club, _organiser = organised_club()
    me = UserFactory(username="me")
    anna = member(club, user=me, name="Anna Volkova")
    others = field(club, 7)
    tournament = tournament_with(club, [anna, *others], name="Club Cup")
    client.force_login(me)
    return {"club": club, "me": me, "anna": anna, "others": others, "tournament": tournament}


def _my_table(tournament, player):
    rnd = tournament.rounds.get()
    return next(t for t in rnd.tables.all() if player.pk in t.player_ids)


def test_before_and_after_the_round_is_published(client, cup):
    tournament, anna = cup["tournament"], cup["anna"]
    page = client.get(reverse("my-page"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "You are Anna Volkova." in text
    assert f'data-push="tournament.{tournament.pk}"' in text
    assert 'data-push-url="/me/tables/"' in text
    assert "registered, checked in" in text
    assert "Round 1:" not in text

    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert "Round 1:" not in client.get(reverse("my-tables")).content.decode()  # a draft
    services.round_publish(tournament_round=rnd, actor=SITE)
    table = _my_table(tournament, anna)
    names = {p.pk: p.display_name for p in cup["others"]}
    mates = ", ".join(names[p] for p in table.player_ids if p != anna.pk)
    fragment = client.get(reverse("my-tables"))
    assert fragment.status_code == 200
    assert set(fragment["Cache-Control"].split(", ")) == {"no-cache", "private"}
    assert f"Round 1: table {table.number}, with {mates}" in fragment.content.decode()
    assert 'id="my-tables" data-push-part' in fragment.content.decode()
    games = client.get(reverse("my-page")).context["games"]
    assert [g.pk for g in games] == [table.game_id]
    assert f"Round 1: table {table.number}, with {mates}" in \
        client.get(reverse("my-page")).content.decode()


def test_the_fragment_is_cached_per_person_and_follows_a_change(client, cup,
                                                                django_assert_max_num_queries):
    tournament, anna = cup["tournament"], cup["anna"]
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    first = client.get(reverse("my-tables")).content
    with django_assert_max_num_queries(4):  # the session, the account, the versions
        again = client.get(reverse("my-tables")).content
    assert again == first
    # Someone else's fragment is their own.
    other = client.__class__()
    other.force_login(UserFactory(username="nobody"))
    theirs = other.get(reverse("my-tables")).content.decode()
    assert "Round 1" not in theirs and "You are not registered" in theirs
    # A withdrawal (an audited write) gives a fresh fragment at once.
    registration = Registration.objects.get(tournament=tournament, player=anna)
    services.registration_withdraw(registration=registration, actor=SITE)
    assert "withdrawn" in client.get(reverse("my-tables")).content.decode()


def test_in_russian(client, cup):
    tournament = cup["tournament"]
    extra = member(cup["club"], name="Late Lev")
    services.registration_add(tournament=tournament, player=extra, checked_in=True, actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    text = client.get(reverse("my-tables"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Тур 1: стол" in text


def test_without_a_player_the_page_offers_the_claim(client):
    client.force_login(UserFactory(username="new"))
    text = client.get(reverse("my-page")).content.decode()
    assert "Your account is not linked to a player yet." in text
    assert 'href="/me/claim/"' in text
    assert "You are not registered" in client.get(reverse("my-tables")).content.decode()
    anonymous = client.__class__()
    assert anonymous.get(reverse("my-page"))["Location"].startswith(reverse("login"))
    assert anonymous.get(reverse("my-tables"))["Location"].startswith(reverse("login"))


def test_the_page_reads_a_fixed_number_of_queries(client, cup, django_assert_max_num_queries):
    club, anna = cup["club"], cup["anna"]
    for n in range(3):
        tournament = tournament_with(club, [anna, *cup["others"]], name=f"Cup {n}")
        rnd = services.round_generate(tournament=tournament, actor=SITE)
        services.round_publish(tournament_round=rnd, actor=SITE)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("my-page"))
    assert page.content.decode().count('class="my-table playing"') == 3
    assert len(page.context["games"]) == 3
