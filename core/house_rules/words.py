"""HOUSE RULES in words: the prompt, actions described, and a position written
out in the notation of docs/rules/house-rules.md (read back by notation.py)."""

from __future__ import annotations

from typing import Any

from core.house_rules.actions import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import (
    BASE, CELL_INDEX, CELL_NAMES, CODE_CHARS, COL, COLOUR_NAMES, FILES, KIND_NAMES, NFILES, NROWS, TOKEN,
)
from core.house_rules.cards import CARD_BY_ID
from core.house_rules.rules import has_any_move, may_place_marker, may_play_card, strengths



def prompt(s) -> str:
    """The line that says what the player to move may do (State.prompt)."""
    if s.over:
        return "The game is over."
    who = COLOUR_NAMES[s.side]
    if s.phase == "upgrade":
        k = s.board[s.pending]
        name = KIND_NAMES[COL[k]][BASE[k]]
        if BASE[k] == 4:
            return f"{who}: your {name} on {CELL_NAMES[s.pending]} brings back a captured pawn: choose it and its cell"
        return f"{who}: your {name} on {CELL_NAMES[s.pending]} upgrades: take +1 or bring back a captured pawn"
    if s.phase == "after":
        parts = []
        if may_play_card(s):
            parts.append("play a card")
        if may_place_marker(s):
            parts.append("place a change marker")
        return f"{who}: " + " or ".join(parts) + ", or end your turn"
    card = may_play_card(s)
    if not has_any_move(s):
        return f"{who}: no move is possible: " + ("play a card or pass" if card else "pass")
    return f"{who}: move a pawn" + (" (or play a card first)" if card else "")


def describe(s, action: Any) -> str:
    """`action` in words, for the log, hints and the screen (State.describe)."""
    t = type(action)
    if t is Move:
        i, j = CELL_INDEX.get(action.src), CELL_INDEX.get(action.dst)
        if i is None or j is None or not s.board[i]:
            return f"move {action.src} to {action.dst}"
        k = s.board[i]
        name = KIND_NAMES[COL[k]][BASE[k]]
        d = s.board[j]
        if d:
            sa, sd = strengths(s, i, j)
            return f"{name} {action.src} takes {KIND_NAMES[COL[d]][BASE[d]]} on {action.dst} ({sa} vs {sd})"
        return f"{name} {action.src} to {action.dst}"
    if t is Swap:
        i, j = CELL_INDEX.get(action.a), CELL_INDEX.get(action.b)
        if i is None or j is None or not s.board[i] or not s.board[j]:
            return f"swap {action.a} and {action.b}"
        ki, kj = s.board[i], s.board[j]
        return (f"Regroup: swap the {KIND_NAMES[COL[ki]][BASE[ki]]} on {action.a} and the "
                f"{KIND_NAMES[COL[kj]][BASE[kj]]} on {action.b}")
    if t is Pass:
        return "pass"
    if t is PlayCard:
        c = CARD_BY_ID.get(action.card)
        return f"play {c.name}" if c else f"play {action.card}"
    if t is EndTurn:
        return "end the turn"
    if t is TakeBonus:
        return "take +1"
    if t is Revive:
        side = s.side
        name = KIND_NAMES[side].get(action.pawn, f"pawn of value {action.pawn}")
        return f"bring back the {name} to {action.cell}"
    if t is PlaceMarker:
        return f"place a change marker on {action.cell}"
    return str(action)


# -- the notation, written -------------------------------------------------------

HEADER = "HOUSE RULES"
FILES_LINE = "   " + "   ".join(FILES)


def _list(items) -> str:
    items = list(items)
    return " ".join(str(x) for x in items) if items else "-"


def to_text(s) -> str:
    out = [HEADER, FILES_LINE]
    for r in range(NROWS - 1, -1, -1):
        toks = [TOKEN[s.board[r * NFILES + f]].ljust(3) for f in range(NFILES)]
        out.append(f"{r + 1}  " + " ".join(toks).rstrip())
    out.append(FILES_LINE)
    o = s.options
    out.append(f"Options: cards={o.cards} random_cards={o.random_cards} first={o.first}")
    out.append(f"Turn: {s.turn}")
    out.append(f"To move: {COLOUR_NAMES[s.side]}")
    out.append(f"Phase: {s.phase}")
    out.append(f"Card played this turn: {'yes' if s.card_played else 'no'}")
    out.append(f"Pending upgrade: {CELL_NAMES[s.pending] if s.pending >= 0 else '-'}")
    out.append(f"Captured: White {_list(s.captured_bases[0])}; Black {_list(s.captured_bases[1])}")
    out.append(f"Hands: White {_list(s.hands[0])}; Black {_list(s.hands[1])}")
    out.append(f"In force: {_list(s.cards_in_force)}")
    out.append(f"Markers: {_list(CELL_NAMES[i] for i in s.marker_cells)}")
    out.append(f"Counters: quiet {s.quiet}, passes {s.passes}")
    hist = ["".join(CODE_CHARS[b] for b in key[:-1]) + str(key[-1]) for key in s.history]
    out.append(f"History: {_list(hist)}")
    seed = "-" if s.seed is None else str(s.seed)
    out.append(f"Chance: seed {seed}, counter {s.chance_counter}")
    if s.over:
        oc = s.outcome
        who = "draw" if not oc.winners else COLOUR_NAMES[oc.winners[0]].lower() + " wins"
        out.append(f"Result: {who} | {oc.reason}")
    else:
        out.append("Result: -")
    return "\n".join(out) + "\n"
