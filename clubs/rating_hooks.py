"""Where finished (or reopened) games reach the ratings. Filled in by the ratings work."""


def game_results_changed(game_id: int) -> None:
    return None
