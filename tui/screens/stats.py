"""Statistics: per game, games played, won and lost, streaks; below the table, the
highlighted game's solo results (best and last, with the rank where a game has one)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core import GAMES
from core.town.solo import level_for
from tui.games import playable

# How a solo result reads, and the rank it earns where the game has ranks.
RESULT_WORDS = {
    "most_trees": "trees built",
    "fewest_cards_to_win": "cards played to win",
    "most_tiles_placed": "tiles placed",
}
RANKS = {"most_tiles_placed": lambda score: level_for(int(score))}


def result_text(name: str, value: float) -> str:
    rank = RANKS.get(name)
    return f"{value:g}" + (f" ({rank(value)})" if rank else "")


def solo_lines(stats) -> list[str]:
    """One line a solo result: its best and its last value."""
    lines = []
    for name in sorted(stats.best):
        words = RESULT_WORDS.get(name) or name.replace("_", " ")
        line = f"{words}: best {result_text(name, stats.best[name])}"
        if name in stats.last:
            line += f", last {result_text(name, stats.last[name])}"
        lines.append(line[0].upper() + line[1:])
    return lines


class StatsScreen(Screen):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="stats.back")]

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title")
        yield DataTable(cursor_type="row", id="stats-table")
        yield Static("", id="stats-detail")
        yield Static("", id="stats-note")
        yield Footer()

    def on_mount(self) -> None:
        self.stats, problem = self.app.store.read_stats()
        table = self.query_one(DataTable)
        table.add_columns("Game", "Played", "Won", "Lost", "Other", "Streak", "Best streak")
        for gid in playable():
            gs = self.stats.get(gid)
            table.add_row(GAMES[gid].title, gs.played, gs.won, gs.lost, gs.drawn, gs.streak, gs.best_streak, key=gid)
        if problem:
            self.query_one("#stats-note", Static).update(problem)
        table.focus()
        self._show_detail()

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return
        gid = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or ""
        gs = self.stats.get(gid)
        lines = [GAMES[gid].title]
        if gs.drawn:
            lines[0] += f": {gs.drawn} played but neither won nor lost (draws, solo games)"
        lines += solo_lines(gs) if gs.best else ["No solo results yet." if gs.played else "Not played yet."]
        self.query_one("#stats-detail", Static).update("\n".join(lines))
