"""Games as `triominos-record/1` records: export a stored game, import a record as a game."""

from __future__ import annotations

from django.db import transaction

from clubs.models import Club, Player
from scoring.engine import PRESETS, HandCount, record_state, rules_resolve

from .models import AuditEntry, Game
from .services import Actor, game_start, round_end, turn_record

FORMAT = "triominos-record/1"


def _rules_spec(game: Game) -> str | dict:
    """The preset name when the game used it unchanged, else preset plus every override."""
    stored = game.rules
    preset = rules_resolve(game.preset).to_dict()
    overrides = {k: v for k, v in stored.items() if preset.get(k) != v}
    if not overrides and game.preset in PRESETS:
        return game.preset
    return {"preset": game.preset, **overrides}


def game_export(game: Game) -> dict:
    """The record of a game: everything needed to replay it anywhere (record-format.md §3)."""
    seats = list(game.seats.select_related("player").order_by("position"))
    names = _unique_names([seat.player.display_name for seat in seats])
    rounds = []
    for round_ in game.rounds.order_by("number").prefetch_related("turns", "hands"):
        moves = []
        for turn in sorted(round_.turns.all(), key=lambda t: t.number):
            move = {"player": names[turn.seat]}
            if turn.draws:
                move["draw"] = turn.draws
            if turn.at is not None:
                move["at"] = list(turn.at)
                move["corners"] = list(turn.corners)
            moves.append(move)
        entry = {"moves": moves}
        if round_.dealt:
            entry["dealt"] = round_.dealt
        if round_.ended_at is not None:
            entry["hands"] = {
                names[hand.seat]: (
                    list(hand.tiles) if hand.tiles is not None
                    else {"count": hand.count, "points": hand.points}
                )
                for hand in round_.hands.all()
            }
        if not moves and round_.ended_at is None and round_.number and not round_.dealt:
            continue  # the next round has not started: nothing to say about it yet
        rounds.append(entry)
    return {
        "format": FORMAT,
        "rules": _rules_spec(game),
        "players": names,
        "rounds": rounds,
        "club": game.club.slug,
        "title": game.title,
    }


def _unique_names(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


@transaction.atomic
def game_import(*, club: Club, record: dict, actor: Actor) -> Game:
    """Create a game from a record, turn by turn through the same services a tablet uses.

    The whole record is replayed by the engine first, so an illegal record is refused with the
    round and turn of its first problem and nothing is written. Players are matched by display
    name within the club; unknown names become new players of the club.
    """
    record_state(record)  # raises EngineError with .round / .turn
    players = [_player_for(club, name) for name in record["players"]]
    spec = record["rules"]
    preset, overrides = (spec, {}) if isinstance(spec, str) else (
        spec.get("preset", "pressman"), {k: v for k, v in spec.items() if k != "preset"}
    )
    game = game_start(club=club, players=players, preset=preset, overrides=overrides,
                      title=record.get("title", ""), actor=actor)
    names = record["players"]
    for index, rnd in enumerate(record["rounds"]):
        if rnd.get("dealt"):
            game.rounds.filter(number=index).update(dealt=rnd["dealt"])
        for move in rnd["moves"]:
            who = move["player"]
            seat = names.index(who) if isinstance(who, str) else who
            at = move.get("at")
            turn_record(
                game_id=game.pk, seat=seat, draw=move.get("draw", 0),
                at=tuple(at) if at else None,
                corners=tuple(move["corners"]) if at else None,
                expected_version=None, actor=actor,
            )
        if "hands" in rnd:
            hands = {}
            for name, hand in rnd["hands"].items():
                seat = names.index(name) if isinstance(name, str) else name
                hands[seat] = HandCount(hand["count"], hand["points"]) if isinstance(
                    hand, dict) else list(hand)
            round_end(game_id=game.pk, hands=hands, expected_version=None, actor=actor)
    game.refresh_from_db()
    AuditEntry.objects.create(game=game, action=AuditEntry.Action.IMPORT,
                              user=actor.user if actor.user_id else None,
                              via_link=actor.via_link)
    return game


def _player_for(club: Club, name: str) -> Player:
    player = Player.objects.filter(memberships__club=club, display_name=name).first()
    if player is None:
        player = Player.objects.create(display_name=name, home_club=club)
        player.memberships.create(club=club)
    return player
