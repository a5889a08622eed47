"""Parts of a player's page contributed by the apps above ratings (tournaments: the
tournaments the player entered). Ratings names none of them: each registers its part in its
AppConfig.ready, and the page renders the parts in that order below the player's games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerPart:
    """A template and what it shows of one player (``context(player)``, a fixed number of
    queries: the page's query budget counts it)."""

    template: str
    context: Callable[[object], dict]


_PARTS: list[PlayerPart] = []


def player_part_register(template: str, context: Callable[[object], dict]) -> None:
    if all(part.template != template for part in _PARTS):  # ready() may run twice in tests
        _PARTS.append(PlayerPart(template, context))


def player_parts(player) -> list[tuple[str, dict]]:
    """(template, context) of every registered part, for ``{% include %}``."""
    return [(part.template, part.context(player)) for part in _PARTS]
