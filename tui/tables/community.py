"""The community of an SSH host in the app: the leaderboards screen (each rated game's
ratings, the deals of the day's results with the player's streak, each game's puzzle
ratings and its puzzle of the day's results), the player's own ratings for the
statistics screen, and the result of a deal of the day or of a puzzle attempt sent
to the host when it ends. The host keeps them (host/community.py, host/puzzles.py)."""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from core import GAMES
from host import protocol as p
from tui.app_typed import UsesHousesApp
from tui.tables.client import clock, tables_available
from tui.widgets.footer import Footer

def boards() -> list[tuple[str, str]]:
    """(board id, its name): each rated game's ratings, then each deal of the day (as
    the games declare them, core.engine.GameInfo), then each game's puzzle ratings
    and puzzle of the day (the games that ship puzzles)."""
    from tui.puzzles.catalogue import games_with_puzzles

    infos = GAMES.infos()
    rated = [(info.id, info.title) for info in infos if info.rated]
    days = [(f"daily:{info.id}", info.daily.board) for info in infos if info.daily is not None]
    puzzles = []
    for game_id in games_with_puzzles():
        title = GAMES.info(game_id).title
        puzzles += [(f"puzzles:{game_id}", f"{title} puzzles"), (f"puzzle-day:{game_id}", f"{title} puzzle of the day")]
    return rated + days + puzzles


def window(names: list[str], at: int, width: int) -> str:
    """The boards' names on one line of `width`: the chosen one in brackets and as
    many neighbours as fit; when not all fit, arrows and where it is ("< ... >  3/9")."""

    def line(lo: int, hi: int) -> str:
        text = "  ".join(f"[{name}]" if i == at else name for i, name in enumerate(names[lo:hi + 1], lo))
        if (lo, hi) == (0, len(names) - 1):
            return text
        return ("< " if lo else "") + text + (" >" if hi < len(names) - 1 else "") + f"  {at + 1}/{len(names)}"

    lo = hi = at
    grew = True
    while grew:
        grew = False
        for new_lo, new_hi in ((lo, hi + 1), (lo - 1, hi)):
            if 0 <= new_lo and new_hi < len(names) and len(line(new_lo, new_hi)) <= width:
                lo, hi, grew = new_lo, new_hi, True
    return line(lo, hi)


class LeaderboardsScreen(UsesHousesApp, Screen):
    """The host's leaderboards, one board at a time: left/right changes board."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    LeaderboardsScreen #boards { height: 1; padding: 0 2; }
    LeaderboardsScreen #board { height: 1fr; margin: 1 2 0 2; }
    LeaderboardsScreen #board-note { height: auto; padding: 0 2; color: $text-muted; }
    """
    BINDINGS = [
        # Before the table's own left/right (it scrolls columns): they change board.
        Binding("left", "board(-1)", "Previous board", id="boards.prev", priority=True),
        Binding("right", "board(1)", "Next board", id="boards.next", priority=True),
        Binding("r", "refresh", "Refresh", id="boards.refresh"),
        Binding("escape,q", "app.pop_screen", "Back", id="boards.back"),
    ]

    def __init__(self, board: str | None = None) -> None:
        super().__init__()
        self.boards = boards()
        ids = [b for b, _ in self.boards]
        self.at = ids.index(board) if board in ids else 0

    def compose(self) -> ComposeResult:
        yield Static("Leaderboards on this host", classes="screen-title", markup=False)
        yield Static("", id="boards", markup=False)
        yield DataTable(cursor_type="row", zebra_stripes=False, id="board")
        yield Static("", id="board-note", markup=False)
        yield Footer()

    async def on_mount(self) -> None:
        from tui.tables.screens import get_client

        self.query_one(DataTable).focus()
        client = get_client(self.app)
        if client is not None:
            client.listen(self.on_answer)
        await self.action_refresh()

    def on_unmount(self) -> None:
        from tui.tables.screens import get_client

        client = get_client(self.app)
        if client is not None:
            client.listen(self.on_answer, on=False)

    def on_answer(self, msg: p.Message) -> None:
        """A community answer from the host: shown if it is the board on screen."""
        if isinstance(msg, p.Leaderboard) and msg.game == self.board:
            self.show_ratings(msg)
        elif isinstance(msg, p.Daily) and f"daily:{msg.game}" == self.board:
            self.show_daily(msg)
        elif isinstance(msg, p.PuzzleBoard) and f"puzzles:{msg.game}" == self.board:
            self.show_puzzles(msg)
        elif isinstance(msg, p.DailyPuzzle) and f"puzzle-day:{msg.game}" == self.board:
            self.show_daily_puzzle(msg)

    @property
    def board(self) -> str:
        return self.boards[self.at][0]

    def show_names(self) -> None:
        width = self.size.width - 4 if self.size.width else 76
        line = window([name for _, name in self.boards], self.at, width)
        self.query_one("#boards", Static).update(Content(line))

    async def action_board(self, delta: int) -> None:
        self.at = (self.at + delta) % len(self.boards)
        await self.action_refresh()

    async def action_refresh(self) -> None:
        """Ask the host for the board shown (its answer fills the table)."""
        from tui.tables.screens import get_client

        self.show_names()
        self.fill([], [], "Asking the host" + self.houses.glyphs["ellipsis"])
        client = get_client(self.app)
        if client is None or not await client.connect():
            self.fill([], [], "Leaderboards are kept by a host: this app is not on one.")
            return
        board = self.board
        kind, _, game_id = board.rpartition(":")
        if kind == "daily":
            client.send(p.GetDaily(game=game_id))
        elif kind == "puzzles":
            client.send(p.GetPuzzleBoard(game=game_id))
        elif kind == "puzzle-day":
            client.send(p.GetDailyPuzzle(game=game_id))
        else:
            client.send(p.GetLeaderboard(game=board))

    def fill(self, columns: list[str], rows: list[list[Any]], note: str) -> None:
        if not self.is_attached:
            return
        table = self.query_one(DataTable)
        table.clear(columns=True)
        if columns:
            # Widths from the content: the table's own sizing missed rows that came
            # before its first layout (the host can answer that fast).
            for i, name in enumerate(columns):
                table.add_column(name, width=max([len(name)] + [len(str(row[i])) for row in rows]))
            for row in rows:
                table.add_row(*[Text(str(cell)) for cell in row])  # players' names: text, never markup
        self.query_one("#board-note", Static).update(Content(note))

    def show_ratings(self, msg: p.Leaderboard) -> None:
        me = self.app_player()
        rows = [["*" if row.name == me else " ", row.rank, row.name, f"{row.rating:.1f}", row.games]
                for row in msg.rows]
        title = GAMES.info(msg.game).title
        if msg.me is None:
            note = f"You are not rated in {title} yet: finish a table of it (bots count too)."
        else:
            games = f"{msg.me.games} game" + ("s" if msg.me.games != 1 else "")
            where = "* is you" if msg.me.rank else f"You, below the {len(msg.rows)} shown"
            note = f"{where}: {msg.me.rating:.1f} after {games}."
        if not rows:
            note = f"Nobody is rated in {title} yet: finish a table of it (bots count too)."
        self.fill(["", "Rank", "Player", "Rating", "Games"], rows,
                  note + " A rating starts at 0 and grows as you win; a win over a stronger player counts more.")

    def show_daily(self, msg: p.Daily) -> None:
        me = self.app_player()
        daily = GAMES.info(msg.game).daily if msg.game in GAMES else None
        rank = daily is not None and daily.ranked
        rows = [["*" if row.name == me else " ", row.place, row.name, "yes" if row.won else "no", row.moves,
                 row.hints] + ([row.rank or "-"] if rank else []) for row in msg.rows]
        measure = daily.measure if daily is not None else "Moves"
        columns = ["", "Place", "Player", "Won", measure, "Hints"] + (["Rank"] if rank else [])
        note = f"Results of {msg.day}. "
        note += "* is you. " if msg.played else "Play today's deal to be on it. "
        note += f"Days won in a row: {msg.streak}."
        if not rows:
            note = f"No results yet for {msg.day}. " + note.split(". ", 1)[1]
        self.fill(columns, rows, note)

    def show_puzzles(self, msg: p.PuzzleBoard) -> None:
        me = self.app_player()
        rows = [["*" if row.name == me else " ", row.rank, row.name, puzzle_rating(row), row.solved, row.tried]
                for row in msg.rows]
        title = GAMES.info(msg.game).title if msg.game in GAMES else msg.game
        if msg.me is None:
            note = f"You have no {title} puzzle rating here yet: try a puzzle of it (Puzzles, on the home screen)."
        else:
            where = "* is you" if msg.me.rank else f"You, below the {len(msg.rows)} shown"
            note = f"{where}: {puzzle_rating(msg.me)} (+-{msg.me.rd:.0f}) after {msg.me.tried} puzzle{'s' if msg.me.tried != 1 else ''}."
        if not rows:
            note = f"Nobody has tried a {title} puzzle on this host yet."
        self.fill(["", "Rank", "Player", "Rating", "Solved", "Tried"], rows,
                  note + " Only a first try at a puzzle counts; ? is a rating still provisional (listed after the sure ones).")

    def show_daily_puzzle(self, msg: p.DailyPuzzle) -> None:
        me = self.app_player()
        rows = [["*" if row.name == me else " ", row.place, row.name, "yes" if row.solved else "no", row.tries,
                 clock(row.seconds)] for row in msg.rows]
        note = f"Puzzle of the day {msg.day}: {msg.puzzle}. "
        note += "* is you. " if msg.played else "Solve it from the Puzzles screen to be on it. "
        note += f"Days solved in a row: {msg.streak}."
        if not rows:
            note = f"Nobody has tried the puzzle of {msg.day} ({msg.puzzle}) yet. " + note.split(". ", 2)[2]
        self.fill(["", "Place", "Player", "Solved", "Tries", "Time"], rows, note)

    def app_player(self) -> str:
        from tui.tables.screens import get_client

        client = get_client(self.app)
        return (client.name if client is not None else None) or ""


def puzzle_rating(row: p.PuzzleRow) -> str:
    """"1635", or "1635?" while provisional (as puzzle sites write it)."""
    return f"{row.rating:.0f}" + ("?" if row.provisional else "")


def own_ratings(app, then, on: bool = True) -> bool:
    """Ask the host for this player's ratings: `then` gets the answer (a Ratings), until
    called again with on=False. False off a host."""
    from tui.tables.screens import get_client

    client = get_client(app)
    if client is None:
        return False
    client.listen(then, on)
    if not on:
        return True

    async def ask() -> None:
        if await client.connect():
            client.send(p.GetRatings())

    app.run_worker(ask(), exclusive=False)
    return True


def rating_lines(msg: p.Ratings) -> list[str]:
    """The player's ratings on this host, for the statistics screen."""
    if not msg.rows:
        titles = [info.title for info in GAMES.infos() if info.rated]
        which = " or ".join(filter(None, [", ".join(titles[:-1]), titles[-1]])) if titles else "a rated game"
        return [f"Rating on this host: none yet (finish a table of {which})."]
    parts = [f"{GAMES.info(row.game).title} {row.rating:.1f} ({row.games} game{'s' if row.games != 1 else ''})"
             for row in msg.rows if row.game in GAMES]
    return ["Rating on this host: " + ", ".join(parts) + "."]


# -- the deals of the day --------------------------------------------------------------------

def daily_result(screen) -> p.DailyResult | None:
    """What a finished solo deal of the day came to, for the host; None for any
    other game (not the day's deal, not solo, not a game with a deal of the day)."""
    app, save, state = screen.app, screen.save, screen.state
    if save.game not in GAMES or GAMES.info(save.game).daily is None:
        return None
    game = GAMES[save.game]
    if not state.over or len(save.seats) != 1 or save.seats[0].kind != "human":
        return None
    if game.daily_seed(app.today) != save.seed:
        return None
    if game.options_from_builtins(save.options) != game.daily_options():
        return None
    won, moves, rank = game.daily_result(state)  # the host counts it again from the moves
    return p.DailyResult(game=save.game, day=app.today.isoformat(), won=won, moves=moves,
                         hints=screen.save.hints_used, rank=rank, version=p.DAILY_VERSION,
                         seed=save.seed, actions=list(save.actions[:save.cursor]))


def report_daily(screen) -> None:
    """Send the result of a finished deal of the day to the host (on a host only)."""
    if not tables_available():
        return
    msg = daily_result(screen)
    if msg is None:
        return
    from tui.tables.screens import get_client

    client = get_client(screen.app)

    async def send() -> None:
        if client is not None and await client.connect():
            client.send_daily(msg)  # the host answers with the day's results: a notification

    screen.app.run_worker(send(), exclusive=False)


# -- puzzles -------------------------------------------------------------------------------------

def report_puzzle(app, puzzle: Any, solved: bool, actions: list[Any], day: str | None, seconds: float,
                  answered: Callable[[p.PuzzleRated], None]) -> bool:
    """Send an attempt at a puzzle to the host (tui/puzzles/report.py); `answered` gets
    the host's PuzzleRated (twice when the attempt is kept first). False off a host.
    The attempt's key makes it one attempt however often it is sent."""
    if not tables_available():
        return False
    import secrets

    from tui.tables.screens import get_client

    client = get_client(app)
    game = GAMES[puzzle.game]
    msg = p.PuzzleAttempt(game=puzzle.game, puzzle=puzzle.id, solved=solved, attempt=secrets.token_hex(8),
                          actions=[game.action_to_builtins(a) for a in actions], day=day, seconds=round(seconds, 1))

    async def send() -> None:
        if client is not None and await client.connect():
            client.send_puzzle(msg, answered)

    app.run_worker(send(), exclusive=False)
    return True
