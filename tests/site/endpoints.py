"""Every endpoint of the site, found from the URLconf, with real objects in its URL.

- `endpoints()` walks `get_resolver()`: every pattern, in every include, is an endpoint that
  may take a POST. Nothing is listed by hand, so a new URL is fuzzed the day it is added.
- `World` is a small club life (members of each role, a game in play with a table link, a
  finished game, a tournament with a published round and one in preparation).
- `url_values(world)` crawls the site as its organiser and referee and reads every link, form
  action and htmx URL: resolving them gives real values for each pattern's converters. Patterns
  no page links to get values from pools of existing ids, slugs and tokens instead.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import date
from html import unescape
from urllib.parse import urlsplit

from django.apps import apps
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.converters import IntConverter, SlugConverter, StringConverter
from django.urls.exceptions import Resolver404

from clubs.models import Club, Membership, Player
from clubs.permissions import SITE
from scoring.demo import Robot
from scoring.models import Game
from scoring.services import Actor, game_start
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services as tournament_services
from tournaments.models import Tournament

# The user kinds every endpoint is tried as. "table link" is anonymous, holding a real token.
KINDS = ("anonymous", "table link", "member", "referee", "organiser")


@dataclass(frozen=True)
class Endpoint:
    route: str  # the pattern as written, e.g. games/<int:pk>/abandon/
    name: str  # namespace:name, for messages
    converters: tuple[tuple[str, object], ...]

    def fill(self, values: dict) -> str:
        path = self.route
        for key, converter in self.converters:
            path = re.sub(rf"<(?:\w+:)?{key}>", converter.to_url(values[key]), path)
        return "/" + path


def endpoints() -> list[Endpoint]:
    found: list[Endpoint] = []

    def walk(resolver, prefix: str, namespace: str, converters: dict):
        for entry in resolver.url_patterns:
            route = prefix + str(entry.pattern)
            conv = {**converters, **entry.pattern.converters}
            if isinstance(entry, URLResolver):
                inner = ":".join(n for n in (namespace, entry.namespace or "") if n)
                walk(entry, route, inner, conv)
            elif isinstance(entry, URLPattern) and "(?P" not in route and "^" not in route:
                name = ":".join(n for n in (namespace, entry.name or "") if n)
                found.append(Endpoint(route, name, tuple(conv.items())))

    walk(get_resolver(), "", "", {})
    return found


@dataclass
class World:
    club: Club
    users: dict  # kind -> User or None
    token: str
    sessions: dict = field(default_factory=dict)  # kind -> session cookie value

    def client(self, kind: str) -> Client:
        client = Client()
        if kind in self.sessions:
            client.cookies["sessionid"] = self.sessions[kind]
        return client


def world_build() -> World:
    club = ClubFactory(default_preset="pressman", slug="home-club")
    other = ClubFactory(slug="other-club")
    users = {"anonymous": None, "table link": None}
    for kind, role in (("member", Membership.Role.MEMBER), ("referee", Membership.Role.REFEREE),
                       ("organiser", Membership.Role.ORGANISER)):
        users[kind] = UserFactory(username=f"fuzz-{kind}")
        member(club, role, user=users[kind], name=f"The {kind}")
    players = [member(club, name=f"P{i}") for i in range(1, 9)]
    member(other, name="Stranger")
    rng = random.Random(9)
    playing = game_start(club=club, players=players[:3], preset="pressman", actor=Actor(),
                         title="In play")
    robot = Robot(playing, rng)
    for _ in range(4):
        robot.step()
    finished = game_start(club=club, players=players[3:5], preset="pressman", actor=Actor(),
                          overrides={"rounds_limit": 1})
    Robot(finished, rng).play_game()
    game_start(club=other, players=list(Player.objects.filter(display_name="Stranger"))
               + [member(other)], preset="pressman", actor=Actor())
    cup = tournament_services.tournament_create(
        club=club, name="Fuzz Cup", starts_on=date(2026, 6, 1), table_size=4, rounds=2,
        rounds_per_game=1, knockout_size=4, actor=SITE)
    tournament_services.tournament_open(tournament=cup, actor=SITE)
    for player in players:
        tournament_services.registration_add(tournament=cup, player=player, checked_in=True,
                                             actor=SITE)
    rnd = tournament_services.round_generate(tournament=cup, actor=SITE)
    tournament_services.round_publish(tournament_round=rnd, actor=SITE)
    tournament_services.tournament_create(club=club, name="Later Cup",
                                          starts_on=date(2026, 9, 1), actor=SITE)
    # A round still in draft, so the organiser's swap and move forms are on a page.
    draft = tournament_services.tournament_create(club=club, name="Draft Cup",
                                                  starts_on=date(2026, 7, 1), rounds=1, actor=SITE)
    tournament_services.tournament_open(tournament=draft, actor=SITE)
    for player in players[:6]:
        tournament_services.registration_add(tournament=draft, player=player, checked_in=True,
                                             actor=SITE)
    tournament_services.round_generate(tournament=draft, actor=SITE)
    playing.refresh_from_db()
    world = World(club=club, users=users, token=playing.table_token)
    for kind, user in users.items():
        if user is not None:
            client = Client()
            client.force_login(user)
            world.sessions[kind] = client.cookies["sessionid"].value
    return world


_URL_ATTR = re.compile(r'(?:href|action|hx-get|hx-post|src|data-[\w-]*url)="([^"]+)"')
_FIELD = re.compile(r'name="([\w-]+)"')


@dataclass
class Crawl:
    values: dict[str, list[dict]]  # route name -> converter values found in links, each once
    fields: set[str]  # names of every form field seen
    pages: dict[str, str]  # route name -> one path of it that showed an HTML page


def crawl(world: World, limit: int = 200) -> Crawl:
    """What the pages the organiser and the referee can see link to."""
    values: dict[str, list[dict]] = {}
    fields: set[str] = set()
    pages: dict[str, str] = {}
    for kind in ("organiser", "referee"):
        client = world.client(kind)
        queue, seen = ["/", f"/clubs/{world.club.slug}/", "/tournaments/", "/games/"], set()
        queued: dict[str, int] = {}
        while queue and len(seen) < limit:
            path = queue.pop(0)
            if path in seen:
                continue
            seen.add(path)
            response = client.get(path)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            html = response.content.decode()
            match = resolve(path)
            pages.setdefault(":".join(n for n in (match.namespace, match.url_name) if n), path)
            fields.update(_FIELD.findall(html))
            for raw in _URL_ATTR.findall(html):
                link = urlsplit(unescape(raw))
                if link.netloc or not link.path.startswith("/"):
                    continue
                try:
                    match = resolve(link.path)
                except Resolver404:
                    continue
                name = ":".join(n for n in (match.namespace, match.url_name or "") if n)
                kwargs = {k: v for k, v in match.kwargs.items() if k in match.route}
                if kwargs and kwargs not in values.setdefault(name, []):
                    values[name].append(kwargs)
                # A few pages of each kind are enough; breadth finds the deeper ones.
                queued[name] = queued.get(name, 0) + (link.path not in seen)
                if queued[name] <= 6 and not link.path.startswith(
                        ("/admin/", "/accounts/logout", "/static/")):
                    queue.append(link.path)
    return Crawl(values, fields, pages)


def form_field_names() -> set[str]:
    """Every field any form class of the site declares (besides those seen on pages)."""
    from django import forms

    names, stack = set(), [forms.BaseForm]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        names.update(getattr(cls, "base_fields", {}))
    return names


def pools() -> dict[type, list]:
    """Existing ids, slugs and tokens, plus values that name nothing, by converter type."""
    ids = {0, 1, 2, 3, 2**31, 10**18}
    for model in apps.get_models():
        if model._meta.pk.get_internal_type() in ("AutoField", "BigAutoField"):
            ids.update(model.objects.values_list("pk", flat=True)[:50])
    slugs = [*Club.objects.values_list("slug", flat=True),
             *Tournament.objects.values_list("slug", flat=True), "no-such-thing"]
    tokens = [t for t in Game.objects.values_list("table_token", flat=True) if t]
    return {IntConverter: sorted(ids), SlugConverter: slugs,
            StringConverter: [*tokens, "x", "MQ", "no-such-token"]}


def pool_for(converter, pool: dict) -> list:
    for kind, values in pool.items():
        if isinstance(converter, kind):
            return values
    return ["x"]


def fingerprint(exclude_apps=("sessions", "axes")) -> tuple:
    """Row counts of every model's table (and on PostgreSQL a digest of their contents), in
    one query: what a refused request must leave unchanged."""
    tables = sorted({m._meta.db_table for m in apps.get_models()
                     if m._meta.app_label not in exclude_apps and m._meta.managed})
    qn = connection.ops.quote_name
    if connection.vendor == "postgresql":
        parts = [f"(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) "
                 f"FROM {qn(t)} t)" for t in tables]
    else:
        parts = [f"(SELECT count(*) FROM {qn(t)})" for t in tables]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts))
        return tuple(zip(tables, cursor.fetchone(), strict=True))
