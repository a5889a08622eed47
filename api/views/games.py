"""Games: the list with filters, one game with its rounds and record, and the live state.

A game carries a version that grows with every change, so its ETag is the version: a client
holding the current one gets 304 from the cache alone (scoring.live), before any query. The live
state of a version is built once and kept in the same cache as the live page's fragment.
"""

import json

from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from scoring import live, selectors
from scoring.models import Game
from scoring.records import game_export

from ..conditional import game_etag, not_modified
from ..filters import GameFilter
from ..serializers.games import GameDetailSerializer, GameSerializer, LiveGameSerializer
from .base import ListView, ReadView

# The live page caches its fragment per version and language; the API's JSON is one more
# "language" of the same version, so it lives and expires with the page's.
_LIVE_JSON = "api-json"


class GameList(ListView):
    """Games, newest first; filter by club, status, player, tournament and start time."""

    scopes = ("scoring", "clubs", "tournaments")

    serializer_class = GameSerializer
    filterset_class = GameFilter
    queryset = selectors.games_with_seats().order_by("-started_at", "-pk")


def _version(pk: int) -> int:
    """The game's current version: from the cache the live page keeps, else one small query."""
    version = live.game_version(pk)
    if version is None:
        version = Game.objects.filter(pk=pk).values_list("version", flat=True).first()
        if version is None:
            raise NotFound(_("No such game."))
        live.game_changed(pk, version)
    return version


class GameDetail(ReadView):
    """One game: players and scores, each round's totals, and the whole record
    (triominos-record/1, as the game page's download)."""

    serializer_class = GameDetailSerializer

    def get(self, request, pk):
        etag = game_etag(pk, _version(pk), "detail")
        if (unchanged := not_modified(request, etag)) is not None:
            return unchanged
        game = selectors.games_with_seats().filter(pk=pk).first()
        if game is None:
            raise NotFound(_("No such game."))
        # A round still being played has no totals of its own yet: null, not zeros that would
        # read as a final result.
        game.round_totals = [
            {"number": r.number, "reason": r.reason, "winner_seat": r.winner_seat,
             "end_points": r.end_points if r.ended_at else None,
             "totals": r.totals if r.ended_at else None, "ended": r.ended_at is not None}
            for r in game.rounds.order_by("number")
        ]
        game.record = game_export(game)
        data = GameDetailSerializer(game).data
        response = Response(data)
        response["ETag"] = game_etag(pk, game.version, "detail")
        return response


def live_state(view: selectors.GameView) -> dict:
    """The live page's data (selectors.game_view) as plain values."""
    game, state, last = view.game, view.state, view.last_turn
    return {
        "id": game.pk, "version": game.version, "status": game.status, "phase": game.phase,
        "round": state.round_index, "pool": state.pool_size, "target": game.target,
        "seats": [{"position": row["seat"].position, "player": row["seat"].player,
                   "score": row["score"], "hand": row["hand"], "to_play": row["to_play"],
                   "winner": row["winner"]} for row in view.rows],
        "board": [{"at": list(at), "corners": list(corners)}
                  for at, corners in state.board.cells.items()],
        "last_turn": None if last is None else {
            "seat": last.seat, "tile": last.tile, "at": list(last.at) if last.at else None,
            "draws": last.draws, "points": last.points, "hexagons": last.hexagons,
            "bridge": last.bridge},
    }


def _cached_answer(request, pk: int):
    """The answer for this version straight from the cache (a 304, or the JSON kept for the
    version), or None when the cache does not know the game's version or state."""
    version = live.game_version(pk)
    if version is None:
        return None
    etag = game_etag(pk, version, "live")
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    body = live.fragment(pk, version, _LIVE_JSON)
    if body is None:
        return None
    response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    return response


class LiveGame(ReadView):
    """A game's state now: scores, hands, whose turn, the tiles on the table and the last turn.
    Poll it with If-None-Match: 304 while nothing changed."""

    serializer_class = LiveGameSerializer

    def dispatch(self, request, *args, **kwargs):
        # Every spectator polls this every few seconds, and almost every poll is answered from
        # the cache. Such an answer is given here, once the client's throttle allows it, before
        # DRF wraps the request (which costs more than the answer); anything else, a throttled
        # client included, goes the usual way.
        if request.method == "GET":
            answer = _cached_answer(request, kwargs["pk"])
            if answer is not None and all(throttle.allow_request(request, self)
                                          for throttle in self.get_throttles()):
                return answer
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(responses=LiveGameSerializer)
    def get(self, request, pk):
        if (answer := _cached_answer(request, pk)) is not None:
            return answer
        game = Game.objects.select_related("club").filter(pk=pk).first()
        if game is None:
            raise NotFound(_("No such game."))
        live.game_changed(game.pk, game.version)
        etag = game_etag(pk, game.version, "live")
        if (unchanged := not_modified(request, etag)) is not None:
            return unchanged
        data = LiveGameSerializer(live_state(selectors.game_view(game))).data
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        live.fragment_store(game.pk, game.version, _LIVE_JSON, body)
        response = HttpResponse(body, content_type="application/json")
        response["ETag"] = etag
        return response
