"""Today's TOWN 77 solo deal: the same deal for everybody on a date."""

from __future__ import annotations

import saves


def start_daily_town(app) -> None:
    """Start the solo game of `app.today` (the home menu's "Today's TOWN 77")."""
    from core import GAMES
    from core.town.solo import daily_seed

    game = GAMES["town"]
    seats = [saves.Seat(name=app.settings.player_name, kind="human", level=None)]
    app.start_game("town", seats, daily_seed(app.today), game.Options())
