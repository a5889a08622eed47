"""Issue 13, organisers: the duplicate-person guard, deleting a mistaken registration,
registering many at once, contradictory settings refused, and actions shown only when they
can do something. Real database, real pages, both languages."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from clubs.models import Membership, Player
from clubs.names import name_key
from clubs.permissions import SITE, Actor
from clubs.services import SimilarPlayers
from tests.factories import ClubFactory, member
from tournaments import services
from tournaments.models import Tournament, TournamentAuditEntry, TournamentRound

from .play import field, play_round, run_round, tournament_with

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    # A Russian request leaves its language active in the thread (LocaleMiddleware does not
    # reset it), which would turn later tests' generated titles Russian.
    yield
    translation.activate(settings.LANGUAGE_CODE)


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def anna(club):
    return member(club, name="Anna Volkova")


@pytest.fixture
def open_tournament(club, players):
    return tournament_with(club, players[:4])


# -- the duplicate-person guard ---------------------------------------------------------------


@pytest.mark.parametrize("typed", ["Anna Volkova", "  anna   VOLKOVA ", "Ána Vólkova",
                                   "Ana Volkova", "Volkova Anna"])
def test_registering_a_similar_new_name_offers_the_existing_person(open_tournament, anna,
                                                                    typed):
    before = Player.objects.count()
    with pytest.raises(SimilarPlayers) as similar:
        services.registration_add(tournament=open_tournament, display_name=typed, actor=SITE)
    assert [p.pk for p in similar.value.players] == [anna.pk]
    assert Player.objects.count() == before
    assert not open_tournament.registrations.filter(player__display_name__icontains="volk")


def test_a_confirmed_new_person_is_created_beside_the_existing_one(open_tournament, anna):
    reg = services.registration_add(tournament=open_tournament, display_name="Anna Volkova",
                                    new_anyway=True, actor=SITE)
    assert reg.player.pk != anna.pk
    assert Player.objects.filter(display_name="Anna Volkova").count() == 2
    assert reg.player.memberships.get().club == open_tournament.club


def test_a_different_name_is_created_without_asking(open_tournament, anna):
    reg = services.registration_add(tournament=open_tournament, display_name="Anna Sokolova",
                                    actor=SITE)
    assert reg.player.display_name == "Anna Sokolova" and reg.player.pk != anna.pk


def test_registration_page_offers_the_person_then_registers_the_choice(
        client, organiser, open_tournament, anna):
    client.force_login(organiser)
    before = Player.objects.count()
    response = client.post(url("register", open_tournament),
                           {"display_name": "anna volkova", "checked_in": "on"})
    assert response.status_code == 409
    body = text(response)
    assert "Is “anna volkova” one of these people?" in body
    assert f'name="player" value="{anna.pk}"' in body
    assert "No: create a new person “anna volkova” anyway" in body
    assert messages_of(response) == [
        "The club already has a person named like “anna volkova”. Choose them, or create a new "
        "person anyway."]
    assert Player.objects.count() == before and not open_tournament.registrations.filter(
        player=anna).exists()
    # "Yes: Anna Volkova" posts her id with the kept check-in.
    response = client.post(url("register", open_tournament),
                           {"player": anna.pk, "checked_in": "on"}, follow=True)
    assert messages_of(response) == ["The player is registered."]
    assert open_tournament.registrations.get(player=anna).checked_in is True
    assert Player.objects.count() == before


def test_registration_page_creates_a_new_person_only_when_confirmed(
        client, organiser, open_tournament, anna):
    client.force_login(organiser)
    response = client.post(url("register", open_tournament),
                           {"display_name": "Anna Volkova", "new_anyway": "on"}, follow=True)
    assert response.status_code == 200
    assert messages_of(response) == ["The player is registered."]
    twin = open_tournament.registrations.get(player__display_name="Anna Volkova").player
    assert twin.pk != anna.pk


def test_registration_guard_in_russian(client, organiser, open_tournament, club):
    member(club, name="Алёна Кузнецова")
    client.force_login(organiser)
    response = client.post(url("register", open_tournament),
                           {"display_name": "алена кузнецова"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409
    assert messages_of(response) == [
        "В клубе уже есть человек с похожим именем: «алена кузнецова». Выберите этого человека "
        "или всё равно создайте нового."]
    body = text(response)
    assert "«алена кузнецова» — это кто-то из них?" in body
    assert "Да: Алёна Кузнецова" in body


def test_club_member_form_offers_the_existing_person(client, organiser, club, anna):
    client.force_login(organiser)
    add = reverse("clubs:member-add", args=[club.slug])
    before = Player.objects.count()
    response = client.post(add, {"display_name": "Anna Volkov", "role": "referee"})
    assert response.status_code == 409
    assert messages_of(response) == [
        "The club already has a person named like “Anna Volkov”. Choose them, or create a new "
        "person anyway."]
    body = text(response)
    assert f'name="player" value="{anna.pk}"' in body
    assert '<input type="hidden" name="role" value="referee">' in body
    assert Player.objects.count() == before
    response = client.post(add, {"display_name": "Anna Volkov", "role": "member",
                                 "new_anyway": "on"}, follow=True)
    assert messages_of(response) == ["Anna Volkov is a member now."]
    assert Player.objects.count() == before + 1
    assert Membership.objects.get(club=club, player__display_name="Anna Volkov").role == "member"


# -- deleting a mistaken registration ---------------------------------------------------------


def test_a_registration_is_deleted_before_it_has_played(open_tournament, anna, organiser):
    from clubs.permissions import Actor

    reg = services.registration_add(tournament=open_tournament, player=anna, actor=SITE)
    services.registration_delete(registration=reg, actor=Actor(user=organiser))
    assert not open_tournament.registrations.filter(player=anna).exists()
    entry = TournamentAuditEntry.objects.filter(tournament=open_tournament).last()
    assert entry.action == "unregister" and entry.user == organiser
    assert entry.before == {"player": "Anna Volkova", "player_id": anna.pk,
                            "checked_in": False, "withdrawn": False}
    assert Player.objects.filter(pk=anna.pk).exists()  # the person stays in the club


def test_a_seated_registration_is_not_deleted(open_tournament):
    rnd = services.round_generate(tournament=open_tournament, actor=SITE)
    reg = open_tournament.registrations.get(player_id=rnd.tables.first().player_ids[0])
    with pytest.raises(services.Refused) as refused:
        services.registration_delete(registration=reg, actor=SITE)
    assert (refused.value.code, refused.value.params) == ("draft-exists", {"round": 1})
    services.round_publish(tournament_round=rnd, actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.registration_delete(registration=reg, actor=SITE)
    assert refused.value.code == "registration-played"
    assert open_tournament.registrations.filter(pk=reg.pk).exists()


def test_delete_button_only_for_players_not_seated(client, organiser, club, open_tournament,
                                                   anna):
    reg = services.registration_add(tournament=open_tournament, player=anna, actor=SITE)
    run_round(open_tournament)
    client.force_login(organiser)
    body = text(client.get(url("manage", open_tournament)))
    assert body.count("/delete/") == 1 and url("unregister", open_tournament, reg.pk) in body
    seated = open_tournament.registrations.exclude(pk=reg.pk).first()
    response = client.post(url("unregister", open_tournament, seated.pk), follow=True)
    assert messages_of(response) == [
        f"{seated.player.display_name} has already been seated in a round, so the registration "
        "stays; withdraw them from the next rounds instead."]
    response = client.post(url("unregister", open_tournament, reg.pk), follow=True,
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert messages_of(response) == ["Регистрация: Anna Volkova — удалена."]
    assert not open_tournament.registrations.filter(pk=reg.pk).exists()


def test_others_may_not_delete_a_registration(client, open_tournament, django_user_model):
    reg = open_tournament.registrations.first()
    client.force_login(django_user_model.objects.create_user("stranger"))
    assert client.post(url("unregister", open_tournament, reg.pk)).status_code == 403
    assert open_tournament.registrations.filter(pk=reg.pk).exists()


# -- registering many at once -----------------------------------------------------------------


def test_pasted_names_reuse_exact_people_and_create_new_ones(open_tournament, club, anna):
    before = Player.objects.count()
    regs = services.registrations_add(
        tournament=open_tournament, names="anna volkova\n\n  Boris  Orlov \nBORIS ORLOV\n",
        checked_in=True, actor=SITE)
    assert [r.player.display_name for r in regs] == ["Anna Volkova", "Boris Orlov"]
    assert regs[0].player == anna and all(r.checked_in for r in regs)
    assert Player.objects.count() == before + 1
    assert open_tournament.registrations.count() == 6


def test_pasted_names_close_to_someone_register_nobody_until_settled(open_tournament, anna):
    before = (Player.objects.count(), open_tournament.registrations.count())
    with pytest.raises(services.NamesInDoubt) as refused:
        services.registrations_add(tournament=open_tournament, names="Boris Orlov\nAna Volkova",
                                   actor=SITE)
    assert refused.value.code == "similar-names"
    assert refused.value.params == {"names": "Ana Volkova", "count": 1}
    assert refused.value.doubts == [("Ana Volkova", [anna])]
    assert (Player.objects.count(), open_tournament.registrations.count()) == before
    # Settled as the person the club has: nobody new.
    regs = services.registrations_add(tournament=open_tournament,
                                      names="Boris Orlov\nAna Volkova",
                                      settled={name_key("ana volkova"): anna.pk}, actor=SITE)
    assert sorted(r.player.display_name for r in regs) == ["Anna Volkova", "Boris Orlov"]
    assert Player.objects.count() == before[0] + 1  # Boris only
    # An answer naming someone not offered settles nothing.
    with pytest.raises(services.NamesInDoubt):
        services.registrations_add(tournament=open_tournament, names="Ana Volkova",
                                   settled={name_key("Ana Volkova"): regs[1].player_id}, actor=SITE)
    # Settled as a new person, or all at once with "create new people".
    regs = services.registrations_add(tournament=open_tournament, names="Ana Volkova",
                                      settled={name_key("Ana Volkova"): services.NEW}, actor=SITE)
    assert regs[0].player.display_name == "Ana Volkova" and regs[0].player != anna


def test_create_new_people_settles_every_name_at_once(open_tournament, anna):
    regs = services.registrations_add(tournament=open_tournament,
                                      names="Boris Orlov\nAna Volkova", new_anyway=True, actor=SITE)
    assert sorted(r.player.display_name for r in regs) == ["Ana Volkova", "Boris Orlov"]


def test_pasted_list_limits(open_tournament):
    with pytest.raises(services.Refused) as refused:
        services.registrations_add(tournament=open_tournament,
                                   names="\n".join(f"Guest {i}" for i in range(201)), actor=SITE)
    assert refused.value.code == "too-many-names"
    with pytest.raises(services.Refused) as refused:
        services.registrations_add(tournament=open_tournament, names="x" * 81, actor=SITE)
    assert refused.value.code == "name-too-long"
    with pytest.raises(services.Refused) as refused:
        services.registrations_add(tournament=open_tournament, names=" \n ", actor=SITE)
    assert refused.value.code == "nobody-listed"


def test_register_all_members_through_the_page(client, organiser, club, open_tournament):
    client.force_login(organiser)
    unregistered = Player.objects.filter(memberships__club=club).exclude(
        registrations__tournament=open_tournament).count()
    assert unregistered == 13  # 12 more of the field and the organiser
    response = client.post(url("register-many", open_tournament),
                           {"all_members": "on", "names": "Guest 1", "checked_in": "on"},
                           follow=True)
    assert messages_of(response) == ["14 players are registered."]
    assert open_tournament.registrations.count() == 4 + 14
    response = client.post(url("register-many", open_tournament),
                           {"names": "Guest 2\nGuest 3"}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert messages_of(response) == ["Зарегистрировано 2 игрока."]
    response = client.post(url("register-many", open_tournament), {"names": "guest 3"},
                           follow=True)
    assert messages_of(response) == ["1 player is registered."]  # the same person again
    assert open_tournament.registrations.count() == 4 + 16


def test_register_many_keeps_the_list_and_asks_about_the_doubtful_lines(
        client, organiser, open_tournament, anna):
    client.force_login(organiser)
    before = (Player.objects.count(), TournamentAuditEntry.objects.count())
    pasted = "Boris Orlov\nAna Volkova\nVera Lis"
    response = client.post(url("register-many", open_tournament), {"names": pasted})
    assert response.status_code == 409
    assert messages_of(response) == [
        "Nobody was registered yet: 1 name is close to someone the club already has. Say "
        "below who it is, then register them again."]
    body = response.content.decode()
    assert f">\n{pasted}</textarea>" in body.replace("\r", "")  # the list as pasted
    doubt = re.search(r'<div class="doubt" data-name="Ana Volkova">(.*?)</div>', body, re.S)
    assert "Anna Volkova, already in the club" in doubt.group(1)
    assert "a new person named Ana Volkova" in doubt.group(1)
    assert (Player.objects.count(), TournamentAuditEntry.objects.count()) == before
    response = client.post(url("register-many", open_tournament), {
        "names": pasted, "settle-0": str(anna.pk), "settle-0-name": "Ana Volkova"},
        follow=True)
    assert messages_of(response) == ["3 players are registered."]
    assert open_tournament.registrations.filter(player=anna).exists()
    assert Player.objects.count() == before[0] + 2  # Boris and Vera, not a second Anna
    response = client.post(url("register-many", open_tournament), {}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert messages_of(response) == ["Вставьте имена или отметьте «и все участники клуба»."]


# -- contradictory settings -------------------------------------------------------------------


def test_target_and_rounds_per_game_together_are_refused(club, client, organiser):
    with pytest.raises(services.Refused) as refused:
        services.tournament_create(club=club, name="Both", starts_on="2026-05-01",
                                   target=200, rounds_per_game=1, actor=SITE)
    assert refused.value.code == "target-and-rounds"
    client.force_login(organiser)
    form = {"club": club.pk, "name": "Both", "starts_on": "2026-05-01", "preset": "club",
            "target": 200, "rounds_per_game": 1, "table_size": 4, "format": "swiss",
            "rounds": 3, "points_scheme": "placing", "remainder": "smaller_tables",
            "knockout_size": 0}
    response = client.post(reverse("tournaments:new"), form)
    assert response.status_code == 200
    assert "Choose either a target or a number of rounds per game, not both." in text(response)
    response = client.post(reverse("tournaments:new"), form, HTTP_ACCEPT_LANGUAGE="ru")
    assert ("Укажите либо цель, либо число раундов в партии, но не то и другое сразу."
            in text(response))
    assert not Tournament.objects.filter(name="Both").exists()


# -- actions shown when possible, status that follows the rounds ------------------------------


def test_status_follows_the_rounds(open_tournament, client, organiser):
    rnd = services.round_generate(tournament=open_tournament, actor=SITE)
    open_tournament.refresh_from_db()
    assert open_tournament.status == Tournament.Status.REGISTRATION
    services.round_discard(tournament_round=rnd, actor=SITE)
    rnd = services.round_generate(tournament=open_tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    open_tournament.refresh_from_db()
    assert open_tournament.status == Tournament.Status.RUNNING


def test_pair_the_next_round_disappears_after_the_last_round(client, organiser, club, players):
    tournament = tournament_with(club, players[:4], rounds=2)
    client.force_login(organiser)
    assert 'id="generate-button"' in text(client.get(url("manage", tournament)))
    run_round(tournament)
    assert 'id="generate-button"' in text(client.get(url("manage", tournament)))
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    play_round(TournamentRound.objects.get(pk=rnd.pk))
    body = text(client.get(url("manage", tournament)))
    assert 'id="generate-button"' not in body
    assert "Every round has been paired; no further round can be." in body
    assert "Finish the tournament" in body


def test_new_player_names_are_kept_in_the_field_fixture(club):
    # The field's "P01".."P16" differ only in digits: never offered as the same person.
    people = field(club, 3)
    from clubs.selectors import similar_players
    assert [p.pk for p in similar_players(club, "P01")] == [people[0].pk]


def test_pages_state_what_the_games_really_use(client, club, players):
    by_rounds = tournament_with(club, players[:4], name="By rounds", rounds_per_game=2)
    rnd = services.round_generate(tournament=by_rounds, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    game = rnd.tables.exclude(game=None).first().game
    assert (game.rules["rounds_limit"], game.rules["target"]) == (2, None)
    body = text(client.get(by_rounds.get_absolute_url()))
    assert "TriOminos.ru club rules, 2 rounds per game" in body
    assert "(200)" not in body and "to 200" not in body
    body = text(client.get(by_rounds.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru"))
    assert "клубные правила TriOminos.ru, 2 раунда в партии" in body
    by_target = tournament_with(club, players[:4], name="By target", rounds_per_game=None)
    rnd = services.round_generate(tournament=by_target, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    game = rnd.tables.exclude(game=None).first().game
    # The club preset's own target: what the game uses is what the page says.
    assert (game.rules["rounds_limit"], game.rules["target"]) == (None, 200)
    assert by_target.game_target == 200
    assert "TriOminos.ru club rules, to 200" in text(client.get(by_target.get_absolute_url()))


# -- round by round ---------------------------------------------------------------------------


def test_standings_show_each_round_of_each_player(client, club, players):
    tournament = tournament_with(club, players[:5], table_size=4, remainder="bye")
    first = run_round(tournament)
    second = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=second, actor=SITE)
    from tournaments import selectors
    view = selectors.standings(tournament)
    assert view.rounds == [1, 2]
    by_player = {line.player_id: line for line in view.lines}
    played = first.tables.get(bye=False)
    seats = {s.player_id: s for s in played.game.seats.all()}
    points = {1: 3, 2: 2, 3: 1, 4: 0}  # by placing at a table of 4
    for player_id, seat in seats.items():
        cell = by_player[player_id].cells[0]
        assert (cell.table, cell.place, cell.score, cell.points) == (
            played.number, seat.place, seat.score, points[seat.place])
    bye_player = first.tables.get(bye=True).player_ids[0]
    assert by_player[bye_player].cells[0].bye and by_player[bye_player].cells[0].points == 3
    for line in view.lines:  # round 2 is still being played by everyone at a table
        assert line.cells[1].playing or line.cells[1].bye
        assert line.points == sum(c.points for c in line.cells if c.points is not None)
    body = text(client.get(url("standings", tournament)))
    assert "Round by round" in body and "<th class=\"num\" scope=\"col\">R2</th>" in body
    winner = next(p for p, s in seats.items() if s.place == 1)
    row = re.search(rf'<tr data-cross-player="{winner}">.*?</tr>', body).group(0)
    assert f"<strong>+3</strong> <span class=\"muted small\">1/{seats[winner].score}</span>" in row
    body = text(client.get(url("standings", tournament), HTTP_ACCEPT_LANGUAGE="ru"))
    assert "По турам" in body and "Т2</th>" in body


def test_standings_query_budget_with_round_by_round(client, club, players,
                                                    django_assert_max_num_queries):
    tournament = tournament_with(club, players[:8])
    run_round(tournament)
    run_round(tournament)
    with django_assert_max_num_queries(8):
        assert client.get(url("standings", tournament)).status_code == 200


def test_player_pickers_have_a_search_box_without_inline_script(client, organiser, club,
                                                                open_tournament):
    client.force_login(organiser)
    body = text(client.get(url("manage", open_tournament)))
    assert 'data-picker-search="id_player"' in body and "/static/js/picker-search.js" in body
    services.round_generate(tournament=open_tournament, actor=SITE)
    body = text(client.get(url("manage-round", open_tournament, 1)))
    for target in ("swap-first", "swap-second", "move-player"):
        assert f'data-picker-search="{target}"' in body and f'id="{target}"' in body
    body = text(client.get(club.get_absolute_url()))
    assert 'data-picker-search="id_player"' in body and "/static/js/picker-search.js" in body
    assert "<script>" not in body and "onclick" not in body


def test_one_tap_check_in_updates_the_count(client, organiser, club, players):
    tournament = tournament_with(club, players[:3], check_in=False)
    client.force_login(organiser)
    first, second = tournament.registrations.order_by("pk")[:2]
    response = client.post(url("check-in", tournament, first.pk), {"checked_in": "1"},
                           HTTP_HX_REQUEST="true")
    body = text(response)
    assert 'id="checked-in-count" hx-swap-oob="true">1 player checked in.</p>' in body
    response = client.post(url("check-in", tournament, second.pk), {"checked_in": "1"},
                           HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ru")
    assert 'hx-swap-oob="true">' in text(response) and "2 игрока" in text(response)


def test_the_offer_page_lists_only_the_clubs_unregistered_members(client, organiser,
                                                                  open_tournament, anna):
    outsider = member(ClubFactory(), name="Far Away")
    client.force_login(organiser)
    response = client.post(url("register", open_tournament), {"display_name": "Anna Volkova"})
    assert response.status_code == 409
    options = re.findall(r'<option value="(\d+)"', text(response).split('id="id_player"')[1]
                         .split("</select>")[0])
    expected = {p.pk for p in Player.objects.filter(memberships__club=open_tournament.club)
                .exclude(registrations__tournament=open_tournament)}
    assert set(map(int, options)) == expected and outsider.pk not in expected


def test_standings_and_results_can_be_printed(client, tournament):
    for page in ("standings", "results"):
        body = text(client.get(url(page, tournament)))
        assert '<button type="button" class="button small no-print" data-print>Print</button>' \
            in body


def test_the_draft_page_swaps_and_moves_players_and_says_what_it_did(client, organiser, club,
                                                                     players):
    tournament = tournament_with(club, players[:11], table_size=3, remainder="bye")
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    url = reverse("tournaments:manage-round", args=[tournament.slug, rnd.number])
    client.force_login(organiser)
    resting = rnd.tables.filter(bye=True).first().player_ids[0]
    moved = client.post(url + "move/", {"player": resting, "table_number": 1}, follow=True)
    assert "The player was moved." in moved.content.decode()
    assert rnd.tables.get(number=1).player_ids[-1] == resting
    first, second = rnd.tables.get(number=2).player_ids[0], rnd.tables.get(number=3).player_ids[0]
    swapped = client.post(url + "swap/", {"first": first, "second": second}, follow=True)
    assert "The players were swapped." in swapped.content.decode()
    assert (rnd.tables.get(number=2).player_ids[0], rnd.tables.get(number=3).player_ids[0]) == \
        (second, first)
    before = [t.player_ids for t in rnd.tables.order_by("number")]
    refused = client.post(url + "move/", {"player": first, "table_number": "x"}, follow=True)
    assert "Choose a player and a table." in refused.content.decode()
    full = client.post(url + "move/", {"player": second, "table_number": 1}, follow=True)
    assert "Table 1 already has four players." in full.content.decode()
    assert [t.player_ids for t in rnd.tables.order_by("number")] == before


def test_only_the_clubs_own_people_are_registered(client, organiser, open_tournament):
    outsider = member(ClubFactory(), name="Oleg Outsider")
    with pytest.raises(services.Refused) as refused:
        services.registration_add(tournament=open_tournament, player=outsider,
                                  actor=Actor(user=organiser))
    assert (refused.value.code, refused.value.params) == ("not-of-the-club",
                                                          {"name": "Oleg Outsider"})
    client.force_login(organiser)
    response = client.post(url("register", open_tournament), {"player": outsider.pk},
                           follow=True)
    assert messages_of(response) == [
        "Oleg Outsider is not a member or guest of the club; type the name to register a "
        "newcomer."]
    assert not open_tournament.registrations.filter(player=outsider).exists()
