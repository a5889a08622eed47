"""Settings for Triominos Club: one file, driven by the environment.

Local defaults are safe and need nothing installed: SQLite in the project folder and
Celery tasks run in-process. Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS,
DATABASE_URL and CELERY_BROKER_URL (see docs/deployment.md).
"""

import datetime
import os
import warnings
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.cache import best_effort

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=True)

# A development key is fine while DEBUG is on; with DEBUG off the site refuses to start
# without a real one, so a forgotten variable can never ship a known key.
_DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = env.str("SECRET_KEY", default=_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # First: its runserver serves the site through ASGI, WebSockets included (clubs/push.py).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "django_tables2",
    "django_filters",
    "axes",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "csp",
    "clubs",
    "scoring",
    "ratings",
    "tournaments",
    "archive",
    "api",
    "config",  # the site's own pages and the demo_data command, on top of every app
]



def _player_page(player) -> str:
    from django.urls import reverse

    return reverse("ratings:player-detail", args=[player.pk])


# Pages of a lower app's rows that an upper app shows, named here where both are known
# (clubs sits below ratings, which shows a player's page).
ABSOLUTE_URL_OVERRIDES = {"clubs.player": _player_page}

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A live game's fetch answered from the cache, before the rest (config/live_polls.py).
    "config.live_polls.LivePollMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything that may answer on its own, so those answers carry CORS headers too.
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.limits.RequestSizeLimitMiddleware",
    "config.limits.MethodNotAllowedMessageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.security.PolicyMiddleware",  # django-csp's, with the policy built once
    # Last, as django-axes asks: it turns a lockout raised during login into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default still serves a tablet, live pages and a worker thread at once:
    # wait for locks instead of failing, let readers run beside a writer, and take the write
    # lock at the start of a transaction so two writers queue instead of deadlocking.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so the browser tests' live server threads share one database; named
    # per process, so two test runs on one machine never share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so a locked-out username and address is refused before any password is hashed.
    "config.security.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
    "clubs.backends.EmailLogin",  # the e-mail address typed as the user name
    "clubs.backends.ClubRoleBackend",
]
# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair is locked out for the cool-off time; other users and addresses
# are not affected. A right password resets the count.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.lockout"
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
# How many proxies in front of the site append to X-Forwarded-For (docs/deployment.md).
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = env.str("LANGUAGE_CODE", default="en")
LANGUAGES = [("en", _("English")), ("ru", _("Russian")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Each language's dates and numbers as its readers write them («3 дек. 2026», "3. Dez. 2026"),
# over Django's own (docs/translations.md).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Moscow")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Pyodide, the tablet's own engine's Python (npm, pinned by package-lock.json; make venv runs
# npm ci), served from our own static files as /static/pyodide/.
STATICFILES_DIRS = [BASE_DIR / "static", ("pyodide", BASE_DIR / "node_modules" / "pyodide")]
# In development whitenoise serves straight from the app and project folders, so there is
# no collected STATIC_ROOT yet; that is expected, not worth a warning on every start.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
if DEBUG:
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The cache holds only derived, short-lived data (live-game snapshots), so a local memory
# cache is a correct default; production points it at Redis to share it between processes.
CACHES = {"default": best_effort(env.cache("CACHE_URL", default="locmemcache://"))}
# A cache error is logged (logger django_redis.cache) and then treated as a miss.
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

# Pushed nudges to open pages (clubs/push.py, docs/architecture.md): through Redis pub/sub when
# PUSH_URL names a Redis (by default CACHE_URL's, when that is one), so a write in any web or
# worker process reaches the pages held open by any push process; else in this process's
# memory, which is all `make run` (one process serving pages and WebSockets) needs. Pub/sub
# channels ignore the database number: PUSH_PREFIX keeps two sites on one Redis apart.
_CACHE_URL = env.str("CACHE_URL", default="")
PUSH_URL = env.str("PUSH_URL", default=_CACHE_URL if _CACHE_URL.startswith("redis") else "")
PUSH_PREFIX = env.str("PUSH_PREFIX", default="triominos")
CHANNEL_LAYERS = {"default": {
    "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "CONFIG": {"hosts": [PUSH_URL], "prefix": PUSH_PREFIX},
} if PUSH_URL else {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Celery: with no broker configured every task runs eagerly, in-process, so a bare checkout
# works with nothing installed.
_BROKER = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not _BROKER
# Without a broker, an in-memory transport keeps Celery from ever dialling a default one.
CELERY_BROKER_URL = _BROKER or "memory://localhost/"
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=_BROKER or None)
CELERY_TASK_EAGER_PROPAGATES = True
# Nobody waits for a task's result; not storing them also keeps sending a task from dialling
# the result store, which is the broker's Redis, once more when that Redis is down.
CELERY_TASK_IGNORE_RESULT = True
# A message is acknowledged only when its task has run. A worker that dies mid-task leaves it
# unacknowledged: a lost pool process makes the worker put it back at once; a lost worker
# leaves it to the broker, which hands it out again once the visibility timeout has passed.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=600)
# Must exceed the time limit, or a task still running would be handed to a second worker.
CELERY_VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=900)
if CELERY_VISIBILITY_TIMEOUT <= CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured("CELERY_VISIBILITY_TIMEOUT must exceed CELERY_TASK_TIME_LIMIT.")
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    # A request that sends a task after its commit gives up quickly when the broker is down;
    # the reconciliation below does the work once it is back.
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2,
                                    "interval_max": 0.2}
# Celery beat (one process per site: `celery -A config beat`) runs the reconciliation, which
# rates finished games left unrated and settles rounds left open when the broker was down at
# the moment they ended. Each run is cheap when nothing is missing.
RECONCILE_SECONDS = env.int("RECONCILE_SECONDS", default=300)
CELERY_BEAT_SCHEDULE = {
    name: {"task": name, "schedule": RECONCILE_SECONDS, "options": {"expires": RECONCILE_SECONDS}}
    for name in ("clubs.ratings_reconcile", "tournaments.rounds_reconcile")
}
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Seconds the exact Swiss solver may spend on one round (docs/pairing.md). The tests set 0:
# the heuristic alone, bounded by node counts, gives the same draft on any machine at once.
PAIRING_TIME_LIMIT = env.float("PAIRING_TIME_LIMIT", default=4.0)

# Limits (docs/deployment.md): no form of the site needs more than a game record's upload, so
# a bigger body is refused before it is read; a record is checked against its own limits
# (bytes, rounds, turns) before the engine replays it, so no import holds a worker for long.
RECORD_MAX_BYTES = env.int("RECORD_MAX_BYTES", default=512 * 1024)
RECORD_MAX_ROUNDS = env.int("RECORD_MAX_ROUNDS", default=60)
RECORD_MAX_TURNS = env.int("RECORD_MAX_TURNS", default=2000)
REQUEST_MAX_BYTES = RECORD_MAX_BYTES + 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
DATA_UPLOAD_MAX_NUMBER_FILES = 5

# E-mail: password resets and an account's first password (clubs/mail.py). EMAIL_URL in one
# variable (smtp://user:password@host:587, smtp+tls://… for STARTTLS, smtp+ssl://… for TLS from
# the start, consolemail:// to print), or the usual EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
# EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, EMAIL_USE_SSL. With neither, `make run` (DEBUG on) prints
# each e-mail on the console; with DEBUG off `check --deploy` warns that none can be sent.
EMAIL_CONFIGURED = bool(env.str("EMAIL_URL", default="") or env.str("EMAIL_HOST", default=""))
if env.str("EMAIL_URL", default=""):
    globals().update({key: value for key, value in env.email_url("EMAIL_URL").items()
                      if key.startswith("EMAIL_") and value is not None})
else:
    EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_CONFIGURED or not DEBUG
                     else "django.core.mail.backends.console.EmailBackend")
    EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
    EMAIL_PORT = env.int("EMAIL_PORT", default=25)
    EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
    EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
# A mail server that does not answer costs a request this long, not a worker's whole timeout.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Triominos Club <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A "set your password" or reset link works for three days.
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

SESSION_COOKIE_HTTPONLY = True
# Sessions are written to the database and read from the cache first (a tablet's turn then
# reads no session row). A logout deletes both. The cache is shared between processes in
# production (CACHE_URL, as the page cache needs); a cache that is down is a miss, read from
# the database.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# The tablet's own rules engine (Pyodide in a Web Worker, docs/recording.md): on by default.
# Off, the tablet records through the server alone, as before the engine has loaded; the
# browser tests that are not about the engine turn it off, since starting Pyodide costs
# seconds of CPU per page.
TABLET_ENGINE = env.bool("TABLET_ENGINE", default=True)
CSRF_FAILURE_VIEW = "config.views.csrf_failure"
# Framing: browsers that know CSP follow frame-ancestors below (the site's own pages may frame
# it; api.embed.embeddable opens a view to all) and ignore this header, which is for
# older ones (and keeps `check --deploy` clean).
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): everything from the site itself; no inline script or
# event handler anywhere (behaviour lives in static/js), no eval, no plugins.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        # The tablet's engine runs in a module Web Worker from our own static files.
        "worker-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [SELF],
    },
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

if not DEBUG:
    # Behind a TLS-terminating proxy (docs/deployment.md).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# The read API (api/, docs/api.md): public data only, so no authentication; JSON only, and
# every client throttled by its address.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "api.negotiation.JsonOnly",
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.ClientThrottle"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # How many proxies in front of us add to X-Forwarded-For (docs/deployment.md). 0 counts the
    # socket's address alone, so a client cannot pick its own count by sending the header.
    "NUM_PROXIES": TRUSTED_PROXIES,  # one setting for every reader of X-Forwarded-For
}
# Requests per client address ("N/s", "N/min", "N/hour", "N/day"); empty turns throttling off.
API_THROTTLE_RATE = env.str("API_THROTTLE_RATE", default="600/min")
SPECTACULAR_SETTINGS = {
    "TITLE": "Triominos Club API",
    "DESCRIPTION": "Read-only open data: clubs, players, rankings, games, tournaments.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # 3.1: null is a type, so "this object or null" is said in a way every validator reads alike.
    "OAS_VERSION": "3.1.0",
}
# Other sites' pages may read the API with GET; nothing else is offered, and nothing else is open.
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["accept", "accept-language", "if-none-match"]
CORS_EXPOSE_HEADERS = ["etag"]

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"
