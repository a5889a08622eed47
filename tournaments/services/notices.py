"""The e-mail a player may ask for (their account's preferences): their table the moment a
round of one of their tournaments is published. Sent by a task after the publishing commits
(tournaments.round_mail), each player at most once per round (RoundNotice)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from clubs.mail import MailNotSent, mail_send
from clubs.models import Player

from .. import selectors
from ..models import RoundNotice, TournamentRound

log = logging.getLogger(__name__)


def round_mail(*, round_id: int, site_url: str = "") -> dict[str, int]:
    """E-mail each player seated in the published round who asked for it (and whose account
    has an address) their table. Safe to run again: a player already told is skipped, and one
    whose message the server refused is tried again the next time. Counts of sent and
    failed messages."""
    rnd = (TournamentRound.objects.select_related("tournament", "tournament__club")
           .filter(pk=round_id).first())
    if rnd is None or not rnd.is_public:
        return {"sent": 0, "failed": 0}
    tables = list(rnd.tables.all())
    seated = {p for t in tables for p in t.player_ids}
    told = set(RoundNotice.objects.filter(round=rnd).values_list("player_id", flat=True))
    players = (Player.objects.filter(pk__in=seated - told, user__preferences__round_mail=True,
                                     user__is_active=True)
               .exclude(user__email="").select_related("user", "user__preferences"))
    names = dict(Player.objects.filter(pk__in=seated).values_list("pk", "display_name"))
    sent = failed = 0
    for player in players:
        table = next(t for t in tables if player.pk in t.player_ids)
        try:
            with transaction.atomic():
                # Claimed first: a second run at the same moment waits here, then skips.
                RoundNotice.objects.create(round=rnd, player=player)
                _send(rnd, table, player, names, site_url)
        except IntegrityError:
            continue
        except MailNotSent:
            failed += 1  # the claim is rolled back: the next run tries again
            continue
        sent += 1
    return {"sent": sent, "failed": failed}


def _send(rnd, table, player, names, site_url: str) -> None:
    mates = [names.get(p, "?") for p in table.player_ids if p != player.pk]
    line = selectors.PlayerTable(rnd.tournament, rnd, table, tuple(mates))
    with translation.override(player.user.preferences.language or settings.LANGUAGE_CODE):
        mail_send(to=player.user.email, template="tournaments/round_mail", context={
            "player": player, "tournament": rnd.tournament, "round": rnd, "table": line,
            "url": site_url.rstrip("/") + reverse("my-page") if site_url else ""})
