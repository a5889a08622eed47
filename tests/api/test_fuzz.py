"""Junk in every query parameter of the API and the widgets: refused or ignored, never a 5xx."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

PARAMETERS = ["page", "page_size", "club", "status", "player", "tournament", "started_after",
              "started_before", "period", "min_games", "inactive", "n", "theme", "lang", "round",
              "v", "part", "format"]
junk = st.one_of(st.text(max_size=30), st.integers(-10**12, 10**12).map(str),
                 st.sampled_from(["", "0", "-1", "1e9", "ru", "dark", "playing", "2026-13-45",
                                  "2026-04-18T10:00:00+03:00", "NaN", "\x00", "../../etc"]))


# The world is built once for all examples: GETs change nothing in it.
@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/v1/games/", "/api/v1/rankings/", "/api/v1/players/",
                             "/api/v1/tournaments/", "/api/v1/clubs/", "/api/v1/games/{live}/live/",
                             "/embed/clubs/{club}/top/", "/embed/games/{live}/",
                             "/embed/tournaments/{cup}/standings/",
                             "/embed/tournaments/{cup}/pairings/"]),
       query=st.dictionaries(st.sampled_from(PARAMETERS), junk, max_size=4))
def test_junk_parameters_never_break_anything(client, world, path, query):
    path = path.format(live=world.live_game.pk, club=world.club.slug, cup=world.tournament.slug)
    response = client.get(path, query)
    assert response.status_code in (200, 204, 400, 404), (path, query, response.status_code)
