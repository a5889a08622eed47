"""Starting a game with guests and new players: the seats as typed or picked, the club's
duplicate-person guard, and everything written with the game or not at all."""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs import selectors as club_selectors
from clubs.models import ClubAuditEntry, Membership, Player
from clubs.newcomers import Newcomer, SeatsElsewhere, SeatsInDoubt
from ratings import selectors as ratings_selectors
from ratings.services import ratings_recompute
from scoring.engine import EngineError, rules_resolve
from scoring.models import AuditEntry, Game
from scoring.services import Actor, game_start
from scoring.sheets import game_final_enter
from tests.factories import ClubFactory, UserFactory, member
from tests.scoring.seats import seated

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(club):
    return member(club, name="Anna Volkova")


@pytest.fixture
def boris(club):
    return member(club, name="Boris Petrov")


def written() -> tuple:
    """Everything starting a game may write."""
    return (Player.objects.count(), Membership.objects.count(), Game.objects.count(),
            ClubAuditEntry.objects.count(), AuditEntry.objects.count())


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# -- the service ------------------------------------------------------------------------------


def test_a_game_seats_an_existing_player_a_new_member_and_a_guest(club, referee, anna):
    game = game_start(club=club, preset="pressman", actor=Actor(user=referee), players=[
        anna, Newcomer("Natalia Orlova"), Newcomer("Ivan Gostev", guest=True)])
    seats = list(game.seats.order_by("position").select_related("player"))
    assert [s.player.display_name for s in seats] == ["Anna Volkova", "Natalia Orlova",
                                                      "Ivan Gostev"]
    assert seats[0].player == anna
    natalia, ivan = seats[1].player, seats[2].player
    assert natalia.home_club == club and ivan.home_club == club
    assert list(natalia.memberships.values_list("club", "role")) == [(club.pk, "member")]
    assert not ivan.memberships.exists()
    assert list(ClubAuditEntry.objects.order_by("pk").values_list(
        "action", "username", "club_name", "after")) == [
        ("member-add", "ref", club.name,
         {"player": "Natalia Orlova", "player_id": natalia.pk, "role": "member"}),
        ("guest-add", "ref", club.name, {"player": "Ivan Gostev", "player_id": ivan.pk}),
    ]
    start = AuditEntry.objects.get(game=game)
    assert start.action == "start" and start.username == "ref"
    assert start.after["players"] == ["Anna Volkova", "Natalia Orlova", "Ivan Gostev"]
    assert start.after["new_players"] == [
        {"player": "Natalia Orlova", "player_id": natalia.pk, "guest": False},
        {"player": "Ivan Gostev", "player_id": ivan.pk, "guest": True}]


@pytest.mark.parametrize("typed", ["Anna Volkova", "  anna   VOLKOVA ", "Ánna Vólkova",
                                   "Volkova Anna"])
def test_a_typed_name_of_exactly_one_club_person_is_that_person(club, anna, boris, typed):
    before = Player.objects.count()
    game = game_start(club=club, preset="pressman", actor=Actor(),
                      players=[boris, Newcomer(typed, guest=True)])
    assert [s.player for s in game.seats.order_by("position")] == [boris, anna]
    assert Player.objects.count() == before
    assert "new_players" not in AuditEntry.objects.get(game=game).after


def test_a_name_like_a_club_persons_is_offered_and_nothing_is_written(club, anna, boris):
    guest = Player.objects.create(display_name="Boris Petrov", home_club=club)
    before = written()
    with pytest.raises(SeatsInDoubt) as doubt:
        game_start(club=club, preset="pressman", actor=Actor(), players=[
            Newcomer("Kim Lee"), Newcomer("Ana Volkova"), Newcomer("Borys Petrov")])
    assert sorted(doubt.value.doubts) == [1, 2]
    assert doubt.value.doubts[1].name == "Ana Volkova"
    assert [p.pk for p in doubt.value.doubts[1].players] == [anna.pk]
    # The guard knows the club's guests too (players it is home to without a membership).
    assert {p.pk for p in doubt.value.doubts[2].players} == {boris.pk, guest.pk}
    assert written() == before


def test_two_people_of_the_same_name_are_both_offered(club, anna):
    namesake = member(club, name="Anna Volkova")
    with pytest.raises(SeatsInDoubt) as doubt:
        game_start(club=club, preset="pressman", actor=Actor(),
                   players=[Newcomer("anna volkova"), Newcomer("Kim Lee")])
    assert {p.pk for p in doubt.value.doubts[0].players} == {anna.pk, namesake.pk}


def test_a_new_person_anyway_is_created_beside_the_similar_one(club, anna, boris):
    game = game_start(club=club, preset="pressman", actor=Actor(),
                      players=[boris, Newcomer("Ana Volkova", new_anyway=True)])
    ana = game.seats.get(position=1).player
    assert ana != anna and ana.display_name == "Ana Volkova"
    assert ana.memberships.get().club == club


@pytest.mark.parametrize("seats, code", [
    (lambda anna, boris: [anna, Newcomer("Kim Lee"), anna], "player-duplicate"),
    (lambda anna, boris: [anna, Newcomer("Kim Lee"), Newcomer("anna volkova")],
     "player-duplicate"),
    (lambda anna, boris: [Newcomer("Kim Lee")], "player-count"),
    (lambda anna, boris: [anna, boris, *[Newcomer(f"Guest {i}") for i in range(5)]],
     "player-count"),
])
def test_a_refused_start_creates_nobody(club, anna, boris, seats, code):
    before = written()
    with pytest.raises(EngineError) as refused:
        game_start(club=club, preset="pressman", actor=Actor(), players=seats(anna, boris))
    assert refused.value.code == code
    assert written() == before


def test_someone_who_may_not_start_games_creates_nobody(club, anna, boris):
    stranger = UserFactory(username="stranger")
    before = written()
    with pytest.raises(PermissionDenied):
        game_start(club=club, preset="pressman", actor=Actor(user=stranger),
                   players=[anna, Newcomer("Kim Lee")])
    assert written() == before


def test_a_guest_is_rated_but_stays_out_of_the_clubs_ranking(club, anna, boris):
    game = game_start(club=club, preset="pressman", actor=Actor(), players=[
        anna, boris, Newcomer("Ivan Gostev", guest=True)])
    game_final_enter(game_id=game.pk, scores=[410, 200, 120], actor=Actor())
    ratings_recompute(game_id=game.pk)
    ivan = Player.objects.get(display_name="Ivan Gostev")
    assert ivan.rating.games == 1  # rated: the others' ratings count the game as it was
    in_club = {r.player_id for r in ratings_selectors.rankings(club=club)}
    everywhere = {r.player_id for r in ratings_selectors.rankings()}
    assert in_club == {anna.pk, boris.pk}
    assert everywhere == {anna.pk, boris.pk, ivan.pk}
    # The club's seat picker lists the guest, marked as not a member.
    people = {p.display_name: p.is_member for p in club_selectors.club_people(club)}
    assert people["Ivan Gostev"] is False and people["Anna Volkova"] is True


# -- the form ---------------------------------------------------------------------------------


def post(client, club, *people, **extra):
    return client.post(reverse("scoring:game-new"),
                       {"club": club.pk, "preset": "pressman", **seated(*people), **extra})


def test_the_form_starts_a_game_with_a_member_a_new_player_and_a_guest(client, referee, club,
                                                                       anna):
    client.force_login(referee)
    response = post(client, club, anna, "Natalia Orlova", "Ivan Gostev",
                    seat_3_guest="on", seat_1_guest="on")  # a member's "guest" box is moot
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:tablet", args=[game.pk])
    seats = [s.player for s in game.seats.order_by("position").select_related("player")]
    assert [p.display_name for p in seats] == ["Anna Volkova", "Natalia Orlova", "Ivan Gostev"]
    assert set(Membership.objects.filter(club=club, player__in=seats)
               .values_list("player__display_name", flat=True)) == {"Anna Volkova",
                                                                    "Natalia Orlova"}
    assert sorted(ClubAuditEntry.objects.values_list("action", flat=True)) == [
        "guest-add", "member-add"]


@pytest.mark.parametrize(("tiles", "pool", "rules"), [
    ("84", "individual", {"max_number": 6, "mirror_tiles": False, "pool": "individual"}),
    ("76", "shared", {"max_number": 5, "mirror_tiles": True, "pool": "shared"}),
    ("", "", {"max_number": 5, "mirror_tiles": False, "pool": "shared"}),
])
def test_the_form_sets_the_tile_set_and_the_pool(client, referee, club, anna, boris, tiles,
                                                 pool, rules):
    client.force_login(referee)
    assert post(client, club, anna, boris, tiles=tiles, pool=pool).status_code == 302
    game = Game.objects.get()
    assert {key: game.rules[key] for key in rules} == rules
    # The record carries the set: its rules name it.
    record = client.get(reverse("scoring:game-record", args=[game.pk])).json()
    resolved = rules_resolve(record["rules"])
    assert (resolved.max_number, resolved.mirror_tiles) == (rules["max_number"],
                                                            rules["mirror_tiles"])


def test_an_unknown_tile_set_is_refused(client, referee, club, anna, boris):
    client.force_login(referee)
    response = post(client, club, anna, boris, tiles="100")
    assert response.status_code == 200 and not Game.objects.exists()
    assert "Select a valid choice" in response.content.decode()


def test_empty_seats_between_are_skipped(client, referee, club, anna, boris):
    client.force_login(referee)
    response = client.post(reverse("scoring:game-new"), {
        "club": club.pk, "preset": "pressman", "seat_2": "Boris Petrov",
        "seat_5": anna.display_name, "seat_5_player": anna.pk})
    assert response.status_code == 302
    game = Game.objects.get()
    assert [s.player for s in game.seats.order_by("position")] == [boris, anna]


def test_the_form_offers_the_similar_person_and_creates_nothing(client, referee, club, anna,
                                                                boris):
    client.force_login(referee)
    before = written()
    response = post(client, club, boris, "Ana Volkova")
    assert response.status_code == 409
    page = text(response)
    assert "Is “Ana Volkova” one of these people?" in page
    assert ("The club already has a person named like “Ana Volkova”. Choose them, or create a "
            "new person anyway.") in page
    assert f'name="seat_2_choice" value="{anna.pk}" required> Yes: Anna Volkova' in page
    assert 'name="seat_2_choice" value="new" required> No: create a new person “Ana Volkova” ' \
           'anyway' in page
    assert "Confirm and start the game" in page
    assert written() == before


def test_choosing_the_offered_person_seats_them(client, referee, club, anna, boris):
    client.force_login(referee)
    before = Player.objects.count()
    response = post(client, club, boris, "Ana Volkova", seat_2_choice=str(anna.pk))
    assert response.status_code == 302
    game = Game.objects.get()
    assert [s.player for s in game.seats.order_by("position")] == [boris, anna]
    assert Player.objects.count() == before and not ClubAuditEntry.objects.exists()


def test_confirming_a_new_person_creates_them(client, referee, club, anna, boris):
    client.force_login(referee)
    response = post(client, club, boris, "Ana Volkova", seat_2_choice="new", seat_2_guest="on")
    assert response.status_code == 302
    ana = Game.objects.get().seats.get(position=1).player
    assert ana.display_name == "Ana Volkova" and ana != anna and not ana.memberships.exists()
    assert ClubAuditEntry.objects.get().action == "guest-add"


def test_an_answer_is_kept_when_the_form_comes_back_for_something_else(client, referee, club,
                                                                       anna, boris):
    client.force_login(referee)
    response = post(client, club, boris, "Ana Volkova", seat_2_choice=str(anna.pk),
                    target="5")
    assert response.status_code == 200 and not Game.objects.exists()
    page = text(response)
    assert 'name="seat_2" id="id_seat_2" value="Anna Volkova"' in page
    assert f'name="seat_2_player" value="{anna.pk}"' in page
    # A confirmed new name travels as the name confirmed.
    response = post(client, club, boris, "Ana Volkova", seat_2_choice="new", target="5")
    assert 'name="seat_2_new" value="Ana Volkova"' in text(response)


def test_a_confirmation_does_not_carry_over_to_another_name(client, referee, club, anna, boris):
    client.force_login(referee)
    response = post(client, club, boris, "Anya Volkova", seat_2_new="Ana Volkova")
    assert response.status_code == 409 and not Game.objects.exists()


def test_a_picked_id_whose_name_was_changed_is_read_as_the_name(client, referee, club, anna,
                                                                boris):
    client.force_login(referee)
    response = post(client, club, boris, "Kim Lee", seat_2_player=str(anna.pk))
    assert response.status_code == 302
    assert Game.objects.get().seats.get(position=1).player.display_name == "Kim Lee"


@pytest.mark.parametrize("people, message", [
    (lambda a, b: (a, b, a), "Anna Volkova is already at seat 1."),
    (lambda a, b: (a, "Kim Lee", "kim  LEE"), "kim LEE is already at seat 2."),
    (lambda a, b: (a,), "A game has 2 to 6 players."),
    (lambda a, b: (), "A game has 2 to 6 players."),
    (lambda a, b: (a, b, "Anna Volkova"), "A player can sit only once."),
])
def test_the_same_player_twice_or_too_few_is_refused_clearly(client, referee, club, anna, boris,
                                                              people, message):
    client.force_login(referee)
    before = written()
    response = post(client, club, *people(anna, boris))
    assert response.status_code == 200
    assert message in text(response)
    assert written() == before


def test_an_unknown_player_id_is_refused(client, referee, club, anna):
    client.force_login(referee)
    response = client.post(reverse("scoring:game-new"), {
        "club": club.pk, "preset": "pressman", "seat_1_player": anna.pk,
        "seat_2_player": 987654})
    assert response.status_code == 200 and "Unknown player." in text(response)
    assert not Game.objects.exists()


def test_the_refusals_and_offers_speak_russian(client, referee, club, anna, boris):
    client.force_login(referee)
    page = text(client.post(reverse("scoring:game-new"), {
        "club": club.pk, "preset": "pressman", **seated(anna, boris, anna)},
        HTTP_ACCEPT_LANGUAGE="ru"))
    assert "Anna Volkova уже сидит на месте 1." in page
    page = text(client.post(reverse("scoring:game-new"), {
        "club": club.pk, "preset": "pressman", **seated(boris, "Ana Volkova")},
        HTTP_ACCEPT_LANGUAGE="ru"))
    assert "«Ana Volkova» — это кто-то из них?" in page
    assert "Да: Anna Volkova" in page and "Подтвердить и начать партию" in page
    assert "Место 1" in page and "гость" in page


def test_the_picker_lists_the_clubs_people_with_guests_marked(client, referee, club, anna,
                                                              django_assert_max_num_queries):
    Player.objects.create(display_name="Ivan Gostev", home_club=club)
    other = ClubFactory()
    member(other, name="Olga Stranger")
    client.force_login(referee)
    with django_assert_max_num_queries(12):
        page = text(client.get(reverse("scoring:game-new")))
    options = re.findall(r'<option value="([^"]*)" data-player="(\d+)"( label="guest")?>', page)
    names = {name: bool(guest) for name, _pk, guest in options}
    assert names["Ivan Gostev"] is True and names["Anna Volkova"] is False
    assert "Olga Stranger" not in names
    # ?club= picks another club the user may start games in; one they may not is ignored.
    assert "Olga Stranger" not in text(client.get(reverse("scoring:game-new"),
                                                  {"club": other.pk}))


_field = st.sampled_from(["club", "preset", "target", "rounds_limit", "pool", "recording",
                          "title", *[f"seat_{n}{part}" for n in range(1, 8)
                                     for part in ("", "_player", "_guest", "_new", "_choice")]])
_value = st.one_of(st.text(max_size=90), st.integers(-10**12, 10**12).map(str),
                   st.sampled_from(["", "new", "on", "Anna Volkova", "ana volkova", "\x00",
                                    "pressman", "1", " ", "Boris Petrov", "0"]))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.dictionaries(_field, _value, max_size=14))
def test_any_form_input_gets_a_page_or_a_game_and_never_a_half(client, referee, club, anna,
                                                               boris, data):
    client.force_login(referee)
    before = written()
    response = client.post(reverse("scoring:game-new"), data)
    assert response.status_code in (200, 302, 409)
    if response.status_code == 302:
        game = Game.objects.order_by("-pk").first()
        new = AuditEntry.objects.get(game=game, action="start").after.get("new_players", [])
        assert Player.objects.count() == before[0] + len(new)
        assert ClubAuditEntry.objects.count() == before[3] + len(new)
        Game.objects.filter(pk=game.pk).delete()
    else:
        assert written() == before


# -- the club's default target ------------------------------------------------------------------


def form_initial(client, club) -> dict:
    form = client.get(reverse("scoring:game-new"), {"club": club.pk}).context["form"]
    return {name: form[name].value() for name in ("club", "preset", "target")}


def test_the_form_starts_with_the_clubs_default_target_and_the_game_keeps_it(client, referee,
                                                                             club, anna, boris):
    club.default_preset, club.default_target = "pressman", 300
    club.save()
    client.force_login(referee)
    initial = form_initial(client, club)
    assert initial == {"club": club.pk, "preset": "pressman", "target": 300}
    response = client.post(reverse("scoring:game-new"), {
        **{k: v for k, v in initial.items() if v is not None}, **seated(anna, boris)})
    assert response.status_code == 302
    assert Game.objects.get().target == 300


def test_a_default_target_equal_to_the_rules_own_leaves_the_field_empty(client, referee, club):
    club.default_preset, club.default_target = "goliath", 400
    club.save()
    client.force_login(referee)
    assert form_initial(client, club)["target"] is None


# -- whose people a club seats (issue 21) -----------------------------------------------------


def test_a_referee_of_another_club_cannot_seat_this_clubs_players(client, club, anna, boris):
    other = ClubFactory(name="Other Club")
    stranger = UserFactory(username="other-referee")
    member(other, Membership.Role.REFEREE, user=stranger)
    own = member(other, name="Oleg Own")
    before = written()
    with pytest.raises(SeatsElsewhere) as refused:
        game_start(club=other, players=[own, anna], preset="pressman",
                   actor=Actor(user=stranger))
    assert refused.value.players == [anna]
    assert written() == before
    client.force_login(stranger)
    response = client.post(reverse("scoring:game-new"), {
        "club": other.pk, "preset": "pressman", **seated(own, anna, boris)})
    assert response.status_code == 409
    assert ("Not a member or guest of Other Club: Anna Volkova, Boris Petrov." in
            text(response))
    assert written() == before


def test_a_club_seats_its_members_and_the_guests_it_is_home_to(club, referee, anna):
    guest = Player.objects.create(display_name="Gosha Guest", home_club=club)
    game = game_start(club=club, players=[anna, guest], preset="pressman",
                      actor=Actor(user=referee))
    assert [s.player for s in game.seats.order_by("position")] == [anna, guest]
    # A visitor from another club is seated as a guest by name: a person of this club.
    visitor = member(ClubFactory(), name="Vasya Visitor")
    game = game_start(club=club, preset="pressman", actor=Actor(user=referee),
                      players=[anna, Newcomer("Vasya Visitor", guest=True)])
    seated_visitor = game.seats.get(position=1).player
    assert seated_visitor != visitor and seated_visitor.home_club == club
