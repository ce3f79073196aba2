"""The end of a game: who won and why, and what to do next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class GameOverScreen(ModalScreen[str | None]):
    BINDINGS = [
        Binding("n", "choose('new')", "New game", id="over.new"),
        Binding("r", "choose('replay')", "Replay", id="over.replay"),
        Binding("q", "choose('home')", "Home", id="over.home"),
        Binding("escape,enter", "choose(None)", "See the board", id="over.board"),
    ]

    def __init__(self, game_screen) -> None:
        super().__init__()
        self.game_screen = game_screen

    def compose(self) -> ComposeResult:
        gs = self.game_screen
        outcome = gs.state.outcome
        won = gs.human_won()
        if gs.game.cooperative:
            title = "You won!" if won else "The team lost."
        elif won is True:
            title = "You won!" if len(gs.humans) == 1 else "Game over"
        elif won is False and len(gs.humans) == 1:
            title = "You lost."
        else:
            title = "Game over"
        lines = [gs.outcome_text()]
        if outcome and outcome.winners and not gs.game.cooperative:
            lines.append("Winner: " + ", ".join(gs.seat_name(s) for s in outcome.winners))
        lines += gs.result_lines()
        with Vertical(classes="dialog game-over"):
            yield Static(title, classes="dialog-title")
            # Seat names come from save files: text, never markup.
            yield Static("\n".join(line for line in lines if line), markup=False, classes="dialog-text")
            yield Static("[b]n[/b] new game   [b]r[/b] replay   [b]q[/b] home   [b]enter[/b] see the board",
                         classes="dialog-keys")

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
