"""A player's own entry: registering and withdrawing themselves for a tournament its organiser
opened to it (``Tournament.self_registration``). The buttons are on the player's own page
(config/my_page.py) and the tournament's; both come back to where they were pressed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.permissions import Actor
from clubs.selectors import player_of

from . import services
from .messages import refusal
from .models import Registration, Tournament


def _back(request, tournament):
    wanted = request.POST.get("next", "")
    # An address of this site only (redirect() would take any other word for a view's name).
    if wanted.startswith("/") and url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return HttpResponseRedirect(wanted)
    return redirect(tournament)


def _player(request):
    player = player_of(request.user)
    if player is None:
        messages.error(request, _("Your account is not linked to a player yet: ask to be "
                                  "linked on your page first."))
    return player


@login_required
@require_POST
def register_me(request, slug):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    player = _player(request)
    if player is not None:
        try:
            services.registration_self(tournament=tournament, player=player,
                                       actor=Actor(user=request.user))
        except services.Refused as error:
            messages.error(request, refusal(error))
        else:
            messages.success(request, _("You are registered for %(name)s. An organiser checks "
                                        "you in on the day.") % {"name": tournament.name})
    return _back(request, tournament)


@login_required
@require_POST
def withdraw_me(request, slug):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    player = _player(request)
    if player is not None:
        registration = get_object_or_404(Registration, tournament=tournament, player=player)
        try:
            services.registration_self_withdraw(registration=registration,
                                                actor=Actor(user=request.user))
        except services.Refused as error:
            messages.error(request, refusal(error))
        else:
            messages.success(request, _("You are withdrawn from %(name)s.") % {
                "name": tournament.name})
    return _back(request, tournament)
