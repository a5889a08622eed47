"""A signed-in person's own page: their player (or the request to be linked to one), the games
they are seated at while they are played, their tournaments with registration and check-in,
and — the moment a round is published — their table in it, kept current by push
(static/js/push.js: the part follows its tournaments' topics and fetches ``my_tables`` again,
a fragment cached for that person under the data versions). A site page: it shows every
app's data."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from clubs import email_change, push
from clubs import selectors as club_selectors
from clubs.forms import EmailChangeForm
from clubs.page_cache import own_fragment
from scoring import selectors as game_selectors
from tournaments import selectors as tournament_selectors

# What the table part shows: tournaments' rounds and tables, games' state, players' names.
TABLE_SCOPES = ("tournaments", "scoring", "clubs")


def _tables_context(player) -> dict:
    entries = tournament_selectors.player_entries(player) if player else []
    return {
        "entries": entries,
        "tables": tournament_selectors.player_tables(player, entries) if player else [],
        # Registered in a tournament open or running: its next round may seat them.
        "table_topics": " ".join(push.tournament_topic(r.tournament_id) for r in entries),
        "games": list(game_selectors.player_games_playing(player)) if player else [],
    }


@login_required
def my_page(request):
    player = club_selectors.player_of(request.user)
    context = {"player": player, **_tables_context(player), "email_form": EmailChangeForm(),
               "email_confirm": email_change.confirmation_wanted()}
    if player is None:
        context["claim"] = club_selectors.claim_latest(request.user)
    else:
        context["round_mail"] = club_selectors.round_mail_wanted(request.user)
        # Self-registration: the tournaments open to it, and the entries one may withdraw.
        context["open_tournaments"] = tournament_selectors.open_to_player(player)
        context["withdrawable"] = [r for r in context["entries"] if not r.withdrawn
                                   and r.tournament.self_registration and r.tournament.is_open]
    return render(request, "my_page.html", context)


@login_required
@own_fragment(*TABLE_SCOPES)
def my_tables(request):
    """The table part alone, fetched again after a nudge of one of its tournaments."""
    player = club_selectors.player_of(request.user)
    return render(request, "partials/my_tables.html", {"player": player,
                                                       **_tables_context(player)})
