"""Each game through a real terminal: `houses new GAME` in a pseudo-terminal of 80x24,
ten moves made by real keys, q and ctrl+q, then `houses resume`: the screen (read
through pyte, a terminal emulator) shows the same board and the save the same actions.

The keys of each move are worked out from the saved position (the save is written
after every move), the way a person reads the board, so a bot's reply may vary.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

import saves
from tui.games import playable
from tui.games.dash.screen import cell_of as dash_cell_of

COLS, ROWS = 80, 24
KEYS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D", "enter": "\r", "ctrl+q": "\x11"}
MOVES = 10
MARKS = r"[\[\]'•×*]"  # cursor, cells a chosen piece or tile may go to, the last move


class Terminal:
    """`houses ARGS` in a pseudo-terminal; pyte keeps what the screen shows."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")
               and k not in ("NO_COLOR", "FORCE_COLOR")}
        env.update(HOUSES_HOME=str(home), TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-m", "tui.cli", *args], env=env,
                                   dimensions=(ROWS, COLS), timeout=None)
        self.child.delaybeforesend = None  # keys as fast as a terminal sends them

    def pump(self, wait: float = 0.05) -> bool:
        """Read what the app wrote within `wait` seconds; True if anything came."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.stream.feed(data)
        return True

    def settle(self, quiet: float = 0.3, timeout: float = 15.0) -> None:
        """Read until the screen has been still for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        last = time.monotonic()
        while time.monotonic() - last < quiet:
            assert time.monotonic() < deadline, "the screen never settled:\n" + self.text()
            if self.pump(0.05):
                last = time.monotonic()

    def wait_for(self, words: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            assert time.monotonic() < deadline, f"{words!r} never shown:\n" + self.text()
            self.pump(0.05)

    def press(self, *keys: str) -> None:
        self.child.send("".join(KEYS.get(key, key) for key in keys))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def region(self, top: int, bottom: int, width: int) -> str:
        """Lines top..bottom, `width` columns, without the cursor's brackets and the
        marks of a choice or of the last move (after a resume the cursor may rest
        elsewhere and nothing is chosen; the pieces must be where they were)."""
        return "\n".join(re.sub(MARKS, " ", line[:width]).rstrip() for line in self.screen.display[top:bottom + 1])

    def wait_exit(self, timeout: float = 15.0) -> int:
        deadline = time.monotonic() + timeout
        while self.child.isalive():
            assert time.monotonic() < deadline, "the app did not quit:\n" + self.text()
            self.pump(0.05)  # a terminal keeps reading: a full pty would block the last writes
        self.child.close()
        return self.child.exitstatus

    def kill(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def the_save(home: Path) -> saves.SaveFile:
    good, bad = saves.Store(home).scan()
    assert not bad and len(good) == 1, (good, bad)
    return good[0]


def started(term: Terminal, home: Path, timeout: float = 30.0) -> None:
    """Until the new game is on screen and its save on disk (written as it starts)."""
    deadline = time.monotonic() + timeout
    while not saves.Store(home).scan()[0]:
        assert time.monotonic() < deadline, "no save appeared:\n" + term.text()
        term.pump(0.05)
    ready(term)


def wait_for_cursor(term: Terminal, home: Path, above: int, timeout: float = 15.0) -> None:
    """Until the save holds more than `above` actions in force (the move was made)."""
    deadline = time.monotonic() + timeout
    while the_save(home).cursor <= above:
        assert time.monotonic() < deadline, "the keys made no move:\n" + term.text()
        term.pump(0.05)


def walk(row: int, col: int, rows: int, cols: int) -> list[str]:
    """Arrow keys to (row, col) from anywhere: first into the top-left corner (the
    board's cursor stops at its edges), then down and right."""
    return ["up"] * rows + ["left"] * cols + ["down"] * row + ["right"] * col


# -- one move by keys, from the saved position ------------------------------------------------


def dash_move(term: Terminal, state, save) -> None:
    play = state.legal_actions()[0]
    card = state.hands[state.to_move].index(play.card) + 1
    side = {"N": "up", "E": "right", "S": "down", "W": "left"}[play.side]
    # Each step sends the keys to another zone: a person sees it happen, then goes on.
    term.press(str(card))
    term.wait_for("at which side?")
    term.press(side)
    term.wait_for("can move")
    term.press(*walk(*dash_cell_of(play.src), 8, 8), "enter")


def house_rules_move(term: Terminal, state, save) -> None:
    from core.house_rules.actions import EndTurn, Move

    legal = state.legal_actions()
    move = next((a for a in legal if isinstance(a, Move)), None)
    if move is None:
        assert any(isinstance(a, EndTurn) for a in legal), legal
        term.press("e")
        return
    for cell in (move.src, move.dst):  # White sits at the bottom: rank 1 is the last row
        term.press(*walk(6 - int(cell[1:]), "abcdefg".index(cell[0]), 6, 7), "enter")


def town_move(term: Terminal, state, save) -> None:
    term.press("t")  # the solo hint puts the cursor on its move ...
    term.wait_for("Hint (")
    term.press("enter")  # ... and enter takes it


def skirmish_move(term: Terminal, state, save) -> None:
    from core.skirmish import actions as A

    legal = state.legal_actions()
    if any(isinstance(a, A.StartWith) for a in legal):
        term.press("enter")  # the first choice: the advantage winner starts
    elif save.cursor == 1:
        assert any(isinstance(a, A.Deploy) for a in legal), legal
        term.press("1")  # the first card of the hand goes to a new front slot
    else:
        assert any(isinstance(a, A.Done) for a in legal), legal
        term.press("e")


# game id, `houses new` arguments, the board's lines and width on screen, one move. The
# test runs on every playable game of the registry: a new game fails here until it says
# how a move is made by keys.
BY_KEYS = {
    "dash": (["--seed", "4242"], (1, 19, 45), dash_move),
    "house-rules": (["--seed", "7", "--bots", "easy"], (1, 12, 45), house_rules_move),
    "town": (["--seed", "5"], (1, 14, 80), town_move),  # with the stacks: a choice of stack shows there
    "skirmish": (["--seats", "2", "--seed", "7"], (1, 14, 50), skirmish_move),
}


def ready(term: Terminal) -> None:
    """Let the screen settle; between two people at one keyboard, say ready."""
    term.settle()
    while "Pass the keyboard to" in term.text():
        term.press("enter")
        term.settle()


def wait_for_a_person(term: Terminal, home: Path, timeout: float = 20.0) -> None:
    """Until a person is to move (a bot's reply is made and shown) or the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        ready(term)
        save = the_save(home)
        state = saves.replay(save)
        if state.over or save.seats[state.to_move].kind == "human":
            return
        assert time.monotonic() < deadline, "the bot did not answer:\n" + term.text()


@pytest.mark.parametrize("game_id", playable())
def test_ten_moves_by_keys_quit_and_resume_in_a_real_terminal(game_id, tmp_path):
    assert game_id in BY_KEYS, f"{game_id}: say in BY_KEYS how a move is made by keys"
    args, (top, bottom, width), move = BY_KEYS[game_id]
    term = Terminal(tmp_path, "new", game_id, *args)
    try:
        started(term, tmp_path)
        start = term.region(top, bottom, width)
        for _ in range(MOVES):
            save = the_save(tmp_path)
            state = saves.replay(save)
            assert not state.over, "the game ended before ten moves:\n" + term.text()
            move(term, state, save)
            wait_for_cursor(term, tmp_path, save.cursor)
            wait_for_a_person(term, tmp_path)
        board, before = term.region(top, bottom, width), term.text()
        actions = the_save(tmp_path).actions
        assert len(actions) >= MOVES
        assert board != start, "the moves do not show in the board region"
        term.press("q")
        term.settle()
        term.press("ctrl+q")
        assert term.wait_exit() == 0
    finally:
        term.kill()

    term = Terminal(tmp_path, "resume")
    try:
        term.wait_for("? Help")  # the footer: a screen is drawn
        ready(term)
        assert term.region(top, bottom, width) == board, f"before:\n{before}\nafter resume:\n{term.text()}"
        term.press("ctrl+q")
        assert term.wait_exit() == 0
    finally:
        term.kill()
    assert the_save(tmp_path).actions == actions


