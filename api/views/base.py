"""What every API view shares: read-only GET with ETags, lists in pages."""

from rest_framework import generics

from ..conditional import ConditionalMixin
from ..pagination import Pages


class _Lean:
    # JSON is the only answer, so there is no "Vary: Accept" to add, and "Allow" tells nothing
    # to a GET. Saves work on every poll.
    @property
    def default_response_headers(self) -> dict:
        return {}


class ReadView(_Lean, ConditionalMixin, generics.GenericAPIView):
    pass


class ListView(_Lean, ConditionalMixin, generics.ListAPIView):
    pagination_class = Pages

