"""Pairing tests are pure Python: no Django, no Celery.

The project-wide ``celery_mode`` fixture (tests/conftest.py) is autouse and
imports the Celery app, which loads Django settings; overriding it here
keeps these tests independent of the web stack, as the package itself is.
"""

import pytest


@pytest.fixture(autouse=True)
def celery_mode():
    """No Celery here (overrides the project-wide autouse fixture)."""
    yield "none"
