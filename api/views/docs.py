from django.http import HttpResponse
from drf_spectacular.views import SpectacularSwaggerSplitView


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI from our own static files (drf-spectacular-sidecar), its start-up script a
    separate request: no CDN, no inline script or style."""

    template_name = "api/swagger_ui.html"

    def options(self, request, *args, **kwargs):
        # DRF describes a view for OPTIONS through its renderer, which for this page is a
        # template renderer with no template for a description; say what it answers instead.
        return HttpResponse(headers={"Allow": ", ".join(self.allowed_methods)})
