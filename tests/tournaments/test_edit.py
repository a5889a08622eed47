"""An organiser corrects a tournament's settings after creating it: everything before its first
round is paired; then what the games were made from stays, the rounds never below those paired,
and nothing that ranks closed results; a finished tournament only its name and date. Refusals
say why and write nothing; every change is audited with before and after."""

import asyncio
from datetime import date

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.urls import reverse

from clubs import push
from clubs.permissions import SITE, Actor
from tests.factories import UserFactory, member
from tests.together import run_together
from tournaments import services
from tournaments.messages import edit_limit_reason, refusal
from tournaments.models import Stage, Tournament, TournamentAuditEntry

from .play import field, organised_club, run_round, tournament_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 8), name="Spring Open", rounds=3)
    return {"club": club, "organiser": organiser, "tournament": tournament,
            "actor": Actor(user=organiser)}


def _edit(cup, **changes):
    return services.tournament_edit(tournament=cup["tournament"], changes=changes,
                                    actor=cup["actor"])


def _row(tournament):
    return Tournament.objects.filter(pk=tournament.pk).values().get()


def _refused(cup, code, **changes):
    before = _row(cup["tournament"])
    entries = TournamentAuditEntry.objects.count()
    with pytest.raises(services.Refused) as refused:
        _edit(cup, **changes)
    assert refused.value.code == code
    assert refusal(refused.value)  # worded
    assert _row(cup["tournament"]) == before
    assert TournamentAuditEntry.objects.count() == entries
    return refused.value


# -- the service ------------------------------------------------------------------------------


def test_before_the_first_round_everything_changes_and_is_audited(cup):
    tournament = _edit(cup, name="  Spring Open 2026 ", starts_on=date(2026, 4, 25),
                       table_size=3, tile_set="76", pool="individual", rounds=5,
                       points_scheme=Tournament.Points.WIN, knockout_size=6,
                       tiebreaks=["buchholz"], format=Tournament.Format.ROUND_ROBIN)
    tournament.refresh_from_db()
    assert (tournament.name, tournament.starts_on, tournament.table_size) == (
        "Spring Open 2026", date(2026, 4, 25), 3)
    assert (tournament.tile_set, tournament.pool, tournament.planned_rounds) == (
        "76", "individual", 5)
    assert tournament.tiebreaks == ["points", "buchholz"]
    assert tournament.slug.startswith("spring-open-2026")  # the address stays
    stages = list(Stage.objects.filter(tournament=tournament).values_list(
        "order", "kind", "qualifiers", "advance"))
    assert stages == [(1, "round_robin", 0, 1), (2, "knockout", 6, 1)]
    entry = TournamentAuditEntry.objects.filter(tournament=tournament).latest("pk")
    assert entry.action == TournamentAuditEntry.Action.EDIT
    assert entry.user == cup["organiser"]
    assert entry.tournament_name == "Spring Open 2026"
    assert entry.before["name"] == "Spring Open" and entry.after["name"] == "Spring Open 2026"
    assert entry.before["starts_on"] == "2026-04-18"
    assert entry.after["starts_on"] == "2026-04-25"
    assert entry.after["tiebreaks"] == ["points", "buchholz"]
    assert "avoid_same_club" not in entry.after  # only what changed


def test_the_knockout_can_be_taken_away_before_it_starts(cup):
    _edit(cup, knockout_size=4)
    _edit(cup, knockout_size=0)
    assert not Stage.objects.filter(tournament=cup["tournament"], order=2).exists()


def test_changing_nothing_writes_nothing(cup):
    entries = TournamentAuditEntry.objects.count()
    _edit(cup, name="Spring Open", rounds=3)
    assert TournamentAuditEntry.objects.count() == entries


def test_bad_settings_are_refused_as_at_creation(cup):
    _refused(cup, "tournament-name-needed", name="  ")
    _refused(cup, "bad-table-size", table_size=5)
    _refused(cup, "bad-tiles", tile_set="99")
    _refused(cup, "bad-rounds", rounds=0)
    _refused(cup, "target-and-rounds", target=300)  # it plays 1 round per game
    _refused(cup, "bad-knockout-size", knockout_size=1)


def test_once_a_round_is_paired_what_the_games_were_made_from_stays(cup):
    services.round_generate(tournament=cup["tournament"], actor=SITE)
    for setting, value in [("preset", "pressman"), ("rounds_per_game", 2),
                           ("table_size", 2), ("tile_set", "84"), ("pool", "individual"),
                           ("format", Tournament.Format.ROUND_ROBIN)]:
        refused = _refused(cup, "edit-paired", **{setting: value})
        assert refused.params["setting"] == setting
    # What only later rounds use still changes.
    tournament = _edit(cup, name="Spring Cup", avoid_same_club=True, rounds=6,
                       remainder=Tournament.Remainder.BYE, self_registration=True,
                       points_scheme=Tournament.Points.WIN)
    assert (tournament.name, tournament.planned_rounds, tournament.avoid_same_club) == (
        "Spring Cup", 6, True)


def test_the_rounds_never_go_below_those_paired(cup):
    run_round(cup["tournament"], seed=1)
    services.round_generate(tournament=cup["tournament"], actor=SITE)
    refused = _refused(cup, "rounds-below-paired", rounds=1)
    assert refused.params == {"rounds": 1, "paired": 2}
    assert "2 rounds have already been paired" in refusal(refused)
    assert _edit(cup, rounds=2).planned_rounds == 2


def test_what_ranks_closed_results_stays_once_a_round_is_complete(cup):
    run_round(cup["tournament"], seed=1)
    _refused(cup, "edit-closed-results", points_scheme=Tournament.Points.WIN)
    _refused(cup, "edit-closed-results", tiebreaks=["rating"])
    limits = services.edit_limits(cup["tournament"])
    assert limits["points_scheme"] == limits["tiebreaks"] == "edit-closed-results"
    assert limits["table_size"] == "edit-paired"
    assert "name" not in limits and "rounds" not in limits


def test_a_round_robin_keeps_its_schedule():
    club, organiser = organised_club("robin-org")
    robin = tournament_with(club, field(club, 4), name="Robin",
                            format=Tournament.Format.ROUND_ROBIN, rounds=0)
    services.round_generate(tournament=robin, actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.tournament_edit(tournament=robin, changes={"rounds": 2},
                                 actor=Actor(user=organiser))
    assert refused.value.code == "edit-schedule-made"


def test_a_finished_tournament_keeps_all_but_its_name_and_date(cup):
    run_round(cup["tournament"], seed=1)
    services.tournament_finish(tournament=cup["tournament"], actor=SITE, early=True)
    _refused(cup, "edit-finished", rounds=5)
    _refused(cup, "edit-finished", self_registration=True)
    assert _edit(cup, name="Spring Open (final)").name == "Spring Open (final)"


def test_a_page_made_before_a_round_was_paired_overwrites_nothing(cup):
    """The page offered the table size; a round paired since keeps it: not silently dropped."""
    stamp = services.settings_stamp(cup["tournament"])
    services.round_generate(tournament=cup["tournament"], actor=SITE)
    with pytest.raises(services.Refused) as refused:
        services.tournament_edit(tournament=cup["tournament"], changes={"name": "Mine"},
                                 stamp=stamp, actor=cup["actor"])
    assert refused.value.code == "edited-meanwhile"


def test_a_page_made_before_another_change_overwrites_nothing(cup):
    stamp = services.settings_stamp(cup["tournament"])
    _edit(cup, name="Changed by Anna")
    before = _row(cup["tournament"])
    with pytest.raises(services.Refused) as refused:
        services.tournament_edit(tournament=cup["tournament"], changes={"rounds": 7},
                                 stamp=stamp, actor=cup["actor"])
    assert refused.value.code == "edited-meanwhile"
    assert _row(cup["tournament"]) == before


def test_only_organisers_of_the_club(cup):
    stranger = UserFactory(username="stranger")
    referee = UserFactory(username="ref")
    member(cup["club"], "referee", user=referee)
    for user in (stranger, referee):
        with pytest.raises(PermissionDenied):
            services.tournament_edit(tournament=cup["tournament"], changes={"name": "Mine"},
                                     actor=Actor(user=user))
    assert Tournament.objects.get(pk=cup["tournament"].pk).name == "Spring Open"


def test_unknown_settings_are_a_defect_not_a_refusal(cup):
    with pytest.raises(ValueError):
        _edit(cup, slug="mine")


def test_every_limit_has_its_reason():
    for code in ("edit-finished", "edit-paired", "edit-schedule-made", "edit-closed-results",
                 "edit-knockout-started"):
        assert edit_limit_reason(code)


# -- the page ---------------------------------------------------------------------------------


def _form(tournament, **changes):
    data = {"name": tournament.name, "starts_on": tournament.starts_on.isoformat(),
            "preset": tournament.preset, "target": tournament.target or "",
            "rounds_per_game": tournament.rounds_per_game or "",
            "table_size": tournament.table_size, "tile_set": tournament.tile_set,
            "pool": tournament.pool, "format": tournament.format,
            "rounds": tournament.planned_rounds, "points_scheme": tournament.points_scheme,
            "remainder": tournament.remainder, "knockout_size": tournament.knockout_size,
            "stamp": services.settings_stamp(tournament)}
    for i, code in enumerate(tournament.tiebreaks[1:], 1):
        data[f"tiebreak_{i}"] = code
    if tournament.avoid_same_club:
        data["avoid_same_club"] = "on"
    data.update(changes)
    return data


def test_the_page_saves_and_says_so(client, cup, django_assert_num_queries):
    tournament = cup["tournament"]
    client.force_login(cup["organiser"])
    url = reverse("tournaments:edit", args=[tournament.slug])
    manage = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    assert f'href="{url}"' in manage
    # session, user, the tournament with its club, the organiser's role, the rounds' limits
    # (the base page's own are cached)
    with django_assert_num_queries(4):
        page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'value="Spring Open"' in text and 'name="stamp"' in text
    assert 'id="edit-limits"' not in text
    answer = client.post(url, _form(tournament, name="Spring Open 2026", rounds=5))
    assert (answer.status_code, answer["Location"]) == (
        302, reverse("tournaments:manage", args=[tournament.slug]))
    tournament.refresh_from_db()
    assert (tournament.name, tournament.planned_rounds) == ("Spring Open 2026", 5)
    followed = client.get(answer["Location"]).content.decode()
    assert "The tournament&#x27;s settings are saved." in followed


def test_the_page_shows_what_stays_and_refuses_in_words(client, cup,
                                                       django_assert_num_queries):
    tournament = cup["tournament"]
    run_round(tournament, seed=1)
    client.force_login(cup["organiser"])
    url = reverse("tournaments:edit", args=[tournament.slug])
    with django_assert_num_queries(4):
        text = client.get(url).content.decode()
    assert edit_limit_reason("edit-paired").replace("'", "&#x27;") in text
    assert edit_limit_reason("edit-closed-results") in text
    assert '<select name="table_size" disabled' in text
    assert 'name="rounds" value="3"' in text and 'name="rounds" value="3" min="0" max="30" ' \
        'required disabled' not in text
    # A disabled setting sent anyway is ignored (the form keeps the tournament's own).
    answer = client.post(url, _form(tournament, table_size=2, rounds=2))
    assert answer.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.table_size, tournament.planned_rounds) == (4, 2)
    # A refusal comes back on the form, in words, and writes nothing.
    services.round_generate(tournament=tournament, actor=SITE)
    answer = client.post(url, _form(tournament, rounds=1))
    assert answer.status_code == 200
    assert "2 rounds have already been paired" in answer.content.decode()
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 2


def test_a_finished_tournament_s_page_corrects_its_name_only(client, cup,
                                                             django_assert_num_queries):
    tournament = cup["tournament"]
    run_round(tournament, seed=1)
    services.tournament_finish(tournament=tournament, actor=SITE, early=True)
    tournament.refresh_from_db()
    client.force_login(cup["organiser"])
    url = reverse("tournaments:edit", args=[tournament.slug])
    with django_assert_num_queries(4):
        text = client.get(url).content.decode()
    assert "only its name and date can be corrected" in text
    assert '<select name="format" disabled' in text
    assert 'name="name" value="Spring Open" maxlength="120" required id="id_name">' in text
    answer = client.post(url, _form(tournament, name="Spring Open (final)", rounds=9,
                                    points_scheme=Tournament.Points.WIN))
    assert answer.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.planned_rounds, tournament.points_scheme) == (
        "Spring Open (final)", 3, Tournament.Points.PLACING)


def test_a_stale_page_is_sent_back_with_the_settings_as_they_are(client, cup):
    tournament = cup["tournament"]
    client.force_login(cup["organiser"])
    url = reverse("tournaments:edit", args=[tournament.slug])
    data = _form(tournament, rounds=6)
    _edit(cup, name="Renamed meanwhile")
    answer = client.post(url, data)
    assert (answer.status_code, answer["Location"]) == (302, url)
    tournament.refresh_from_db()
    assert (tournament.name, tournament.planned_rounds) == ("Renamed meanwhile", 3)
    assert "The tournament changed while you were editing" in client.get(url).content.decode()


@pytest.mark.parametrize("who", ["anonymous", "member", "referee", "stranger"])
def test_others_are_refused_the_page(client, cup, who):
    tournament = cup["tournament"]
    if who != "anonymous":
        user = UserFactory(username=who)
        if who in ("member", "referee"):
            member(cup["club"], who, user=user)
        client.force_login(user)
    url = reverse("tournaments:edit", args=[tournament.slug])
    for answer in (client.get(url), client.post(url, _form(tournament, name="Mine"))):
        assert answer.status_code in (302, 403)
        if answer.status_code == 302:
            assert "login" in answer["Location"]
    assert Tournament.objects.get(pk=tournament.pk).name == "Spring Open"


# -- the pages following the tournament -------------------------------------------------------


def test_the_change_is_pushed_after_commit_and_the_public_page_follows(
        client, cup, django_capture_on_commit_callbacks):
    tournament = cup["tournament"]
    detail = tournament.get_absolute_url()
    assert "Spring Open" in client.get(detail).content.decode()  # cached under the versions
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(push.tournament_topic(tournament.pk), channel)

    async def heard():
        try:
            return [await asyncio.wait_for(layer.receive(channel), 0.05)]
        except TimeoutError:
            return []

    with django_capture_on_commit_callbacks(execute=False) as hooks:
        _edit(cup, name="Autumn Open")
    assert async_to_sync(heard)() == []  # nothing before the commit
    for hook in hooks:
        hook()
    assert [m["topic"] for m in async_to_sync(heard)()] == [f"tournament.{tournament.pk}"]
    assert "Autumn Open" in client.get(detail).content.decode()


@pytest.mark.parametrize("attempt", range(3))
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="row locks need PostgreSQL (CI runs this on PostgreSQL)")
def test_two_organisers_saving_the_same_page_at_once_one_is_told(attempt):
    club, organiser = organised_club(f"race-{attempt}")
    tournament = services.tournament_create(club=club, name="Race Cup",
                                            starts_on=date(2026, 4, 18), actor=SITE)
    stamp = services.settings_stamp(tournament)
    actor = Actor(user=organiser)
    outcomes = run_together([
        lambda: services.tournament_edit(tournament=tournament, changes={"rounds": 5},
                                         stamp=stamp, actor=actor),
        lambda: services.tournament_edit(tournament=tournament, changes={"rounds": 6},
                                         stamp=stamp, actor=actor),
    ], expected=(services.Refused,))
    refused = [o for o in outcomes if isinstance(o, services.Refused)]
    assert [r.code for r in refused] == ["edited-meanwhile"]
    saved = next(o for o in outcomes if not isinstance(o, services.Refused))
    assert Tournament.objects.get(pk=tournament.pk).planned_rounds == saved.planned_rounds
    assert TournamentAuditEntry.objects.filter(tournament=tournament, action="edit").count() == 1
