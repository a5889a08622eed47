import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from config.celery import health

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, text",
    [
        ("home", "Welcome to Triominos Club"),
        ("scoring:game-list", "Games"),
        ("ratings:rankings", "Rankings"),
        ("tournaments:list", "Tournaments"),
        ("clubs:club-list", "Clubs"),
    ],
)
def test_sections_answer(client, name, text):
    response = client.get(reverse(name))
    assert response.status_code == 200
    body = response.content.decode()
    assert text in body
    # htmx comes from our own static files: the site works offline in a club hall.
    assert "/static/django_htmx/htmx.min.js" in body
    assert "https://" not in body.split("<body")[0]


@pytest.mark.django_db
def test_home_in_russian(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert "Добро пожаловать в Triominos Club" in response.content.decode()


@pytest.mark.django_db
def test_set_language_switches_to_russian(client):
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert 'lang="ru"' in page
    assert "Рейтинги" in page


@pytest.mark.django_db
def test_unknown_page_is_our_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


@pytest.mark.django_db
def test_admin_login_page_answers(client):
    response = client.get("/admin/login/")
    assert response.status_code == 200


def test_500_page_renders_without_context():
    from django.test import RequestFactory

    from config.views import error_500

    response = error_500(RequestFactory().get("/"))
    assert response.status_code == 500
    assert b"Something went wrong" in response.content


def _manage(*args, env_extra):
    dropped = ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_check_deploy_is_clean_in_production_mode():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        env_extra={
            "DEBUG": "0", "SECRET_KEY": "k3y-" + "x9Q!z7" * 10, "ALLOWED_HOSTS": "club.example",
            "EMAIL_URL": "smtp+tls://club:secret@mail.club.example:587",
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_warns_when_no_mail_can_be_sent():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        env_extra={
            "DEBUG": "0", "SECRET_KEY": "k3y-" + "x9Q!z7" * 10, "ALLOWED_HOSTS": "club.example",
            "EMAIL_URL": "", "EMAIL_HOST": "",
        },
    )
    assert result.returncode != 0
    assert "triominos.W001" in result.stderr and "No mail server is set" in result.stderr


def test_production_refuses_to_start_without_secret_key():
    result = _manage("check", env_extra={"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


@pytest.mark.worker
def test_health_task_runs_where_expected(celery_mode):
    answer = health.delay().get(timeout=30)
    assert answer["status"] == "ok"
    if celery_mode == "worker":
        assert answer["pid"] != os.getpid()  # a separate worker process did the work
    else:
        assert answer["pid"] == os.getpid()


@pytest.mark.django_db
def test_home_and_club_list_query_budgets(client, django_assert_max_num_queries):
    from scoring.services import Actor, game_start
    from tests.factories import ClubFactory, member

    for n in range(3):
        club = ClubFactory()
        game_start(club=club, players=[member(club), member(club)], title=f"Live {n}",
                   actor=Actor())
    with django_assert_max_num_queries(4):
        body = client.get(reverse("home")).content.decode()
    assert body.count('class="badge live"') == 3
    with django_assert_max_num_queries(3):
        assert client.get(reverse("clubs:club-list")).status_code == 200


def test_old_admin_links_to_tournament_rounds_lead_to_their_new_address(admin_client):
    # The model was renamed Round -> TournamentRound; a bookmarked admin page still opens.
    old = admin_client.get("/admin/tournaments/round/?o=1")
    assert old.status_code == 301
    assert old["Location"] == "/admin/tournaments/tournamentround/?o=1"
    assert admin_client.get(old["Location"]).status_code == 200
    change = admin_client.get("/admin/tournaments/round/7/change/")
    assert change["Location"] == "/admin/tournaments/tournamentround/7/change/"
