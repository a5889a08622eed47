"""What every API view shares: read-only GET with ETags, lists in pages."""

from rest_framework import generics

from ..conditional import ConditionalMixin
from ..pagination import Pages


class ReadView(ConditionalMixin, generics.GenericAPIView):
    pass


class ListView(ConditionalMixin, generics.ListAPIView):
    pagination_class = Pages

