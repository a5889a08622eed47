"""People new to the club, seated straight from the start-a-game form: a new member, or a
guest who plays (and is rated) without joining the club.

A guest is a player whose home is the club but who has no membership: the club's pages know
them (the duplicate guard finds them next time, the seat picker lists them) while the club's
ranking, which is of its members, leaves them out. docs/recording.md says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import selectors
from .audit import club_audit
from .models import Club, ClubAuditEntry, Player
from .permissions import Actor, Do, require
from .services import SimilarPlayers, member_join, player_new


@dataclass(frozen=True)
class Newcomer:
    """A name typed for a seat. ``new_anyway``: the similar people offered were declined."""

    name: str
    guest: bool = False
    new_anyway: bool = False


class SeatsInDoubt(Exception):
    """Typed names close to people the club already has, by seat (an index into the list
    asked about): the referee chooses one of them or confirms a new person. Nothing written."""

    def __init__(self, doubts: dict[int, SimilarPlayers]):
        super().__init__(f"similar names at seats {sorted(doubts)}")
        self.doubts = doubts


class SeatsElsewhere(Exception):
    """Players who are neither members nor guests of the club: a club's games seat its own
    people (a visitor is seated as a guest by name). Nothing written."""

    def __init__(self, players: list[Player]):
        super().__init__(f"not of the club: {[p.pk for p in players]}")
        self.players = players


def seats_check(*, club: Club, players: list[Player]) -> None:
    """SeatsElsewhere unless every player is one of the club's people (selectors.club_people:
    a member, or a guest the club is home to): a referee of one club cannot seat another
    club's players in a game of theirs. Reads only."""
    known = set(selectors.club_people(club).filter(pk__in=[p.pk for p in players])
                .values_list("pk", flat=True))
    outsiders = [p for p in players if p.pk not in known]
    if outsiders:
        raise SeatsElsewhere(outsiders)


def newcomers_resolve(*, club: Club, wanted: list[Player | Newcomer]) -> list[Player | Newcomer]:
    """Each typed name as the club's one person of exactly that name, or left a Newcomer.
    A name only close to someone (or the same as two people) is refused with SeatsInDoubt
    unless its newcomer says ``new_anyway``. Reads only."""
    resolved: list[Player | Newcomer] = []
    doubts: dict[int, SimilarPlayers] = {}
    for index, person in enumerate(wanted):
        if isinstance(person, Newcomer) and not person.new_anyway:
            same, alike = selectors.people_named(club, person.name)
            if len(same) == 1:
                person = same[0]
            elif alike:
                doubts[index] = SimilarPlayers(person.name, alike)
        resolved.append(person)
    if doubts:
        raise SeatsInDoubt(doubts)
    return resolved


def newcomer_add(*, club: Club, newcomer: Newcomer, actor: Actor) -> Player:
    """Create the person (checked against the club's people by ``newcomers_resolve`` first):
    a member of the club, or a guest; either is written in the club's audit. A referee may do
    it: bringing a newcomer to the table is part of starting a game. Call inside the caller's
    transaction, so that a game refused later creates nobody."""
    require(actor, Do.START_GAME, club)
    player = player_new(club=club, display_name=newcomer.name, new_anyway=True)
    if newcomer.guest:
        club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.GUEST_ADD,
                   after={"player": player.display_name, "player_id": player.pk})
    else:
        member_join(club=club, player=player, actor=actor)
    return player
