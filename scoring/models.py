"""Recorded games. Turns are the truth; every score column is the engine's replay, cached."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import AuditRecord, Club, Player, holds

from .engine import Phase as EnginePhase
from .presets import POOLS, TILE_SETS, preset_name, tile_set_of
from .titles import title_render


def new_table_token() -> str:
    return secrets.token_urlsafe(18)


_PHASE_WORDS = {
    EnginePhase.OPENING: _("waiting for the opening"),
    EnginePhase.PLAY: _("in play"),
    EnginePhase.HANDS: _("waiting for the hands"),
    EnginePhase.OVER: _("over"),
}


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("in progress")
        FINISHED = "finished", pgettext_lazy("game status", "finished")
        ABANDONED = "abandoned", pgettext_lazy("game status", "abandoned")

    # The engine's phases, each with the words a page shows; a phase added to the engine
    # without words here fails at import.
    Phase = models.TextChoices("Phase", [
        (phase.name, (phase.value, _PHASE_WORDS[phase])) for phase in EnginePhase])

    class Entry(models.TextChoices):
        MOVES = "moves", _("recorded move by move")
        SHEET = "sheet", _("entered from a score sheet")
        FINAL = "final", _("final scores only")

    class Lock(models.TextChoices):
        # Whether the result may change. A tournament closes the games of a complete round
        # and opens one again for a correction (tournaments/services); scoring keeps the word.
        OPEN = "open", pgettext_lazy("game result", "open")
        CLOSED = "closed", pgettext_lazy("game result", "closed")
        # Open for one correction: closed again by the first write that leaves the game over.
        REOPENED = "reopened", pgettext_lazy("game result", "reopened for a correction")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.PROTECT,
                             related_name="games")
    title = models.CharField(_("title"), max_length=120, blank=True)
    # A title the site made up, as its kind and values (scoring/titles.py words it in the
    # reader's language); used only while ``title`` is empty.
    title_parts = models.JSONField(_("generated title"), default=dict, blank=True)
    preset = models.CharField(_("rules preset"), max_length=20)
    rules = models.JSONField(_("rules"), help_text=_("The full resolved parameter set."))
    target = models.PositiveIntegerField(_("target"), null=True, blank=True)
    rounds_limit = models.PositiveSmallIntegerField(
        pgettext_lazy("game rounds", "rounds"), null=True, blank=True
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    # How the result came: turns on a tablet (or an imported record), or numbers from paper.
    # A game finished on paper after some rounds on the tablet is a "sheet" game.
    entry = models.CharField(
        _("entered"), max_length=8, choices=Entry.choices, default=Entry.MOVES
    )
    # The table link: whoever holds it may record this game. Null = revoked.
    table_token = models.CharField(  # noqa: DJ001 - null, not "", so revoked links stay unique
        _("table link key"), max_length=40, unique=True, null=True, default=new_table_token
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("created by"),
    )
    # Every write of the game's content is refused while it is closed (services.game_locked).
    result_lock = models.CharField(_("result"), max_length=8, choices=Lock.choices,
                                   default=Lock.OPEN)
    started_at = models.DateTimeField(pgettext_lazy("game field", "started"), auto_now_add=True)
    finished_at = models.DateTimeField(pgettext_lazy("game field", "finished"), null=True,
                                       blank=True)

    # Every change (turn, undo, correction, round end) bumps the version. A tablet sends the
    # version it saw, so a stale tablet is told of the conflict instead of overwriting.
    version = models.PositiveIntegerField(_("version"), default=0)

    # Cached from the engine's replay.
    phase = models.CharField(_("phase"), max_length=8, choices=Phase.choices,
                             default=Phase.OPENING)
    round_number = models.PositiveSmallIntegerField(pgettext_lazy("game", "round number"),
                                                    default=0)
    to_play = models.PositiveSmallIntegerField(_("seat to play"), null=True, blank=True)
    pool_size = models.PositiveSmallIntegerField(_("tiles in the pool"), default=0)
    turn_count = models.PositiveIntegerField(_("turns recorded"), default=0)
    winner_seats = models.JSONField(_("winners' seats"), default=list, blank=True)

    class Meta:
        ordering = ["-started_at", "-pk"]
        indexes = [models.Index(fields=["status", "-started_at"])]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.worded_title() or _("Game %(id)s") % {"id": self.pk}

    def get_absolute_url(self) -> str:
        return reverse("scoring:game-detail", args=[self.pk])

    def worded_title(self) -> str:
        """The typed title, else the made-up one in the active language; "" when neither."""
        if self.title or not self.title_parts:
            return self.title
        return title_render(self.title_parts)[:120]

    @property
    def state_display(self) -> str:
        """What the game is doing, said once: while it is played its phase ("in play",
        "waiting for the hands"), else its status ("finished", "abandoned")."""
        if self.status == self.Status.PLAYING and self.phase != self.Phase.OVER:
            return self.get_phase_display()
        return self.get_status_display()

    @property
    def preset_name(self) -> str:
        """The rules' name in the reader's language (a preset the site does not know: its code)."""
        return preset_name(self.preset)

    @property
    def tile_set(self) -> str:
        """The set the game is played with: "56", "76" (mirror tiles) or "84" (0 to 6)."""
        return tile_set_of(self.rules)

    @property
    def pool(self) -> str:
        """"shared" (one pool for the table) or "individual" (one each)."""
        return "individual" if self.rules.get("pool") == "individual" else "shared"

    @property
    def tile_set_name(self) -> str:
        """The set as people read it: "84 tiles, numbers 0 to 6"."""
        return str(TILE_SETS[self.tile_set][0])

    @property
    def pool_name(self) -> str:
        return str(POOLS[self.pool])

    # Not the usual 56 tiles and one pool: the pages that enter or show a result say so.
    has_larger_set = property(lambda game: game.tile_set != "56")
    has_own_pools = property(lambda game: game.pool == "individual")

    # What templates ask of a game's status and entry, so none compares literal codes.
    is_playing = holds("status", Status.PLAYING)
    is_finished = holds("status", Status.FINISHED)
    is_abandoned = holds("status", Status.ABANDONED)
    is_closed = holds("result_lock", Lock.CLOSED)
    is_reopened = holds("result_lock", Lock.REOPENED)
    # Recorded turn by turn (on a tablet, or an imported record), or only its final scores.
    by_moves = holds("entry", Entry.MOVES)
    final_scores_only = holds("entry", Entry.FINAL)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats",
                               verbose_name=_("player"))
    score = models.IntegerField(_("score"), default=0)
    hand_size = models.PositiveSmallIntegerField(_("tiles in hand"), default=0)
    place = models.PositiveSmallIntegerField(pgettext_lazy("finishing place", "place"), null=True,
                                             blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.player} ({self.position + 1})"


class Round(models.Model):
    class Reason(models.TextChoices):
        OUT = "out", _("went out")
        BLOCKED = "blocked", _("blocked")
        # Rounds known only from paper: no turns, ``end_points`` holds the whole round's points.
        SHEET = "sheet", _("from the score sheet")
        FINAL = "final", _("final scores only")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    dealt = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=8, choices=Reason.choices, blank=True)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    start_totals = models.JSONField(default=list, blank=True)  # game totals when it began
    end_points = models.JSONField(default=list, blank=True)  # round-end change per seat
    totals = models.JSONField(default=list, blank=True)  # running game totals, kept current
    ended_at = models.DateTimeField(null=True, blank=True)  # set when the hands are entered

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.number + 1}"

    @property
    def on_paper(self) -> bool:
        return self.reason in (self.Reason.SHEET, self.Reason.FINAL)


class Turn(models.Model):
    """One turn of the append-only log. Undo deletes the last one; corrections rewrite in place
    and leave an AuditEntry."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    draws = models.PositiveSmallIntegerField(default=0)
    cell_c = models.SmallIntegerField(null=True, blank=True)
    cell_r = models.SmallIntegerField(null=True, blank=True)
    corners = models.JSONField(null=True, blank=True)
    # Cached from the engine.
    tile = models.CharField(max_length=8, blank=True)
    points = models.IntegerField(default=0)
    detail = models.JSONField(default=dict)
    hexagons = models.PositiveSmallIntegerField(default=0)
    bridge = models.BooleanField(default=False)
    # Who and when.
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    via_link = models.BooleanField(default=False)
    entered_at = models.DateTimeField(auto_now_add=True)
    # A tablet's own id for the submission, so a retried request is recorded once.
    client_key = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="turn_unique_number"),
        ]
        indexes = [models.Index(fields=["client_key"])]

    def __str__(self) -> str:
        return f"{self.round}/{self.number + 1}"

    @property
    def at(self) -> tuple[int, int] | None:
        return None if self.cell_c is None else (self.cell_c, self.cell_r)

    @property
    def is_pass(self) -> bool:
        return self.cell_c is None


class RoundHand(models.Model):
    """What was left in one hand at the end of a round: named tiles, or a count and pip sum."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands")
    seat = models.PositiveSmallIntegerField()
    tiles = models.JSONField(null=True, blank=True)  # ["1-2-3", ...] when tiles were named
    count = models.PositiveSmallIntegerField()
    points = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="hand_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.round} seat {self.seat}: {self.count} tiles, {self.points} points"


class RevokedLink(models.Model):
    """A table link that no longer opens its game (revoked, or replaced by a new one), kept so
    that whoever still holds it is told so instead of a bare refusal. It grants nothing."""

    token = models.CharField(_("table link key"), max_length=40, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revoked_links",
                             verbose_name=_("game"))
    revoked_at = models.DateTimeField(_("revoked at"), auto_now_add=True)

    class Meta:
        verbose_name = _("revoked table link")
        verbose_name_plural = _("revoked table links")

    def __str__(self) -> str:
        return f"{self.game_id}: {self.revoked_at:%Y-%m-%d %H:%M}"


class AuditEntry(AuditRecord):
    """One write to a game: who (user or table link), what, and the values before and after.
    Kept when the game is deleted: the game's id, title and club stay as plain values."""

    class Action(models.TextChoices):
        # Words said of the game itself take the "audit action" context: in Russian they
        # agree with «партия».
        START = "start", pgettext_lazy("audit action", "started")
        # Its play, turn by turn.
        TURN = "turn", _("turn")
        UNDO = "undo", _("undo")
        CORRECT = "correct", _("correction")
        ROUND_END = "round-end", _("round ended")
        # Stopped, and taken up again.
        ABANDON = "abandon", pgettext_lazy("audit action", "abandoned")
        REOPEN = "reopen", pgettext_lazy("audit action", "reopened")
        # Entered from paper or from a record file, and deleted.
        SHEET = "sheet", _("score sheet entered")
        FINAL = "final", _("final scores entered")
        RECORD = "record", _("record attached")
        IMPORT = "import", pgettext_lazy("audit action", "imported")
        DELETE = "delete", pgettext_lazy("audit action", "deleted")
        # The table link the tablet can be opened with.
        LINK_REVOKED = "link-revoked", _("table link revoked")
        LINK_RENEWED = "link-renewed", _("table link renewed")
        # The result closed (its tournament round complete), and opened for one correction.
        CLOSE = "close", _("result closed")
        RESULT_OPEN = "result-open", _("result reopened for a correction")

    # The base's field, with this log's actions as its choices (the admin shows their words).
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="audit", verbose_name=_("game"))
    game_ref = models.PositiveIntegerField(_("game number"), db_index=True)
    game_title = models.CharField(_("game title"), max_length=120, blank=True)
    round_number = models.PositiveSmallIntegerField(pgettext_lazy("game", "round number"),
                                                    null=True, blank=True)
    turn_number = models.PositiveSmallIntegerField(_("turn number"), null=True, blank=True)

    subject_field = "game_ref"

    class Meta(AuditRecord.Meta):
        ordering = ["game_ref", "at", "pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
