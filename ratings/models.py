"""Ratings cached from the finished games: each player's current one and each game's changes.

The tables kept the names they had when these models lived in clubs (no data moved).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class PlayerRating(models.Model):
    """A player's current rating and the counts the rankings show, cached from the games.

    Rewritten by ratings.services.ratings_recompute only; never edited by hand.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.IntegerField(_("rating"), db_index=True)  # the displayed number
    uncertainty = models.PositiveIntegerField(_("uncertainty"))
    provisional = models.BooleanField(_("provisional"), default=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    points = models.IntegerField(_("points"), default=0)
    last_played = models.DateTimeField(_("last played"), null=True, db_index=True)
    trend = models.IntegerField(_("trend"), default=0)  # change over the last five games

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        db_table = "clubs_playerrating"

    def __str__(self) -> str:
        return f"{self.player_id}: {self.value} ±{self.uncertainty}"

    @property
    def points_per_game(self) -> float:
        return self.points / self.games if self.games else 0.0


class GameRating(models.Model):
    """One player's rating before and after one finished game, in game-finish order."""

    game = models.ForeignKey("scoring.Game", on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_ratings")
    finished_at = models.DateTimeField()  # the game's finish time when it was rated
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    before = models.IntegerField()  # displayed numbers
    after = models.IntegerField()

    class Meta:
        db_table = "clubs_gamerating"
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="game_rating_unique")
        ]
        indexes = [
            models.Index(fields=["finished_at", "game"]),
            models.Index(fields=["player", "finished_at", "game"]),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id}, player {self.player_id}: {self.before} → {self.after}"

    @property
    def change(self) -> int:
        return self.after - self.before
