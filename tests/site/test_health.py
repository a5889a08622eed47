"""/health/ (issue 24, item 3): the database, the cache, the broker and the last reconciliation;
JSON with 200 or 503 for a load balancer, a page for a person, in English and Russian."""

from datetime import UTC, datetime, timedelta

import environ
import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone
from django.utils.formats import date_format

from clubs.models import ScheduledRun
from clubs.scheduled import scheduled_run_record
from config.cache import best_effort
from ratings.tasks import ratings_reconcile
from tests.outage import broker_at, closed_port
from tournaments.tasks import rounds_reconcile_task

pytestmark = pytest.mark.django_db
TASKS = ("clubs.ratings_reconcile", "tournaments.rounds_reconcile")


@pytest.fixture(autouse=True)
def _without_a_broker(settings):
    # As `make run` has it, whatever the environment (CI sets a broker): a test that wants one
    # says so (with_broker).
    settings.CELERY_TASK_ALWAYS_EAGER = True


def health(**headers):
    return Client(raise_request_exception=False).get("/health/", **headers)


def test_without_a_broker_every_part_is_well(django_assert_max_num_queries):
    with django_assert_max_num_queries(1):  # SELECT 1; nothing to reconcile without a broker
        response = health()
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    answer = response.json()
    assert answer["status"] == "ok"
    assert {name: check["ok"] for name, check in answer["checks"].items()} == {
        "database": True, "cache": True, "broker": True, "reconciliation": True}
    assert answer["checks"]["broker"]["detail"] == (
        "No broker is set up: tasks run in the request.")


def test_the_scheduled_tasks_record_their_runs():
    before = timezone.now()
    ratings_reconcile()
    rounds_reconcile_task()
    runs = dict(ScheduledRun.objects.values_list("task", "finished_at"))
    assert set(runs) == set(TASKS) and all(at >= before for at in runs.values())
    ratings_reconcile()  # one row per task, moved on
    assert ScheduledRun.objects.count() == 2
    assert ScheduledRun.objects.get(task=TASKS[0]).finished_at > runs[TASKS[0]]


@pytest.fixture
def with_broker(settings):
    """A broker set up (a port that refuses, or the test's own), as production has."""
    settings.CELERY_BEAT_SCHEDULE = {name: {"task": name, "schedule": 300} for name in TASKS}

    def at(url):
        context = broker_at(url)
        context.__enter__()
        settings.CELERY_TASK_ALWAYS_EAGER = False
        return context

    contexts = []
    yield lambda url: contexts.append(at(url))
    for context in contexts:
        context.__exit__(None, None, None)


def _ran(minutes_ago: float) -> None:
    for task in TASKS:
        scheduled_run_record(task=task)
    ScheduledRun.objects.update(finished_at=timezone.now() - timedelta(minutes=minutes_ago))


def test_a_broker_that_does_not_answer_fails_the_check(with_broker):
    with_broker(f"redis://127.0.0.1:{closed_port()}/0")
    _ran(1)
    response = health()
    assert response.status_code == 503
    answer = response.json()
    assert answer["status"] == "failing"
    assert answer["checks"]["broker"] == {
        "ok": False, "detail": "The broker does not answer: tasks cannot be sent.",
        "last_run": None}
    assert answer["checks"]["reconciliation"]["ok"] is True


@pytest.mark.parametrize(("minutes_ago", "ok"), [(None, False), (4, True), (9.9, True),
                                                 (10.1, False), (60 * 24, False)])
def test_the_reconciliation_is_late_after_two_intervals(with_broker, settings, minutes_ago, ok):
    with_broker("memory://")  # a broker that always answers, in this process
    if minutes_ago is not None:
        _ran(minutes_ago)
    response = health()
    check = response.json()["checks"]["reconciliation"]
    assert (response.status_code, check["ok"]) == ((200, True) if ok else (503, False))
    if minutes_ago is None:
        assert check["detail"] == ("The reconciliation has never run: is Celery beat running, "
                                   "with a worker?")
    else:
        last = ScheduledRun.objects.earliest("finished_at").finished_at
        when = date_format(timezone.localtime(last), "DATETIME_FORMAT")
        assert check["last_run"] == last.isoformat()
        assert check["detail"] == (f"The reconciliation last ran at {when}." if ok else
                                   f"The reconciliation is late: it last ran at {when}. Are "
                                   "Celery beat and a worker running?")


@pytest.mark.parametrize(("language", "said"), [
    ("en", "The reconciliation is late: it last ran at 3 Dec 2026, 12:05."),
    ("ru", "Сверка запаздывает: последний раз она выполнялась 3 дек. 2026, 12:05."),
    ("de", "Der Abgleich ist überfällig, letzter Lauf: 3. Dez. 2026, 12:05."),
])
def test_the_last_run_is_said_in_the_reader_s_date_format(with_broker, settings, language,
                                                         said):
    """The time of the last run in the reader's format and the site's time zone (Moscow: UTC+3),
    in the JSON and on the page alike."""
    assert settings.TIME_ZONE == "Europe/Moscow"
    with_broker("memory://")
    _ran(1)
    ScheduledRun.objects.update(finished_at=datetime(2026, 12, 3, 9, 5, 41, tzinfo=UTC))
    check = health(HTTP_ACCEPT_LANGUAGE=language).json()["checks"]["reconciliation"]
    assert check["detail"].startswith(said)
    assert check["last_run"] == "2026-12-03T09:05:41+00:00"  # for a machine: ISO 8601, UTC
    page = health(HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert said in page


def test_one_task_that_stopped_makes_it_late(with_broker):
    with_broker("memory://")
    _ran(1)
    ScheduledRun.objects.filter(task=TASKS[1]).update(
        finished_at=timezone.now() - timedelta(minutes=11))
    assert health().status_code == 503


def test_a_cache_that_is_down_fails_its_check(settings):
    settings.CACHES = {"default": best_effort(environ.Env.cache_url_config(
        f"redis://127.0.0.1:{closed_port()}/0"))}
    response = health()
    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == {
        "ok": False, "last_run": None,
        "detail": "The cache does not answer; pages are built from the database meanwhile."}
    assert response.json()["checks"]["database"]["ok"] is True


@pytest.mark.django_db(transaction=True)
def test_a_database_that_does_not_answer_fails_its_check():
    saved = connection.settings_dict.copy()
    connection.close()
    if connection.vendor == "postgresql":
        connection.settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()))
    else:
        connection.settings_dict.update(NAME="/nonexistent-folder/db.sqlite3")
    try:
        response = health(HTTP_ACCEPT="text/html")
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)
    assert response.status_code == 503
    page = response.content.decode()
    assert "The database does not answer." in page and "Something needs attention." in page
    assert health().status_code == 200  # and back


def test_a_person_gets_a_page_in_their_language(with_broker):
    with_broker("memory://")
    _ran(30)
    english = health(HTTP_ACCEPT="text/html,application/xhtml+xml")
    assert english.status_code == 503 and english["Content-Type"].startswith("text/html")
    page = english.content.decode()
    assert "Site health" in page and "The reconciliation is late" in page
    russian = health(HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Состояние сайта" in russian and "Сверка запаздывает" in russian
    # The load balancer's JSON, asked for from a browser.
    assert health(HTTP_ACCEPT="text/html", QUERY_STRING="format=json").json()["status"] == (
        "failing")
