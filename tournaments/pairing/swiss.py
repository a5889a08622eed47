"""Swiss-system pairing for tables of 2, 3 or 4.

:func:`pair_swiss` ranks the field (points, rating, id), hands tables of two
to the matching in :mod:`.swiss_pairs` and tables of 3–4 to the heuristic in
:mod:`.swiss_tables`, then seats every table and explains the result with
flags.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from .flags import (
    Bye,
    Flag,
    ForbiddenPair,
    RemainderTable,
    RepeatMeeting,
    SameClub,
    ScoreFloat,
    SeatBalance,
)
from .model import History, PlayerEntry, RoundDraft, SwissOptions, Table, table_sizes
from .swiss_context import SwissContext
from .swiss_pairs import pair_two
from .swiss_tables import pair_tables


def pair_swiss(
    players: Sequence[PlayerEntry],
    history: History = (),
    table_size: int = 2,
    options: SwissOptions | None = None,
) -> RoundDraft:
    """Pair the next Swiss round.

    ``players`` are the players to seat this round (withdrawn players are
    simply left out); ``history`` lists the past rounds, each a list of
    tables given as tuples of player ids in seating order. Returns the
    tables top-down, the byes and the flags explaining the draft.
    """
    options = options or SwissOptions()
    ctx = SwissContext(players, history, table_size, options)
    n = len(ctx.ids)
    proof = "minimal"  # the matching's repeat count is exactly minimal
    if table_size == 2:
        pairs, bye_idx = pair_two(ctx)
        tables = [list(p) for p in pairs]
        reason = "odd-number"
    else:
        sizes, bye_count = table_sizes(n, table_size, options.remainder)
        bye_idx = _choose_byes(ctx, bye_count) if sizes else list(range(n))
        resting = set(bye_idx)
        order = [i for i in range(n) if i not in resting]
        tables, proof = pair_tables(ctx, order, sizes) if sizes else ([], "minimal")
        reason = "remainder" if sizes else "too-few-players"
    draft_tables: list[Table] = []
    flags: list[Flag] = []
    for b in sorted(bye_idx, key=lambda i: -i):
        flags.append(_bye_flag(ctx, b, reason))
    for number, members in enumerate(tables, start=1):
        if table_size == 2:  # already (White, Black) by the colour rules
            seats, over = members, ctx.over_share(members[0], 2)
        else:
            seats, over = ctx.seat_order(members)
        draft_tables.append(Table(tuple(ctx.ids[i] for i in seats)))
        flags.extend(_table_flags(ctx, number, seats, over, proof))
    return RoundDraft(
        tables=draft_tables,
        byes=[ctx.ids[i] for i in sorted(bye_idx, key=lambda i: -i)],
        flags=flags,
    )


def _choose_byes(ctx: SwissContext, count: int) -> list[int]:
    """Byes for tables of 3–4: fewest earlier byes first, then lowest ranked."""
    order = sorted(range(len(ctx.ids)), key=lambda i: (ctx.players[i].byes, -i))
    return order[:count]


def _bye_flag(ctx: SwissContext, i: int, reason: str) -> Flag:
    player = ctx.players[i]
    return Bye(player=player.id, reason=reason, rank=i + 1, points=player.points,
               previous_byes=player.byes)


def _table_flags(
    ctx: SwissContext, number: int, seats: list[int], over: int, proof: str
) -> list[Flag]:
    flags: list[Flag] = []
    size = len(seats)
    if size != ctx.table_size:
        flags.append(
            RemainderTable(table=number, size=size, table_size=ctx.table_size)
        )
    meetings = ctx.meetings
    for i, j in combinations(sorted(seats), 2):
        a, b = ctx.ids[i], ctx.ids[j]
        pair = (min(a, b), max(a, b))
        if ctx.is_forbidden(i, j):
            flags.append(ForbiddenPair(players=pair, table=number))
        count = meetings.count(a, b)
        if count:
            last = meetings.last_round(a, b)
            flags.append(
                RepeatMeeting(players=pair, table=number, meetings=count, last_round=last,
                              consecutive=last == meetings.rounds, proof=proof)
            )
        if ctx.same_club(i, j):
            flags.append(
                SameClub(players=pair, club=ctx.players[i].club, table=number)
            )
    points = Counter(ctx.points[i] for i in seats)
    if len(points) > 1:
        for i in sorted(seats):
            mine = ctx.points[i]
            up = any(ctx.points[k] > mine for k in seats)
            down = any(ctx.points[k] < mine for k in seats)
            direction = "both" if up and down else ("up" if up else "down")
            flags.append(
                ScoreFloat(player=ctx.ids[i], points=ctx.players[i].points, table=number,
                           direction=direction)
            )
    if over:
        opener = seats[0]
        flags.append(
            SeatBalance(player=ctx.ids[opener], table=number, opened=ctx.opened[opener],
                        games=ctx.games[opener])
        )
    return flags
