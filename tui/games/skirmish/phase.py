"""The phase bar at the top of the Skirmish screen: the turn, whose it is, the phases
with the current one in capitals and brackets, and who is asked what. On a narrow
screen the other phases shrink to their initials before anything is cut, and what
is still too long ends in an ellipsis (the status line has it in full)."""

from __future__ import annotations

from typing import Callable, Sequence

from rich.text import Text
from textual.widgets import Static

from core.engine import said
from core.skirmish.phases import SETUP
from tui.games.skirmish.words import PHASE_STEPS
from tui.app_typed import UsesHousesApp


def shorten(text: Text, room: int, dots: str) -> Text:
    """`text` cut to `room` characters on purpose: ending in an ellipsis."""
    if len(text) <= room:
        return text
    out = text[: max(0, room - len(dots))]
    out.append(dots)
    return out


def phase_text(view, width: int, ask: str, short_name: Callable[[int, int], str], dots: str,
               names: Sequence[str] = ()) -> Text:
    """The bar's text for `view` at `width` columns; `ask` says who is asked what;
    `names`: the seats' names, for the end of the game in words."""
    if view.over:
        text = Text(" ")
        text.append("Skirmish: game over", style="bold")
        if view.outcome:
            text.append("  " + said(view.outcome.reason, names))
        return shorten(text, width - 1, dots)
    if view.final is not None:
        ask = f"SUDDEN DEATH {ask}"
    text = Text(" ")
    for initials in (False, True):
        text = Text(" ")
        if view.phase == SETUP:
            text.append("Skirmish: advantage draw", style="bold")
        else:
            text.append(f"T{view.turn} {short_name(view.cur, 8)} ", style="bold")
            steps = PHASE_STEPS if width >= 100 else PHASE_STEPS[2:]
            for name, phase in steps:
                if phase is not None and phase == view.phase:
                    text.append(f"[{name.upper()}]", style="bold reverse")
                else:
                    text.append(name[0] if initials else name, style="dim")
                text.append(" ")
        if len(text) + len(ask) + 3 <= width:
            break
    room = width - len(text) - 3
    if ask:
        if len(ask) > room and view.final is not None:
            ask = "SUDDEN DEATH"
        short = shorten(Text(ask, style="bold"), max(0, room), dots)
        text.append(" " * max(1, room - len(short)))
        text.append_text(short)
    return text


class PhaseBar(UsesHousesApp, Static):
    """The bar itself: `show` draws it for a position, at the screen's width."""

    def show(self, view, width: int, ask: str, short_name: Callable[[int, int], str],
             names: Sequence[str] = ()) -> None:
        self.update(phase_text(view, width, ask, short_name, self.houses.glyphs["ellipsis"], names))
