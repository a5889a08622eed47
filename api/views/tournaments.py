"""Tournaments through tournaments.selectors: never a draft, never an unpublished round."""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from tournaments import selectors
from tournaments.models import Tournament, TournamentRound

from ..serializers.tournaments import (
    BracketSerializer,
    StandingsSerializer,
    TournamentDetailSerializer,
    TournamentListSerializer,
    TournamentRoundDetailSerializer,
    TournamentRoundSerializer,
)
from .base import DetailView, ListView, ReadView, found

# What a tournament's answers show, as its pages: its own rows, its games, the players.
SCOPES = ("tournaments", "scoring", "clubs")


def announced(slug: str) -> Tournament:
    """The tournament, unless it is still in preparation (then, as when missing, 404: Http404,
    which DRF answers as JSON and the widgets as the site's 404 page)."""
    try:
        tournament = selectors.tournament(slug)
    except Tournament.DoesNotExist:
        tournament = None
    if tournament is None or tournament.status == Tournament.Status.DRAFT:
        raise Http404(_("No such tournament."))
    return tournament


def public_rounds(tournament: Tournament):
    return [r for r in selectors.rounds(tournament) if r.is_public]


class TournamentList(ListView):
    """Announced tournaments, newest first (those in preparation are not shown)."""

    scopes = SCOPES

    serializer_class = TournamentListSerializer
    queryset = selectors.tournament_list()


class TournamentDetail(DetailView):
    """One tournament: its settings, stages, entries and published rounds."""

    scopes = SCOPES

    serializer_class = TournamentDetailSerializer

    def get_object(self):
        tournament = announced(self.kwargs["slug"])
        tournament.entries = selectors.registrations(tournament)
        tournament.stage_list = list(tournament.stages.all())
        tournament.public_rounds = public_rounds(tournament)
        return tournament


class TournamentRoundList(ReadView):
    """The published rounds of a tournament."""

    scopes = SCOPES

    serializer_class = TournamentRoundSerializer
    queryset = TournamentRound.objects.none()  # for the schema: the rounds are tournament rounds

    @extend_schema(responses=TournamentRoundSerializer(many=True),
                   operation_id="tournaments_rounds_list")
    def get(self, request, slug):
        rounds = public_rounds(announced(slug))
        return Response(TournamentRoundSerializer(rounds, many=True).data)


class TournamentRoundDetail(DetailView):
    """One published round: its tables (the pairings) with scores and places once played."""

    scopes = SCOPES

    serializer_class = TournamentRoundDetailSerializer

    def get_object(self):
        tournament = announced(self.kwargs["slug"])
        rnd = found(next((r for r in public_rounds(tournament)
                          if r.number == self.kwargs["number"]), None), _("No such round."))
        rnd.table_lines = selectors.round_tables(
            rnd, selectors.names(selectors.registrations(tournament)))
        return rnd


class Standings(DetailView):
    """The live standings of the Swiss or round-robin stage, in tie-break order."""

    scopes = SCOPES

    serializer_class = StandingsSerializer

    def get_object(self):
        return selectors.standings(announced(self.kwargs["slug"]))


def _source(source, bracket) -> dict:
    return {"match": source.match, "place": source.place}


class Bracket(DetailView):
    """The knockout bracket: columns of matches, who plays or where they will come from."""

    scopes = SCOPES

    serializer_class = BracketSerializer

    def get_object(self):
        tournament = announced(self.kwargs["slug"])
        stage = selectors.knockout_stage(tournament)
        if stage is None or not stage.seeds:
            raise NotFound(_("This tournament has no knockout yet."))
        names = selectors.names(selectors.registrations(tournament))
        view = selectors.bracket(tournament, stage, names, _source)
        for column in view.columns:
            for match in column:
                match.slots = [
                    {"name": None, "source": slot} if isinstance(slot, dict)
                    else {"name": slot, "source": None}
                    for slot in match.slots
                ]
        return view
