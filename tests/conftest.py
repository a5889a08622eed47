"""Shared test set-up: real parts where they are present, a visible reason where they are not.

- Celery: tests marked `worker` run on a real worker when `.ci/run` started one against the test
  database (CELERY_TEST_WORKER=1); otherwise eagerly, in-process. Every other test runs eagerly.
- Browser: tests marked `browser` drive Debian's Chromium through Playwright; without it they skip
  with the reason. Under CI=true a missing worker or browser fails instead of skipping.
- The people and things most tests start from, defined here once: `club` (by the rules of
  `club_preset`, which a module or folder overrides), its `organiser` and `referee` accounts, and
  a three-player `game` at it.
"""

import os
from pathlib import Path

import pytest

# Debian's old headless shell when it is there: the same Blink, without the full browser's
# compositor and services, so a page costs half the CPU (the browser tests are most of the
# suite's time); else the full browser. TEST_CHROMIUM names another.
CHROMIUM = Path(os.environ.get("TEST_CHROMIUM") or next(
    (path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
     if os.path.exists(path)), "/usr/bin/chromium-headless-shell"))
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# Playwright's sync API runs an event loop in the test thread; Django would then refuse ORM
# calls made by the test itself (set-up and assertions), which are synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

_worker_state: dict[str, bool] = {}


def pytest_configure(config):
    """Settings for the whole run.

    No test waits on the exact Swiss solver's time cap: unless the environment sets one,
    tests pair with PAIRING_TIME_LIMIT 0, the heuristic alone, whose searches stop at node
    counts, so a round takes milliseconds and the same input gives the same draft on any
    machine under any load. Processes the tests start (workers) inherit it. The solver itself
    is tested on its own, in tests/pairing."""
    from django.conf import settings

    if "PAIRING_TIME_LIMIT" not in os.environ:
        os.environ["PAIRING_TIME_LIMIT"] = "0"
        settings.PAIRING_TIME_LIMIT = 0.0
    # Hundreds of accounts are made, each with a password: the real hasher costs about a
    # second each on a busy machine and is not what any test checks (Django's own advice).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _language_reset():
    """Every test starts and ends in the site's default language: a request or a test that
    activates Russian must not decide the language of the next one."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _worker_available() -> bool:
    if "up" not in _worker_state:
        from config.celery import app

        up = False
        if os.environ.get("CELERY_TEST_WORKER") == "1" and not app.conf.broker_url.startswith(
            "memory"
        ):
            up = bool(app.control.ping(timeout=3.0))
        _worker_state["up"] = up
    return _worker_state["up"]


@pytest.fixture(autouse=True)
def celery_mode(request):
    """'worker' when a real worker will run this test's tasks, else 'eager'."""
    from config.celery import app

    previous = app.conf.task_always_eager
    mode = "eager"
    if request.node.get_closest_marker("worker"):
        if _worker_available():
            mode = "worker"
        elif IN_CI:
            pytest.fail("CI needs a real Celery worker (CELERY_TEST_WORKER=1 and a ping answer).")
    # The app reads Django settings under the CELERY_ namespace, so the setting is changed by
    # its prefixed name; `app.conf.task_always_eager = …` would be shadowed by it.
    app.conf.CELERY_TASK_ALWAYS_EAGER = mode == "eager"
    assert app.conf.task_always_eager is (mode == "eager")
    yield mode
    app.conf.CELERY_TASK_ALWAYS_EAGER = previous


@pytest.fixture
def mailbox(settings):
    """A real SMTP server on loopback (tests/clubs/mailbox.py) that the site sends its mail to."""
    from tests.clubs.mailbox import Mailbox

    box = Mailbox()
    box.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", box.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield box
    box.stop()


@pytest.fixture(autouse=True)
def tablet_engine(request):
    """Browser tests run the tablet without its Pyodide engine (seconds of CPU per page) unless
    they are about it: marked `tablet_engine`."""
    if (request.node.get_closest_marker("browser")
            and not request.node.get_closest_marker("tablet_engine")):
        request.getfixturevalue("settings").TABLET_ENGINE = False


# One browser per module, not per session: Playwright's sync API keeps an asyncio loop running
# in the test thread while it is open, and a later module of the same process that runs async
# code itself (tests/clubs/test_push.py, with pytest-xdist giving a process whole files) would
# be refused by asgiref ("cannot use AsyncToSync in the same thread as an async event loop").
@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        reason = (f"Chromium not found at {CHROMIUM} "
                  "(apt-get install -y chromium-headless-shell, or chromium)")
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
            ],
        )
        yield CspWatchingBrowser(chromium)
        chromium.close()


# Every page of every context a browser test opens reports Content-Security-Policy violations
# (the event fires in the page; a binding carries it to the test) and the console's own CSP
# complaints; `csp_clean` fails the test on any.
_CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} ` +
                            `at ${e.sourceFile}:${e.lineNumber} on ${document.location.pathname}`);
});
"""


class CspWatchingBrowser:
    """The Playwright browser, whose new contexts all report CSP violations to `violations`."""

    def __init__(self, browser):
        self._browser = browser
        self.violations: list[str] = []

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        found = self.violations
        context.expose_binding("reportCspViolation", lambda _source, text: found.append(text))
        context.add_init_script(_CSP_LISTENER)

        def watch(page):
            page.on("console", lambda message: found.append(message.text)
                    if "Content Security Policy" in message.text else None)

        context.on("page", watch)
        context.csp_violations = found  # a test that provokes one on purpose looks and clears
        return context


@pytest.fixture(autouse=True)
def csp_clean(request):
    """A browser test fails on any Content-Security-Policy violation in any of its pages."""
    yield
    if "browser" in request.fixturenames:
        browser = request.getfixturevalue("browser")
        found, browser.violations[:] = list(browser.violations), []
        assert found == [], "Content-Security-Policy violations:\n" + "\n".join(found)


@pytest.fixture
def browser_context(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def page(browser_context):
    return browser_context.new_page()


@pytest.fixture(autouse=True)
def fresh_pages():
    """Each test reads the data versions again and gets none of the pages an earlier test
    cached: that test's writes were rolled back, so the row ids that made its versions come
    again with other data."""
    from clubs.data_version import forget

    forget()


@pytest.fixture(scope="module")
def module_transaction(django_db_setup, django_db_blocker):
    """A transaction open for a whole module, for data built once and read by all its tests.

    A module-scoped fixture that depends on this one writes inside it; each test's own
    transaction (pytest-django's `db`) is then a savepoint within it, rolled back after the
    test, so every test starts from exactly the data built and none sees another's writes.
    After the module's last test the whole of it is rolled back. Only for tests on `db`:
    `transactional_db` and the live server commit, which an open transaction forbids."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    yield
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture
def club_preset():
    """The rules the `club` fixture plays by; a test module or folder overrides this."""
    return "pressman"


@pytest.fixture
def club(db, club_preset):
    from tests.factories import ClubFactory

    return ClubFactory(default_preset=club_preset)


@pytest.fixture
def organiser(club):
    from tests.factories import organiser_of

    return organiser_of(club)


@pytest.fixture
def referee(club):
    from clubs.models import Membership
    from tests.factories import UserFactory, member

    user = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=user, name="Referee")
    return user


@pytest.fixture
def game(club):
    """A game of three players (Anna, Boris, Vera) started at the club by its rules."""
    from scoring.services import Actor, game_start
    from tests.factories import member

    players = [member(club, name=n) for n in ("Anna", "Boris", "Vera")]
    return game_start(club=club, players=players, preset=club.default_preset, actor=Actor())


@pytest.fixture
def migrate_to(transactional_db):
    """For the tests of a migration that changes data: ``migrate_to(targets)`` moves the test
    database to those migrations and returns the models as they were there. Afterwards the
    database is migrated to the latest again, where every other test expects it."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    def migrate(targets):
        executor = MigrationExecutor(connection)
        executor.migrate(targets)
        return executor.loader.project_state(targets).apps

    yield migrate
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
