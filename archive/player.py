"""A player's own data as one JSON file ("download my data", docs/ratings.md): their games with
each seat, their ratings game by game and now, their tournament entries, and every audit entry
that names them (the club's, the games' and the tournaments' logs keep a named player's id as
``player_id`` in the values before and after). Read-only; a fixed number of queries."""

from __future__ import annotations

from django.db.models import Prefetch, Q
from django.utils import timezone

from clubs.models import ClubAuditEntry, Player
from ratings.models import GameRating
from scoring.models import AuditEntry, Game, Seat
from tournaments.models import Registration, TournamentAuditEntry

FORMAT = "triominos-player/1"


def _when(value):
    return value.isoformat() if value else None


def _seat_player(seat: Seat, player: Player) -> dict:
    # An opponent who keeps their games private is not named in someone else's file.
    other = seat.player
    shown = other.pk == player.pk or other.games_public
    return {"position": seat.position, "player": other.display_name if shown else None,
            "player_id": other.pk if shown else None, "score": seat.score, "place": seat.place,
            "you": other.pk == player.pk}


def _audit(model, player: Player, subject: str) -> list[dict]:
    named = Q(before__player_id=player.pk) | Q(after__player_id=player.pk)
    return [
        {"log": subject, "action": entry.action, "at": _when(entry.at),
         "by": entry.username, "club": entry.club_name,
         "about": getattr(entry, entry.subject_field), "reason": entry.reason,
         "before": entry.before, "after": entry.after}
        for entry in model.objects.filter(named).order_by("at", "pk")
    ]


def player_data(player: Player) -> dict:
    seats = Seat.objects.select_related("player").order_by("position")
    games = (Game.objects.filter(seats__player=player).select_related("club")
             .prefetch_related(Prefetch("seats", queryset=seats)).order_by("started_at", "pk"))
    rating = getattr(player, "rating", None)
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "player": {
            "id": player.pk, "uuid": str(player.uuid), "name": player.display_name,
            "country": player.country, "games_public": player.games_public,
            "home_club": player.home_club.name if player.home_club_id else None,
            "clubs": [{"club": m.club.name, "role": m.role, "joined": m.joined_at.isoformat()}
                      for m in player.memberships.select_related("club").order_by("club__name")],
        },
        "rating": None if rating is None else {
            "value": rating.value, "uncertainty": rating.uncertainty,
            "provisional": rating.provisional, "games": rating.games, "wins": rating.wins,
            "last_played": _when(rating.last_played)},
        "ratings": [
            {"game": r.game_id, "finished_at": _when(r.finished_at), "before": r.before,
             "after": r.after, "place": r.place, "score": r.score}
            for r in GameRating.objects.filter(player=player).order_by("finished_at", "game_id")
        ],
        "games": [
            {"id": g.pk, "title": g.worded_title(), "club": g.club.name, "status": g.status,
             "started_at": _when(g.started_at), "finished_at": _when(g.finished_at),
             "seats": [_seat_player(s, player) for s in g.seats.all()]}
            for g in games
        ],
        "tournaments": [
            {"tournament": r.tournament.name, "starts_on": _when(r.tournament.starts_on),
             "checked_in": r.checked_in, "withdrawn": r.withdrawn}
            for r in Registration.objects.filter(player=player).select_related("tournament")
            .order_by("tournament__starts_on", "pk")
        ],
        "audit": sorted(
            _audit(ClubAuditEntry, player, "club") + _audit(AuditEntry, player, "game")
            + _audit(TournamentAuditEntry, player, "tournament"),
            key=lambda entry: entry["at"]),
    }
