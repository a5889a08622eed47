"""The services' one exception: a refusal with a stable code the views put into words
(tournaments/messages.py), in the shape every app's services share (clubs/refusals.py)."""

from __future__ import annotations

from clubs.refusals import Refused as AppRefused


class Refused(AppRefused):
    """An action the tournament's state does not allow; ``code`` is kebab-case, stable."""
