"""The presets people choose among are exactly the engine's, each named, each stating the
engine's target; clubs store a bare code and are offered the same choices in the admin."""

import pytest
from django.utils import translation

from scoring.engine import PRESETS, rules_resolve
from scoring.forms import GameStartForm
from scoring.presets import PRESET_NAMES, preset_choices, preset_name
from tournaments.forms import TournamentForm


def test_every_engine_preset_has_a_name_and_nothing_else_does():
    assert list(PRESET_NAMES) == list(PRESETS)
    assert [code for code, _label in preset_choices()] == list(PRESETS)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["Pressman (box rules), to 400", "TriOminos.ru club rules, to 200", "Goliath, to 400"]),
    ("ru", ["Pressman (правила из коробки), до 400", "Клубные правила TriOminos.ru, до 200",
            "Goliath, до 400"]),
])
def test_a_choice_states_the_engines_target_in_the_readers_language(language, expected):
    with translation.override(language):
        assert [label for _code, label in preset_choices()] == expected
    assert [rules_resolve(code).target for code in PRESETS] == [400, 200, 400]


def test_an_unknown_code_is_shown_as_it_is():
    assert preset_name("house") == "house"


def test_the_forms_offer_the_engines_presets():
    assert [code for code, _label in GameStartForm.base_fields["preset"].choices] == list(PRESETS)
    assert [code for code, _label in TournamentForm.base_fields["preset"].choices] == list(PRESETS)


@pytest.mark.django_db
def test_the_club_admin_offers_the_presets_and_refuses_a_code_it_does_not_know(admin_client, club):
    page = admin_client.get(f"/admin/clubs/club/{club.pk}/change/").content.decode()
    assert '<select name="default_preset"' in page
    assert '<option value="goliath">Goliath, to 400</option>' in page
    form = {"name": club.name, "slug": club.slug, "city": "", "default_target": "300",
            "memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0"}
    refused = admin_client.post(f"/admin/clubs/club/{club.pk}/change/",
                                form | {"default_preset": "house"})
    assert refused.status_code == 200
    assert "Select a valid choice. house is not one of the available choices." in \
        refused.content.decode()
    club.refresh_from_db()
    assert (club.default_preset, club.default_target) != ("house", 300)
    saved = admin_client.post(f"/admin/clubs/club/{club.pk}/change/",
                              form | {"default_preset": "goliath"})
    assert saved.status_code == 302
    club.refresh_from_db()
    assert (club.default_preset, club.default_target) == ("goliath", 300)
