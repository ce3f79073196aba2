"""One game being played, without Textual: the match controller that the game screens
(local play), the table host (the authoritative game of a shared table) and a seat at
a shared table all drive the same way.

    match = LocalMatch(save, state, write=app.autosave)
    reason = match.check(action)          # None, or why not: a Refusal (kind and words)
    played = match.play(action)           # Played(seat, action, text, cursor)
    match.next(viewer)                    # Next(Turn.HUMAN|BOT|HAND_OVER|WAIT|OVER, seat)
    turn = match.bot_turn()               # what a bot is asked (its view and a token) ...
    if match.fresh(turn.token): ...       # ... and whether its answer still fits the position
    match.undo_target(), match.redo_target(), match.go_to(cursor)
    match.steps()                         # the game move by move, replayed once from the seed
    match.result()                        # the result to count, once

A save is the position's whole history (saves.game): `Steps` replays it once from
the seed, keeps who made each move and a copy of the position every few moves, and
gives any position before or after a move on demand, cheaply.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Iterator

import msgspec

from core.engine import AnyBot, AnyState, Refusal, RefusalKind, refused, said
from saves.game import _apply_one, _game, _name, decode_actions
from saves.model import SaveError, SaveFile

MARK_EVERY = 16  # a copy of the position every this many moves: any position is at most that many applies away


# -- the game move by move -------------------------------------------------------------


class Step:
    """One move of the game: who made it (seat, None for the game itself), the action,
    and the positions before and after it (each worked out when first asked for)."""

    def __init__(self, steps: Steps, index: int, before: AnyState | None = None,
                 after: AnyState | None = None) -> None:
        self.index = index
        self.seat = steps.seats[index]
        self.action = steps.actions[index]
        self._steps = steps
        if before is not None:
            self.before = before
        if after is not None:
            self.after = after

    @cached_property
    def before(self) -> AnyState:
        return self._steps.position(self.index)

    @cached_property
    def after(self) -> AnyState:
        return self._steps.position(self.index + 1)

    def __repr__(self) -> str:
        return f"Step({self.index}, seat={self.seat}, action={self.action!r})"


class Steps:
    """The moves of a save, replayed once from the seed (`Steps.replay`), then kept up
    to date as moves are made (`add`, `cut`)."""

    def __init__(self, start: AnyState) -> None:
        self.seats: list[int | None] = []
        self.actions: list[Any] = []
        self._marks: dict[int, AnyState] = {0: start}  # index -> position before that move (a private copy)

    @classmethod
    def replay(cls, save: SaveFile, limit: int | None = None, *, where: str | None = None,
               keep: int | None = None) -> tuple[Steps, AnyState]:
        """Replay the first `limit` actions (all by default) once: the Steps, and the
        position after `keep` of them (the cursor by default; a live object the caller
        owns). SaveError names the first move that cannot be made."""
        where = where or _name(save)
        game = _game(save.game, where)
        actions = decode_actions(save, where)
        try:
            options = game.options_from_builtins(save.options)
        except msgspec.ValidationError as e:
            raise SaveError(f"{where} has options {game.title} does not accept: {e}.") from None
        try:
            state = game.new(len(save.seats), save.seed, options)
        except Exception as e:  # a seed or options the engine cannot start from
            raise SaveError(f"{where} cannot start its game: {e}") from None
        end = len(actions) if limit is None else max(0, min(limit, len(actions)))
        keep = max(0, min(save.cursor if keep is None else keep, end))
        steps = cls(state.clone())
        kept: AnyState | None = state if keep == end else None
        for i in range(end):
            if i == keep:
                kept = state.clone()
            if i and i % MARK_EVERY == 0:
                steps._marks[i] = state.clone()
            steps.seats.append(state.to_move)
            steps.actions.append(actions[i])
            _apply_one(state, actions[i], save.actions[i], i, where)
        assert kept is not None  # keep <= end: kept before the loop or in it
        return steps, kept

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, index: int) -> Step:
        if index < 0:
            index += len(self.actions)
        if not 0 <= index < len(self.actions):
            raise IndexError(index)
        return Step(self, index)

    def __iter__(self) -> Iterator[Step]:
        return self.walk()

    def position(self, index: int) -> AnyState:
        """The position after the first `index` moves: a fresh copy, the caller's to keep."""
        index = max(0, min(index, len(self.actions)))
        mark = max(i for i in self._marks if i <= index)
        state = self._marks[mark].clone()
        for i in range(mark, index):
            state.apply(self.actions[i])
        return state

    def walk(self, start: int = 0, stop: int | None = None) -> Iterator[Step]:
        """The steps from `start` to `stop`, with their positions filled in one replay."""
        stop = len(self.actions) if stop is None else min(stop, len(self.actions))
        if start >= stop:
            return
        before = self.position(start)
        for i in range(start, stop):
            after = before.clone()
            after.apply(self.actions[i])
            yield Step(self, i, before=before, after=after)  # one step's after is the next one's before
            before = after

    def wants_mark(self) -> bool:
        """Whether the next move starts a new stretch: `add` then wants a copy of the
        position before it."""
        return len(self.actions) % MARK_EVERY == 0 and len(self.actions) not in self._marks

    def add(self, seat: int | None, action: Any, mark: Any = None) -> None:
        """A move just made; `mark` is a private copy of the position before it, when
        `wants_mark()` said so."""
        if mark is not None:
            self._marks[len(self.actions)] = mark
        self.seats.append(seat)
        self.actions.append(action)

    def cut(self, length: int) -> None:
        """Forget the moves from `length` on (a redo tail replaced by a new move)."""
        del self.seats[length:], self.actions[length:]
        for i in [i for i in self._marks if i > length]:
            del self._marks[i]


# -- what the match tells its driver --------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A move just made: by whom, what, in words with the seats' names (said before it
    was made), and the cursor after it."""

    seat: int | None
    action: Any
    text: str
    cursor: int


class Turn(enum.Enum):
    """Whose decision is next, the kind of `Next`."""

    HUMAN = "human"  # the person at the keyboard may go on, as `seat`
    HAND_OVER = "hand_over"  # pass the keyboard to `seat` (hands are hidden)
    BOT = "bot"  # a bot plays `seat`
    WAIT = "wait"  # someone elsewhere decides (a seat at a shared table)
    OVER = "over"  # the game is over


@dataclass(frozen=True)
class Next:
    """Whose decision is next: its kind (`Turn`) and the seat, if a seat decides."""

    kind: Turn
    seat: int | None = None


@dataclass(frozen=True)
class Result:
    """A finished game as the stats count it: whether the seats played from here won
    (None: no winner)."""

    won: bool | None


@dataclass(frozen=True)
class BotTurn:
    """What a bot is asked: its seat, level and view, the token its answer must come
    back with (`Match.fresh`), and the seed of its own dice: one per position of the
    game (the save's seed and the cursor), so a bot asked twice the same question
    (a test, a replay, an undo) draws the same numbers."""

    seat: int
    level: str
    view: AnyState
    token: int
    seed: int


# -- the match ------------------------------------------------------------------------------


class Match:
    """A game in play: its save, the position now, who decides next, the moves so far.

    A subclass says how a move is made (`play`); this class knows the seats, whose
    turn it is, the result, and the steps of the game."""

    undoable = False  # whether moves may be taken back (a local game)
    seated: int | None = None  # the one seat played from here (a seat at a shared table)
    at_table = False  # a seat or a watcher at a shared table (tui/tables): the host serves the other seats

    def __init__(self, save: SaveFile, state: AnyState, *, steps: Steps | None = None) -> None:
        self.game = _game(save.game, _name(save))
        self.save = save
        self.state = state
        self.counted = bool(state.over)  # a game opened already over was counted when it ended
        self.last: Played | None = None
        self.token = 0  # changes with every move and every jump: a bot's answer must carry the current one
        self._steps = steps

    # -- the seats --------------------------------------------------------------------

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.save.seats[seat].kind == "bot"

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.save.seats) if s.kind == "human"]

    def mine(self) -> list[int]:
        """The seats played from here (whose result this side counts)."""
        return self.humans

    def view(self, viewer: int | None) -> AnyState:
        """The position as `viewer` may see it."""
        return self.state.view(viewer)

    # -- moves ----------------------------------------------------------------------------

    def waiting(self) -> bool:
        """Whether the players here can only watch now (someone elsewhere decides)."""
        return False

    def status(self, ellipsis: str = "...") -> str | None:
        """A status line of the match's own, or None for the screen's usual prompt."""
        return None

    def close(self) -> None:
        """The screen showing the match is gone."""

    def names(self, you: int | None = None) -> list[str]:
        """The seats' names, to draw the engine's Lines with (`you`: a seat told "You")."""
        return ["You" if i == you else seat.name for i, seat in enumerate(self.save.seats)]

    def check(self, action: Any) -> Refusal | None:
        """Why a person's `action` cannot be played now (None: it can): a Refusal, its
        kind and its words with the seats' names."""
        state = self.state
        if state.over:
            return Refusal(RefusalKind.GAME_OVER, "The game is over.")
        if self.is_bot(state.to_move):
            return Refusal(RefusalKind.NOT_YOUR_TURN, "It is not your turn.")
        return self._named(state.check(action))

    def _named(self, reason: str | None, you: int | None = None) -> Refusal | None:
        """The engine's refusal drawn with the seats' names, its kind kept."""
        if reason is None:
            return None
        reason = refused(reason)
        return Refusal(reason.kind, said(reason, self.names(you)))

    def play(self, action: Any) -> Played | None:
        """Make `action` for whoever is to move. IllegalAction with the reason if the
        rules refuse it (nothing changes then). None: sent elsewhere to be made (a
        seat at a table), the news comes later."""
        raise NotImplementedError

    def _over_or_bot(self) -> Next | None:
        """The game's end or a bot's turn, which every match that runs bots answers
        alike; None when a person decides (each match says how it waits for them)."""
        if self.state.over:
            return Next(Turn.OVER)
        seat = self.state.to_move
        return Next(Turn.BOT, seat) if self.is_bot(seat) else None

    def next(self, viewer: int | None, hides_hands: bool = True) -> Next:
        """Who decides next, seen from the keyboard of `viewer`."""
        turn = self._over_or_bot()
        if turn is not None:
            return turn
        seat = self.state.to_move
        if seat is not None and seat != viewer and len(self.humans) > 1 and hides_hands:
            return Next(Turn.HAND_OVER, seat)
        return Next(Turn.HUMAN, seat)

    def bot_turn(self) -> BotTurn | None:
        """What the bot to move is asked, or None when no bot is to move."""
        seat = self.state.to_move
        if self.state.over or seat is None or not self.is_bot(seat):
            return None
        return BotTurn(seat, self.save.seats[seat].level or "normal", self.state.view(seat), self.token,
                       seed=self.save.seed * 1_000_003 + self.save.cursor)

    def bot(self, level: str, seed: int) -> AnyBot:
        """The player of a bot seat, asked for its move by `choose(view, budget_s)`:
        the game's bot at `level` (a puzzle's match answers with the puzzle's line)."""
        from core.ai import bot

        return bot(self.game.id, level, seed)

    def fresh(self, token: int) -> bool:
        """Whether a bot's answer asked with `token` still fits: the position has not
        changed since (no move, undo, redo) and a bot is still to move."""
        return token == self.token and not self.state.over and self.is_bot(self.state.to_move)

    # -- undo and redo ------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """The cursor just before the last move a person made (bots' moves after it
        are taken back with it), or None."""
        if not self.undoable or self.save.cursor == 0:
            return None
        seats = self.steps().seats
        for i in range(self.save.cursor - 1, -1, -1):
            if not self.is_bot(seats[i]):
                return i
        return None

    def redo_target(self) -> int | None:
        """The cursor after the next kept move and the bots' moves that follow it, or None."""
        cursor, kept = self.save.cursor, len(self.save.actions)
        if not self.undoable or cursor >= kept:
            return None
        seats = self.steps().seats
        cursor += 1
        while cursor < kept and self.is_bot(seats[cursor]):
            cursor += 1
        return cursor

    def go_to(self, cursor: int) -> Any:
        raise NotImplementedError

    # -- the game so far --------------------------------------------------------------

    def steps(self) -> Steps:
        """Every move of the save (the kept ones after the cursor too), replayed once
        from the seed when first asked for, then kept up to date."""
        if self._steps is None:
            self._steps, _ = Steps.replay(self.save, keep=0)
        return self._steps

    # -- the end -----------------------------------------------------------------------

    def won(self, seats: list[int] | None = None) -> bool | None:
        """Whether `seats` (default: the ones played from here) won: None for no
        winner, or for no such seat."""
        seats = self.mine() if seats is None else seats
        outcome = self.state.outcome
        if outcome is None or not seats:
            return None
        if not outcome.winners:
            return None if not self.game.cooperative else False
        if self.game.cooperative:
            return True
        return any(s in outcome.winners for s in seats)

    def result(self) -> Result | None:
        """The result to count, the first time it is asked for after the game ended;
        None when not over, or counted already (once counted, never again)."""
        if not self.state.over or self.counted:
            return None
        self.counted = True
        return Result(self.won())


class LocalMatch(Match):
    """A game played in this process: every move is applied here, recorded in the save
    and handed to `write` (the app's background saver), named by `summary`."""

    undoable = True

    def __init__(self, save: SaveFile, state: AnyState, *, write: Callable[[SaveFile], None] | None = None,
                 summary: Callable[[], str] | None = None, undoable: bool = True, steps: Steps | None = None) -> None:
        super().__init__(save, state, steps=steps)
        self.write = write
        self.summary = summary
        self.undoable = undoable

    def _summary(self) -> str | None:
        return self.summary() if self.summary is not None else None

    def _write(self) -> None:
        if self.write is not None:
            self.write(self.save)

    def play(self, action: Any) -> Played:
        from saves.game import record

        state = self.state
        seat = state.to_move
        text = said(state.describe(action), self.names())
        steps = self._steps
        if steps is not None:
            steps.cut(self.save.cursor)
        mark = state.clone() if steps is not None and steps.wants_mark() else None
        state.apply(action)  # IllegalAction: nothing changed
        if steps is not None:
            steps.add(seat, action, mark)
        record(self.save, action, state=state, summary=self._summary())
        self.token += 1
        self.last = Played(seat, action, text, self.save.cursor)
        self._write()
        return self.last

    def go_to(self, cursor: int) -> Any:
        """Move the cursor to `cursor` (undo, redo, back to the start): the position
        there becomes the match's, the save says so and is written."""
        steps = self.steps()
        cursor = max(0, min(cursor, len(steps)))
        self.state = steps.position(cursor)
        self.save.cursor = cursor
        self.save.over = bool(self.state.over)
        self.token += 1
        self.last = None
        summary = self._summary()
        if summary is not None:
            self.save.summary = summary
        self._write()
        return self.state


class TableMatch(LocalMatch):
    """The authoritative game of a shared table, on the host: the same moves as a
    local game, without undo; written by the host after every move."""

    def __init__(self, save: SaveFile, state: AnyState, *, write: Callable[[SaveFile], None] | None = None,
                 summary: Callable[[], str] | None = None) -> None:
        super().__init__(save, state, write=write, summary=summary, undoable=False)

    def check(self, action: Any, seat: int | None = None) -> Refusal | None:
        """Why the player at `seat` may not play `action` now (None: they may), in
        words told to them ("You" for their seat)."""
        return self.turn_refusal(seat) or self._named(self.state.check(action), seat)

    def turn_refusal(self, seat: int | None) -> Refusal | None:
        """Why the player at `seat` may make no move at all now (the game is over,
        another seat's turn), else None."""
        if self.state.over:
            return Refusal(RefusalKind.GAME_OVER, "The game is over.")
        if seat is not None and self.state.to_move != seat:
            return Refusal(RefusalKind.NOT_YOUR_TURN, "It is not your turn.")
        return None

    def next(self, viewer: int | None, hides_hands: bool = True) -> Next:
        turn = self._over_or_bot()
        if turn is not None:
            return turn
        seat = self.state.to_move
        return Next(Turn.HUMAN if seat == viewer else Turn.WAIT, seat)


def player_won(save: SaveFile, seat: int | None, state: AnyState | None = None) -> bool | None:
    """A finished table's result for the player at `seat`, as the stats count it (the
    host's copy of the table and the player's own app count it the same way)."""
    state = state if state is not None else replay(save)
    seats = [] if seat is None else [seat]  # no seat: nobody's result (None)
    return Match(save, state).won(seats)  # the one rule of who won, as a local game counts it


# -- a save's position, checked --------------------------------------------------------

def replay(save: SaveFile, upto: int | None = None, *, where: str | None = None) -> Any:
    """The position of `save` at its cursor: `new(...)`, then `apply` each action.

    The actions kept for redo after the cursor are replayed too, so a save whose
    redo would fail is refused when it is opened, never later. With `upto`, the
    position after that many actions, and nothing after it is checked (replay
    steps through a checked save). SaveError names the move and why it fails;
    `where` names the save in that message (default: its file name). The one
    replay of the game (Steps) does the work."""
    _, state = Steps.replay(save, upto, where=where, keep=upto)
    return state


def check_moves(save: SaveFile, where: str | None = None) -> None:
    """Replay every action of the save, the ones kept for redo after the cursor
    too. SaveError naming the move otherwise."""
    replay(save, where=where)
