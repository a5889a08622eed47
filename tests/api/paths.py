"""Every API endpoint, as a path in a given world: the schema tests walk them all."""

from django.urls import reverse


def api_paths(world) -> dict[str, str]:
    """Operation path template in the schema → a real path to fetch."""
    slug, club = world.tournament.slug, world.club.slug
    return {
        "/api/v1/clubs/": reverse("api:club-list"),
        "/api/v1/clubs/{slug}/": reverse("api:club-detail", args=[club]),
        "/api/v1/players/": reverse("api:player-list") + f"?club={club}",
        "/api/v1/players/{id}/": reverse("api:player-detail", args=[world.players[0].pk]),
        "/api/v1/rankings/": reverse("api:rankings") + f"?club={world.club.pk}&min_games=1",
        "/api/v1/games/": reverse("api:game-list") + f"?club={club}&status=finished",
        "/api/v1/games/{id}/": reverse("api:game-detail", args=[world.finished_game.pk]),
        "/api/v1/games/{id}/live/": reverse("api:game-live", args=[world.live_game.pk]),
        "/api/v1/tournaments/": reverse("api:tournament-list"),
        "/api/v1/tournaments/{slug}/": reverse("api:tournament-detail", args=[slug]),
        "/api/v1/tournaments/{slug}/rounds/": reverse("api:round-list", args=[slug]),
        "/api/v1/tournaments/{slug}/rounds/{number}/": reverse("api:round-detail",
                                                               args=[slug, 1]),
        "/api/v1/tournaments/{slug}/standings/": reverse("api:standings", args=[slug]),
        "/api/v1/tournaments/{slug}/bracket/": reverse("api:bracket", args=[slug]),
    }


def more_paths(world) -> dict[str, str]:
    """Other shapes of the same answers, by a name: the live state of a finished game, a
    knockout round, the second page of a list, the inactive rankings, the games of a player."""
    return {
        "finished game, live": reverse("api:game-live", args=[world.finished_game.pk]),
        "live game, detail": reverse("api:game-detail", args=[world.live_game.pk]),
        "knockout round": reverse("api:round-detail", args=[world.tournament.slug, 3]),
        "games, page 2": reverse("api:game-list") + "?page=2&page_size=2",
        "inactive rankings": reverse("api:rankings") + "?inactive=true",
        "games of a player": reverse("api:game-list") + f"?player={world.players[1].pk}",
        "games of a tournament": reverse("api:game-list") + f"?tournament={world.tournament.slug}",
    }
