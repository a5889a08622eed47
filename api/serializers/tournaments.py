"""Tournaments: what is announced, the published rounds' tables, standings and the bracket.
Drafts (tournaments in preparation, rounds not yet published) are never shown."""

from rest_framework import serializers

from .clubs import ClubRefSerializer, PlayerRefSerializer


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    club = ClubRefSerializer()
    starts_on = serializers.DateField()
    status = serializers.CharField(help_text="registration, running or finished")
    format = serializers.CharField()
    preset = serializers.CharField()
    target = serializers.IntegerField(allow_null=True)
    rounds_per_game = serializers.IntegerField(allow_null=True)
    table_size = serializers.IntegerField()
    tile_set = serializers.CharField(
        help_text="Every game's set: 56 (numbers 0 to 5), 76 (with mirror tiles) or 84 (0 to 6).")
    pool = serializers.CharField(help_text="shared (one pool for the table) or individual.")
    planned_rounds = serializers.IntegerField()
    points_scheme = serializers.CharField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    knockout_size = serializers.IntegerField()
    winner = PlayerRefSerializer(allow_null=True)
    page = serializers.CharField(source="get_absolute_url")


class TournamentListSerializer(TournamentSerializer):
    players = serializers.IntegerField(help_text="Registered, not withdrawn.")


class EntrySerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    withdrawn = serializers.BooleanField()


class StageSerializer(serializers.Serializer):
    order = serializers.IntegerField()
    kind = serializers.CharField(help_text="swiss, round_robin or knockout")
    qualifiers = serializers.IntegerField()


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Counted from 1 through the whole tournament.")
    stage = serializers.CharField(source="stage.kind")
    status = serializers.CharField(help_text="published (being played) or complete")
    published_at = serializers.DateTimeField(allow_null=True)
    completed_at = serializers.DateTimeField(allow_null=True)


class TournamentDetailSerializer(TournamentSerializer):
    stages = StageSerializer(source="stage_list", many=True)
    entries = EntrySerializer(many=True)
    rounds = TournamentRoundSerializer(source="public_rounds", many=True)


class TableSeatSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    score = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="table.number")
    match = serializers.CharField(source="table.match", help_text="Knockout match id, or empty.")
    bye = serializers.BooleanField(source="table.bye")
    game = serializers.IntegerField(source="table.game_id", allow_null=True)
    game_status = serializers.SerializerMethodField()
    seats = TableSeatSerializer(many=True, help_text="In seating order; the first opens.")

    def get_game_status(self, line) -> str | None:
        return line.game.status if line.game is not None else None


class TournamentRoundDetailSerializer(TournamentRoundSerializer):
    tables = TableSerializer(source="table_lines", many=True)


class Rounded(serializers.FloatField):
    """A standings figure (exact fractions in the pairing core) to two decimals, as the
    standings page shows it."""

    def to_representation(self, value):
        return round(float(value), 2)


class TiebreakValues(serializers.DictField):
    def to_representation(self, value):
        # The lots are a random draw, not a figure a client should show or compare.
        return super().to_representation({k: v for k, v in value.items() if k != "lots"})


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    withdrawn = serializers.BooleanField()
    games = serializers.IntegerField()
    points = Rounded()
    values = TiebreakValues(
        child=Rounded(),
        help_text="Each tie-break's value, by its code, to two decimals. The lots that "
                  "separate players still tied after them are not a value: `rank` shows them.")


class StandingsSerializer(serializers.Serializer):
    tiebreaks = serializers.ListField(child=serializers.CharField(),
                                      help_text="The order that decides ranks.")
    lines = StandingSerializer(many=True)


class SourceSerializer(serializers.Serializer):
    match = serializers.CharField()
    place = serializers.IntegerField()


class SlotSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True, help_text="Who plays here, once known.")
    source = SourceSerializer(allow_null=True,
                              help_text="Where the player comes from while not yet known.")


class MatchSerializer(serializers.Serializer):
    id = serializers.CharField()
    round = serializers.IntegerField()
    advance = serializers.IntegerField(help_text="How many of the table go on.")
    slots = SlotSerializer(many=True)
    order = serializers.ListField(child=serializers.CharField(),
                                  help_text="Finishing order, once played.")
    table = TableSerializer(allow_null=True)


class BracketSerializer(serializers.Serializer):
    columns = serializers.ListField(child=MatchSerializer(many=True))
    champion = serializers.CharField(allow_null=True)
