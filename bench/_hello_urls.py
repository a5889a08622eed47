from django.http import HttpResponse
from django.urls import include, path


def hello(request):
    return HttpResponse(b"Hello, world", content_type="text/plain")


urlpatterns = [path("hello/", hello), path("", include("config.urls"))]
