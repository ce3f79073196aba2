"""The puzzle trainer on real games' shipped puzzles (issue 24 item 3), pressed
through with the keys on each game's own screen: the first shipped puzzle of HOUSE
RULES and of HOUSES - Skirmish. Each test runs when the game has a puzzle kit and
shipped puzzles; a game whose `puzzles` flag is still off (until it ships enough)
has it switched on for the test only (`puzzles_on`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from core import GAMES
from core.puzzles import Puzzle, load
from tui_support import make_app, status, wait_for

SIZE = (80, 24)


@contextmanager
def puzzles_on(game_id: str) -> Iterator[None]:
    """The game's `puzzles` flag on while the block runs (the registry's entry swapped
    for a copy; the game is imported first, under its own entry, as the registry
    checks)."""
    info = GAMES.info(game_id)
    GAMES[game_id]
    GAMES._infos[game_id] = dataclasses.replace(info, puzzles=True)
    try:
        yield
    finally:
        GAMES._infos[game_id] = info


def first_puzzle(game_id: str) -> Puzzle:
    try:
        GAMES[game_id].puzzle_kit()
    except ValueError:
        pytest.skip(f"{game_id} has no puzzle kit")
    puzzles = load(game_id)
    if not puzzles:
        pytest.skip(f"{game_id} ships no puzzles")
    return puzzles[0]


def puzzle_app(store, puzzle: Puzzle):
    from tui.start import OpenPuzzle

    return make_app(store, start=OpenPuzzle(puzzle_id=puzzle.id))


def head(app) -> str:
    return str(app.screen.query_one("#puzzle-head").render())


async def solving(pilot) -> Any:
    """Until the opponent's mistake is played and the player is to move: the screen."""
    from tui.puzzles.match import SOLVING

    def ready() -> bool:
        match = getattr(pilot.app.screen, "match", None)
        return getattr(match, "phase", None) == SOLVING and match.solver_to_move()

    await wait_for(pilot, ready, what="the player to move in the puzzle")
    return pilot.app.screen


def a_wrong_move(screen, kinds: tuple[type, ...]) -> Any:
    """A legal action of the given kinds that does not solve, or None."""
    match = screen.match
    for action in screen.state.legal_actions():
        if isinstance(action, kinds) and match.judge(action) is None:
            return action
    return None


async def the_end(pilot, words: str) -> None:
    await wait_for(pilot, lambda: words in head(pilot.app), what=words)


async def replay_after_the_end(pilot, screen) -> None:
    """y replays the line from the start to the end; left steps back."""
    end = screen.replay_at
    assert end == screen.save.cursor and end >= 1
    await pilot.press("left")
    assert screen.replay_at == end - 1
    await pilot.press("y")
    await wait_for(pilot, lambda: screen.replay_at == end, what="the replay back to the end")


# -- HOUSE RULES ------------------------------------------------------------------------


@pytest.fixture
def house_rules():
    with puzzles_on("house-rules"):
        yield first_puzzle("house-rules")


async def test_hr_first_puzzle_refuses_a_wrong_move_then_is_solved_by_keys(store, house_rules):
    from core.house_rules.actions import Move
    from test_house_rules import play_by_keys

    puzzle = house_rules
    app = puzzle_app(store, puzzle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await solving(pilot)
        assert screen.save.cursor == screen.match.start_cursor >= 1  # the opponent's mistake, played by itself
        before = screen.state.to_text()
        wrong = a_wrong_move(screen, (Move,))
        assert wrong is not None
        await play_by_keys(pilot, screen, wrong)
        assert "Not the winning move" in status(app)
        assert screen.state.to_text() == before and screen.match.failed
        await pilot.press("escape")
        for action in screen.match.rest:
            await play_by_keys(pilot, screen, action)
        await the_end(pilot, "Solved, after help or a wrong move")
        await replay_after_the_end(pilot, screen)


async def test_hr_first_puzzle_hint_then_enter_solves_it(store, house_rules):
    app = puzzle_app(store, house_rules)
    async with app.run_test(size=SIZE) as pilot:
        screen = await solving(pilot)
        await pilot.press("t")
        await wait_for(pilot, lambda: "Hint" in status(app), what="the hint")
        for _ in screen.match.rest:
            await pilot.press("enter")
            await pilot.pause()
        await the_end(pilot, "Solved, after help or a wrong move")


# -- HOUSES - Skirmish -------------------------------------------------------------------


@pytest.fixture
def skirmish():
    with puzzles_on("skirmish"):
        yield first_puzzle("skirmish")


async def press_on_field(pilot, screen, action) -> None:
    """An action made on the field by keys: tab to each place's grid, the arrows to
    its cell, enter (the unit, then its target); Done is e."""
    from core.skirmish import actions as A
    from tui.games.skirmish.targets import places_before

    if isinstance(action, A.Done):
        await pilot.press("e")
        await pilot.pause()
        return
    for seat, pos in places_before(action, screen.me, screen.position):
        k = screen.grid_of(seat)
        grid = screen.grids[k]
        for _ in range(8):
            if screen.focused is grid:
                break
            await pilot.press("tab")
        assert screen.focused is grid
        row, col = screen.pos_cell(k, pos)
        cur_row, cur_col = grid.cursor
        keys = ["down" if row > cur_row else "up"] * abs(row - cur_row)
        keys += ["right" if col > cur_col else "left"] * abs(col - cur_col)
        await pilot.press(*keys, "enter")
        await pilot.pause()


async def test_skirmish_first_puzzle_refuses_a_wrong_move_then_is_solved_by_keys(store, skirmish):
    from core.skirmish import actions as A

    app = puzzle_app(store, skirmish)
    async with app.run_test(size=SIZE) as pilot:
        screen = await solving(pilot)
        assert screen.save.cursor == screen.match.start_cursor >= 1
        before = screen.state.to_text()
        wrong = a_wrong_move(screen, (A.Done, A.Block, A.Attack))
        if wrong is not None:
            await press_on_field(pilot, screen, wrong)
            assert "Not the winning move" in status(app)
            assert screen.state.to_text() == before and screen.match.failed
            await pilot.press("escape")
        for action in list(screen.match.rest):
            if not screen.match.solver_to_move():
                break  # the replies play by themselves
            await press_on_field(pilot, screen, action)
        await the_end(pilot, "Solved" if wrong is None else "Solved, after help or a wrong move")
        await replay_after_the_end(pilot, screen)


async def test_skirmish_first_puzzle_shows_its_solution(store, skirmish):
    app = puzzle_app(store, skirmish)
    async with app.run_test(size=SIZE) as pilot:
        screen = await solving(pilot)
        await pilot.press("o")
        await the_end(pilot, "Line shown")
        assert screen.match.played == screen.match.line and not screen.match.solved


@pytest.mark.parametrize("game_id", ["house-rules", "skirmish"])
def test_a_real_puzzle_s_id_gives_the_same_puzzle_in_any_case(game_id):
    from core.puzzles import by_id, puzzle_id
    from tui.cli import puzzle_spec

    with puzzles_on(game_id):
        puzzle = first_puzzle(game_id)
        assert puzzle.id == puzzle_id(GAMES[game_id].puzzle_kit().prefix, puzzle.position, puzzle.solution)
        assert by_id(puzzle.id.lower()) == puzzle and by_id(f" {puzzle.id} ") == puzzle
        import argparse

        assert puzzle_spec(argparse.Namespace(puzzle_id=puzzle.id.lower(), game=None)).puzzle_id == puzzle.id


# -- every game that ships puzzles -------------------------------------------------------

PUZZLE_GAMES = [gid for gid in GAMES if GAMES.info(gid).puzzles]


@pytest.mark.parametrize("game_id", PUZZLE_GAMES)
async def test_every_puzzle_game_s_first_puzzle_is_solved_by_hints_and_takes_no_move_back(store, game_id):
    """t then enter, move after move, solves a game's first shipped puzzle on its own
    screen; the hint names the move; no key takes a move back (undo, redo, or a game's
    own restart, like Dash's r) while the puzzle is on."""
    from tui.puzzles.match import DONE

    puzzle = first_puzzle(game_id)
    app = puzzle_app(store, puzzle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await solving(pilot)
        for action in ("undo", "redo", "restart", "new_game", "review_game"):
            assert not screen.check_action(action, ()), action
        # the title names no seed: the puzzle's has none ("deal 0" would send a player
        # to `houses new --seed 0`, another deal)
        for title in screen.query(".screen-title"):
            shown = str(title.render())
            assert not re.search(r"\b(deal|game) \d", shown), shown
        for _ in range(len(puzzle.solution)):
            if screen.match.phase == DONE:
                break
            screen = await solving(pilot)
            cursor = screen.save.cursor
            await pilot.press("t")
            await wait_for(pilot, lambda: "Hint" in status(app), what="the hint")
            assert "the winning line goes on:" in status(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.save.cursor > cursor or screen.match.phase == DONE,
                           what="the hinted move played")
        await the_end(pilot, "Solved, after help or a wrong move")
