"""TOWN 77 (game id "town"): build a 7x7 town where no row or column repeats a
colour or a house style. 2 to 5 players race to empty their hands; solo is a
puzzle of three face-down stacks. See docs/rules/town.md."""

from __future__ import annotations

import datetime
import random
from typing import TYPE_CHECKING, ClassVar

from core import GAMES
from core.engine import Bot, Coach, Game, Measure
from core.town import actions
from core.town.actions import Action, ChooseStack, Exchange, GiveBack, Keep, Leave, Options, Place
from core.town.notation import parse_text
from core.town.solo import daily_seed
from core.town.state import HAND, SOLO_STACKS, SOLO_START, TownState
from core.town.tiles import CELLS, COLOURS, STYLES, TILES, cell_at, rowcol, sort_key, tile_glyph, tile_name
from core.town.words import level_for, plural

if TYPE_CHECKING:
    from core.town.puzzles import TownPuzzles


_KIT: TownPuzzles | None = None  # the puzzles' kit, made on first use


class TownGame(Game[TownState, Action, Options]):
    info = GAMES.info("town")
    Options = Options
    Action = Action
    solo_measures: ClassVar[dict[str, Measure]] = {"most_tiles_placed": Measure("tiles placed", more_is_better=True, ranked=True)}
    # The new-game form (tui/screens/new_game.py) builds its fields from Options.
    option_labels = {"max_exchanges": "Max exchanges"}
    option_choices = {"max_exchanges": list(range(8))}
    option_help = {"max_exchanges": "how often a player may exchange three tiles in one turn"}

    def new(self, seats: int, seed: int, options: actions.Options | None = None) -> TownState:
        self.check_seats(seats)
        opts = options if options is not None else Options()
        if opts.max_exchanges < 0:
            raise ValueError("max_exchanges cannot be negative.")
        st = TownState()
        st.seats = seats
        st.seed = int(seed)
        st.options = opts
        if seats == 1:
            tiles = list(TILES)
            st._rng().shuffle(tiles)
            a, b, _ = SOLO_STACKS
            st.stacks = [tiles[:a], tiles[a:a + b], tiles[a + b:]]
            st.phase = SOLO_START
            st.current = 0
            st.log.append("Solo: 49 tiles in three face-down stacks of 17, 16 and 16.")
            return st
        bag = list(TILES)
        st.bag = sorted(bag, key=sort_key)
        st.racks = [[] for _ in range(seats)]
        st.limits = [HAND] * seats
        for s in range(seats):
            st._draw(s, HAND)
        rng = st._rng()
        first = st.bag.pop(rng.randrange(len(st.bag)))
        st._put(first, 0)
        st.log.append(f"{plural(seats, 'player')}; {HAND} tiles each. The {tile_name(first)} starts the town in a1.")
        st.current = seats - 1  # so that the first turn goes to seat 0
        st._next_turn()
        return st

    def from_text(self, text: str) -> TownState:
        return parse_text(text)

    def make_bot(self, level: str, rng: random.Random, iterations: int | None = None) -> Bot[TownState, actions.Action]:
        from core.town.bots import make_bot

        return make_bot(level, rng, iterations)

    def puzzle_kit(self) -> TownPuzzles:
        """The puzzles' kit (core/town/puzzles.py), made once."""
        global _KIT
        if _KIT is None:
            from core.town.puzzles import TownPuzzles

            _KIT = TownPuzzles(self)
        return _KIT

    def coach(self) -> Coach[TownState, actions.Action]:
        from core.town.coach import COACH

        return COACH

    def daily_seed(self, date: datetime.date) -> int:
        return daily_seed(date)

    def daily_result(self, state: TownState) -> tuple[bool, int, str | None]:
        """Won (every tile placed), the tiles placed (more is better) and the rank they earn."""
        won = bool(state.outcome and state.outcome.winners)
        return won, state.placed, self.rank("most_tiles_placed", state.placed)

    def solo_results(self, state: TownState) -> dict[str, float]:
        """The tiles placed in a solo game."""
        return {"most_tiles_placed": float(state.placed)} if state.solo else {}

    def rank(self, measure: str, value: float) -> str | None:
        """A solo result's level in words (docs/rules/town.md)."""
        return level_for(int(value))


GAME = TownGame()


__all__ = [
    "GAME", "Action", "CELLS", "COLOURS", "ChooseStack", "Exchange", "GiveBack", "Keep",
    "Leave", "Options", "Place", "STYLES", "TILES", "TownGame", "TownState", "cell_at",
    "rowcol", "tile_glyph", "tile_name",
]
