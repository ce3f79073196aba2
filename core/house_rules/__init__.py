"""HOUSE RULES: a two-player abstract on a 6x7 board where the rules themselves
change as cards are played (rules: docs/rules/house-rules.md).

Seat 0 plays White, seat 1 Black.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from core import GAMES
from core.engine import Bot, Coach, Game
from core.house_rules.actions import (
    Action,
    EndTurn,
    Move,
    Pass,
    PlaceMarker,
    PlayCard,
    Revive,
    Swap,
    TakeBonus,
)
from core.house_rules import actions
from core.house_rules.cards import CARD_BY_ID, CARDS, Card
from core.engine import NotationError
from core.house_rules.notation import from_text
from core.house_rules.actions import Options, validate_options
from core.house_rules.board import Pawn
from core.house_rules.state import HouseRulesState

if TYPE_CHECKING:
    from core.house_rules.puzzles import HouseRulesPuzzles  # imported on first use


class HouseRulesGame(Game[HouseRulesState, Action, Options]):
    info = GAMES.info("house-rules")
    _kit: HouseRulesPuzzles | None = None
    Options = Options
    Action = Action
    # The new-game form, --help and messages (the flags are --cards, --random-cards,
    # --first: the labels use the same words). Game.check_options checks the choices.
    option_labels = {"cards": "Cards", "random_cards": "Random cards", "first": "First player"}
    option_choices = {"cards": ["hands", "none", "random"], "random_cards": list(range(2, 11)),
                      "first": ["white", "black"]}
    option_help = {"cards": "hands: each player holds the five cards of their colour; none: play without "
                            "cards; random: cards drawn at the start, in force from the first move",
                   "random_cards": "how many cards are drawn with --cards random",
                   "first": "the colour that moves first"}

    def new(self, seats: int = 2, seed: int = 0, options: actions.Options | None = None) -> HouseRulesState:
        self.check_seats(seats)
        options = options if options is not None else Options()
        validate_options(options)
        return HouseRulesState.start(seed, options)

    def from_text(self, text: str) -> HouseRulesState:
        return from_text(text)

    def make_bot(self, level: str, rng: random.Random, iterations: int | None = None) -> Bot[HouseRulesState, actions.Action]:
        from core.house_rules.bots import make_bot

        return make_bot(level, rng, iterations)

    def puzzle_kit(self) -> HouseRulesPuzzles:
        if self._kit is None:
            from core.house_rules.puzzles import HouseRulesPuzzles

            self._kit = HouseRulesPuzzles(self)
        return self._kit

    def coach(self) -> Coach[HouseRulesState, actions.Action]:
        from core.house_rules.coach import COACH

        return COACH


GAME = HouseRulesGame()

__all__ = [
    "GAME", "Action", "Card", "CARDS", "CARD_BY_ID", "EndTurn", "HouseRulesState", "Move",
    "NotationError", "Options", "Pass", "Pawn", "PlaceMarker", "PlayCard", "Revive", "Swap",
    "TakeBonus",
]
