"""Numbers as a client reads them (issue 24, item 7): a game's rounds counted from 1 like a
tournament's, a round still being played without totals that would read as final, and
standings figures rounded, without the random lots."""

import pytest

from scoring.models import Round

pytestmark = pytest.mark.django_db


def test_a_games_rounds_are_counted_from_one(client, world):
    game = world.finished_game
    answer = client.get(f"/api/v1/games/{game.pk}/").json()
    stored = list(game.rounds.order_by("number").values_list("number", flat=True))
    assert [r["number"] for r in answer["rounds"]] == [n + 1 for n in stored]
    assert answer["round_number"] == game.round_number + 1
    last = answer["rounds"][-1]
    assert last["ended"] and last["totals"] == [s["score"] for s in answer["seats"]]


def test_a_round_in_progress_has_no_totals_yet(client, world):
    game = world.live_game
    playing = Round.objects.get(game=game, number=game.round_number)
    assert playing.ended_at is None
    answer = client.get(f"/api/v1/games/{game.pk}/").json()
    current = answer["rounds"][-1]
    assert (current["number"], current["ended"]) == (game.round_number + 1, False)
    assert (current["totals"], current["end_points"]) == (None, None)
    assert all(r["totals"] is not None for r in answer["rounds"][:-1])
    live = client.get(f"/api/v1/games/{game.pk}/live/").json()
    assert live["round"] == answer["round_number"] == game.round_number + 1


def test_standings_are_rounded_and_leave_the_lots_out(client, world):
    answer = client.get(f"/api/v1/tournaments/{world.tournament.slug}/standings/").json()
    assert answer["lines"]
    for line in answer["lines"]:
        assert "lots" not in line["values"]
        assert set(line["values"]) == set(answer["tiebreaks"]) - {"lots"}
        for figure in (line["points"], *line["values"].values()):
            assert figure == round(figure, 2)
