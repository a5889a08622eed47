from drf_spectacular.views import SpectacularSwaggerSplitView


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI from our own static files (drf-spectacular-sidecar), its start-up script a
    separate request: no CDN, no inline script or style."""

    template_name = "api/swagger_ui.html"
