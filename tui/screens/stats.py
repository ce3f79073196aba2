"""Statistics: per game, games played, won and lost, streaks; below the table, what
it cannot say: games neither won nor lost, and the solo results (best and last, with
the rank where a game has one). A solo game of a game played against others (TOWN 77
alone) is a score, not a win or a loss: it is in Played and Other, and leaves the
streak as it is (saves.model.GameStats)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from core import GAMES
from core.engine import AnyGame
from tui.games import playable
from tui.app_typed import UsesHousesApp
from tui.widgets.footer import Footer


def result_text(game: AnyGame, name: str, value: float) -> str:
    """A solo result's value, with the rank it earns where the game has ranks."""
    measure = game.solo_measures.get(name)
    rank = game.rank(name, value) if measure is not None and measure.ranked else None
    return f"{value:g}" + (f" ({rank})" if rank else "")


def solo_lines(game: AnyGame, stats) -> list[str]:
    """One line a solo result: its best and its last value, in the game's words
    (`Game.solo_measures`)."""
    lines = []
    for name in sorted(stats.best):
        measure = game.solo_measures.get(name)
        words = measure.words if measure is not None else name.replace("_", " ")
        line = f"{words}: best {result_text(game, name, stats.best[name])}"
        if name in stats.last:
            line += f", last {result_text(game, name, stats.last[name])}"
        lines.append(line[0].upper() + line[1:])
    return lines


def game_lines(game: AnyGame, stats) -> list[str]:
    """What the table cannot say about one game: games neither won nor lost, and
    the solo results. Empty if there is nothing to add."""
    title = game.title
    lines = []
    if stats.drawn:
        lines.append(f"{title}: {stats.drawn} played, neither won nor lost (draws).")
    if stats.solo:
        lines.append(f"{title}: {stats.solo} solo game{'s' if stats.solo != 1 else ''}, scored, not won or lost "
                     "(the streak counts games against others only).")
    if stats.best:
        if not lines:
            lines.append(f"{title}:")
        lines += ["  " + line for line in solo_lines(game, stats)]
    return lines


class StatsScreen(UsesHousesApp, Screen):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="stats.back")]

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title", markup=False)
        yield DataTable(cursor_type="none", id="stats-table")
        yield Static("", id="stats-detail", markup=False)
        yield Static("", id="stats-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        stats, problem = self.houses.store.read_stats()
        table = self.query_one(DataTable)
        table.add_columns("Game", "Played", "Won", "No hint", "Lost", "Other", "Streak", "Best streak")
        lines = []
        for gid in playable():
            gs = stats.get(gid)
            # Other: draws and solo scores (the lines under the table say which).
            table.add_row(GAMES[gid].title, gs.played, gs.won, gs.won_no_hint, gs.lost, gs.drawn + gs.solo,
                          gs.streak, gs.best_streak)
            lines += game_lines(GAMES[gid], gs)
        # Solo results and names from the stats file: text, never markup.
        lines = (lines or ["No finished games yet."]) + ["No hint: games won without asking for a hint (t)."]
        self.query_one("#stats-detail", Static).update(Content("\n".join(lines)))
        self._detail = lines
        if problem:
            self.query_one("#stats-note", Static).update(Content(problem))
        table.focus()
        from tui.tables.community import own_ratings

        own_ratings(self.app, self.show_ratings)  # on a host: the player's ratings there
        from tui.puzzles.stats import read_puzzle_lines

        read_puzzle_lines(self.houses, self.show_puzzles)  # in the writer thread: never waits for the disk

    def show_puzzles(self, lines: list[str]) -> None:
        """The puzzle records, under the games' lines (tui/puzzles/stats.py)."""
        if self.is_attached and lines:
            self._detail = self._detail + lines
            self.query_one("#stats-detail", Static).update(Content("\n".join(self._detail)))

    def on_unmount(self) -> None:
        from tui.tables.community import own_ratings

        own_ratings(self.app, self.show_ratings, on=False)

    def show_ratings(self, msg) -> None:
        """The host's answer: the player's own rating in each game, under the table."""
        from host.protocol import Ratings
        from tui.tables.community import rating_lines

        if self.is_attached and isinstance(msg, Ratings):
            lines = rating_lines(msg) + self._detail
            self.query_one("#stats-detail", Static).update(Content("\n".join(lines)))
