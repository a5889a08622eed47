"""A person's own account: signing up (and confirming the address where the site sends
e-mail), changing its e-mail address, asking to be linked to their player in a club; and the
organiser's page where those requests are confirmed or refused. Logging in, out and resetting
a password are Django's own views (config/urls.py), throttled by django-axes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import accounts, claims, email_change, selectors, signup
from .forms import ClaimForm, EmailChangeForm, SignUpForm
from .messages import refusal
from .models import Club, PlayerClaim
from .permissions import Actor, Do, require

# A new account logs in through the site's own backend, not the throttle in front of it.
_BACKEND = "django.contrib.auth.backends.ModelBackend"


def sign_up(request):
    if request.user.is_authenticated:
        return redirect("my-page")
    wanted = signup.confirmation_wanted()
    form = SignUpForm(request.POST or None, email_required=wanted)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = signup.account_sign_up(
                username=data["username"], email=data["email"], password=data["password1"],
                site_url=request.build_absolute_uri("/"))
        except signup.SignUpRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            if wanted:
                return render(request, "registration/signup_sent.html",
                              {"email": data["email"]})
            login(request, user, backend=_BACKEND)
            messages.success(request, _("Welcome! Your account “%(name)s” is ready. Now ask to "
                                        "be linked to your player in your club.") % {
                "name": user.get_username()})
            return redirect("claim")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "confirm": wanted},
                  status=status)


def sign_up_confirm(request, uidb64, token):
    try:
        user = signup.account_confirm(uidb64=uidb64, token=token)
    except signup.SignUpRefused as refusal:
        return render(request, "registration/signup_invalid.html", {"reason": str(refusal)},
                      status=400)
    login(request, user, backend=_BACKEND)
    messages.success(request, _("Your e-mail address is confirmed. Now ask to be linked to your "
                                "player in your club."))
    return redirect("claim")


@login_required
def claim(request):
    """Choose the club, then say which of its members one is; the request then waits for an
    organiser of that club."""
    if selectors.player_of(request.user) is not None:
        messages.info(request, _("Your account is linked to your player already."))
        return redirect("my-page")
    latest = selectors.claim_latest(request.user)
    waiting = latest if latest is not None and latest.is_waiting else None
    club = None
    slug = request.GET.get("club") or request.POST.get("club", "")
    if slug and waiting is None:
        club = Club.objects.filter(slug=slug).first()
    form = None
    status = 200
    if club is not None:
        form = ClaimForm(request.POST or None, players=selectors.claimable_players(club))
        if request.method == "POST":
            if form.is_valid():
                try:
                    claims.claim_ask(user=request.user, club=club,
                                     player=form.cleaned_data["player"])
                except claims.ClaimRefused as refusal:
                    messages.error(request, str(refusal))
                    status = 400
                else:
                    messages.success(request, _(
                        "Asked. An organiser of %(club)s will confirm that you are %(player)s.") % {
                        "club": club.name, "player": form.cleaned_data["player"].display_name})
                    return redirect("my-page")
            else:
                messages.error(request, _("Choose who you are among the members."))
                status = 400
    elif request.method == "POST":
        messages.error(request, _("Choose your club first."))
        status = 400
    return render(request, "registration/claim.html", {
        "waiting": waiting, "latest": latest, "club": club, "form": form,
        "clubs": Club.objects.order_by("name", "pk") if club is None else [],
    }, status=status)


@login_required
@require_POST
def claim_withdraw(request, pk):
    claim = get_object_or_404(PlayerClaim, pk=pk, user=request.user)
    try:
        claims.claim_withdraw(claim=claim, user=request.user)
    except claims.ClaimRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("Your request is withdrawn."))
    return redirect("claim")


@login_required
@require_POST
def preferences(request):
    """The person's own choice of e-mail, from their page, in the language of that page."""
    wanted = request.POST.get("round_mail") == "1"
    if wanted and not request.user.email:
        messages.error(request, _("Your account has no e-mail address, so nothing can be "
                                  "sent to it."))
        return redirect("my-page")
    accounts.preferences_set(user=request.user, round_mail=wanted,
                             language=get_language())
    messages.success(request, _("You will be e-mailed your table when a round is published.")
                     if wanted else _("You will not be e-mailed when a round is published."))
    return redirect("my-page")


# Where the form shows each refusal of the change; the others are about the address.
_EMAIL_CHANGE_FIELDS = {"wrong-password": "password", "email-not-sent": None}


@login_required
def change_email(request):
    """The new address and the password (the form is on the person's page too); a refusal
    shows the form again with what was typed, save the password."""
    form = EmailChangeForm(request.POST or None)
    confirm = email_change.confirmation_wanted()
    if request.method == "POST" and form.is_valid():
        new_email = form.cleaned_data["email"]
        try:
            at_once = email_change.email_change_ask(
                user=request.user, new_email=new_email,
                password=form.cleaned_data["password"],
                site_url=request.build_absolute_uri("/"))
        except email_change.EmailChangeRefused as refused:
            form.add_error(_EMAIL_CHANGE_FIELDS.get(refused.code, "email"), refusal(refused))
        else:
            if at_once:
                messages.success(request, _("Your e-mail address is %(email)s now.") % {
                    "email": new_email})
            else:
                messages.success(request, _(
                    "We sent a link to %(email)s. Your address changes when you open it "
                    "(within three days).") % {"email": new_email})
            return redirect("my-page")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/email_change.html",
                  {"form": form, "confirm": confirm}, status=status)


def change_email_confirm(request, uidb64, emailb64, token):
    """The link sent to the new address: open it (logged in or not) and the address changes."""
    try:
        user = email_change.email_change_confirm(uidb64=uidb64, emailb64=emailb64, token=token)
    except email_change.EmailChangeRefused as refused:
        return render(request, "registration/email_change_invalid.html",
                      {"reason": refusal(refused)}, status=400)
    messages.success(request, _("Your e-mail address is %(email)s now.") % {
        "email": user.email})
    if request.user.is_authenticated and request.user.pk == user.pk:
        return redirect("my-page")
    return redirect(reverse("login") + "?next=" + reverse("my-page"))


def _organised(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Do.ORGANISE_CLUB, club)
    return club


def club_claims(request, slug):
    """The organiser's list of the requests waiting to be linked to a member of the club."""
    club = _organised(request, slug)
    return render(request, "clubs/claims.html", {
        "club": club, "claims": list(selectors.claims_waiting(club))})


@require_POST
def claim_decide(request, slug, pk):
    club = _organised(request, slug)
    claim = get_object_or_404(PlayerClaim.objects.select_related("player", "user"), pk=pk,
                              club=club)
    confirm = request.POST.get("decision") == "confirm"
    names = {"user": claim.user.get_username(), "player": claim.player.display_name}
    try:
        claims.claim_decide(claim=claim, confirm=confirm, actor=Actor(user=request.user))
    except claims.ClaimRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, (_("“%(user)s” is %(player)s now.") if confirm else
                                   _("The request of “%(user)s” to be %(player)s is refused."))
                         % names)
    return redirect(reverse("clubs:claims", args=[club.slug]))
