"""Tournament creation never answers 500: a huge target is refused with a message, and
identical creations at the same moment each get their own slug (issue 9, item 2)."""

import threading
from datetime import date

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from clubs.permissions import SITE
from tournaments import services
from tournaments.models import Tournament

from .play import organised_club


def new_tournament_form(club, **changes):
    return {"club": club.pk, "name": "Autumn Cup", "starts_on": "2026-10-03", "preset": "club",
            "table_size": 4, "format": "swiss", "rounds": 3, "points_scheme": "placing",
            "remainder": "smaller_tables", "knockout_size": 0, **changes}


@pytest.mark.django_db
@pytest.mark.parametrize("target", [10**12, 2**31, 5001])
def test_huge_target_gets_the_form_back(target):
    club, organiser = organised_club()
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:new"), new_tournament_form(club, target=target))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'class="errorlist' in body and "5000" in body
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_service_refuses_a_target_beyond_the_limit():
    club, _organiser = organised_club()
    with pytest.raises(services.Refused) as refused:
        services.tournament_create(club=club, name="Cup", starts_on=date(2026, 5, 1),
                                   target=10**12, actor=SITE)
    assert refused.value.code == "bad-target"
    assert not Tournament.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="concurrent inserts need PostgreSQL (SQLite queues its writers)")
def test_identical_creations_at_the_same_moment_all_succeed():
    club, _organiser = organised_club()
    count = 8
    barrier = threading.Barrier(count)
    errors = []

    def create():
        try:
            barrier.wait()
            services.tournament_create(club=club, name="Spring Open",
                                       starts_on=date(2026, 4, 18), actor=SITE)
        except Exception as error:  # noqa: BLE001 - any failure is what the test reports
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=create) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    slugs = sorted(Tournament.objects.values_list("slug", flat=True))
    assert len(slugs) == count == len(set(slugs))
    assert "spring-open-2026" in slugs
