"""Text on the shared screens: fitting it into a fixed width on purpose (cut with an
ellipsis, so a player sees that there is more, shown in full elsewhere, e.g. in a
detail line), and keeping Textual's own drawing (footer keys, scroll bars) ASCII in
--ascii."""

from __future__ import annotations

from rich.color import Color
from rich.segment import Segments
from textual.scrollbar import ScrollBarRender

from tui.textual_compat import drawing_app


def shorten(text: str, width: int, ellipsis: str = "…") -> str:
    """`text` if it fits in `width` characters, else its start and `ellipsis`."""
    if len(text) <= width:
        return text
    return text[: max(0, width - len(ellipsis))].rstrip() + ellipsis


def shorten_middle(text: str, width: int, ellipsis: str = "…") -> str:
    """Like `shorten`, but keeps both ends: file names differ at their end."""
    if len(text) <= width:
        return text
    room = max(0, width - len(ellipsis))
    head = room // 2
    return text[:head] + ellipsis + text[len(text) - (room - head):]


# -- ASCII mode for Textual's own drawing --------------------------------------------

# Keys the footer would draw with arrows or symbols, as words.
ASCII_KEYS = {"⏎": "enter", "↑": "up", "↓": "down", "←": "<-", "→": "->", "⌫": "backspace",
              "⇥": "tab", "⇤": "shift+tab"}


def ascii_key(display: str) -> str:
    """A key as the footer shows it (e.g. "⏎", "^↑"), with any symbol spelt out."""
    for symbol, word in ASCII_KEYS.items():
        display = display.replace(symbol, word)
    return display if display.isascii() else display.encode("ascii", "replace").decode()


class AppScrollBarRender(ScrollBarRender):
    """Textual's scroll bar drawing, without the eighth-block glyphs at the ends of
    the thumb when the app that draws it is in ASCII mode (the thumb is then whole
    cells in reverse video, which reads without colour too). The app is asked as the
    bar is drawn: the renderer is made with no node to ask."""

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = Color.parse("#555555"),
        bar_color: Color = Color.parse("bright_magenta"),
    ) -> Segments:
        glyphs = getattr(drawing_app(), "glyphs", None)
        drawn = AsciiScrollBarRender if glyphs is not None and glyphs.ascii else ScrollBarRender
        return drawn.render_bar(size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color)


class AsciiScrollBarRender(ScrollBarRender):
    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8
