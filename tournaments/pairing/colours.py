"""Colours at tables of 2, as FIDE's Dutch system has them (C.04.3, 2017 and 2025 alike).

The first seat opens: at a table of 2 that is White. From the history each
player's colours are known round by round, and from them a *preference*:

* **absolute** — colour difference (Whites − Blacks) above +1 or below −1,
  or the same colour in the last two games: the other colour, or the
  difference would pass ±2 / a third equal colour in a row would follow;
* **strong** — difference ±1: the colour that evens it;
* **mild** — difference 0: the other colour than last time;
* none before a player's first game.

Two players with the same preference cannot both get it: one preference is
*unmet*, a *strong* one when the weaker of the two is strong or absolute, and
an *absolute clash* when both are absolute (someone breaks the rule). These
three counts are tiers of the pairing (:mod:`.swiss_pairs`). After pairing,
:meth:`Colours.allocate` gives the colours by the Dutch rules E.1–E.5: both
preferences, else the stronger (both absolute: the wider difference), else
alternate from the last round in which the two had different colours, else
the higher-ranked player's preference, else the higher-ranked player gets
White with an odd pairing number (rating order) and Black with an even one.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import History, PlayerEntry

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
WHITE, BLACK = 1, -1


class Colours:
    """Colours and preferences of ranked players (rank index 0 = top)."""

    def __init__(self, players: Sequence[PlayerEntry], history: History) -> None:
        index = {p.id: i for i, p in enumerate(players)}
        # Per player: {round: WHITE or BLACK}, rounds 0-based.
        self.rounds: list[dict[int, int]] = [{} for _ in players]
        for number, tables in enumerate(history):
            for seats in tables:
                if len(seats) != 2:
                    continue
                for seat, colour in zip(seats, (WHITE, BLACK), strict=True):
                    if seat in index:
                        self.rounds[index[seat]][number] = colour
        self.difference = [sum(r.values()) for r in self.rounds]
        self.want: list[int] = []
        self.strength: list[int] = []
        for played, diff in zip(self.rounds, self.difference, strict=True):
            want, strength = _preference([played[k] for k in sorted(played)], diff)
            self.want.append(want)
            self.strength.append(strength)
        by_rating = sorted(range(len(players)), key=lambda i: (-players[i].rating, players[i].id))
        self.pairing_number = {i: pos + 1 for pos, i in enumerate(by_rating)}

    def clash(self, i: int, j: int) -> tuple[int, int, int]:
        """(absolute clash, unmet preference, unmet strong preference) if ``i`` meets ``j``."""
        if not self.want[i] or self.want[i] != self.want[j]:
            return 0, 0, 0
        weaker = min(self.strength[i], self.strength[j])
        return int(weaker == ABSOLUTE), 1, int(weaker >= STRONG)

    def allocate(self, i: int, j: int) -> tuple[int, int]:
        """(White, Black) for a table of ``i`` and ``j`` (rank indices), by rules E.1-E.5."""
        hi, lo = min(i, j), max(i, j)  # hi is the higher-ranked player
        want_hi, want_lo = self.want[hi], self.want[lo]
        if want_hi and want_lo and want_hi == want_lo:
            chosen = self._stronger(hi, lo)
            if chosen is None:
                chosen = self._alternate(hi, lo)
            white_hi = chosen if chosen is not None else want_hi == WHITE
        elif want_hi:
            white_hi = want_hi == WHITE
        elif want_lo:
            white_hi = want_lo == BLACK
        else:
            white_hi = self.pairing_number[hi] % 2 == 1
        return (hi, lo) if white_hi else (lo, hi)

    def _stronger(self, hi: int, lo: int) -> bool | None:
        """E.2: whether ``hi`` gets White when the stronger preference decides, else None."""
        s_hi, s_lo = self.strength[hi], self.strength[lo]
        if s_hi == s_lo == ABSOLUTE:
            d_hi, d_lo = abs(self.difference[hi]), abs(self.difference[lo])
            if d_hi == d_lo:
                return None
            winner = hi if d_hi > d_lo else lo
        elif s_hi != s_lo:
            winner = hi if s_hi > s_lo else lo
        else:
            return None
        return (winner == hi) == (self.want[winner] == WHITE)

    def _alternate(self, hi: int, lo: int) -> bool | None:
        """E.3: the most recent round both played with different colours, reversed."""
        mine, theirs = self.rounds[hi], self.rounds[lo]
        for number in sorted(set(mine) & set(theirs), reverse=True):
            if mine[number] != theirs[number]:
                return mine[number] == BLACK
        return None


def _preference(colours: list[int], difference: int) -> tuple[int, int]:
    if not colours:
        return 0, NONE
    if difference > 1:
        return BLACK, ABSOLUTE
    if difference < -1:
        return WHITE, ABSOLUTE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return -colours[-1], ABSOLUTE
    if difference:
        return -difference, STRONG
    return -colours[-1], MILD
