"""The engine protocol every game implements (docs/architecture.md, "The engine protocol").

A game is a stateless `Game` object that makes `State`s. A state holds the whole
position, including its own chance (a seed and a counter, never a live RNG shared
with anybody), the pending decision and the log. Everything a player decides is an
`Action`: a tagged msgspec Struct, so actions save as JSON and compare by value.

This module imports nothing outside the standard library and msgspec, so bots,
saves and tests can use it without pulling in the UI.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import random
import string
import typing
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Protocol, Self, TypeVar

import msgspec

if TYPE_CHECKING:
    # For the checker only: both import this module.
    from core.ai.coach import Analysis, Stop
    from core.puzzles.kit import PuzzleKit


class NotationError(ValueError):
    """A position text (a game's notation, `Game.from_text`) that cannot be read;
    the message says why, in words a player reads. A ValueError, so code that
    catches ValueError keeps working."""


class RefusalKind(enum.Enum):
    """What kind of no `check` says (docs/architecture.md, "Refusals"): the app and
    the host act on this, never on the words. The values go on the wire."""

    NOT_YOUR_TURN = "not-your-turn"  # whoever asks may not move now (a Match knows who asks)
    NOT_LEGAL = "not-legal"          # a move of this game that the rules refuse now
    MALFORMED = "malformed"          # not a move of this game, or a field of the wrong kind
    GAME_OVER = "game-over"          # nobody moves any more


class Refusal(str):
    """Why an action is refused: a `kind` to act on and the words a player reads.

    A str (its words, the default reading), so every caller that shows a reason or
    tests it for None keeps working; `words` keeps them as written (a Line keeps its
    seats: `said(refusal, names)` draws it with the players' names)."""

    kind: RefusalKind
    words: str

    def __new__(cls, kind: RefusalKind, words: str) -> Refusal:
        self = str.__new__(cls, words)
        self.kind, self.words = kind, words
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle keep the kind
        return Refusal, (self.kind, self.words)

    def __repr__(self) -> str:
        return f"Refusal({self.kind.name}, {str(self)!r})"

    def text(self, names: typing.Sequence[str]) -> str:
        return said(self.words, names)


def refused(reason: str, kind: RefusalKind = RefusalKind.NOT_LEGAL) -> Refusal:
    """`reason` as a Refusal (one already is keeps its own kind)."""
    return reason if isinstance(reason, Refusal) else Refusal(kind, reason)


def typed_check(*actions: object) -> Callable[[Callable[..., str | None]], Callable[..., Refusal | None]]:
    """Decorates a game's `State.check`, whose words say why, so that it returns a
    `Refusal` of the right kind: GAME_OVER once the game is over, MALFORMED for
    anything but one of the game's `actions` (Structs, or a Union of them) with every
    field of its declared kind, NOT_LEGAL for the rest. The kinds are decided here,
    the same for every game, from the position and the action, never from the words."""
    kinds: tuple[type, ...] = tuple(t for a in actions for t in (typing.get_args(a) or (a,)))

    def decorate(check: Callable[..., str | None]) -> Callable[..., Refusal | None]:
        @functools.wraps(check)
        def checked(self: State[Any], action: object) -> Refusal | None:  # anything: see above
            reason = check(self, action)
            if reason is None or isinstance(reason, Refusal):
                return reason
            if self.over:
                return Refusal(RefusalKind.GAME_OVER, reason)
            if not isinstance(action, kinds) or bad_field(action) is not None:
                return Refusal(RefusalKind.MALFORMED, reason)
            return Refusal(RefusalKind.NOT_LEGAL, reason)
        return checked
    return decorate


class IllegalAction(Exception):
    """Raised by `State.apply` for an action that is not legal now.

    The state is left exactly as it was; `reason` says why, in words a player reads
    (a `Refusal`: `kind` says what kind of no)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = refused(reason)
        self.kind = self.reason.kind


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended: the winning seats (empty for a shared loss or a draw that
    nobody wins), the reason in words, and a score for each seat."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...]


class NoOptions(msgspec.Struct, frozen=True):
    """Options of a game that has none."""


# A deal number (seed) a player may give: a whole number from 0 to MAX_SEED (a
# 64-bit database column holds it; the deals of the day use 13 digits).
MAX_SEED = 10**15 - 1


def parse_seed(text: object) -> int:
    """The deal number in `text` (or an int), or ValueError saying why in words."""
    value = str(text).strip()
    if not value.isdigit() or not value.isascii():
        raise ValueError(f"The deal number must be a whole number from 0 to {MAX_SEED}, not {value!r}.")
    seed = int(value)
    if seed > MAX_SEED:
        raise ValueError(f"The deal number must be from 0 to {MAX_SEED}, not {seed}.")
    return seed


def describe_choices(choices: list[Any]) -> str:
    """The allowed values in words: "2 to 10" for a run of whole numbers, else
    "hands, none or random"."""
    if len(choices) > 2 and all(type(c) is int for c in choices) and choices == list(range(choices[0], choices[-1] + 1)):
        return f"{choices[0]} to {choices[-1]}"
    words = [str(c) for c in choices]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def describe_seats(seats: range) -> str:
    """ "2 players", "2 to 4 players", "1 player"."""
    lo, hi = seats.start, seats.stop - 1
    if lo == hi:
        return f"{lo} player{'s' if lo != 1 else ''}"
    return f"{lo} to {hi} players"


def chance(seed: int, counter: int) -> random.Random:
    """A fresh RNG for the `counter`-th random event of a game started with `seed`.

    States keep just two ints for their chance, so `clone` is a copy of two ints and
    replay is exact. Bots never call this with a state's numbers: they use their own
    RNG.
    """
    return random.Random(seed * 1_000_003 + counter)


class _Named:
    """A seat's name as a template placeholder sees it. `{0}` is the name; `{0:a/b}`
    is `a`, or `b` when the name is "You" (a verb: `{0:draws/draw}`); `{0:obj}` is
    the name, or "you" mid-sentence; `{0:'s}` is "Ann's", or "your"."""

    __slots__ = ("name", "you")

    def __init__(self, name: str) -> None:
        self.name = name
        self.you = name == "You"

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.name
        if spec == "obj":
            return "you" if self.you else self.name
        if spec == "'s":
            return "your" if self.you else self.name + "'s"
        one, _, you = spec.partition("/")
        return you if self.you else one


def seat_word(seat: int) -> str:
    """The default name of a seat, as the engine speaks of it: "Player 2"."""
    return f"Player {seat + 1}"


class Line(str):
    """A log line or a prompt that speaks of seats: the engine writes it once and
    each reader draws it with the seats' names (`text`). As a str it is the default
    reading, "Player 2 draws a card.", so code that reads strings keeps working.

    `template` is a str.format template: `{0}`, `{1}` are the seats given (see
    _Named for verb forms chosen for "You"), `{name}` the other `words`. The first
    letter is always upper case ("your Joker" starts a line as "Your Joker")."""

    template: str
    seats: tuple[int, ...]
    words: dict[str, str]

    def __new__(cls, template: str, *seats: int, **words: str) -> Line:
        # A Line never changes, so the same words give back the same object: a game
        # logs the same few thousand lines over and over, and making one (a str
        # subclass with its fields) costs four to six f-strings (docs/performance.md).
        key = (template, seats, *words.items()) if words else (template, seats)
        self = _MADE.get(key)
        if self is not None:
            return self
        default = _DEFAULTS.get((template, seats))
        if default is None:
            default = _DEFAULTS[(template, seats)] = _default_template(template, seats)
        self = str.__new__(cls, default.format_map(words) if words else default)
        self.template, self.seats, self.words = template, seats, words
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()  # bounded (see _MADE_MAX); the lines in use come back at once
        _MADE[key] = self
        return self

    def __getnewargs_ex__(self):  # copy and pickle keep the structure
        return (self.template, *self.seats), self.words

    def text(self, names: typing.Sequence[str]) -> str:
        """The line with the seats' names (a seat beyond `names` keeps its default)."""
        return _render(self.template, self.seats, self.words,
                       lambda s: names[s] if 0 <= s < len(names) else seat_word(s))

    def to_builtins(self) -> list:
        """Plain data for the wire: [template, seats, words]."""
        return [self.template, list(self.seats), dict(self.words)]

    @classmethod
    def from_builtins(cls, data: Any) -> Line:
        template, seats, words = data
        return cls(template, *seats, **words)


# A template with its seats, once, as a plain template of the default reading (fast:
# games write many lines): ("{0} {0:draws/draw} {card}", (1,)) -> "Player 2 draws {card}".
# A line starting with a word (`{card}`) is given it capitalised by the game.
_DEFAULTS: dict[tuple[str, tuple[int, ...]], str] = {}
# The Lines made so far, by template, seats and words (Line.__new__). About 1 KB a
# Line with its key and words, so at most ~4 MiB: at 50,000 a long-lived host kept up
# to ~50 MiB (issue 22). 1,000 random Skirmish games make 13,221 different Lines of
# 200,440; with this cap 16% of them are made anew instead of 7% (docs/performance.md).
_MADE: dict[tuple, Line] = {}
_MADE_MAX = 4_096


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _default_template(template: str, seats: tuple[int, ...]) -> str:
    out = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        out.append(_escape(literal))
        if field is None:
            continue
        if not field.isdigit():
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
            continue
        out.append(_escape(format(_Named(seat_word(seats[int(field)])), spec or "")))
    text = "".join(out)
    return text[:1].upper() + text[1:]


def _render(template: str, seats: tuple[int, ...], words: dict[str, str], name) -> str:
    text = template.format(*(_Named(name(s)) for s in seats), **words)
    return text[:1].upper() + text[1:]


def said(text: str, names: typing.Sequence[str]) -> str:
    """`text` drawn with the seats' names: a Line's (or a Refusal's) `text`, a plain
    str as it is."""
    return text.text(names) if isinstance(text, (Line, Refusal)) else str(text)


def lines_to_wire(lines: typing.Iterable[str]) -> list:
    """A log as plain data (msgspec encodes no str subclass): a Line as its
    `to_builtins` list, a plain line as its str. `lines_from_wire` reads it back."""
    return [line.to_builtins() if isinstance(line, Line) else str(line) for line in lines]


def lines_from_wire(data: typing.Iterable[Any]) -> list[str]:
    return [Line.from_builtins(x) if isinstance(x, list) else str(x) for x in data]


_FIELD_TYPES: dict[type, list[tuple[str, Any]]] = {}


def _fits(value: Any, hint: Any) -> bool:
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint in (str, float):
        return isinstance(value, hint)
    if typing.get_origin(hint) is tuple:  # the length is the game's to judge, in words
        inner = [a for a in typing.get_args(hint) if a is not Ellipsis]
        return isinstance(value, tuple) and all(_fits(x, inner[0]) for x in value) if inner else isinstance(value, tuple)
    return True  # a kind this check does not know: the game judges it


def bad_field(action: object) -> str | None:
    """The name of the first field of the action Struct `action` whose value is not
    of its declared kind (a hand-made action can hold anything; decoded ones are
    checked by msgspec already), else None. Lets `check` answer in words instead
    of failing on, say, a card that is None."""
    cls = type(action)
    fields = _FIELD_TYPES.get(cls)
    if fields is None:
        names = getattr(cls, "__struct_fields__", ())
        hints = typing.get_type_hints(cls) if names else {}
        fields = _FIELD_TYPES[cls] = [(n, hints.get(n, Any)) for n in names]
    for name, hint in fields:
        if not _fits(getattr(action, name), hint):
            return name
    return None


# The type parameters of the protocol (docs/architecture.md, "Types"): a game's action
# union (`Action` in its actions.py), its State subclass and its Options Struct.
ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound="State[Any]")
OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)
ViewT = TypeVar("ViewT", contravariant=True)
ChosenT = TypeVar("ChosenT", covariant=True)


class State(Generic[ActionT]):
    """Base class for a game position, generic over the game's action type (a union
    of its action Structs): `class DashState(State[Play])`. Subclasses set the
    attributes below and implement `legal_actions`, `play`, `view`, `determinize`,
    `clone` and `to_text`.

    `apply` is the checked way in: it asks `check` first, so an illegal action raises
    `IllegalAction` and changes nothing. `play` is the unchecked fast path for bots
    and searches that only ever pick from `legal_actions()`.
    """

    game_id: ClassVar[str] = ""

    seats: int
    outcome: Outcome | None
    log: list[str]

    if typing.TYPE_CHECKING:
        # Read-only to every reader: a game may compute these (a property) or keep
        # them (declare `over: bool` on its class and assign it), and both satisfy
        # this. At run time the base class defines nothing, so neither is shadowed.
        @property
        def to_move(self) -> int | None: ...
        @property
        def prompt(self) -> str: ...
        @property
        def over(self) -> bool: ...

    # -- the protocol -------------------------------------------------------------

    def legal_actions(self) -> list[ActionT]:
        raise NotImplementedError

    def check(self, action: ActionT) -> Refusal | None:
        """None if `action` is legal now, else why not: a `Refusal`, its kind and its
        words. Games override this to give a precise reason (their `check` decorated
        with `typed_check`, which gives the kind); this default only knows legal from
        illegal."""
        if self.over:
            return Refusal(RefusalKind.GAME_OVER, "The game is over.")
        if action in self.legal_actions():
            return None
        return Refusal(RefusalKind.NOT_LEGAL, "That is not a legal move now.")

    def apply(self, action: ActionT) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.play(action)

    def play(self, action: ActionT) -> None:
        """Apply an action known to be legal (no check)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> Self:
        raise NotImplementedError

    def determinize(self, rng: random.Random) -> Self:
        raise NotImplementedError

    def clone(self) -> Self:
        raise NotImplementedError

    def to_text(self) -> str:
        raise NotImplementedError

    def reveals(self, action: ActionT, seat: int | None) -> bool:
        """Whether `seat` (None: a watcher) may be told `action` itself, its data and
        its words, once it is made from this position; the log says the rest to
        everybody (docs/architecture.md, "Privacy"). Its player always may.

        This default tells a seat only a move its own view finds legal now: such a
        move names nothing hidden from it. A game with hidden information overrides
        this with what its moves show (a card laid face up, a tile given back face
        down), from its own data about who knows what, never from its words."""
        if seat is not None and seat == self.to_move:
            return True
        return self.view(seat).check(action) is None

    # -- conveniences shared by every game ---------------------------------------

    def describe(self, action: ActionT) -> str:
        """The action in words, for the log, hints and the UI. Games override."""
        return str(action)


@dataclasses.dataclass(frozen=True)
class Daily:
    """A game's deal of the day as the app and the host show it (docs/architecture.md,
    "The engine protocol"). The day's result is `Game.daily_result`."""

    menu: str  # the home menu's entry, before ", deal of 4 Dec 2026"
    command: str  # its name in the command palette
    command_help: str  # and the palette's line under it
    board: str  # the host's leaderboard of the day's results
    measure: str  # what a result's count is, a column heading: "Cards"
    more_is_better: bool  # whether a higher count ranks first
    ranked: bool = False  # whether a result earns a rank in words (`Game.rank`)


@dataclasses.dataclass(frozen=True)
class Measure:
    """A solo result a game's statistics keep the best of (`Game.solo_results`)."""

    words: str  # how the statistics screen names it: "tiles placed"
    more_is_better: bool
    ranked: bool = False  # whether a value earns a rank in words (`Game.rank`)


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What the menus, the host and the tests know of a game without importing its
    rules (OpenSpiel's GameType, in spirit): one entry of the registry, core.GAMES.
    `module` is the package whose `GAME` is the game; its `Game` subclass takes
    `id`, `title`, `seats` and `cooperative` from here (`Game.info`)."""

    id: str
    module: str
    title: str
    seats: range
    cooperative: bool = False  # the players win or lose together; no bots, no ratings
    hidden_information: bool = False  # some seat may not see everything (hands, a deck's order)
    daily: Daily | None = None  # its deal of the day, if it has one
    puzzles: bool = False  # it ships puzzles (`Game.puzzle_kit`, core/puzzles)

    @property
    def solo(self) -> bool:
        """Whether one person can play it alone."""
        return 1 in self.seats

    @property
    def rated(self) -> bool:
        """Whether a host rates its tables: competitive games only."""
        return not self.cooperative


# The fixed strength of each bot level on a host's ratings (host/ratings.py), the mu of
# an OpenSkill rating; a game may say otherwise (`Game.bot_ratings`).
BOT_RATINGS: dict[str, float] = {"easy": 18.0, "normal": 25.0, "hard": 32.0}


class Bot(Protocol[ViewT, ChosenT]):
    """A computer player (`Game.make_bot`): picks one of `view.legal_actions()` within
    about `budget_s` seconds. `Bot[DashState, Play]` for a game's own bots; code that
    plays any game holds an `AnyBot`."""

    def choose(self, view: ViewT, budget_s: float) -> ChosenT: ...


class Coach(Generic[StateT, ActionT]):
    """A game's teacher, driven by core/ai/coach.py (docs/architecture.md, "Coach").
    `Game.coach()` gives the game's one; the base has no lost-move finder."""

    # Whether `lost_move` can name the move that lost a game (Icehouse Dash).
    finds_lost_move: bool = False

    def analyse(self, view: StateT, budget_s: float, rng: random.Random, include: tuple[ActionT, ...],
                effort: int | None, stop: Stop | None) -> Analysis:
        """The hard bot's search from `view`, looking at `include` too."""
        raise NotImplementedError

    def reason(self, view: StateT, action: ActionT, analysis: Analysis) -> str:
        """What `action` does and why, in words (at most core.ai.coach.REASON_MAX)."""
        raise NotImplementedError

    def lost_move(self, start: StateT, seats_actions: typing.Sequence[tuple[int | None, ActionT]],
                  stop: Stop | None, *, budget_s: float,
                  progress: Callable[[int, int], None] | None = None) -> tuple[int, ActionT] | None:
        """(index, better action) of the move after which the game could no longer be
        won, or None. Only asked when `finds_lost_move`."""
        return None


class Game(Generic[StateT, ActionT, OptionsT]):
    """A game's rules: stateless, one instance per game, registered in core.GAMES.
    Generic over its State subclass, its action union and its Options Struct:
    `class DashGame(Game[DashState, Play, Options])`; code for any game holds an
    `AnyGame`.

    Every game subclasses this; the methods and attributes below with a default
    are the optional parts of the protocol (declared here, so callers never probe
    with getattr): bots, coach, option labels and checks, a daily deal, solo results.
    A subclass sets `info` (its registry entry); `id`, `title`, `seats` and
    `cooperative` are taken from it, so they are said in one place."""

    info: ClassVar[GameInfo]
    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[range]
    # Not ClassVars: a ClassVar may not name a type parameter. A game assigns both in
    # its class body. `Action` is its action union: a Union of Structs is a value no
    # `type[...]` can hold, so `object` (msgspec.convert takes it as it is).
    Options: type[OptionsT]
    Action: ClassVar[object]
    # Whether the players win or lose together (Dash); competitive games are False.
    cooperative: ClassVar[bool] = False
    # The fixed rating strength of each bot level on a host (host/ratings.py).
    bot_ratings: ClassVar[dict[str, float]] = BOT_RATINGS
    # The solo results the statistics keep the best of, by name (`solo_results`).
    solo_measures: ClassVar[dict[str, Measure]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.id, cls.title, cls.seats, cls.cooperative = info.id, info.title, info.seats, info.cooperative
    # The new-game form: a label for an option field (else its name) and the
    # choices of a field that has a fixed few (else typed in).
    option_labels: ClassVar[dict[str, str]] = {}
    option_choices: ClassVar[dict[str, list[Any]]] = {}  # the values of any option field's kind
    # What an option does, in a few words (`houses new GAME --help`).
    option_help: ClassVar[dict[str, str]] = {}

    def new(self, seats: int, seed: int, options: OptionsT | None = None) -> StateT:
        raise NotImplementedError

    def from_text(self, text: str) -> StateT:
        """Read a position in the game's notation; NotationError (a ValueError)
        saying why when the text is not one."""
        raise NotImplementedError

    def make_bot(self, level: str, rng: random.Random, iterations: int | None = None) -> Bot[StateT, ActionT]:
        """A computer player at `level` (core.ai.LEVELS) with its own `rng`: an
        object with `choose(view, budget_s)`. `iterations` caps a searching level's
        work a decision (nodes, iterations), for games the same on any machine.
        ValueError for a game without bots."""
        raise ValueError(f"{self.title} has no computer players.")

    def coach(self) -> Coach[StateT, ActionT]:
        """The game's coach (hints, reviews). ValueError for a game without one."""
        raise ValueError(f"{self.title} has no coach.")

    def puzzle_kit(self) -> PuzzleKit[StateT, ActionT]:
        """The game's core.puzzles.PuzzleKit (start, judge, verify and mine its
        puzzles). ValueError for a game without puzzles."""
        raise ValueError(f"{self.title} has no puzzles.")

    def option_label(self, name: str) -> str:
        """The words a player reads for option field `name`: its label on the
        new-game form, in `--help` and in every message about it."""
        return self.option_labels.get(name) or name.replace("_", " ").capitalize()

    def check_options(self, options: OptionsT) -> str | None:
        """None if `options` make a game, else why not, in the words of the form's
        labels (the new-game form and the command line both ask this). Every field
        with a fixed few choices must hold one of them; a game with more to check
        extends this."""
        for field in msgspec.structs.fields(self.Options):
            choices = self.option_choices.get(field.name)
            value = getattr(options, field.name)
            if choices is not None and (value not in choices or type(value) is not type(field.default)):
                return f"{self.option_label(field.name)} must be {describe_choices(choices)}, not {value!r}."
        return None

    def daily_seed(self, date: datetime.date) -> int | None:
        """The seed of the day's deal on `date` (the same for everybody), or None
        for a game without a daily deal."""
        return None

    def daily_options(self) -> OptionsT:
        """The options of the day's deal (the game's defaults unless it says otherwise)."""
        return self.options_from_builtins(None)

    def daily_result(self, state: StateT) -> tuple[bool, int, str | None]:
        """What a finished deal of the day came to: won, its count (`info.daily.measure`)
        and its rank in words (None unless `info.daily.ranked`). The app reports it and
        the host counts it again from the moves (host/community.py)."""
        raise ValueError(f"{self.title} has no deal of the day.")

    def solo_results(self, state: StateT) -> dict[str, float]:
        """A finished solo game's results to keep the best of, by a name of
        `solo_measures` (none for a game played with others)."""
        return {}

    def rank(self, measure: str, value: float) -> str | None:
        """The rank in words a result earns (`Measure.ranked`, `Daily.ranked`), else None."""
        return None

    # -- actions and options as plain data (for saves and the command line) ------
    # The plain data (`Any` below) is JSON-shaped builtins, untyped by nature: what a
    # save, the wire or a command line holds before msgspec checks it.

    def action_to_builtins(self, action: ActionT) -> Any:
        return msgspec.to_builtins(action)

    def action_from_builtins(self, data: Any) -> ActionT:
        """Raises msgspec.ValidationError for data that is not one of our actions."""
        action: ActionT = msgspec.convert(data, self.Action)
        return action

    def options_to_builtins(self, options: OptionsT | None) -> Any:
        return msgspec.to_builtins(options if options is not None else self.Options())

    def options_from_builtins(self, data: Any) -> OptionsT:
        return msgspec.convert(data or {}, self.Options)

    def check_seats(self, seats: int) -> None:
        if seats not in self.seats:
            raise ValueError(f"{self.title} is for {describe_seats(self.seats)}, not {seats}.")


# What code that handles any game holds (core/match.py, core/ai, saves, host, tui):
# honest there, since such code works for every game; each game's own code is checked
# with its real types.
AnyState = State[Any]
AnyGame = Game[Any, Any, Any]
AnyBot = Bot[Any, Any]
AnyCoach = Coach[Any, Any]
