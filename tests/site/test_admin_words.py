"""The admin speaks the reader's language too: every model it lists or inlines, and every field of
them, has a translatable name, and an audit log shows its actions in words, not codes."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.utils.functional import Promise

from clubs.models import ClubAuditEntry
from scoring.models import AuditEntry
from tournaments.models import TournamentAuditEntry

OUR_APPS = {"clubs", "scoring", "ratings", "tournaments"}


def _shown_names():
    """(model, what, its name) for every model the admin lists or inlines; an inline's link to
    the row it sits in is never shown, so it is left out."""
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label not in OUR_APPS:
            continue
        for shown, parent in [(model, None), *((i.model, model) for i in model_admin.inlines)]:
            yield shown, "<model>", shown._meta.verbose_name
            yield shown, "<models>", shown._meta.verbose_name_plural
            for field in shown._meta.concrete_fields:
                if not field.auto_created and not (parent and field.related_model is parent):
                    yield shown, field.name, field.verbose_name


def test_every_model_and_field_the_admin_shows_has_a_translatable_name():
    untranslated = sorted({f"{model.__name__}.{what}" for model, what, words in _shown_names()
                           if not isinstance(words, Promise)})
    assert untranslated == []


@pytest.mark.parametrize("model", [ClubAuditEntry, AuditEntry, TournamentAuditEntry])
def test_an_audit_log_offers_exactly_its_own_actions(model):
    assert model._meta.get_field("action").choices == model.Action.choices


@pytest.mark.django_db
def test_the_audit_admin_shows_actions_and_columns_in_russian(client, game):
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    assert AuditEntry.objects.filter(game_ref=game.pk, action="start").exists()
    response = client.get("/admin/scoring/auditentry/", HTTP_ACCEPT_LANGUAGE="ru")
    body = response.content.decode()
    assert response.status_code == 200
    assert "партия начата" in body  # the action "start", in the filter and the row
    assert "Номер раунда" in body and "Номер хода" in body  # round_number, turn_number
    game_page = client.get(f"/admin/scoring/game/{game.pk}/change/", HTTP_ACCEPT_LANGUAGE="ru")
    assert game_page.status_code == 200
    assert "Костяшек в базаре" in game_page.content.decode()  # pool_size


@pytest.mark.django_db
def test_the_game_audit_counts_from_one_in_local_time_and_is_found_by_game_number(client, game):
    """Issue 24, item 7: rounds and turns from 1 as people count, entries titled in the site's
    time zone and in words, and a search by the game's number."""
    from datetime import UTC, datetime

    from scoring.services import Actor, turn_record

    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=0,
                actor=Actor())
    entry = AuditEntry.objects.get(game_ref=game.pk, action="turn")
    assert (entry.round_number, entry.turn_number) == (0, 0)  # stored as the engine counts
    listed = client.get("/admin/scoring/auditentry/", {"action__exact": "turn"}).content.decode()
    assert '<td class="field-round_shown">1</td>' in listed
    assert '<td class="field-turn_shown">1</td>' in listed
    page = client.get(f"/admin/scoring/auditentry/{entry.pk}/change/").content.decode()
    assert "field-round_number" not in page and "field-round_shown" in page
    started = AuditEntry.objects.get(game_ref=game.pk, action="start")
    AuditEntry.objects.filter(pk=started.pk).update(at=datetime(2026, 5, 1, 17, 30,
                                                                tzinfo=UTC))
    page = client.get(f"/admin/scoring/auditentry/{started.pk}/change/").content.decode()
    # Europe/Moscow is three hours ahead of UTC; "started", not the code "start".
    assert f"{game.pk}: started, 2026-05-01 20:30" in page
    for query, expected in ((str(game.pk), 2), (f"#{game.pk}", 2), ("no such", 0)):
        found = client.get("/admin/scoring/auditentry/", {"q": query})
        assert found.status_code == 200
        assert found.context["cl"].result_count == expected
