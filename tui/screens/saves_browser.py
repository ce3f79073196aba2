"""The saves browser: resume, replay or delete a saved game; unreadable files are
listed as such (and never touched)."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import DataTable, Static

import saves
from core import GAMES
from saves.game import local_minute
from saves.model import SaveFile
from saves.store import Unreadable
from tui.screens.list_screen import ListScreen
from tui.screens.text import shorten, shorten_middle
from tui.widgets.footer import Footer

# (heading, width): 5 columns of these widths and their padding fit in 80 columns
# beside the scroll bar. A wider terminal gives the room to Game, Players and Position.
COLUMNS = (("Game", 13), ("Players", 16), ("", 4), ("Last played", 12), ("Position", 23))


def column_widths(screen_width: int, players: int | None = None, position: int | None = None) -> list[int]:
    """The columns' widths at `screen_width`. Given the longest Players and Position
    texts, the two share their room by need: Position whole first (it says where a game
    stands; the detail lines name every player), Players at least 12."""
    widths = [width for _, width in COLUMNS]
    extra = max(0, screen_width - 80)
    game = min(extra, 4)  # "HOUSES - Skirmish" is 17
    widths[0] += game
    widths[1] += (extra - game) // 2
    widths[4] += extra - game - (extra - game) // 2
    if players is not None and position is not None:
        room = widths[1] + widths[4]
        widths[4] = max(widths[4], min(position, room - 12))
        widths[1] = room - widths[4]
        if players < widths[1]:  # room left over: to Position
            widths[4] += widths[1] - max(players, len("Players"))
            widths[1] = max(players, len("Players"))
    return widths


when = local_minute  # a save's time stamp as the player reads it


def modified(path) -> str:
    """When a file was last changed, like `when(short=True)` (an unreadable save has no stamp)."""
    try:
        moment = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError):
        return ""
    return moment.strftime("%d %b %H:%M" if moment.year == datetime.now().year else "%Y-%m-%d")


def position(save: saves.SaveFile, title: str) -> str:
    """The save's summary without the game's name (the Game column has it)."""
    text = save.summary
    if text.startswith(title):
        text = text[len(title):].lstrip(" ,:")
    return text


class SavesTable(DataTable):
    """The list of saves. Its height changes with the detail lines under it (3 to 6):
    the highlighted row is scrolled back into view whenever it does."""

    def on_resize(self) -> None:
        if self.row_count:
            self.call_after_refresh(self.move_cursor, row=self.cursor_row)


class SavesScreen(ListScreen):
    BINDINGS = [
        Binding("enter", "resume", "Resume", id="saves.resume", priority=True),
        Binding("r", "replay", "Replay", id="saves.replay"),
        Binding("v", "review", "Review", id="saves.review"),
        Binding("delete,x", "delete", "Delete", id="saves.delete"),
        Binding("escape,q", "app.pop_screen", "Back", id="saves.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Saved games", classes="screen-title", markup=False)
        yield SavesTable(cursor_type="row", zebra_stripes=True, id="saves-table")
        yield Static("", id="saves-detail", markup=False)
        yield Footer()

    good: list[SaveFile]  # the saves listed, newest first (reload)
    bad: list[Unreadable]  # the files that could not be read

    def on_mount(self) -> None:
        # save id -> why its moves do not replay (None: they do). The list does not
        # replay every save (that is slow with many); the highlighted one is.
        self.moves_problem: dict[str, str | None] = {}
        self.reload()

    def on_resize(self) -> None:
        if self.is_mounted and column_widths(self.app.size.width, *self._needs) != getattr(self, "widths", None):
            self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        current = self._current()
        table.clear(columns=True)
        # Fixed widths that fit the screen with the scroll bar: longer text is cut
        # with an ellipsis, and the detail lines under the table show it in full.
        self.good, self.bad = self.houses.store.scan()
        self._needs = (max((len(", ".join(seat.name for seat in s.seats)) for s in self.good), default=0),
                       max((len(position(s, self._title(s.game))) for s in self.good), default=0))
        self.widths = column_widths(self.app.size.width, *self._needs)
        for i, ((label, _), width) in enumerate(zip(COLUMNS, self.widths)):
            table.add_column(label, width=width, key=f"c{i}")
        cut = self._cut
        for s in self.good:
            title = self._title(s.game)
            players = ", ".join(seat.name for seat in s.seats)
            table.add_row(cut(title, 0), cut(players, 1), "BAD" if self.moves_problem.get(s.id) else
                          "done" if s.over else "open",
                          when(s.updated, short=True), cut(position(s, title), 4), key=f"ok:{s.id}")
        for u in self.bad:
            game = next((g for g in GAMES if u.id.startswith(f"{g}-")), None)  # ids start with the game
            table.add_row(cut(self._title(game) if game else "?", 0), "", "BAD", modified(u.path),
                          Text(shorten_middle(u.id or "(the folder)", self.widths[4], self.houses.glyphs["ellipsis"])),
                          key=f"bad:{u.id}")
        if not self.good and not self.bad:
            self.query_one("#saves-detail", Static).update("No saved games yet.")
        if current is not None:  # the same row stays highlighted
            keys = [row.key.value for row in table.ordered_rows]
            key = f"{current[0]}:{current[1]}"
            if key in keys:
                table.move_cursor(row=keys.index(key))
        table.focus()
        self._show_detail()

    def _title(self, game_id: str) -> str:
        game = GAMES.get(game_id)
        return game.title if game else game_id

    def _cut(self, text: str, column: int) -> Text:
        # Text, not str: a table cell's str is read as markup, and names come from files.
        return Text(shorten(text, self.widths[column], self.houses.glyphs["ellipsis"]))

    def _current(self) -> tuple[str, str] | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or ""
        kind, _, save_id = key.partition(":")
        return kind, save_id

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        current = self._current()
        detail = self.query_one("#saves-detail", Static)
        if current is None:
            return
        kind, save_id = current
        if kind == "bad":
            problem = next(u for u in self.bad if u.id == save_id)
            detail.update(Content(f"Unreadable: {problem.message}\nThe file is kept as it is: {problem.path}"))
        elif self._moves_problem(save_id):
            save = next(s for s in self.good if s.id == save_id)
            path = self.houses.store.path(save.id)
            detail.update(Content(f"Unreadable: {self.moves_problem[save_id]}\nThe file is kept as it is: {path}"))
        else:
            save = next(s for s in self.good if s.id == save_id)
            title = self._title(save.game)
            players = ", ".join(seat.name for seat in save.seats)
            state = "finished" if save.over else "open"
            detail.update(Content(f"{title}: {players}\n{position(save, title) or state}\n"
                                  f"{save.id}, deal {save.seed}, {save.cursor} moves, {state}"))
        self.refresh_bindings()

    def _moves_problem(self, save_id: str) -> str | None:
        """Why this save's moves do not replay (the redo tail too), or None. Checked
        once, when first highlighted; a bad one is then marked BAD in the list."""
        if save_id not in self.moves_problem:
            save = next(s for s in self.good if s.id == save_id)
            try:
                saves.replay(save)
                self.moves_problem[save_id] = None
            except saves.SaveError as exc:
                self.moves_problem[save_id] = str(exc)
                self.query_one(DataTable).update_cell(f"ok:{save_id}", "c2", "BAD")
        return self.moves_problem[save_id]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Every key works on every row: on one it cannot act on, it says why
        # (an unreadable file, an unfinished game's review, an empty list).
        return True

    def _openable(self, doing: str) -> saves.SaveFile | None:
        """The highlighted save; or None, once the player has been told why it cannot
        be `doing` ("resumed", "replayed", "reviewed", "deleted")."""
        current = self._current()
        if current is None:
            self.app.notify(f"There is no saved game here to be {doing}.", severity="warning")
            return None
        kind, save_id = current
        why: str | None
        if kind == "bad":
            why = next(u for u in self.bad if u.id == save_id).message
        else:
            why = self._moves_problem(save_id)
        if why:  # the whole reason is in the detail lines under the list
            self.app.notify(f"This saved game cannot be {doing}: its file cannot be read (why is shown under "
                            "the list). The file is kept as it is.", title="Unreadable save",
                            severity="warning", timeout=8)
            return None
        return next(s for s in self.good if s.id == save_id)

    def action_resume(self) -> None:
        save = self._openable("resumed")
        if save is None:
            return
        if save.over:
            self.action_replay()
        else:
            self.houses.open_game(save)

    def action_replay(self) -> None:
        """A replay opens over this list, so that q comes back to it."""
        save = self._openable("replayed")
        if save is None:
            return
        from tui.games import screen_class

        try:
            state = saves.replay(save)
        except saves.SaveError as exc:
            self.app.notify(str(exc), title="Could not open", severity="error", timeout=8)
            return
        self.app.push_screen(screen_class(save.game)(save, state, replay=True))

    def action_review(self) -> None:
        """The coach's review of a finished game, over this list (q comes back)."""
        save = self._openable("reviewed")
        if save is None:
            return
        if not save.over:
            self.app.notify("A review looks back on a finished game, and this one is still open: "
                            "enter resumes it, r replays the moves so far.", title="Not finished yet")
            return
        from tui.screens.review import open_review

        open_review(self.app, save)

    def action_delete(self) -> None:
        save = self._openable("deleted")
        if save is None:
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    self.houses.store.delete(save.id)
                except saves.SaveError as exc:
                    self.app.notify(str(exc), severity="error")
                self.reload()

        title = self._title(save.game)
        players = ", ".join(seat.name for seat in save.seats)
        question = (f"Delete the saved game\n{title}: {players}\n"
                    f"{position(save, title) or 'new game'}, last played {when(save.updated)}?")
        self.app.push_screen(ConfirmScreen(question), done)
