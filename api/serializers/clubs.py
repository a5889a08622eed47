"""Clubs, players, their ratings and the rankings."""

from rest_framework import serializers


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="display_name")


class SeatPlayerSerializer(PlayerRefSerializer):
    """A game's seated player; null id and name for a player who keeps their games private
    (docs/api.md, "Private games")."""

    def to_representation(self, player):
        if not player.games_public:
            return {"id": None, "name": None}
        return super().to_representation(player)


class ClubRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class ClubSerializer(ClubRefSerializer):
    city = serializers.CharField()
    default_preset = serializers.CharField()
    default_target = serializers.IntegerField()
    members = serializers.IntegerField(source="member_count")
    page = serializers.CharField(source="get_absolute_url")


class RatingFiguresSerializer(serializers.Serializer):
    """What a player's rating and a rankings row both tell besides the rating itself."""

    uncertainty = serializers.IntegerField(
        help_text="One standard deviation of the skill estimate, in rating points."
    )
    provisional = serializers.BooleanField(help_text="Still too unsure to be ranked.")
    games = serializers.IntegerField(help_text="Rated games played.")
    wins = serializers.IntegerField()
    points_per_game = serializers.FloatField(help_text="The average final score.")
    last_played = serializers.DateTimeField(allow_null=True)
    trend = serializers.IntegerField(help_text="Change over the last five games.")

    def get_fields(self):
        # What the row is (its rank, its player, the rating) reads first, the figures after.
        fields = super().get_fields()
        figures = RatingFiguresSerializer._declared_fields
        return {**{name: f for name, f in fields.items() if name not in figures},
                **{name: fields[name] for name in figures}}


class RatingSerializer(RatingFiguresSerializer):
    value = serializers.IntegerField(help_text="The rating shown: 1000 + 30 × (μ − 3σ).")
    points = serializers.IntegerField(help_text="The sum of the final scores.")


class PlayerSerializer(PlayerRefSerializer):
    country = serializers.CharField()
    home_club = ClubRefSerializer(allow_null=True)
    games_public = serializers.BooleanField(
        help_text="Whether the player's games are public; when not, their seats in games read "
                  "as null and the games list's player filter finds none of their games.")
    # null until the player's first rated game (a missing related row reads as null)
    rating = RatingSerializer(allow_null=True)
    page = serializers.CharField(source="get_absolute_url")


class RatingStepSerializer(serializers.Serializer):
    """One finished game's change of a player's rating."""

    game = serializers.IntegerField(source="game_id")
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField()
    score = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class PlayerDetailSerializer(PlayerSerializer):
    history = RatingStepSerializer(many=True, help_text="Every rated game, oldest first.")


class RankingRowSerializer(RatingFiguresSerializer):
    rank = serializers.IntegerField()
    player = PlayerRefSerializer()
    club = ClubRefSerializer(source="player.home_club", allow_null=True)
    rating = serializers.IntegerField(source="value")
