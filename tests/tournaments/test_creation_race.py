"""The new-tournament form sent several times at the same moment (a double tap, a nervous
organiser, a retrying browser) creates one tournament: real concurrent requests to a running
server, on PostgreSQL (issue 21; before, 3 bursts of 8 made 24 tournaments)."""

import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from tests.conftest import IN_CI
from tests.together import run_together
from tournaments.models import Tournament, TournamentAuditEntry

from .play import organised_club

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

FORM = {"name": "Spring Open", "starts_on": "2026-04-18", "preset": "club",
        "rounds_per_game": "1", "table_size": "4", "format": "swiss", "rounds": "3",
        "points_scheme": "placing", "remainder": "smaller_tables", "knockout_size": "0",
        "tiebreak_1": "buchholz"}


@pytest.fixture(autouse=True)
def _postgres():
    if connection.vendor != "postgresql":
        reason = "concurrent requests need PostgreSQL's row locks (set DATABASE_URL=postgres://…)"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _submit(url: str, form: dict, cookies: str):
    """One POST of the form as a browser sends it: (status, where it sends the browser)."""
    request = urllib.request.Request(
        url, data=urllib.parse.urlencode(form).encode(), method="POST",
        headers={"Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=30) as response:
            return response.status, ""
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("Location", "")


def test_bursts_of_identical_submits_create_one_tournament_each(client, live_server):
    club, organiser = organised_club()
    client.force_login(organiser)
    url = live_server.url + reverse("tournaments:new")
    for burst in range(3):
        shown = client.get(reverse("tournaments:new")).content.decode()
        key = re.search(r'name="key" value="([0-9a-f]{32})"', shown).group(1)
        cookies = "; ".join(f"{name}={client.cookies[name].value}"
                            for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME))
        form = {**FORM, "club": str(club.pk), "key": key,
                "csrfmiddlewaretoken": client.cookies[settings.CSRF_COOKIE_NAME].value}
        answers = run_together([lambda form=form, cookies=cookies: _submit(url, form, cookies)]
                               * 8)
        made = Tournament.objects.get(creation_key=key)
        manage = reverse("tournaments:manage", args=[made.slug])
        assert answers == [(302, manage)] * 8, answers
        assert Tournament.objects.count() == burst + 1
    # One creation audited per tournament, one stage each.
    assert TournamentAuditEntry.objects.filter(action="create").count() == 3
    assert all(t.stages.count() == 1 for t in Tournament.objects.all())
