"""COMBAT and RESOLUTION: attackers and targets, blockers, damage, traits in battle,
Aces and poison.

A declared attack is a `Fight` (below): the attacker's pos in the ranks of the
player whose turn it is, its target (-1: the player), an optional second target
(Spades soldiers, the Ace of Spades) and the blocker's pos (-1: none). Functions of
the state they are given (docs/architecture.md, "One layout a game").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import msgspec

from core.skirmish import actions as A
from core.skirmish.actions import ATTACKS, BLOCKS, TARGETS
from core.skirmish.cards import ACE, ACE_OF, ATK, CLUBS, DIAMONDS, HEARTS, IS_SOLDIER, KIND, SPADES, SUIT
from core.skirmish.battlefield import king_suit, wizarded
from core.skirmish.phases import BLOCK, RESOLVE, cap
from core.skirmish.phases import Decision as D
from core.skirmish.units import (
    C0, C1, EXH, GUARD, POIS, POIS_CLUBS, PROTECT, DOUBLE, Unit, attack, card_def, defeated, defence, eff,
    lead, split, verb, words,
)

ACE_C, ACE_H, ACE_S = ACE_OF[CLUBS], ACE_OF[HEARTS], ACE_OF[SPADES]


class Fight(msgspec.Struct, gc=False):
    """One declared attack of the player whose turn it is: the attacker's pos in
    their ranks, the seat and pos of its target (target -1: the player), a second
    target (a Spades soldier, the Ace of Spades; seat2 and target2 -1: none) and the
    blocker's pos in the target seat's ranks (-1: not blocked). Mutable: a second
    target and a blocker are filled in as they are chosen."""

    attacker: int
    seat: int
    target: int
    seat2: int = -1
    target2: int = -1
    blocker: int = -1

    def fields(self) -> tuple[int, int, int, int, int, int]:
        """(attacker, seat, target, seat2, target2, blocker), the notation's order."""
        return self.attacker, self.seat, self.target, self.seat2, self.target2, self.blocker


# A copy of a Fight, made in C (msgspec's type stubs leave Struct.__copy__ out).
copy_fight: Callable[[Fight], Fight] = Fight.__copy__  # type: ignore[attr-defined]

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState


def _is_ace(u: Unit) -> bool:
    return KIND[lead(u)] is ACE and not u.flags & GUARD


def _card_attack(u: Unit, i: int) -> int:
    a = ATK[eff(u, u.card(i))]
    return a * 2 if u.flags & DOUBLE else a


# -- declaring attackers -------------------------------------------------------------

def attack_legal(s: SkirmishState) -> list:
    p = s.cur
    acts: list[A.Action] = []
    attacking = {a.attacker for a in s.attacks}
    opps = None
    enh_spades = None
    for pos, u in s.units(p):
        if u.flags & EXH or pos in attacking:
            continue
        if pos < 4:
            if attack(u) <= 0:
                continue
            if opps is None:
                opps = s.opponents(p)
            rear_too = False
            if SUIT[lead(u)] == SPADES:
                if enh_spades is None:
                    enh_spades = king_suit(s, p) == SPADES and not wizarded(s, p)
                rear_too = enh_spades
            mine = ATTACKS[pos]
            for q in opps:
                row = mine[q]
                acts.extend(row[:len(s.front[q]) + 1])
                if rear_too and s.rear[q]:
                    acts.extend(row[5:5 + len(s.rear[q])])
        elif _is_ace(u):
            if opps is None:
                opps = s.opponents(p)
            mine = ATTACKS[pos]
            for q in opps:      # a unit, or the opponent directly (rulings.md 4)
                row = mine[q]
                acts.extend(row[:len(s.front[q]) + 1])
                acts.extend(row[5:5 + len(s.rear[q])])
    return acts


def can_attack(s: SkirmishState) -> bool:
    """Whether some unit of the player to move could still attack."""
    p = s.cur
    attacking = [a.attacker for a in s.attacks]
    for pos, u in enumerate(s.front[p]):
        if not u.flags & EXH and pos not in attacking and attack(u) > 0:
            return True
    for i, u in enumerate(s.rear[p]):
        if not u.flags & EXH and i + 4 not in attacking and _is_ace(u):
            return True     # it may always strike an opponent directly
    return False


def can_block(s: SkirmishState, d: int) -> bool:
    return bool(block_legal(s, d))


def play_attack(s: SkirmishState, a: A.Attack) -> None:
    p = s.cur
    u = s.unit(p, a.pos)
    u.flags |= EXH
    s.attacks.append(Fight(a.pos, a.seat, a.tpos))
    idx = len(s.attacks) - 1
    if a.tpos < 0:
        s._say("{unit} {verb} {0:obj}.", a.seat, unit=cap(words(u)), verb=verb(u, "attacks", "attack"))
    else:
        s.log.append(f"{cap(words(u))} {verb(u, 'attacks', 'attack')} {words(s.unit(a.seat, a.tpos))}.")
    if a.tpos < 0:
        return
    c = lead(u)
    if c == ACE_S and a.tpos < 4:
        rec = (D.AS2, p, idx)
    elif IS_SOLDIER[c] and SUIT[c] == SPADES and not wizarded(s, p):
        rec = (D.SP2, p, idx)
    else:
        return
    if combat_target_legal(s, rec)[:-1]:
        s.pending.append(rec)


def combat_target_legal(s: SkirmishState, rec: tuple) -> list:
    kind, p, idx = rec[0], rec[1], rec[2]
    atk = s.attacks[idx]
    q, tpos = atk.seat, atk.target
    if kind == D.SP2:
        acts: list[A.Action] = [TARGETS[q][j + 1] for j in range(len(s.front[q])) if j != tpos]
        if king_suit(s, p) == SPADES:
            acts += [TARGETS[q][j + 4 + 1] for j in range(len(s.rear[q])) if j + 4 != tpos]
        acts.append(A.DONE)
        return acts
    if kind == D.AS2:
        acts2: list[A.Action] = [TARGETS[opp][j + 1] for opp in s.opponents(p) for j in range(len(s.front[opp]))
                if (opp, j) != (q, tpos)]
        acts2.append(A.DONE)
        return acts2
    if kind == D.EXCESS:
        return [TARGETS[q][0]] + [TARGETS[q][j + 1] for j in range(len(s.front[q]))
                                    if j != atk.blocker]
    # rage: the player or any of their units
    return [TARGETS[q][0]] + [TARGETS[q][j + 1] for j, _ in s.units(q)]


def combat_target(s: SkirmishState, rec: tuple, a: A.Target) -> None:
    kind, idx = rec[0], rec[2]
    if kind in (D.SP2, D.AS2):
        atk = s.attacks[idx]
        atk.seat2, atk.target2 = a.seat, a.pos
        s.log.append(f"Second target: {words(s.unit(a.seat, a.pos))}.")
    else:
        s.hits.append((a.seat, a.pos, rec[3]))
        what = "excess damage" if kind == D.EXCESS else "last strike"
        target = "{0:obj}" if a.pos < 0 else words(s.unit(a.seat, a.pos))
        s._say("The {what} ({n}) goes to " + target + ".", a.seat, what=what, n=str(rec[3]))


def end_attacks(s: SkirmishState) -> None:
    p = s.cur
    targeted = {a.seat for a in s.attacks if not _is_ace(s.unit(p, a.attacker))}
    s.blockers = [q for q in s.opponents(p) if q in targeted]
    s.phase = BLOCK


# -- declaring blockers ---------------------------------------------------------------------

def block_legal(s: SkirmishState, d: int) -> list:
    p = s.cur
    open_ = []
    busy = set()
    for a in s.attacks:
        if a.seat == d:
            if a.blocker >= 0:
                busy.add(a.blocker)
            elif not _is_ace(s.unit(p, a.attacker)):
                open_.append(a.attacker)
    if not open_:
        return []
    acts = []
    for pos, _ in able_blockers(s, d, busy):
        row = BLOCKS[pos]
        for ap in open_:
            acts.append(row[ap])
    return acts


def able_blockers(s: SkirmishState, d: int, busy=()) -> list[tuple[int, Unit]]:
    """(pos, unit) for each unit of `d` that may block, but those in `busy`: a
    ready front unit, an exhausted Hearts one (Magic Shield, unless the Insane
    Wizard silences it), a ready rear guard (pos 4-7)."""
    out = []
    hearts = None
    for pos, u in enumerate(s.front[d]):
        if pos in busy:
            continue
        if u.flags & EXH:
            if SUIT[lead(u)] != HEARTS:
                continue
            if hearts is None:
                hearts = not wizarded(s, d)
            if not hearts:
                continue
        out.append((pos, u))
    for i, u in enumerate(s.rear[d]):
        if u.flags & GUARD and not u.flags & EXH and i + 4 not in busy:
            out.append((i + 4, u))
    return out


def play_block(s: SkirmishState, a: A.Block) -> None:
    d = s.blockers[0]
    for atk in s.attacks:
        if atk.attacker == a.attacker and atk.seat == d:
            atk.blocker = a.pos
            break
    blocker = s.unit(d, a.pos)
    s.log.append(f"{cap(words(blocker))} {verb(blocker, 'blocks', 'block')} "
                    f"{words(s.unit(s.cur, a.attacker))}.")


# -- resolution -------------------------------------------------------------------------------

def start_resolution(s: SkirmishState) -> None:
    s.phase = RESOLVE
    _, _, _, excess, rage, aces = plan(s)
    p = s.cur
    recs: list[tuple] = [(D.EXCESS, p, idx, amount) for idx, amount in excess]
    recs += [(D.RAGE, p, idx, amount) for idx, amount in rage]
    # the Ace of Hearts stays "after its target has been defeated": a unit it
    # poisoned, never a player it struck
    recs += [(D.GUARD, p, s.attacks[idx].attacker) for idx in aces
             if lead(s.unit(p, s.attacks[idx].attacker)) == ACE_H and s.attacks[idx].target >= 0]
    s.pending.extend(reversed(recs))


def plan(s: SkirmishState):
    """What the declared attacks do, before the attacker's choices: damage to
    units and players, poison, excess and last strikes to place, Aces that struck."""
    p = s.cur
    dmg: dict[tuple[int, int], int] = {}
    pdmg = [0] * s.seats
    poison: list[tuple[int, int, bool]] = []
    excess, rage, aces = [], [], []
    traits_p = not wizarded(s, p)
    clubs_king = king_suit(s, p) == CLUBS
    for idx, fight in enumerate(s.attacks):
        apos, q, tpos, q2, tpos2, bpos = fight.fields()
        u = s.unit(p, apos)
        c = lead(u)
        if _is_ace(u):
            aces.append(idx)
            if tpos < 0:    # unblockable, its attack straight to the player
                pdmg[q] += attack(u)
                continue
            poison.append((q, tpos, c == ACE_C))
            if tpos2 >= 0:
                poison.append((q2, tpos2, c == ACE_C))
            continue
        hit = attack(u)
        clubs = traits_p and IS_SOLDIER[c] and SUIT[c] == CLUBS
        if bpos < 0:
            if tpos < 0:
                pdmg[q] += hit
            else:
                dmg[(q, tpos)] = dmg.get((q, tpos), 0) + hit
            if tpos2 >= 0:
                dmg[(q2, tpos2)] = dmg.get((q2, tpos2), 0) + hit
            continue
        b = s.unit(q, bpos)
        if b.flags & GUARD:
            back = 0
            poison.append((p, apos, False))
        elif b.flags & EXH:
            back = 0          # a Hearts soldier blocking while exhausted deals nothing
        else:
            back = attack(b)
        taken = 0 if u.flags & PROTECT else back
        b_lead = lead(b)
        first = (back > 0 and IS_SOLDIER[b_lead] and SUIT[b_lead] == DIAMONDS
                 and king_suit(s, q) == DIAMONDS and not wizarded(s, q))
        l0, l1 = defeated(u, taken)
        whole = l0 and (u.second < 0 or l1)
        if first:
            if whole:
                hit = 0
            elif l0:
                hit = _card_attack(u, C1)
            elif l1:
                hit = _card_attack(u, C0)
        if taken:
            dmg[(p, apos)] = dmg.get((p, apos), 0) + taken
        if hit:
            dmg[(q, bpos)] = dmg.get((q, bpos), 0) + hit
            if clubs and hit > defence(b):
                excess.append((idx, hit - defence(b)))
        if clubs and clubs_king and whole:
            rage.append((idx, attack(u)))
    return dmg, pdmg, poison, excess, rage, aces


def resolve(s: SkirmishState) -> None:
    p = s.cur
    dmg, pdmg, poison, _, _, aces = plan(s)
    for seat, pos, amount in s.hits:
        if pos < 0:
            pdmg[seat] += amount
        else:
            dmg[(seat, pos)] = dmg.get((seat, pos), 0) + amount
    for seat, pos, clubs in poison:
        u = s.unit(seat, pos)
        u.flags |= POIS | (POIS_CLUBS if clubs else 0)
        s.log.append(f"{cap(words(u))} {verb(u, 'is', 'are')} poisoned.")
    blocking = {(a.seat, a.blocker) for a in s.attacks if a.blocker >= 0}
    # (seat, unit) -> (leader falls, second falls, to hand)
    falls = []
    for (seat, pos), amount in dmg.items():
        u = s.unit(seat, pos)
        if amount <= 0 or u.flags & PROTECT:
            continue
        u.damage += amount
        l0, l1 = defeated(u, u.damage)
        if l0 or l1:
            c = lead(u)
            to_hand = ((seat, pos) in blocking and IS_SOLDIER[c] and SUIT[c] == HEARTS
                       and not u.flags & POIS and king_suit(s, seat) == HEARTS
                       and not wizarded(s, seat))
            falls.append((seat, u, l0, l1, to_hand))
    used_aces = []
    for idx in aces:
        apos = s.attacks[idx].attacker
        u = s.unit(p, apos)
        if apos in s.kept:
            u.flags |= GUARD
            s.log.append(f"{cap(words(u))} stays on as a guard.")
        else:
            used_aces.append(u)
    for seat, u, l0, l1, to_hand in falls:
        fall(s, seat, u, l0, l1, to_hand)
    for u in used_aces:
        drop(s, p, u)
        s._discard_unit(p, u)
    out = []
    for seat in range(s.seats):
        if pdmg[seat] and s.life[seat] > 0:
            s.life[seat] -= pdmg[seat]
            s._say("{0} {0:takes/take} {n} damage: {left} life left.", seat, n=str(pdmg[seat]),
                                 left=str(max(0, s.life[seat])))
            if s.life[seat] <= 0:
                out.append(seat)
    for seat in out:  # every knockout of this resolution, before the game may end
        s._eliminate(seat)
    if out:
        s._last_one_standing()


def drop(s: SkirmishState, seat: int, u: Unit) -> None:
    for rank in (s.front[seat], s.rear[seat]):
        for i, x in enumerate(rank):
            if x is u:
                del rank[i]
                return


def fall(s: SkirmishState, seat: int, u: Unit, l0: bool, l1: bool, to_hand: bool) -> None:
    """Cards of unit `u` are defeated: the whole unit, or one card of a bond."""
    if l0 and (u.second < 0 or l1):
        drop(s, seat, u)
        s._discard_unit(seat, u, to_hand)
        s.log.append(f"{cap(words(u))} " + (verb(u, "returns", "return") + " to the hand"
                        if to_hand else verb(u, "is", "are") + " defeated") + ".")
        return
    first, second = split(u)
    gone, stay = (first, second) if l0 else (second, first)
    stay.damage = u.damage - card_def(u, C0) if l0 else u.damage
    stay.flags |= u.flags & (POIS | POIS_CLUBS)
    gone.flags &= ~POIS_CLUBS
    rank = s.front[seat]
    for i, x in enumerate(rank):
        if x is u:
            rank[i] = stay
    s._discard_unit(seat, gone, to_hand)
    s.log.append(f"{cap(words(gone))} "
                    f"{'returns to the hand' if to_hand else 'is defeated'}; {words(stay)} fights on.")


def play_guard(s: SkirmishState, a: A.Guard) -> None:
    rec = s.pending.pop()
    if a.keep:
        s.kept.append(rec[2])

