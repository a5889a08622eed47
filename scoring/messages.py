"""Engine refusals in plain, translated words. The engine gives a stable code and its values;
this is the only place that turns them into sentences for referees."""

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.engine import EngineError

# Corner 0 is the point of the cell: the top of ▲, the bottom of ▼ (record-format.md §1).
_CORNER_NAMES = {
    "up": (gettext_lazy("top"), gettext_lazy("bottom right"), gettext_lazy("bottom left")),
    "down": (gettext_lazy("bottom"), gettext_lazy("top left"), gettext_lazy("top right")),
}


def corner_name(at, corner: int) -> str:
    if at is None:
        return str(corner)
    orientation = "up" if (at[0] + at[1]) % 2 == 0 else "down"
    return str(_CORNER_NAMES[orientation][corner])


def refusal(error: EngineError, *, at=None, players=None) -> str:
    """A referee-facing sentence for an engine refusal."""
    p = dict(error.params)

    def name(seat):
        return players[seat] if players and seat is not None else "?"

    code = error.code
    if code == "mismatch":
        return capfirst(_("The %(corner)s corner needs a %(needed)s, not a %(given)s.") % {
            "corner": corner_name(at, p.get("corner", 0)), "needed": p.get("needed"),
            "given": p.get("given"),
        })
    simple = {
        "occupied": _("That place on the table is already taken."),
        "no-such-tile": _("There is no such tile in this set."),
        "bad-tile": _("Enter a tile as three numbers, for example 1-2-3."),
        "tile-played": _("That tile is already on the table."),
        "not-adjacent": _("The tile must share a whole edge with the tiles on the table."),
        "opening-draw": _("The opening turn draws nothing."),
        "must-place": _("The opening turn must place a tile."),
        "round-over": _("The round is over: enter the tiles left in each hand."),
        "round-not-over": _("The round has not ended yet."),
        "game-over": _("The game is over."),
        "nothing-to-undo": _("There is nothing to undo."),
        "correction-reopens": _("This correction would change the result of the finished "
                                "game: an organiser reopens the game first."),
        "empty-hand": _("This player has no tile left to place."),
        "entered-on-paper": _("This game was finished from a score sheet: enter the sheet "
                              "again, or attach the full record."),
    }
    if code in simple:
        return simple[code]
    if code == "out-of-turn":
        return _("It is %(player)s's turn.") % {"player": name(p.get("expected_seat"))}
    if code == "too-many-draws":
        return ngettext("At most %(limit)s tile may be drawn in one turn.",
                        "At most %(limit)s tiles may be drawn in one turn.", p.get("limit", 0)) % p
    if code == "pool-empty":
        return ngettext("The pool holds only %(pool)s tile.", "The pool holds only %(pool)s tiles.",
                        p.get("pool", 0)) % p
    if code == "must-draw":
        return ngettext("A player may pass only after drawing %(needed)s tile (drawn: %(given)s).",
                        "A player may pass only after drawing %(needed)s tiles (drawn: %(given)s).",
                        p.get("needed", 0)) % p
    if code == "hand-count":
        tracked = p.get("tracked", 0)
        return ngettext("%(player)s should hold %(expected)s tile, not %(given)s.",
                        "%(player)s should hold %(expected)s tiles, not %(given)s.", tracked) % {
            "player": name(p.get("seat")), "expected": tracked, "given": p.get("given"),
        }
    if code == "hand-points":
        return ngettext("%(count)s tile cannot hold a score of %(points)s (at most %(max)s).",
                        "%(count)s tiles cannot hold a score of %(points)s (at most %(max)s).",
                        p.get("count", 0)) % p
    if code == "bad-hand":
        return _("Enter each hand as tiles, or as a count and points.")
    if code == "player-count":
        return ngettext("These rules allow %(min)s to %(max)s player, not %(count)s.",
                        "These rules allow %(min)s to %(max)s players, not %(count)s.",
                        p.get("max", 0)) % p
    if code == "player-duplicate":
        return _("A player can sit only once.")
    if code == "bad-rules":
        return _("These rules are not valid (%(name)s).") % {"name": p.get("name", "?")}
    if code == "tile-duplicate":
        return _("Tile %(tile)s is listed in two hands.") % {"tile": p.get("tile", "?")}
    return _("Refused: %(reason)s") % {"reason": error.message}
