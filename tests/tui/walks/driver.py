"""The walk driver: modes, keys, and the checks made after every key."""

from __future__ import annotations

import asyncio
import random
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key

import saves
from core import GAMES
from every_game import every_game, seating
from tui.start import NewGame, Resume

SIZE = (80, 24)

# Bots think this long in walks (the app's is core.ai.BUDGET_S, read by
# tui.games.base as BOT_BUDGET_S); an answer may take this much longer on busy cores.
BOT_BUDGET_S = 0.05
BOT_SLACK_S = 3.0
# How long one key may keep the app busy (hint searches, a run of bot moves).
SETTLE_TIMEOUT_S = 20.0


@dataclass(frozen=True)
class Mode:
    """One way to play a game: the seats ("human" or a bot level) and options."""

    name: str
    game: str
    kinds: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    ascii: bool = False
    hints: bool = False  # several people, opened with hints (the new-game form's box)

    def seats(self) -> list[saves.Seat]:
        humans = self.kinds.count("human")
        seats = []
        for i, kind in enumerate(self.kinds):
            if kind == "human":
                seats.append(saves.Seat(name="You" if humans == 1 else f"Player {i + 1}"))
            else:
                seats.append(saves.Seat(name=f"{kind.title()} bot {i + 1}", kind="bot", level=kind))
        return seats

    def game_options(self):
        return GAMES[self.game].Options(**self.options)


MODES = [
    Mode("dash-solo", "dash", ("human",)),
    Mode("dash-2-open", "dash", ("human", "human")),
    Mode("dash-2-hidden", "dash", ("human", "human"), {"hidden_hands": True}),
    Mode("dash-4-hidden", "dash", ("human",) * 4, {"hidden_hands": True}),
    Mode("dash-3-open", "dash", ("human",) * 3),
    Mode("hr-easy", "house-rules", ("human", "easy")),
    Mode("hr-normal", "house-rules", ("human", "normal")),
    Mode("hr-hard", "house-rules", ("human", "hard")),
    Mode("hr-hotseat", "house-rules", ("human", "human")),
    Mode("hr-hotseat-hints", "house-rules", ("human", "human"), hints=True),
    Mode("town-easy", "town", ("human", "easy")),
    Mode("town-normal", "town", ("human", "normal")),
    Mode("town-hard", "town", ("human", "hard")),
    Mode("town-4", "town", ("human", "easy", "normal", "hard")),
    Mode("town-5", "town", ("human", "human", "easy", "normal", "hard")),
    Mode("town-hotseat", "town", ("human", "human")),
    Mode("town-solo", "town", ("human",)),
    Mode("sk-easy", "skirmish", ("human", "easy")),
    Mode("sk-normal", "skirmish", ("human", "normal")),
    Mode("sk-hard", "skirmish", ("human", "hard")),
    Mode("sk-4", "skirmish", ("human", "easy", "normal", "hard")),
    Mode("sk-hotseat", "skirmish", ("human", "human")),
    Mode("sk-no-jokers", "skirmish", ("human", "normal"), {"jokers": False}),
    Mode("dash-ascii", "dash", ("human",), ascii=True),
    Mode("hr-ascii", "house-rules", ("human", "normal"), ascii=True),
    Mode("town-ascii", "town", ("human", "easy"), ascii=True),
    Mode("sk-ascii", "skirmish", ("human", "easy"), ascii=True),
]
# A game with no mode above (a new game, the test-only toy) is walked as one person
# plays it: alone if cooperative, else against easy bots (every_game.seating).
MODES += [Mode(f"{game_id}-default", game_id, tuple(seating(game_id)))
          for game_id in every_game() if all(mode.game != game_id for mode in MODES)]

# Every key a player uses, with a weight: moving and choosing make the game go on,
# keys that leave the game are rarer so a walk spends its keys playing.
MOVE = "<move>"
COMMON_KEYS = {
    "up": 6, "down": 6, "left": 6, "right": 6,
    "h": 1, "j": 1, "k": 1, "l": 1, "w": 1, "a": 1, "s": 1, "d": 1,
    "enter": 10, "space": 4, "escape": 3, "tab": 3, "shift+tab": 2,
    **{str(i): 2 for i in range(1, 10)},
    "u": 1, "ctrl+z": 1, "ctrl+r": 1,
    "question_mark": 0.5, "n": 0.5, "q": 0.5, "ctrl+q": 0.2,
    # the keys of the dialogs that open over a game (confirm, game over: r replay, v review)
    "y": 0.5, "r": 0.5, "v": 0.3,
    # Not a key: the walker plays a random legal move as a widget would (submit), so
    # that walks reach the middle and the end of games, where random keys rarely go.
    MOVE: 8,
}
GAME_KEYS = {
    "dash": {"t": 1.5, "r": 0.5},
    "house-rules": {"e": 3, "p": 1, "t": 1},
    "town": {"x": 1.5, "e": 1, "t": 1.5},
    "skirmish": {"e": 5, "t": 1},
}


def keys_for(game_id: str) -> dict[str, float]:
    weights = dict(COMMON_KEYS)
    for key, weight in GAME_KEYS.get(game_id, {"t": 1}).items():
        weights[key] = weights.get(key, 0) + weight
    return weights


def key_sequence(game_id: str, seed: int, length: int) -> list[str]:
    weights = keys_for(game_id)
    return random.Random(seed).choices(list(weights), list(weights.values()), k=length)


class WalkFailure(AssertionError):
    pass


@dataclass
class WalkLog:
    mode: Mode
    seed: int
    keys: list[str] = field(default_factory=list)
    games_started: int = 1
    games_finished: int = 0
    left_and_resumed: int = 0
    bot_moves: list[float] = field(default_factory=list)
    moves_checked: int = 0
    moves_made: int = 0

    def summary(self) -> str:
        return (f"{self.mode.name}: {len(self.keys)} keys, {self.moves_made} moves, {self.games_finished} games over, "
                f"{self.left_and_resumed} left and resumed, {len(self.bot_moves)} bot moves "
                f"(slowest {max(self.bot_moves, default=0):.2f}s)")

    def where(self) -> str:
        return (f"walk {self.mode.name} seed {self.seed}, after {len(self.keys)} keys; "
                f"last keys {self.keys[-25:]}; reproduce: key_sequence({self.mode.game!r}, {self.seed}, "
                f"{len(self.keys)})")


def install_bot_timer(monkeypatch, log_ref: list) -> None:
    """Give bots the small walk budget, and time each answer."""
    import core.ai
    import tui.games.base

    monkeypatch.setattr(tui.games.base, "BOT_BUDGET_S", BOT_BUDGET_S)
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", str(BOT_BUDGET_S))  # hints (t) think as briefly
    monkeypatch.setenv("HOUSES_REVIEW_BUDGET_S", "0.01")  # a review (v after a game): its decisions too
    real_bot = core.ai.bot

    class TimedBot:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, view, budget_s):
            started = time.perf_counter()
            try:
                return self.inner.choose(view, budget_s)
            finally:
                if log_ref:
                    log_ref[0].bot_moves.append(time.perf_counter() - started)

        def stop(self):
            stop = getattr(self.inner, "stop", None)
            if stop is not None:
                stop()

    monkeypatch.setattr(core.ai, "bot", lambda *a, **k: TimedBot(real_bot(*a, **k)))


def game_screen(app):
    """The game screen in the stack (the top one), or None."""
    from tui.games.base import GameScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    return None


async def press(pilot, key: str) -> None:
    """Press one key as Pilot.press does, but wait for the app by its message queues
    rather than by wall-clock idleness (Pilot's ~70 ms a key would make walks too slow),
    then draw the screen so a widget that cannot render fails here."""
    app = pilot.app
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)
    await drain(pilot)


async def drain(pilot) -> None:
    """Wait until the app and the screen have handled every message, and draw."""
    app = pilot.app
    for _ in range(3):  # a key is forwarded app -> screen -> focused widget
        await pilot._wait_for_screen()
    if not app._exit and app._exception is None:
        app.screen._on_timer_update()
        await pilot._wait_for_screen()


async def play_a_move(pilot, screen, rng: random.Random) -> None:
    """Submit a random legal move when a person is to move on the game screen shown."""
    state = screen.state
    if pilot.app.screen is not screen or screen.replay or state.over or screen.is_bot(state.to_move):
        return
    if state.to_move != screen.viewer:
        return  # a hand-over is due: the keys answer it first
    screen.submit(rng.choice(state.legal_actions()))
    await drain(pilot)


async def settle(pilot, log: WalkLog) -> None:
    """Let the app finish what a key started: hint searches, bot moves, saves."""
    app = pilot.app
    deadline = time.perf_counter() + SETTLE_TIMEOUT_S
    while True:
        await drain(pilot)
        if app._exception is not None or app._exit:
            return
        busy = [w for w in app.workers if w.is_running]
        if not busy:
            return
        if time.perf_counter() > deadline:
            raise WalkFailure(f"the app stayed busy over {SETTLE_TIMEOUT_S}s ({[w.name for w in busy]}); {log.where()}")
        await asyncio.sleep(0.002)


def check_alive(app, log: WalkLog) -> None:
    if app._exception is not None:
        raise WalkFailure(f"the app failed: {app._exception!r}; {log.where()}") from app._exception
    for note in list(app._notifications):
        if note.severity == "error":
            raise WalkFailure(f"an error was shown: {note.title}: {note.message}; {log.where()}")


async def check_saved(app, screen, store, log: WalkLog) -> None:
    """The position on screen is the position in the save on disk."""
    await asyncio.to_thread(app.flush_saves)
    on_disk = store.load(screen.save.id)
    if on_disk.cursor != screen.save.cursor:
        raise WalkFailure(f"save on disk at move {on_disk.cursor}, screen at {screen.save.cursor}; {log.where()}")
    saved = saves.replay(on_disk).to_text()
    shown = screen.state.to_text()
    if saved != shown:
        raise WalkFailure(f"screen and save differ;\n--- screen\n{shown}\n--- save\n{saved}\n{log.where()}")
    log.moves_checked += 1


def check_moving(app, screen, log: WalkLog) -> None:
    """Nobody waits forever: a bot to move has answered (settle waited for it), and a
    game not over has someone to move."""
    state = screen.state
    if screen.replay or state.over:
        return
    if state.to_move is None:
        raise WalkFailure(f"the game is not over but nobody is to move; {log.where()}")
    if screen.is_bot(state.to_move) and not any(w.is_running for w in app.workers):
        # a bot to move with no worker thinking: the game stopped
        raise WalkFailure(f"{screen.seat_name(state.to_move)} is to move but is not thinking; {log.where()}")
    slow = [t for t in log.bot_moves if t > BOT_BUDGET_S + BOT_SLACK_S]
    if slow:
        raise WalkFailure(f"a bot took {max(slow):.2f}s with a {BOT_BUDGET_S}s budget; {log.where()}")


def reopen(app, store, save_id: str, unplayed) -> None:
    """Open the game left again, as `houses resume` would. A game left before its
    first move leaves no save (tui/app.py `drop_if_unplayed`): `unplayed` (its save,
    no move in it) is started again on the same deal, under the same id."""
    if unplayed is not None and not store.path(save_id).exists():
        store.write(unplayed)
        app.open_game(unplayed)
    else:
        app.open_game(store.load(save_id))


async def back_into_game(pilot, store, log: WalkLog, save_id: str, cursor: int, text: str,
                         unplayed=None) -> bool:
    """After a key that left the game screen, go back in; True if it was needed.
    The resumed game must show the position it left (bots may have moved on since)."""
    from tui.games.base import GameScreen
    from tui.screens.help import HelpScreen
    from tui.screens.home import HomeScreen
    from tui.screens.new_game import NewGameScreen

    app = pilot.app
    top = app.screen
    if isinstance(top, GameScreen) and not top.replay:
        return False
    if isinstance(top, (HelpScreen, NewGameScreen)):
        await pilot.press("escape")
    elif isinstance(top, GameScreen) and top.replay:
        await pilot.press("q")
        await pilot.pause()
        await asyncio.to_thread(app.flush_saves)
        reopen(app, store, save_id, unplayed)
    elif isinstance(top, HomeScreen):
        await asyncio.to_thread(app.flush_saves)
        reopen(app, store, save_id, unplayed)
    else:
        return False  # a dialog over the game: the walk's keys answer it
    await pilot.pause()
    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.save.id != save_id:
        raise WalkFailure(f"could not go back into the game (on {type(screen).__name__}); {log.where()}")
    if screen.save.cursor < cursor or saves.replay(screen.save, upto=cursor).to_text() != text:
        raise WalkFailure(f"the resumed game is not the game left; {log.where()}")
    log.left_and_resumed += 1
    return True


def make_walk_app(store, mode: Mode, seed: int, start=None):
    from tui_support import make_app

    if start is None and mode.hints:  # the app's start has no hints: a save that has them
        from tui_support import put_save

        save = saves.new_save(mode.game, mode.seats(), GAMES[mode.game].options_to_builtins(mode.game_options()), seed)
        save.hints = True
        put_save(store, save)
        start = Resume(save.id)
    start = start or NewGame(mode.game, mode.seats(), seed, mode.game_options())
    return make_app(store, ascii=mode.ascii, start=start)


async def walk(store, mode: Mode, seed: int, length: int, monkeypatch, on_key=None) -> WalkLog:
    """Press `length` seeded random keys in `mode`, checking after each. `on_key(pilot,
    log)` is called after each key's checks (other tests collect screens through it)."""
    log = WalkLog(mode, seed)
    install_bot_timer(monkeypatch, [log])
    keys = key_sequence(mode.game, seed, length)
    start = None
    unplayed = None  # the save of the game on screen while it has no move yet
    while len(log.keys) < length:
        app = make_walk_app(store, mode, seed, start)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await settle(pilot, log)
                check_alive(app, log)
                while len(log.keys) < length and not app._exit:
                    screen = game_screen(app)
                    if screen is None:
                        raise WalkFailure(f"no game screen (on {type(app.screen).__name__}); {log.where()}")
                    save_id, cursor, text = screen.save.id, screen.save.cursor, screen.state.to_text()
                    unplayed = screen.save if not screen.save.actions and not screen.replay else None
                    key = keys[len(log.keys)]
                    log.keys.append(key)
                    if key == MOVE:
                        await play_a_move(pilot, screen, random.Random(f"{seed}-{len(log.keys)}"))
                    else:
                        await press(pilot, key)
                    await settle(pilot, log)
                    check_alive(app, log)
                    if app._exit:
                        start = Resume(save_id)
                        break
                    if await back_into_game(pilot, store, log, save_id, cursor, text, unplayed):
                        await settle(pilot, log)
                        check_alive(app, log)
                    screen = game_screen(app)
                    if screen is None:
                        raise WalkFailure(f"no game screen (on {type(app.screen).__name__}); {log.where()}")
                    if not screen.replay:
                        log.moves_made += max(0, screen.save.cursor - cursor) if screen.save.id == save_id else 0
                        await check_saved(app, screen, store, log)
                        check_moving(app, screen, log)
                    if on_key is not None:
                        await on_key(pilot, log)
                    if app.screen is screen and screen.state.over and not screen.replay:
                        # the game-over dialog was closed: the walk goes on in a new game
                        log.games_finished += 1
                        log.games_started += 1
                        app.start_game(mode.game, mode.seats(), seed + log.games_started, mode.game_options(),
                                       hints=mode.hints)
                        await settle(pilot, log)
                await asyncio.to_thread(app.flush_saves)
        except WalkFailure:
            raise
        except Exception as exc:
            raise WalkFailure(f"the app failed: {exc!r}; {log.where()}") from exc
        if isinstance(start, Resume) and len(log.keys) < length:
            # ctrl+q quit the app: start it again on the same save, as `houses resume` does
            await asyncio.to_thread(app.flush_saves)
            if unplayed is not None and not store.path(start.save_id).exists():
                store.write(unplayed)  # quit before the first move: no save was left; the same deal again
            await check_resumed_after_quit(store, mode, log, start.save_id, cursor, text)
    return log


async def check_resumed_after_quit(store, mode, log, save_id, cursor, text) -> None:
    on_disk = store.load(save_id)
    if on_disk.cursor < cursor or saves.replay(on_disk, upto=cursor).to_text() != text:
        raise WalkFailure(f"after ctrl+q the save is not the game left; {log.where()}")
    log.left_and_resumed += 1
