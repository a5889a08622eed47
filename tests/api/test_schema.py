"""Every endpoint's answers are valid against the published OpenAPI schema."""

import json
import re

import pytest
from openapi_core import OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse

from tests.api.paths import api_paths, more_paths

pytestmark = pytest.mark.django_db


def schema(client) -> dict:
    response = client.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return json.loads(response.content)


def test_the_schema_is_openapi_3_and_lists_exactly_our_endpoints(client, world):
    spec = schema(client)
    assert spec["openapi"] == "3.1.0"
    assert set(spec["paths"]) == set(api_paths(world))
    assert all(set(ops) == {"get"} for ops in spec["paths"].values())  # read-only


def test_every_endpoint_answers_as_the_schema_says(client, world):
    openapi = OpenAPI.from_dict(schema(client))
    for path in [*api_paths(world).values(), *more_paths(world).values()]:
        response = client.get(path)
        assert response.status_code == 200, (path, response.content[:200])
        assert response["Content-Type"].startswith("application/json")
        # Raises with the offending field when the body does not match the schema.
        openapi.validate_response(DjangoOpenAPIRequest(response.wsgi_request),
                                  DjangoOpenAPIResponse(response))


def test_lists_come_in_pages(client, world):
    body = client.get("/api/v1/games/", {"page_size": 2}).json()
    # Six finished club games and the live one; two Swiss rounds of four tables; two semi-finals.
    assert body["count"] == 6 + 1 + 2 * 4 + 2
    assert len(body["results"]) == 2 and body["next"].endswith("page=2&page_size=2")
    assert client.get("/api/v1/games/", {"page": 999}).status_code == 404


def test_the_docs_page_is_served_from_our_own_static_files(client):
    page = client.get("/api/v1/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in assets
    assert all(a.startswith("/") for a in assets), assets  # no CDN
    script = client.get("/api/v1/docs/", {"script": ""})
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/v1/schema/" in script.content.decode()


def test_the_schema_says_how_rounds_are_counted_and_when_totals_are_null(client):
    components = schema(client)["components"]["schemas"]
    rounds = components["RoundTotals"]["properties"]
    assert "null" in rounds["totals"]["type"] and "null" in rounds["end_points"]["type"]
    assert rounds["number"]["description"] == "Counted from 1."
    assert "counted from 1" in components["Game"]["properties"]["round_number"]["description"]
    assert "lots" in components["Standing"]["properties"]["values"]["description"]
