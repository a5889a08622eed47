"""Registrations in bulk (all the club's members, or a pasted list of names) and deleting a
registration made by mistake, before the player has been seated."""

from __future__ import annotations

from django.db import transaction

from clubs import names as person_names
from clubs.models import Player
from clubs.permissions import Actor
from clubs.selectors import people_named

from ..models import Registration, Table, Tournament, TournamentRound
from .audit import Action, check, tournament_audit
from .entries import registration_add
from .errors import Refused

# A pasted list longer than this is more likely a wrong paste than a tournament's field.
NAMES_MAX = 200
NAME_LENGTH_MAX = 80


def _pasted(text: str) -> list[str]:
    """One name a line; blank lines and repeats (as compared by the duplicate guard) dropped."""
    seen, out = set(), []
    for line in text.splitlines():
        name = " ".join(line.split())
        key = person_names.name_key(name)
        if name and key not in seen:
            seen.add(key)
            out.append(name)
    return out


class NamesInDoubt(Refused):
    """Pasted names close to people the club already has (or the same as two of them): nobody
    is registered until each is settled, as one of them or as a new person. ``doubts``: the
    names in the list's order, each with the people it may be."""

    def __init__(self, doubts: list[tuple[str, list[Player]]]):
        super().__init__("similar-names", count=len(doubts),
                         names="; ".join(name for name, _alike in doubts))
        self.doubts = doubts


NEW = "new"  # a settled name that is a new person, not one of those offered


def _resolve(tournament: Tournament, names: list[str], new_anyway: bool, settled: dict):
    """Each name as the club's one person of exactly that name, or a new person. A name only
    close to someone (or the same as two people) is settled by ``settled`` (its name key: one
    of the people offered, by id, or NEW) or ``new_anyway``; NamesInDoubt otherwise."""
    resolved: list[tuple[Player | None, str]] = []
    doubtful: list[tuple[str, list[Player]]] = []
    for name in names:
        same, alike = people_named(tournament.club, name)
        answer = settled.get(person_names.name_key(name))
        chosen = next((p for p in alike if p.pk == answer), None)
        if chosen is not None:
            resolved.append((chosen, name))
        elif len(same) == 1:
            resolved.append((same[0], name))
        elif alike and not new_anyway and answer != NEW:
            doubtful.append((name, alike))
        else:
            resolved.append((None, name))
    if doubtful:
        raise NamesInDoubt(doubtful)
    return resolved


@transaction.atomic
def registrations_add(
    *, tournament: Tournament, players: list[Player] = (), names: str = "",
    settled: dict | None = None, new_anyway: bool = False, checked_in: bool = False,
    actor: Actor,
) -> list[Registration]:
    """Register several players at once: existing ``players`` and a pasted list of ``names``
    (one a line). All or nothing: one refused name registers nobody; names in doubt come back
    in NamesInDoubt, to be settled (``settled``: name key -> a person's id or NEW) and sent
    again. Each registration is audited as if added alone."""
    check(actor, tournament)
    listed = _pasted(names)
    if len(listed) > NAMES_MAX:
        raise Refused("too-many-names", limit=NAMES_MAX)
    too_long = [n for n in listed if len(n) > NAME_LENGTH_MAX]
    if too_long:
        raise Refused("name-too-long", limit=NAME_LENGTH_MAX)
    if not players and not listed:
        raise Refused("nobody-listed")
    wanted = {p.pk: p for p in players}
    new_names = []
    for player, name in _resolve(tournament, listed, new_anyway, settled or {}):
        if player is None:
            new_names.append(name)
        else:
            wanted.setdefault(player.pk, player)
    done = [registration_add(tournament=tournament, player=p, checked_in=checked_in, actor=actor)
            for p in wanted.values()]
    done += [registration_add(tournament=tournament, display_name=name, new_anyway=True,
                              checked_in=checked_in, actor=actor) for name in new_names]
    return done


@transaction.atomic
def registration_delete(*, registration: Registration, actor: Actor) -> None:
    """Delete a registration made by mistake. Only before the player has been seated: once
    in a published round their games count for their table-mates (withdraw them instead);
    in a draft, discard the draft first."""
    registration = (Registration.objects.select_for_update(of=("self",))
                    .select_related("tournament", "player").get(pk=registration.pk))
    tournament = Tournament.objects.select_for_update().get(pk=registration.tournament_id)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    player_id = registration.player_id
    for number, status, seats in (Table.objects.filter(round__tournament=tournament)
                                  .values_list("round__number", "round__status", "player_ids")):
        if player_id not in seats:
            continue
        if status in (TournamentRound.Status.PAIRING, TournamentRound.Status.DRAFT):
            raise Refused("draft-exists", round=number)
        raise Refused("registration-played", name=registration.player.display_name)
    pairing = tournament.rounds.filter(status=TournamentRound.Status.PAIRING).first()
    if pairing is not None:
        raise Refused("draft-exists", round=pairing.number)  # the pairing may seat them yet
    tournament_audit(tournament, Action.UNREGISTER, actor, before={
        "player": registration.player.display_name, "player_id": player_id,
        "checked_in": registration.checked_in, "withdrawn": registration.withdrawn})
    registration.delete()
