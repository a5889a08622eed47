"""Players register and withdraw themselves for a tournament its organiser opened to it
(issue 27.2); the organiser's list, check-in and late entries are unchanged. Refusals say why
and write nothing; every write is audited with the player's account."""

import pytest
from django.urls import reverse

from clubs.permissions import SITE
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import Registration, TournamentAuditEntry

from .play import field, organised_club, tournament_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_cup(client):
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 3), name="Open Cup")
    services.tournament_self_registration(tournament=tournament, open=True, actor=SITE)
    me = UserFactory(username="vera")
    vera = member(club, user=me, name="Vera Lis")
    client.force_login(me)
    return {"club": club, "organiser": organiser, "tournament": tournament, "me": me,
            "vera": vera}


def _register(client, tournament, **extra):
    return client.post(reverse("tournaments:register-me", args=[tournament.slug]), extra)


def test_register_then_withdraw_from_my_page(client, open_cup):
    tournament, vera = open_cup["tournament"], open_cup["vera"]
    page = client.get(reverse("my-page")).content.decode()
    assert f'action="/tournaments/{tournament.slug}/register-me/"' in page
    answer = _register(client, tournament, next="/me/")
    assert (answer.status_code, answer["Location"]) == (302, "/me/")
    registration = Registration.objects.get(tournament=tournament, player=vera)
    assert not registration.checked_in and not registration.withdrawn
    page = client.get(reverse("my-page")).content.decode()
    assert "You are registered for Open Cup. An organiser checks you in on the day." in page
    assert "registered, not checked in yet" in page
    assert f'action="/tournaments/{tournament.slug}/withdraw-me/"' in page

    # The organiser's list shows them, and checks them in as anyone.
    client.force_login(open_cup["organiser"])
    assert "Vera Lis" in client.get(reverse("tournaments:manage",
                                            args=[tournament.slug])).content.decode()
    services.registration_check_in(registration=registration, actor=SITE)
    client.force_login(open_cup["me"])
    assert "registered, checked in" in client.get(reverse("my-tables")).content.decode()

    withdrawn = client.post(reverse("tournaments:withdraw-me", args=[tournament.slug]),
                            follow=True)
    assert "You are withdrawn from Open Cup." in withdrawn.content.decode()
    registration.refresh_from_db()
    assert registration.withdrawn
    again = _register(client, tournament)
    assert again["Location"] == tournament.get_absolute_url()
    registration.refresh_from_db()
    assert not registration.withdrawn
    entries = list(TournamentAuditEntry.objects.filter(tournament=tournament, username="vera")
                   .order_by("pk").values_list("action", "after"))
    assert entries == [
        ("register", {"player": "Vera Lis", "player_id": vera.pk, "checked_in": False,
                      "late_entry_round": None}),
        ("withdraw", {"player": "Vera Lis", "player_id": vera.pk, "withdrawn": True,
                      "by_the_player": True}),
        ("register", {"player": "Vera Lis", "player_id": vera.pk, "checked_in": False,
                      "late_entry_round": None}),
    ]


def test_from_the_tournaments_page(client, open_cup):
    tournament = open_cup["tournament"]
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Register me" in page
    _register(client, tournament, next=tournament.get_absolute_url())
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "You are registered." in page and "Withdraw me" in page
    anonymous = client.__class__().get(tournament.get_absolute_url()).content.decode()
    assert "Players of the club register themselves." in anonymous


@pytest.mark.parametrize(("case", "words"), [
    ("closed", "Only the organisers register players for this tournament."),
    ("paired", "Registration has closed: the tournament has started"),
    ("stranger", "Only members of"),
    ("no player", "Your account is not linked to a player yet"),
])
def test_refusals(client, open_cup, case, words):
    tournament = open_cup["tournament"]
    if case == "closed":
        services.tournament_self_registration(tournament=tournament, open=False, actor=SITE)
    elif case == "paired":
        services.round_generate(tournament=tournament, actor=SITE)
    elif case == "stranger":
        stranger = UserFactory(username="stranger")
        member(ClubFactory(), user=stranger, name="Stranger")
        client.force_login(stranger)
    else:
        client.force_login(UserFactory(username="nobody"))
    before = TournamentAuditEntry.objects.count()
    answer = _register(client, tournament, next="/me/")
    assert answer.status_code == 302
    assert words in client.get("/me/").content.decode()
    assert TournamentAuditEntry.objects.count() == before
    assert not Registration.objects.filter(tournament=tournament,
                                           player__display_name__in=["Vera Lis",
                                                                     "Stranger"]).exists()


def test_withdrawing_is_refused_once_play_has_begun_and_only_ones_own(client, open_cup):
    tournament, vera = open_cup["tournament"], open_cup["vera"]
    _register(client, tournament)
    services.registration_check_in(registration=Registration.objects.get(player=vera), actor=SITE)
    services.round_generate(tournament=tournament, actor=SITE)
    answer = client.post(reverse("tournaments:withdraw-me", args=[tournament.slug]),
                         follow=True)
    assert "Registration has closed" in answer.content.decode()
    assert not Registration.objects.get(player=vera).withdrawn
    from django.core.exceptions import PermissionDenied

    from clubs.permissions import Actor

    other = Registration.objects.exclude(player=vera).first()
    with pytest.raises(PermissionDenied):
        services.registration_self_withdraw(registration=other, actor=Actor(user=open_cup["me"]))


def test_the_organiser_opens_and_closes_it(client, open_cup):
    tournament = open_cup["tournament"]
    client.force_login(open_cup["organiser"])
    url = reverse("tournaments:self-registration", args=[tournament.slug])
    shut = client.post(url, {"open": "0"}, follow=True)
    assert "Only organisers register players now." in shut.content.decode()
    tournament.refresh_from_db()
    assert not tournament.self_registration
    client.post(url, {"open": "1"})
    tournament.refresh_from_db()
    assert tournament.self_registration
    assert list(TournamentAuditEntry.objects.filter(action="self-registration")
                .order_by("pk").values_list("username", "after")) == [
        ("", {"self_registration": True}), ("org", {"self_registration": False}),
        ("org", {"self_registration": True})]
    client.force_login(open_cup["me"])
    assert client.post(url, {"open": "0"}).status_code == 403


def test_the_new_tournament_form_opens_it(client, open_cup):
    client.force_login(open_cup["organiser"])
    form = client.get(reverse("tournaments:new"))
    assert 'name="self_registration"' in form.content.decode()
    data = {**{k: v for k, v in form.context["form"].initial.items() if v is not None},
            "club": open_cup["club"].pk, "name": "Own Cup", "preset": "club",
            "points_scheme": "placing", "remainder": "smaller_tables", "format": "swiss",
            "rounds": 3, "table_size": 4, "knockout_size": 0, "self_registration": "on"}
    data.pop("tiebreaks", None)
    answer = client.post(reverse("tournaments:new"), data)
    assert answer.status_code == 302, answer.context["form"].errors
    from tournaments.models import Tournament

    assert Tournament.objects.get(name="Own Cup").self_registration


def test_my_page_reads_a_fixed_number_of_queries(client, open_cup, django_assert_max_num_queries):
    club = open_cup["club"]
    for n in range(4):
        cup = tournament_with(club, [], name=f"Cup {n}")
        services.tournament_self_registration(tournament=cup, open=True, actor=SITE)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("my-page"))
    assert page.content.decode().count("Register me") == 5


@pytest.mark.parametrize("wanted", ["²", "https://elsewhere.example/", "//elsewhere.example/"])
def test_a_strange_next_address_comes_back_to_the_tournament(client, open_cup, wanted):
    tournament = open_cup["tournament"]
    answer = _register(client, tournament, next=wanted)
    assert (answer.status_code, answer["Location"]) == (302, tournament.get_absolute_url())
