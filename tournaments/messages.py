"""The services' refusals in plain, translated words (one place, so every view says the same)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .services import Refused


def refusal(error: Refused) -> str:
    p = error.params
    code = error.code
    texts = {
        "bad-table-size": lambda: _("Tables seat 2, 3 or 4 players."),
        "bad-format": lambda: _("Choose Swiss or round robin."),
        "bad-rounds": lambda: _("A Swiss tournament needs at least one round."),
        "bad-tiebreaks": lambda: _("The tie-breaks must be different from each other."),
        "bad-knockout-size": lambda: _("A knockout needs at least 2 qualifiers (or 0 for none)."),
        "slug-taken": lambda: _("Another tournament of that name was created at the same "
                                "moment; please try again."),
        "bad-target": lambda: _("The target can be at most %(limit)s.") % p,
        "target-and-rounds": lambda: _(
            "Choose either a target or a number of rounds per game, not both."),
        "similar-names": lambda: ngettext(
            "Nobody was registered: this name is close to someone the club already has "
            "(%(names)s). Correct it, or tick “create new people” to register it as a new "
            "person.",
            "Nobody was registered: these names are close to people the club already has "
            "(%(names)s). Correct them, or tick “create new people” to register them as new "
            "people.", p["count"]) % p,
        "too-many-names": lambda: ngettext(
            "At most %(limit)s name can be registered at once.",
            "At most %(limit)s names can be registered at once.", p["limit"]) % p,
        "name-too-long": lambda: ngettext(
            "A name can be at most %(limit)s character long.",
            "A name can be at most %(limit)s characters long.", p["limit"]) % p,
        "nobody-listed": lambda: _("Paste some names, or tick “every member of the club”."),
        "registration-played": lambda: _(
            "%(name)s has already been seated in a round, so the registration stays; "
            "withdraw them from the next rounds instead.") % p,
        "bad-rules": lambda: _("These game rules are not valid: %(detail)s") % p,
        "bad-knockout": lambda: _("This knockout cannot be built: %(detail)s") % p,
        "tournament-finished": lambda: _("The tournament is finished; nothing can change now."),
        "later-round": lambda: _(
            "Round %(later)s is already paired from the results of round %(round)s, so this "
            "game stays finished.") % p,
        "name-needed": lambda: _("Choose a player or type the name of a new one."),
        "late-entry-round-robin": lambda: _(
            "A round robin is scheduled in full at the start; late entries cannot join it."),
        "late-entry-knockout": lambda: _("The knockout has started; no one can join now."),
        "round-in-progress": lambda: _(
            "Round %(round)s still has games being played. Wait until they are finished "
            "or abandoned.") % p,
        "draft-exists": lambda: _(
            "Round %(round)s is still a draft: publish or discard it first.") % p,
        "stage-rounds-done": lambda: ngettext(
            "All %(rounds)s round of this stage has been played.",
            "All %(rounds)s rounds of this stage have been played.", p["rounds"]) % p,
        "knockout-done": lambda: _("The bracket has no match left to play."),
        "too-few-players": lambda: ngettext(
            "Only %(count)s player is checked in; a round needs at least 2.",
            "Only %(count)s players are checked in; a round needs at least 2.",
            p["count"]) % p,
        "not-draft": lambda: _("Round %(round)s is no longer a draft.") % p,
        "not-in-round": lambda: _("That player is not seated in this round."),
        "knockout-fixed": lambda: _(
            "In the knockout the bracket decides who meets whom; only the seats at one table "
            "can be swapped."),
        "no-such-table": lambda: _("There is no table %(table)s in this round.") % p,
        "table-full": lambda: _("Table %(table)s already has four players.") % p,
        "table-too-small": lambda: _(
            "Table %(table)s would be left with fewer than two players.") % p,
        "seated-twice": lambda: _("A player is seated twice; discard the draft and pair again."),
        "withdrawn-seated": lambda: _(
            "Withdrawn players are still seated (%(players)s). Discard the draft and pair the "
            "round again.") % p,
        "not-published": lambda: _("Round %(round)s has not been published.") % p,
        "games-playing": lambda: ngettext(
            "%(count)s game is still being played.",
            "%(count)s games are still being played.", p["count"]) % p,
        "not-abandoned": lambda: _(
            "Only an abandoned game can be played again (table %(table)s).") % p,
        "round-closed": lambda: _(
            "Round %(round)s is closed and the next round is already paired.") % p,
        "no-knockout": lambda: _("This tournament has no knockout stage."),
        "knockout-started": lambda: _("The knockout has already started."),
        "no-rounds-played": lambda: _("No round has been played yet."),
        "knockout-unfinished": lambda: _("The knockout has not been decided yet."),
    }
    text = texts.get(code)
    return text() if text else _("That is not possible now (%(code)s).") % {"code": code}
