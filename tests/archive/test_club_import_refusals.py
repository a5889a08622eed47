"""A club archive that cannot be taken as it is is refused with a clear sentence, and nothing at
all is written; the commands and the organiser's download speak the same file."""

import copy
import io
import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.club import club_export, club_import
from archive.errors import ArchiveError
from clubs.models import Club, Membership, Player
from clubs.permissions import SITE
from clubs.services import member_add
from scoring.demo import Robot
from scoring.models import AuditEntry, Game, Turn
from scoring.services import Actor, game_start, table_link_revoke
from tests.factories import ClubFactory, UserFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(exported_once):
    """A small club's file (two players of the same name among them), and the site emptied;
    the test's own copy, free to change."""
    return copy.deepcopy(exported_once)


@pytest.fixture(scope="module")
def exported_once(module_transaction, django_db_blocker):
    """Played, exported and emptied once for the module (module_transaction): every test
    starts from the empty site and the same file."""
    with django_db_blocker.unblock():
        return _export_a_small_club()


def _export_a_small_club() -> dict:
    club = ClubFactory(slug="small")
    organiser = UserFactory(username="small-org")
    players = [member(club, Membership.Role.ORGANISER, user=organiser, name="Anna"),
               member(club, name="Anna"), member(club, name="Boris")]
    game = game_start(club=club, players=players, actor=Actor(organiser))
    Robot(game, random.Random(3), actor=Actor(organiser)).play_game()
    table_link_revoke(game_id=game.pk, actor=Actor(organiser))
    data = json.loads(json.dumps(club_export(club)))
    Game.objects.all().delete()
    AuditEntry.objects.all().delete()  # entries outlive their games; an empty site has none
    Club.objects.all().delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()
    return data


def _nothing_written():
    assert not Club.objects.exists()
    assert not Player.objects.exists()
    assert not Game.objects.exists()
    assert not AuditEntry.objects.exists()
    assert not get_user_model().objects.exists()


def _refused(data, *words):
    with pytest.raises(ArchiveError) as caught:
        club_import(data=data)
    for word in words:
        assert word in str(caught.value)
    _nothing_written()


def test_the_file_imports_cleanly(exported):
    club = club_import(data=copy.deepcopy(exported))
    game = club.games.get()
    assert game.status == Game.Status.FINISHED
    assert [s.player.display_name for s in game.seats.order_by("position")] == [
        "Anna", "Anna", "Boris"]
    assert len({s.player_id for s in game.seats.all()}) == 3
    actions = list(game.audit.order_by("at", "pk").values_list("action", flat=True))
    assert actions == [entry["action"] for entry in exported["audit"]]
    assert actions[0] == AuditEntry.Action.START and actions[-1] == AuditEntry.Action.LINK_REVOKED
    assert get_user_model().objects.get(username="small-org").has_usable_password() is False
    # Ids kept from the file; the next game still gets a fresh one.
    assert game.pk == exported["games"][0]["id"]
    later = game_start(club=club, players=list(Player.objects.all()[:2]), actor=SITE)
    assert later.pk > game.pk


def test_not_a_club_archive(exported):
    _refused({"format": "triominos-record/1"}, "not a club archive")
    _refused([1, 2], "not a club archive")


def test_a_wrong_shape_names_the_place(exported):
    exported["games"][0]["seats"][1] = "Anna"
    _refused(exported, "games/0/seats/1")


def test_a_score_that_the_record_does_not_give(exported):
    exported["games"][0]["scores"][0] += 10
    _refused(exported, "game 1", "scores")


def test_an_illegal_move(exported):
    moves = exported["games"][0]["record"]["rounds"][0]["moves"]
    moves[1]["at"] = moves[0]["at"]  # on top of the opening tile
    moves[1]["corners"] = moves[0]["corners"]
    _refused(exported, "game 1", "does not replay")


def test_a_value_beyond_the_column(exported):
    exported["games"][0]["title"] = "x" * 500
    _refused(exported, "game 1", "title")


def test_a_nul_character(exported):
    exported["players"][1]["display_name"] = "An\x00na"
    _refused(exported, "player 2", "NUL")


def test_a_bad_value_late_in_the_file_writes_nothing_before_it(exported):
    exported["audit"][0]["action"] = "a" * 21  # longer than the column
    _refused(exported, "audit entry 1", "action")


def test_a_seat_of_a_player_not_in_the_file(exported):
    exported["games"][0]["seats"][2] = 999_999
    _refused(exported, "player who is not in the file")


def test_a_club_already_here_is_refused_not_duplicated(exported):
    club_import(data=copy.deepcopy(exported))
    counts = (Club.objects.count(), Player.objects.count(), Game.objects.count(),
              Turn.objects.count(), AuditEntry.objects.count())
    with pytest.raises(ArchiveError, match="already on this site"):
        club_import(data=copy.deepcopy(exported))
    assert counts == (Club.objects.count(), Player.objects.count(), Game.objects.count(),
                      Turn.objects.count(), AuditEntry.objects.count())


def test_ids_taken_here_give_new_ids_and_players_merge_by_identity(exported):
    """Imported into a site that has rows of its own: new ids, references follow, and a player
    already here (same uuid) is the same person."""
    here = ClubFactory(slug="here")
    first = exported["players"][0]
    known = Player.objects.create(display_name="Anna K.", uuid=first["uuid"])
    member_add(club=here, player=known, actor=SITE)
    taken = game_start(club=here, players=[known, member(here)], actor=SITE)
    exported["games"][0]["id"] = taken.pk  # an id in use here
    for entry in exported["audit"]:
        entry["game"] = taken.pk
    club = club_import(data=copy.deepcopy(exported))
    game = club.games.get()
    assert game.pk != taken.pk
    seated = [s.player for s in game.seats.order_by("position")]
    assert seated[0] == known and seated[0].display_name == "Anna K."  # kept as it was here
    assert seated[1].display_name == "Anna" and seated[1] != known
    assert known.memberships.count() == 2
    assert game.audit.count() == len(exported["audit"])
    assert set(game.audit.values_list("game_ref", flat=True)) == {game.pk}


def test_commands_export_and_import(exported, tmp_path):
    club_import(data=copy.deepcopy(exported))
    out = io.StringIO()
    call_command("club_export", "small", stdout=out)
    written = json.loads(out.getvalue())
    assert written["games"][0]["record"]["format"] == "triominos-record/1"
    path = tmp_path / "small.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    with pytest.raises(CommandError, match="already on this site"):
        call_command("club_import", str(path), stdout=io.StringIO())
    # As another club whose organiser is a new person with an account already taken here.
    written["club"].update(slug="elsewhere", uuid="00000000-0000-4000-8000-000000000000")
    written["players"][0]["uuid"] = "00000000-0000-4000-8000-000000000001"
    path.write_text(json.dumps(written), encoding="utf-8")
    with pytest.raises(CommandError, match="already belongs to another player"):
        call_command("club_import", str(path), stdout=io.StringIO())
    assert not Club.objects.filter(slug="elsewhere").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("club_import", str(bad))
    bad.write_bytes(b"[" * 100_000 + b"]" * 100_000)  # the site's one JSON reader bounds it
    with pytest.raises(CommandError, match="nested deeper than 32 levels"):
        call_command("club_import", str(bad))
    with pytest.raises(CommandError, match="No club"):
        call_command("club_export", "nowhere")


def test_commands_round_trip_through_a_file(exported, tmp_path):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    out = io.StringIO()
    call_command("club_import", str(path), stdout=out)
    assert "(players: 3, games: 1, tournaments: 0)" in out.getvalue()  # no "1 games"
    assert Club.objects.get().slug == "small"


def test_the_organiser_downloads_the_file(client, exported, django_assert_max_num_queries):
    club = club_import(data=copy.deepcopy(exported))
    url = f"/clubs/{club.slug}/export.json"
    assert client.get(url).status_code == 403
    member_user = UserFactory(username="plain")
    member(club, user=member_user)
    client.force_login(member_user)
    assert client.get(url).status_code == 403
    organiser = get_user_model().objects.get(username="small-org")
    client.force_login(organiser)
    assert "export.json" in client.get(f"/clubs/{club.slug}/").content.decode()
    with django_assert_max_num_queries(40):
        response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="small-')
    data = json.loads(response.content)
    assert data["club"]["uuid"] == exported["club"]["uuid"]
    assert [p["uuid"] for p in data["players"]][:3] == [p["uuid"] for p in exported["players"]]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False) | st.text(max_size=200),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=3),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_junk_anywhere_in_the_file_is_refused_cleanly_or_taken_whole(exported, data):
    """One value anywhere replaced by junk or left out: the import either takes the file or
    refuses it with its own error, and a refusal writes nothing."""
    paths = list(_paths(exported))[1:]
    path = data.draw(st.sampled_from(paths))
    mutated = copy.deepcopy(exported)
    target = mutated
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()):
        target[path[-1]] = data.draw(_JUNK)
    else:
        del target[path[-1]]
    with transaction.atomic():
        try:
            club_import(data=mutated)
        except ArchiveError as error:
            assert str(error)
            _nothing_written()
        transaction.set_rollback(True)
