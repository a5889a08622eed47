"""What every API view shares: read-only GET with ETags, lists in pages."""

from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

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


class DetailView(ReadView):
    """One thing: ``get_object`` finds it (or answers 404, see :func:`found`), the serializer
    says it. By default the thing is the queryset's row whose ``lookup_field`` is in the URL,
    and a 404 says ``missing``."""

    missing = ""

    def get_object(self):
        field = self.lookup_field
        return found(self.get_queryset().filter(**{field: self.kwargs[field]}).first(),
                     self.missing)

    def get(self, request, **kwargs):
        return Response(self.get_serializer(self.get_object()).data)


def found(thing, missing: str):
    """``thing``, or a 404 saying ``missing`` when there is none."""
    if thing is None:
        raise NotFound(missing)
    return thing

