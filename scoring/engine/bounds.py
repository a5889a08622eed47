"""How much one round can give a player, and take from one, under a set of rules.

A paper score sheet has no moves to replay, so its numbers are checked against what a legal
round can give (scoring.engine.sheet). The bounds hold for every legal round, whatever the
deal (the tablet may deal any number of tiles) and whoever placed what: they are proved from
the rules and the board's geometry below, never guessed, so a sheet copied from a real game
always passes. tests/engine/test_engine_bounds.py plays random legal games under every preset,
tile set and pool and checks that no round comes near them.

**The most a round gives one player**, by the parts of its points (rules.md §4-5):

- *pips*: a tile's numbers count once in a round, for the player who placed it, or for the
  winner it is transferred to at the round's end (going out "to_winner", a blocked round):
  at most the sum over the whole set;
- the opening bonus, once; the going-out bonus, once (a blocked round has none);
- *hexagons*: one per vertex of the board surrounded by six tiles. With n tiles on the board
  there are at most (n + 2 - sqrt(6n)) / 2 of them: a layout of n triangles without holes has
  b = n + 2 - 2I boundary edges for I such vertices, and at least sqrt(6n) of them (Harary and
  Harborth, "Extremal animals", 1976); filling a layout's holes, or splitting it into parts
  around their hexagons, only lowers the count;
- *bridges* and *three-corner* placements: each makes a hole in the layout or closes one off
  (Euler's formula: a placement sharing k edges with the layout, and touching it at corners
  that were already there, changes the layout's holes and its boundary edges in step). Writing
  k_i for the placements sharing i edges and h for the holes at the round's end:
  bridges + (two-corner placements) + 2 (three-corner placements) = h + k_3, and the
  boundary's length 3 k_0 + k_1 - k_2 - 3 k_3 + 3 is at least 3 + 3h. A placement closing a
  hexagon shares at least two edges (its ring neighbours at that corner), and one closing two
  or three shares all three. The most these allow together is found by trying every split.

**The most a round takes**: a draw penalty for every tile in the pool (a player draws at most
all of it), the failure penalty once per failed draw, the empty-pool penalty once for each
placement of another player after the pool ran out (and one more: the passes of every player
in a row end the round), the vertex-placement penalty per tile placed, and at the end the
player's own hand (counted against them going out "from_losers", or in a blocked round's
transfer, times the opponents under "differences").
"""

from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

from .rules import Rules, rules_resolve
from .tiles import tile_set


class RoundBounds(NamedTuple):
    """What one round can change a player's score by: ``least`` (<= 0) to ``most``."""

    most: int
    least: int


def round_bounds(rules, players: int) -> RoundBounds:
    """The most a round of a game under ``rules`` with ``players`` players can give one of
    them, and the most it can take (as a negative number)."""
    return _bounds(rules_resolve(rules), players)


@cache
def _bounds(rules: Rules, players: int) -> RoundBounds:
    every = tile_set(rules.max_number, rules.mirror_tiles)
    tiles, pips = len(every), sum(t.pips for t in every)
    most = (pips + max(rules.opening_triple_bonus, rules.opening_000_bonus) + rules.out_bonus
            + bonus_most(rules, tiles))
    # Any deal of at least one tile each: the pool holds at most the rest of the set.
    pool = max(0, tiles - players)
    if rules.pool == "individual":
        pool = -(-pool // players)
    # Without a draw limit a pass takes the whole pool: one failed draw a round.
    fails = min(pool, 1) if rules.max_draws is None else -(-pool // rules.max_draws)
    passes = tiles + (pool if rules.pool == "individual" else 0)
    placed = tiles - players + 1
    hand = pips
    if rules.blocked_transfer == "differences":
        hand *= players - 1
    least = -(rules.draw_penalty * pool + rules.fail_penalty * fails
              + rules.empty_pool_pass_penalty * passes
              + (rules.vertex_placement_penalty * placed if rules.vertex_placement else 0)
              + hand)
    return RoundBounds(most, least)


def hexagons_most(tiles: int) -> int:
    """The most vertices surrounded by six tiles on a board of ``tiles`` triangles:
    the largest I with 6n <= (n + 2 - 2I)^2 and 2I <= n + 2."""
    count = 0
    while 2 * (count + 1) <= tiles + 2 and 6 * tiles <= (tiles + 2 - 2 * (count + 1)) ** 2:
        count += 1
    return count


def _hexagon_value(rules: Rules, hexagons: int) -> list[int]:
    """The most the hexagon bonuses give for 0..``hexagons`` hexagons closed, one, two or
    three at a placement."""
    best = [0] * (hexagons + 1)
    for count in range(1, hexagons + 1):
        best[count] = max(best[count - k] + rules.hexagon_bonus[k - 1]
                          for k in (1, 2, 3) if k <= count)
    return best


def bonus_most(rules: Rules, tiles: int) -> int:
    """The most the hexagon, bridge and three-corner bonuses give in one round (to everyone
    together) with ``tiles`` tiles placed: see the module's note."""
    hexagons = hexagons_most(tiles)
    hexagon = _hexagon_value(rules, hexagons)
    corners = rules.three_vertex_bonus - rules.vertex_placement_penalty \
        if rules.vertex_placement else 0
    placements = tiles - 1  # after the opening
    if rules.bridge_rule == "extended":
        # A bridge may share two edges, and close hexagons too: no geometric bound is used.
        return hexagon[hexagons] + max(rules.bridge_bonus, corners, 0) * placements
    best = 0
    three = range(placements + 1) if corners > 0 else (0,)
    for k3 in range(placements + 1):
        for k2 in {0, max(0, min(hexagons - 3 * k3, placements - k3))}:
            for v3 in three:
                k1 = placements - k2 - k3 - v3
                if k1 < 0:
                    break
                holes = (3 * v3 + k1 - k2 - 3 * k3) // 3
                bridges = min(k1, holes + k3 - 2 * v3)
                if holes < 0 or bridges < 0:
                    continue
                value = (hexagon[min(hexagons, k2 + 3 * k3)] + rules.bridge_bonus * bridges
                         + corners * v3)
                best = max(best, value)
    return best


def final_bounds(rules, players: int, rounds: int | None) -> tuple[int | None, int]:
    """(most, least) of a game's final score: ``rounds`` rounds (or the rules' fixed number)
    of round_bounds each, and under a target at most the target - 1 before the last round
    (None: no bound, rules with neither). Without a number of rounds the lowest is one
    round's: the caller asks for the number of rounds below it."""
    rules = rules_resolve(rules)
    one = round_bounds(rules, players)
    rounds = rounds if rounds is not None else rules.rounds_limit
    most = None if rounds is None else rounds * one.most
    if rules.target is not None:
        most = min(most or math.inf, rules.target - 1 + one.most)
    return most, one.least * (rounds or 1)
