"""No input answers 5xx: junk of every shape sent to every endpoint of the URLconf, with every
HTTP method, as every kind of user (issue 9, item 2; issue 24, item 1: nested JSON in bodies and
in form fields, Unicode digits, OPTIONS, PUT, PATCH, DELETE and TRACE).

The endpoints come from `get_resolver()` (tests/site/endpoints.py), so a new URL is covered
without editing this file. The world is built once per module; each request runs in a
savepoint that is rolled back afterwards, so every request meets the same world. A request
that is refused — a 4xx, a form shown again with its errors, or a redirect carrying an error
message — must say why in words and leave every table as it was (row counts everywhere; on
PostgreSQL a digest of every row).

Example counts come from a hypothesis profile: FUZZ_PROFILE=fuzz-dev (default), fuzz-ci
(default under CI=true: derandomized, so a CI failure repeats), fuzz-long (for a soak). The
module counts what it sent and prints the tally at its end (seen with `pytest -s`).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from urllib.parse import quote_from_bytes

import pytest
from django.conf import settings as settings_module
from django.contrib import messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club
from tests.factories import ClubFactory

from .endpoints import (
    KINDS,
    crawl,
    endpoints,
    fingerprint,
    form_field_names,
    pool_for,
    pools,
    world_build,
)

_COMMON = {"deadline": None, "database": None,
           "suppress_health_check": [HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow, HealthCheck.data_too_large]}
settings.register_profile("fuzz-dev", max_examples=150, **_COMMON)
settings.register_profile("fuzz-ci", max_examples=400, derandomize=True, **_COMMON)
settings.register_profile("fuzz-long", max_examples=5000, **_COMMON)
_IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
PROFILE = settings.get_profile(os.environ.get("FUZZ_PROFILE",
                                              "fuzz-ci" if _IN_CI else "fuzz-dev"))


# The mark makes pytest-django create the test database; the module's world lives in it.
pytestmark = pytest.mark.django_db


class Site:
    def __init__(self):
        self.world = world_build()
        found = crawl(self.world)
        self.values, seen_fields = found.values, found.fields
        self.endpoints = endpoints()
        self.pools = pools()
        self.plausible = sorted({str(v).encode() for values in self.pools.values()
                                 for v in values})
        # Seat-numbered fields of the tablet's hand entry are made up in the template loop;
        # the tablet's script sends its queue of turns as one field.
        self.fields = sorted(seen_fields | form_field_names()
                             | {"tiles-0", "tiles-1", "count-0", "points-0", "count-1", "turns"})
        # Every request is rolled back, so the tables hold this before each one: taken once,
        # not before every request (on PostgreSQL a digest of every row of every table).
        self.tables = fingerprint()

    def real_values(self, endpoint, kind: str) -> dict:
        """Values a page links to for this endpoint, or for the endpoint nearest to it with
        the same converters (swap/ sits under the round page that is linked); else the first
        existing object of each converter's kind."""
        keys = {key for key, _conv in endpoint.converters}
        near = sorted(
            (e for e in self.endpoints
             if {k for k, _c in e.converters} == keys and self.values.get(e.name)),
            key=lambda e: -len(os.path.commonprefix([e.route, endpoint.route])))
        if keys and near:
            values = dict(self.values[near[0].name][0])
        else:
            values = {key: pool_for(conv, self.pools)[-1] for key, conv in endpoint.converters}
        return self.with_token(values, endpoint, kind)

    def with_token(self, values: dict, endpoint, kind: str) -> dict:
        if endpoint.name.startswith("scoring:link-"):
            values["token"] = self.world.token if kind != "anonymous" else "no-such-token"
        return values


# Requests sent, by status class, for the tally printed at the end of the module.
TALLY: Counter = Counter()


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction rolled back at its end; each request
    runs in a savepoint of its own inside that (see `send`)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield Site()
        transaction.set_rollback(True)
    print(f"\nfuzz on {connection.vendor}: {sum(TALLY.values())} requests, "
          + ", ".join(f"{TALLY[k]} {k}" for k in ("2xx", "3xx", "4xx", "5xx")))


# -- junk --------------------------------------------------------------------------------------

# Digits Python's str.isdigit() accepts and int() refuses (superscripts, circled), and others
# that int() reads (Arabic-Indic, full-width): a check with one and a conversion with the other
# is a 500.
UNICODE_DIGITS = ["\u00b2", "\u2079", "\u2460", "\u0663", "\uff11\uff12", "1\u00b2", "-\u00b2",
                  "\u0661\u0660\u0660\u0660\u0660\u0660"]
NESTED = b"[" * 5000 + b"]" * 5000
SPECIAL = [b"", b"\x00", b"a\x00b", b"\xed\xa0\x80", b"\xff\xfe", b"-1", b"0", b"1", b" ",
           b"99999999999999999999999", b"2147483648", b"32768", b"-32769", b"1e400", b"NaN",
           b"1,2,3", b"1-2-3", b"4,4,4", b"true", b"null", b"[]", b"{}", b"<script>",
           "\u0411\u043e\u0440\u0438\u0441 \U0001f3b2".encode(), b"x" * 70_000,
           b"9" * 5000, NESTED, b'[{"version": 0, "seat": ' + NESTED + b"}]",
           b'{"a": ' * 3000 + b"1" + b"}" * 3000,
           *(digits.encode() for digits in UNICODE_DIGITS)]
junk_bytes = st.one_of(
    st.sampled_from(SPECIAL),
    st.text(max_size=40).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.integers(-(2**70), 2**70).map(lambda n: str(n).encode()),
    st.binary(max_size=40),
)
def _containers(inner):
    return st.one_of(st.lists(inner, max_size=4),
                     st.dictionaries(st.text(max_size=8), inner, max_size=4))


junk_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(UNICODE_DIGITS),
    _containers, max_leaves=25)
DEEP = b"[" * 50_000 + b"]" * 50_000
# JSON as a form field's value too: the tablet sends its queued turns that way.
junk_bytes = junk_bytes | junk_json.map(lambda v: json.dumps(v).encode())


def form_body(pairs) -> bytes:
    return b"&".join(quote_from_bytes(k).encode() + b"=" + quote_from_bytes(v).encode()
                     for k, v in pairs)


@st.composite
def bodies(draw, fields, plausible):
    """(content type, body) in one of the shapes a client could send; `plausible` values
    (existing ids and slugs) let some requests past the first checks into the services."""
    shape = draw(st.sampled_from(["form", "form", "json", "multipart", "deep", "none"]))
    names = st.one_of(st.sampled_from(fields), st.text(min_size=1, max_size=10))
    if shape == "form":
        chosen = draw(st.lists(names, max_size=8))
        pairs = [(name.encode("utf-8", "surrogatepass"), value) for name in chosen
                 for value in draw(st.lists(junk_bytes | st.sampled_from(plausible),
                                            min_size=1, max_size=3))]
        return "application/x-www-form-urlencoded", form_body(pairs)
    if shape == "json":
        return "application/json", json.dumps(draw(junk_json)).encode()
    if shape == "multipart":
        # The test client encodes multipart text as UTF-8, so no lone surrogates here (the
        # form shape sends those as raw bytes).
        text = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
        data = {name: draw(text) for name in draw(st.lists(st.sampled_from(fields),
                                                            max_size=6))}
        content = draw(st.one_of(st.sampled_from([DEEP, b"\xff", b"{}"]),
                                 junk_json.map(lambda v: json.dumps(v).encode())))
        data[draw(st.sampled_from(["record", "file", *fields]))] = SimpleUploadedFile(
            "junk.json", content, content_type="application/json")
        return "multipart", data
    if shape == "deep":
        return "application/json", DEEP
    return "application/x-www-form-urlencoded", b""


# -- one request, judged ------------------------------------------------------------------------

_TAGS = re.compile(rb"<(script|style)\b.*?</\1>|<[^>]+>", re.S)


def visible_text(body: bytes) -> str:
    return " ".join(_TAGS.sub(b" ", body).decode("utf-8", "replace").split())


def refused(response) -> bool:
    if response.status_code >= 400:
        return True
    body = b"" if response.streaming else response.content
    if response.status_code == 200 and (b'class="errorlist' in body
                                        or b'class="message error' in body):
        return True
    stored = messages.get_messages(response.wsgi_request)
    return any(m.level >= messages.ERROR for m in stored)


METHODS = ("get", "head", "post", "options", "put", "patch", "delete", "trace")


def send(site: Site, kind: str, path: str, body, *, htmx: bool = False, method="post"):
    """One request in a rolled-back savepoint; asserts the no-5xx and refusal rules."""
    client = site.world.client(kind)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    with transaction.atomic():
        content_type, data = body
        if method in ("get", "head", "trace"):
            # A form-shaped body doubles as the query string (already percent-encoded).
            query = data.decode("ascii") if isinstance(data, bytes) and b"=" in data else "v=x"
            response = getattr(client, method)(f"{path}?{query}", **headers)
        elif content_type == "multipart":
            if method == "post":
                response = client.post(path, data, **headers)
            else:  # the test client encodes multipart for POST only
                response = client.generic(method.upper(), path, b"", **headers)
        else:
            response = client.generic(method.upper(), path, data, content_type=content_type,
                                      **headers)
        where = f"{kind} {method.upper()} {path} {content_type}: {response.status_code}"
        TALLY[f"{response.status_code // 100}xx"] += 1
        # /health/ answers 503 by design when a part of the site fails (in CI, with a broker
        # and no reconciliation run yet in this world); nothing else may.
        assert response.status_code < 500 or (
            path == "/health/" and response.status_code == 503), where
        if refused(response):
            if response.status_code >= 400 and method != "head":  # HEAD: headers only
                assert len(visible_text(response.content)) >= 3, f"{where} without a message"
            assert fingerprint() == site.tables, f"{where} refused, yet it wrote"
        transaction.set_rollback(True)
    return response


# -- the tests ----------------------------------------------------------------------------------

def test_the_fingerprint_sees_a_write(site):
    before = fingerprint()
    assert before == site.tables
    with transaction.atomic():
        ClubFactory()
        added = fingerprint()
        transaction.set_rollback(True)
    with transaction.atomic():
        Club.objects.filter(pk=site.world.club.pk).update(city="Tver")
        changed = fingerprint()
        transaction.set_rollback(True)
    assert added != before and fingerprint() == before
    if connection.vendor == "postgresql":  # SQLite compares row counts only
        assert changed != before


def test_each_endpoint_refuses_junk_as_each_kind_of_user(site):
    """Every endpoint × every kind of user × an empty body and a body of every known field
    filled with junk: deterministic, so each endpoint is seen however hypothesis draws."""
    names = {e.name for e in site.endpoints}
    for expected in ("scoring:link-turn", "scoring:game-import", "tournaments:new",
                     "clubs:member-role", "tournaments:swap", "login", "admin:index"):
        assert expected in names
    # The crawl found real objects for the game, club and tournament pages.
    for name in ("scoring:turn-correct", "clubs:member-role", "tournaments:manage-round",
                 "tournaments:check-in", "tournaments:swap", "tournaments:move"):
        assert site.values.get(name), name
    form = "application/x-www-form-urlencoded"
    junk_everything = form_body([(f.encode(), b"\x00" + b"9" * 30) for f in site.fields])
    for endpoint in site.endpoints:
        for kind in KINDS:
            path = endpoint.fill(site.real_values(endpoint, kind))
            empty = send(site, kind, path, (form, b""))
            # A kind sent to the login page, or refused before the body is read (403, 404,
            # 405), meets the same gate with any body; hypothesis tries those with junk.
            if empty.status_code in (200, 204, 400, 409, 422) or (
                    empty.status_code == 302 and "/login/" not in empty.url):
                send(site, kind, path, (form, junk_everything))


def test_every_method_on_every_endpoint(site):
    """Every endpoint × every HTTP method, each field holding a Unicode digit, and a POST and a
    GET of every field holding nested JSON, as every kind of user (the methods no form sends,
    as a visitor and as the organiser, who gets past most gates)."""
    form = "application/x-www-form-urlencoded"
    digits = form_body([(f.encode(), UNICODE_DIGITS[i % len(UNICODE_DIGITS)].encode())
                        for i, f in enumerate(site.fields)])
    # Past Python's recursion limit in the fields read as JSON (the queued turns), nested
    # a little in every other one: within the body's limit, percent-encoded.
    nested = form_body([(f.encode(), b'[{"seat": ' + (NESTED if f in ("turns", "record")
                                                       else b"[" * 20 + b"]" * 20) + b"}]")
                        for f in site.fields])
    assert "turns" in site.fields and len(nested) < settings_module.REQUEST_MAX_BYTES
    for endpoint in site.endpoints:
        for kind in KINDS:
            path = endpoint.fill(site.real_values(endpoint, kind))
            for body in (digits, nested):
                send(site, kind, path, (form, body), method="post")
            send(site, kind, path, (form, digits), method="get")
            if kind not in ("anonymous", "organiser"):
                continue
            for method in ("head", "options", "put", "patch", "delete", "trace"):
                response = send(site, kind, path, (form, digits), method=method)
                # Only the read API (which answers them itself) takes these methods.
                if method not in ("head", "options") and not path.startswith("/api/"):
                    assert response.status_code in (404, 405), (method, path)


@settings(PROFILE)
@given(data=st.data())
def test_junk_of_every_shape_never_gets_a_server_error(site, data):
    endpoint = data.draw(st.sampled_from(site.endpoints), label="endpoint")
    kind = data.draw(st.sampled_from(KINDS), label="kind")
    linked = site.values.get(endpoint.name, [])
    pooled = st.fixed_dictionaries({key: st.sampled_from(pool_for(conv, site.pools))
                                    for key, conv in endpoint.converters})
    values = data.draw(st.sampled_from(linked) | pooled if linked else pooled, label="values")
    values = site.with_token(dict(values), endpoint, kind) if data.draw(st.booleans()) else values
    body = data.draw(bodies(site.fields, site.plausible), label="body")
    method = data.draw(st.sampled_from(["post", "post", "get", *METHODS]), label="method")
    send(site, kind, endpoint.fill(values), body, htmx=data.draw(st.booleans()), method=method)
