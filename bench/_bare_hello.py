"""A bare hello-world Django app: one view, no middleware, no database, no apps. Settings and
URLconf in one module (DJANGO_SETTINGS_MODULE=_bare_hello, with bench/ on the path).

bench/pages.py and bench/api.py serve it with its own gunicorn, as many workers as the site's,
in the same run: what Django itself costs per request on this machine under this load, the
reference the site's pages, widgets and API are held to (issue 25: at least 25 % of its
requests per second). _hello_settings.py is another thing: the site with a hello view added.
"""

from django.http import HttpResponse
from django.urls import path

SECRET_KEY = "bench-bare-hello-" + "k" * 40
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "_bare_hello"
INSTALLED_APPS: list[str] = []
MIDDLEWARE: list[str] = []
DATABASES: dict = {}
USE_I18N = False
USE_TZ = True


def hello(request):
    return HttpResponse(b"Hello, world", content_type="text/plain")


urlpatterns = [path("hello/", hello)]
