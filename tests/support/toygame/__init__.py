"""A toy fifth game for the tests: Nim, two players take 1 to 3 counters from one
heap, and whoever takes the last counter wins (docs/architecture.md, "Adding a game").

It is written the way a real game is (a Game with its GameInfo, a State, notation,
bots, a coach, a screen) but lives only here: `registered()` adds it to core.GAMES
and the app's screens for the length of a test, so the generic tests cover a game
that nothing outside its own package names."""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

import msgspec

from core import GAMES
from core.ai.basic import RandomBot
from core.engine import Bot, Coach, Game, GameInfo, Line, NotationError, Outcome, State, typed_check

if TYPE_CHECKING:
    from core.ai.coach import Analysis, Stop
    from toygame.puzzles import NimKit

ID = "toy-nim"
INFO = GameInfo(ID, "toygame", "Toy Nim", range(2, 3), puzzles=True)
MOST = 3  # counters a turn


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    heap: int = 9


class Take(msgspec.Struct, frozen=True, tag="take"):
    count: int


class NimState(State[Take]):
    """The heap and whose turn it is; no chance, nothing hidden."""

    game_id = ID

    def __init__(self, heap: int, to_move: int = 0) -> None:
        self.seats = 2
        self.heap = heap
        self.current = to_move
        self.log: list[str] = []
        self.over = heap == 0
        self.outcome: Outcome | None = None

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.current

    @property
    def prompt(self) -> str:
        return f"Take 1 to {min(MOST, self.heap)} of the {self.heap} counters."

    def legal_actions(self) -> list[Take]:
        return [] if self.over else [Take(n) for n in range(1, min(MOST, self.heap) + 1)]

    @typed_check(Take)
    def check(self, action: object) -> str | None:  # anything: a malformed action is told so
        if self.over:
            return "The game is over."
        if not isinstance(action, Take) or type(action.count) is not int:
            return "That is not a move of Toy Nim."
        if not 1 <= action.count <= min(MOST, self.heap):
            return f"Take 1 to {min(MOST, self.heap)} counters, not {action.count}."
        return None

    def play(self, action: Take) -> None:
        self.heap -= action.count
        self.log.append(Line("{0} {0:takes/take} {count}; {left} left.", self.current,
                             count=str(action.count), left=str(self.heap)))
        if self.heap == 0:
            self.over = True
            scores = tuple(1.0 if seat == self.current else 0.0 for seat in range(2))
            self.outcome = Outcome((self.current,), Line("{0} took the last counter.", self.current), scores)
        else:
            self.current = 1 - self.current

    def view(self, seat: int | None) -> NimState:
        return self.clone()

    def determinize(self, rng: random.Random) -> NimState:
        return self.clone()

    def clone(self) -> NimState:
        c = NimState.__new__(NimState)
        c.__dict__.update(self.__dict__)
        c.log = list(self.log)
        return c

    def to_text(self) -> str:
        return f"heap {self.heap} to-move {self.current + 1}"

    def describe(self, action: Take) -> str:
        return f"take {action.count}"


def winning_take(heap: int) -> int | None:
    """The take that leaves a multiple of four (a lost heap for the other player)."""
    return heap % (MOST + 1) or None


class PerfectBot:
    def choose(self, view: NimState, budget_s: float = 0.0) -> Take:
        return Take(winning_take(view.heap) or 1)


def _analyse(view: NimState, budget_s: float, rng: random.Random, include: tuple[Take, ...],
             effort: int | None, stop: Stop | None) -> Analysis:
    from core.ai.coach import Analysis
    from core.ai.common import action_key

    analysis = Analysis(best=PerfectBot().choose(view))
    for action in view.legal_actions():
        left = view.heap - action.count
        value = 1.0 if left % (MOST + 1) == 0 else 0.0
        analysis.values[action_key(action)] = (action, value)
        analysis.proven.add(action_key(action))
    return analysis


def _reason(view: NimState, action: Take, analysis: Analysis) -> str:
    left = view.heap - action.count
    if left % (MOST + 1) == 0:
        return f"Take {action.count}: {left} left, a multiple of four, loses for the other player"
    return f"Take {action.count}: no take leaves a multiple of four"


NimOptions = Options  # its name inside NimGame, whose `Options` is the class attribute


class NimGame(Game[NimState, Take, Options]):
    info = INFO
    Options = Options
    Action = Take

    def new(self, seats: int, seed: int, options: NimOptions | None = None) -> NimState:
        self.check_seats(seats)
        return NimState((options or Options()).heap)

    def from_text(self, text: str) -> NimState:
        parts = text.split()
        if len(parts) != 4 or parts[0] != "heap" or parts[2] != "to-move" or not parts[1].isdigit() \
                or parts[3] not in ("1", "2"):
            raise NotationError("A Toy Nim position reads 'heap N to-move 1'.")
        return NimState(int(parts[1]), int(parts[3]) - 1)

    def check_options(self, options: NimOptions) -> str | None:
        return None if 1 <= options.heap <= 40 else "Heap must be 1 to 40."

    def make_bot(self, level: str, rng: random.Random, iterations: int | None = None) -> Bot[NimState, Take]:
        return RandomBot(rng) if level == "easy" else PerfectBot()

    def coach(self) -> Coach[NimState, Take]:
        from core.ai.coach import GameCoach

        return GameCoach(_analyse, _reason)

    def puzzle_kit(self) -> NimKit:
        from toygame.puzzles import NimKit

        if self._kit is None:
            self._kit = NimKit(self)
        return self._kit

    _kit: NimKit | None = None


GAME = NimGame()

SCREEN = "toygame.screen:NimScreen"


@contextmanager
def registered() -> Iterator[str]:
    """Toy Nim in core.GAMES and the app's screens while the block runs (its id)."""
    from tui.games import SCREENS

    GAMES.register(INFO)
    SCREENS[ID] = SCREEN
    try:
        yield ID
    finally:
        SCREENS.pop(ID, None)
        GAMES.unregister(ID)
