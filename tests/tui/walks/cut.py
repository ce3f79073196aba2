"""Find text cut mid-word on the screen (issue 11, "nothing cut").

For each visible text widget (Static, Label, Button, a footer key, an option list)
the widget's full text is compared with what the screen shows in the widget's visible
region:

- right edge: a row whose last visible cell ends a word that, in the full text, goes
  on with more letters (and the row does not end in an ellipsis) is cut;
- lost words: outside scrolling views, every word of the full text must be on screen,
  unless the widget shortened it on purpose with an ellipsis.

A finding names the screen, the widget and the text.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.widgets import Button, Footer, Label, Markdown, OptionList, Static

ELLIPSES = ("…", "...")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")


def plain(visual) -> str:
    if isinstance(visual, (Content, Text)):
        return visual.plain
    return str(visual)


def full_text(widget) -> str | None:
    """The whole text a widget means to show, or None if it is not a text widget."""
    from textual.widgets._footer import FooterKey

    if isinstance(widget, FooterKey):
        try:
            return plain(widget.render())
        except KeyError:  # a key of a footer being taken down (a screen closing)
            return None
    if isinstance(widget, OptionList):
        return "\n".join(plain(widget.get_option_at_index(i).prompt) for i in range(widget.option_count))
    if isinstance(widget, Button):
        return plain(widget.label)
    from tui.screens.help import RulesText

    if isinstance(widget, RulesText):  # a Markdown document drawn by Rich: its source holds its words
        return widget.source
    if isinstance(widget, (Static, Label)) and not isinstance(widget, Markdown):
        try:
            return plain(widget.render())
        except Exception:  # a Static drawing something that is not text
            return None
    return None


def in_scroll_view(widget) -> bool:
    for node in widget.ancestors:
        if isinstance(node, (ScrollableContainer, Markdown)) and node.allow_vertical_scroll:
            return True
    return isinstance(widget, OptionList)


def screen_rows(screen) -> list:
    return screen._compositor.render_strips()


def cut_findings(app) -> list[str]:
    """Every cut text on the current screen, one line each."""
    screen = app.screen
    rows = screen_rows(screen)
    findings = []
    for widget, (region, clip) in screen._compositor.visible_widgets.items():
        text = full_text(widget)
        if not text or not text.strip():
            continue
        content = widget.content_region if not isinstance(widget, Footer) else region
        visible = content.intersection(clip).intersection(screen.region)
        if not visible.width or not visible.height:
            continue
        shown_rows = [rows[y].crop(visible.x, visible.right).text for y in range(visible.y, visible.bottom)]
        name = f"{type(screen).__name__} > {type(widget).__name__}{'#' + widget.id if widget.id else ''}"
        findings += right_edge_cuts(name, text, shown_rows)
        if not in_scroll_view(widget):
            findings += lost_words(name, text, shown_rows)
    return findings


def right_edge_cuts(name: str, text: str, shown_rows: list[str]) -> list[str]:
    words = set(WORD.findall(text))
    found = []
    for row in shown_rows:
        if not row or row[-1].isspace() or row.rstrip().endswith(ELLIPSES):
            continue
        tail = WORD.search(row[::-1])  # the last word on the row, read backwards
        if tail is None or tail.start() != 0:
            continue
        token = tail.group()[::-1]
        if token in words:
            continue
        if any(word.startswith(token) and len(word) > len(token) for word in words):
            found.append(f"{name}: cut at the right edge: {row.strip()!r} (full text {text!r})")
    return found


def lost_words(name: str, text: str, shown_rows: list[str]) -> list[str]:
    shown = " ".join(shown_rows)
    if any(mark in shown for mark in ELLIPSES):
        return []  # shortened on purpose
    shown_words = set(WORD.findall(shown))
    missing = [w for w in WORD.findall(text) if w not in shown_words]
    if missing:
        return [f"{name}: words not on screen {missing[:6]} (full text {text!r}, shown {shown.strip()!r})"]
    return []
