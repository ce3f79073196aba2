"""The key bar at the foot of every screen: Textual's Footer, which forgets the keys
it drew before (tui/memory.py says why it would not)."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter

from tui.memory import drop_dead_watchers


class Footer(TextualFooter):
    async def recompose(self) -> None:
        # Every change of the screen's keys (each move, each hint) draws the keys anew;
        # the old ones stay bound to `compact` until dropped here, and a game screen
        # that watched the app stays in the app's watchers until the next redraw here.
        await super().recompose()
        if self.is_attached:
            drop_dead_watchers(self, self.app)
