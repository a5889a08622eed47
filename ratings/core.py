"""Player ratings for Triominos games.

A thin, plain-values layer over openskill's Plackett-Luce model (openskill 6.2.0,
model defaults).  Every player is a team of one; a game has 2-6 players and its
final scores decide the placings (higher is better, equal scores share a place).

This module must stay free of Django and of the project's apps (an import-linter
contract checks it), so it deals only in plain values: ``Rating`` in, ``Rating``
out.  See docs/ratings.md for the reasoning behind the numbers used here.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from .errors import RatingsError

__all__ = [
    "DEFAULT",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PROVISIONAL_SIGMA",
    "GameChanges",
    "GameResult",
    "Rating",
    "RatingChange",
    "RatingsError",
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
# below it after a median of 13 games of 2-4 players, a member of a club that
# starts rating everyone at once after about 28 (docs/ratings.md).
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
    Raises ``RatingsError`` (a ValueError) for a score that is not finite (NaN would make every
    comparison false and silently produce nonsense places).
    """
    values = tuple(scores)
    for score in values:
        if not math.isfinite(score):
            raise RatingsError("score-not-finite",
                               f"score must be a finite number, got {score!r}",
                               {"score": repr(score)})
    ascending = sorted(values)
    # bisect_right counts the scores <= s, so n + 1 minus it is 1 + (scores > s).
    top = len(values) + 1
    return [top - bisect_right(ascending, score) for score in values]


def _check_game(n_ratings: int, n_results: int) -> None:
    if n_ratings != n_results:
        raise RatingsError("results-mismatch", f"{n_ratings} ratings but {n_results} results",
                           {"ratings": n_ratings, "results": n_results})
    if not MIN_PLAYERS <= n_ratings <= MAX_PLAYERS:
        raise RatingsError("player-count",
                           f"a game has {MIN_PLAYERS}-{MAX_PLAYERS} players, got {n_ratings}",
                           {"count": n_ratings, "min": MIN_PLAYERS, "max": MAX_PLAYERS})


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
            raise RatingsError("bad-place", f"a place must be a positive int, got {place!r}",
                               {"place": repr(place)})
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
            raise RatingsError("player-twice", f"a player appears twice in game {self.game_key!r}",
                               {"game": repr(self.game_key)})
        for score in scores:
            if not math.isfinite(score):
                raise RatingsError("score-not-finite",
                                   f"score must be a finite number, got {score!r}",
                                   {"score": repr(score)})

    @classmethod
    def from_pairs(
        cls, game_key: Hashable, pairs: Iterable[tuple[Hashable, int | float]]
    ) -> GameResult:
        """Build a result from ``(player_key, final_score)`` pairs."""
        pairs = list(pairs)
        return cls(game_key, tuple(p for p, _ in pairs), tuple(s for _, s in pairs))


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating just before and just after one game."""

    player_key: Hashable
    before: Rating
    after: Rating

    @property
    def display_delta(self) -> int:
        """How much the displayed number moved in this game."""
        return display(self.after) - display(self.before)


class GameChanges(Sequence[RatingChange]):
    """The rating changes of one game, in the game's player order (read-only).

    Behaves like a list of ``RatingChange`` (len, indexing, iteration, equality
    with a list) but stores only the player keys and four floats per player,
    building the ``RatingChange`` objects when they are read.  A full recompute
    keeps one of these per game.  Keeping a real list with a ``RatingChange``
    and a ``Rating`` per player means seven live objects per 3-player game, all
    allocated in the loop and rescanned by the cyclic garbage collector; in
    bench/ratings.py that version ran at about 1.45x the bare openskill loop,
    this one at about 1.1-1.25x.
    """

    __slots__ = ("_floats", "player_keys")

    def __init__(self, player_keys: tuple[Hashable, ...], floats: tuple[float, ...]) -> None:
        """Low-level constructor: ``floats`` holds mu/sigma before, mu/sigma after,
        for each player in turn.  ``GameChanges.of(changes)`` is the friendly one."""
        if len(floats) != 4 * len(player_keys):
            raise RatingsError("bad-changes", "need four floats per player",
                               {"players": len(player_keys), "floats": len(floats)})
        self.player_keys = player_keys
        self._floats = floats

    @classmethod
    def of(cls, changes: Iterable[RatingChange]) -> GameChanges:
        """Pack ``RatingChange`` objects (of one game) into a ``GameChanges``."""
        changes = list(changes)
        floats = []
        for c in changes:
            floats += (c.before.mu, c.before.sigma, c.after.mu, c.after.sigma)
        return cls(tuple(c.player_key for c in changes), tuple(floats))

    def _change(self, index: int) -> RatingChange:
        f = self._floats
        j = 4 * index
        return RatingChange(
            self.player_keys[index], Rating(f[j], f[j + 1]), Rating(f[j + 2], f[j + 3])
        )

    def __len__(self) -> int:
        return len(self.player_keys)

    def __getitem__(self, index: int | slice) -> RatingChange | list[RatingChange]:
        if isinstance(index, slice):
            return [self._change(i) for i in range(len(self))[index]]
        n = len(self.player_keys)
        if not -n <= index < n:
            raise IndexError("GameChanges index out of range")
        return self._change(index % n)

    def __iter__(self) -> Iterator[RatingChange]:
        return (self._change(i) for i in range(len(self.player_keys)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameChanges):
            return self.player_keys == other.player_keys and self._floats == other._floats
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    # Equal to lists, which are unhashable, so this must not be hashable either.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GameChanges({list(self)!r})"


def recompute(
    games: Iterable[GameResult],
    start: Mapping[Hashable, Rating] | None = None,
) -> tuple[dict[Hashable, Rating], dict[Hashable, GameChanges]]:
    """Rate ``games`` one after another, in the order given (game-finish order).

    Players start from ``start`` (a player missing from it starts at ``DEFAULT``).
    Returns the final rating of every player seen, including those in ``start``,
    and for each game key its changes (a list-like ``GameChanges``) in the game's
    player order.  The floats are identical to calling ``rate_game`` game by
    game, so recomputing from a corrected game onwards, starting from the
    ratings as they stood before it, gives the same result as recomputing
    everything from scratch.  Raises ``RatingsError`` if a game key repeats.
    """
    start = start or {}
    changes: dict[Hashable, GameChanges] = {}
    # openskill's own rating objects, kept between games as a bare openskill
    # loop would: rebuilding them every game costs a uuid4 per player, a large
    # share of the per-game time.  rate() returns fresh objects and leaves its
    # inputs alone, so the previous ones can still be read after the call.
    native: dict[Hashable, PlackettLuceRating] = {}
    default = DEFAULT
    rate = _rate
    make = _OpenskillRating
    for game in games:
        game_key = game.game_key
        if game_key in changes:
            raise RatingsError("game-twice", f"game {game_key!r} appears twice",
                               {"game": repr(game_key)})
        # A no-op for GameResult; keeps a duck-typed game's list out of the result.
        players = tuple(game.player_keys)
        teams = []
        for player in players:
            obj = native.get(player)
            if obj is None:
                r = start.get(player, default)
                obj = make(r.mu, r.sigma)
            teams.append([obj])
        rated = rate(teams, ranks=placings(game.scores))
        floats: list[float] = []
        for player, (old,), (new,) in zip(players, teams, rated, strict=True):
            native[player] = new
            floats += (old.mu, old.sigma, new.mu, new.sigma)
        changes[game_key] = GameChanges(players, tuple(floats))
    ratings = dict(start)
    for player, obj in native.items():
        ratings[player] = Rating(obj.mu, obj.sigma)
    return ratings, changes
