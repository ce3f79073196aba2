"""The saves browser: resume, replay or delete a saved game; unreadable files are
listed as such (and never touched)."""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

import saves
from core import GAMES


def when(stamp: str) -> str:
    """A save's UTC time stamp as local time, to the minute."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return stamp[:16]
    return moment.strftime("%Y-%m-%d %H:%M")


def position(save: saves.SaveFile, title: str) -> str:
    """The save's summary without the game's name (the Game column has it)."""
    text = save.summary
    if text.startswith(title):
        text = text[len(title):].lstrip(" ,:")
    return text


class SavesScreen(Screen):
    BINDINGS = [
        Binding("enter", "resume", "Resume", id="saves.resume", priority=True),
        Binding("r", "replay", "Replay", id="saves.replay"),
        Binding("delete,x", "delete", "Delete", id="saves.delete"),
        Binding("escape,q", "app.pop_screen", "Back", id="saves.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Saved games", classes="screen-title")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="saves-table")
        yield Static("", id="saves-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("Game", "Players", "", "Last played", "Position")
        self.good, self.bad = self.app.store.scan()
        for s in self.good:
            game = GAMES.get(s.game)
            title = game.title if game else s.game
            players = ", ".join(seat.name for seat in s.seats)
            table.add_row(title[:14], players[:14], "done" if s.over else "open",
                          when(s.updated), position(s, title)[:26], key=f"ok:{s.id}")
        for u in self.bad:
            table.add_row(u.id[:14], "", "BAD", "", "unreadable: see below", key=f"bad:{u.id}")
        if not self.good and not self.bad:
            self.query_one("#saves-detail", Static).update("No saved games yet.")
        table.focus()
        self._show_detail()

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
            detail.update(f"[b]Unreadable:[/b] {problem.message}\nThe file is kept as it is: {problem.path}")
        else:
            save = next(s for s in self.good if s.id == save_id)
            detail.update(f"{save.id}  deal {save.seed}  {save.cursor} moves"
                          f"{'  (finished)' if save.over else ''}")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "replay", "delete"):
            current = self._current() if self.is_mounted else None
            if current is None or current[0] == "bad":
                return None
            if action == "resume":
                save = next((s for s in self.good if s.id == current[1]), None)
                return None if save is None or save.over else True
        return True

    def _save(self) -> saves.SaveFile | None:
        current = self._current()
        if current is None or current[0] != "ok":
            return None
        return next(s for s in self.good if s.id == current[1])

    def action_resume(self) -> None:
        save = self._save()
        if save is None:
            self.app.bell()
            return
        if save.over:
            self.app.open_game(save, replay=True)
        else:
            self.app.open_game(save)

    def action_replay(self) -> None:
        save = self._save()
        if save is not None:
            self.app.open_game(save, replay=True)

    def action_delete(self) -> None:
        save = self._save()
        if save is None:
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    self.app.store.delete(save.id)
                except saves.SaveError as exc:
                    self.app.notify(str(exc), severity="error")
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the saved game\n{save.summary}?"), done)
