"""The puzzles screen (docs/architecture.md, "Puzzles"): for each game with puzzles,
the player's puzzle rating, streak and solved/tried, and its entries: the next
puzzle near the rating, the puzzle of the day, and any puzzle by its id. The
records are read in the app's writer thread; the menu is there at once."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core import GAMES
from core.puzzles import by_id, daily
from saves.puzzles import PuzzleRecords, rating_words
from tui.puzzles import open_next, open_puzzle, warm_up
from tui.puzzles.catalogue import games_with_puzzles
from tui.screens.list_screen import ListScreen
from tui.start import OpenPuzzle
from tui.widgets.footer import Footer


def game_line(title: str, records: PuzzleRecords | None, game_id: str) -> str:
    if records is None:
        return f"{title}: reading your records..."
    mine = records.game(game_id)
    return (f"{title}: rating {rating_words(mine)}, streak {mine.streak}, "
            f"solved {mine.solved}/{mine.tried}")


class PuzzlesScreen(ListScreen):
    BINDINGS = [
        Binding("i", "enter_id", "Puzzle id", id="puzzles.id", tooltip="open a puzzle by its id"),
        Binding("escape,q", "app.pop_screen", "Back", id="puzzles.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: PuzzleRecords | None = None
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="puzzles"):
            yield Static("Puzzles", classes="screen-title", markup=False)
            with Center():
                yield OptionList(*self.entries(), id="puzzle-menu")
            yield Static("", id="puzzles-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#puzzle-menu", OptionList).focus()
        self.read_records()
        self.run_worker(partial(warm_up, self.app, games_with_puzzles()), thread=True, group="warm-up", exit_on_error=False)

    def on_screen_resume(self) -> None:
        self.read_records()  # an attempt may have moved the ratings

    def read_records(self) -> None:
        from saves import puzzles as records_file

        root, app = self.houses.store.root, self.houses

        def read() -> None:
            records, problem = records_file.read(root)
            app.call_from_thread(self.show_records, records, problem)

        app._saver.submit(read)

    def show_records(self, records: PuzzleRecords, problem: str | None) -> None:
        if not self.is_attached:
            return
        self.records, self.problem = records, problem
        menu = self.query_one("#puzzle-menu", OptionList)
        at = menu.highlighted
        menu.clear_options()
        menu.add_options(self.entries())
        menu.highlighted = at if at is not None and at < menu.option_count else self._first_enabled()
        if problem:
            self.query_one("#puzzles-note", Static).update(Content(problem))

    def _first_enabled(self) -> int:
        menu = self.query_one("#puzzle-menu", OptionList)
        return next(i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled)

    def entries(self) -> list[Option]:
        today = self.houses.today
        options: list[Option] = []
        for gid in games_with_puzzles():
            options.append(Option(game_line(GAMES.info(gid).title, self.records, gid), id=f"head:{gid}",
                                  disabled=True))
            options.append(Option("  Next puzzle", id=f"next:{gid}"))
            puzzle = daily(gid, today)
            if puzzle is not None:
                played = None if self.records is None else self.records.days.get(f"{gid}/{today.isoformat()}")
                state = "" if played is None else ", solved today" if played else ", tried today, not solved"
                options.append(Option(f"  Puzzle of the day: {puzzle.id}{state}", id=f"daily:{gid}"))
        if not options:
            options.append(Option("No game has puzzles yet.", id="none", disabled=True))
        options.append(Option("Enter a puzzle id", id="id"))
        return options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        what, _, gid = (event.option.id or "").partition(":")
        if what == "next":
            open_next(self.houses, gid)
        elif what == "daily":
            puzzle = daily(gid, self.houses.today)
            if puzzle is not None:
                open_puzzle(self.houses, puzzle, daily=True)
        elif what == "id":
            self.action_enter_id()

    def action_enter_id(self) -> None:
        def opened(text: str | None) -> None:
            if not text:
                return
            puzzle = by_id(text)
            if puzzle is None or puzzle.game not in games_with_puzzles():
                self.query_one("#puzzles-note", Static).update(
                    Content(f"There is no puzzle {text.strip()!r}: an id reads like the ones above."))
                self.app.bell()
                return
            self.query_one("#puzzles-note", Static).update("")
            open_puzzle(self.houses, puzzle)

        self.app.push_screen(PuzzleIdScreen(), opened)


class PuzzleIdScreen(ModalScreen[str | None]):
    """Type a puzzle's id: enter opens it, escape goes back."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="puzzle_id.back")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Puzzle id (as shared, e.g. from a friend):", classes="dialog-text", markup=False)
            yield Input(placeholder="id", compact=True, id="puzzle-id")
            yield Static("enter opens it, escape goes back", classes="dialog-keys", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_start(app: Any, start: OpenPuzzle) -> None:
    """`houses puzzle [ID | --game G]` (checked by tui/cli.py): the puzzles screen,
    with the puzzle opened over it, or the game's next puzzle."""
    from core.puzzles import by_id

    app.push_screen(PuzzlesScreen())
    puzzle = by_id(start.puzzle_id) if start.puzzle_id else None
    if puzzle is not None:
        open_puzzle(app, puzzle)
    elif start.game_id:
        open_next(app, start.game_id)
