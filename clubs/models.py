"""Clubs, the players who belong to them, and each member's role in a club."""

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


def holds(field: str, *values: str) -> property:
    """A read-only property: whether ``field`` holds one of ``values``. Models offer these so
    that templates and callers ask a question (``game.is_finished``) instead of comparing
    literal codes."""
    return property(lambda row: getattr(row, field) in values)


class Portable(models.Model):
    """A row that travels in exports to other sites: ids are only this database's, so it also
    has a UUID that says which club or player it is anywhere."""

    created_at = models.DateTimeField(_("creation time"), auto_now_add=True)
    uuid = models.UUIDField(_("UUID"), default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        abstract = True


class Club(Portable):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    # A preset's code: the engine knows the presets and the scoring app names them
    # (scoring/presets.py), so forms and the admin take the choices from there.
    default_preset = models.CharField(_("default rules"), max_length=20, default="club")
    default_target = models.PositiveIntegerField(_("default target"), default=200)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        # Granted per club by a member's role (clubs/backends.py), or for every club by the admin.
        permissions = [
            ("organise_club", _("Can manage the club's members, referees and tournaments")),
            ("referee_club", _("Can record the club's games")),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club-detail", args=[self.slug])


class Player(Portable):
    display_name = models.CharField(_("name"), max_length=80)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    home_club = models.ForeignKey(
        Club, verbose_name=_("home club"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="home_players",
    )
    country = models.CharField(
        _("country"), max_length=2, blank=True, help_text=_("ISO code, e.g. RU")
    )
    # The player's own choice (or an organiser's for them): whether their games are listed
    # under their name for everyone (docs/ratings.md, "Private games"). Their rating stays public.
    games_public = models.BooleanField(
        _("games public"), default=True,
        help_text=_("Whether everyone may see this player's games on their page, in the game "
                    "lists and in the API."),
    )

    class Meta:
        ordering = ["display_name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        # Players are listed by name (the API's list, the club's page): read in index order.
        indexes = [models.Index(fields=["display_name"], name="player_name")]

    def __str__(self) -> str:
        return self.display_name

    # A player's page is the ratings app's: config/settings.py gives Player its
    # get_absolute_url (ABSOLUTE_URL_OVERRIDES), so clubs names no address above it.


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("member")
        REFEREE = "referee", _("referee")
        ORGANISER = "organiser", _("organiser")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships",
                             verbose_name=_("club"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships",
                               verbose_name=_("player"))
    role = models.CharField(_("role"), max_length=12, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateField(_("joined"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_unique_per_club")
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.player} @ {self.club} ({self.get_role_display()})"

    # A referee or organiser, not only a member.
    is_official = holds("role", Role.REFEREE, Role.ORGANISER)


class AuditRecord(models.Model):
    """What every audit entry keeps: who (a user, a table link, or the site itself), what it
    was done to, and the values before and after. Entries outlive what they describe: the links
    are set to null on deletion and the names are kept as text."""

    action = models.CharField(_("action"), max_length=20)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("user"),
    )
    username = models.CharField(_("user name"), max_length=150, blank=True)
    via_link = models.BooleanField(_("through the table link"), default=False)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("club"),
    )
    club_name = models.CharField(_("club name"), max_length=120, blank=True)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    #: The field that names what the entry is about, kept after that is deleted.
    subject_field = "club_name"

    class Meta:
        abstract = True
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        # In words and local time, as the admin's lists show them (it titles entries so).
        action = self.get_action_display() if hasattr(self, "get_action_display") else self.action
        when = timezone.localtime(self.at).strftime("%Y-%m-%d %H:%M")
        return f"{getattr(self, self.subject_field)}: {action}, {when}"


class ClubAuditEntry(AuditRecord):
    """A change to a club's members or their roles, or a guest brought to its games."""

    class Action(models.TextChoices):
        MEMBER_ADD = "member-add", _("member added")
        MEMBER_ROLE = "member-role", _("role changed")
        MEMBER_REMOVE = "member-remove", _("member removed")
        GUEST_ADD = "guest-add", _("guest added")
        IMPORT = "import", _("imported from a club archive")
        ACCOUNT_LINK = "account-link", _("account linked")
        ACCOUNT_UNLINK = "account-unlink", _("account unlinked")
        ACCOUNT_PASSWORD_LINK = "account-password", _("link to set the password sent")
        SIGN_UP = "sign-up", _("account created")
        SIGN_UP_CONFIRM = "sign-up-confirm", _("account's e-mail confirmed")
        CLAIM_ASK = "claim-ask", _("link to a player asked")
        CLAIM_WITHDRAW = "claim-withdraw", _("link to a player no longer asked")
        CLAIM_CONFIRM = "claim-confirm", _("link to a player confirmed")
        CLAIM_REFUSE = "claim-refuse", _("link to a player refused")
        PLAYER_PRIVACY = "player-privacy", _("games made public or private")
        PREFERENCES = "preferences", _("e-mail settings changed")
        EMAIL_CHANGE_ASK = "email-change-ask", _("link to change the e-mail address sent")
        EMAIL_CHANGE = "email-change", _("e-mail address changed")

    # The base's field, with this log's actions as its choices (the admin shows their words).
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)

    class Meta(AuditRecord.Meta):
        verbose_name = _("club audit entry")
        verbose_name_plural = _("club audit entries")


class PlayerClaim(models.Model):
    """A person's request, from their own account, to be linked to their player in a club; an
    organiser of that club confirms it (the account is then the player's) or refuses it.

    A player is never claimed twice: the database allows one confirmed claim per player and per
    account, and one waiting claim per account. Unlinking the account (an organiser, on the
    club's page) ends the confirmed claim, so that the player may be claimed again."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for an organiser")
        CONFIRMED = "confirmed", pgettext_lazy("claim", "confirmed")
        REFUSED = "refused", pgettext_lazy("claim", "refused")
        WITHDRAWN = "withdrawn", _("withdrawn by the asker")
        UNLINKED = "unlinked", pgettext_lazy("claim", "unlinked later")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="player_claims", verbose_name=_("user account"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims",
                               verbose_name=_("player"))
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="claims",
                             verbose_name=_("club"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.WAITING)
    asked_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("decided by"))

    class Meta:
        ordering = ["asked_at", "pk"]
        verbose_name = _("request to be linked to a player")
        verbose_name_plural = _("requests to be linked to a player")
        constraints = [
            models.UniqueConstraint(fields=["player"], condition=models.Q(status="confirmed"),
                                    name="claim_player_confirmed_once"),
            models.UniqueConstraint(fields=["user"], condition=models.Q(status="confirmed"),
                                    name="claim_account_confirmed_once"),
            models.UniqueConstraint(fields=["user"], condition=models.Q(status="waiting"),
                                    name="claim_account_waiting_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.player} @ {self.club} ({self.get_status_display()})"

    is_waiting = holds("status", Status.WAITING)
    is_refused = holds("status", Status.REFUSED)


class Preferences(models.Model):
    """What a person chose for their own account: whether they are e-mailed their table when
    a round of one of their tournaments is published, in the language they chose it in."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="preferences", verbose_name=_("user account"))
    round_mail = models.BooleanField(_("e-mail my table when a round is published"),
                                     default=False)
    language = models.CharField(_("language"), max_length=10, blank=True)

    class Meta:
        verbose_name = _("account's preferences")
        verbose_name_plural = _("accounts' preferences")

    def __str__(self) -> str:
        return str(self.user)


class ScheduledRun(models.Model):
    """When a task Celery beat sends (the reconciliation) last ran to its end: the health page
    says from it whether beat and a worker are doing their rounds."""

    task = models.CharField(_("task"), max_length=100, unique=True)
    finished_at = models.DateTimeField(_("last finished"))

    class Meta:
        verbose_name = _("scheduled task run")
        verbose_name_plural = _("scheduled task runs")

    def __str__(self) -> str:
        return f"{self.task}: {self.finished_at:%Y-%m-%d %H:%M:%S}"
