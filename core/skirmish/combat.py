"""COMBAT and RESOLUTION: attackers and targets, blockers, damage, traits in battle,
Aces and poison.

An attack is `[apos, tseat, tpos, tseat2, tpos2, bpos]`: the attacker's pos in the
ranks of the player whose turn it is, its target (tpos -1: the player), an optional
second target (Spades soldiers, the Ace of Spades) and the blocker's pos (-1: none).
"""

from __future__ import annotations

from core.engine import Line
from core.skirmish import actions as A
from core.skirmish.actions import ATTACKS, BLOCKS, TARGETS
from core.skirmish.cards import ACE, ACE_OF, ATK, CLUBS, DIAMONDS, HEARTS, IS_SOLDIER, KIND, SPADES, SUIT
from core.skirmish.phases import BLOCK, RESOLVE, cap
from core.skirmish.phases import Decision as D
from core.skirmish.units import (
    C0, C1, DMG, EXH, FL, GUARD, POIS, POIS_CLUBS, PROTECT, DOUBLE, attack, card_def, defeated,
    defence, eff, lead, split, verb, words,
)

ACE_C, ACE_H, ACE_S = ACE_OF[CLUBS], ACE_OF[HEARTS], ACE_OF[SPADES]


def _is_ace(u: list) -> bool:
    return KIND[lead(u)] is ACE and not u[FL] & GUARD


def _card_attack(u: list, i: int) -> int:
    a = ATK[eff(u, u[i])]
    return a * 2 if u[FL] & DOUBLE else a


class CombatMixin:
    __slots__ = ()

    # -- declaring attackers -------------------------------------------------------------

    def _attack_legal(self) -> list:
        p = self.cur
        acts = []
        attacking = {a[0] for a in self.attacks}
        opps = None
        enh_spades = None
        for pos, u in self.units(p):
            if u[FL] & EXH or pos in attacking:
                continue
            if pos < 4:
                if attack(u) <= 0:
                    continue
                if opps is None:
                    opps = self.opponents(p)
                rear_too = False
                if SUIT[lead(u)] == SPADES:
                    if enh_spades is None:
                        enh_spades = self._king_suit(p) == SPADES and not self._wizarded(p)
                    rear_too = enh_spades
                mine = ATTACKS[pos]
                for q in opps:
                    row = mine[q]
                    acts.extend(row[:len(self.front[q]) + 1])
                    if rear_too and self.rear[q]:
                        acts.extend(row[5:5 + len(self.rear[q])])
            elif _is_ace(u):
                if opps is None:
                    opps = self.opponents(p)
                mine = ATTACKS[pos]
                for q in opps:      # a unit, or the opponent directly (rulings.md 4)
                    row = mine[q]
                    acts.extend(row[:len(self.front[q]) + 1])
                    acts.extend(row[5:5 + len(self.rear[q])])
        return acts

    def _can_attack(self) -> bool:
        """Whether some unit of the player to move could still attack."""
        p = self.cur
        attacking = [a[0] for a in self.attacks]
        for pos, u in enumerate(self.front[p]):
            if not u[FL] & EXH and pos not in attacking and attack(u) > 0:
                return True
        for i, u in enumerate(self.rear[p]):
            if not u[FL] & EXH and i + 4 not in attacking and _is_ace(u):
                return True     # it may always strike an opponent directly
        return False

    def _can_block(self, d: int) -> bool:
        return bool(self._block_legal(d))

    def _play_attack(self, a: A.Attack) -> None:
        p = self.cur
        u = self.unit(p, a.pos)
        u[FL] |= EXH
        self.attacks.append([a.pos, a.seat, a.tpos, -1, -1, -1])
        idx = len(self.attacks) - 1
        if a.tpos < 0:
            self._say("{unit} {verb} {0:obj}.", a.seat, unit=cap(words(u)), verb=verb(u, "attacks", "attack"))
        else:
            self.log.append(f"{cap(words(u))} {verb(u, 'attacks', 'attack')} {words(self.unit(a.seat, a.tpos))}.")
        if a.tpos < 0:
            return
        c = lead(u)
        if c == ACE_S and a.tpos < 4:
            rec = (D.AS2, p, idx)
        elif IS_SOLDIER[c] and SUIT[c] == SPADES and not self._wizarded(p):
            rec = (D.SP2, p, idx)
        else:
            return
        if self._combat_target_legal(rec)[:-1]:
            self.pending.append(rec)

    def _combat_target_legal(self, rec: tuple) -> list:
        kind, p, idx = rec[0], rec[1], rec[2]
        atk = self.attacks[idx]
        q, tpos = atk[1], atk[2]
        if kind == D.SP2:
            acts = [TARGETS[q][j + 1] for j in range(len(self.front[q])) if j != tpos]
            if self._king_suit(p) == SPADES:
                acts += [TARGETS[q][j + 4 + 1] for j in range(len(self.rear[q])) if j + 4 != tpos]
            acts.append(A.DONE)
            return acts
        if kind == D.AS2:
            acts = [TARGETS[s][j + 1] for s in self.opponents(p) for j in range(len(self.front[s]))
                    if (s, j) != (q, tpos)]
            acts.append(A.DONE)
            return acts
        if kind == D.EXCESS:
            return [TARGETS[q][0]] + [TARGETS[q][j + 1] for j in range(len(self.front[q]))
                                        if j != atk[5]]
        # rage: the player or any of their units
        return [TARGETS[q][0]] + [TARGETS[q][j + 1] for j, _ in self.units(q)]

    def _combat_target(self, rec: tuple, a: A.Target) -> None:
        kind, idx = rec[0], rec[2]
        if kind in (D.SP2, D.AS2):
            atk = self.attacks[idx]
            atk[3], atk[4] = a.seat, a.pos
            self.log.append(f"Second target: {words(self.unit(a.seat, a.pos))}.")
        else:
            self.hits.append((a.seat, a.pos, rec[3]))
            what = "excess damage" if kind == D.EXCESS else "last strike"
            target = "{0:obj}" if a.pos < 0 else words(self.unit(a.seat, a.pos))
            self._say("The {what} ({n}) goes to " + target + ".", a.seat, what=what, n=str(rec[3]))

    def _end_attacks(self) -> None:
        p = self.cur
        targeted = {a[1] for a in self.attacks if not _is_ace(self.unit(p, a[0]))}
        self.blockers = [q for q in self.opponents(p) if q in targeted]
        self.phase = BLOCK

    # -- declaring blockers ---------------------------------------------------------------------

    def _block_legal(self, d: int) -> list:
        p = self.cur
        open_ = []
        busy = set()
        for a in self.attacks:
            if a[1] == d:
                if a[5] >= 0:
                    busy.add(a[5])
                elif not _is_ace(self.unit(p, a[0])):
                    open_.append(a[0])
        if not open_:
            return []
        acts = []
        for pos, _ in self.able_blockers(d, busy):
            row = BLOCKS[pos]
            for ap in open_:
                acts.append(row[ap])
        return acts

    def able_blockers(self, d: int, busy=()) -> list[tuple[int, list]]:
        """(pos, unit) for each unit of `d` that may block, but those in `busy`: a
        ready front unit, an exhausted Hearts one (Magic Shield, unless the Insane
        Wizard silences it), a ready rear guard (pos 4-7)."""
        out = []
        hearts = None
        for pos, u in enumerate(self.front[d]):
            if pos in busy:
                continue
            if u[FL] & EXH:
                if SUIT[lead(u)] != HEARTS:
                    continue
                if hearts is None:
                    hearts = not self._wizarded(d)
                if not hearts:
                    continue
            out.append((pos, u))
        for i, u in enumerate(self.rear[d]):
            if u[FL] & GUARD and not u[FL] & EXH and i + 4 not in busy:
                out.append((i + 4, u))
        return out

    def _play_block(self, a: A.Block) -> None:
        d = self.blockers[0]
        for atk in self.attacks:
            if atk[0] == a.attacker and atk[1] == d:
                atk[5] = a.pos
                break
        blocker = self.unit(d, a.pos)
        self.log.append(f"{cap(words(blocker))} {verb(blocker, 'blocks', 'block')} "
                        f"{words(self.unit(self.cur, a.attacker))}.")

    # -- resolution -------------------------------------------------------------------------------

    def _start_resolution(self) -> None:
        self.phase = RESOLVE
        _, _, _, excess, rage, aces = self._plan()
        p = self.cur
        recs = [(D.EXCESS, p, idx, amount) for idx, amount in excess]
        recs += [(D.RAGE, p, idx, amount) for idx, amount in rage]
        # the Ace of Hearts stays "after its target has been defeated": a unit it
        # poisoned, never a player it struck
        recs += [(D.GUARD, p, self.attacks[idx][0]) for idx in aces
                 if lead(self.unit(p, self.attacks[idx][0])) == ACE_H and self.attacks[idx][2] >= 0]
        self.pending.extend(reversed(recs))

    def _plan(self):
        """What the declared attacks do, before the attacker's choices: damage to
        units and players, poison, excess and last strikes to place, Aces that struck."""
        p = self.cur
        dmg: dict[tuple[int, int], int] = {}
        pdmg = [0] * self.seats
        poison: list[tuple[int, int, bool]] = []
        excess, rage, aces = [], [], []
        traits_p = not self._wizarded(p)
        clubs_king = self._king_suit(p) == CLUBS
        for idx, (apos, q, tpos, q2, tpos2, bpos) in enumerate(self.attacks):
            u = self.unit(p, apos)
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
            b = self.unit(q, bpos)
            if b[FL] & GUARD:
                back = 0
                poison.append((p, apos, False))
            elif b[FL] & EXH:
                back = 0          # a Hearts soldier blocking while exhausted deals nothing
            else:
                back = attack(b)
            taken = 0 if u[FL] & PROTECT else back
            b_lead = lead(b)
            first = (back > 0 and IS_SOLDIER[b_lead] and SUIT[b_lead] == DIAMONDS
                     and self._king_suit(q) == DIAMONDS and not self._wizarded(q))
            l0, l1 = defeated(u, taken)
            whole = l0 and (u[C1] < 0 or l1)
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

    def _resolve(self) -> None:
        p = self.cur
        dmg, pdmg, poison, _, _, aces = self._plan()
        for s, pos, amount in self.hits:
            if pos < 0:
                pdmg[s] += amount
            else:
                dmg[(s, pos)] = dmg.get((s, pos), 0) + amount
        for s, pos, clubs in poison:
            u = self.unit(s, pos)
            u[FL] |= POIS | (POIS_CLUBS if clubs else 0)
            self.log.append(f"{cap(words(u))} {verb(u, 'is', 'are')} poisoned.")
        blocking = {(a[1], a[5]) for a in self.attacks if a[5] >= 0}
        # (seat, unit) -> (leader falls, second falls, to hand)
        falls = []
        for (s, pos), amount in dmg.items():
            u = self.unit(s, pos)
            if amount <= 0 or u[FL] & PROTECT:
                continue
            u[DMG] += amount
            l0, l1 = defeated(u, u[DMG])
            if l0 or l1:
                c = lead(u)
                to_hand = ((s, pos) in blocking and IS_SOLDIER[c] and SUIT[c] == HEARTS
                           and not u[FL] & POIS and self._king_suit(s) == HEARTS
                           and not self._wizarded(s))
                falls.append((s, u, l0, l1, to_hand))
        used_aces = []
        for idx in aces:
            apos = self.attacks[idx][0]
            u = self.unit(p, apos)
            if apos in self.kept:
                u[FL] |= GUARD
                self.log.append(f"{cap(words(u))} stays on as a guard.")
            else:
                used_aces.append(u)
        for s, u, l0, l1, to_hand in falls:
            self._fall(s, u, l0, l1, to_hand)
        for u in used_aces:
            self._drop(p, u)
            self._discard_unit(p, u)
        out = []
        for s in range(self.seats):
            if pdmg[s] and self.life[s] > 0:
                self.life[s] -= pdmg[s]
                self._say("{0} {0:takes/take} {n} damage: {left} life left.", s, n=str(pdmg[s]),
                                     left=str(max(0, self.life[s])))
                if self.life[s] <= 0:
                    out.append(s)
        for s in out:  # every knockout of this resolution, before the game may end
            self._eliminate(s)
        if out:
            self._last_one_standing()

    def _drop(self, s: int, u: list) -> None:
        for rank in (self.front[s], self.rear[s]):
            for i, x in enumerate(rank):
                if x is u:
                    del rank[i]
                    return

    def _fall(self, s: int, u: list, l0: bool, l1: bool, to_hand: bool) -> None:
        """Cards of unit `u` are defeated: the whole unit, or one card of a bond."""
        if l0 and (u[C1] < 0 or l1):
            self._drop(s, u)
            self._discard_unit(s, u, to_hand)
            self.log.append(f"{cap(words(u))} " + (verb(u, "returns", "return") + " to the hand"
                            if to_hand else verb(u, "is", "are") + " defeated") + ".")
            return
        first, second = split(u)
        gone, stay = (first, second) if l0 else (second, first)
        stay[DMG] = u[DMG] - card_def(u, C0) if l0 else u[DMG]
        stay[FL] |= u[FL] & (POIS | POIS_CLUBS)
        gone[FL] &= ~POIS_CLUBS
        rank = self.front[s]
        for i, x in enumerate(rank):
            if x is u:
                rank[i] = stay
        self._discard_unit(s, gone, to_hand)
        self.log.append(f"{cap(words(gone))} "
                        f"{'returns to the hand' if to_hand else 'is defeated'}; {words(stay)} fights on.")

    def _play_guard(self, a: A.Guard) -> None:
        rec = self.pending.pop()
        if a.keep:
            self.kept.append(rec[2])
