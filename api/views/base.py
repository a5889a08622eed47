"""What every API view shares: read-only GET with ETags, lists in pages, and answers kept per
version of the data they show."""

from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs import data_version
from clubs.page_cache import Shared

from ..conditional import ConditionalMixin, not_modified
from ..pagination import Pages


class _Lean:
    # JSON is the only answer, so there is no "Vary: Accept" to add, and "Allow" tells nothing
    # to a GET. Saves work on every poll.
    @property
    def default_response_headers(self) -> dict:
        return {}


class _Versioned:
    """With ``scopes`` (the parts of the data the answer shows, clubs/data_version.py), the
    JSON is rendered once per version of those parts and address, and kept for every client
    (clubs.page_cache.Shared), with an ETag made from the versions. Such an answer (or a 304)
    is given once the client's throttle allows it, before DRF wraps the request, which costs
    more than the answer; anything else, a throttled client included, goes the usual way."""

    scopes: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        data_version.scopes_declared(cls.scopes, f"{cls.__module__}.{cls.__qualname__}")

    def dispatch(self, request, *args, **kwargs):
        if not self.scopes or request.method not in ("GET", "HEAD"):
            return super().dispatch(request, *args, **kwargs)
        shared = Shared(request, self.scopes)
        answer = not_modified(request, shared.etag) or shared.stored()
        if answer is not None and all(throttle.allow_request(request, self)
                                      for throttle in self.get_throttles()):
            return answer
        return shared.store(super().dispatch(request, *args, **kwargs))


class ReadView(_Versioned, _Lean, ConditionalMixin, generics.GenericAPIView):
    pass


class ListView(_Versioned, _Lean, ConditionalMixin, generics.ListAPIView):
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

