"""Test helper: play whole random games with real hands, the way a table would.

The helper deals from a shuffled set, keeps every player's actual tiles, and on each turn plays a
random fitting tile from the hand, drawing one tile at a time (up to the limit) when none fits.
It returns the final GameState, the record it wrote independently of the engine, and each turn's
result, so tests can compare the engine against what really happened at the table.
"""

from __future__ import annotations

import random

from scoring.engine import GameState, rules_resolve, tile_set
from scoring.engine.tiles import rotations


def play_game(seed, rules="pressman", players=3, max_rounds=3, dealt=None, max_turns=400,
              counted_hands=False, before_end=None):
    """Play up to ``max_rounds`` rounds; return (state, record, turns, ends).

    ``turns`` is a list per round of TurnResult, ``ends`` the RoundEnd of every finished round.
    With ``counted_hands`` the hands are reported as {count, points} instead of tiles.
    ``before_end(state, hands)`` is called when a round has ended, before its hands are scored.
    A round stops unfinished after ``max_turns`` turns.
    """
    from scoring.engine import HandCount

    rng = random.Random(seed)
    rules = rules_resolve(rules)
    names = [f"P{i}" for i in range(players)]
    state = GameState(names, rules)
    record = {"format": "triominos-record/1", "rules": rules.to_dict(), "players": names,
              "rounds": []}
    turns_by_round, ends = [], []
    for _ in range(max_rounds):
        if state.finished:
            break
        tiles = sorted(tile_set(rules.max_number, rules.mirror_tiles))
        rng.shuffle(tiles)
        rnd = {"moves": []}
        if dealt is not None:
            state.deal(dealt)
            rnd["dealt"] = dealt
        per = dealt if dealt is not None else rules.dealt_for(players)
        hands = [tiles[i * per:(i + 1) * per] for i in range(players)]
        pool = tiles[players * per:]
        # With individual pools each player draws from a pile of their own: the undealt tiles
        # dealt out in turn, so earlier seats get the one more.
        piles = [pool[i::players] for i in range(players)] if rules.pool == "individual" else None
        record["rounds"].append(rnd)
        turns = []
        turns_by_round.append(turns)
        seat = rng.randrange(players)
        first = rng.choice(hands[seat])
        corners = rng.choice(rotations(first))
        at = (rng.randrange(-3, 4), rng.randrange(-3, 4))
        turns.append(state.play(seat, at=at, corners=corners))
        hands[seat].remove(first)
        rnd["moves"].append({"player": names[seat], "at": list(at), "corners": list(corners)})
        while state.phase == "play" and len(turns) < max_turns:
            seat = state.to_play
            hand = hands[seat]
            drawn = 0
            choice = _choose(rng, state, hand)
            while choice is None and drawn < state.draws_left:
                hand.append((piles[seat] if piles else pool).pop())
                drawn += 1
                choice = _choose(rng, state, [hand[-1]])
            move = {"player": rng.choice([names[seat], seat])}
            if drawn:
                move["draw"] = drawn
            if choice is None:
                turns.append(state.play(seat, draw=drawn))
            else:
                tile, at, corners = choice
                turns.append(state.play(seat, draw=drawn, at=at, corners=corners))
                hand.remove(tile)
                move["at"], move["corners"] = list(at), list(corners)
            rnd["moves"].append(move)
        if state.phase != "hands":
            break
        if before_end is not None:
            before_end(state, hands)
        if counted_hands:
            given = {s: HandCount(len(h), sum(map(sum, h))) for s, h in enumerate(hands)}
            rnd["hands"] = {names[s]: {"count": c, "points": p} for s, (c, p) in given.items()}
        else:
            given = {s: list(h) for s, h in enumerate(hands) if h}
            rnd["hands"] = {names[s]: [str(t) for t in h] for s, h in given.items()}
        ends.append(state.end_round(given))
    return state, record, turns_by_round, ends


def _choose(rng, state, hand):
    options = [(tile, at, corners) for tile in hand for at, corners in state.fits(tile)]
    return rng.choice(options) if options else None
