"""The pairing core's flags in plain, translated words for organisers and players.

The core gives a stable code and plain params (player ids, table numbers); this module is the
only place that turns them into sentences. Codes made by this app rather than the core:
``withdrawn-removed``, ``edited-by-hand``, and the bye reasons ``table-emptied``, ``by-hand``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

#: Flags an organiser should look at before publishing; the rest are explanations.
WARNINGS = {"repeat-meeting", "same-club", "forbidden-pair", "withdrawn-removed",
            "two-player-table"}

TIEBREAK_LABELS = {
    "points": gettext_lazy("Points"),
    "game-points": gettext_lazy("Game points"),
    "spread": gettext_lazy("Spread"),
    "buchholz": gettext_lazy("Buchholz"),
    "buchholz-cut1": gettext_lazy("Buchholz cut 1"),
    "buchholz-median": gettext_lazy("Median Buchholz"),
    "sonneborn-berger": gettext_lazy("Sonneborn–Berger"),
    "direct-encounter": gettext_lazy("Direct encounter"),
    "progressive": gettext_lazy("Progressive score"),
    # FIDE C.07's names: WIN counts rounds worth a win's points, a bye included;
    # WON counts games won at the table. "wins" is how WON was stored before.
    "win": gettext_lazy("Wins, byes included (WIN)"),
    "won": gettext_lazy("Games won (WON)"),
    "wins": gettext_lazy("Games won (WON)"),
    "rating": gettext_lazy("Rating"),
    "lots": gettext_lazy("Lots"),
}

_PROOF = {
    "minimal": gettext_lazy("no pairing avoids it"),
    "unavoidable": gettext_lazy("no pairing without repeats exists"),
    "heuristic": gettext_lazy("the fastest search found no better pairing"),
    "by-hand": gettext_lazy("set by hand"),
}

_BYE_REASON = {
    "odd-number": gettext_lazy("an odd number of players"),
    "remainder": gettext_lazy("the players do not fill whole tables"),
    "too-few-players": gettext_lazy("too few players for a table"),
    "round-robin": gettext_lazy("the round-robin schedule"),
    "table-emptied": gettext_lazy("the rest of the table withdrew"),
    "by-hand": gettext_lazy("set by hand"),
}


@dataclass
class Said:
    text: str
    warning: bool
    table: int | None


def _pair(params, names) -> str:
    a, b = params["players"]
    return _("%(a)s and %(b)s") % {"a": names.get(a, "?"), "b": names.get(b, "?")}


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def describe(flag: dict, names: dict[int, str]) -> Said:
    """One flag as a sentence; ``names`` maps player ids to names."""
    code, p = flag["code"], flag.get("params", {})

    def name(key="player"):
        return names.get(p.get(key), "?")

    if code == "bye":
        text = _("%(player)s sits out this round (a bye): %(reason)s.") % {
            "player": name(), "reason": _BYE_REASON.get(p.get("reason"), p.get("reason"))}
        if p.get("previous_byes"):
            text += " " + _("They already had a bye before.")
    elif code == "repeat-meeting":
        text = ngettext(
            "%(pair)s meet again (they met once before, last in round %(last)s): %(proof)s.",
            "%(pair)s meet again (%(count)s meetings before, last in round %(last)s): "
            "%(proof)s.", p["meetings"]) % {
            "pair": _pair(p, names), "count": p["meetings"], "last": p["last_round"],
            "proof": _PROOF.get(p.get("proof"), p.get("proof"))}
        if p.get("consecutive"):
            text += " " + _("They also met in the previous round.")
    elif code == "same-club":
        text = _("%(pair)s are from the same club; no better pairing avoids it.") % {
            "pair": _pair(p, names)}
    elif code == "forbidden-pair":
        text = _("%(pair)s were not to meet, but no pairing avoids it.") % {
            "pair": _pair(p, names)}
    elif code == "score-float":
        # Translators: a player and their tournament points, as in "Anna 3".
        text = _("%(player)s %(points)s") % {"player": name(), "points": _num(p["points"])}
    elif code == "seat-balance":
        text = _("%(player)s opens again (openings: %(opened)s, games: %(games)s): "
                 "everybody else at the table opened more.") % {
            "player": name(), "opened": p["opened"], "games": p["games"]}
    elif code == "remainder-table":
        text = _("A table of %(size)s, because the players do not fill whole tables of "
                 "%(table_size)s.") % p
    elif code == "withdrawn-removed":
        text = _("Withdrawn players left this table: %(players)s.") % {
            "players": ", ".join(names.get(x, "?") for x in p["players"])}
    elif code == "edited-by-hand":
        text = _("Changed by hand: %(players)s.") % {
            "players": ", ".join(names.get(x, "?") for x in p["players"])}
    elif code == "meeting-balance":
        text = ngettext("Over the whole schedule each pair meets %(min)s to %(max)s time.",
                        "Over the whole schedule each pair meets %(min)s to %(max)s times.",
                        p["max"]) % p
        if p.get("unmet_pairs"):
            text += " " + ngettext("%(n)s pair never meets.", "%(n)s pairs never meet.",
                                   p["unmet_pairs"]) % {"n": p["unmet_pairs"]}
    elif code == "exact-design":
        text = _("A perfect schedule: every pair meets exactly once.")
    elif code == "knockout-bye":
        text = _("%(player)s (seed %(seed)s) goes straight to knockout round %(round)s.") % {
            "player": name(), "seed": p["seed"], "round": p["enters_round"]}
    elif code == "two-player-table":
        text = _("Knockout round %(round)s has a two-player game at %(match)s: with this "
                 "number of players it cannot be avoided at tables of %(table_size)s.") % p
    elif code == "qualified":
        text = _("%(player)s qualified in place %(rank)s.") % {"player": name(),
                                                              "rank": p["rank"]}
    elif code == "qualification-cut":
        text = _("%(last)s got the last place in the knockout ahead of %(first)s, decided by "
                 "%(by)s.") % {"last": name("last_in"), "first": name("first_out"),
                              "by": TIEBREAK_LABELS.get(p["decided_by"], p["decided_by"])}
    elif code == "bracket-reset":
        text = _("%(player)s won the grand final: a deciding final is played.") % {
            "player": name("winner")}
    elif code in ("tiebreak", "lots"):
        text = _("Level on points with %(above)s, placed below by %(by)s.") % {
            "above": name("above"), "by": TIEBREAK_LABELS.get(p["decided_by"], p["decided_by"])}
    elif code == "direct-encounter-not-applied":
        text = _("Direct encounter only partly separates %(players)s: not all of them met, so "
                 "only a player no missing game could catch up with is placed by it.") % {
            "players": ", ".join(names.get(x, "?") for x in p["players"])}
    else:
        text = code
    return Said(text, code in WARNINGS, p.get("table"))


def split(flags: list[dict], names: dict[int, str]) -> tuple[list[Said], dict[int, list[Said]]]:
    """(flags about the round, flags per table number).

    The core writes one score-float flag per player of a table with mixed points; they are
    joined into one line per table ("Points differ at this table: Anna 3, Boris 2"), which
    says the same in a sentence an organiser reads at a glance.
    """
    general, per_table = [], {}
    floats: dict[int, list[str]] = {}
    for flag in flags:
        said = describe(flag, names)
        if flag["code"] == "score-float":
            floats.setdefault(said.table, []).append(said.text)
        elif said.table is None:
            general.append(said)
        else:
            per_table.setdefault(said.table, []).append(said)
    for table, parts in floats.items():
        text = _("Points differ at this table: %(players)s.") % {"players": ", ".join(parts)}
        per_table.setdefault(table, []).append(Said(text, False, table))
    return general, per_table
