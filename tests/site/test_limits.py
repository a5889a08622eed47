"""Request bodies over the site's limits get a page that says so (413/400), never a 500, and
nothing is written (issue 9, item 3)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee_client(club, referee):
    client = Client(raise_request_exception=False)
    client.force_login(referee)
    return client, club


def test_a_body_over_the_limit_is_refused_before_it_is_read(referee_client, settings):
    client, club = referee_client
    upload = SimpleUploadedFile("big.json", b" " * (settings.REQUEST_MAX_BYTES + 1))
    response = client.post(reverse("scoring:game-import"), {"club": club.pk, "record": upload})
    assert response.status_code == 413
    body = response.content.decode()
    assert "too large" in body and "576.0\u00a0KB" in body
    assert not Game.objects.exists()


def test_the_413_page_is_translated(referee_client):
    client, club = referee_client
    upload = SimpleUploadedFile("big.json", b" " * 10_000_000)
    response = client.post(reverse("scoring:game-import"), {"club": club.pk, "record": upload},
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 413
    assert "слишком" in response.content.decode()


def test_a_record_file_over_its_own_limit_gets_the_form_back(referee_client, settings):
    client, club = referee_client
    upload = SimpleUploadedFile("big.json", b" " * (settings.RECORD_MAX_BYTES + 10))
    response = client.post(reverse("scoring:game-import"), {"club": club.pk, "record": upload})
    assert response.status_code == 200
    assert "The file is larger than 512.0\u00a0KB" in response.content.decode()
    assert not Game.objects.exists()


def test_a_nonsense_content_length_is_a_bad_request():
    response = Client(raise_request_exception=False).post(
        reverse("login"), "username=a", content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH="lots")
    assert response.status_code == 400
    assert "could not be read" in response.content.decode()


def test_too_many_fields_is_a_bad_request(settings):
    fields = "&".join(f"f{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = Client(raise_request_exception=False).post(
        reverse("login"), fields, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "could not be read" in response.content.decode()


@pytest.mark.parametrize("method", ["put", "patch", "delete", "trace"])
def test_a_method_no_page_takes_is_refused_in_words_before_the_view(referee_client, method):
    client, club = referee_client
    game_url = reverse("scoring:game-new")
    for path in ("/", game_url, f"/clubs/{club.slug}/", "/embed/clubs/x/top/"):
        response = getattr(client, method)(path)
        assert response.status_code == 405, path
        assert response["Allow"] == "GET, HEAD, POST, OPTIONS"
        assert "does not take that request" in response.content.decode()
    # The read API answers every method itself, in JSON.
    api = getattr(client, method)("/api/v1/clubs/")
    assert api.status_code == 405 and "detail" in api.json()
