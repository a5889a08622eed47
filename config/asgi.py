"""The ASGI application: the site's pages (as WSGI serves them) and the WebSocket that pushes
nudges to open pages (clubs/push_socket.py). `make run` serves both through daphne's runserver;
production runs daphne for /ws/ beside gunicorn (docs/deployment.md)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
pages = get_asgi_application()  # sets Django up before the consumer is imported

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from clubs.push_socket import Nudges  # noqa: E402

application = ProtocolTypeRouter({
    "http": pages,
    # Only pages of this site (widgets included: their frame is ours) may open it.
    "websocket": AllowedHostsOriginValidator(URLRouter([path("ws/push/", Nudges.as_asgi())])),
})
