"""The site's own settings, with a URLconf that adds a bare hello-world view (bench/api.py's
baseline: what Django itself costs per request on this machine, in the same server)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "_hello_urls"
