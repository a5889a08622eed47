"""The services' and the pairing core's refusals in plain, translated words (one place, so
every view says the same). Both give a stable code and plain params; only this module turns
them into sentences."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine import EngineError
from scoring.messages import refusal as engine_refusal

from .services import Refused


def refusal(error: Refused) -> str:
    p = error.params
    code = error.code

    def named():
        return {"setting": setting_name(p.get("setting", ""))}

    texts = {
        "bad-table-size": lambda: _("Tables seat 2, 3 or 4 players."),
        "bad-format": lambda: _("Choose Swiss or round robin."),
        "bad-tiles": lambda: _("Choose the 56-, 76- or 84-tile set, and one pool for the table "
                               "or a pool each."),
        "bad-rounds": lambda: _("A Swiss tournament needs at least one round."),
        "bad-tiebreaks": lambda: _("The tie-breaks must be different from each other."),
        "bad-knockout-size": lambda: _("A knockout needs at least 2 qualifiers (or 0 for none)."),
        "slug-taken": lambda: _("Another tournament of that name was created at the same "
                                "moment; please try again."),
        "bad-target": lambda: _("The target can be at most %(limit)s.") % p,
        "target-and-rounds": lambda: _(
            "Choose either a target or a number of rounds per game, not both."),
        "similar-names": lambda: ngettext(
            "Nobody was registered yet: %(count)s name is close to someone the club already "
            "has. Say below who it is, then register them again.",
            "Nobody was registered yet: %(count)s names are close to people the club already "
            "has. Say below who each is, then register them again.", p["count"]) % p,
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
        "bad-rules": lambda: engine_refusal(
            EngineError(p["reason"], "", p.get("reason_params"))),
        "bad-knockout": lambda: _("This knockout cannot be built: %(reason)s") % {
            "reason": pairing_refusal(p["reason"], p.get("reason_params", {}))},
        "tournament-finished": lambda: _("The tournament is finished; nothing can change now."),
        "tournament-finished-reopen": lambda: _(
            "The tournament is finished, so its results are final. Reopen the tournament "
            "first (on its organiser's page), then the table's result."),
        "reason-needed": lambda: _("Say why; the reason is kept in the audit."),
        "no-game": lambda: _("Table %(table)s has no game.") % p,
        "round-open": lambda: _(
            "Round %(round)s is still being played: its games can be corrected as they "
            "are.") % p,
        "knockout-moved-on": lambda: _(
            "Knockout round %(later)s was paired from the results of round %(round)s, so "
            "they stay as they are.") % p,
        "result-closed": lambda: _(
            "The result of table %(table)s is closed: reopen it first, with a reason.") % p,
        "stage-rounds-left": lambda: ngettext(
            "Round %(rounds)s of the first stage is still to be played: confirm that it will "
            "not be.",
            "Rounds %(rounds)s of the first stage are still to be played: confirm that they "
            "will not be.", len(p["rounds"])) % {"rounds": numbers_text(p["rounds"])},
        "knockout-not-played": lambda: _(
            "The knockout has not been played: confirm that it will not be."),
        "self-registration-closed": lambda: _(
            "Only the organisers register players for this tournament."),
        "self-registration-over": lambda: _(
            "Registration has closed: the tournament has started, or its first round is "
            "being paired. Ask an organiser."),
        "self-registration-members": lambda: _(
            "Only members of %(club)s register themselves; ask an organiser to register "
            "you.") % p,
        "name-needed": lambda: _("Choose a player or type the name of a new one."),
        "not-of-the-club": lambda: _(
            "%(name)s is not a member or guest of the club; type the name to register a "
            "newcomer.") % p,
        "players-elsewhere": lambda: _(
            "Not members or guests of the club: %(players)s. Withdraw them, discard the "
            "draft and pair the round again.") % p,
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
        "tournament-name-needed": lambda: _("The tournament needs a name."),
        "edited-meanwhile": lambda: _(
            "The tournament changed while you were editing (another organiser saved its "
            "settings, or a round was paired). The page shows it as it is now: make your "
            "change again."),
        "edit-finished": lambda: _(
            "%(setting)s: the tournament is finished, so only its name and date can be "
            "corrected. Reopen the tournament to change more.") % named(),
        "edit-paired": lambda: _(
            "%(setting)s: a round has been paired and its games were made with this, so it "
            "stays as it is.") % named(),
        "edit-schedule-made": lambda: _(
            "%(setting)s: the round-robin schedule was made with the first round, so it "
            "stays as it is.") % named(),
        "edit-closed-results": lambda: _(
            "%(setting)s: a round is complete and its results are closed; this ranks them, "
            "so it stays as it is.") % named(),
        "edit-knockout-started": lambda: _(
            "%(setting)s: the knockout has started, so it stays as it is.") % named(),
        "rounds-below-paired": lambda: ngettext(
            "%(paired)s round has already been paired: the tournament cannot have fewer.",
            "%(paired)s rounds have already been paired: the tournament cannot have fewer.",
            p["paired"]) % p,
    }
    text = texts.get(code)
    return text() if text else _("That is not possible now (%(code)s).") % {"code": code}


def setting_name(code: str) -> str:
    """A tournament setting's name (services.EDITABLE's codes) as the edit page labels it."""
    from .forms import TournamentForm

    if code == "tiebreaks":
        return _("Tie-breaks")
    field = TournamentForm.base_fields.get(code)
    return str(field.label) if field is not None else code


def edit_limit_reason(code: str) -> str:
    """Why the edit page shows some settings disabled (services.edit_limits' codes)."""
    texts = {
        "edit-finished": lambda: _(
            "The tournament is finished: only its name and date can be corrected. Reopen the "
            "tournament to change more."),
        "edit-paired": lambda: _(
            "A round has been paired: the game rules, the target or rounds per game, the "
            "players per table, the tiles, the pool and the format stay as they are."),
        "edit-schedule-made": lambda: _(
            "The round-robin schedule was made with the first round: its number of rounds "
            "stays as it is."),
        "edit-closed-results": lambda: _(
            "A round is complete and its results are closed: the tournament points and the "
            "tie-breaks that rank them stay as they are."),
        "edit-knockout-started": lambda: _(
            "The knockout has started: the number of rounds and of knockout qualifiers stay "
            "as they are."),
    }
    return texts[code]()


def numbers_text(numbers) -> str:
    """Round numbers as a reader lists them: "3", "2 and 3", "2, 3 and 4"."""
    numbers = [str(n) for n in numbers]
    if len(numbers) < 2:
        return "".join(numbers)
    return _("%(most)s and %(last)s") % {"most": ", ".join(numbers[:-1]), "last": numbers[-1]}


def rounds_left_text(tournament, rounds) -> str:
    """What starting the knockout or finishing now leaves out of the first stage."""
    p = {"rounds": numbers_text(rounds)}
    if tournament.format == tournament.Format.ROUND_ROBIN:
        return ngettext("Round-robin round %(rounds)s will not be played.",
                        "Round-robin rounds %(rounds)s will not be played.", len(rounds)) % p
    return ngettext("Swiss round %(rounds)s will not be played.",
                    "Swiss rounds %(rounds)s will not be played.", len(rounds)) % p


def pairing_refusal(code: str, params: dict) -> str:
    """A sentence for a refusal of the pairing core (tournaments.pairing.PairingError)."""
    p = params

    def listed(key):
        return ", ".join(str(x) for x in p.get(key, ()))

    texts = {
        "bad-table-size": lambda: _("Tables seat 2, 3 or 4 players, not %(size)s.") % {
            "size": p.get("table_size")},
        "knockout-tables": lambda: _(
            "A knockout table seats 2 to 6 players, and the number who go on must divide it "
            "(here %(size)s at a table, %(advance)s going on).") % {
            "size": p.get("table_size"), "advance": p.get("advance")},
        "bracket-size": lambda: _(
            "The places of the bracket (%(count)s) cannot be split evenly into tables of "
            "%(size)s.") % {"count": p.get("count"), "size": p.get("arity")},
        "too-few-players": lambda: ngettext(
            "Only %(count)s player: at least %(min)s are needed.",
            "Only %(count)s players: at least %(min)s are needed.",
            p.get("count", 0)) % {"count": p.get("count"), "min": p.get("min", 2)},
        "players-twice": lambda: _("A player is listed twice."),
        "no-qualifiers": lambda: _("At least one player must qualify for the knockout."),
        "unknown-tiebreaks": lambda: _("These tie-breaks are unknown: %(tiebreaks)s.") % {
            "tiebreaks": listed("tiebreaks")},
        "no-table-points": lambda: _(
            "The points scheme gives no points for a table of %(size)s.") % {
            "size": p.get("size")},
        "unknown-matches": lambda: _("The bracket has no match %(matches)s.") % {
            "matches": listed("matches")},
        "match-not-ready": lambda: _(
            "Match %(match)s cannot be played yet: its players are not known.") % {
            "match": p.get("match")},
        "not-in-match": lambda: _(
            "Match %(match)s: the winner given is not one of its two players.") % {
            "match": p.get("match")},
        "finishing-order": lambda: _(
            "Match %(match)s: the finishing order must list exactly the players of the "
            "match.") % {"match": p.get("match")},
        "no-such-field": lambda: _(
            "There is no ready-made schedule built on %(order)s elements.") % {
            "order": p.get("order")},
        # Not a code of the core: what a round stores when its pairing failed on a defect.
        "unexpected": lambda: _("Something went wrong while pairing; discard the round and "
                                "pair it again."),
    }
    text = texts.get(code)
    return text() if text else _("The pairing refused (%(code)s).") % {"code": code}


def round_failure(rnd) -> str:
    """Why a round's pairing failed, in the reader's language; "" when it did not fail."""
    failure = rnd.failure
    if not failure:
        return ""
    if failure.get("kind") == "refused":
        return refusal(Refused(failure["code"], **failure.get("params", {})))
    return pairing_refusal(failure["code"], failure.get("params", {}))
