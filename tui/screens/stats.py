"""Statistics: per game, games played, won and lost, streaks and solo bests."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core import GAMES
from tui.games import playable


def best_text(best: dict[str, float]) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {value:g}" for name, value in sorted(best.items())) or "-"


class StatsScreen(Screen):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="stats.back")]

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title")
        yield DataTable(cursor_type="row", id="stats-table")
        yield Static("", id="stats-note")
        yield Footer()

    def on_mount(self) -> None:
        stats, problem = self.app.store.read_stats()
        table = self.query_one(DataTable)
        table.add_columns("Game", "Played", "Won", "Lost", "Streak", "Best", "Best results")
        for gid in playable():
            gs = stats.get(gid)
            table.add_row(GAMES[gid].title, gs.played, gs.won, gs.lost, gs.streak, gs.best_streak, best_text(gs.best))
        if problem:
            self.query_one("#stats-note", Static).update(problem)
        table.focus()
