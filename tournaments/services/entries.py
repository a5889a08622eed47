"""Creating a tournament, opening it, and the players' registrations."""

from __future__ import annotations

import datetime

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.text import slugify

from clubs.models import Club, Player
from clubs.newcomers import SeatsElsewhere, seats_check
from clubs.permissions import Actor, Do, require
from clubs.services import member_add
from ratings import core as ratings
from ratings.models import PlayerRating
from scoring.engine import EngineError, rules_resolve
from scoring.limits import TARGET_MAX
from scoring.presets import POOLS, TILE_SETS, tile_set_overrides

from ..models import Registration, Stage, Tournament, TournamentRound
from ..pairing import DEFAULT_TIEBREAKS, TIEBREAKS
from .audit import Action, check, tournament_audit
from .errors import Refused


def _unique_slug(name: str, starts_on: datetime.date) -> str:
    base = (slugify(name) or "tournament")[:60]
    base = f"{base}-{starts_on.year}"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _create_with_unique_slug(name: str, starts_on: datetime.date, key: str | None,
                             **fields) -> tuple[Tournament, bool]:
    """Insert under the first free slug; (the tournament, whether it is new). Two creations at
    the same moment both see the same slug free; the loser's insert fails on the unique index,
    and it tries again, now seeing the winner's committed row. The same form sent twice
    (``key``) fails on the key's unique index instead: the first one's tournament is the
    answer to both."""
    for _attempt in range(20):
        try:
            with transaction.atomic():
                return Tournament.objects.create(
                    name=name, starts_on=starts_on, slug=_unique_slug(name, starts_on),
                    creation_key=key, **fields), True
        except IntegrityError:
            earlier = Tournament.objects.filter(creation_key=key).first() if key else None
            if earlier is not None:
                return earlier, False
    raise Refused("slug-taken")


def tiebreaks_ordered(tiebreaks: list[str]) -> list[str]:
    """Tournament points always rank first; the list orders what breaks ties after them."""
    if tiebreaks[:1] == ["points"]:
        return tiebreaks
    return ["points", *[c for c in tiebreaks if c != "points"]]


def knockout_advance(table_size: int) -> int:
    """Tables of 4 send their top two on, so 8 qualifiers make two semi-finals and a final
    table of four; tables of 2 and 3 send only the winner on."""
    return 2 if table_size == 4 else 1


def settings_check(*, preset, tile_set, pool, target, rounds_per_game, table_size, format,
                   rounds, tiebreaks, knockout_size) -> None:
    """Refuse settings a tournament cannot be played with, the games' rules included (as
    each table's game will have them: Tournament.overrides)."""
    if tile_set not in TILE_SETS or pool not in POOLS:
        raise Refused("bad-tiles", tiles=tile_set, pool=pool)
    overrides = tile_set_overrides(tile_set, pool)
    if target:
        overrides["target"] = target
    if rounds_per_game:
        overrides["rounds_limit"] = rounds_per_game
    if table_size not in (2, 3, 4):
        raise Refused("bad-table-size", table_size=table_size)
    if format not in Tournament.Format.values:
        raise Refused("bad-format", format=format)
    if format == Tournament.Format.SWISS and rounds < 1:
        raise Refused("bad-rounds", rounds=rounds)
    unknown = [c for c in tiebreaks if c not in TIEBREAKS]
    if unknown or not tiebreaks or len(set(tiebreaks)) != len(tiebreaks):
        raise Refused("bad-tiebreaks", tiebreaks=", ".join(unknown or tiebreaks))
    if knockout_size == 1:
        raise Refused("bad-knockout-size", size=knockout_size)
    if "target" in overrides and "rounds_limit" in overrides:
        # The engine would end each game at whichever came first, while the pages promised
        # one of them; the organiser chooses.
        raise Refused("target-and-rounds")
    if overrides.get("target", 0) > TARGET_MAX:
        raise Refused("bad-target", limit=TARGET_MAX)
    try:
        rules_resolve({"preset": preset, **overrides})
    except EngineError as error:
        raise Refused("bad-rules", reason=error.code, reason_params=error.params) from error


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    starts_on: datetime.date,
    preset: str = "club",
    target: int | None = None,
    rounds_per_game: int | None = None,
    table_size: int = 4,
    tile_set: str = "56",
    pool: str = "shared",
    format: str = Tournament.Format.SWISS,
    rounds: int = 4,
    points_scheme: str = Tournament.Points.PLACING,
    tiebreaks: list[str] | None = None,
    avoid_same_club: bool = False,
    remainder: str = Tournament.Remainder.SMALLER,
    knockout_size: int = 0,
    self_registration: bool = False,
    key: str = "",
    actor: Actor,
) -> Tournament:
    """A tournament in preparation, with its stages: the Swiss or round robin, then the
    knockout when ``knockout_size`` players are to go on to one. ``key`` is the form's own:
    the same form sent again, even at the same moment, gives the tournament it created."""
    require(actor, Do.CREATE_TOURNAMENT, club)
    earlier = Tournament.objects.filter(creation_key=key).first() if key else None
    if earlier is not None:
        return earlier
    tiebreaks = tiebreaks_ordered(list(tiebreaks or DEFAULT_TIEBREAKS))
    settings_check(preset=preset, tile_set=tile_set, pool=pool, target=target,
                   rounds_per_game=rounds_per_game, table_size=table_size, format=format,
                   rounds=rounds, tiebreaks=tiebreaks, knockout_size=knockout_size)
    tournament, new = _create_with_unique_slug(
        name.strip(), starts_on, key or None, club=club, preset=preset, target=target or None,
        rounds_per_game=rounds_per_game or None, table_size=table_size, tile_set=tile_set,
        pool=pool, format=format,
        planned_rounds=rounds, points_scheme=points_scheme,
        tiebreaks=tiebreaks, avoid_same_club=avoid_same_club, remainder=remainder,
        knockout_size=knockout_size, self_registration=self_registration,
        created_by=getattr(actor, "user", None),
    )
    if not new:
        return tournament
    Stage.objects.create(tournament=tournament, order=1, kind=format)
    if knockout_size:
        Stage.objects.create(tournament=tournament, order=2, kind=Stage.Kind.KNOCKOUT,
                             qualifiers=knockout_size, advance=knockout_advance(table_size))
    tournament_audit(tournament, Action.CREATE, actor, after={
        "name": tournament.name, "starts_on": starts_on.isoformat(), "format": format,
        "rounds": rounds, "table_size": table_size, "knockout_size": knockout_size,
        "self_registration": self_registration, "tiles": tile_set, "pool": pool})
    return tournament


def tournament_locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def tournament_open(*, tournament: Tournament, actor: Actor) -> Tournament:
    """Announce the tournament: it is listed publicly and players can be checked in."""
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.REGISTRATION
        tournament.save(update_fields=["status"])
        tournament_audit(tournament, Action.OPEN, actor, before={"status": "draft"},
                         after={"status": tournament.status})
    return tournament


def _rating(player: Player) -> int:
    try:
        return player.rating.value
    except PlayerRating.DoesNotExist:
        return ratings.display(ratings.DEFAULT)


@transaction.atomic
def registration_add(
    *, tournament: Tournament, player: Player | None = None, display_name: str = "",
    checked_in: bool = False, new_anyway: bool = False, actor: Actor,
) -> Registration:
    """Register a player (a new one by name becomes a member of the club; a name close to
    someone the club has is refused with clubs.services.SimilarPlayers unless
    ``new_anyway``).

    Once the tournament runs this is a late entry: the player is checked in and paired from
    the next round on, with no points for the rounds missed. Registering twice returns the
    same registration (and takes back a withdrawal).
    """
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    return _register(tournament, player=player, display_name=display_name,
                     checked_in=checked_in, new_anyway=new_anyway, actor=actor)


def _register(tournament: Tournament, *, player: Player | None, display_name: str = "",
              checked_in: bool = False, new_anyway: bool = False,
              actor: Actor | None) -> Registration:
    """The registration, written and audited, into the locked tournament: the organiser's
    (registration_add) or the player's own (registration_self)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    if player is None:
        if not display_name.strip():
            raise Refused("name-needed")
        player = member_add(club=tournament.club, display_name=display_name,
                            new_anyway=new_anyway, actor=actor).player
    elif not actor.is_site:
        # Its games seat the club's own people only (clubs.newcomers.seats_check).
        try:
            seats_check(club=tournament.club, players=[player])
        except SeatsElsewhere:
            raise Refused("not-of-the-club", name=player.display_name) from None
    late_round = None
    # Under way from the first paired round (the status follows only once one is published):
    # a round robin's schedule is made with round 1's draft.
    if tournament.status == Tournament.Status.RUNNING or tournament.rounds.exists():
        if tournament.format == Tournament.Format.ROUND_ROBIN:
            raise Refused("late-entry-round-robin")
        if tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).exclude(seeds=[]).exists():
            raise Refused("late-entry-knockout")
        public = tournament.rounds.filter(
            status__in=[TournamentRound.Status.PUBLISHED, TournamentRound.Status.COMPLETE]
        ).aggregate(last=Max("number"))["last"]
        late_round = (public or 0) + 1
        checked_in = True
    registration, created = Registration.objects.select_for_update().get_or_create(
        tournament=tournament, player=player,
        defaults={"rating": _rating(player), "checked_in": checked_in,
                  "late_entry_round": late_round},
    )
    returned = not created and registration.withdrawn
    if returned:
        registration.withdrawn = False
        registration.save(update_fields=["withdrawn"])
    if created or returned:
        tournament_audit(tournament, Action.REGISTER, actor, after={
            "player": player.display_name, "player_id": player.pk, "checked_in": checked_in,
            "late_entry_round": late_round})
    return registration


def _locked_registration(registration: Registration) -> Registration:
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("tournament", "player").get(pk=registration.pk)
    )


@transaction.atomic
def registration_check_in(*, registration: Registration, checked_in: bool = True,
                          actor: Actor) -> Registration:
    """Mark the player present (or not). Only checked-in players are paired."""
    return _registration_set(registration, "checked_in", checked_in, actor, Action.CHECK_IN)


def _registration_set(registration: Registration, field: str, value: bool, actor,
                      action: str) -> Registration:
    registration = _locked_registration(registration)
    tournament = registration.tournament
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    if getattr(registration, field) != value:
        setattr(registration, field, value)
        registration.save(update_fields=[field])
        player = {"player": registration.player.display_name,
                  "player_id": registration.player_id}
        tournament_audit(tournament, action, actor, before={**player, field: not value},
                         after={**player, field: value})
    return registration


@transaction.atomic
def registration_withdraw(*, registration: Registration, withdrawn: bool = True,
                          actor: Actor) -> Registration:
    """Withdraw a player from the next rounds (or take that back). Their games stay counted:
    table-mates keep the points they earned against them."""
    return _registration_set(registration, "withdrawn", withdrawn, actor, Action.WITHDRAW)


@transaction.atomic
def tournament_self_registration(*, tournament: Tournament, open: bool,
                                 actor: Actor) -> Tournament:
    """Let the club's players register and withdraw themselves (or no longer)."""
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    if tournament.self_registration != open:
        tournament.self_registration = open
        tournament.save(update_fields=["self_registration"])
        tournament_audit(tournament, Action.SELF_REGISTRATION, actor,
                         before={"self_registration": not open},
                         after={"self_registration": open})
    return tournament


def _own(actor: Actor, player: Player) -> None:
    if actor is None or actor.user_id is None or player.user_id != actor.user_id:
        raise PermissionDenied("only the player registers themselves")


def _self_registration_open(tournament: Tournament) -> None:
    """The player's own entry and withdrawal: only while registration is open and before a
    round is paired; after that the organiser's (late entries, withdrawals between rounds)."""
    if not tournament.self_registration:
        raise Refused("self-registration-closed")
    if tournament.status != Tournament.Status.REGISTRATION or tournament.rounds.exists():
        raise Refused("self-registration-over")


@transaction.atomic
def registration_self(*, tournament: Tournament, player: Player,
                      actor: Actor) -> Registration:
    """The player registers themselves (``actor`` is their own account), not checked in: the
    organiser checks them in on the day. Registering again takes back their withdrawal."""
    _own(actor, player)
    tournament = tournament_locked(tournament)
    _self_registration_open(tournament)
    if not tournament.club.memberships.filter(player=player).exists():
        raise Refused("self-registration-members", club=tournament.club.name)
    return _register(tournament, player=player, checked_in=False, actor=actor)


@transaction.atomic
def registration_self_withdraw(*, registration: Registration, actor: Actor) -> Registration:
    """The player withdraws their own registration before the tournament starts (it stays
    listed, withdrawn, for the organiser; registering again takes it back)."""
    registration = _locked_registration(registration)
    _own(actor, registration.player)
    tournament = tournament_locked(registration.tournament)
    _self_registration_open(tournament)
    if not registration.withdrawn:
        registration.withdrawn = True
        registration.save(update_fields=["withdrawn"])
        player = {"player": registration.player.display_name,
                  "player_id": registration.player_id}
        tournament_audit(tournament, Action.WITHDRAW, actor,
                         before={**player, "withdrawn": False},
                         after={**player, "withdrawn": True, "by_the_player": True})
    return registration
