"""Changing a tournament's settings after its creation: what may still change at which stage.

Before its first round is paired every setting of the new-tournament form may change. Once a
round exists, what every table's game is played with (rules, target or rounds per game, table
size, tiles, pool) and the format stay: games were made from them. Once a round is complete its
results are closed, and the tournament points and tie-breaks that rank them stay too. A finished
tournament keeps everything but its name and date (reopen it to change more).
"""

from __future__ import annotations

import datetime
import hashlib
import json

from django.db import transaction

from clubs.permissions import Actor

from ..models import Stage, Tournament, TournamentRound
from .audit import Action, check, tournament_audit
from .entries import knockout_advance, settings_check, tiebreaks_ordered, tournament_locked
from .errors import Refused

# The settings an organiser edits, as the service names them (``rounds`` is planned_rounds).
EDITABLE = (
    "name", "starts_on", "preset", "target", "rounds_per_game", "table_size", "tile_set",
    "pool", "format", "rounds", "points_scheme", "tiebreaks", "avoid_same_club", "remainder",
    "knockout_size", "self_registration",
)
# What the tables' games were made from: fixed once a round is paired.
GAMES_MADE_FROM = ("preset", "target", "rounds_per_game", "table_size", "tile_set", "pool",
                   "format")
# What ranks closed results: fixed once a round is complete.
RANKS_RESULTS = ("points_scheme", "tiebreaks")
# What a finished tournament may still correct.
FINISHED_KEEPS = ("name", "starts_on")

_FIELD = {"rounds": "planned_rounds"}


def tournament_settings(tournament: Tournament) -> dict:
    """The editable settings as they are, by the service's names."""
    return {name: getattr(tournament, _FIELD.get(name, name)) for name in EDITABLE}


def settings_stamp(tournament: Tournament, limits: dict | None = None) -> str:
    """A short fingerprint of what an edit page was made from: the settings and which of them
    the stage kept (``limits``, edit_limits'; read when not given). The page sends it back, and
    a tournament changed meanwhile (by another organiser, or a round paired since, which would
    leave a setting the page offered unchangeable) is not overwritten."""
    if limits is None:
        limits = edit_limits(tournament)
    plain = json.dumps([tournament_settings(tournament), sorted(limits.items())],
                       sort_keys=True, default=str)
    return hashlib.sha256(plain.encode()).hexdigest()[:16]


def edit_limits(tournament: Tournament, rounds: list[tuple[int, str]] | None = None) -> dict:
    """{setting: refusal code} for each setting that may not change now. ``rounds`` are the
    tournament's rounds as (stage order, status); read when not given (one query)."""
    if rounds is None:
        rounds = list(TournamentRound.objects.filter(tournament=tournament)
                      .values_list("stage__order", "status"))
    if tournament.status == Tournament.Status.FINISHED:
        return {name: "edit-finished" for name in EDITABLE if name not in FINISHED_KEEPS}
    fixed = {}
    if rounds:
        fixed.update(dict.fromkeys(GAMES_MADE_FROM, "edit-paired"))
        if tournament.format == Tournament.Format.ROUND_ROBIN:
            fixed["rounds"] = "edit-schedule-made"  # the schedule was made with round 1
    if any(status == TournamentRound.Status.COMPLETE for _order, status in rounds):
        fixed.update(dict.fromkeys(RANKS_RESULTS, "edit-closed-results"))
    if any(order > 1 for order, _status in rounds):
        fixed.update(dict.fromkeys(("rounds", "knockout_size"), "edit-knockout-started"))
    return fixed


def _stages_follow(tournament: Tournament, changed: dict) -> None:
    """The stages made at creation follow the format, the table size and the knockout."""
    if "format" in changed:
        Stage.objects.filter(tournament=tournament, order=1).update(kind=tournament.format)
    if tournament.knockout_size:
        Stage.objects.update_or_create(
            tournament=tournament, order=2,
            defaults={"kind": Stage.Kind.KNOCKOUT, "qualifiers": tournament.knockout_size,
                      "advance": knockout_advance(tournament.table_size)})
    else:
        Stage.objects.filter(tournament=tournament, order=2).delete()


def _plain(value):
    return value.isoformat() if isinstance(value, datetime.date) else value


@transaction.atomic
def tournament_edit(*, tournament: Tournament, changes: dict, stamp: str = "",
                    actor: Actor) -> Tournament:
    """Change the settings named in ``changes`` (by EDITABLE's names; the others stay). Each
    setting the stage no longer allows to change is refused (edit_limits), as is a Swiss
    tournament planned with fewer rounds than it has paired. ``stamp`` is settings_stamp of
    what the organiser's page showed: when the settings or their limits changed since, nothing
    is written.
    Audited with each changed setting before and after; changing nothing writes nothing."""
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ValueError(f"not editable: {', '.join(unknown)}")
    rounds = list(TournamentRound.objects.filter(tournament=tournament)
                  .values_list("stage__order", "status"))
    fixed = edit_limits(tournament, rounds)
    if stamp and stamp != settings_stamp(tournament, fixed):
        raise Refused("edited-meanwhile")
    before = tournament_settings(tournament)
    changes = dict(changes)
    if "name" in changes:
        changes["name"] = changes["name"].strip()
        if not changes["name"]:
            raise Refused("tournament-name-needed")
    if "tiebreaks" in changes:
        changes["tiebreaks"] = tiebreaks_ordered(list(changes["tiebreaks"] or []))
    for name in ("target", "rounds_per_game"):
        if name in changes:
            changes[name] = changes[name] or None
    changed = {k: v for k, v in changes.items() if before[k] != v}
    if not changed:
        return tournament
    for name in EDITABLE:  # in the form's order: the first refused is the one named
        if name in changed and name in fixed:
            raise Refused(fixed[name], setting=name)
    after = {**before, **changed}
    settings_check(**{name: after[name] for name in (
        "preset", "tile_set", "pool", "target", "rounds_per_game", "table_size", "format",
        "rounds", "tiebreaks", "knockout_size")})
    played = sum(1 for order, _status in rounds if order == 1)
    if "rounds" in changed and after["format"] == Tournament.Format.SWISS \
            and after["rounds"] < played:
        raise Refused("rounds-below-paired", rounds=after["rounds"], paired=played)
    for name, value in changed.items():
        setattr(tournament, _FIELD.get(name, name), value)
    tournament.save(update_fields=[_FIELD.get(name, name) for name in changed])
    if {"format", "table_size", "knockout_size"} & set(changed):
        _stages_follow(tournament, changed)
    tournament_audit(tournament, Action.EDIT, actor,
                     before={k: _plain(before[k]) for k in changed},
                     after={k: _plain(v) for k, v in changed.items()})
    return tournament
