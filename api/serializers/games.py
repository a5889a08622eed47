"""Games: the list, one game with its rounds and record, and a live game's state."""

from rest_framework import serializers

from .clubs import ClubRefSerializer, PlayerRefSerializer, SeatPlayerSerializer


class CountedFromOne(serializers.IntegerField):
    """A round stored from 0, as the engine counts, given from 1, as people (and the
    tournaments' rounds) count."""

    def to_representation(self, value):
        return super().to_representation(value) + 1


class SeatSerializer(serializers.Serializer):
    """A seat in the list of games: a player who keeps their games private is not named."""

    position = serializers.IntegerField(help_text="0 opens the first round.")
    player = SeatPlayerSerializer()
    score = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True)


class NamedSeatSerializer(SeatSerializer):
    """A seat of one game, asked for by its number: named, as the game's own page names
    everyone at its table (docs/api.md, "Private games")."""

    player = PlayerRefSerializer()


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField(
        source="worded_title",
        help_text="As typed, or made up by the site and worded in the reader's language; "
                  "may be empty.")
    club = ClubRefSerializer()
    status = serializers.CharField(help_text="playing, finished or abandoned")
    phase = serializers.CharField(help_text="opening, play, hands or over")
    preset = serializers.CharField()
    tile_set = serializers.CharField(
        help_text="56 (numbers 0 to 5), 76 (with mirror tiles) or 84 (numbers 0 to 6).")
    pool = serializers.CharField(help_text="shared (one pool for the table) or individual.")
    target = serializers.IntegerField(allow_null=True)
    rounds_limit = serializers.IntegerField(allow_null=True)
    round_number = CountedFromOne(help_text="The current round, counted from 1.")
    turn_count = serializers.IntegerField()
    version = serializers.IntegerField(help_text="Grows with every change to the game.")
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = SeatSerializer(many=True)
    page = serializers.CharField(source="get_absolute_url")


class RoundTotalsSerializer(serializers.Serializer):
    number = CountedFromOne(help_text="Counted from 1.")
    reason = serializers.CharField(help_text="out, blocked, or empty while the round goes on")
    winner_seat = serializers.IntegerField(allow_null=True)
    end_points = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True,
        help_text="Each seat's change at the round's end; null while the round goes on.")
    totals = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True,
        help_text="Each seat's game total after the round; null while the round goes on (the "
                  "running totals are the seats' scores).")
    ended = serializers.BooleanField()


class GameDetailSerializer(GameSerializer):
    seats = NamedSeatSerializer(many=True)
    rules = serializers.JSONField(help_text="The full resolved rules of the game.")
    rounds = RoundTotalsSerializer(source="round_totals", many=True)
    record = serializers.JSONField(help_text="The game as a triominos-record/1 record.")


class LiveSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="The seat in playing order, from 0.")
    player = PlayerRefSerializer()
    score = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="Tiles in hand.")
    to_play = serializers.BooleanField(help_text="It is this seat's turn.")
    winner = serializers.BooleanField(help_text="Won the game (set once it is over).")


class PlacedTileSerializer(serializers.Serializer):
    at = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    corners = serializers.ListField(child=serializers.IntegerField(), min_length=3,
                                    max_length=3)


class LastTurnSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    tile = serializers.CharField()
    at = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    draws = serializers.IntegerField()
    points = serializers.IntegerField()
    hexagons = serializers.IntegerField()
    bridge = serializers.BooleanField()


class LiveGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    phase = serializers.CharField()
    round = CountedFromOne(help_text="The current round, counted from 1.")
    pool = serializers.IntegerField(help_text="Tiles left to draw.")
    target = serializers.IntegerField(allow_null=True)
    seats = LiveSeatSerializer(many=True)
    board = PlacedTileSerializer(many=True)
    last_turn = LastTurnSerializer(allow_null=True)
