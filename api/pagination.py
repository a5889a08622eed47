from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    """?page=N, and ?page_size= up to 200 (50 by default, as the rankings page shows)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_paginated_response_schema(self, schema):
        # DRF describes next/previous in OpenAPI 3.0 words ("nullable"); our schema is 3.1.
        link = {"type": ["string", "null"], "format": "uri"}
        return {
            "type": "object",
            "required": ["count", "next", "previous", "results"],
            "properties": {"count": {"type": "integer"}, "next": link, "previous": link,
                           "results": schema},
        }
