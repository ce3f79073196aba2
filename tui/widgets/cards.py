"""Playing cards as short Rich Texts: value and suit, red suits in red, and a suit
glyph or letter so the suit never depends on colour."""

from __future__ import annotations

from rich.text import Text

RED = {"H", "D"}


def card_text(card: str, glyphs, width: int = 0) -> Text:
    value, suit = card[:-1], card[-1]
    value = "10" if value == "T" else value
    text = Text(f"{value}{glyphs['suit_' + suit]}", style="bold red" if suit in RED else "bold")
    if width:
        text.pad_right(max(0, width - len(text)))
    return text
