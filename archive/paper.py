"""Rounds known only from paper (a score sheet, or the final scores alone) in the archive.

They have no moves for the engine to replay: the file carries their rows as they are stored,
and the import takes them when they add up — each round's points on top of the totals before it,
the last totals being the game's scores — and names only seats of the game as its winners.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.engine import decided_state
from scoring.models import Game, Round

from .errors import ArchiveError
from .fields import build, dump

PAPER = (Game.Entry.SHEET, Game.Entry.FINAL)


def paper_export(game: Game) -> list[dict]:
    return [dump(r) for r in game.rounds.order_by("number") if r.on_paper]


def paper_state(entry: dict, state, where: str):
    """The decided state of a game whose last rounds came from paper, with its unsaved paper
    rounds; (state, []) for a game recorded move by move."""
    if entry.get("entry", Game.Entry.MOVES) not in PAPER:
        return state, []
    lines = entry.get("paper_rounds")
    if not isinstance(lines, list) or not lines:
        raise ArchiveError(_("%(where)s: a game entered on paper needs its paper rounds.")
                           % {"where": where})
    seats = len(state.players)
    rounds = [build(Round, line, where) for line in lines]
    totals = list(state.totals) if rounds[0].reason == Round.Reason.SHEET else [0] * seats
    for row in rounds:
        points = row.end_points
        if (not row.on_paper or row.start_totals != totals or len(points) != seats
                or row.totals != [t + p for t, p in zip(totals, points, strict=False)]):
            raise ArchiveError(_("%(where)s: the paper rounds do not add up.") % {"where": where})
        totals = row.totals
    winners = entry.get("winner_seats")
    if (not isinstance(winners, list) or not winners
            or not all(isinstance(w, int) and 0 <= w < seats for w in winners)):
        raise ArchiveError(_("%(where)s: a game entered on paper needs its winners.")
                           % {"where": where})
    decided = decided_state(state.players, state.rules, totals=totals, winners=winners,
                            last_round=rounds[-1].number)
    return decided, rounds
