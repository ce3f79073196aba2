"""HOUSES - Skirmish: the rules engine (game id `skirmish`).

Rules in our words, every ruling and the notation: docs/rules/skirmish.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from core import GAMES
from core.engine import Bot, Coach, Game, NotationError
from core.skirmish import actions
from core.skirmish.actions import Action, Options
from core.skirmish.notation import parse
from core.skirmish.state import SkirmishState

if TYPE_CHECKING:
    from core.skirmish.puzzles import SkirmishPuzzles  # imported on first use

_KIT: SkirmishPuzzles | None = None  # the puzzles' kit, made on first use


class Skirmish(Game[SkirmishState, Action, Options]):
    info = GAMES.info("skirmish")
    Options = Options
    Action = Action
    # The new-game form (tui/screens/new_game.py) labels the options with these.
    option_labels = {"jokers": "Play with the two Jokers"}
    option_choices = {}
    option_help = {"jokers": "54 cards with the two Jokers, 52 without"}

    def new(self, seats: int, seed: int, options: actions.Options | None = None) -> SkirmishState:
        self.check_seats(seats)
        opts = options if options is not None else Options()
        s = SkirmishState(seats, opts.jokers)
        s.seed = seed
        s._setup()
        return s

    def from_text(self, text: str) -> SkirmishState:
        """Read a position in the notation of docs/rules/skirmish.md; NotationError
        (a ValueError) with the reason when the text is not one."""
        try:
            return parse(SkirmishState, text)
        except NotationError:
            raise
        except ValueError as e:  # a number or a card that is not one: the same words
            raise NotationError(str(e)) from None
        except (KeyError, IndexError, TypeError) as e:
            raise NotationError(f"Not a readable Skirmish position: {e!r}") from None

    def make_bot(self, level: str, rng: random.Random | None = None,
                 iterations: int | None = None) -> Bot[SkirmishState, actions.Action]:
        """The computer opponent for `level` ("easy", "normal", "hard"): see bots.py."""
        from core.skirmish.bots import make_bot
        return make_bot(level, rng, iterations)

    def puzzle_kit(self) -> SkirmishPuzzles:
        """The puzzles' kit (core/skirmish/puzzles.py), made once."""
        global _KIT
        if _KIT is None:
            from core.skirmish.puzzles import SkirmishPuzzles
            _KIT = SkirmishPuzzles(self)
        return _KIT

    def coach(self) -> Coach[SkirmishState, actions.Action]:
        from core.skirmish.coach import COACH

        return COACH


GAME = Skirmish()

__all__ = ["GAME", "Options", "Skirmish", "SkirmishState", "actions"]
