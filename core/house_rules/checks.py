"""Why an action is not legal now, in words a player reads: `check` of the
HOUSE RULES state (core.engine.State.check), kept apart from the rules state so
that each file stays short. HouseRulesState takes it in as a base class."""

from __future__ import annotations

from typing import Any

from core.engine import bad_field, typed_check
from core.house_rules.actions import (
    _ACTIONS, EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus,
)
from core.house_rules.board import BASE, CELL_INDEX, CELL_NAMES, COL, COLOUR_NAMES, DIAG, KIND_NAMES, ORTH, SPRINT
from core.house_rules.cards import CARD_BY_ID, MARKERS


class Checks:
    """`check` and its helpers; every attribute they read is HouseRulesState's."""

    @typed_check(*_ACTIONS)
    def check(self, action: Any) -> str | None:
        if self.over:
            return "The game is over."
        t = type(action)
        if t in _ACTIONS:
            bad = bad_field(action)
            if bad is not None:
                return f"That action is malformed: its {bad} is not of the right kind."
        phase = self.phase
        side = self.side
        who = COLOUR_NAMES[side]
        if t is PlayCard:
            card = CARD_BY_ID.get(action.card)
            if card is None:
                return f"There is no House Rules card called {action.card!r}."
            if phase == "upgrade":
                return "First finish the upgrade of the pawn that reached the far row."
            if self.options.cards != "hands":
                return "In this game the cards are not held in hand: no card can be played."
            if self.card_played:
                return "You have already played a card this turn (one card a turn)."
            if action.card not in self.hands[side]:
                if action.card in self.cards_in_force:
                    return f"{card.name} is already in force."
                return f"{card.name} is not in {who}'s hand."
            return None
        if t is Move or t is Swap or t is Pass:
            if phase == "upgrade":
                return "First finish the upgrade of the pawn that reached the far row."
            if phase == "after":
                return "You have already moved this turn: play a card, place a marker or end your turn."
            if t is Pass:
                if self._has_any_move():
                    return "You may pass only when no move is possible."
                return None
            if t is Swap:
                return self._check_swap(action)
            return self._check_move(action)
        if t is Revive or t is TakeBonus:
            if phase != "upgrade":
                return "No pawn is waiting for an upgrade."
            k = self.board[self.pending]
            if t is TakeBonus:
                if BASE[k] == 4:
                    return "A value-4 pawn cannot take +1: it brings back a captured pawn."
                return None
            if action.pawn not in self.captured_bases[side]:
                return f"No captured {who} pawn of value {action.pawn} to bring back."
            if action.cell not in CELL_INDEX:
                return f"{action.cell!r} is not a cell of the board."
            cells = self._revive_cells(side, action.pawn)
            if CELL_INDEX[action.cell] not in cells:
                name = KIND_NAMES[side][action.pawn]
                return f"The {name} must come back on " + " or ".join(CELL_NAMES[i] for i in cells) + "."
            return None
        if t is PlaceMarker:
            if phase != "after":
                return "A change marker is placed at the end of your turn, after your move."
            if "change" not in self.cards_in_force:
                return "Change markers need the Change card in force."
            if len(self.marker_cells) >= MARKERS:
                return "All four change markers are on the board."
            if action.cell not in CELL_INDEX:
                return f"{action.cell!r} is not a cell of the board."
            i = CELL_INDEX[action.cell]
            if self.board[i]:
                return "A change marker goes on an empty cell."
            if i in self.marker_cells:
                return f"{action.cell} already has a change marker."
            return None
        if t is EndTurn:
            if phase != "after":
                return "Move first: the turn ends after the move." if phase == "before" else "First finish the upgrade."
            return None
        return "That is not a HOUSE RULES action."

    def _check_move(self, action: Move) -> str | None:
        src, dst = action.src, action.dst
        if src not in CELL_INDEX:
            return f"{src!r} is not a cell of the board."
        if dst not in CELL_INDEX:
            return f"{dst!r} is not a cell of the board."
        i, j = CELL_INDEX[src], CELL_INDEX[dst]
        board = self.board
        k = board[i]
        side = self.side
        if not k:
            return f"There is no pawn on {src}."
        if COL[k] != side:
            return f"The pawn on {src} is not yours."
        inf = self.cards_in_force
        name = KIND_NAMES[side][BASE[k]]
        if j in ORTH[i]:
            pass
        elif j in DIAG[i]:
            if "diagonal-step" not in inf:
                return "Pawns move one cell forward, back, left or right: no diagonal moves (unless Diagonal Step is in force)."
        else:
            via = [m for m, d in SPRINT[i] if d == j]
            if not via:
                return f"The {name} on {src} cannot reach {dst}: pawns move one cell at a time."
            if "sprint" not in inf:
                return "Pawns move one cell at a time (two in a line only with Sprint in force)."
            if board[via[0]]:
                return f"Sprint needs the cell between to be empty: {CELL_NAMES[via[0]]} is taken."
        d = board[j]
        if not d:
            return None
        if COL[d] == side:
            return f"{dst} holds one of your own pawns."
        dname = KIND_NAMES[COL[d]][BASE[d]]
        if "fortress" in inf and self._fortress(j):
            return f"The {dname} on {dst} cannot be captured: Fortress (two or more of its pawns are next to it)."
        sa, sd, text = self._strengths(i, j, explain=True)
        if "stalwart" in inf:
            if sa <= sd:
                return f"The {name} cannot capture the {dname}: strength {sa} vs {sd} ({text}); with Stalwart the attacker needs more."
        elif sa < sd:
            return f"The {name} cannot capture the {dname}: strength {sa} vs {sd} ({text})."
        return None

    def _check_swap(self, action: Swap) -> str | None:
        if "regroup" not in self.cards_in_force:
            return "Swapping pawns needs the Regroup card in force."
        a, b = action.a, action.b
        if a not in CELL_INDEX or b not in CELL_INDEX:
            return "A swap names two cells of the board."
        i, j = CELL_INDEX[a], CELL_INDEX[b]
        board = self.board
        side = self.side
        if not board[i] or COL[board[i]] != side or not board[j] or COL[board[j]] != side:
            return "Regroup swaps two of your own pawns."
        if j not in ORTH[i]:
            return "Regroup swaps two orthogonally adjacent pawns."
        if board[i] == board[j]:
            return "Those two pawns are alike: swapping them would change nothing."
        return None
