"""Icehouse Dash in words: the prompt and actions described."""

from __future__ import annotations

from typing import Any

from core.dash.actions import Play
from core.dash.cards import COLOUR_NAMES, SIDE_NAMES, SIDES, is_card, is_tree, piece_name


def prompt(s) -> str:
    """The line that says what the player to move does (State.prompt)."""
    if s.over:
        return "The game is over."
    # The UI names the seat ("Ann: ..."), as in every game.
    return "Play a card to a side and move a top piece"


def describe(s, action: Any) -> str:
    """`action` in words, for the log, hints and the screen (State.describe)."""
    if not isinstance(action, Play):
        return str(action)
    card, side, src = action.card, action.side, action.src
    head = f"{card} {SIDE_NAMES.get(side, side)}"
    stack = s.stacks.get(src) if isinstance(src, str) else None
    if not stack or not is_card(card) or side not in SIDES or len(side) != 1:
        return f"{head}: move the piece on {src}"
    piece = stack[-1]
    dest, reason = s.target(card, side, src)
    if dest is None:
        return f"{head}: {piece_name(piece)} {src} (cannot move: {reason})"
    if dest == src:
        return f"{head}: {piece_name(piece)} stays on {src}"
    text = f"{head}: {piece_name(piece)} {src} -> {dest}"
    if s.tree_squares.get(piece[0]) == src:
        text += f", takes the {COLOUR_NAMES[piece[0]]} tree apart"
    if dest in s.stacks:
        stack = s.stacks[dest] + [piece]
        if is_tree(stack, piece[0]):
            text += f", completes the {COLOUR_NAMES[piece[0]]} tree"
        else:
            text += f", onto the {piece_name(s.stacks[dest][-1])}"
    return text
