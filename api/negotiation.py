from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation


class JsonOnly(BaseContentNegotiation):
    """Our endpoints speak JSON alone: no Accept header to parse on every request (a live game
    is polled every few seconds by every spectator). Views with a choice of renderers (the
    schema: YAML or JSON) negotiate as usual."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        if len(renderers) > 1:
            return DefaultContentNegotiation().select_renderer(request, renderers, format_suffix)
        return renderers[0], renderers[0].media_type
