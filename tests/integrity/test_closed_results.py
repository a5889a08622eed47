"""Closed is closed (issue 21): once a tournament round is complete, none of its games changes
through any path until the organiser reopens that table's result, with a reason.

The guard is one function (scoring.replay.result_guard), asked by the locked read every write
service starts with (services.game_locked) and by the one save path (replay.game_save). The
tests below enumerate the write services and the game's addresses, so a new one that is not
listed here, with the call that proves it refuses a closed game, fails them."""

import html
import importlib
import inspect
import json
import pkgutil
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import URLPattern, reverse

import scoring
from clubs.permissions import SITE
from ratings.models import GameRating
from scoring.messages import RESULT_CLOSED
from scoring.models import AuditEntry, Game, Round, Seat, Turn
from scoring.records import game_export
from scoring.replay import ResultClosed
from scoring.services import Actor
from scoring.sheets import game_final_enter
from scoring.urls import urlpatterns as scoring_urls
from tests.factories import UserFactory
from tests.tournaments.play import field, organised_club, run_round, tournament_with
from tournaments import selectors
from tournaments import services as tournaments
from tournaments.models import Table, Tournament, TournamentAuditEntry, TournamentRound

pytestmark = pytest.mark.django_db


@dataclass
class Closed:
    tournament: Tournament
    round: TournamentRound
    table: Table
    game: Game
    organiser: object

    @property
    def actor(self) -> Actor:
        return Actor(user=self.organiser)


@pytest.fixture
def closed():
    """Round 1 of a four-player Swiss played on the tablet and complete: its game is closed."""
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 4), rounds=3)
    rnd = run_round(tournament, seed=1)
    table = rnd.tables.select_related("game").get(bye=False)
    assert table.game.result_lock == Game.Lock.CLOSED
    return Closed(tournament, rnd, table, table.game, organiser)


def fingerprint(game_id: int):
    """Everything a refused write must leave as it was: the game, its seats, rounds, turns
    and audit."""
    return (
        Game.objects.filter(pk=game_id).values(
            "status", "version", "result_lock", "entry", "finished_at", "round_number",
            "table_token").first(),
        list(Seat.objects.filter(game_id=game_id).order_by("position")
             .values_list("player_id", "score", "place")),
        list(Round.objects.filter(game_id=game_id).order_by("number")
             .values_list("number", "totals", "end_points", "reason")),
        list(Turn.objects.filter(round__game_id=game_id).order_by("round__number", "number")
             .values_list("seat", "draws", "cell_c", "cell_r", "corners", "points")),
        AuditEntry.objects.filter(game_ref=game_id).count(),
    )


# -- every write service ----------------------------------------------------------------------

GAME_PARAMETERS = {"game", "game_id", "game_ids"}


def write_services() -> dict:
    """Every public function of the scoring app (the pure engine aside) with a keyword-only
    parameter naming a game: the convention of a service that writes one (<noun>_<verb>(*, …))."""
    found = {}
    for info in pkgutil.iter_modules(scoring.__path__):
        if info.ispkg:  # the engine (pure), migrations, template tags
            continue
        module = importlib.import_module(f"scoring.{info.name}")
        for name, function in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(function) or \
                    function.__module__ != module.__name__:
                continue
            parameters = inspect.signature(function).parameters.values()
            if any(p.kind is p.KEYWORD_ONLY and p.name in GAME_PARAMETERS for p in parameters):
                found[f"{info.name}.{name}"] = function
    return found


def _first_turn(game):
    turn = Turn.objects.filter(round__game=game).order_by("round__number", "number").first()
    return {"round_number": 0, "turn_number": 0, "draw": turn.draws, "at": turn.at,
            "corners": tuple(turn.corners) if turn.corners else None}


def _sheet_record(game):
    names = [s.player.display_name for s in game.seats.order_by("position")]
    return {**game_export(game), "entry": "final",
            "sheet": [{"points": dict(zip(names, [60, 40, 20, 10], strict=True))}]}


# Per write service, the call that asks it to change the closed game (built afresh each time).
CALLS = {
    "services.turn_record": lambda c: {"game_id": c.game.pk, "seat": 0, "draw": 1,
                                       "expected_version": None, "actor": Actor()},
    "services.turn_undo": lambda c: {"game_id": c.game.pk, "expected_version": None,
                                     "actor": Actor()},
    # A correction that changes nothing: refused all the same (the demo's Autumn Cup case).
    "services.turn_correct": lambda c: {"game_id": c.game.pk, "actor": Actor(),
                                        **_first_turn(c.game)},
    "services.round_end": lambda c: {"game_id": c.game.pk, "hands": {},
                                     "expected_version": None, "actor": Actor()},
    "services.game_abandon": lambda c: {"game_id": c.game.pk, "actor": Actor()},
    "services.game_reopen": lambda c: {"game_id": c.game.pk, "actor": c.actor,
                                       "reason": "a hand counted twice"},
    "services.game_delete": lambda c: {"game_id": c.game.pk, "actor": c.actor},
    "sheets.game_sheet_enter": lambda c: {"game_id": c.game.pk, "rounds": [[60, 40, 20, 10]],
                                          "actor": Actor()},
    "sheets.game_final_enter": lambda c: {"game_id": c.game.pk, "scores": [60, 40, 20, 10],
                                          "actor": Actor()},
    "sheets.game_record_attach": lambda c: {"game_id": c.game.pk, "record": game_export(c.game),
                                            "actor": Actor()},
    "sheets.record_sheet_apply": lambda c: {"game": c.game, "record": _sheet_record(c.game),
                                            "actor": Actor()},
    "record_rows.record_rows_write": lambda c: {
        "game": c.game, "seats": list(c.game.seats.order_by("position")),
        "record": game_export(c.game), "actor": Actor()},
}

# Services that name a game but do not change its result, and why.
NOT_THE_RESULT = {
    "services.table_link_revoke": "the table link is access to the game, not its result",
    "services.table_link_renew": "the table link is access to the game, not its result",
    "services.games_result_close": "closes results: the guard's own key",
    "services.game_result_open": "opens a closed result for a correction: the guard's own key",
}


def test_every_service_that_names_a_game_is_listed_here():
    assert set(write_services()) == set(CALLS) | set(NOT_THE_RESULT)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_write_service_refuses_a_closed_game_and_writes_nothing(closed, name):
    service = write_services()[name]
    before = fingerprint(closed.game.pk)
    with pytest.raises(ResultClosed):
        service(**CALLS[name](closed))
    assert fingerprint(closed.game.pk) == before
    # The control: once the organiser opened the result for a correction, the same call is
    # not refused for being closed (whatever else it may say of a finished game).
    tournaments.table_result_reopen(table=closed.table, reason="control", actor=closed.actor)
    closed.game.refresh_from_db()
    try:
        service(**CALLS[name](closed))
    except ResultClosed:  # pragma: no cover - the failure this test is for
        pytest.fail(f"{name} refused a result opened for a correction")
    except Exception:  # noqa: BLE001, S110 - any other answer is the service's own business
        pass


def test_the_save_path_refuses_a_closed_game_whoever_calls_it(closed):
    from scoring.replay import game_save

    closed.game.status = Game.Status.PLAYING
    with pytest.raises(ResultClosed):
        game_save(closed.game, ["status"])
    assert Game.objects.get(pk=closed.game.pk).status == Game.Status.FINISHED


# -- every address of a game ------------------------------------------------------------------


def _turn_form(version, key):
    return {"version": version, "kind": "pass", "seat": 0, "draw": 0, "key": key}


def _record_file(game):
    return SimpleUploadedFile("game.json", json.dumps(game_export(game)).encode(),
                              "application/json")


# Addresses that would change the game: (method, data, htmx, what the answer is read from).
WRITES = {
    "turn": ("post", lambda g: _turn_form(g.version, "t1"), True),
    "turns": ("post", lambda g: {"turns": json.dumps([_turn_form(g.version, "q1")])}, True),
    "undo": ("post", lambda g: {"version": g.version}, True),
    "hands": ("post", lambda g: {"version": g.version, "count-0": "1", "points-0": "3"}, True),
    "game-abandon": ("post", lambda g: {}, False),
    "game-reopen": ("post", lambda g: {"reason": "a hand counted twice"}, False),
    "game-sheet": ("post", lambda g: {"p-0-0": "60", "p-0-1": "40", "p-0-2": "20",
                                      "p-0-3": "10"}, False),
    "game-final": ("post", lambda g: {"score-0": "60", "score-1": "40", "score-2": "20",
                                      "score-3": "10"}, False),
    "game-attach": ("post", lambda g: {"record": _record_file(g)}, False),
    "turn-correct": ("post", lambda g: {"version": g.version, "kind": "pass", "seat": 0,
                                        "draw": 0}, True),
}
# Pages that show a form to change the game: they show the reason instead.
WRITE_FORMS = ["game-sheet", "game-final", "game-attach", "turn-correct"]
# Addresses that change nothing of a game's result, and why.
OTHERS = {
    "game-list": "reads", "game-detail": "reads", "game-live": "reads",
    "game-record": "reads", "table-qr": "reads", "tablet": "reads", "poll": "reads",
    "fits": "reads", "turn-at": "reads", "tablet-sw": "the tablet's script",
    "tablet-engine": "the tablet's engine", "tablet-engine-worker": "the tablet's engine",
    "game-new": "starts a new game", "game-import": "imports a new game",
    "link-revoke": "the table link is access, not the result",
    "link-renew": "the table link is access, not the result",
}


def _args(name, game):
    if name.startswith("link-") and name not in OTHERS:
        return [game.table_token]
    if name == "turn-correct":
        return [game.pk, 0, 0]
    return [game.pk]


def test_every_address_of_a_game_is_listed_here():
    names = {p.name for p in scoring_urls if isinstance(p, URLPattern)}
    # The tablet answers under the game's number and under its table link alike.
    tablet = {n.removeprefix("link-") for n in names if n.startswith("link-")} - {
        "revoke", "renew"}
    assert tablet <= set(WRITES) | set(OTHERS)
    assert names == set(WRITES) | set(OTHERS) | {f"link-{n}" for n in tablet}


def _said(response) -> str:
    if response["Content-Type"].startswith("application/json"):
        return response.json()["refused"]["message"]
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("name", [*sorted(WRITES), "link-turn", "link-turns", "link-undo",
                                  "link-hands"])
def test_each_address_answers_409_with_the_reason_and_writes_nothing(client, closed, name):
    method, data, htmx = WRITES[name.removeprefix("link-")]
    if not name.startswith("link-"):
        client.force_login(closed.organiser)
    game = closed.game
    before = fingerprint(game.pk)
    response = getattr(client, method)(reverse(f"scoring:{name}", args=_args(name, game)),
                                       data(game), **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    if name.endswith("turns"):  # the queued turns' answer carries each turn's refusal
        assert response.json()["recorded"] == 0
        assert response.json()["refused"]["status"] == 409
    else:
        assert response.status_code == 409, (name, response.status_code)
    assert str(RESULT_CLOSED) in _said(response)
    assert fingerprint(game.pk) == before


@pytest.mark.parametrize("name", WRITE_FORMS)
def test_each_form_page_shows_the_reason_instead_of_the_form(client, closed, name):
    client.force_login(closed.organiser)
    response = client.get(reverse(f"scoring:{name}", args=_args(name, closed.game)))
    assert response.status_code == 409
    body = html.unescape(response.content.decode())
    assert str(RESULT_CLOSED) in body and "<form" not in body.split('id="result-closed"')[1]


def test_the_game_page_offers_no_change_of_a_closed_result(client, closed):
    client.force_login(closed.organiser)
    body = html.unescape(client.get(closed.game.get_absolute_url()).content.decode())
    assert str(RESULT_CLOSED) in body
    for address in ("game-reopen", "game-sheet", "game-final", "game-attach"):
        assert reverse(f"scoring:{address}", args=[closed.game.pk]) not in body
    assert "/correct/" not in body


def test_the_admin_shows_a_closed_game_but_changes_and_deletes_nothing(client, closed):
    client.force_login(UserFactory(username="root", is_superuser=True, is_staff=True))
    game = closed.game
    before = fingerprint(game.pk)
    change = reverse("admin:scoring_game_change", args=[game.pk])
    assert client.get(change).status_code == 200  # shown, read-only
    response = client.post(change, {"title": "Renamed", "club": game.club_id})
    assert response.status_code == 403
    assert client.post(reverse("admin:scoring_game_delete", args=[game.pk]),
                       {"post": "yes"}).status_code == 403
    response = client.post(reverse("admin:scoring_game_changelist"), {
        "action": "delete_selected", "_selected_action": [game.pk], "post": "yes"})
    assert response.status_code == 200  # the page listing what keeps it: nothing deleted
    assert fingerprint(game.pk) == before


# -- the tournament's record ------------------------------------------------------------------


@pytest.fixture
def day():
    """Eight players, two tables a round, three Swiss rounds and a knockout of four; round 1
    entered from paper (final scores) and complete."""
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 8), rounds=3, knockout_size=4)
    rnd = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=rnd, actor=SITE)
    for table in rnd.tables.select_related("game").order_by("number"):
        game_final_enter(game_id=table.game_id, scores=[60, 40, 20, 10], actor=Actor())
    tournaments.round_complete(tournament_round=rnd, actor=SITE)
    return tournament, rnd, Actor(user=organiser)


def _standings(tournament):
    return [(line.player_id, line.points) for line in selectors.standings(tournament).lines]


def _tables(rnd):
    return list(rnd.tables.order_by("number").values_list("player_ids", "game_id"))


# The tournament's write services that take the whole tournament, and why none changes a closed
# result (the proof where it is not obvious): a new one must be listed here with its reason.
TOURNAMENT_WRITES = {
    "tournament_open": "opens registration: no round exists",
    "tournament_self_registration": "who may register: no game",
    "registration_add": "a late entry plays from the next round on",
    "registrations_add": "a late entry plays from the next round on",
    "registration_self": "refused once a round is paired (self-registration-over)",
    "round_generate": "pairs the next round; the complete ones stay",
    "knockout_start": "seeds from the standings, changing none",
    "tournament_finish": "makes every result final",
    "tournament_reopen": "takes the tournament back to running; results stay closed",
    # test_editing_the_settings_leaves_closed_results_as_they_are
    "tournament_edit": "refuses the points and tie-breaks once a round is complete, and what "
                       "the games were made from once one is paired",
}


def test_every_tournament_write_is_listed_here():
    from tournaments import services as all_services

    found = set()
    for name in all_services.__all__:
        function = getattr(all_services, name)
        if inspect.isfunction(function) and any(
                p.kind is p.KEYWORD_ONLY and p.name == "tournament"
                for p in inspect.signature(function).parameters.values()):
            found.add(name)
    assert found == set(TOURNAMENT_WRITES)


def test_editing_the_settings_leaves_closed_results_as_they_are(day):
    tournament, rnd, actor = day
    standings = _standings(tournament)
    games = [fingerprint(t.game_id) for t in rnd.tables.order_by("number")]
    for changes, code in [
        ({"points_scheme": Tournament.Points.WIN}, "edit-closed-results"),
        ({"tiebreaks": ["rating"]}, "edit-closed-results"),
        ({"table_size": 2}, "edit-paired"),
        ({"rounds_per_game": 3}, "edit-paired"),
        ({"rounds": 0}, "bad-rounds"),
    ]:
        with pytest.raises(tournaments.Refused) as refused:
            tournaments.tournament_edit(tournament=tournament, changes=changes, actor=actor)
        assert refused.value.code == code
    # What may change changes no result: the name, the date, the rounds still to come.
    tournaments.tournament_edit(tournament=tournament, changes={
        "name": "Spring Open 2026", "rounds": 4, "avoid_same_club": True}, actor=actor)
    assert _standings(tournament) == standings
    assert [fingerprint(t.game_id) for t in rnd.tables.order_by("number")] == games
    assert TournamentAuditEntry.objects.filter(tournament=tournament, action="edit").count() == 1


def test_a_result_of_a_complete_round_changes_nowhere_while_round_2_is_played(client, day):
    tournament, first, actor = day
    second = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=second, actor=SITE)
    game = first.tables.select_related("game").get(number=1).game
    standings = _standings(tournament)
    client.force_login(actor.user)
    for name, data in [("game-final", {"score-0": "10", "score-1": "20", "score-2": "40",
                                       "score-3": "60"}),
                       ("game-sheet", {"p-0-0": "10", "p-0-1": "20", "p-0-2": "40",
                                       "p-0-3": "60"}),
                       ("game-attach", {"record": _record_file(game)})]:
        response = client.post(reverse(f"scoring:{name}", args=[game.pk]), data)
        assert response.status_code == 409, name
    response = client.post(reverse("scoring:link-undo", args=[game.table_token]),
                           {"version": game.version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    first.refresh_from_db()
    game.refresh_from_db()
    assert first.status == TournamentRound.Status.COMPLETE
    assert (game.status, game.entry) == (Game.Status.FINISHED, Game.Entry.FINAL)
    assert _standings(tournament) == standings


def test_a_reopened_result_is_corrected_once_and_the_standings_follow(
        client, day, django_capture_on_commit_callbacks):
    tournament, first, actor = day
    second = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=second, actor=SITE)
    paired = _tables(second)
    table = first.tables.select_related("game").get(number=1)
    seats = list(table.game.seats.order_by("position").values_list("player_id", flat=True))
    points = dict(_standings(tournament))
    assert [points[p] for p in seats] == [3, 2, 1, 0]

    client.force_login(actor.user)
    asked = client.get(reverse("tournaments:result-reopen", args=[tournament.slug, 1, 1]))
    assert "The rounds already paired stay as they are" in html.unescape(asked.content.decode())
    response = client.post(reverse("tournaments:result-reopen", args=[tournament.slug, 1, 1]),
                           {"reason": ""})
    assert response.status_code == 400  # no reason, no reopening
    assert Game.objects.get(pk=table.game_id).result_lock == Game.Lock.CLOSED
    response = client.post(reverse("tournaments:result-reopen", args=[tournament.slug, 1, 1]),
                           {"reason": "first and last swapped on the sheet"})
    assert response.status_code == 302
    assert Game.objects.get(pk=table.game_id).result_lock == Game.Lock.REOPENED
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("scoring:game-final", args=[table.game_id]), {
            "score-0": "10", "score-1": "40", "score-2": "20", "score-3": "60"})
    assert response.status_code == 302
    game = Game.objects.get(pk=table.game_id)
    assert game.result_lock == Game.Lock.CLOSED  # closed again by the correction itself
    points = dict(_standings(tournament))
    assert [points[p] for p in seats] == [0, 2, 1, 3]
    ratings = dict(GameRating.objects.filter(game=game).values_list("player_id", "place"))
    assert [ratings[p] for p in seats] == [4, 2, 3, 1]
    # Published pairings stay; the round stays complete; a second change needs a new reason.
    assert _tables(second) == paired
    first.refresh_from_db()
    assert first.status == TournamentRound.Status.COMPLETE
    with pytest.raises(ResultClosed):
        game_final_enter(game_id=game.pk, scores=[60, 40, 20, 10], actor=actor)
    # Said on the round's pages, and in both audits with the reason and who.
    for page in (reverse("tournaments:round", args=[tournament.slug, 1]),
                 reverse("tournaments:manage-round", args=[tournament.slug, 1])):
        body = html.unescape(client.get(page).content.decode())
        assert 'data-corrected="1"' in body and "first and last swapped on the sheet" in body
    entry = TournamentAuditEntry.objects.get(action="result-reopen")
    assert (entry.user, entry.reason, entry.round_number) == (
        actor.user, "first and last swapped on the sheet", 1)
    assert AuditEntry.objects.filter(game=game, action="result-open", user=actor.user,
                                     reason="first and last swapped on the sheet").exists()


def test_a_finished_tournament_is_reopened_with_a_reason_before_a_result_is(client, day):
    tournament, first, actor = day
    for _number in (2, 3):
        rnd = tournaments.round_generate(tournament=tournament, actor=SITE)
        tournaments.round_publish(tournament_round=rnd, actor=SITE)
        for t in rnd.tables.order_by("number"):
            game_final_enter(game_id=t.game_id, scores=[60, 40, 20, 10], actor=Actor())
        tournaments.round_complete(tournament_round=rnd, actor=SITE)
    tournament = tournaments.tournament_finish(tournament=tournament, actor=actor, early=True)
    winner = tournament.winner_id
    table = first.tables.get(number=1)
    with pytest.raises(tournaments.Refused) as refused:
        tournaments.table_result_reopen(table=table, reason="typo", actor=actor)
    assert refused.value.code == "tournament-finished-reopen"
    client.force_login(actor.user)
    response = client.post(reverse("tournaments:reopen", args=[tournament.slug]), {"reason": ""})
    assert response.status_code == 400
    response = client.post(reverse("tournaments:reopen", args=[tournament.slug]),
                           {"reason": "a sheet of round 1 was misread"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.status, tournament.winner_id) == (Tournament.Status.RUNNING, None)
    entry = TournamentAuditEntry.objects.get(action="reopen")
    assert (entry.reason, entry.before["winner"]) == ("a sheet of round 1 was misread", winner)
    tournaments.table_result_reopen(table=table, reason="typo", actor=actor)
    game_final_enter(game_id=table.game_id, scores=[10, 40, 20, 60], actor=actor)
    tournaments.tournament_finish(tournament=tournament, actor=actor, early=True)
    assert not Game.objects.filter(tournament_table__round__tournament=tournament).exclude(
        result_lock=Game.Lock.CLOSED).exists()


def test_a_knockout_result_stays_once_the_bracket_has_moved_on():
    club, organiser = organised_club()
    actor = Actor(user=organiser)
    tournament = tournament_with(club, field(club, 8), rounds=1, knockout_size=4, table_size=2)
    first = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=first, actor=SITE)
    for t in first.tables.order_by("number"):
        game_final_enter(game_id=t.game_id, scores=[60, 40], actor=Actor())
    tournaments.round_complete(tournament_round=first, actor=SITE)
    semis = tournaments.knockout_start(tournament=tournament, actor=actor)
    tournaments.round_publish(tournament_round=semis, actor=SITE)
    for t in semis.tables.order_by("number"):
        game_final_enter(game_id=t.game_id, scores=[60, 40], actor=Actor())
    tournaments.round_complete(tournament_round=semis, actor=SITE)
    final = tournaments.round_generate(tournament=tournament, actor=actor)
    with pytest.raises(tournaments.Refused) as refused:
        tournaments.table_result_reopen(table=semis.tables.get(number=1), reason="typo",
                                        actor=actor)
    assert (refused.value.code, refused.value.params) == (
        "knockout-moved-on", {"round": semis.number, "later": final.number})


def test_a_table_link_of_a_closed_game_undoes_nothing_and_an_abandoned_table_stays(day):
    tournament, _first, actor = day
    rnd = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=rnd, actor=SITE)
    one, two = rnd.tables.select_related("game").order_by("number")
    from scoring.services import game_abandon

    game_abandon(game_id=one.game_id, actor=Actor())
    game_final_enter(game_id=two.game_id, scores=[60, 40, 20, 10], actor=Actor())
    tournaments.round_complete(tournament_round=rnd, actor=SITE)
    with pytest.raises(tournaments.Refused) as refused:
        tournaments.table_replay(table=one, actor=actor)
    assert refused.value.code == "result-closed"
    tournaments.table_result_reopen(table=one, reason="the table must start over", actor=actor)
    replayed = tournaments.table_replay(table=one, actor=actor)
    assert replayed.game.status == Game.Status.PLAYING
    assert Game.objects.get(pk=one.game_id).result_lock == Game.Lock.CLOSED  # the old game


def test_the_demo_autumn_cup_takes_no_correction(client):
    from tournaments.demo import demo_tournaments

    club, organiser = organised_club()
    cup, _coming = demo_tournaments(club, field(club, 8))
    game = Table.objects.filter(round__tournament=cup, bye=False).first().game
    turn = Turn.objects.filter(round__game=game).order_by("round__number", "number").first()
    before = fingerprint(game.pk)
    client.force_login(organiser)
    data = {"version": game.version, "seat": turn.seat, "draw": turn.draws}
    data.update({"kind": "place", "at_c": turn.cell_c, "at_r": turn.cell_r,
                 "corners": ",".join(map(str, turn.corners))} if turn.at else {"kind": "pass"})
    response = client.post(reverse("scoring:turn-correct", args=[game.pk, turn.round.number,
                                                                 turn.number]),
                           data, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert str(RESULT_CLOSED) in html.unescape(response.content.decode())
    assert fingerprint(game.pk) == before


@pytest.mark.django_db(transaction=True)
def test_the_migration_closes_the_games_of_complete_rounds(migrate_to):
    club, _organiser = organised_club()
    tournament = tournament_with(club, field(club, 4), rounds=2)
    complete = run_round(tournament, seed=1)
    playing = tournaments.round_generate(tournament=tournament, actor=SITE)
    tournaments.round_publish(tournament_round=playing, actor=SITE)
    done_game = complete.tables.get(bye=False).game_id
    open_game = playing.tables.get(bye=False).game_id
    migrate_to([("scoring", "0005_verbose_names_and_audit_actions"),
                ("tournaments", "0007_verbose_names_and_audit_actions")])
    migrate_to([("scoring", "0007_closed_results_revoked_links"),
                ("tournaments", "0010_closed_results_creation_key")])
    locks = dict(Game.objects.values_list("pk", "result_lock"))
    assert (locks[done_game], locks[open_game]) == (Game.Lock.CLOSED, Game.Lock.OPEN)
