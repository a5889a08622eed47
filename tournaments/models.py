"""Tournaments: who plays (registrations), how (stages) and the tables of every round.

The games themselves are ordinary scoring Games, one per published table, so recording,
corrections, live pages and ratings work for tournament games exactly as for any other.
Standings are never stored: they are computed from the finished games' seats on every read
(selectors.standings), so a corrected game corrects the standings at once.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from clubs.models import AuditRecord, Club, Player, holds
from scoring.engine import rules_resolve
from scoring.models import Game
from scoring.presets import (
    pool_choices,
    preset_choices,
    preset_name,
    tile_set_choices,
    tile_set_overrides,
)

from .pairing import DEFAULT_TIEBREAKS
from .titles import table_title


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)




class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("in preparation")
        REGISTRATION = "registration", _("registration open")
        RUNNING = "running", _("running")
        FINISHED = "finished", pgettext_lazy("tournament status", "finished")

    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("round robin")

    class Points(models.TextChoices):
        PLACING = "placing", _("by placing (4-player table: 3/2/1/0)")
        WIN = "win", _("win 3, shared first 1, otherwise 0")

    class Remainder(models.TextChoices):
        BYE = "bye", _("sit out with a bye")
        SMALLER = "smaller_tables", _("play at smaller tables")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT,
                             related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    starts_on = models.DateField(_("date"))
    preset = models.CharField(_("rules"), max_length=20, choices=preset_choices, default="club")
    target = models.PositiveIntegerField(_("target per game"), null=True, blank=True)
    rounds_per_game = models.PositiveSmallIntegerField(
        _("rounds per game"), null=True, blank=True,
        help_text=_("Play a fixed number of rounds instead of up to the target."),
    )
    table_size = models.PositiveSmallIntegerField(
        _("players per table"), choices=[(2, "2"), (3, "3"), (4, "4")], default=4
    )
    # Every table's game is played with this set and pool (scoring.presets names them).
    tile_set = models.CharField(_("tiles"), max_length=2, choices=tile_set_choices, default="56")
    pool = models.CharField(_("pool"), max_length=10, choices=pool_choices, default="shared")
    format = models.CharField(
        _("format"), max_length=12, choices=Format.choices, default=Format.SWISS
    )
    planned_rounds = models.PositiveSmallIntegerField(
        pgettext_lazy("tournament rounds", "rounds"), default=4,
        help_text=_("Swiss rounds; 0 plays the whole round robin."),
    )
    points_scheme = models.CharField(
        _("tournament points"), max_length=10, choices=Points.choices, default=Points.PLACING
    )
    tiebreaks = models.JSONField(_("tie-breaks"), default=default_tiebreaks)
    avoid_same_club = models.BooleanField(_("avoid same-club meetings"), default=False)
    remainder = models.CharField(
        _("left-over players"), max_length=16, choices=Remainder.choices, default=Remainder.SMALLER
    )
    knockout_size = models.PositiveSmallIntegerField(
        _("knockout qualifiers"), default=0,
        help_text=_("How many of the top of the standings play the knockout; 0 for none."),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.DRAFT
    )
    # Players of the club register (and withdraw) themselves on their own page while
    # registration is open; the organiser's list, check-in and late entries stay theirs.
    self_registration = models.BooleanField(
        _("players register themselves"), default=False,
        help_text=_("Members of the club register and withdraw on their own page while "
                    "registration is open; you still check them in."))
    winner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("winner"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("creation time"), auto_now_add=True)
    # The new-tournament form's own key: the same form sent twice (a double tap, a retry)
    # creates one tournament (services.tournament_create).
    creation_key = models.CharField(  # noqa: DJ001 - null, not "", so keyless rows stay unique
        _("creation key"), max_length=40, unique=True, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-starts_on", "name", "pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.slug])

    # What templates ask of the status and format, so none compares literal codes.
    is_draft = holds("status", Status.DRAFT)
    is_running = holds("status", Status.RUNNING)
    is_finished = holds("status", Status.FINISHED)
    is_swiss = holds("format", Format.SWISS)
    is_open = holds("status", Status.REGISTRATION)
    has_larger_set = holds("tile_set", "76", "84")
    has_own_pools = holds("pool", "individual")

    @property
    def overrides(self) -> dict:
        """What each table's game changes from the preset."""
        out = tile_set_overrides(self.tile_set, self.pool)
        if self.target:
            out["target"] = self.target
        if self.rounds_per_game:
            # Instead of a target, as the form says: no preset's target ends a game early.
            out["rounds_limit"] = self.rounds_per_game
            out["target"] = None
        return out

    @property
    def rules_name(self) -> str:
        """The preset's name without its target: the header says what the games play to beside
        it, which the tournament may change."""
        return preset_name(self.preset)

    @property
    def game_target(self) -> int | None:
        """The target the games really play to (the preset's own unless overridden); None
        when they last a number of rounds instead."""
        if self.rounds_per_game:
            return None
        return self.target or rules_resolve(self.preset).target


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations",
                               verbose_name=_("player"))
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # The first round this player could be paired in when they came after the start.
    late_entry_round = models.PositiveSmallIntegerField(_("late entry"), null=True, blank=True)
    # The rating when registered: pairing and the "rating" tie-break must not move while the
    # tournament's own games are being rated.
    rating = models.IntegerField(_("rating"), default=0)
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        ordering = ["player__display_name", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"],
                                               name="tournament_registration_unique")]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    @property
    def active(self) -> bool:
        return self.checked_in and not self.withdrawn


class Stage(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("round robin")
        KNOCKOUT = "knockout", _("knockout")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(_("order"))
    kind = models.CharField(_("system"), max_length=12, choices=Kind.choices)
    # Knockout: the top N of the standings enter, and the top k of each table go on.
    qualifiers = models.PositiveSmallIntegerField(_("qualifiers"), default=0)
    advance = models.PositiveSmallIntegerField(_("go on from each table"), default=1)
    # Knockout: the seeds, best first (the bracket is rebuilt from them, deterministically).
    # Round robin: the pairing numbers, then `plan` holds the whole schedule made once.
    seeds = models.JSONField(_("seeds"), default=list, blank=True)
    plan = models.JSONField(_("plan"), default=list, blank=True)
    flags = models.JSONField(_("pairing notes"), default=list, blank=True)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["tournament", "order"]
        constraints = [models.UniqueConstraint(fields=["tournament", "order"],
                                               name="tournament_stage_unique_order")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.get_kind_display()}"

    is_knockout = holds("kind", Kind.KNOCKOUT)

    def rounds_left(self, tournament: "Tournament", played: int) -> list[int]:
        """The numbers of this Swiss or round robin's planned rounds not paired yet, after
        ``played`` of them (a round robin's plan is known from its first round on)."""
        if self.kind == self.Kind.ROUND_ROBIN:
            planned = len(self.plan)
        elif self.kind == self.Kind.SWISS:
            planned = tournament.planned_rounds
        else:
            return []
        return list(range(played + 1, planned + 1))


class TournamentRound(models.Model):
    """One round of a tournament: its games played at the same time (not a game's ``Round``)."""

    class Status(models.TextChoices):
        # Said of the round (in Russian the words agree with «тур»): a context of their own.
        PAIRING = "pairing", pgettext_lazy("tournament round", "being paired")
        DRAFT = "draft", pgettext_lazy("tournament round", "draft")
        PUBLISHED = "published", pgettext_lazy("tournament round", "playing")
        COMPLETE = "complete", pgettext_lazy("tournament round", "complete")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds",
                                   verbose_name=_("tournament"))
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds",
                              verbose_name=_("stage"))
    # Counted through the whole tournament.
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.PAIRING)
    # [{"code": ..., "params": {...}}]
    flags = models.JSONField(_("pairing notes"), default=list, blank=True)
    # Percent, while being paired.
    progress = models.PositiveSmallIntegerField(_("pairing progress, %"), default=0)
    # Why the pairing failed, {"kind", "code", "params"}: put into the reader's language when
    # shown (tournaments.messages.round_failure); the English message goes to the log.
    failure = models.JSONField(_("pairing failure"), null=True, blank=True)
    created_at = models.DateTimeField(_("creation time"), auto_now_add=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("tournament round")
        verbose_name_plural = _("tournament rounds")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="tournament_round_unique_number")]
        db_table = "tournaments_round"  # the table of the model's first name, kept

    def __str__(self) -> str:
        return gettext("%(tournament)s · round %(number)s") % {
            "tournament": self.tournament, "number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament.slug, self.number])

    is_pairing = holds("status", Status.PAIRING)
    is_draft = holds("status", Status.DRAFT)
    is_published = holds("status", Status.PUBLISHED)
    is_public = holds("status", Status.PUBLISHED, Status.COMPLETE)


class Table(models.Model):
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    # Player ids in seating order; the first opens.
    player_ids = models.JSONField(_("players, in seating order"), default=list)
    # One player sitting out, scored per the scheme.
    bye = models.BooleanField(_("bye"), default=False)
    # Knockout: the bracket's match id.
    match = models.CharField(_("bracket match"), max_length=12, blank=True)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_table",
        verbose_name=_("game"),
    )
    # The last time the organiser reopened this table's closed result: {"reason", "at", "by"}.
    # The round's pages show it beside the result ("corrected: …").
    correction = models.JSONField(_("correction"), default=dict, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = pgettext_lazy("tournament", "table")
        verbose_name_plural = pgettext_lazy("tournament", "tables")
        constraints = [models.UniqueConstraint(fields=["round", "number"],
                                               name="tournament_table_unique_number")]

    def __str__(self) -> str:
        # Worded as the title of the table's game.
        return table_title({"tournament": self.round.tournament.name,
                            "round": self.round.number, "table": self.number})


class TournamentAuditEntry(AuditRecord):
    """One write to a tournament, kept (with the tournament's name) after it is deleted."""

    class Action(models.TextChoices):
        # Said of the tournament (in Russian the words agree with it): a context of their own.
        CREATE = "create", pgettext_lazy("audit action", "created")
        OPEN = "open", pgettext_lazy("audit action", "opened")
        EDIT = "edit", _("settings changed")
        SELF_REGISTRATION = "self-registration", _("self-registration changed")
        REGISTER = "register", _("player registered")
        UNREGISTER = "unregister", _("registration deleted")
        CHECK_IN = "check-in", _("check-in changed")
        WITHDRAW = "withdraw", _("withdrawal changed")
        ROUND_GENERATE = "round-generate", _("round paired")
        ROUND_DISCARD = "round-discard", _("draft discarded")
        TABLE_SWAP = "table-swap", _("players swapped")
        TABLE_MOVE = "table-move", _("player moved")
        ROUND_PUBLISH = "round-publish", _("round published")
        ROUND_COMPLETE = "round-complete", _("round completed")
        ROUND_REOPEN = "round-reopen", _("round reopened")
        TABLE_REPLAY = "table-replay", _("table replayed")
        RESULT_REOPEN = "result-reopen", _("table result reopened")
        RESULT_CLOSE = "result-close", _("table result closed again")
        KNOCKOUT_START = "knockout-start", _("knockout started")
        KNOCKOUT_UNDO = "knockout-undo", _("knockout seeding undone")
        FINISH = "finish", pgettext_lazy("audit action", "finished")
        REOPEN = "reopen", _("tournament reopened")

    # The base's field, with this log's actions as its choices (the admin shows their words).
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    tournament = models.ForeignKey(Tournament, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="audit",
                                   verbose_name=_("tournament"))
    tournament_name = models.CharField(_("tournament name"), max_length=120, blank=True)
    round_number = models.PositiveSmallIntegerField(pgettext_lazy("tournament", "round number"),
                                                    null=True, blank=True)

    subject_field = "tournament_name"

    class Meta(AuditRecord.Meta):
        verbose_name = _("tournament audit entry")
        verbose_name_plural = _("tournament audit entries")


class RoundNotice(models.Model):
    """The e-mail telling a player their table in a published round, sent once: the row is
    written with the sending, and its unique pair is what makes the task safe to run again."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="notices",
                              verbose_name=_("tournament round"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=_("player"))
    sent_at = models.DateTimeField(_("sent at"), auto_now_add=True)

    class Meta:
        verbose_name = _("round e-mail")
        verbose_name_plural = _("round e-mails")
        constraints = [models.UniqueConstraint(fields=["round", "player"],
                                               name="round_notice_once")]

    def __str__(self) -> str:
        return f"{self.round} → {self.player}"
