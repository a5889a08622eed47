"""Player ratings for Triominos games.

A thin, plain-values layer over openskill's Plackett–Luce model (openskill 6.2.0,
model defaults).  Every player is a team of one; a game has 2–6 players and its
final scores decide the placings (higher is better, equal scores share a place).

This module must stay free of Django and of the project's apps (an import-linter
contract checks it), so it deals only in plain values: ``Rating`` in, ``Rating``
out.  See docs/ratings.md for the reasoning behind the numbers used here.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "DEFAULT",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PROVISIONAL_SIGMA",
    "GameResult",
    "Rating",
    "RatingChange",
    "display",
    "is_provisional",
    "placings",
    "rate_game",
    "rate_places",
    "recompute",
    "uncertainty",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6

# Display scale: 1000 + 30 * (mu - 3 sigma).  30 points per unit of mu makes a
# 400-point gap mean roughly 10:1 head-to-head odds between well-established
# players, as on the Elo scale (400 / (sqrt(2) * beta * ln 10) = 29.5 for
# openskill's default beta of 25/6).
DISPLAY_BASE = 1000
DISPLAY_SCALE = 30

# Players whose sigma is above this are shown as provisional.  Measured with
# `bench/ratings.py --provisional`: a newcomer joining an established club gets
# below it after a median of 13 games of 2-4 players (docs/ratings.md).
PROVISIONAL_SIGMA = 5.0

# One model for the whole process: building it per game would be wasted work,
# and all its parameters are the library defaults, so it holds no state that a
# rating call could change (rate() only mutates it when given limit_sigma).
_MODEL = PlackettLuce()
_rate = _MODEL.rate
_OpenskillRating = PlackettLuceRating


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: mean ``mu`` and standard deviation ``sigma``."""

    mu: float
    sigma: float


# Taken from the model itself so the two can never disagree.
DEFAULT = Rating(mu=_MODEL.mu, sigma=_MODEL.sigma)


def placings(scores: Sequence[int | float]) -> list[int]:
    """Return the 1-based place of each final score, higher scores placing better.

    Equal scores share the best place they cover and the next place is skipped
    (standard competition ranking): ``placings([50, 80, 50, 10]) == [2, 1, 2, 4]``.
    Raises ``ValueError`` for a score that is not finite (NaN would make every
    comparison false and silently produce nonsense places).
    """
    values = tuple(scores)
    for score in values:
        if not math.isfinite(score):
            raise ValueError(f"score must be a finite number, got {score!r}")
    ascending = sorted(values)
    # bisect_right counts the scores <= s, so n + 1 minus it is 1 + (scores > s).
    top = len(values) + 1
    return [top - bisect_right(ascending, score) for score in values]


def _check_game(n_ratings: int, n_results: int) -> None:
    if n_ratings != n_results:
        raise ValueError(f"{n_ratings} ratings but {n_results} results")
    if not MIN_PLAYERS <= n_ratings <= MAX_PLAYERS:
        raise ValueError(
            f"a game has {MIN_PLAYERS}-{MAX_PLAYERS} players, got {n_ratings}"
        )


def rate_places(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Rate one game given each player's place (1 = winner; equal places are ties).

    ``ratings`` and ``places`` are in the same player order; the new ratings come
    back in that order.  Only the order of the places matters, so ``[1, 1, 3]``
    and ``[1, 1, 2]`` rate the same way.
    """
    _check_game(len(ratings), len(places))
    ranks = list(places)
    for place in ranks:
        # openskill truncates ranks with int(), so a fractional place would be
        # merged with its neighbour instead of rejected.
        if not isinstance(place, int) or isinstance(place, bool) or place < 1:
            raise ValueError(f"a place must be a positive int, got {place!r}")
    teams = [[_OpenskillRating(r.mu, r.sigma)] for r in ratings]
    return [Rating(team[0].mu, team[0].sigma) for team in _rate(teams, ranks=ranks)]


def rate_game(ratings: Sequence[Rating], scores: Sequence[int | float]) -> list[Rating]:
    """Rate one game from each player's final score (higher wins, equal ties).

    ``ratings`` and ``scores`` are in the same player order; the new ratings come
    back in that order.  Applying this to every game in turn gives exactly the
    same floats as ``recompute`` over those games.
    """
    _check_game(len(ratings), len(scores))
    return rate_places(ratings, placings(scores))


def display(r: Rating) -> int:
    """The one number shown to players: ``1000 + round(30 * (mu - 3 * sigma))``.

    It is the conservative estimate openskill calls the ordinal, so a new player
    shows exactly 1000 and climbs as the rating gets surer.
    """
    return DISPLAY_BASE + round(DISPLAY_SCALE * (r.mu - 3.0 * r.sigma))


def uncertainty(r: Rating) -> int:
    """One standard deviation of the skill estimate in display points: ``round(30 * sigma)``.

    The displayed number sits three of these below the best guess of skill.
    """
    return round(DISPLAY_SCALE * r.sigma)


def is_provisional(r: Rating) -> bool:
    """True while the rating is still too unsure to rank on: ``sigma > 5.0``."""
    return r.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: its key, the players and their final scores, in one order."""

    game_key: Hashable
    player_keys: tuple[Hashable, ...]
    scores: tuple[int | float, ...]

    def __post_init__(self) -> None:
        # Coerce to tuples so a stored result cannot change under a recompute.
        players = tuple(self.player_keys)
        scores = tuple(self.scores)
        object.__setattr__(self, "player_keys", players)
        object.__setattr__(self, "scores", scores)
        _check_game(len(players), len(scores))
        if len(set(players)) != len(players):
            raise ValueError(f"a player appears twice in game {self.game_key!r}")
        for score in scores:
            if not math.isfinite(score):
                raise ValueError(f"score must be a finite number, got {score!r}")

    @classmethod
    def from_pairs(
        cls, game_key: Hashable, pairs: Iterable[tuple[Hashable, int | float]]
    ) -> GameResult:
        """Build a result from ``(player_key, final_score)`` pairs."""
        pairs = list(pairs)
        return cls(game_key, tuple(p for p, _ in pairs), tuple(s for _, s in pairs))


class RatingChange(NamedTuple):
    """One player's rating just before and just after one game.

    The four floats are stored directly and ``before``/``after`` are built on
    access: ``recompute`` makes one of these per player per game, and holding
    two ``Rating`` objects each would double the objects it allocates and the
    garbage collector keeps rescanning (measured at ~20% of recompute time).
    Use ``RatingChange.of(key, before, after)`` to build one from ratings.
    """

    player_key: Hashable
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float

    @classmethod
    def of(cls, player_key: Hashable, before: Rating, after: Rating) -> RatingChange:
        """Build a change from the ratings before and after a game."""
        return cls(player_key, before.mu, before.sigma, after.mu, after.sigma)

    @property
    def before(self) -> Rating:
        """The rating the player took into the game."""
        return Rating(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Rating:
        """The rating the game left the player with."""
        return Rating(self.mu_after, self.sigma_after)

    @property
    def display_delta(self) -> int:
        """How much the displayed number moved in this game."""
        return display(self.after) - display(self.before)


def recompute(
    games: Iterable[GameResult],
    start: Mapping[Hashable, Rating] | None = None,
) -> tuple[dict[Hashable, Rating], dict[Hashable, list[RatingChange]]]:
    """Rate ``games`` one after another, in the order given (game-finish order).

    Players start from ``start`` (a player missing from it starts at ``DEFAULT``).
    Returns the final rating of every player seen, including those in ``start``,
    and for each game key the list of changes in that game's player order.  The
    floats are identical to calling ``rate_game`` game by game, so recomputing
    from a corrected game onwards, starting from the ratings as they stood before
    it, gives the same result as recomputing everything from scratch.
    """
    start = start or {}
    changes: dict[Hashable, list[RatingChange]] = {}
    # openskill's own rating objects, kept between games as a bare openskill
    # loop would: rebuilding them every game costs a uuid4 per player, a large
    # share of the per-game time.  rate() returns fresh objects and leaves its
    # inputs alone, so the previous ones can be read after the call.
    native: dict[Hashable, PlackettLuceRating] = {}
    default = DEFAULT
    rate = _rate
    make = _OpenskillRating
    # Skips the Python-level NamedTuple constructor; same tuple either way.
    new_change = tuple.__new__
    for game in games:
        game_key = game.game_key
        if game_key in changes:
            raise ValueError(f"game {game_key!r} appears twice")
        players = game.player_keys
        teams = []
        for player in players:
            obj = native.get(player)
            if obj is None:
                r = start.get(player, default)
                obj = make(r.mu, r.sigma)
            teams.append([obj])
        rated = rate(teams, ranks=placings(game.scores))
        game_changes = []
        for player, (old,), (new,) in zip(players, teams, rated):
            native[player] = new
            game_changes.append(
                new_change(
                    RatingChange, (player, old.mu, old.sigma, new.mu, new.sigma)
                )
            )
        changes[game_key] = game_changes
    ratings = dict(start)
    for player, obj in native.items():
        ratings[player] = Rating(obj.mu, obj.sigma)
    return ratings, changes
