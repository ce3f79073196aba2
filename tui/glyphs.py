"""Unicode or ASCII drawing, decided once at start-up.

`--ascii`, the saved setting, or a terminal whose locale is not UTF-8 all select
ASCII. Everything drawn with a special character asks this module for it.
"""

from __future__ import annotations

from saves.charset import locale_is_utf8

__all__ = ["ASCII", "UNICODE", "Glyphs", "locale_is_utf8"]


UNICODE = {
    "arrow_n": "↑", "arrow_e": "→", "arrow_s": "↓", "arrow_w": "←",
    "bullet": "•", "tree": "▲", "card_back": "▒", "cross": "×", "dot": "·",
    "suit_C": "♣", "suit_D": "♦", "suit_H": "♥", "suit_S": "♠", "ellipsis": "…",
    "to": "→", "star": "★", "check": "✓",
}
ASCII = {
    "arrow_n": "^", "arrow_e": ">", "arrow_s": "v", "arrow_w": "<",
    "bullet": "*", "tree": "T", "card_back": "#", "cross": "x", "dot": ".",
    "suit_C": "c", "suit_D": "d", "suit_H": "h", "suit_S": "s", "ellipsis": "...",
    "to": "->", "star": "*", "check": "+",
}


class Glyphs:
    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii
        self._table = ASCII if ascii else UNICODE

    def __getitem__(self, name: str) -> str:
        return self._table[name]
