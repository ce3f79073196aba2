"""What every game screen shares: the turn loop, autosave, bots, undo, hand-over,
game over and replay. A game's screen adds its widgets and how they draw a state.

The flow of a move: a widget asks `submit(action)`; the state checks it (an illegal
action shows the reason and changes nothing); the action is applied, recorded in the
save and written in the background; then whoever decides next is served: a bot in a
worker thread, a hand-over screen between two humans with hidden hands, or the game
over dialog.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

import saves
from core import GAMES
from core.ai import BUDGET_S as BOT_BUDGET_S
from core.engine import IllegalAction


class StatusLine(Static):
    """One line under the board: what is asked now, or why a choice was refused."""

    DEFAULT_CSS = """
    StatusLine { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    StatusLine.-error { background: $error 40%; }
    """

    def say(self, text: str, error: bool = False) -> None:
        if (text, error) == getattr(self, "_said", None):
            return
        self._said = (text, error)
        # Content: plain text, never markup (seat names come from files). One fixed
        # line: no layout pass.
        self.update(Content(text), layout=False)
        self.set_class(error, "-error")


class GameScreen(Screen):
    """Base screen of one game in play (or in replay, read-only)."""

    game_id: ClassVar[str] = ""
    # Whether a player may take moves back (solo puzzles, and games without hidden
    # information against bots). Hidden-information games keep it off: undoing a
    # draw would show what is coming.
    UNDO: ClassVar[bool] = False

    BINDINGS = [
        Binding("tab", "zone(1)", "Next zone", id="game.next_zone", show=False),
        Binding("shift+tab", "zone(-1)", "Previous zone", id="game.prev_zone", show=False),
        Binding("u,ctrl+z", "undo", "Undo", id="game.undo"),
        Binding("ctrl+r", "redo", "Redo", id="game.redo"),
        Binding("n", "new_game", "New", id="game.new"),
        Binding("q", "saves", "Saves", id="replay.saves"),  # a replay opened from the saves
        Binding("q", "home", "Home", id="game.home"),
        Binding("left,h,a,comma", "step(-1)", "Back", id="replay.back"),
        Binding("right,l,d,period", "step(1)", "Forward", id="replay.forward"),
        Binding("home,g", "jump(0)", "Start", id="replay.start"),
        Binding("end,G", "jump(-1)", "End", id="replay.end"),
    ]
    REPLAY_ACTIONS = {"step", "jump"}
    PLAY_ACTIONS = {"undo", "redo"}

    def __init__(self, save: saves.SaveFile, state: Any, replay: bool = False) -> None:
        super().__init__()
        self.game = GAMES[save.game]
        self.save = save
        self.state = state
        self.replay = replay
        self.replay_at = save.cursor
        self.viewer: int | None = self._first_viewer()
        self.last_action: Any = None
        self.last_seat: int | None = None
        self._bot_token: int | None = None
        self._bot: Any = None  # the bot thinking now, so leaving can stop it at once
        self._mover_cache: list[int | None] | None = None
        self._over_shown = over_already = state.over
        self._counted = over_already

    # -- who is who -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.save.seats[seat].name

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.save.seats[seat].kind == "bot"

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.save.seats) if s.kind == "human"]

    def hides_hands(self) -> bool:
        """Whether players' hands are secret from each other in this game."""
        return True

    def needs_hand_over(self) -> bool:
        return len(self.humans) > 1 and self.hides_hands() and not self.replay

    def _first_viewer(self) -> int | None:
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        to_move = self.state.to_move
        if to_move is not None and not self.is_bot(to_move):
            return to_move
        return humans[0] if humans else None

    def shown(self) -> Any:
        """The position as the person at the keyboard may see it."""
        if self.replay and len(self.humans) != 1:
            return self.state
        return self.state.view(self.viewer)

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_game()
        yield StatusLine(id="status")
        yield Footer()

    def compose_game(self) -> ComposeResult:
        raise NotImplementedError

    def zones(self) -> list[Any]:
        """The widgets tab and shift+tab cycle through (hand, board, ...). Games override."""
        return []

    def action_zone(self, delta: int) -> None:
        zones = self.zones()
        if not zones:
            return
        index = zones.index(self.focused) if self.focused in zones else -1
        zones[(index + delta) % len(zones)].focus()

    def redraw(self) -> None:
        """Bring every widget up to date with `shown()`. Games implement."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.redraw()
        self.say_prompt()
        if self.replay:
            return
        if self.save.cursor == 0 and self.save.summary != self.summary():
            self.save.summary = self.summary()  # a fresh game: name it in the lists at once
            self.app.autosave(self.save)
        self.call_after_refresh(self.serve_next)

    def in_play(self) -> bool:
        """Whether this screen is still in the app's stack and mounted. A bot's or a
        hint's thread, a timer or an after-refresh call may answer after the player
        left (q, a new game, the app closing): such late calls do nothing."""
        return self.is_mounted and self.is_attached and self in self.app.screen_stack

    def say(self, text: str, error: bool = False) -> None:
        for line in self.query(StatusLine):  # none while the screen is taken down
            line.say(text, error)

    def say_prompt(self) -> None:
        state = self.state
        if self.replay:
            leave = "q back to the saves" if self.back_to_saves() else "q home"
            self.say(f"Replay: move {self.replay_at} of {self.save.cursor}. "
                     f"left/right step, home/end jump, {leave}.")
        elif state.over:
            self.say(f"Game over. {state.outcome.reason if state.outcome else ''}")
        elif self.is_bot(state.to_move):
            self.say(f"{self.seat_name(state.to_move)} is thinking{self.app.glyphs['ellipsis']}")
        else:
            name = self.seat_name(state.to_move)
            # "You: You won the draw..." would say it twice: a prompt already
            # addressed to "You" goes without the name.
            named = len(self.save.seats) > 1 and not (name == "You" and state.prompt.startswith("You "))
            self.say(f"{name}: {state.prompt}" if named else state.prompt)

    # -- the move loop ------------------------------------------------------------------

    def submit(self, action: Any) -> bool:
        """A human's action. Refused with the reason if illegal; True if played."""
        if self.replay or self.state.over or self.is_bot(self.state.to_move):
            return False
        reason = self.state.check(action)
        if reason is not None:
            self.say(reason, error=True)
            self.app.bell()
            return False
        self._play(action)
        return True

    def _play(self, action: Any) -> None:
        seat = self.state.to_move
        text = self.state.describe(action)
        try:
            self.state.apply(action)
        except IllegalAction as exc:  # check() said yes: a rules bug, shown not hidden
            self.say(exc.reason, error=True)
            return
        self.last_action, self.last_seat = action, seat
        if self._mover_cache is not None:  # the redo tail goes, this move joins
            self._mover_cache = self._mover_cache[: self.save.cursor] + [seat]
        saves.record(self.save, action, state=self.state, summary=self.summary())
        self.app.autosave(self.save)
        self.on_played(action, seat, text)
        self.redraw()
        self.say_prompt()
        self.refresh_bindings()
        self.serve_next()

    def on_played(self, action: Any, seat: int | None, text: str) -> None:
        """Hook: a game may highlight the move just made."""

    def summary(self) -> str:
        """One line for the saves list; games override."""
        state = self.state
        if state.over and state.outcome:
            return f"{self.game.title}: {state.outcome.reason}"
        return f"{self.game.title}, move {self.save.cursor + 1}"

    def serve_next(self) -> None:
        """Whoever decides next: a bot, a hand-over, or the end."""
        state = self.state
        if self.replay or not self.in_play():
            return
        if state.over:
            self.finish()
            return
        seat = state.to_move
        if self.is_bot(seat):
            self.start_bot(seat)
        elif seat != self.viewer:
            if self.needs_hand_over():
                from tui.screens.dialogs import HandOverScreen

                self.app.push_screen(HandOverScreen(self.seat_name(seat)), lambda _: self._take_seat(seat))
            else:
                self._take_seat(seat)

    def _take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.redraw()
        self.say_prompt()

    # -- bots ----------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        token = self.save.cursor
        self._bot_token = token
        level = self.save.seats[seat].level or "normal"
        self.say_prompt()
        self._think(self.state.view(seat), level, token)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, view: Any, level: str, token: int) -> None:
        from core.ai import bot

        worker = get_current_worker()
        started = time.perf_counter()
        self._bot = thinker = bot(self.game.id, level)
        action = thinker.choose(view, BOT_BUDGET_S)
        self._bot = None
        # A short pause so a person can follow a bot's move, never a frozen screen.
        while time.perf_counter() - started < self.app.bot_delay and not worker.is_cancelled:
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bot_done, token, action)

    def _bot_done(self, token: int, action: Any) -> None:
        if not self.in_play():
            return  # the player left while the bot thought
        if token != self._bot_token or token != self.save.cursor or self.state.over:
            return  # the position changed (undo, new game) while the bot thought
        self._bot_token = None
        self._play(action)

    # -- end of the game --------------------------------------------------------------

    def finish(self) -> None:
        if not self._counted:
            self._counted = True
            self._count_result()
        if not self._over_shown:
            self._over_shown = True
            from tui.screens.game_over import GameOverScreen

            self.app.push_screen(GameOverScreen(self), self._after_game_over)

    def human_won(self) -> bool | None:
        outcome = self.state.outcome
        if outcome is None or not self.humans:
            return None
        if not outcome.winners:
            return None if not self.game.cooperative else False
        if self.game.cooperative:
            return True
        return any(s in outcome.winners for s in self.humans)

    def outcome_text(self) -> str:
        """How the game ended, in words, for the game-over dialog. Games whose engine
        speaks of "Player 2" may put the seats' names in."""
        outcome = self.state.outcome
        return outcome.reason if outcome else ""

    def result_lines(self) -> list[str]:
        """Extra lines for the game-over dialog (scores, levels). Games override."""
        return []

    def solo_results(self) -> dict[str, float]:
        """Results to keep the best of in the stats (solo puzzles). Games override."""
        return {}

    def _count_result(self) -> None:
        save, won, results = self.save, self.human_won(), self.solo_results()
        store = self.app.store

        def record() -> None:
            try:
                store.record_result(save, won, results)
            except (saves.SaveError, OSError, ValueError) as exc:
                self.app.call_from_thread(self.app.notify, f"Statistics not updated: {exc}", severity="warning")

        self.app.flush_saves()  # the save must exist under its id before it is counted
        self.app._saver.submit(record)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "home":
            self.action_home()
        elif choice == "replay":
            self.app.open_game(self.save, replay=True)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("saves", "home"):  # q: one of the two, never both
            return self.back_to_saves() == (action == "saves")
        if action in self.REPLAY_ACTIONS:
            return self.replay
        if action == "undo":
            if self.replay or not self.UNDO:
                return False
            return self._undo_target() is not None or None
        if action == "redo":
            if self.replay or not self.UNDO:
                return False
            return self.save.cursor < len(self.save.actions) or None
        return True

    def stop_bot(self) -> None:
        """Cancel a bot that is thinking; its late answer is ignored."""
        self._bot_token = None
        thinker = self._bot
        if thinker is not None and hasattr(thinker, "stop"):
            thinker.stop()
        self.workers.cancel_group(self, "bot")

    def on_unmount(self) -> None:
        self.stop_bot()

    def back_to_saves(self) -> bool:
        """Whether q leads back to the saves browser (a replay opened from it)."""
        from tui.screens.saves_browser import SavesScreen

        stack = self.app.screen_stack
        return self.replay and len(stack) > 1 and stack[-1] is self and isinstance(stack[-2], SavesScreen)

    def action_home(self) -> None:
        self.stop_bot()
        self.app.go_home()

    def action_saves(self) -> None:
        """Back to the saves browser this replay was opened from."""
        self.app.pop_screen()

    def action_new_game(self) -> None:
        self.stop_bot()
        self.app.open_new_game(self.game.id)

    def _movers(self) -> list[int | None]:
        """Who made each action of the save (kept ones after the cursor too). Worked out
        once by replaying, then kept up to date as moves are made: the footer asks
        whether undo is possible after every move, and must not replay the game."""
        if self._mover_cache is None or len(self._mover_cache) != len(self.save.actions):
            game = self.game
            state = game.new(len(self.save.seats), self.save.seed, game.options_from_builtins(self.save.options))
            movers = []
            for data in self.save.actions:
                movers.append(state.to_move)
                state.apply(game.action_from_builtins(data))
            self._mover_cache = movers
        return self._mover_cache

    def _undo_target(self) -> int | None:
        """The cursor just before the last action a human made, or None."""
        cursor = self.save.cursor
        if cursor == 0:
            return None
        movers = self._movers()
        for i in range(cursor - 1, -1, -1):
            if not self.is_bot(movers[i]):
                return i
        return None

    def _go_to(self, cursor: int) -> None:
        self.stop_bot()
        try:
            state = saves.replay(self.save, upto=cursor)
        except saves.SaveError as exc:  # checked when opened: only a bug gets here
            self.say(str(exc), error=True)
            return
        self.save.cursor = cursor
        self.state = state
        self.save.over = self.state.over
        self.save.summary = self.summary()
        self.last_action = None
        self._over_shown = self.state.over
        if not self.is_bot(self.state.to_move) and self.state.to_move is not None and not self.needs_hand_over():
            self.viewer = self.state.to_move if len(self.humans) > 1 else self.viewer
        self.app.autosave(self.save)
        self.redraw()
        self.say_prompt()
        self.refresh_bindings()

    def action_undo(self) -> None:
        target = self._undo_target()
        if target is None:
            self.say("Nothing to undo.", error=True)
            return
        self._go_to(target)
        self.say(f"Undone. {self.state.prompt}")

    def action_redo(self) -> None:
        cursor = self.save.cursor
        if cursor >= len(self.save.actions):
            self.say("Nothing to redo.", error=True)
            return
        movers = self._movers()
        cursor += 1
        while cursor < len(self.save.actions) and self.is_bot(movers[cursor]):
            cursor += 1
        self._go_to(cursor)
        self.serve_next()

    def action_step(self, delta: int) -> None:
        self._replay_to(self.replay_at + delta)

    def action_jump(self, where: int) -> None:
        self._replay_to(0 if where == 0 else self.save.cursor)

    def _replay_to(self, n: int) -> None:
        n = max(0, min(n, self.save.cursor))
        if n == self.replay_at and n != 0:
            return
        self.replay_at = n
        self.state = saves.replay(self.save, upto=n)
        self.last_action = self.game.action_from_builtins(self.save.actions[n - 1]) if n else None
        self.redraw()
        self.say_prompt()
