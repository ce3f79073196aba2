"""The card panel: the full text of the card, unit, player or choice under the cursor,
with what enter would do there."""

from __future__ import annotations

from rich.text import Text

from core.skirmish import actions as A
from core.skirmish.cards import DOPPELGANGER, IS_SOLDIER, SUIT, VARIANT_NAMES, WORDS
from core.skirmish.units import C0, VAR, lead
from tui.games.skirmish.cardtext import card_parts, card_text, trait_text, variant_text
from tui.games.skirmish.field import card_label, card_rich, unit_words
from tui.widgets.board import BoardGrid
from tui.widgets.fit import FitText


def with_note(text: Text, note: str) -> Text:
    """What enter would do, above the text: a long card text on a crowded screen
    (four players at 80x24) loses its last lines, never the note."""
    if not note:
        return text
    out = Text()
    out.append(note + "\n", style="italic")
    return out + text


class PanelsMixin:
    """Where the cursor rests, its text (the screen calls these on every cursor move)."""

    def _set_card(self, text: Text | str) -> None:
        if str(text) != getattr(self, "_card_text", None):
            self._card_text = str(text)
            self.query_one("#sk-card", FitText).show(text)

    def _describe_cursor(self) -> None:
        focused = self.focused
        if isinstance(focused, BoardGrid):
            self._cursor_moved(focused)
        elif focused is self.barrows:
            self._barrows_moved()
        elif focused is self.choices:
            self._choice_moved()
        else:
            self._hand_moved()

    def _hand_moved(self) -> None:
        view = self._view
        if view is None:
            return
        hand = view.hands[self.me]
        if not hand:
            self._set_card(Text("No cards in hand.", style="dim"))
            return
        i = min(self.hand_bar.cursor, len(hand) - 1)
        c = hand[i]
        if c < 0:
            self._set_card("A card you cannot see.")
            return
        self._set_card(self._card_panel(c, self._hand_note(c)))

    def _hand_note(self, c: int) -> str:
        legal = self.legal()
        if not legal:
            return ""
        mine = [a for a in legal if isinstance(a, (A.Deploy, A.Scout)) and a.card == c]
        if len(mine) == 1:
            return "enter: " + self.action_words(mine[0])
        if mine:
            return f"enter, then choose: {len(mine)} ways to play it (marked)."
        reason = self.state.check(A.Deploy(c))
        return f"Not now: {reason.removeprefix('Not now: ')}" if reason else ""

    def _card_panel(self, c: int, note: str = "") -> Text:
        text = Text.assemble(card_rich(c, self.app.glyphs), " ", (WORDS[c].removeprefix("the "), "bold"), ". ",
                             card_text(c))
        return with_note(text, note)

    def _cursor_moved(self, grid: BoardGrid) -> None:
        if self._view is None or not self.order:
            return
        k = int(grid.id.rsplit("-", 1)[1])
        seat = self.order[k]
        pos = self.cell_pos(k, grid.cursor)
        self._set_card(self._cell_panel(seat, pos))

    def _cell_panel(self, seat: int, pos: int) -> Text:
        view = self._view
        name = self.seat_name(seat)
        note = self._target_note(seat, pos)
        if pos < 0:
            hand = view.hands[seat]
            known = [card_label(c, self.app.glyphs) for c in hand if c >= 0] if seat != self.me else []
            label = name if name == f"Player {seat + 1}" else f"{name} (Player {seat + 1})"
            text = Text.assemble((label, "bold"))
            if view.life[seat] <= 0:
                text.append(": out of the battle.")
            else:
                text.append(f": {view.life[seat]} life, {len(hand)} card{'s' if len(hand) != 1 else ''} in hand")
                if known:
                    text.append(f" (seen: {' '.join(known)})")
                text.append(f"; {len(view.front[seat])} front and {len(view.rear[seat])} rear units.")
        else:
            u = self.unit_at(seat, pos)
            rank = "front ranks" if pos < 4 else "rear ranks"
            if u is None:
                text = Text(f"{name}: an empty space in the {rank}.", style="dim")
            else:
                text = Text.assemble((f"{name}, {rank}: ", "bold"))
                text.append(unit_words(u))
                text.append(" " + self._unit_rules(u), style="dim")
        return with_note(text, note)

    @staticmethod
    def _unit_rules(u: list) -> str:
        """What the unit's leading card does (a Doppelganger: the card it copies)."""
        if u[C0] >= 52 and u[VAR] and u[VAR] != DOPPELGANGER:
            return variant_text(u[C0], VARIANT_NAMES[u[VAR]])
        c = lead(u)
        if IS_SOLDIER[c]:
            return trait_text(SUIT[c])
        return card_parts(c)[1]

    def _target_note(self, seat: int, pos: int) -> str:
        acts = self.targets.get((seat, pos))
        if acts:
            return "enter: " + self.action_words(acts[0]) + (f" (+{len(acts) - 1} more)" if len(acts) > 1 else "")
        return ""

    def _barrows_moved(self) -> None:
        cid = self.barrows.current_id
        if cid is None or not cid.startswith("c"):
            self._set_card(Text("The Barrows: the shared discard pile. Face-down cards are Soul Burned "
                                "and never come back.", style="dim"))
            return
        c = int(cid[1:])
        acts = self.barrow_targets.get(c)
        note = ("enter: " + self.action_words(acts[0])) if acts else ""
        self._set_card(self._card_panel(c, note))

    def _choice_moved(self) -> None:
        cid = self.choices.current_id
        if cid is None or not cid.startswith("a") or int(cid[1:]) >= len(self.choice_actions):
            return
        a = self.choice_actions[int(cid[1:])]
        card = getattr(a, "card", None)
        if isinstance(a, A.StartWith):
            self._set_card(Text.assemble((self.action_words(a), "bold"), ". The first player does not draw "
                                         "in their first turn; the others answer what they see. You have "
                                         "seen your hand: choose the opening that suits it."))
        elif isinstance(a, A.Variant):
            joker = next((r[2] for r in self._view.pending if r[0] == "variant"), 52)
            self._set_card(Text(variant_text(joker, a.name)))
        elif isinstance(card, int) and 0 <= card < 54:
            self._set_card(self._card_panel(card, self.action_words(a)))
        elif isinstance(a, A.Target):
            self._set_card(self._cell_panel(a.seat, a.pos))
        else:
            self._set_card(Text(self.action_words(a)))
