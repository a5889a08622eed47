"""GameState: the turn, round and game state machine of rules.md §2–§6."""

from __future__ import annotations

from .board import Board
from .errors import EngineError
from .phase import Phase
from .results import RoundEnd, TurnResult
from .roundend import blocked_winner, game_winners, normalise_hands, round_points
from .rules import Rules, rules_resolve
from .tiles import Tile, rotation_table, rotations, tile_from_corners, tile_parse, tile_set


def _bad_move(message: str, **params) -> EngineError:
    return EngineError("bad-move", message, params)


class GameState:
    """The state of one game: totals, the current round's table, hands and pool sizes, whose turn.

    ``rules`` is a Rules (or anything ``rules_resolve`` accepts). ``totals`` and ``rounds_played``
    resume a game at the start of a round from cached totals.
    ``dealt`` overrides the tiles dealt per player for the first round (see also ``deal``).

    Attributes (read them, do not assign): ``players``, ``rules``, ``totals`` (running, including
    the current round), ``round_index`` (0-based), ``phase`` (a ``Phase``:
    OPENING, table empty, any seat may open; PLAY; HANDS, the round ended, ``end_round`` is
    due; OVER), ``hand_sizes``,
    ``pool_size`` (every undealt tile), ``pools`` (each seat's own pool under
    ``pool: "individual"``, else None), ``board`` (``board.cells``, ``board.last``),
    ``round_turns``, ``round_reason``
    ("out"/"blocked" in "hands"), ``round_winner`` (known at once for an out, after
    ``end_round`` for a blocked round; kept when the game is over, cleared by a new round),
    ``winners`` (seats, several on a shared win), ``last_round_end`` (the last RoundEnd).
    """

    def __init__(
        self,
        players: list[str],
        rules: Rules,
        *,
        totals: list[int] | None = None,
        rounds_played: int = 0,
        dealt: int | None = None,
    ) -> None:
        players = list(players)
        rules = rules_resolve(rules)
        if not rules.min_players <= len(players) <= rules.max_players:
            raise EngineError(
                "player-count",
                f"these rules allow {rules.min_players} to {rules.max_players} players, "
                f"not {len(players)}",
                {"count": len(players), "min": rules.min_players, "max": rules.max_players},
            )
        if len(set(players)) != len(players):
            twice = next(p for p in players if players.count(p) > 1)
            raise EngineError(
                "player-duplicate", f"player {twice} is seated twice", {"player": twice}
            )
        if totals is None:
            totals = [0] * len(players)
        if len(totals) != len(players):
            raise EngineError(
                "bad-totals",
                f"{len(totals)} totals for {len(players)} players",
                {"count": len(totals), "players": len(players)},
            )
        if rules.rounds_limit is not None and rounds_played >= rules.rounds_limit:
            raise EngineError(
                "game-over",
                f"the game ended after {rules.rounds_limit} rounds",
                {"rounds": rules.rounds_limit},
            )
        self.players = players
        self.rules = rules
        self.totals = list(totals)
        self.round_index = rounds_played
        self.winners: list[int] = []
        self.last_round_end: RoundEnd | None = None
        self._tiles = tile_set(rules.max_number, rules.mirror_tiles)
        self._table = rotation_table(rules.max_number, rules.mirror_tiles)
        self._first_round = rounds_played
        self._log: list[list] = []
        # Checks that the rules' own deal fits the set, so that no later round can fail to start
        # halfway through end_round().
        self._start_round()
        if dealt is not None:
            self.deal(dealt)

    # -- round bookkeeping -------------------------------------------------------------------

    def _start_round(self) -> None:
        rules = self.rules
        self.phase = Phase.OPENING
        self.board = Board(
            vertex_placement=rules.vertex_placement,
            extended_bridge=rules.bridge_rule == "extended",
        )
        self._to_play: int | None = None
        self.round_turns = 0
        self.round_reason: str | None = None
        self.round_winner: int | None = None
        self._passes = 0
        self._reached: set[int] = set()
        self._log.append([None, [], None])
        self._set_hands(rules.dealt_for(len(self.players)))

    def _set_hands(self, dealt: int) -> None:
        players = len(self.players)
        if not isinstance(dealt, int) or isinstance(dealt, bool) or dealt < 1:
            raise EngineError("bad-dealt", f"cannot deal {dealt!r} tiles", {"dealt": dealt})
        if dealt * players > len(self._tiles):
            raise EngineError(
                "bad-dealt",
                f"cannot deal {dealt} tiles to {players} players from {len(self._tiles)}",
                {"dealt": dealt, "players": players, "tiles": len(self._tiles)},
            )
        self.hand_sizes = [dealt] * players
        self.pool_size = len(self._tiles) - dealt * players
        self.pools: list[int] | None = None
        if self.rules.pool == "individual":
            # Split as evenly as may be; earlier seats take the one more (rules.md §1).
            each, extra = divmod(self.pool_size, players)
            self.pools = [each + (seat < extra) for seat in range(players)]

    def deal(self, dealt: int) -> None:
        """Deal ``dealt`` tiles per player instead of the rules' number (before the opening)."""
        if self.phase != Phase.OPENING:
            raise EngineError(
                "bad-dealt", "the deal can change only before the opening", {"dealt": dealt}
            )
        self._set_hands(dealt)
        self._log[-1][0] = dealt

    # -- read-only views ---------------------------------------------------------------------

    def round_log(self) -> tuple[int | None, list]:
        """The current round as played so far: the tiles dealt (None: the rules' number) and its
        moves as (seat, draw, at, corners), at None for a pass; enough to replay the round
        elsewhere from its starting totals."""
        dealt, moves, _hands = self._log[-1]
        return dealt, [tuple(move) for move in moves]

    def seat_after(self, seat: int) -> int:
        """The seat that plays after ``seat`` has placed or passed, the round going on."""
        return (seat + 1) % len(self.players)

    @property
    def to_play(self) -> int | None:
        """Seat expected to play next; None in the opening (anyone may open) and after the round."""
        return self._to_play if self.phase == Phase.PLAY else None

    def pool_of(self, seat: int) -> int:
        """The tiles ``seat`` may draw from: their own pool, or the table's shared one."""
        return self.pool_size if self.pools is None else self.pools[seat]

    @property
    def draws_left(self) -> int:
        """How many tiles the player to play may still draw this turn."""
        if self.phase != Phase.PLAY:
            return 0
        limit = self.rules.max_draws
        pool = self.pool_of(self._to_play)
        return pool if limit is None else min(pool, limit)

    @property
    def finished(self) -> bool:
        """True once the game is decided."""
        return self.phase == Phase.OVER

    def _name(self, seat: int) -> str:
        return str(self.players[seat])

    # -- a turn ------------------------------------------------------------------------------

    def play(
        self,
        seat: int,
        *,
        draw: int = 0,
        at: tuple[int, int] | None = None,
        corners: tuple[int, int, int] | None = None,
    ) -> TurnResult:
        """Play one turn: draw ``draw`` tiles, then place ``corners`` on cell ``at`` or pass.

        Raises EngineError (state unchanged) when the turn is illegal.
        """
        phase = self.phase
        if phase == Phase.OVER:
            raise EngineError("game-over", "the game is over", {})
        if phase == Phase.HANDS:
            raise EngineError(
                "round-over",
                f"the round is over ({self.round_reason}); the hands must be counted",
                {"reason": self.round_reason},
            )
        players = len(self.players)
        # type() rather than isinstance(): True is an int but never a seat, a draw or a number.
        if type(seat) is not int or not 0 <= seat < players:
            raise EngineError("unknown-player", f"there is no seat {seat!r}", {"seat": repr(seat)})
        if type(draw) is not int or draw < 0:
            raise _bad_move(f"draw must be a whole number >= 0, not {draw!r}", draw=repr(draw))
        placing = at is not None or corners is not None
        if placing:
            try:
                c, r = at
                n0, n1, n2 = corners
            except (TypeError, ValueError):
                c = None
            if (
                type(c) is not int or type(r) is not int or type(n0) is not int
                or type(n1) is not int or type(n2) is not int
            ):
                raise _bad_move("a placement needs at = (c, r) and three corner numbers")
            corners = (n0, n1, n2)
        rules = self.rules
        pool = self.pool_of(seat)
        if phase == Phase.OPENING:
            if draw:
                raise EngineError(
                    "opening-draw", "the opening turn draws nothing", {"draw": draw}
                )
            if not placing:
                raise EngineError("must-place", "the opening turn must place a tile", {})
        else:
            expected = self._to_play
            if seat != expected:
                raise EngineError(
                    "out-of-turn",
                    f"{self._name(expected)} is to play, not {self._name(seat)}",
                    {
                        "player": self._name(seat), "seat": seat,
                        "expected": self._name(expected), "expected_seat": expected,
                    },
                )
            limit = rules.max_draws
            if limit is not None and draw > limit:
                raise EngineError(
                    "too-many-draws",
                    f"at most {limit} tiles may be drawn in a turn, not {draw}",
                    {"limit": limit, "draw": draw},
                )
            if draw > pool:
                raise EngineError(
                    "pool-empty",
                    f"the pool holds {pool} tiles; cannot draw {draw}",
                    {"pool": pool, "draw": draw},
                )
        if placing:
            return self._place(seat, draw, c, r, corners, phase == Phase.OPENING)
        return self._pass(seat, draw)

    def _place(self, seat: int, draw: int, c: int, r: int, corners: tuple, opening: bool):
        rules = self.rules
        if self.hand_sizes[seat] + draw == 0:
            name = self._name(seat)
            raise EngineError("empty-hand", f"{name} has no tile to place", {"player": name})
        tile, hexagons, bridge, vertex = self.board.evaluate(c, r, corners, self._table)
        points = tile[0] + tile[1] + tile[2]
        detail = {"tile": points}
        if opening:
            if tile == (0, 0, 0):
                bonus = rules.opening_000_bonus
            elif tile[0] == tile[1] == tile[2]:
                bonus = rules.opening_triple_bonus
            else:
                bonus = 0
            if bonus:
                detail["opening"] = bonus
                points += bonus
        if hexagons and rules.hexagon_bonus[hexagons - 1]:
            bonus = rules.hexagon_bonus[hexagons - 1]
            detail["hexagons"] = bonus
            points += bonus
        if bridge and rules.bridge_bonus:
            detail["bridge"] = rules.bridge_bonus
            points += rules.bridge_bonus
        if vertex:
            if vertex == 3 and rules.three_vertex_bonus:
                detail["three_vertex"] = rules.three_vertex_bonus
                points += rules.three_vertex_bonus
            if rules.vertex_placement_penalty:
                detail["vertex_placement"] = -rules.vertex_placement_penalty
                points -= rules.vertex_placement_penalty
        if draw and rules.draw_penalty:
            detail["draws"] = -rules.draw_penalty * draw
            points -= rules.draw_penalty * draw
        # Everything is checked; from here on the state changes.
        self.board.place(c, r, corners, tile)
        self._take(seat, draw)
        left = self.hand_sizes[seat] + draw - 1
        self.hand_sizes[seat] = left
        total = self.totals[seat] = self.totals[seat] + points
        self.round_turns += 1
        if rules.target is not None and total >= rules.target:
            self._reached.add(seat)
        self._passes = 0
        self._log[-1][1].append((seat, draw, (c, r), corners))
        end = None
        if left == 0:
            end = self.round_reason = "out"
            self.round_winner = seat
            self.phase = Phase.HANDS
        else:
            self.phase = Phase.PLAY
            self._to_play = self.seat_after(seat)
        return TurnResult(seat, points, detail, tile, (c, r), corners, hexagons, bridge, end)

    def _take(self, seat: int, draw: int) -> None:
        self.pool_size -= draw
        if self.pools is not None:
            self.pools[seat] -= draw

    def _pass(self, seat: int, draw: int) -> TurnResult:
        rules = self.rules
        pool = self.pool_of(seat)
        limit = rules.max_draws
        if draw != pool and draw != limit:
            left = pool if limit is None else min(pool, limit)
            raise EngineError(
                "must-draw",
                f"{self._name(seat)} may pass only after drawing {left} tiles, not {draw}",
                {"player": self._name(seat), "needed": left, "given": draw},
            )
        detail = {}
        points = 0
        if draw and rules.draw_penalty:
            points = -rules.draw_penalty * draw
            detail["draws"] = points
        # A player who found the pool empty pays the empty-pool penalty; one who drew pays the
        # failure penalty, even when the draws emptied the pool (German seed: 10 + 10).
        penalty = rules.empty_pool_pass_penalty if pool == 0 else rules.fail_penalty
        detail["pass"] = -penalty
        points -= penalty
        self._take(seat, draw)
        self.hand_sizes[seat] += draw
        total = self.totals[seat] = self.totals[seat] + points
        self.round_turns += 1
        if rules.target is not None and total >= rules.target:
            self._reached.add(seat)
        # Only a pass from an empty pool (the passer's own, with individual pools) counts
        # towards a blocked round.
        self._passes = self._passes + 1 if self.pool_of(seat) == 0 else 0
        self._log[-1][1].append((seat, draw, None, None))
        end = None
        if self._passes >= len(self.players):
            end = self.round_reason = "blocked"
            self.phase = Phase.HANDS
        else:
            self._to_play = self.seat_after(seat)
        return TurnResult(seat, points, detail, None, None, None, 0, False, end)

    # -- the end of a round ------------------------------------------------------------------

    def end_round(self, hands: dict) -> RoundEnd:
        """Score the end of the round from what is left in each hand, then deal the next round.

        ``hands`` maps seat to a list of tiles (Tile or "a-b-c") or a HandCount; a seat holding
        nothing may be omitted. Raises EngineError (state unchanged) when the hands do not add up.
        """
        if self.phase == Phase.OVER:
            raise EngineError("game-over", "the game is over", {})
        if self.phase != Phase.HANDS:
            raise EngineError(
                "round-not-over", "the round has not ended yet", {"phase": str(self.phase)}
            )
        counts, pips, stored = normalise_hands(self, hands)
        reason = self.round_reason
        if reason == "out":
            winner = self.round_winner
        else:
            winner = blocked_winner(self.rules.blocked_winner, counts, pips)
        points = round_points(self.rules, reason, winner, pips)
        for seat, change in enumerate(points):
            self.totals[seat] += change
        target = self.rules.target
        if target is not None:
            self._reached.update(s for s, t in enumerate(self.totals) if t >= target)
        limit = self.rules.rounds_limit
        over = bool(self._reached) or (limit is not None and self.round_index + 1 >= limit)
        self._log[-1][2] = stored
        end = RoundEnd(reason, winner, points, pips, over)
        self.last_round_end = end
        if over:
            self.phase = Phase.OVER
            self.round_winner = winner
            self.winners = game_winners(self.rules.game_winner, self.totals, winner, self._reached)
        else:
            self.round_index += 1
            self._start_round()
        return end

    # -- questions about the table -----------------------------------------------------------

    def _tile(self, tile) -> Tile:
        if isinstance(tile, str):
            tile = tile_parse(tile)
        else:
            try:
                tile = tile_from_corners(tile)
            except (TypeError, ValueError):
                raise EngineError(
                    "bad-tile", f"{tile!r} is not a tile", {"text": repr(tile)}
                ) from None
        if tile not in self._tiles:
            raise EngineError(
                "no-such-tile", f"tile {tile} is not in the set", {"corners": list(tile)}
            )
        return tile

    def fits(self, tile) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
        """Every legal (cell, corners) for ``tile`` on the current table, sorted.

        An empty table gives [] (the opening may go anywhere); so does a tile already on the table.
        Raises no-such-tile for a tile outside the set.
        """
        tile = self._tile(tile)
        if tile in self.board.played:
            return []
        return self.board.fits(rotations(tile))

    def unplayed_tiles(self) -> list[Tile]:
        """Tiles of the set not on the table this round, sorted."""
        return sorted(self._tiles - self.board.played)

    def playable_tiles(self) -> list[Tile]:
        """Unplayed tiles with at least one legal placement (all of them before the opening)."""
        unplayed = self.unplayed_tiles()
        if not self.board.cells:
            return unplayed
        return [t for t in unplayed if self.board.fits(rotations(t))]

    def copy(self) -> GameState:
        """An independent copy of the state."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.players = list(self.players)
        other.totals = list(self.totals)
        other.winners = list(self.winners)
        other.hand_sizes = list(self.hand_sizes)
        other.pools = None if self.pools is None else list(self.pools)
        other.board = self.board.copy()
        other._reached = set(self._reached)
        other._log = [[d, list(m), h] for d, m, h in self._log]
        return other
