"""The organiser's day cannot be derailed by one tap (issue 21): each button only when it can
work, and every step that changes a stage or cannot be taken back says what it will do and
goes through only once confirmed."""

import html
import re

import pytest
from django.urls import reverse

from clubs.permissions import SITE
from scoring.services import Actor
from scoring.sheets import game_final_enter
from tournaments import flags, selectors, services
from tournaments.models import Stage, Tournament, TournamentAuditEntry, TournamentRound
from tournaments.pairing.flags import QualificationCut

from .play import field, organised_club, play_round, run_round, tournament_with

pytestmark = pytest.mark.django_db

BUTTONS = {"pair": 'id="generate-button"', "knockout": 'id="knockout-button"',
           "finish": 'id="finish-button"', "draft": "review the draft",
           "playing": 'id="round-playing"', "reopen": 'id="reopen-button"'}


@pytest.fixture
def day(client):
    """Eight players at tables of four, three Swiss rounds planned, a knockout of four; the
    organiser logged in."""
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 8), rounds=3, knockout_size=4)
    client.force_login(organiser)
    return tournament, Actor(user=organiser)


def offered(client, tournament) -> set[str]:
    body = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    return {name for name, mark in BUTTONS.items() if mark in body}


def test_each_button_appears_only_when_it_can_work(client, day):
    tournament, actor = day
    assert offered(client, tournament) == {"pair"}
    rnd = services.round_generate(tournament=tournament, actor=actor)
    assert offered(client, tournament) == {"draft"}
    services.round_publish(tournament_round=rnd, actor=actor)
    # During a round: no next round, no knockout, no finish.
    assert offered(client, tournament) == {"playing"}
    play_round(TournamentRound.objects.get(pk=rnd.pk))
    # Every game over (the round completes when the next step is taken): all three.
    assert offered(client, tournament) == {"pair", "knockout", "finish"}
    services.round_complete(tournament_round=rnd, actor=actor)
    for _number in (2, 3):
        run_round(tournament, seed=_number)
    assert offered(client, tournament) == {"knockout", "finish"}
    final = services.knockout_start(tournament=tournament, actor=actor)
    assert offered(client, tournament) == {"draft"}
    services.round_publish(tournament_round=final, actor=actor)
    assert offered(client, tournament) == {"playing"}
    play_round(TournamentRound.objects.get(pk=final.pk))
    assert offered(client, tournament) == {"finish"}
    services.tournament_finish(tournament=tournament, actor=actor)
    assert offered(client, tournament) == {"reopen"}


def test_the_knockout_before_the_last_swiss_round_needs_that_choice(client, day):
    tournament, actor = day
    run_round(tournament, seed=1)
    with pytest.raises(services.Refused) as refused:
        services.knockout_start(tournament=tournament, actor=actor)
    assert (refused.value.code, refused.value.params) == ("stage-rounds-left", {"rounds": [2, 3]})
    address = reverse("tournaments:knockout", args=[tournament.slug])
    asked = html.unescape(client.get(address).content.decode())
    assert "Swiss rounds 2 and 3 will not be played." in asked
    assert 'name="confirm"' in asked and 'required' in asked
    # A tap on the button without the box ticked: the page again, nothing seeded.
    response = client.post(address)
    assert response.status_code == 400
    assert "Tick the box to confirm" in html.unescape(response.content.decode())
    assert tournament.stages.get(kind=Stage.Kind.KNOCKOUT).seeds == []
    assert tournament.rounds.count() == 1
    response = client.post(address, {"confirm": "on"})
    assert response.url == reverse("tournaments:manage-round", args=[tournament.slug, 2])
    assert len(tournament.stages.get(kind=Stage.Kind.KNOCKOUT).seeds) == 4
    assert TournamentAuditEntry.objects.get(action="knockout-start").after["rounds_left"] == [2, 3]


def test_discarding_the_knockout_draft_returns_the_tournament_to_its_swiss(client, day):
    tournament, actor = day
    run_round(tournament, seed=1)
    services.knockout_start(tournament=tournament, actor=actor, early=True)
    address = reverse("tournaments:discard", args=[tournament.slug, 2])
    asked = html.unescape(client.get(address).content.decode())
    assert "the tournament returns to its first stage" in asked
    assert "Rounds 2 and 3 of the first stage can then be paired." in asked
    assert client.post(address).status_code == 400
    assert tournament.rounds.filter(number=2).exists()
    response = client.post(address, {"confirm": "on"})
    assert response.url == reverse("tournaments:manage", args=[tournament.slug])
    assert tournament.stages.get(kind=Stage.Kind.KNOCKOUT).seeds == []
    assert TournamentAuditEntry.objects.filter(action="knockout-undo", round_number=2).exists()
    assert offered(client, tournament) == {"pair", "knockout", "finish"}
    second = services.round_generate(tournament=tournament, actor=actor)
    assert (second.number, second.stage.kind) == (2, Stage.Kind.SWISS)


def test_discarding_a_swiss_draft_asks_too_and_keeps_the_knockout_alone(client, day):
    tournament, actor = day
    services.round_generate(tournament=tournament, actor=actor)
    address = reverse("tournaments:discard", args=[tournament.slug, 1])
    asked = html.unescape(client.get(address).content.decode())
    assert "The draft of round 1 is thrown away" in asked
    assert "first stage" not in asked
    client.post(address, {"confirm": "on"})
    assert not tournament.rounds.exists()


def test_finishing_says_what_is_left_out_and_who_wins(client, day):
    tournament, actor = day
    run_round(tournament, seed=1)
    with pytest.raises(services.Refused) as refused:
        services.tournament_finish(tournament=tournament, actor=actor)
    assert refused.value.code == "stage-rounds-left"
    address = reverse("tournaments:finish", args=[tournament.slug])
    asked = html.unescape(client.get(address).content.decode())
    assert "Swiss rounds 2 and 3 will not be played." in asked
    assert "The knockout of the top 4 will not be played." in asked
    leader = selectors.standings(tournament).lines[0].name
    assert f"{leader} wins the tournament." in asked
    assert client.post(address).status_code == 400
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    client.post(address, {"confirm": "on"})
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_finishing_after_the_swiss_without_the_knockout_needs_the_choice(day):
    tournament, actor = day
    for number in (1, 2, 3):
        run_round(tournament, seed=number)
    with pytest.raises(services.Refused) as refused:
        services.tournament_finish(tournament=tournament, actor=actor)
    assert refused.value.code == "knockout-not-played"
    services.tournament_finish(tournament=tournament, actor=actor, early=True)


def test_the_cut_names_a_tie_break_only_between_players_level_on_points():
    names = {1: "Anna", 2: "Boris"}
    apart = flags.describe(QualificationCut(last_in=1, first_out=2, decided_by="points"), names)
    assert apart.text == "Anna got the last place in the knockout with more points than Boris."
    level = flags.describe(QualificationCut(last_in=1, first_out=2, decided_by="buchholz"),
                           names)
    assert level.text == ("Anna got the last place in the knockout ahead of Boris, level on "
                          "points, decided by Buchholz.")


def test_a_real_cut_between_players_not_level_names_no_tie_break(client):
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 8), rounds=1, knockout_size=2, table_size=4)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    for table in rnd.tables.order_by("number"):
        game_final_enter(game_id=table.game_id, scores=[60, 40, 20, 10], actor=Actor())
    services.round_complete(tournament_round=rnd, actor=SITE)
    services.knockout_start(tournament=tournament, actor=SITE)
    client.force_login(organiser)
    body = html.unescape(client.get(reverse("tournaments:bracket",
                                            args=[tournament.slug])).content.decode())
    # Two qualifiers from two tables of four: the two winners (3 points each), the next a
    # runner-up (2 points): the points decided the cut, no tie-break.
    cut = re.search(r"<li>([^<]*got the last place in the knockout[^<]*)</li>", body).group(1)
    assert "with more points than" in cut
    assert "decided by" not in cut
