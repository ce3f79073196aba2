"""The information panel under the HOUSE RULES board: the full text of the card, the
upgrade choice or the cell under the cursor, and on a cell what enter would do there
(a move, a capture with both strengths and why, a change marker). Built from the
position and the choices given; nothing here reads the screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from core.house_rules import CARD_BY_ID, Move, PlaceMarker, PlayCard, Revive, Swap
from core.house_rules.board import BASE_CELL_COLOUR, CELL_INDEX, CELL_NAMES, DIAG, FAR_ROW, ORTH, SPRINT
from tui.games.house_rules.pieces import card_label, kind_name, pawn_words


class InfoPanel(Static):
    """Shows a text; a text already shown is not drawn again."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._text: Any = None
        self._lines = 0

    def show(self, text: Any) -> None:
        if str(text) != str(self._text):
            self._text = text
            # The panel grows with a long note: a layout pass only when its height may
            # change (the cursor moves often; most notes keep the height).
            width = max(1, self.content_size.width or 43)
            lines = sum(max(1, -(-len(line) // width)) for line in str(text).split("\n"))
            self.update(text, layout=lines != self._lines)
            self._lines = lines


def cell_word(view, i: int) -> str:
    """"white" or "black": the printed colour, turned by a change marker."""
    marked = CELL_NAMES[i] in view.markers
    return ("white", "black")[BASE_CELL_COLOUR[i] ^ (1 if marked else 0)]


def move_targets(legal: list, sel: int | None) -> dict[int, str]:
    """Cells the chosen pawn (on cell `sel`) may go to (or swap with), by cell index."""
    out: dict[int, str] = {}
    if sel is None:
        return out
    src = CELL_NAMES[sel]
    for a in legal:
        if type(a) is Move and a.src == src:
            out[CELL_INDEX[a.dst]] = "move"
        elif type(a) is Swap and src in (a.a, a.b):
            out[CELL_INDEX[a.b if a.a == src else a.a]] = "swap"
    return out


def reach(view, i: int) -> list[int]:
    """Cells the pawn on i could reach with the cards in force, ignoring who is there."""
    inf = view.cards_in_force
    cells = list(ORTH[i])
    if "diagonal-step" in inf:
        cells += DIAG[i]
    if "sprint" in inf:
        cells += [d for m, d in SPRINT[i] if view.pawn_at(m) is None]
    return cells


def card_info(view, cid: str | None, my_turn: bool) -> Text | str:
    if cid is None or cid not in CARD_BY_ID:
        return ""
    card = CARD_BY_ID[cid]
    if cid in view.cards_in_force:
        where = "in force for both players"
    elif cid in view.hands[0]:
        where = "in White's hand"
    elif cid in view.hands[1]:
        where = "in Black's hand"
    else:
        where = "out of the game"
    text = Text.assemble((card_label(cid), "bold"), f", {where}\n\n")
    text.append(card.text)
    if my_turn and view.check(PlayCard(cid)) is None:
        text.append("\n\nEnter, then enter again, plays it now.", style="dim")
    return text


def choice_info(view, item: str | None) -> str:
    if item == "bonus":
        return "Take +1 for good: the pawn keeps its kind and gains one point of value."
    if item and item.startswith("revive-"):
        base = int(item.split("-")[1])
        return (f"Bring back a captured {kind_name(view.to_move, base)} (value {base}), without "
                "upgrade, on a highlighted cell of your home row.")
    return view.prompt


def cell_info(view, i: int, hint: bool, legal: list, sel: int | None, revive_base: int | None) -> str:
    """The cell: its pawn and colour; with `hint` (your turn) what enter does there."""
    name = CELL_NAMES[i]
    pawn = view.pawn_at(i)
    marked = name in view.markers
    cell = f"{cell_word(view, i)} cell" + (" (change marker)" if marked else "")
    if view.cell_colour(name) is None:
        cell += " (Colour Blind)"
    lines = [f"{name}: " + (pawn_words(pawn) if pawn else "empty") + f"; {cell}"]
    if hint:
        lines.extend(cell_hint(view, i, pawn, legal, sel, revive_base))
    return "\n".join(lines)


def cell_hint(view, i: int, pawn, legal: list, sel: int | None, revive_base: int | None) -> list[str]:
    name = CELL_NAMES[i]
    phase = view.phase
    if phase == "after":
        if PlaceMarker(name) in legal:
            flip = "white" if cell_word(view, i) == "black" else "black"
            return [f"Enter twice: a change marker here (it turns {flip})."]
        return ["You have moved: play a card (tab) or end the turn (e)."]
    if phase == "upgrade":
        if revive_base is None:
            return ["Choose in the list on the right: +1 or which pawn comes back."]
        revive = Revive(revive_base, name)
        reason = view.check(revive)
        return [f"Enter: {view.describe(revive)}." if reason is None else reason]
    if sel is None:
        cards = " Tab: the cards." if any(type(a) is PlayCard for a in legal) else ""
        if pawn is not None and pawn.colour == view.to_move:
            moves = view.moves_from(name)
            return [f"Enter chooses it: {len(moves)} legal move{'s' if len(moves) != 1 else ''}.{cards}"]
        return [f"Choose one of your pawns.{cards}"]
    src = CELL_NAMES[sel]
    if i == sel:
        return ["Chosen. Move to a marked cell, or escape."]
    mover = view.pawn_at(sel)
    aimed = move_targets(legal, sel)
    if aimed.get(i) == "swap":
        return [f"Enter: {view.describe(Swap(src, name))}."]
    action = Move(src, name)
    reason = view.check(action)
    if pawn is not None and mover is not None and pawn.colour != mover.colour and i in reach(view, sel):
        sa, sd, text = view.capture_preview(src, name)
        if reason is None:
            return [f"{sa} vs {sd}, captures: {text}."]
        if "fortress" in view.cards_in_force and "Fortress" in reason:
            return [f"{sa} vs {sd}, but {reason[0].lower()}{reason[1:]}"]
        if sa >= sd and "stalwart" in view.cards_in_force:
            return [f"{sa} vs {sd}, no capture (Stalwart: a tie favours the defender): {text}."]
        return [f"{sa} vs {sd}, no capture: {text}."]
    if reason is None:
        far = i in FAR_ROW[mover.colour] and mover.upgrade == "" if mover else False
        return [f"Enter: {view.describe(action)}." + (" It reaches the far row." if far else "")]
    if pawn is not None and pawn.colour == view.to_move:
        return ["Enter chooses this pawn instead."]
    return [reason]
