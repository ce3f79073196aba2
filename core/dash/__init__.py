"""Icehouse Dash (game id `dash`): placeholder while the engine is being written."""

from __future__ import annotations

import msgspec

from core.engine import Game


class Options(msgspec.Struct, frozen=True):
    hidden_hands: bool = False
    winnable: bool = False


class Play(msgspec.Struct, frozen=True, tag="play"):
    card: str
    side: str
    src: str


class DashGame(Game):
    id = "dash"
    title = "Icehouse Dash"
    seats = range(1, 5)
    Options = Options
    Action = Play
    cooperative = True


GAME = DashGame()
