"""`self.houses`: the Houses app, typed (docs/architecture.md, "Types").

Textual types `self.app` of every widget and screen as a plain `App`, so reading the
app's own parts (`store`, `glyphs`, `settings`, `open_game`...) through it is an error
to the type checker. A screen or widget that reads them lists `UsesHousesApp` first
among its bases and reads `self.houses` instead: the same object, typed `HousesApp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.message_pump import MessagePump

if TYPE_CHECKING:  # tui.app imports the screens: a run-time import would be a cycle
    from tui.app import HousesApp


class UsesHousesApp(MessagePump):
    """Mixin, first in the bases of a Textual screen or widget that runs in HousesApp.

    A MessagePump (as every widget and screen is) so it has Textual's own `app`; it
    adds no state and no __init__, so the widget's own base is what runs."""

    @property
    def houses(self) -> HousesApp:
        # The one place that says so: every screen and widget of this package runs in
        # a HousesApp (tui.cli and the host start no other app).
        return cast("HousesApp", self.app)
