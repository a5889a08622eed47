"""The layers in spirit: a lower app names nothing of an upper app's schema or addresses.

import-linter (pyproject.toml) proves that clubs, scoring and ratings import nothing from the
apps above them; this test covers what an import does not show. It reads their code and
templates for the names by which an upper app would leak in through a string or a reverse
relation: the reverse accessors and lookups that upper apps' foreign keys add to a lower app's
models (a game's ``ratings``, a player's ``registrations``, ``tournament_table__round__…``) and
the upper apps' URL namespaces (``{% url 'tournaments:detail' %}``). A rename upstairs would
break those at run time while the import graph stays green.

What a lower page needs from above is composed one floor up or contributed through a registry
(docs/architecture.md, "Telling an upper app something" and "Page parts from above").
"""

from __future__ import annotations

import re
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[2]
# From the bottom up: the layers contract of pyproject.toml, read upside down.
ORDER = ["clubs", "scoring", "ratings", "tournaments", "archive", "api", "config"]
GUARDED = ["clubs", "scoring", "ratings"]
# URL namespaces of each app (config's pages have none).
NAMESPACES = {"clubs": ["clubs"], "scoring": ["scoring"], "ratings": ["ratings"],
              "tournaments": ["tournaments"], "archive": ["archive"], "api": ["api", "embed"],
              "config": []}

# Leaks known and not yet removed: (file, name) -> why it is still there. The test fails when
# one is gone, so that the list only shrinks.
KNOWN: dict[tuple[str, str], str] = {}


def reverse_names(app: str, above: str | None = None) -> set[str]:
    """The reverse accessors that apps above ``above`` (by default ``app``) add to ``app``'s
    models."""
    above = above or app
    names = set()
    for model in apps.get_models():
        upper = model._meta.app_label
        if upper not in ORDER or ORDER.index(upper) <= ORDER.index(above):
            continue
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model):
                continue
            if field.related_model._meta.app_label != app:
                continue
            accessor = field.remote_field.get_accessor_name()
            if accessor and not accessor.endswith("+"):
                names.add(accessor)
                names.add(field.related_query_name())
    return names


def lower_reverse_names(app: str) -> set[str]:
    """Reverse names that the apps above ``app`` add to its models and those below it."""
    return set().union(*(reverse_names(a, app) for a in ORDER[: ORDER.index(app) + 1]))


def upper_namespaces(app: str) -> list[str]:
    return [ns for a in ORDER[ORDER.index(app) + 1:] for ns in NAMESPACES[a]]


def sources(app: str):
    base = ROOT / app
    for path in sorted(base.rglob("*")):
        if "migrations" in path.parts or path.suffix not in (".py", ".html", ".txt"):
            continue
        yield path


def _code_lines(path: Path):
    """Lines of code, without comments and docstrings (they may speak of the apps above)."""
    text = path.read_text()
    if path.suffix == ".py":
        text = re.sub(r'"""[\s\S]*?"""', lambda m: "\n" * m.group().count("\n"), text)
    else:
        text = re.sub(r"{#[\s\S]*?#}|{% comment %}[\s\S]*?{% endcomment %}",
                      lambda m: "\n" * m.group().count("\n"), text)
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("#", 1)[0] if path.suffix == ".py" else line
        yield number, code


def leaks(app: str) -> dict[tuple[str, str], list[str]]:
    names = sorted(lower_reverse_names(app))
    alternatives = "|".join(names)
    # An attribute (game.ratings), a lookup (tournament_table__round), or the bare name given
    # to the queryset methods that follow relations ("rating" in select_related).
    relation = re.compile(rf"\.({alternatives})\b|\b({alternatives})__\w")
    follow = re.compile(r"(?:select_related|prefetch_related|Prefetch|values|values_list|only)"
                        rf"\([^)]*['\"]({alternatives})['\"]")
    spaces = upper_namespaces(app)
    address = re.compile(rf"['\"]({'|'.join(spaces)}):[\w-]+['\"]")
    found: dict[tuple[str, str], list[str]] = {}
    for path in sources(app):
        where = str(path.relative_to(ROOT))
        for number, code in _code_lines(path):
            for match in [*relation.finditer(code), *follow.finditer(code)]:
                name = next(g for g in match.groups() if g)
                found.setdefault((where, name), []).append(f"{number}: {code.strip()}")
            for match in address.finditer(code):
                found.setdefault((where, match.group(1) + ":"), []).append(
                    f"{number}: {code.strip()}")
    return found


def test_the_names_the_guard_looks_for_are_real():
    assert {"ratings", "tournament_table"} <= lower_reverse_names("scoring")
    assert {"registrations", "rating", "game_ratings", "tournaments"} <= reverse_names("clubs")
    assert upper_namespaces("ratings") == ["tournaments", "archive", "api", "embed"]


def test_lower_apps_name_no_upper_relation_lookup_or_address():
    found = {key: lines for app in GUARDED for key, lines in leaks(app).items()}
    new = {key: lines for key, lines in found.items() if key not in KNOWN}
    assert not new, "\n".join(f"{where}: {name}: {lines}" for (where, name), lines in new.items())
    gone = sorted(set(KNOWN) - set(found))
    assert not gone, f"no longer found, take them off KNOWN: {gone}"
