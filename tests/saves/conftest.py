"""Toy games for the saves tests, registered by monkeypatching core.GAMES, so these
tests do not depend on any real engine's internals."""

from __future__ import annotations

import types

import msgspec
import pytest

import core

from core.engine import Game, Line, Outcome, State, typed_check


class ToyOptions(msgspec.Struct, frozen=True):
    target: int = 10


class Add(msgspec.Struct, frozen=True, tag="add"):
    n: int


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    pass


ToyAction = Add | Roll


class ToyState(State):
    """Players take turns adding 1-3 to a total, or rolling a die (chance in the
    state); whoever reaches the target wins."""

    game_id = "toy"

    def __init__(self, seats: int, seed: int, target: int) -> None:
        self.seats = seats
        self.seed = seed
        self.counter = 0
        self.target = target
        self.total = 0
        self.to_move = 0
        self.over = False
        self.outcome = None
        self.log = []
        self.prompt = "Add 1 to 3, or roll"

    def legal_actions(self):
        if self.over:
            return []
        return [Add(1), Add(2), Add(3), Roll()]

    @typed_check(Add, Roll)
    def check(self, action):
        if self.over:
            return "The game is over."
        if isinstance(action, Add) and action.n == 0:  # a refusal that names a seat (a Line)
            return Line("{0} {0:adds/add} 1 to 3; {1} added last.", self.to_move, (self.to_move - 1) % self.seats)
        if isinstance(action, Add) and not 1 <= action.n <= 3:
            return f"You may add 1 to 3, not {action.n}."
        if not isinstance(action, (Add, Roll)):
            return "That is not a toy move."
        return None

    def play(self, action):
        from core.engine import chance

        if isinstance(action, Roll):
            n = chance(self.seed, self.counter).randint(1, 6)
            self.counter += 1
        else:
            n = action.n
        self.total += n
        self.log.append(f"Seat {self.to_move + 1} adds {n}")
        if self.total >= self.target:
            self.over = True
            self.outcome = Outcome((self.to_move,), "reached the target", (0.0,) * self.seats)
            self.to_move = None
        else:
            self.to_move = (self.to_move + 1) % self.seats

    def clone(self):
        s = ToyState.__new__(ToyState)
        s.__dict__.update(self.__dict__)
        s.log = list(self.log)
        return s

    def view(self, seat):
        return self.clone()  # nothing is hidden in the toy game

    def to_text(self):
        return f"toy {self.seats} {self.seed} {self.counter} {self.target} {self.total} {self.to_move}"

    def describe(self, action):
        if isinstance(action, Roll):  # words that name a seat (a Line)
            return Line("{0} {0:rolls/roll} the die", self.to_move)
        return f"add {action.n}"


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    seats = range(1, 3)
    Options = ToyOptions
    Action = ToyAction

    def new(self, seats, seed, options=None):
        self.check_seats(seats)
        options = options or ToyOptions()
        return ToyState(seats, seed, options.target)


class Flip(msgspec.Struct, frozen=True, tag="flip"):
    card: str


class OtherGame(ToyGame):
    """Another game with other actions, to make foreign saves."""

    id = "other"
    title = "Other"
    Action = Flip


TOY = ToyGame()
OTHER = OtherGame()


@pytest.fixture
def games(monkeypatch):
    """core.GAMES with the toy games added (the real ones stay)."""
    registry = dict(core.GAMES)
    registry["toy"] = TOY
    registry["other"] = OTHER
    monkeypatch.setattr(core, "GAMES", registry)
    return registry


@pytest.fixture
def store(tmp_path, games):
    from saves import Store

    return Store(tmp_path / "home")


@pytest.fixture
def toy():
    """The toy classes, for tests (conftest is not importable under importlib mode)."""
    return types.SimpleNamespace(Add=Add, Roll=Roll, Flip=Flip, TOY=TOY, OTHER=OTHER, ToyOptions=ToyOptions)
