"""HOUSES - Skirmish: the Tactician, the rule-of-thumb player behind the easy and
normal bots and inside the hard bot's search (core.skirmish.bots says how).

It reads only what its seat may know (its own hand, the battlefield, the
Barrows, the size of the other hands):

- combat: it plans attacks against the blocks the defender would make (the same
  rules it blocks with: a block is made when the damage it stops plus the
  attacker it kills outweigh the blocker it loses), attacks when that gains,
  goes all in when the unblocked damage kills, and keeps blockers home when the
  opponents' next attack would otherwise take too much of its life.
- cards: Aces poison the most valuable unit, and strike a player directly only
  to knock them out or in sudden death; the Ace of Diamonds, the Jack of Spades
  and the Jack of Diamonds are kept for an opponent's RESPONSE window against a
  real threat unless a big target is already there (the Jack of Diamonds never
  in its own DEPLOY); Queens are played for their value; Jokers pick the variant
  that the battlefield favours, the Doppelganger a Jack or Queen form by the
  power it would use now.
"""

from __future__ import annotations

import random
from typing import Any

from core.skirmish import actions as A
from core.skirmish.cards import (
    ACE, ATK, CLUBS, DIAMONDS, HEARTS, IS_SOLDIER, JOKER, KING, KIND, RANK, SOLDIER, SPADES,
    SUIT,
)
from core.skirmish.battlefield import king_suit, resurrectable, stealable, wizarded
from core.skirmish.combat import Fight, able_blockers
from core.skirmish.deploy import copy_suits
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, RESPONSE
from core.skirmish.phases import Decision as D
from core.skirmish.units import DOUBLE, EXH, GUARD, PROTECT, SUMMONED, Unit, attack, defence, lead
from core.skirmish.values import (
    ACE_D, JD, JC, JH, JS, QD, QC, QH, QS, HAND_VALUE, OTHER_TARGET_SHARE, horizon, loss,
    seat_value, unit_worth,
)


# -- combat arithmetic ------------------------------------------------------------------


def _blockers(s, d: int, busy=()) -> list[tuple[int, Unit, int]]:
    """(pos, unit, damage it deals back) for every unit of `d` that could block:
    an exhausted Hearts unit deals none, a rear guard (-1) poisons instead."""
    return [(pos, u, -1 if pos >= 4 else 0 if u.flags & EXH else attack(u))
            for pos, u in able_blockers(s, d, busy)]


class _Attacker:
    """An attack as the planner sees it."""

    __slots__ = ("pos", "u", "atk", "gain", "seat", "tpos", "clubs", "worth")

    def __init__(self, pos: int, u: Unit, atk: int, gain: float, seat: int, tpos: int,
                 clubs: bool, worth: float) -> None:
        self.pos, self.u, self.atk, self.gain = pos, u, atk, gain
        self.seat, self.tpos, self.clubs, self.worth = seat, tpos, clubs, worth


def _pair(s, p: int, d: int, a: _Attacker, b: Unit, back: int, h: float,
          wl: float) -> tuple[float, float]:
    """A block of attacker `a` (of `p`) by `b` (of `d`): (what the defender gains
    compared with no block, what the attacker gains from the exchange itself)."""
    u = a.u
    if back < 0:                                  # a guard: the attacker is poisoned
        a_loss = a.worth
    elif back == 0 or u.flags & PROTECT:
        a_loss = 0.0
    else:
        a_loss = loss(s, p, u, back)
    b_loss = loss(s, d, b, a.atk)
    excess = 0.0
    if a.clubs and back >= 0 and a.atk > defence(b):
        excess = (a.atk - defence(b)) * wl
    att = h * (b_loss - a_loss) + excess
    return a.gain - att, att


def _pairs(s, p: int, d: int, a: _Attacker, blockers: list, h: float,
           wl: float) -> list[tuple[float, int, float]]:
    """(defender's gain, blocker pos, attacker's result) for every possible block of `a`."""
    out = []
    for bpos, b, back in blockers:
        g, att = _pair(s, p, d, a, b, back, h, wl)
        if g > 0:
            out.append((g, bpos, att))
    return out


def _assign(plan: list[tuple[_Attacker, list]]) -> tuple[float, set[int]]:
    """The blocks the defender would make against `plan` (attackers with their
    `_pairs`), greedy on the defender's gain; returns the attacker's total result
    (unblocked gains plus the exchanges) and the indices of the blocked attackers."""
    pairs = []
    for ai, (a, ps) in enumerate(plan):
        for g, bpos, att in ps:
            pairs.append((g, ai, bpos, att))
    result = 0.0
    used_a: set[int] = set()
    if pairs:
        pairs.sort(key=lambda x: -x[0])
        used_b = set()
        for g, ai, bpos, att in pairs:
            if ai in used_a or bpos in used_b:
                continue
            used_a.add(ai)
            used_b.add(bpos)
            result += att
    for ai, (a, _) in enumerate(plan):
        if ai not in used_a:
            result += a.gain
    return result, used_a


# -- the Tactician ---------------------------------------------------------------------------


class Tactician:
    """The rule-of-thumb player: `act(state, rng)` picks one legal action.

    `eps`: the share of decisions made uniformly at random (easy). It reads only
    what the seat to move may know, so it plays on a view as well as on a full
    (determinized) state."""

    def __init__(self, eps: float = 0.0) -> None:
        self.eps = eps

    def __call__(self, s, rng: random.Random) -> Any:
        return self.act(s, rng)

    def act(self, s, rng: random.Random, acts: list | None = None) -> Any:
        if acts is None:
            acts = s.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.eps and rng.random() < self.eps:
            return acts[int(rng.random() * len(acts))]
        p = s.to_move
        if s.pending:
            return self._pending(s, p, s.pending[-1], acts)
        ph = s.phase
        if ph == ATTACK:
            return self._attack(s, p, acts)
        if ph == BLOCK:
            return self._block(s, p, acts)
        if ph == DEPLOY:
            return _best(acts, lambda a: self._deploy_score(s, p, a))
        if ph == RESPONSE:
            return _best(acts, lambda a: self._response_score(s, p, a))
        return acts[0]

    # -- what the others threaten ---------------------------------------------------------

    @staticmethod
    def _threat(s, p: int) -> int:
        """The attack `p`'s ready units could make now (Aces count 4)."""
        t = 0
        for u in s.front[p]:
            if not u.flags & EXH:
                t += attack(u)
        for u in s.rear[p]:
            if not u.flags & (EXH | GUARD) and KIND[lead(u)] is ACE:
                t += 4
        return t

    @staticmethod
    def _best_enemy(s, p: int, ready_bonus: float = 0.0, seat: int | None = None):
        """(worth, seat, pos) of the most valuable unit of `p`'s opponents (or of `seat`)."""
        best = (0.0, -1, -1)
        for q in (s.opponents(p) if seat is None else [seat]):
            for pos, u in s.units(q):
                w = unit_worth(s, q, u)
                if ready_bonus and not u.flags & EXH:
                    w += ready_bonus
                if w > best[0]:
                    best = (w, q, pos)
        return best

    # -- DEPLOY ---------------------------------------------------------------------------------

    def _deploy_score(self, s, p: int, a) -> float:
        t = type(a)
        if t is A.Done:
            return 0.0
        h = horizon(s)
        if t is A.Deploy:
            c = a.card
            k = KIND[c]
            if k is SOLDIER:
                r = RANK[c]
                if a.slot < 0:
                    return r + 1.0 + (1.0 if SUIT[c] == DIAMONDS else 0.0)
                other = s.front[p][a.slot]
                # the smaller card leads: it soaks the first damage
                wrong = (ATK[c] < ATK[lead(other)]) != a.lead
                full = len(s.front[p]) >= 4
                return (0.8 * r if full else 0.3 * r - 1.0) - (0.5 if wrong else 0.0)
            if k is ACE:
                if c == ACE_D:
                    return self._best_enemy(s, p)[0] - 6.5
                return 5.0 if any(s.front[q] or s.rear[q] for q in s.opponents(p)) else 1.5
            if k is KING:
                st = SUIT[c]
                n = sum(1 for u in s.front[p] if SUIT[lead(u)] == st)
                n += sum(1 for x in s.hands[p] if x >= 0 and IS_SOLDIER[x] and SUIT[x] == st)
                return 1.5 + 1.5 * n
            if k is JOKER:
                return 5.0
            return self._play_score(s, p, c, h, False)
        if t is A.Scout:
            st = SUIT[a.card]
            n = len(s.hands[a.seat])
            bonus = 0.1 * n
            if st == SPADES:
                return 6.0 + bonus
            if st == CLUBS:
                return 4.5 + bonus
            if st == HEARTS:
                return 3.5 + bonus
            return 0.5 + bonus
        if t is A.Summon:
            return RANK[a.card] + 0.5
        if t is A.Bond:
            front = s.front[p]
            if len(front) < 4:
                return -3.0
            lu, ou = front[a.pos], front[a.other]
            if ATK[lead(lu)] > ATK[lead(ou)]:
                return -3.0                     # the smaller one should lead
            # a soldier in hand that has nowhere to go would get the freed slot
            singles = {SUIT[lead(u)] for u in front if u.second < 0 and not u.flags & SUMMONED}
            for c in s.hands[p]:
                if c >= 0 and IS_SOLDIER[c] and SUIT[c] not in singles and c not in s.no_deploy:
                    return 1.0
            return -3.0
        return -5.0                             # Return, Split

    def _play_score(self, s, p: int, c: int, h: float, response: bool) -> float:
        """Playing a Jack or a Queen now (in DEPLOY, or in a RESPONSE when `response`)."""
        cur = s.cur
        if c == QD:
            return -1.0 if s.final is not None else 6.0
        if c == QS:
            return 2.0 if len(s.deck) >= 2 else 0.5
        if c == QH:
            best = 0.0
            for x in resurrectable(s, p):
                best = max(best, RANK[x] + (1.0 if SUIT[x] == DIAMONDS else 0.0) if IS_SOLDIER[x]
                           else (4.0 if KIND[x] is ACE else 3.0))
            return best - 3.0
        if c == QC:
            ws = sorted((unit_worth(s, q, u) for q in s.opponents(p) for _, u in s.units(q)),
                        reverse=True)
            return sum(ws[:2]) - 9.0
        if c == JS:
            best = 0.0
            for q, pos in stealable(s, p):
                u = s.unit(q, pos)
                w = unit_worth(s, q, u)
                if not u.flags & EXH and (q == cur or p == cur):
                    w += 2.0                    # it could attack (or be used) this turn
                best = max(best, w)
            return best - (5.0 if response else 7.0)
        if not response:
            if c == JD:
                return -10.0        # it would end its own turn, before its combat
            if c == JC:
                best = max((attack(u) for u in s.front[p] if not u.flags & EXH), default=0)
                return best - 5.0
            return -1.0 if s.final is None else 0.5     # Jack of Hearts: kept for defence
        threat = self._threat(s, cur)
        if c == JD:
            last = s.last_played
            lv = 0.0
            if last >= 0:
                for q in (cur,):
                    for _, u in s.units(q):
                        if u.first == last or u.second == last:
                            lv = unit_worth(s, q, u)
            return threat + lv - 9.0
        ready = [u for u in s.front[p] if not u.flags & EXH]
        if not ready or threat < 7:
            return -1.0
        if c == JH:
            return 1.0
        if c == JC:
            return 0.5 if max(attack(u) for u in ready) >= 3 else -1.0
        return -1.0

    # -- RESPONSE -------------------------------------------------------------------------------

    def _response_score(self, s, p: int, a) -> float:
        if type(a) is A.Done:
            return 0.0
        c = a.card
        if c == ACE_D:
            w, _, _ = self._best_enemy(s, p, 2.0, seat=s.cur)
            return w - 6.0
        return self._play_score(s, p, c, horizon(s), True)

    # -- COMBAT -----------------------------------------------------------------------------------

    def _attacker(self, s, p: int, pos: int, q: int, tpos: int, h: float, wl: float,
                  wiz: bool, upto: int | None = None, skip: int = -1) -> _Attacker:
        """Attacker `pos` of `p` aimed at (q, tpos); a unit target counts only the
        damage the attackers in `s.attacks[:upto]` (but `skip`) leave to be done."""
        u = s.unit(p, pos)
        atk = attack(u)
        c = lead(u)
        clubs = IS_SOLDIER[c] and SUIT[c] == CLUBS and not wiz
        if tpos < 0:
            gain = atk * wl
        else:
            t = s.unit(q, tpos)
            before = self._incoming(s, q, tpos, upto, skip)
            gain = h * (loss(s, q, t, atk + before) - loss(s, q, t, before))
            if IS_SOLDIER[c] and SUIT[c] == SPADES and not wiz:
                extra = 0.0
                for j, x in s.units(q):
                    if j != tpos and (j < 4 or king_suit(s, p) == SPADES):
                        b = self._incoming(s, q, j, upto, skip)
                        extra = max(extra, loss(s, q, x, atk + b) - loss(s, q, x, b))
                gain += h * extra
        return _Attacker(pos, u, atk, gain, q, tpos, clubs, unit_worth(s, p, u))

    @staticmethod
    def _ace_at_player(s, p: int, a) -> float:
        """An Ace striking a player directly: worth it when the strike knocks them
        out, or in sudden death (the Ace will not get another turn to wait for a
        unit); else it waits for a unit worth poisoning."""
        hit = attack(s.unit(p, a.pos))
        if s.life[a.seat] <= hit:
            return 100.0
        if s.final is not None and p not in s.final:
            return 0.6
        return 0.0

    def _exposure(self, s, p: int, h: float) -> float:
        """How much keeping blockers home matters (0 to 1): the opponents' whole
        front could attack next; nothing matters once none of them has a turn left."""
        opps = s.opponents(p)
        if s.final is not None and not any(q in s.final for q in opps):
            return 0.0
        danger = 0
        for q in opps:
            for u in s.front[q]:
                danger += attack(u) if not u.flags & DOUBLE else attack(u) // 2
        life = s.life[p]
        k = (danger - (life - 12)) / 12.0
        return 0.0 if k <= 0 else (1.0 if k >= 1 else k)

    def _attack(self, s, p: int, acts: list) -> Any:
        h = horizon(s)
        wiz = wizarded(s, p)
        # Aces strike first, at the most valuable unit.
        best_ace = None
        best_w = 0.5
        soldiers: dict[int, list] = {}
        for a in acts:
            if type(a) is not A.Attack:
                continue
            if a.pos >= 4:
                if a.tpos >= 0:
                    u = s.unit(a.seat, a.tpos)
                    w = unit_worth(s, a.seat, u) + (1.0 if not u.flags & EXH else 0.0)
                else:
                    w = self._ace_at_player(s, p, a)
                if w > best_w:
                    best_w, best_ace = w, a
            else:
                soldiers.setdefault(a.pos, []).append(a)
        if best_ace is not None:
            return best_ace
        if not soldiers:
            return A.DONE
        blockers = {q: _blockers(s, q) for q in s.opponents(p)}
        # Per defending player: the attacks already declared against them.
        declared: dict[int, list] = {q: [] for q in blockers}
        for i, at in enumerate(s.attacks):
            apos, q, tpos = at.attacker, at.seat, at.target
            if apos < 4:
                a = self._attacker(s, p, apos, q, tpos, h, 1.0, wiz, i)
                declared[q].append((a, _pairs(s, p, q, a, blockers[q], h, 1.0)))
        # All in: every free attacker at one player, if the unblocked damage kills.
        order = sorted(soldiers, key=lambda x: -attack(s.front[p][x]))
        free = sum(attack(s.front[p][pos]) for pos in order)
        for q, bl in blockers.items():
            if free + sum(attack(s.unit(p, at.attacker)) for at in s.attacks
                          if at.attacker < 4 and at.seat == q and at.target < 0) < s.life[q]:
                continue
            group = []
            for i, at in enumerate(s.attacks):
                if at.attacker < 4 and at.seat == q:
                    a = self._attacker(s, p, at.attacker, q, at.target, h, 4.0, wiz, i)
                    group.append((a, _pairs(s, p, q, a, bl, h, 4.0)))
            for pos in order:
                a = self._attacker(s, p, pos, q, -1, h, 4.0, wiz)
                group.append((a, _pairs(s, p, q, a, bl, h, 4.0)))
            _, blocked = _assign(group)
            through = sum(a.atk for i, (a, _) in enumerate(group)
                          if i not in blocked and a.tpos < 0)
            if through >= s.life[q]:
                return A.ATTACKS[order[0]][q][0]
        expo = self._exposure(s, p, h)
        best = None
        best_gain = 0.75
        base = {q: _assign(declared[q])[0] for q in blockers}
        # With 3-4 players, harm done to the strongest opponent counts in full and to
        # the others only in part: the most life wins, so the leader is the one to
        # pull back (measured: normal against random, 4 players, 79.5% -> 85.0%).
        standing = {q: seat_value(s, q, h) for q in blockers}
        leader = max(standing, key=lambda q: standing[q])
        share = {q: 1.0 if q == leader else OTHER_TARGET_SHARE for q in blockers}
        for pos, options in soldiers.items():
            u = s.front[p][pos]
            hearts = SUIT[lead(u)] == HEARTS and not wiz
            cost = 0.0 if hearts else expo * h * 0.5 * min(attack(u), defence(u))
            for a in options:
                q = a.seat
                att = self._attacker(s, p, pos, q, a.tpos, h, 1.0, wiz)
                if att.gain <= 0:
                    continue
                got = _assign(declared[q] + [(att, _pairs(s, p, q, att, blockers[q], h, 1.0))])[0]
                gain = share[q] * (got - base[q]) - cost
                if gain > best_gain:
                    best_gain, best = gain, a
        return best if best is not None else A.DONE

    def _block(self, s, d: int, acts: list) -> Any:
        p = s.cur
        h = horizon(s)
        wiz = wizarded(s, p)
        incoming = 0
        open_by_pos: dict[int, tuple[int, Fight]] = {}
        for i, at in enumerate(s.attacks):
            if at.seat != d or at.attacker >= 4:
                continue
            if at.blocker < 0:
                open_by_pos[at.attacker] = (i, at)
                if at.target < 0:
                    incoming += attack(s.unit(p, at.attacker))
        life = s.life[d]
        wl = 1.0
        if incoming >= life:
            wl = 6.0
        elif incoming >= life - 8:
            wl = 1.5
        best = None
        best_g = 0.0
        cache: dict[int, _Attacker] = {}
        for a in acts:
            if type(a) is not A.Block:
                continue
            entry = open_by_pos.get(a.attacker)
            if entry is None:
                continue
            i, at = entry
            att = cache.get(a.attacker)
            if att is None:
                att = self._attacker(s, p, a.attacker, d, at.target, h, wl, wiz, None, i)
                cache[a.attacker] = att
            b = s.unit(d, a.pos)
            if b.flags & GUARD:
                back = -1
            elif b.flags & EXH:
                back = 0
            else:
                back = attack(b)
            g, _ = _pair(s, p, d, att, b, back, h, wl)
            if g > best_g:
                best_g, best = g, a
        return best if best is not None else A.DONE

    # -- pending choices -------------------------------------------------------------------------

    def _pending(self, s, p: int, rec: tuple, acts: list) -> Any:
        kind = rec[0]
        if kind == D.START:
            return A.StartWith(p)
        if kind == D.GUARD:
            return A.Guard(True)
        if kind == D.VARIANT:
            return _best(acts, lambda a: self._variant_score(s, p, a))
        if kind == D.COPYRANK:
            return _best(acts, lambda a: self._copy_rank_score(s, p, a.rank))
        if kind == D.COPYSUIT:
            return _best(acts, lambda a: self._copy_suit_score(s, p, rec[2], a.suit))
        if kind in (D.QH, D.QSKEEP, D.QSORDER, D.WIZ):
            return self._pick(s, p, rec, acts)
        return _best(acts, lambda a: self._target_score(s, p, rec, a))

    def _variant_score(self, s, p: int, a) -> float:
        n = a.name
        if n == "necromancer":
            best = max((RANK[c] for c in s.up if IS_SOLDIER[c]), default=0)
            return best - 1.0 if len(s.front[p]) < 4 else 1.0
        if n == "doppelganger":
            return 7.0 if len(s.front[p]) < 4 else 4.0
        if n == "wizard":
            v = 3.0
            for q in s.opponents(p):
                for u in s.front[q]:
                    v += 1.0 + (2.0 if u.second >= 0 else 0.0)
            return v
        # the Binding Spirit: soldiers of different houses to bond
        suits = {SUIT[lead(u)] for u in s.front[p]} | {
            SUIT[c] for c in s.hands[p] if c >= 0 and IS_SOLDIER[c]}
        return 2.0 + 1.5 * len(suits)

    def _copy_rank_score(self, s, p: int, r: int) -> float:
        if r == 1:
            return self._best_enemy(s, p)[0] - 0.5
        if r == 13:
            return 4.0
        if r in (11, 12):   # the best power among the Jacks (Queens) it could use
            return max((self._copy_suit_score(s, p, r, st) for st in copy_suits(s, p, r)),
                       default=-10.0)
        return float(r)

    def _copy_suit_score(self, s, p: int, rank: int, st: int) -> float:
        if rank in (11, 12):
            return self._play_score(s, p, st * 13 + rank - 1, horizon(s), False)
        if rank == 1:
            return {DIAMONDS: 3.0, CLUBS: 2.5, SPADES: 2.0, HEARTS: 1.0}[st]
        if rank == 13:
            return sum(1.0 for u in s.front[p] if SUIT[lead(u)] == st)
        same = sum(1.0 for u in s.front[p] if SUIT[lead(u)] == st)
        return (2.0 if st == DIAMONDS else 0.0) + 0.1 * same + (0.5 if king_suit(s, p) == st else 0)

    def _pick(self, s, p: int, rec: tuple, acts: list) -> Any:
        kind = rec[0]
        if kind == D.WIZ:
            def worth(a):
                for u in s.front[p]:
                    if u.first == a.card:
                        return -unit_worth(s, p, u)
                return 0.0
            return _best(acts, worth)
        if kind == D.QH:
            return _best(acts, lambda a: (RANK[a.card] + (1.0 if SUIT[a.card] == DIAMONDS else 0.0))
                         if IS_SOLDIER[a.card] else (4.0 if KIND[a.card] is ACE else 3.0))
        if kind == D.QSKEEP:
            return _best(acts, lambda a: HAND_VALUE[a.card])
        # qsorder: the last card put back is the new top. Give the next drawer the
        # worst card unless the next drawer is this player.
        nxt = s.opponents(s.cur)[0] if s.opponents(s.cur) else s.cur
        sign = -1.0 if nxt == p else 1.0
        return _best(acts, lambda a: sign * HAND_VALUE[a.card])

    def _target_score(self, s, p: int, rec: tuple, a) -> float:
        kind = rec[0]
        if type(a) is A.Done:
            return 0.0
        q, pos = a.seat, a.pos
        if kind in (D.EXCESS, D.RAGE):
            amount = rec[3]
            if pos < 0:
                return float(amount)
            return horizon(s) * loss(s, q, s.unit(q, pos), amount + self._incoming(s, q, pos))
        if pos < 0:
            return 0.0
        u = s.unit(q, pos)
        if kind == D.SP2:
            atk = attack(s.unit(p, s.attacks[rec[2]].attacker))
            return loss(s, q, u, atk)
        if kind in (D.JC, D.JH):
            if q != p:
                return -10.0 - 0.1 * defence(u)     # never helps another player's unit
            if s.cur == p:
                return attack(u) + (0.0 if u.flags & EXH else 10.0) + 0.1 * defence(u)
            if u.flags & EXH or pos >= 4:
                return 0.1 * defence(u)
            return (attack(u) if kind == D.JC else unit_worth(s, p, u)) + 10.0
        w = unit_worth(s, q, u)
        if q == p:
            return -w - 1.0
        if not u.flags & EXH:
            w += 1.0
        if q == s.cur and q != p:
            w += 1.0
        return w

    @staticmethod
    def _incoming(s, q: int, pos: int, upto: int | None = None, skip: int = -1) -> int:
        """Damage on its way to unit (q, pos) from the unblocked soldiers among the
        attacks declared (the first `upto` of them, leaving out index `skip`)."""
        n = 0
        for i, at in enumerate(s.attacks if upto is None else s.attacks[:upto]):
            if (i != skip and at.blocker < 0 and at.attacker < 4
                    and ((at.seat, at.target) == (q, pos) or (at.seat2, at.target2) == (q, pos))):
                n += attack(s.unit(s.cur, at.attacker))
        return n


def _best(acts: list, score) -> Any:
    """The action with the highest score (the first one on ties)."""
    best = acts[0]
    best_v = score(best)
    for a in acts[1:]:
        v = score(a)
        if v > best_v:
            best_v, best = v, a
    return best
