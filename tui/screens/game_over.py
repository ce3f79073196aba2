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
        Binding("v", "review", "Review", id="over.review"),
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
            # The keys in two lines when v is there: one line would wrap mid-phrase in
            # the dialog's width.
            yield Static(self.keys_text(), classes="dialog-keys")

    def keys_text(self) -> str:
        """The keys this dialog answers, and only those (each does what it names)."""
        first = "[b]n[/b] new game"
        if self.can_replay():
            first += "  [b]r[/b] replay"
        # Two lines when v is there: one line would wrap mid-phrase in the dialog's width.
        sep = "  [b]v[/b] review\n" if self.can_review() else "  "
        return f"{first}{sep}[b]q[/b] home  [b]enter[/b] the board"

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)

    def can_review(self) -> bool:
        """A review is of a local game: a shared table's save is the host's."""
        return getattr(self.game_screen, "code", None) is None

    def can_replay(self) -> bool:
        """A watcher has no save of the table (no seed, no moves): nothing to replay."""
        watching = getattr(self.game_screen, "watching", None)
        return not (watching and watching())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.can_review()
        if action == "choose" and parameters == ("replay",):
            return self.can_replay()
        return True

    def action_review(self) -> None:
        """The coach's review (tui/screens/review.py), over the finished board."""
        from tui.screens.review import open_review

        save = self.game_screen.save
        self.dismiss(None)
        open_review(self.app, save)
