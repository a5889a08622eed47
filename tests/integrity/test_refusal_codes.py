"""One refusal shape for the apps' services (clubs/refusals.py): every code an app's services
raise is read from their source and must be worded by the app's messages.py in each language,
as the cores' codes are (tests/*/test_core_errors.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from clubs import messages as club_messages
from clubs.refusals import Refused
from clubs.services import NotAllowed
from scoring import messages as scoring_messages
from scoring import services as scoring_services
from scoring.engine.errors import CODES as ENGINE_CODES
from scoring.replay import ResultClosed
from tournaments import messages as tournament_messages
from tournaments.services import Refused as TournamentRefused

ROOT = Path(__file__).resolve().parents[2]

# Where each app's services raise, and the app's words for them.
APPS = {
    "clubs": (["clubs/*.py"], club_messages.refusal),
    "tournaments": (["tournaments/services/*.py", "tournaments/*.py"],
                    tournament_messages.refusal),
    "scoring": (["scoring/*.py", "scoring/views/*.py"], scoring_messages.refusal),
}

SCORING_CODES = {"stale-version", "stale-correction", "not-playing", "finished-not-abandoned",
                 "abandoned-no-result", "key-reused", "reason-missing", "not-finished",
                 "result-closed"}


def kinds(app: str) -> set[type]:
    """The kinds of Refused an app defines: its services raise them with a code."""
    found, todo = set(), [Refused]
    while todo:
        for kind in todo.pop().__subclasses__():
            todo.append(kind)
            if kind.__module__.split(".")[0] == app:
                found.add(kind)
    return found


class _Value(int):
    """A param that reads as a number, a count or a list of names, as its sentence takes it."""

    def __len__(self):
        return 2

    def __iter__(self):
        return iter(["Anna", "Boris"])


class _Params(dict):
    """A refusal's params as the sentence asks for them: whatever it names is there."""

    def __missing__(self, key):
        return _Value(2)


def raised_codes(app: str) -> set[str]:
    """The codes the app's source raises its kinds of Refused with: ``Kind("code", …)``."""
    names = "|".join(sorted(kind.__name__ for kind in kinds(app)))
    raised = re.compile(rf'\b(?:{names})\(\s*"([a-z0-9-]+)"')
    return {code for pattern in APPS[app][0] for path in ROOT.glob(pattern)
            for code in raised.findall(path.read_text())}


def test_the_apps_refusals_share_one_shape():
    assert issubclass(NotAllowed, Refused) and issubclass(TournamentRefused, Refused)
    assert {scoring_services.Conflict, scoring_services.NotPlaying, scoring_services.KeyReused,
            scoring_services.ReopenRefused, ResultClosed} == kinds("scoring")
    assert raised_codes("clubs") == {"organiser-kept", "wrong-password", "email-same",
                                     "email-taken", "email-not-sent", "email-link-invalid"}
    assert len(raised_codes("tournaments")) > 30
    assert raised_codes("scoring") == SCORING_CODES


def test_scorings_refusal_codes_are_not_the_engines():
    """One function words both (scoring.messages.refusal): a code means one thing."""
    assert not SCORING_CODES & (ENGINE_CODES | scoring_messages.APP_CODES)


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
@pytest.mark.parametrize("app", sorted(APPS))
def test_every_code_an_app_raises_is_worded(app, lang):
    words = APPS[app][1]
    unworded = []
    for code in sorted(raised_codes(app)):
        error = Refused(code)  # the words read only the code and the params
        error.params = _Params()
        with translation.override(lang):
            text = words(error)
        with translation.override("en"):
            english = words(error)
        # The fallback names the bare code; a worded refusal never does, nor stays English.
        if code in text or not text.strip() or (lang != "en" and text == english):
            unworded.append(code)
    assert not unworded, unworded


def test_every_service_takes_its_actor_without_a_default():
    """No service takes a missing actor as the trusted site: the site is named (SITE)."""
    import importlib
    import inspect
    import pkgutil

    import tournaments.services

    modules = ["clubs.services", "clubs.newcomers", "scoring.services", "scoring.sheets",
               "scoring.records", "scoring.record_rows"]
    modules += [f"tournaments.services.{m.name}"
                for m in pkgutil.iter_modules(tournaments.services.__path__)]
    defaulted, checked = [], 0
    for name in modules:
        module = importlib.import_module(name)
        for fname, function in vars(module).items():
            if not inspect.isfunction(function) or function.__module__ != name:
                continue
            actor = inspect.signature(function).parameters.get("actor")
            if actor is None:
                continue
            checked += 1
            # A tablet's claim on a game (``asking``) carries who asks; a service taking one
            # refuses to run with neither (tested in tests/scoring/test_services.py).
            if (actor.default is not inspect.Parameter.empty
                    and "asking" not in inspect.signature(function).parameters):
                defaulted.append(f"{name}.{fname}")
    assert checked > 30
    assert not defaulted, defaulted
