"""Actions in words (`describe`) and why an action is not legal now (`why_not`).

A text that names a player is a `core.engine.Line` ("{0} takes the first turn"),
drawn with the seats' names by whoever shows it (docs/architecture.md, "The engine
protocol"); the others are plain str. Card and unit words hold no braces, so they
go into a Line's template as they are."""

from __future__ import annotations

from core.engine import Line
from core.skirmish import actions as A
from core.skirmish.cards import (
    ACE, IS_SOLDIER, JACK, JOKER, KING, KIND, QUEEN, RANK_WORDS, SUIT, SUIT_NAMES, WORDS,
)
from core.skirmish.battlefield import king_suit, wizarded
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, RESPONSE, cap
from core.skirmish.phases import Decision as D
from core.skirmish.units import EXH, SUMMONED, attack, lead, verb, words

_DONE_WORDS = {DEPLOY: "End deployment", RESPONSE: "Pass (no response)",
               ATTACK: "Finish declaring attackers", BLOCK: "Finish blocking"}


class _Said:
    """A description being written: its template and the seats it names, in order."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def seat(self, seat: int, spec: str = "") -> str:
        """A placeholder for `seat`'s name (`spec`: a verb form or "obj", see Line)."""
        self.seats.append(seat)
        return "{%d%s}" % (len(self.seats) - 1, ":" + spec if spec else "")

    def unit(self, s, seat: int, pos: int, spec: str = "") -> str:
        """The unit at `pos` of `seat` (the player when pos < 0) in words."""
        try:
            if pos < 0:
                return self.seat(seat, spec)
            return words(s.unit(seat, pos))
        except (IndexError, TypeError):
            return f"slot {pos} of {self.seat(seat, 'obj')}"

    def verb(self, s, seat: int, pos: int, singular: str, plural: str) -> str:
        """The verb agreeing with the unit (or player, pos < 0) `unit` names."""
        if pos < 0:
            return self.seat(seat, f"{singular}/{plural}")
        try:
            return verb(s.unit(seat, pos), singular, plural)
        except (IndexError, TypeError):
            return singular

    def line(self, template: str) -> str:
        """The words: a Line when they name a seat, else the plain text."""
        return Line(template, *self.seats) if self.seats else cap(template)


def _card(c: int) -> str:
    return WORDS[c] if 0 <= c < 54 else "an unknown card"


def describe(s, a) -> str:
    t = type(a)
    said = _Said()
    if t is A.StartWith:
        return Line("{0} {0:takes/take} the first turn", a.seat)
    if t is A.Deploy:
        k = KIND[a.card] if 0 <= a.card < 54 else None
        if k in (JACK, QUEEN):
            return f"Play {_card(a.card)}"
        if k == ACE and SUIT[a.card] == 0:
            return "Play the Ace of Diamonds and strike"
        if a.slot >= 0:
            other = said.unit(s, s.to_move if s.to_move is not None else 0, a.slot, "obj")
            top = " on top" if a.lead else ""
            return said.line(f"Deploy {_card(a.card)}{top} into a Blood Bond with {other}")
        return f"Deploy {_card(a.card)}"
    if t is A.Scout:
        return Line("Send {card} to scout {0:'s} hand", a.seat, card=_card(a.card))
    if t is A.Variant:
        return f"Deploy the Joker as the {a.name.replace('wizard', 'Insane Wizard').replace('spirit', 'Binding Spirit').title()}"
    if t is A.CopyRank:
        return f"The Doppelganger copies a{'n' if a.rank in (1, 8) else ''} {RANK_WORDS.get(a.rank, str(a.rank))}"
    if t is A.CopySuit:
        return f"The Doppelganger copies the house of {SUIT_NAMES[a.suit]}" if 0 <= a.suit < 4 else "Copy a suit"
    if t is A.Return:
        return said.line(f"Return {said.unit(s, s.cur, a.pos, 'obj')} to your hand")
    if t is A.Split:
        return said.line(f"Split {said.unit(s, s.cur, a.pos, 'obj')}: {_card(a.card)} leaves the bond")
    if t is A.Bond:
        return said.line(f"Bond {said.unit(s, s.cur, a.pos, 'obj')} (leading) with "
                         f"{said.unit(s, s.cur, a.other, 'obj')}")
    if t is A.Summon:
        return f"The Necromancer summons {_card(a.card)}"
    if t is A.Target:
        return said.line(f"Choose {said.unit(s, a.seat, a.pos, 'obj')}")
    if t is A.Attack:
        return said.line(f"{said.unit(s, s.cur, a.pos)} {said.verb(s, s.cur, a.pos, 'attacks', 'attack')} "
                         f"{said.unit(s, a.seat, a.tpos, 'obj')}")
    if t is A.Block:
        d = s.to_move if s.to_move is not None else 0
        return said.line(f"{said.unit(s, d, a.pos)} {said.verb(s, d, a.pos, 'blocks', 'block')} "
                         f"{said.unit(s, s.cur, a.attacker, 'obj')}")
    if t is A.Pick:
        return f"Choose {_card(a.card)}"
    if t is A.Guard:
        return "Keep the Ace of Hearts as a guard" if a.keep else "Send the Ace of Hearts to the Barrows"
    if t is A.Done:
        if s.pending:
            return "No second target"
        return _DONE_WORDS.get(s.phase, "Done")
    return str(a)


_PHASE_TYPES: dict[int, set[type]] = {
    DEPLOY: {A.Deploy, A.Scout, A.Return, A.Split, A.Bond, A.Summon, A.Done},
    RESPONSE: {A.Deploy, A.Done}, ATTACK: {A.Attack, A.Done}, BLOCK: {A.Block, A.Done},
}
_PENDING_TYPES: dict[D, set[type]] = {
    D.START: {A.StartWith}, D.VARIANT: {A.Variant}, D.COPYRANK: {A.CopyRank},
    D.COPYSUIT: {A.CopySuit}, D.GUARD: {A.Guard}, D.QH: {A.Pick}, D.QSKEEP: {A.Pick},
    D.QSORDER: {A.Pick}, D.WIZ: {A.Pick}, D.SP2: {A.Target, A.Done}, D.AS2: {A.Target, A.Done},
}


def _expected(s) -> set[type]:
    """The kinds of action the decision now asks for."""
    if s.pending:
        return _PENDING_TYPES.get(s.pending[-1][0], {A.Target})
    return _PHASE_TYPES.get(s.phase, set())


def why_not(s, a) -> str:
    """A reason in words for an action that is not legal now."""
    t = type(a)
    if t not in _expected(s):
        return f"Not now: {s.prompt[0].lower() + s.prompt[1:]}."
    p = s.to_move
    if t is A.Deploy or t is A.Scout:
        c = a.card
        if not 0 <= c < 54 or c not in s.hands[p]:
            return f"You do not hold {_card(c)}."
        if c in s.no_deploy:
            return f"{cap(_card(c))} went back to your hand this turn; deploy it next turn."
        k = KIND[c]
        if s.phase == RESPONSE and not s.pending:
            return "In response you may play only a Jack, a Queen or the Ace of Diamonds."
        if t is A.Scout:
            if k != "soldier" or c % 13 != 1:
                return "Only a 2 can be sent as a Scout."
            if a.seat == p or not 0 <= a.seat < s.seats or s.life[a.seat] <= 0:
                return "Scout the hand of a living opponent."
            if not s.hands[a.seat]:
                return Line("{0} {0:has/have} no cards in hand to scout.", a.seat)
            return "The 2 of Hearts stays as a soldier after scouting: your front ranks are full."
        if k == "soldier":
            if a.slot < 0:
                return "Your front ranks are full (four units): bond the card with a unit instead."
            if a.slot >= len(s.front[p]):
                return f"There is no unit in slot {a.slot + 1} of your front ranks."
            u = s.front[p][a.slot]
            if u.second >= 0:
                return "That unit is already a Blood Bond of two cards."
            if u.flags & SUMMONED:
                return "Summoned units cannot form Blood Bonds."
            if wizarded(s, p):
                return "An opposing Insane Wizard stops your soldiers forming Blood Bonds."
            if not IS_SOLDIER[lead(u)]:
                return "Only soldiers can form Blood Bonds."
            return (f"A Blood Bond needs two soldiers of one house: {_card(c)} and "
                    f"{words(u)} are not (the Binding Spirit would allow it).")
        if k in (JACK, QUEEN):
            return f"{cap(_card(c))} has nothing to act on now."
        if k == KING and king_suit(s, p) >= 0:
            return "You already have a King on the battlefield (one at a time)."
        if k == ACE and SUIT[c] == 0:
            return "The Ace of Diamonds needs an opposing unit to strike."
        if k in (ACE, KING, JOKER):
            return "Your rear ranks are full (four units)."
    if t in (A.Return, A.Split, A.Bond):
        if s.redeployed:
            return "You have already redeployed a unit this turn (once a turn)."
        return "That unit cannot be redeployed that way."
    if t is A.Summon:
        if s.summoned:
            return "The Necromancer has already summoned this turn."
        if a.card not in s.up:
            return f"{cap(_card(a.card))} is not face up in the Barrows."
        if not IS_SOLDIER[a.card]:
            return "The Necromancer summons only soldiers (2-10)."
        return "Your front ranks are full (four units)."
    if t is A.Attack:
        try:
            u = s.unit(s.cur, a.pos)
        except IndexError:
            return f"You have no unit in that slot."
        if u.flags & EXH:
            return f"{cap(words(u))} {verb(u, 'is', 'are')} exhausted and cannot attack."
        if any(x.attacker == a.pos for x in s.attacks):
            return f"{cap(words(u))} {verb(u, 'is', 'are')} already attacking."
        if attack(u) <= 0:
            return f"{cap(words(u))} {verb(u, 'has', 'have')} no attack value."
        if a.seat == s.cur or not 0 <= a.seat < s.seats or s.life[a.seat] <= 0:
            return "Attack a living opponent or their units."
        if a.tpos >= 4:
            return ("A front-rank soldier can attack only a player or a unit in the front ranks "
                    "(an enhanced Spades soldier may reach the rear ranks).")
        return "There is no unit there to attack."
    if t is A.Block:
        try:
            u = s.unit(p, a.pos)
        except IndexError:
            return "You have no unit in that slot."
        if any(x.blocker == a.pos and x.seat == p for x in s.attacks):
            return f"{cap(words(u))} {verb(u, 'is', 'are')} already blocking (one attacker each)."
        if a.pos >= 4:
            return "Only front-rank units (and an Ace of Hearts guard) can block."
        if u.flags & EXH:
            return (f"{cap(words(u))} {verb(u, 'is', 'are')} exhausted; only Hearts soldiers may block "
                    f"while exhausted.")
        return "That attacker cannot be blocked by you: it is not attacking you, it is an Ace, or it is already blocked."
    if t is A.CopyRank or t is A.CopySuit:
        return ("The Doppelganger cannot take that form now: it needs the room that card "
                "needs (a front space for a soldier, a rear space for the others) and, as a "
                "Jack, a Queen or the Ace of Diamonds, something for the card to act on.")
    if t is A.Target or t is A.Pick:
        return f"That is not a valid choice: {s.prompt[0].lower() + s.prompt[1:]}."
    return "That is not a legal move now."
