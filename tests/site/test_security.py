"""Login throttling (django-axes) and the Content-Security-Policy (django-csp) — issue 9,
item 7."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import Client
from django.urls import path, reverse

from api.embed import embeddable
from config.urls import urlpatterns as site_urls
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def attempt(username, password, address="10.0.0.1", language="en", client=None):
    client = client or Client(HTTP_ACCEPT_LANGUAGE=language)
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def test_wrong_passwords_lock_out_that_username_from_that_address(settings):
    UserFactory(username="anna")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = attempt("anna", "guess")
        assert response.status_code == 200  # the form again, with its error
    response = attempt("anna", "guess")
    assert response.status_code == 429
    body = response.content.decode()
    assert "paused after 5 wrong passwords" in body and "15 minutes" in body
    # Now even the right password is refused from there, before any hashing.
    assert attempt("anna", "pw").status_code == 429
    # Another address, and another username from the same address, still log in.
    assert attempt("anna", "pw", address="10.0.0.2").status_code == 302
    UserFactory(username="boris")
    assert attempt("boris", "pw").status_code == 302


def test_the_lockout_message_is_in_russian_too(settings):
    UserFactory(username="vera")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = attempt("vera", "guess", language="ru")
    assert response.status_code == 429
    body = response.content.decode()
    assert "Попробуйте снова через 15 минут" in body


def test_a_right_password_resets_the_count(settings):
    UserFactory(username="gleb")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt("gleb", "guess")
    assert attempt("gleb", "pw").status_code == 302
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert attempt("gleb", "guess").status_code == 200


def test_behind_a_proxy_the_address_the_proxy_saw_counts(settings):
    settings.TRUSTED_PROXIES = 1
    UserFactory(username="dina")
    client = Client()
    for i in range(settings.AXES_FAILURE_LIMIT):
        # The client forges a new address each time; only the proxy's entry is trusted.
        client.post(reverse("login"), {"username": "dina", "password": "guess"},
                    REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"1.1.1.{i}, 203.0.113.9")
    response = client.post(reverse("login"), {"username": "dina", "password": "pw"},
                           REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert response.status_code == 429
    other = client.post(reverse("login"), {"username": "dina", "password": "pw"},
                        REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert other.status_code == 302


def test_a_login_made_in_code_without_a_request_still_works():
    UserFactory(username="eva")
    assert Client().login(username="eva", password="pw")


def test_the_admin_login_still_works_and_is_throttled_too(settings):
    get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": "root", "password": "pw"})
    assert response.status_code == 302 and response.url == "/admin/"
    assert client.get("/admin/").status_code == 200
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = Client().post("/admin/login/", {"username": "root", "password": "guess"})
    assert response.status_code == 429


# -- Content-Security-Policy ---------------------------------------------------------------------

def test_every_page_has_the_policy(client):
    response = client.get(reverse("home"))
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in policy
    assert response["X-Frame-Options"] == "DENY"  # for browsers without CSP


def test_the_policy_built_once_is_the_one_django_csp_builds(client, settings):
    from csp.utils import build_policy

    assert client.get(reverse("home"))["Content-Security-Policy"] == build_policy()
    # A changed setting is followed at once (tests and reloads change it).
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'self'"],
                                                       "img-src": ["'self'", "data:"]}}
    # django-csp orders the directives through a set, so the order changes between processes.
    directives = client.get(reverse("home"))["Content-Security-Policy"].split("; ")
    assert sorted(directives) == ["default-src 'self'", "img-src 'self' data:"]


@embeddable
def widget(request):
    return HttpResponse("<p>widget</p>")


urlpatterns = [path("widget-for-test/", widget), *site_urls]


@pytest.mark.urls(__name__)
def test_an_embeddable_view_may_be_framed_by_any_site(client):
    response = client.get("/widget-for-test/")
    assert response.content == b"<p>widget</p>"
    policy = response["Content-Security-Policy"]
    assert "frame-ancestors * http: https:" in policy
    assert "script-src 'self'" in policy  # only framing is opened
    assert "X-Frame-Options" not in response
    # Every other page keeps to its own origin.
    assert "frame-ancestors 'self'" in client.get("/")["Content-Security-Policy"]


# A page with an inline script or handler would break under the policy; none may come back.
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=|\sstyle=|javascript:|<style\b",
                    re.I)


def test_no_template_has_inline_script_handler_or_style():
    offenders = []
    for template in ROOT.glob("*/templates/**/*.html"):
        if ".venv" in template.parts:
            continue
        for number, line in enumerate(template.read_text().splitlines(), 1):
            if INLINE.search(line):
                offenders.append(f"{template.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize(("language", "heading", "advice"), [
    ("en", "The form has expired", "reload the page and send it again"),
    ("ru", "Форма устарела", "обновите страницу и отправьте её ещё раз"),
])
def test_a_form_without_its_token_is_refused_in_the_readers_language(language, heading, advice):
    """Issue 24, item 7: the site's own page, not Django's English one for developers."""
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x"},
                                                      HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 403
    page = response.content.decode()
    assert heading in page and advice in page and "CSRF" not in page
