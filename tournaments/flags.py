"""The pairing core's flags in plain, translated words for organisers and players.

The flags are typed (tournaments.pairing.flags: one dataclass per kind, stored as JSON through
its flag_to_json / flag_from_json); this module is the only place that turns them into
sentences. Kinds made by this app rather than the core: WithdrawnRemoved, EditedByHand, and
the bye reasons TABLE_EMPTIED and BY_HAND.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from .pairing import FLAG_KINDS, ByeReason, Flag, Proof, flag_from_json
from .pairing import flags as kinds

#: Codes of the flags an organiser should look at before publishing; the rest are explanations.
WARNINGS = frozenset(code for code, kind in FLAG_KINDS.items() if kind.warning)

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
    "win": gettext_lazy("Wins with byes (WIN)"),
    "won": gettext_lazy("Games won (WON)"),
    "wins": gettext_lazy("Games won (WON)"),
    "rating": gettext_lazy("Rating"),
    "lots": gettext_lazy("Lots"),
}

# The standings' column headers: a tie-break's short name, as chess standings print them, with
# the full name in the header's title and in the legend under the table. The full names side by
# side are wider than a tablet (Russian «Зонненборн — Бергер», German «Gewonnene Partien»).
TIEBREAK_SHORT = {
    "game-points": pgettext_lazy("tie-break abbreviation", "GP"),
    "spread": pgettext_lazy("tie-break abbreviation", "Spr"),
    "buchholz": pgettext_lazy("tie-break abbreviation", "BH"),
    "buchholz-cut1": pgettext_lazy("tie-break abbreviation", "BH-C1"),
    "buchholz-median": pgettext_lazy("tie-break abbreviation", "BH-M1"),
    "sonneborn-berger": pgettext_lazy("tie-break abbreviation", "SB"),
    "direct-encounter": pgettext_lazy("tie-break abbreviation", "DE"),
    "progressive": pgettext_lazy("tie-break abbreviation", "PS"),
    "win": pgettext_lazy("tie-break abbreviation", "WIN"),
    "won": pgettext_lazy("tie-break abbreviation", "WON"),
    "wins": pgettext_lazy("tie-break abbreviation", "WON"),
    "rating": pgettext_lazy("tie-break abbreviation", "Rtg"),
    "lots": pgettext_lazy("tie-break abbreviation", "Lot"),
}

_PROOF = {
    Proof.MINIMAL: gettext_lazy("no pairing avoids it"),
    Proof.UNAVOIDABLE: gettext_lazy("no pairing without repeats exists"),
    Proof.HEURISTIC: gettext_lazy("the fastest search found no better pairing"),
    Proof.BY_HAND: gettext_lazy("set by hand"),
}

_BYE_REASON = {
    ByeReason.ODD_NUMBER: gettext_lazy("an odd number of players"),
    ByeReason.REMAINDER: gettext_lazy("the players do not fill whole tables"),
    ByeReason.TOO_FEW_PLAYERS: gettext_lazy("too few players for a table"),
    ByeReason.ROUND_ROBIN: gettext_lazy("the round-robin schedule"),
    ByeReason.TABLE_EMPTIED: gettext_lazy("the rest of the table withdrew"),
    ByeReason.BY_HAND: gettext_lazy("set by hand"),
}


@dataclass
class Said:
    text: str
    warning: bool
    table: int | None


def _pair(players, names) -> str:
    a, b = players
    return _("%(a)s and %(b)s") % {"a": names.get(a, "?"), "b": names.get(b, "?")}


def _listed(players, names) -> str:
    return ", ".join(names.get(x, "?") for x in players)


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _tiebreak(code: str) -> str:
    return TIEBREAK_LABELS.get(code, code)


def describe(flag: Flag | Mapping, names: dict[int, str]) -> Said:
    """One flag (typed, or as stored) as a sentence; ``names`` maps player ids to names."""
    if isinstance(flag, Mapping):
        flag = flag_from_json(flag)
    return Said(_sentence(flag, names), flag.warning, flag.at_table())


def _sentence(flag: Flag, names: dict[int, str]) -> str:
    def name(player):
        return names.get(player, "?")

    match flag:
        case kinds.Bye():
            text = _("%(player)s sits out this round (a bye): %(reason)s.") % {
                "player": name(flag.player), "reason": _BYE_REASON.get(flag.reason, flag.reason)}
            if flag.previous_byes:
                text += " " + _("They already had a bye before.")
            return text
        case kinds.RepeatMeeting():
            text = ngettext(
                "%(pair)s meet again (they met once before, last in round %(last)s): %(proof)s.",
                "%(pair)s meet again (%(count)s meetings before, last in round %(last)s): "
                "%(proof)s.", flag.meetings) % {
                "pair": _pair(flag.players, names), "count": flag.meetings,
                "last": flag.last_round, "proof": _PROOF.get(flag.proof, flag.proof)}
            if flag.consecutive:
                text += " " + _("They also met in the previous round.")
            return text
        case kinds.SameClub():
            return _("%(pair)s are from the same club; no better pairing avoids it.") % {
                "pair": _pair(flag.players, names)}
        case kinds.ForbiddenPair():
            return _("%(pair)s were not to meet, but no pairing avoids it.") % {
                "pair": _pair(flag.players, names)}
        case kinds.ScoreFloat():
            # Translators: a player and their tournament points, as in "Anna 3".
            return _("%(player)s %(points)s") % {"player": name(flag.player),
                                                  "points": _num(flag.points)}
        case kinds.SeatBalance():
            return _("%(player)s opens again (openings: %(opened)s, games: %(games)s): "
                     "everybody else at the table opened more.") % {
                "player": name(flag.player), "opened": flag.opened, "games": flag.games}
        case kinds.RemainderTable():
            return _("A table of %(size)s, because the players do not fill whole tables of "
                     "%(table_size)s.") % {"size": flag.size, "table_size": flag.table_size}
        case kinds.WithdrawnRemoved():
            return _("Withdrawn players left this table: %(players)s.") % {
                "players": _listed(flag.players, names)}
        case kinds.EditedByHand():
            return _("Changed by hand: %(players)s.") % {"players": _listed(flag.players, names)}
        case kinds.MeetingBalance():
            text = ngettext("Over the whole schedule each pair meets %(min)s to %(max)s time.",
                            "Over the whole schedule each pair meets %(min)s to %(max)s times.",
                            flag.max) % {"min": flag.min, "max": flag.max}
            if flag.unmet_pairs:
                text += " " + ngettext("%(n)s pair never meets.", "%(n)s pairs never meet.",
                                       flag.unmet_pairs) % {"n": flag.unmet_pairs}
            return text
        case kinds.ExactDesign():
            return _("A perfect schedule: every pair meets exactly once.")
        case kinds.KnockoutBye():
            return _("%(player)s (seed %(seed)s) goes straight to knockout round %(round)s.") % {
                "player": name(flag.player), "seed": flag.seed, "round": flag.enters_round}
        case kinds.TwoPlayerTable():
            return _("Knockout round %(round)s has a two-player game at %(match)s: with this "
                     "number of players it cannot be avoided at tables of %(table_size)s.") % {
                "round": flag.round, "match": flag.match, "table_size": flag.table_size}
        case kinds.Qualified():
            return _("%(player)s qualified in place %(rank)s.") % {"player": name(flag.player),
                                                                  "rank": flag.rank}
        case kinds.QualificationCut() if flag.decided_by == "points":
            # Not level: the points themselves put the last qualifier ahead, no tie-break did.
            return _("%(last)s got the last place in the knockout with more points than "
                     "%(first)s.") % {"last": name(flag.last_in), "first": name(flag.first_out)}
        case kinds.QualificationCut():
            return _("%(last)s got the last place in the knockout ahead of %(first)s, level "
                     "on points, decided by %(by)s.") % {
                "last": name(flag.last_in), "first": name(flag.first_out),
                "by": _tiebreak(flag.decided_by)}
        case kinds.Tiebreak():  # Lots too: the tie-break that decided is "lots"
            return _("Level on points with %(above)s, placed below by %(by)s.") % {
                "above": name(flag.above), "by": _tiebreak(flag.decided_by)}
        case kinds.DirectEncounterNotApplied():
            return _("Direct encounter only partly separates %(players)s: not all of them met, "
                     "so only a player no missing game could catch up with is placed by it.") % {
                "players": _listed(flag.players, names)}
    return flag.code  # a kind this version does not know


def split(flags: Iterable[Flag | Mapping], names: dict[int, str],
          ) -> tuple[list[Said], dict[int, list[Said]]]:
    """(flags about the round, flags per table number).

    The core writes one score-float flag per player of a table with mixed points; they are
    joined into one line per table ("Points differ at this table: Anna 3, Boris 2"), which
    says the same in a sentence an organiser reads at a glance.
    """
    general, per_table = [], {}
    floats: dict[int, list[str]] = {}
    for flag in flags:
        if isinstance(flag, Mapping):
            flag = flag_from_json(flag)
        said = describe(flag, names)
        if isinstance(flag, kinds.ScoreFloat):
            floats.setdefault(said.table, []).append(said.text)
        elif said.table is None:
            general.append(said)
        else:
            per_table.setdefault(said.table, []).append(said)
    for table, parts in floats.items():
        text = _("Points differ at this table: %(players)s.") % {"players": ", ".join(parts)}
        per_table.setdefault(table, []).append(Said(text, False, table))
    return general, per_table
