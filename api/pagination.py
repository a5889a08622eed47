from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    """?page=N, and ?page_size= up to 200 (50 by default, as the rankings page shows)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
