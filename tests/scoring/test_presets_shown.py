"""The presets the site names (clubs/models.py, below the scoring app, so it cannot import the
engine) are exactly the engine's, and a name that states a target states the engine's."""

import re

from django.utils import translation

from clubs.models import PRESET_CHOICES, PRESET_NAMES
from scoring.engine import PRESETS, rules_resolve


def test_the_site_names_every_engine_preset_and_no_other():
    assert [key for key, _label in PRESET_CHOICES] == list(PRESETS)
    assert list(PRESET_NAMES) == list(PRESETS)


def test_a_choice_states_the_engines_target():
    with translation.override("en"):
        for key, label in PRESET_CHOICES:
            assert re.search(r"\b(\d+)\)$", str(label)).group(1) == str(rules_resolve(key).target)
