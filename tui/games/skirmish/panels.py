"""The card panel: the full text of the card, unit, player or choice under the cursor,
with what enter would do there. The texts are built from what they are given (the
position, the seat, the actions at that place, a function that puts an action in
words): the panel reads nothing of the screen."""

from __future__ import annotations

from typing import Callable

from rich.text import Text

from core.skirmish import actions as A
from core.skirmish.cards import DEF, DOPPELGANGER, IS_SOLDIER, JACK, KIND, QUEEN, SUIT, VARIANT_NAMES, WORDS
from core.skirmish.units import Unit, lead
from tui.games.skirmish.cardtext import card_parts, card_text, trait_text, variant_text
from tui.games.skirmish.field import card_label, card_rich, unit_at, unit_words
from tui.widgets.fit import FitText

Words = Callable[[object], str]  # an action in words, as the screen says it

BARROWS_HELP = Text("The Barrows: the shared discard pile. Face-down cards are Soul Burned "
                    "and never come back.", style="dim")


def with_note(text: Text, note: str) -> Text:
    """What enter would do, above the text: a long card text on a crowded screen
    (four players at 80x24) loses its last lines, never the note."""
    if not note:
        return text
    out = Text()
    out.append(note + "\n", style="italic")
    return out + text


def card_panel(c: int, glyphs, note: str = "") -> Text:
    text = Text.assemble(card_rich(c, glyphs), " ", (WORDS[c].removeprefix("the "), "bold"), ". ", card_text(c))
    return with_note(text, note)


def hand_note(c: int, legal: list, check: Callable[[object], str | None], words: Words) -> str:
    """What enter on card `c` of the hand would do, or why it cannot be played now."""
    if not legal:
        return ""
    mine = [a for a in legal if isinstance(a, (A.Deploy, A.Scout)) and a.card == c]
    if len(mine) == 1:
        return "enter: " + words(mine[0])
    if mine:
        return f"enter, then choose: {len(mine)} ways to play it (marked)."
    reason = check(A.Deploy(c))
    return f"Not now: {reason.removeprefix('Not now: ')}" if reason else ""


def target_note(acts: list | None, words: Words) -> str:
    """What enter on a marked place would do (and how many more it offers)."""
    if acts:
        return "enter: " + words(acts[0]) + (f" (+{len(acts) - 1} more)" if len(acts) > 1 else "")
    return ""


def unit_rules(u: Unit) -> str:
    """What the unit's leading card does (a Doppelganger: the card it copies)."""
    if u.first >= 52 and u.variant and u.variant != DOPPELGANGER:
        return variant_text(u.first, VARIANT_NAMES[u.variant])
    c = lead(u)
    if IS_SOLDIER[c]:
        return trait_text(SUIT[c])
    if u.first >= 52 and KIND[c] in (JACK, QUEEN):   # a Doppelganger standing as one
        return (f"The Doppelganger as {WORDS[c]}: it used that card's power as it arrived "
                f"and stands here with no attack, defence {DEF[c]}.")
    return card_parts(c)[1]


def cell_panel(view, seat: int, pos: int, me: int, name: str, glyphs, note: str = "") -> Text:
    """A player's cell (pos -1: life, hand, ranks) or a slot of their ranks."""
    if pos < 0:
        hand = view.hands[seat]
        known = [card_label(c, glyphs) for c in hand if c >= 0] if seat != me else []
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
        u = unit_at(view, seat, pos)
        rank = "front ranks" if pos < 4 else "rear ranks"
        if u is None:
            text = Text(f"{name}: an empty space in the {rank}.", style="dim")
        else:
            text = Text.assemble((f"{name}, {rank}: ", "bold"))
            text.append(unit_words(u))
            text.append(" " + unit_rules(u), style="dim")
    return with_note(text, note)


def hand_items(hand: list[int], legal: list, glyphs) -> list[Text]:
    """The hand bar's cards, those that cannot be played now dimmed."""
    usable = {a.card for a in legal if isinstance(a, (A.Deploy, A.Scout))}
    items = []
    for c in hand:
        t = card_rich(c, glyphs)
        if legal and c not in usable:
            t.stylize("dim")
        items.append(t)
    return items


def barrows_title(view) -> Text:
    title = Text(f"Deck {len(view.deck)}  Barrows {len(view.up)} up", style="bold")
    if view.down:
        title.append(f" {len(view.down)} down", style="bold")
    return title


def barrows_items(view, marked: dict, glyphs) -> list[tuple[str | None, Text | str, bool]]:
    """The Barrows, newest first, a bullet on the cards that may be taken now."""
    items: list[tuple[str | None, Text | str, bool]] = []
    for c in reversed(view.up):
        t = card_rich(c, glyphs)
        mark = glyphs["bullet"] if c in marked else " "
        t = Text(mark) + t + Text(" " + WORDS[c].removeprefix("the "), style="")
        items.append((f"c{c}", t, True))
    if not items:
        items.append((None, "(empty)", False))
    return items


class CardPanel(FitText):
    """The panel under the hand. Each `show_*` draws one kind of place; a text
    already shown is not drawn again (the screen asks on every cursor move)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: str | None = None

    def show(self, text: Text | str) -> None:
        if str(text) != self._shown:
            self._shown = str(text)
            super().show(text)

    def show_hand(self, hand: list[int], index: int, note: Callable[[int], str]) -> None:
        """The card at `index` of the person's hand; `note(c)`: what enter does."""
        if not hand:
            self.show(Text("No cards in hand.", style="dim"))
            return
        c = hand[min(index, len(hand) - 1)]
        if c < 0:
            self.show("A card you cannot see.")
            return
        self.show(card_panel(c, self.houses.glyphs, note(c)))

    def show_cell(self, view, seat: int, pos: int, me: int, name: str, note: str) -> None:
        self.show(cell_panel(view, seat, pos, me, name, self.houses.glyphs, note))

    def show_barrows(self, c: int | None, acts: list | None, words: Words) -> None:
        """A card of the Barrows (None: the pile itself)."""
        if c is None:
            self.show(BARROWS_HELP)
            return
        self.show(card_panel(c, self.houses.glyphs, ("enter: " + words(acts[0])) if acts else ""))

    def show_choice(self, a, view, me: int, words: Words, seat_name: Callable[[int], str],
                    targets: dict) -> None:
        """An action of the choices list, with the card or place it is about."""
        card = getattr(a, "card", None)
        if isinstance(a, A.StartWith):
            self.show(Text.assemble((words(a), "bold"), ". The first player does not draw "
                                    "in their first turn; the others answer what they see. You have "
                                    "seen your hand: choose the opening that suits it."))
        elif isinstance(a, A.Variant):
            joker = next((r[2] for r in view.pending if r[0] == "variant"), 52)
            self.show(Text(variant_text(joker, a.name)))
        elif isinstance(card, int) and 0 <= card < 54:
            self.show(card_panel(card, self.houses.glyphs, words(a)))
        elif isinstance(a, A.Target):
            self.show_cell(view, a.seat, a.pos, me, seat_name(a.seat), target_note(targets.get((a.seat, a.pos)), words))
        else:
            self.show(Text(words(a)))
