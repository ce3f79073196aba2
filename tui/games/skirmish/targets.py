"""Where an action points on the battlefield, read from the position alone (no
widget, no screen): the places a selection may be aimed at, the action a press on
a place would have meant, the places a move names (to mark them), and what the
choices list offers now.

A decision is made the way the engine asks for it, one small action at a time:

    deploy    enter on a hand card: its legal places light up (a new slot, a unit it
              may bond with, an opponent to scout); a card with one way to go is
              played at once. Enter on one of your units: return it, split it or bond
              it (once a turn). Enter on a soldier in the Barrows: the Necromancer
              summons it. e ends deployment.
    response  enter on a Jack, a Queen or the Ace of Diamonds plays it; e passes. With
              nothing that can answer, the pass is made for you.
    combat    enter on a ready unit, then on its target (a unit or the player's own
              cell); the planned attacks are listed on the right. e finishes.
    blocks    enter on one of your units, then on the attacker it stops (or the other
              way round); e finishes. When your last block resolves the combat and
              your turn follows, the result waits for e (Go on): an e pressed for
              the blocks never ends the deployment that follows.
    choices   variants, a Doppelganger's form, the Queen of Spades, who starts, the
              Ace of Hearts: a list on the right (enter chooses).

A place is `(seat, pos)`: pos 0-3 the front ranks, 4-7 the rear ranks, -1 the
player themself. A selection is a `Picked` (tui/games/skirmish/choice.py).
"""

from __future__ import annotations

from typing import NamedTuple

from core.skirmish import actions as A
from core.skirmish.cards import KIND, NECROMANCER, SOLDIER
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from tui.games.skirmish.choice import Picked, Place
from tui.games.skirmish.field import exists, unit_at
from tui.games.skirmish.words import CHOICE_TITLES

BARROWS_CLOSED = ("Cards leave the Barrows only by the Necromancer (a soldier, in your deploy) "
                  "or the Queen of Hearts.")


def aims(view, me: int, legal: list, kind, sel) -> tuple[dict[Place, list], dict[int, list]]:
    """What the current selection (or pending decision `kind`) may be aimed at: the
    actions by place on the field, and by card in the Barrows."""
    targets: dict[Place, list] = {}
    barrow_targets: dict[int, list] = {}
    if not legal:
        return targets, barrow_targets

    def add(key, a):
        targets.setdefault(key, []).append(a)

    if kind is not None:
        for a in legal:
            if isinstance(a, A.Target):
                add((a.seat, a.pos), a)
            elif isinstance(a, A.Pick) and kind == "wiz":
                pos = next((i for i, u in enumerate(view.front[me]) if u.first == a.card), None)
                if pos is not None:
                    add((me, pos), a)
            elif isinstance(a, A.Pick) and kind == "qh":
                barrow_targets.setdefault(a.card, []).append(a)
        return targets, barrow_targets
    if view.phase == DEPLOY:
        for a in legal:
            if isinstance(a, A.Summon):
                barrow_targets.setdefault(a.card, []).append(a)
    if sel is None:
        return targets, barrow_targets
    what, x = sel
    if what == "card":
        for a in legal:
            if isinstance(a, A.Scout) and a.card == x:
                add((a.seat, -1), a)
            elif isinstance(a, A.Deploy) and a.card == x:
                if a.slot >= 0:
                    add((me, a.slot), a)
                elif KIND[x] == SOLDIER:
                    add((me, len(view.front[me])), a)
                elif KIND[x] in ("ace", "king") and x != 0:
                    add((me, 4 + len(view.rear[me])), a)
    elif what == "unit":
        for a in legal:
            if isinstance(a, A.Bond) and a.pos == x:
                add((me, a.other), a)
            elif isinstance(a, A.Attack) and a.pos == x:
                add((a.seat, a.tpos), a)
            elif isinstance(a, A.Block) and a.pos == x:
                add((view.cur, a.attacker), a)
    elif what == "attacker":
        for a in legal:
            if isinstance(a, A.Block) and a.attacker == x:
                add((me, a.pos), a)
    return targets, barrow_targets


def offered(view, legal: list, kind, sel, offer) -> tuple[list, str]:
    """What the choices list offers now, and under which title: several actions at
    one place, a pending decision, the ways to redeploy the selected unit or to
    play the selected card."""
    if offer:
        return offer, "Choose"
    if not legal:
        return [], ""
    if kind is not None:
        return legal, CHOICE_TITLES.get(kind, "Choose")
    if sel and sel[0] == "unit" and view.phase == DEPLOY:
        return [a for a in legal if isinstance(a, (A.Return, A.Split, A.Bond)) and a.pos == sel[1]], "Redeploy"
    if sel and sel[0] == "card":
        return [a for a in legal if isinstance(a, (A.Deploy, A.Scout)) and a.card == sel[1]], "Play"
    return [], ""


class Selection(NamedTuple):
    """Enter on a place chose something to aim: then focus "choices", "targets" or stay."""
    sel: Picked
    message: str
    focus: str


class Refusal(NamedTuple):
    """Enter on a place means nothing now: the action it would have meant (None if
    none) is asked of the engine for the reason."""
    action: object


def on_place(view, me: int, legal: list, kind, sel, seat: int, pos: int) -> Selection | Refusal:
    """What enter on a place that is not a marked target means: one of your units
    to redeploy, attack or block with; an attacker to block; else a refusal."""
    if kind is None and seat == me and pos >= 0 and unit_at(view, me, pos) is not None:
        if view.phase == DEPLOY:
            mine = [a for a in legal if isinstance(a, (A.Return, A.Split, A.Bond)) and a.pos == pos]
            if mine:
                stay = any(isinstance(a, A.Bond) for a in mine)
                return Selection(Picked("unit", pos), "Redeploy it (the list on the right), or escape.",
                                 "" if stay else "choices")
            return Refusal(A.Return(pos))
        if view.phase == ATTACK:
            if any(isinstance(a, A.Attack) and a.pos == pos for a in legal):
                return Selection(Picked("unit", pos), "Choose its target (marked): a unit, or the player's own cell.",
                                 "targets")
            return Refusal(A.Attack(pos, next(iter(view.opponents(me)), 0), -1))
        if view.phase == BLOCK:
            if any(isinstance(a, A.Block) and a.pos == pos for a in legal):
                return Selection(Picked("unit", pos), "Choose the attacker it blocks (marked).", "targets")
            return Refusal(A.Block(pos, next((x.attacker for x in view.attacks if x.seat == me), 0)))
    if kind is None and view.phase == BLOCK and seat == view.cur and pos >= 0:
        if any(isinstance(a, A.Block) and a.attacker == pos for a in legal):
            return Selection(Picked("attacker", pos), "Choose your unit that blocks it (marked).", "targets")
    # Not a place for the move being made: the engine says why.
    return Refusal(guess(view, me, kind, sel, seat, pos))


def guess(view, me: int, kind, sel, seat: int, pos: int):
    """The action that enter on this place would have meant, to ask why it is refused."""
    if kind in ("wiz",):
        u = unit_at(view, seat, pos)
        return A.Pick(u.first if u else -1)
    if kind is not None:
        return A.Target(seat, pos)
    if sel and sel[0] == "card":
        c = sel[1]
        if seat != me:
            return A.Scout(c, seat) if pos < 0 and c % 13 == 1 and c < 52 else None
        if pos >= 0 and pos < len(view.front[me]):
            return A.Deploy(c, pos, False)
        return A.Deploy(c)
    if sel and sel[0] == "unit":
        if view.phase == ATTACK:
            return A.Attack(sel[1], seat, pos)
        if view.phase == BLOCK:
            return A.Block(sel[1], pos)
        if view.phase == DEPLOY and seat == me and pos >= 0:
            return A.Bond(sel[1], pos)
    if sel and sel[0] == "attacker" and seat == me:
        return A.Block(pos, sel[1])
    return None


def places_before(action, seat, st) -> list[Place]:
    """The places an action names, read in the position before it is made."""
    if isinstance(action, A.Attack):
        return [(seat, action.pos), (action.seat, action.tpos)]
    if isinstance(action, A.Block):
        return [(seat, action.pos), (st.cur, action.attacker)]
    if isinstance(action, A.Target) and exists(st, action.seat, action.pos):
        return [(action.seat, action.pos)]
    if isinstance(action, A.Scout):
        return [(action.seat, -1)]
    return []


def places_after(action, seat, st) -> list[Place]:
    """The place where a card arrived, read in the position after the action."""
    card = getattr(action, "card", None)
    if isinstance(action, (A.Variant, A.CopySuit)):
        card = 52 if isinstance(action, A.CopySuit) else None
        if card is None:
            return [(seat, pos) for pos, u in st.units(seat) if u.first >= 52 and u.variant][-1:]
    if isinstance(action, (A.Deploy, A.Summon, A.Pick)) and card is not None and seat is not None:
        for q in range(st.seats):
            for pos, u in st.units(q):
                if card in (u.first, u.second):
                    return [(q, pos)]
    return []


def nothing_here(view, sel) -> str:
    """Why a press on an unmarked place does nothing, when the engine has no reason."""
    if sel:
        return "Not a place for that: choose one of the marked places, or escape."
    if view.phase == DEPLOY:
        return "Choose a card in your hand (tab), or one of your units to redeploy; e ends deployment."
    if view.phase == ATTACK:
        return "Choose one of your ready units to attack with; e finishes."
    if view.phase == BLOCK:
        return "Choose one of your units, then the attacker it blocks; e finishes."
    return f"{view.prompt}."


def may_summon(view, me: int) -> bool:
    """In your deploy, a Necromancer in your rear ranks may summon from the Barrows."""
    return view.phase == DEPLOY and not view.pending and any(u.variant == NECROMANCER for u in view.rear[me])


def first_target(targets: dict[Place, list], order: list[int]) -> Place:
    """The marked place the cursor goes to first: a player before their units,
    nearer grids first (`order`: the seat of each grid, the person's last)."""
    return min(targets, key=lambda kp: (order.index(kp[0]) if kp[0] in order else 99, kp[1] >= 0))
