"""Site-wide pages that belong to no single app: the home page and the error pages."""

from django.shortcuts import render


def home(request):
    return render(request, "home.html")


def error_403(request, exception=None):
    return render(request, "errors/403.html", status=403)


def error_404(request, exception=None):
    return render(request, "errors/404.html", status=404)


def error_500(request):
    return render(request, "errors/500.html", status=500)
