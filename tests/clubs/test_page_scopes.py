"""Page cache scopes are checked when the views are declared: a scope no AppConfig names
(a typo) would read version 0 for ever and serve a stale page; it stops the start instead."""

import pytest
from django.urls import get_resolver

from clubs import data_version
from clubs.page_cache import public_data, public_page


def test_every_scope_declared_by_the_sites_views_is_known():
    get_resolver().url_patterns  # noqa: B018 (loads every view module, and so declares them)
    declared = set(data_version._DECLARED)
    assert declared <= set(data_version.SCOPES)
    assert {"clubs", "scoring", "tournaments"} <= declared


@pytest.mark.parametrize("decorator", [public_page, public_data])
def test_a_scope_no_app_names_is_refused_when_declared(decorator, monkeypatch):
    # The refused declaration stays out of the process's list once the test is over.
    monkeypatch.setattr(data_version, "_DECLARED", dict(data_version._DECLARED))

    def page(request):
        raise AssertionError("never called")

    with pytest.raises(data_version.UnknownScope) as refused:
        decorator("clubs", "tournamnets")(page)
    assert "'tournamnets'" in str(refused.value)
    assert "test_page_scopes" in str(refused.value)
