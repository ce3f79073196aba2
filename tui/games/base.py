"""What every game screen shares: the turn loop, autosave, bots, undo, hand-over, game
over, replay; hints (`t`) are in tui/games/hints.py. A game's screen adds its widgets.
A move: a widget asks `submit(action)`; the screen's match (saves.match) checks it (an
illegal action shows the reason, changes nothing), applies it, records it and has it
written in the background; then whoever decides next (`match.next`) is served: a bot
in a worker thread, a hand-over screen between humans with hidden hands, or the game
over dialog. At a shared table the match is a seat whose moves go to the host.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, cast

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.worker import get_current_worker

import saves
from core import GAMES
from core.ai import BUDGET_S as BOT_BUDGET_S
from core.ai.memory import give_back_memory
from core.engine import AnyState, IllegalAction, Line, RefusalKind, StateT, said
from tui.games.bindings import (
    GAME_BINDINGS, REPLAY_ACTIONS, WAITING_KEYS, binds_escape, never_applies, with_escapes,
)
from tui.games.hints import HintsMixin
from tui.memory import drop_dead_watchers
from tui.widgets import choosing_messages
from tui.widgets.footer import Footer
from tui.widgets.status import StatusLine

if TYPE_CHECKING:
    from tui.puzzles.play import PuzzleOnScreen
    from tui.tables.seat import News


class GameScreen(HintsMixin, Screen[None], Generic[StateT]):
    """Base screen of one game in play (or in replay, read-only); `StateT` is the
    game's own state class, so each game's screen is checked with its real types."""

    game_id: ClassVar[str] = ""
    # Whether a player may take moves back (solo puzzles, and games without hidden
    # information against bots). Hidden-information games keep it off: undoing a
    # draw would show what is coming.
    UNDO: bool = False  # (an instance may decide: House Rules, by its seats)

    BINDINGS = GAME_BINDINGS
    # A puzzle played on this screen (tui/puzzles/play.py), or None: its match is a
    # PuzzleMatch; it adds a head line and the keys o, y, n, q (`action_puzzle`).
    puzzle: PuzzleOnScreen | None = None
    # The choice half-made (tui/games/choice.py): each game declares its own value.
    choice: var[Any] = var(None)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # (before Textual merges the class's bindings)
        cls.BINDINGS = with_escapes(cls.__dict__.get("BINDINGS", []),
                                    any(binds_escape(getattr(base, "BINDINGS", [])) for base in cls.__mro__[1:]))
        super().__init_subclass__(**kwargs)

    def __init__(self, save: saves.SaveFile, state: AnyState, replay: bool = False) -> None:
        super().__init__()
        self.game = GAMES[save.game]
        # The match runs the game (moves, bots' turns, undo, the result); this screen
        # draws it and forwards the player's actions. A local game unless `use_match`.
        self.match: saves.Match = saves.LocalMatch(save, state, write=self._autosave, summary=self.summary)
        self.replay = replay
        self.replay_at = save.cursor
        self._replayed: Any = None  # the position a replay shows (the match's stays at the cursor)
        self.viewer: int | None = self._first_viewer()
        self.last_action: Any = None
        self.last_seat: int | None = None
        self._bot_token: int | None = None
        self._bot: Any = None  # the bot thinking now, so leaving can stop it at once
        self._over_shown = state.over
        self.review_notes: Any = None  # a replay given a review (use_review)
        self.init_hints()

    @property
    def save(self) -> saves.SaveFile:
        return self.match.save

    @property
    def state(self) -> StateT:
        # The match holds any game's state; this screen's game is StateT's (GAMES[save.game]).
        return cast(StateT, self._replayed if self._replayed is not None else self.match.state)

    def use_match(self, match: saves.Match) -> None:
        """Play `match` instead of a local game (a seat at a shared table): before mounting."""
        self.match = match
        if match.seated is not None:
            self.viewer = match.seated

    def use_review(self, notes: Any) -> None:
        """Show this replay as a review (tui.screens.review.ReviewNotes): before mounting."""
        self.review_notes = notes  # escape closes it too (ESCAPES)

    @property
    def review(self) -> Any:
        """The coach's review shown (core.ai.coach.Review), or None."""
        return None if self.review_notes is None else self.review_notes.review

    @property
    def code(self) -> str | None:
        """The shared table's code, or None for a local game."""
        return getattr(self.match, "code", None)

    @property
    def seat(self) -> int | None:
        """The seat played from here at a shared table, or None for a local game."""
        return self.match.seated

    def _autosave(self, save: saves.SaveFile) -> None:
        if self.replay or self.puzzle is not None:
            return  # a replay only looks; a puzzle is no saved game
        self.houses.autosave(save)

    # -- who is who -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.save.seats[seat].name

    def mover_name(self, state: AnyState) -> str:  # "" once nobody is to move
        return "" if state.to_move is None else self.seat_name(state.to_move)

    def named(self, text: str) -> str:
        """A log line, prompt or reason with the seats' names in (core.engine.Line)."""
        return said(text, [seat.name for seat in self.save.seats])

    def is_bot(self, seat: int | None) -> bool:
        return self.match.is_bot(seat)

    @property
    def humans(self) -> list[int]:
        return self.match.humans

    def hides_hands(self) -> bool:
        """Whether players' hands are secret from each other in this game."""
        return True

    def needs_hand_over(self) -> bool:
        return len(self.humans) > 1 and self.hides_hands() and not self.replay and not self.match.at_table

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
        if self.replay:
            return self.state.view(self.viewer)
        return self.match.view(self.viewer)

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.puzzle is not None:
            yield self.puzzle.head
        yield from self.compose_game()
        if self.review_notes is not None:
            yield self.review_notes.note  # the coach's note, just above the status line
        yield StatusLine(id="status")
        # Every key the screen answers to now, compact to fit 80 columns; ctrl+p (the
        # palette) is in the `?` table with the rest.
        yield Footer(compact=True, show_command_palette=False)

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
            if self.review_notes is not None:
                self._replay_to(0)  # the summary first, at the start of the game
            return
        if self.save.cursor == 0 and self.save.summary != self.summary():
            self.save.summary = self.summary()  # a fresh game: name it in the lists at once
            self._autosave(self.save)
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
        """What is asked now, on the status line: the table's words at a shared
        table, a review's notes, else the game's (`say_game_prompt`)."""
        if self.review_notes is not None:
            self.review_notes.say(self)
            return
        status = None if self.replay and self.puzzle is None else self.match.status(self.houses.glyphs["ellipsis"])
        if status is not None:  # a shared table says who it waits for
            self.say(status)
        else:
            self.say_game_prompt()

    def say_game_prompt(self) -> None:
        """The game's prompt. Games override, and end with this."""
        state = self.state
        if self.replay:
            leave = "q to the saves" if self.back_to_saves() else "q home"
            from tui.screens.review import position_words

            self.say(f"Replay: {position_words(self.replay_at, self.save.cursor)}. "
                     f"left/right step, home/end jump, {leave}.")
        elif state.over:
            self.say(f"Game over. {self.named(state.outcome.reason) if state.outcome else ''}")
        elif self.is_bot(state.to_move):
            self.say(f"{self.mover_name(state)} is thinking{self.houses.glyphs['ellipsis']}")
        else:
            prompt = state.prompt
            # A prompt that names its seat (a Line) says who already; others get the name.
            if len(self.save.seats) > 1 and not (isinstance(prompt, Line) and prompt.seats):
                self.say(f"{self.mover_name(state)}: {prompt}")
            else:
                self.say(self.named(prompt))

    # -- the move loop ------------------------------------------------------------------

    def submit(self, action: Any) -> bool:
        """A human's action. Refused with the reason if illegal; True if played."""
        if self.replay or self.state.over:
            return False
        if not self.match.at_table and self.is_bot(self.state.to_move):
            return False  # a bot is thinking: its move comes
        reason = self.match.check(action)
        if reason is not None:
            self.say(reason, error=True)
            self.app.bell()
            return False
        self._play(action)
        return True

    def _play(self, action: Any) -> None:
        try:
            played = self.match.play(action)
        except IllegalAction as exc:  # check() said yes: a rules bug, shown not hidden
            self.say(exc.reason, error=True)
            return
        self.stop_hint()  # the player moved without waiting for it
        self.forget_hint()
        if played is None:
            return  # sent to the table's host: the move comes back as news (show_news)
        self.last_action, self.last_seat = action, played.seat
        self.on_played(action, played.seat, played.text)
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
        """Whoever decides next: a bot, a hand-over, or the end. At a shared table the
        host serves the others: only the end is shown here."""
        if self.replay or not self.in_play():
            return
        if self.match.at_table:
            if self.state.over:
                self.finish()
            return
        self.serve_game_next()

    def serve_game_next(self) -> None:
        """Serve whoever decides next in a local game. Games may override, and end with this."""
        turn = self.match.next(self.viewer, self.hides_hands())
        if turn.kind is saves.Turn.OVER:
            self.finish()
        elif turn.kind is saves.Turn.BOT and turn.seat is not None:
            self.start_bot(turn.seat)
        elif turn.kind is saves.Turn.HAND_OVER and turn.seat is not None:  # (both always have one)
            from tui.screens.dialogs import HandOverScreen

            seat = turn.seat
            self.app.push_screen(HandOverScreen(self.seat_name(seat)), lambda _: self._take_seat(seat))
        elif turn.kind is saves.Turn.HUMAN and turn.seat is not None and turn.seat != self.viewer:
            self._take_seat(turn.seat)

    def show_news(self, news: News) -> None:
        """A shared table's host sent news (the match has taken it in): show it."""
        if self._hint_token is not None and self._hint_token != self.match.token:
            self.stop_hint()  # thought about a position that is gone
        if news.played is not None:
            self.forget_hint()
            played = news.played
            self.last_action, self.last_seat = played.action, played.seat
            self.on_played(played.action, played.seat, played.text)
        self.redraw()
        self.say_prompt()
        self.refresh_bindings()
        for i in news.gone:
            self.app.notify(f"{self.seat_name(i)} is away.")
        for i in news.back:
            self.app.notify(f"{self.seat_name(i)} is back.")
        if self.state.over:
            self.finish()

    def action_moves(self) -> None:
        """Every legal move in words, to play one from a list (at a shared table)."""
        state = self.state
        if self.match.seated is None or state.over or state.to_move != self.match.seated:
            return
        from tui.tables.screens import MovesScreen

        actions = state.legal_actions()
        texts = [self.named(state.describe(a)) for a in actions]

        def chosen(index: int | None) -> None:
            if index is not None and self.state is state:
                self.submit(actions[index])

        self.app.push_screen(MovesScreen(texts), chosen)

    def _take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.redraw()
        self.say_prompt()

    # -- bots ----------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        turn = self.match.bot_turn()
        if turn is None:
            return
        self._bot_token = turn.token
        self.say_prompt()
        self._think(turn.view, turn.level, turn.token, turn.seed)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, view: AnyState, level: str, token: int, seed: int) -> None:
        worker = get_current_worker()
        started = time.perf_counter()
        self._bot = thinker = self.match.bot(level, seed)
        action = thinker.choose(view, BOT_BUDGET_S)
        self._bot = None
        give_back_memory()  # the search's tree is gone: its pages back to the system (core/ai/memory.py)
        # A short pause so a person can follow a bot's move, never a frozen screen.
        while time.perf_counter() - started < self.houses.bot_delay and not worker.is_cancelled:
            time.sleep(0.02)
        if not worker.is_cancelled:
            # Through the app's queue, behind any key already read (call_from_thread
            # alone would run it ahead of them): a q pressed before the answer wins.
            self.app.call_from_thread(self.app.call_later, self._bot_done, token, action)

    def _bot_done(self, token: int, action: Any) -> None:
        if not self.in_play():
            return  # the player left while the bot thought
        if self.houses.keys_pending():  # the player's keys first (q, u), then the answer
            self.set_timer(0.02, lambda: self._bot_done(token, action))
            return
        if token != self._bot_token or not self.match.fresh(token):
            return  # stopped, or the position changed (undo, new game) while the bot thought
        self._bot_token = None
        self._play(action)

    # -- end of the game --------------------------------------------------------------

    def finish(self) -> None:
        if self.puzzle is not None:  # the puzzle's line is played out: no game over, nothing counted
            self.puzzle.line_done()
            return
        result = self.match.result()
        if result is not None:
            self._count_result(result.won)
            from tui.tables.community import report_daily

            report_daily(self)  # a deal of the day on a host: its result to the host's board
        if not self._over_shown:
            self._over_shown = True
            from tui.screens.game_over import GameOverScreen

            self.app.push_screen(GameOverScreen(self), self._after_game_over)

    def human_won(self) -> bool | None:
        return self.match.won()

    def outcome_text(self) -> str:
        """How the game ended, in words, with the seats' names, for the game-over dialog."""
        outcome = self.state.outcome
        text = self.named(outcome.reason) if outcome else ""
        if self.is_daily() and self.human_won():
            used = self.save.hints_used
            text += " Today's deal solved " + ("without a hint." if not used else
                                               f"with {used} hint{'s' if used > 1 else ''}.")
        return text

    def is_daily(self) -> bool:
        """Whether this is a solo game of today's deal (the app's daily puzzle)."""
        if len(self.save.seats) != 1 or self.match.at_table:
            return False
        return self.game.daily_seed(self.houses.today) == self.save.seed

    def result_lines(self) -> list[str]:
        """Extra lines for the game-over dialog (scores, levels). Games override."""
        return []

    def _count_result(self, won: bool | None) -> None:
        # The solo results and which way is better: the game's own (core, Game.solo_results).
        save, results = self.save, self.game.solo_results(self.state)
        better: dict[str, Literal["high", "low"]] = {
            name: "high" if m.more_is_better else "low" for name, m in self.game.solo_measures.items()}
        store = self.houses.store

        def record() -> None:
            try:
                store.record_result(save, won, results, better)
            except (saves.SaveError, OSError, ValueError) as exc:
                self.app.call_from_thread(self.app.notify, f"Statistics not updated: {exc}", severity="warning")

        self.houses.flush_saves()  # the save must exist under its id before it is counted
        self.houses._saver.submit(record)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "home":
            self.action_home()
        elif choice == "replay":
            self.houses.open_game(self.save, replay=True)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys work now. At a shared table, while another seat is to move, only
        the keys that are no move; otherwise the game says (`check_game_action`)."""
        seated = self.match.seated
        if action == "puzzle" or (self.puzzle is not None and action in self.puzzle.ACTIONS):
            return self.puzzle is not None and self.puzzle.allows(action, parameters)
        if action == "stop_watching":
            return self.watching()
        if action == "home" and self.watching():
            return False  # a watcher's q says Leave (stop_watching)
        if action in ("hint", "cancel_hint", "put_hint_away"):
            return self.check_hint_action(action)
        if action in ("mistake", "close_review"):  # a review's keys
            return self.review_notes is not None and self.review_notes.allows(action, self.replay_at, parameters)
        if action == "review_game":  # a local game's, once it is over; not inside a review
            return self.match.state.over and self.review_notes is None and self.code is None
        if self.review_notes is not None and action in ("saves", "home", "new_game"):
            return False  # q closes the review (close_review); n is for a game in play
        count = self.number_keys_count() if action in ("card", "pick") and parameters else None
        if count is not None and isinstance(parameters[0], int) and parameters[0] >= count:
            return False  # a digit past the hand (or rack): not shown, not answered
        if action == "moves":
            if seated is None:
                return False
            # m (every legal move) only while it is this seat's move: hidden while it waits
            return not self.replay and not self.state.over and self.state.to_move == seated
        allowed = self.check_game_action(action, parameters)
        if self.match.at_table and not self.replay and (self.match.waiting() or self.watching()) \
                and action not in WAITING_KEYS and action not in REPLAY_ACTIONS:
            return False
        return allowed

    def key_never_applies(self, binding: Binding) -> bool:
        """Whether a key can never act on this screen, so its `?` table leaves it out
        (tui/keys.py; tui/games/bindings.py says which)."""
        return never_applies(self, binding.action.split("(")[0])

    def number_keys_count(self) -> int | None:
        """How many items the digit keys choose from now (a hand, a rack; 0: none);
        games with digit keys override (the footer shows "1-N", tui/keys.py)."""
        return None

    def wait_words(self) -> str:
        """Why a move cannot be made now: only watching, another seat's turn at a
        table (the match says, with their name), or a bot thinking."""
        if self.match.at_table:  # the match's own words when nobody here may move
            refusal = self.match.check(None)
            if refusal is not None and refusal.kind in (RefusalKind.NOT_YOUR_TURN, RefusalKind.GAME_OVER):
                return refusal
            return "Wait for your turn."
        to_move = self.state.to_move
        if to_move is not None and self.is_bot(to_move):
            return f"Wait: {self.seat_name(to_move)} is thinking{self.houses.glyphs['ellipsis']}"
        return "Wait for your turn."

    def my_turn(self) -> bool:
        """Whether the person at this keyboard decides now: not in a replay, a finished
        game or a bot's turn; at a shared table only on the seat's own turn, and never
        when only watching. Every game asks this before it speaks to a player."""
        state = self.state
        if self.replay or state.over or state.to_move is None or self.is_bot(state.to_move):
            return False
        if not self.match.at_table:
            return True
        seated = self.match.seated  # None: a watcher, whose turn it never is
        return seated is not None and state.to_move == seated

    # The messages of the game's widgets that choose something (a cell, a card, a side,
    # a line of a list). At a table, when it is not this seat's turn (or only watching),
    # they never reach the game's handlers, whose words are for the player to move: the
    # player is told why instead, in one place for the four games.
    def check_message_enabled(self, message) -> bool:
        if (isinstance(message, choosing_messages()) and self.match.at_table
                and not self.replay and not self.my_turn()):
            self.say(self.wait_words(), error=True)
            return False
        return super().check_message_enabled(message)

    def watching(self) -> bool:
        """Whether this screen watches a shared table without a seat (tui/tables/watch.py)."""
        return self.match.at_table and self.match.seated is None

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which of the game's keys work now. Games override, and end with this."""
        if action in ("saves", "home"):  # q: one of the two, never both
            return self.back_to_saves() == (action == "saves")
        if action in REPLAY_ACTIONS:
            return self.replay
        if action == "undo":
            if self.replay or not self.UNDO or not self.match.undoable:
                return False
            if self.over_against_a_bot():
                return True  # the key says why it cannot
            return self.match.undo_target() is not None or None
        if action == "redo":
            if self.replay or not self.UNDO or not self.match.undoable:
                return False
            return self.match.redo_target() is not None or None
        return True

    def stop_bot(self) -> None:
        """Cancel a bot that is thinking (and a hint); its late answer is ignored."""
        self.stop_hint()
        self._bot_token = None
        thinker = self._bot
        if thinker is not None and hasattr(thinker, "stop"):
            thinker.stop()
        self.workers.cancel_group(self, "bot")

    def on_unmount(self) -> None:
        self.stop_bot()
        self.match.close()
        # What this screen watched on the app (app_focus) would keep it alive until that
        # value changes, which a terminal without focus reports never does (tui/memory.py).
        drop_dead_watchers(self.app)
        # Left before the first move (q, n, another game): no save is left behind
        # (ctrl+q: HousesApp.action_quit). A kill or a hang-up before the first move
        # leaves it: Continue then opens that deal at its start.
        if not self.replay and isinstance(self.match, saves.LocalMatch) and not self.houses.is_leaving:
            self.houses.drop_if_unplayed(self.save)

    def back_to_saves(self) -> bool:
        """Whether q leads back to the saves browser (a replay opened from it)."""
        from tui.screens.saves_browser import SavesScreen

        stack = self.app.screen_stack
        return self.replay and len(stack) > 1 and stack[-1] is self and isinstance(stack[-2], SavesScreen)

    def action_home(self) -> None:
        self.stop_bot()
        self.houses.go_home()

    def action_stop_watching(self) -> None:
        self.action_home()

    def action_puzzle(self, what: str) -> None:
        if self.puzzle is not None:  # (the key is there only with a puzzle: check_action)
            self.puzzle.act(what)

    def on_key(self, event: events.Key) -> None:
        if self.watching():  # a watcher's escape leaves; a key that would act is refused in words
            from tui.tables.watch import watcher_key

            watcher_key(self, event)
        elif event.key == "t" and not self.check_hint_action("hint"):
            why = self.why_no_hint()  # the key is hidden now: say why it does nothing
            if why is not None:
                event.stop()
                self.say(why, error=True)

    def action_saves(self) -> None:
        """Back to the saves browser this replay was opened from."""
        self.app.pop_screen()

    def action_new_game(self) -> None:
        self.stop_bot()
        self.houses.open_new_game(self.game.id)

    def _go_to(self, cursor: int) -> None:
        self.stop_bot()
        self.forget_hint()
        self.match.go_to(cursor)  # the save was checked when opened: this cannot fail
        self.last_action = None
        self._over_shown = self.state.over
        if not self.is_bot(self.state.to_move) and self.state.to_move is not None and not self.needs_hand_over():
            self.viewer = self.state.to_move if len(self.humans) > 1 else self.viewer
        self.redraw()
        self.say_prompt()
        self.refresh_bindings()

    def over_against_a_bot(self) -> bool:
        """A finished game with a computer player is settled: its result is counted
        in the statistics, so it is not undone (an undo would reopen a win)."""
        return self.match.state.over and any(seat.kind == "bot" for seat in self.save.seats)

    def action_undo(self) -> None:
        if self.over_against_a_bot():
            self.say("Over and counted: a game against a bot is not undone.", error=True)
            self.app.notify("This game against a bot is over and its result is counted in your "
                            "statistics, so it cannot be undone. n starts a new game.", title="No undo")
            return
        target = self.match.undo_target()
        if target is None:
            self.say("Nothing to undo.", error=True)
            return
        self._go_to(target)
        self.say(f"Undone. {self.state.prompt}")
        # The move taken back may be another person's: with hidden hands the keyboard
        # is handed over to them (their hand, never the last player's).
        self.serve_next()

    def action_redo(self) -> None:
        cursor = self.match.redo_target()
        if cursor is None:
            self.say("Nothing to redo.", error=True)
            return
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
        if self.review_notes is not None:
            self.review_notes.leave_position(self)
        self.replay_at = n
        steps = self.match.steps()
        self._replayed = steps.position(n)
        self.last_action = steps.actions[n - 1] if n else None
        self.redraw()
        self.say_prompt()
        if self.review_notes is not None:
            self.refresh_bindings()  # ] and [ depend on where the replay is

    def action_mistake(self, delta: int) -> None:
        """A review's ] and [: to the next or previous mistake or blunder."""
        index = self.review_notes.mistake(self.replay_at, delta) if self.review_notes else None
        if index is not None:
            self._replay_to(index)

    def action_review_game(self) -> None:
        """v on a finished game: the coach's review (tui/screens/review.py)."""
        if not self.check_action("review_game", ()):
            return
        from tui.screens.review import open_review

        self.stop_bot()
        open_review(self.app, self.save)

    def action_close_review(self) -> None:
        self.stop_bot()
        self.app.pop_screen()
