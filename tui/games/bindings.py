"""The keys of every game screen (tui/games/base.py's GameScreen.BINDINGS), each
with an id (the README's table and tui/keys.py name them) and the words the footer
and the `?` table show. Which of them work at a given moment is GameScreen's
check_action."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType

# Escape also stops a hint being thought about, puts a hint shown away and closes a
# review: priority keys, each acting only while check_action says so (the game's own
# escape acts otherwise). Textual merges BINDINGS key by key, so a game that binds
# escape would lose these: they are put after its own (GameScreen.__init_subclass__),
# where a live screen's were added before.
ESCAPES = (
    Binding("escape", "cancel_hint", show=False, priority=True, id="hint.cancel"),
    Binding("escape", "put_hint_away", "Put away", priority=True, id="hint.put_away"),  # told: the hint shown
    Binding("escape", "close_review", show=False, priority=True, id="review.escape"),
)


def binds_escape(bindings: list) -> bool:
    return any("escape" in (b.key if isinstance(b, Binding) else b[0]).split(",") for b in bindings)


def with_escapes(own: list, inherited: bool) -> list:
    """A game screen class's BINDINGS with ESCAPES after its own escape (its keys'
    order, so the footer's, unchanged); added at the end where no class above it in
    the game's line binds escape; as it is when they came with a base class."""
    own = list(own)
    if any(b in ESCAPES for b in own):
        return own
    if binds_escape(own):
        last = max(i for i, b in enumerate(own) if binds_escape([b]))
        return own[:last + 1] + list(ESCAPES) + own[last + 1:]
    return own if inherited else own + list(ESCAPES)


GAME_BINDINGS: list[BindingType] = [
    Binding("tab", "zone(1)", "Next zone", id="game.next_zone", show=False,
            tooltip="next zone (hand, board, ...)"),
    Binding("shift+tab", "zone(-1)", "Previous zone", id="game.prev_zone", show=False),
    Binding("u,ctrl+z", "undo", "Undo", id="game.undo", tooltip="undo: take a move back"),
    Binding("ctrl+r", "redo", "Redo", id="game.redo", tooltip="redo: play an undone move again"),
    Binding("n", "new_game", "New", id="game.new", tooltip="new game"),
    Binding("q", "saves", "Saves", id="replay.saves", tooltip="back to the saved games"),  # a replay opened from the saves
    Binding("q", "home", "Home", id="game.home", tooltip="home (the game is already saved)"),
    Binding("q", "stop_watching", "Leave", id="watch.leave", tooltip="stop watching this table"),  # a watcher's q
    Binding("left,h,a,comma", "step(-1)", "Back", id="replay.back", tooltip="one move back"),
    Binding("right,l,d,period", "step(1)", "Forward", id="replay.forward",
            tooltip="one move forward"),
    # home/end: in the help and the README; the footer at 80 columns keeps room for
    # the review's keys.
    Binding("home,g", "jump(0)", "Start", id="replay.start", show=False, tooltip="to the start"),
    Binding("end,G", "jump(-1)", "End", id="replay.end", show=False, tooltip="to the end"),
    Binding("m", "moves", "Moves", id="table.moves", tooltip="every legal move, to pick one"),  # at a shared table
    Binding("t", "hint", "Hint", id="game.hint", tooltip="a hint: the coach's move and why"),
    # A puzzle's (tui/puzzles/play.py): hidden unless the screen plays one. Keys that
    # no game screen binds (a game's own binding of a key would hide these).
    Binding("o", "puzzle('solution')", "Solution", id="puzzle.solution",
            tooltip="show the puzzle's solution (plays the line out)"),
    Binding("y", "puzzle('replay')", "Replay", id="puzzle.replay", tooltip="replay the puzzle's line"),
    Binding("n", "puzzle('next')", "Next puzzle", id="puzzle.next", tooltip="the next puzzle near your rating"),
    Binding("q", "puzzle('back')", "Puzzles", id="puzzle.back", tooltip="back to the puzzles"),
    # A finished game's review (the game-over dialog's v, kept on the board after it).
    Binding("v", "review_game", "Review", id="game.review", tooltip="review the finished game"),
    # A review (tui/screens/review.py): hidden unless the screen is given one.
    Binding("right_square_bracket", "mistake(1)", "Next mistake", id="review.next"),
    Binding("left_square_bracket", "mistake(-1)", "Prev mistake", id="review.prev"),
    Binding("q", "close_review", "Close", id="review.back"),
]


# The actions of replaying a game, and of taking moves back and forth in play.
REPLAY_ACTIONS = frozenset({"step", "jump"})
PLAY_ACTIONS = frozenset({"undo", "redo"})
# Keys that are no move: shown at a shared table whoever is to move. Every other key
# of the game is hidden while another seat is to move (they could not use it).
WAITING_KEYS = frozenset({"home", "zone", "stop_watching"})


def never_applies(screen: Any, action: str) -> bool:
    """Whether `action` can never act on the game `screen` as it is (its `?` table
    leaves the key out, tui/keys.py): a replay's keys in play and the reverse, undo
    where the game has none, a review's keys without a review, a shared table's
    without one, a puzzle's without a puzzle and a game's own that a puzzle has not."""
    puzzle = screen.puzzle
    if action == "puzzle" or (puzzle is not None and action in puzzle.ACTIONS):
        return puzzle is None or action != "puzzle"
    if action in REPLAY_ACTIONS | {"saves"}:
        return not screen.replay or (action == "saves" and not screen.back_to_saves())
    if action in PLAY_ACTIONS:
        return screen.replay or not screen.UNDO or not screen.match.undoable
    if action in ("mistake", "close_review"):
        return screen.review_notes is None
    if action in ("home", "new_game"):
        return screen.review_notes is not None or (action == "home" and screen.back_to_saves())
    if action == "moves":
        return not screen.match.at_table
    if action == "stop_watching":
        return not screen.watching()
    return screen.replay and action not in ("help", "quit", "command_palette")
