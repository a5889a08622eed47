"""One source for permissions: roles × actions × objects, asked of clubs.permissions and over
HTTP; whatever is refused writes nothing."""

import json
import random
from datetime import date

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import ClubAuditEntry, Membership
from clubs.permissions import SITE, Actor, Do, allowed
from scoring.demo import robot_record
from scoring.models import AuditEntry, Game, Turn
from scoring.services import game_delete, game_start, turn_record
from tests.factories import ClubFactory, UserFactory, member
from tests.scoring.seats import seated
from tournaments.models import Tournament, TournamentAuditEntry
from tournaments.services import tournament_create, tournament_edit

from .helpers import imported_finished_game

pytestmark = pytest.mark.django_db

RECORDER = {Do.RECORD, Do.CORRECT, Do.ABANDON, Do.MANAGE_LINK, Do.START_GAME, Do.IMPORT}
EVERYTHING = set(Do)
EXPECTED = {
    "anonymous": set(),
    "member": set(),
    "referee": RECORDER,
    "organiser": EVERYTHING,
    "other-organiser": set(),
    "other-referee": set(),
    "granted-user": EVERYTHING,  # clubs.organise_club for every club, given in the admin
    "granted-group": RECORDER,  # clubs.referee_club for every club, through a group
    "superuser": EVERYTHING,
    "inactive-organiser": set(),
}


def _user(role, club, other):
    if role == "anonymous":
        return None
    user = UserFactory(username=role)
    if role in ("member", "referee", "organiser"):
        member(club, role, user=user)
    elif role.startswith("other-"):
        member(other, role.removeprefix("other-"), user=user)
    elif role == "granted-user":
        user.user_permissions.add(Permission.objects.get(codename="organise_club"))
    elif role == "granted-group":
        group = Group.objects.create(name="federation referees")
        group.permissions.add(Permission.objects.get(codename="referee_club"))
        user.groups.add(group)
    elif role == "superuser":
        user.is_superuser = True
        user.save()
    elif role == "inactive-organiser":
        member(club, Membership.Role.ORGANISER, user=user)
        user.is_active = False
        user.save()
    return user


@pytest.fixture
def world():
    club, other = ClubFactory(default_preset="pressman"), ClubFactory()
    member(club, Membership.Role.ORGANISER)  # the club keeps an organiser whatever happens
    players = [member(club, name=n) for n in ("Anna", "Boris", "Vera")]
    game = game_start(club=club, players=players, preset="pressman", actor=Actor())
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())
    game.refresh_from_db()
    done = imported_finished_game(club)
    tournament = tournament_create(club=club, name="Spring Open", starts_on=date(2026, 4, 18),
                                   actor=SITE)
    return {"club": club, "other": other, "game": game, "finished": done,
            "tournament": tournament, "players": players}


def _objects(world, action):
    """The object each action is asked about."""
    if action == Do.REOPEN:
        return world["finished"]
    if action in (Do.START_GAME, Do.IMPORT, Do.ORGANISE_CLUB, Do.CREATE_TOURNAMENT):
        return world["club"]
    if action == Do.MANAGE_TOURNAMENT:
        return world["tournament"]
    return world["game"]


def _fingerprint():
    """Everything a refused request must leave as it was."""
    games = list(Game.objects.order_by("pk").values_list("pk", "status", "version",
                                                           "table_token"))
    return (games, Turn.objects.count(), AuditEntry.objects.count(),
            ClubAuditEntry.objects.count(), TournamentAuditEntry.objects.count(),
            list(Membership.objects.order_by("pk").values_list("pk", "role")),
            list(Tournament.objects.values_list("pk", "status")))


def _record_file(world):
    record = robot_record(["Anna", "Boris"], "pressman", random.Random(3))
    return SimpleUploadedFile("game.json", json.dumps(record).encode(), "application/json")


def _requests(world):
    """Per action, the requests that do it: (method, url, data, htmx)."""
    game, done, club = world["game"], world["finished"], world["club"]
    slug = world["tournament"].slug
    anna = Membership.objects.get(club=club, player=world["players"][0])
    return {
        Do.RECORD: [
            ("post", reverse("scoring:turn", args=[game.pk]),
             lambda: {"version": _version(game), "kind": "pass", "seat": 1, "draw": 3,
                      "key": ""}, True),
            ("post", reverse("scoring:undo", args=[game.pk]),
             lambda: {"version": _version(game)}, True),
        ],
        Do.CORRECT: [("post", reverse("scoring:turn-correct", args=[game.pk, 0, 0]),
                      lambda: {"version": _version(game), "kind": "place", "seat": 0, "draw": 0,
                               "at_c": 0, "at_r": 0, "corners": "5,5,5"}, True)],
        Do.ABANDON: [("post", reverse("scoring:game-abandon", args=[game.pk]), {}, False)],
        Do.REOPEN: [("post", reverse("scoring:game-reopen", args=[done.pk]),
                     {"reason": "hand miscounted"}, False)],
        Do.DELETE_GAME: [],  # the admin's; asked of the predicate and the service below
        # Closing a result and opening it for a correction are the tournament's steps, asked
        # again by scoring's services (tests/integrity/test_closed_results.py).
        Do.CLOSE_RESULT: [],
        Do.MANAGE_LINK: [
            ("get", reverse("scoring:table-qr", args=[game.pk]), {}, False),
            ("post", reverse("scoring:link-renew", args=[game.pk]), {}, False),
        ],
        Do.START_GAME: [("post", reverse("scoring:game-new"), {
            "club": club.pk, "preset": "pressman",
            **seated(*world["players"][:2])}, False)],
        Do.IMPORT: [("post", reverse("scoring:game-import"),
                     {"club": club.pk, "record": _record_file(world)}, False)],
        Do.ORGANISE_CLUB: [
            ("post", reverse("clubs:member-add", args=[club.slug]),
             {"display_name": "Newcomer", "role": "member"}, False),
            ("post", reverse("clubs:member-role", args=[club.slug, anna.pk]),
             {"role": "referee"}, False),
        ],
        Do.CREATE_TOURNAMENT: [("post", reverse("tournaments:new"), {
            "club": club.pk, "name": "Autumn Cup", "starts_on": "2026-10-03",
            "preset": "club", "rounds_per_game": 1, "table_size": 4, "format": "swiss",
            "rounds": 3, "points_scheme": "placing", "remainder": "smaller_tables",
            "knockout_size": 0, "tiebreak_1": "buchholz", "tiebreak_2": "game-points"},
            False)],
        Do.MANAGE_TOURNAMENT: [
            ("post", reverse("tournaments:open", args=[slug]), {}, False),
            ("get", reverse("tournaments:edit", args=[slug]), {}, False),
            # Correcting its settings (tournaments/services/editing.py): here its name.
            ("post", reverse("tournaments:edit", args=[slug]), {
                "name": "Spring Open 2026", "starts_on": "2026-04-18", "preset": "club",
                "table_size": 4, "tile_set": "56", "pool": "shared", "format": "swiss",
                "rounds": 4, "points_scheme": "placing", "remainder": "smaller_tables",
                "knockout_size": 0, "tiebreak_1": "buchholz", "tiebreak_2": "game-points"},
             False),
        ],
    }


def _version(game) -> int:
    return Game.objects.values_list("version", flat=True).get(pk=game.pk)


def _send(client, method, url, data, htmx):
    data = data() if callable(data) else data
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return getattr(client, method)(url, data, **headers)


@pytest.mark.parametrize("action", list(Do))
@pytest.mark.parametrize("role", list(EXPECTED))
def test_roles_by_actions(client, world, role, action):
    user = _user(role, world["club"], world["other"])
    obj = _objects(world, action)
    expected = action in EXPECTED[role]
    asker = user if user is not None else client.get("/").wsgi_request.user  # anonymous
    assert allowed(asker, action, obj) is expected
    assert allowed(Actor(user=asker), action, obj) is expected
    if user is not None:
        client.force_login(user)
    for method, url, data, htmx in _requests(world)[action]:
        before = _fingerprint()
        response = _send(client, method, url, data, htmx)
        if expected:
            assert response.status_code in (200, 302), (url, response.status_code)
            if method == "post":
                assert _fingerprint() != before, f"{url} answered but wrote nothing"
            if response.status_code == 302:
                assert "/accounts/login" not in response.url
        else:
            # Refused: 403, or the login page for views that need one, or — where the user
            # may do it in another club — the form refusing this club. Nothing is written.
            status = response.status_code
            login = status == 302 and "login" in response.url
            assert status in (403, 200) or login, (url, status)
            assert _fingerprint() == before, url


@pytest.mark.parametrize("role", list(EXPECTED))
def test_the_services_ask_too(world, role):
    """Called directly, a service refuses a user the predicate refuses, writing nothing."""
    user = _user(role, world["club"], world["other"])
    if user is None:
        return
    actor = Actor(user=user)
    before = _fingerprint()
    if Do.DELETE_GAME in EXPECTED[role]:
        game_delete(game_id=world["finished"].pk, actor=actor)
        assert AuditEntry.objects.filter(game_ref=world["finished"].pk, action="delete",
                                         user=user).exists()
    else:
        with pytest.raises(PermissionDenied):
            game_delete(game_id=world["finished"].pk, actor=actor)
        assert _fingerprint() == before
    if Do.MANAGE_TOURNAMENT in EXPECTED[role]:
        tournament_edit(tournament=world["tournament"], changes={"name": "Spring Open II"},
                        actor=actor)
        assert TournamentAuditEntry.objects.filter(action="edit", user=user).exists()
        before = _fingerprint()
    else:
        with pytest.raises(PermissionDenied):
            tournament_edit(tournament=world["tournament"], changes={"name": "Mine"},
                            actor=actor)
        assert _fingerprint() == before
    if Do.RECORD not in EXPECTED[role]:
        with pytest.raises(PermissionDenied):
            turn_record(game_id=world["game"].pk, seat=1, draw=3, expected_version=None,
                        actor=actor)
        assert _fingerprint() == before


# -- table links ---------------------------------------------------------------------------------


def test_a_link_records_its_own_game_only_while_it_is_played(world):
    game, done = world["game"], world["finished"]
    link = Actor(via_link=True, link_game_id=game.pk)
    assert allowed(link, Do.RECORD, game)
    assert [a for a in Do if allowed(link, a, game)] == [Do.RECORD]
    assert not allowed(link, Do.RECORD, done)  # another game's
    assert not allowed(Actor(via_link=True, link_game_id=done.pk), Do.RECORD, done)  # over
    assert not allowed(Actor(via_link=True), Do.RECORD, game)  # a link must name its game
    assert not allowed(link, Do.START_GAME, world["club"])


@pytest.mark.parametrize("state", ["valid", "revoked", "other-game", "finished"])
def test_links_over_http(client, world, state):
    game = world["game"] if state != "finished" else world["finished"]
    token = game.table_token
    if state == "revoked":
        Game.objects.filter(pk=game.pk).update(table_token=None)
    elif state == "other-game":
        token = "not-" + token  # a token of no game is refused exactly like a revoked one
    for endpoint, data in [
        ("undo", {}),
        ("turn", {"kind": "place", "seat": 0, "at_c": 0, "at_r": 0, "corners": "3,3,3",
                  "key": "k1"}),
        ("hands", {"count-0": "1", "points-0": "4"}),
    ]:
        before = _fingerprint()
        response = client.post(reverse(f"scoring:link-{endpoint}", args=[token]),
                               {**data, "version": _version(game)}, HTTP_HX_REQUEST="true")
        if state == "valid":
            # Recorded (undo, then the opening again); hands before the round's end are
            # the engine's refusal, not the link's.
            assert response.status_code == (422 if endpoint == "hands" else 200), endpoint
            assert (_fingerprint() == before) is (endpoint == "hands")
        else:
            assert response.status_code == (409 if state == "finished" else 403), endpoint
            assert _fingerprint() == before
    tablet = client.get(reverse("scoring:link-tablet", args=[token]))
    assert tablet.status_code == (200 if state in ("valid", "finished") else 403)
