"""DEPLOY and RESPONSE: playing cards, redeploying units, and every card's effect
that is not combat (Scouts, Jacks, Queens, Kings, the Ace of Diamonds, Jokers)."""

from __future__ import annotations

from core.engine import Line
from core.skirmish import actions as A
from core.skirmish.actions import BONDS, DEPLOY_BONDS, DEPLOYS, RETURNS, TARGETS
from core.skirmish.cards import (
    ACE, ACE_OF, BINDING_SPIRIT, BLACK_JOKER, CLUBS, DIAMONDS, DOPPELGANGER, HEARTS, INSANE_WIZARD,
    IS_SOLDIER, JACK, JACK_OF, JOKER, KING, KIND, NECROMANCER, QUEEN, QUEEN_OF, RANK, SOLDIER,
    SPADES, SUIT, VARIANT_NAMES, VARIANT_WORDS, VARIANTS_OF, WORDS,
)
from core.skirmish.phases import DEPLOY, END, cap
from core.skirmish.phases import Decision as D
from core.skirmish.units import (
    C0, C1, DOUBLE, EXH, FL, PROTECT, RES0, SUMMONED, VAR, lead, merge, new_unit, split, suit, verb, words,
)

ACE_D = ACE_OF[DIAMONDS]
JD, JC, JH, JS = (JACK_OF[s] for s in range(4))
QD, QC, QH, QS = (QUEEN_OF[s] for s in range(4))
VARIANT_CODE = {n: i for i, n in enumerate(VARIANT_NAMES) if n}
COPY_RANKS = tuple(range(1, 14))   # a Doppelganger imitates any card but a Joker (rulings.md 4)


class DeployMixin:
    __slots__ = ()

    # -- what is on the battlefield ------------------------------------------------------

    def _wizarded(self, p: int) -> bool:
        """Whether an opponent's Insane Wizard takes `p`'s soldiers' traits and bonds."""
        for q in range(self.seats):
            if q != p and self.life[q] > 0:
                for u in self.rear[q]:
                    if u[VAR] == INSANE_WIZARD:
                        return True
        return False

    def _has_variant(self, p: int, v: int) -> bool:
        for u in self.rear[p]:
            if u[VAR] == v:
                return True
        return False

    def _king_suit(self, p: int) -> int:
        for u in self.rear[p]:
            c = lead(u)
            if KIND[c] is KING:
                return SUIT[c]
        return -1

    def _enemy_units(self, p: int) -> bool:
        return any(self.front[q] or self.rear[q] for q in self.opponents(p))

    def _stealable(self, p: int) -> list[tuple[int, int]]:
        fs, rs = len(self.front[p]) < 4, len(self.rear[p]) < 4
        king = self._king_suit(p) >= 0
        out = []
        for q in self.opponents(p):
            if fs:
                out.extend((q, i) for i in range(len(self.front[q])))
            if rs:
                out.extend((q, i + 4) for i, u in enumerate(self.rear[q])
                           if not (king and KIND[lead(u)] is KING))
        return out

    def _resurrectable(self, p: int) -> list[int]:
        fs, rs = len(self.front[p]) < 4, len(self.rear[p]) < 4
        king = self._king_suit(p) >= 0
        out = set()
        for c in self.up:
            k = KIND[c]
            if (k is SOLDIER and fs) or (k is ACE and rs) or (k is KING and rs and not king):
                out.add(c)
        return sorted(out)

    def _jack_ok(self, p: int, c: int) -> bool:
        if c == JD:
            return True     # section 4: "during the DEPLOY or RESPONSE Phases"
        if c == JS:
            return bool(self._stealable(p))
        return any(self.front[q] or self.rear[q] for q in range(self.seats) if self.life[q] > 0)

    def _queen_ok(self, p: int, c: int) -> bool:
        if c == QC:
            return any(self.front[q] or self.rear[q] for q in range(self.seats) if self.life[q] > 0)
        if c == QH:
            return bool(self._resurrectable(p))
        if c == QS:
            return bool(self.deck)
        return True

    # -- legal actions ----------------------------------------------------------------------

    def _deploy_legal(self, p: int) -> list:
        acts = []
        front, rear = self.front[p], self.rear[p]
        fs, rs = len(front) < 4, len(rear) < 4
        wiz = self._wizarded(p)
        spirit = not wiz and self._has_variant(p, BINDING_SPIRIT)
        singles = [] if wiz else [(i, suit(u)) for i, u in enumerate(front)
                                  if u[C1] < 0 and not u[FL] & SUMMONED]
        nd = self.no_deploy
        opps = None
        for c in self.hands[p]:
            if c < 0 or (nd and c in nd):  # -1: a card this view cannot see, no known play
                continue
            k = KIND[c]
            if k is SOLDIER:
                if fs:
                    acts.append(DEPLOYS[c])
                sc = SUIT[c]
                for i, s in singles:
                    if spirit or s == sc:
                        acts.extend(DEPLOY_BONDS[c][i])
                if RANK[c] == 2 and (fs or sc != HEARTS):
                    if opps is None:
                        opps = self.opponents(p)
                    for q in opps:
                        if self.hands[q]:
                            acts.append(A.Scout(c, q))
            elif k is ACE:
                if (c == ACE_D and self._enemy_units(p)) or (c != ACE_D and rs):
                    acts.append(DEPLOYS[c])
            elif k is KING:
                if rs and self._king_suit(p) < 0:
                    acts.append(DEPLOYS[c])
            elif k is JOKER:
                # offered exactly when one of its variants fits: rear space (Necromancer,
                # Red Joker, a copied Ace or King), or a Doppelganger form that needs
                # none (a soldier's front space, the Ace of Diamonds' opposing unit)
                if rs or (c == BLACK_JOKER and self._copy_ranks(p)):
                    acts.append(DEPLOYS[c])
            elif k is JACK:
                if self._jack_ok(p, c):
                    acts.append(DEPLOYS[c])
            elif self._queen_ok(p, c):
                acts.append(DEPLOYS[c])
        if not self.redeployed:
            for pos, u in enumerate(front):
                if not u[FL] & SUMMONED:
                    acts.append(RETURNS[pos])
            for pos, u in enumerate(rear, 4):
                if not u[FL] & SUMMONED:
                    acts.append(RETURNS[pos])
            for i, u in enumerate(front):
                if u[C1] >= 0:
                    acts.append(A.Split(i, u[C0]))
                    acts.append(A.Split(i, u[C1]))
            for i, si in singles:
                for j, sj in singles:
                    if i != j and (spirit or si == sj):
                        acts.append(BONDS[i][j])
        if not self.summoned and fs and self._has_variant(p, NECROMANCER):
            for c in sorted({c for c in self.up if IS_SOLDIER[c]}):
                acts.append(A.Summon(c))
        acts.append(A.DONE)
        return acts

    def _response_legal(self, r: int) -> list:
        acts = []
        for c in self.hands[r]:
            if c < 0:  # a card this view cannot see: no known play
                continue
            k = KIND[c]
            if k is JACK:
                if self._jack_ok(r, c):
                    acts.append(DEPLOYS[c])
            elif k is QUEEN:
                if self._queen_ok(r, c):
                    acts.append(DEPLOYS[c])
            elif c == ACE_D and self._enemy_units(r):
                acts.append(DEPLOYS[c])
        acts.append(A.DONE)
        return acts

    def _joker_legal(self, rec: tuple) -> list:
        kind, p = rec[0], rec[1]
        if kind == D.VARIANT:
            return [A.Variant(VARIANT_NAMES[v]) for v in VARIANTS_OF[rec[2]]
                    if (self._copy_ranks(p) if v == DOPPELGANGER else len(self.rear[p]) < 4)]
        if kind == D.COPYRANK:
            return [A.CopyRank(r) for r in self._copy_ranks(p)]
        return [A.CopySuit(s) for s in self._copy_suits(p, rec[2])]

    def _copy_ranks(self, p: int) -> list[int]:
        fs, rs = len(self.front[p]) < 4, len(self.rear[p]) < 4
        out = []
        for r in COPY_RANKS:
            if r == 1:
                ok = rs or self._enemy_units(p)
            elif r == 13:
                ok = rs and self._king_suit(p) < 0
            elif r in (11, 12):
                ok = rs and bool(self._copy_suits(p, r))
            else:
                ok = fs
            if ok:
                out.append(r)
        return out

    def _copy_suits(self, p: int, rank: int) -> list[int]:
        if rank in (11, 12):
            return [s for s in range(4) if self._royal_copy_ok(p, s * 13 + rank - 1)]
        if rank != 1:
            return [0, 1, 2, 3]
        out = [DIAMONDS] if self._enemy_units(p) else []
        if len(self.rear[p]) < 4:
            out += [CLUBS, HEARTS, SPADES]
        return out

    def _royal_copy_ok(self, p: int, e: int) -> bool:
        """Whether a Doppelganger imitating Jack or Queen `e` could use its power: it
        first takes a rear space (so the power is judged with it standing there)."""
        rear = self.rear[p]
        if len(rear) >= 4:
            return False
        rear.append(new_unit(BLACK_JOKER, EXH, e, DOPPELGANGER))
        try:
            return self._jack_ok(p, e) if KIND[e] is JACK else self._queen_ok(p, e)
        finally:
            rear.pop()

    def _target_legal(self, rec: tuple) -> list:
        kind, p = rec[0], rec[1]
        if kind == D.AD:
            return [TARGETS[q][pos + 1] for q in self.opponents(p) for pos, _ in self.units(q)]
        if kind in (D.JC, D.JH):    # section 4: "a unit of choice", anybody's
            return [TARGETS[q][pos + 1] for q in range(self.seats) if self.life[q] > 0
                    for pos, _ in self.units(q)]
        if kind == D.JS:
            return [TARGETS[q][pos + 1] for q, pos in self._stealable(p)]
        if kind == D.QC1:
            return [TARGETS[q][pos + 1] for q in range(self.seats) if self.life[q] > 0
                    for pos, _ in self.units(q)]
        if kind == D.QC2:
            return [TARGETS[q][pos + 1] for q in range(self.seats) if self.life[q] > 0
                    for pos, _ in self.units(q) if (q, pos) != (rec[2], rec[3])]
        return []

    def _pick_legal(self, rec: tuple) -> list:
        kind, p = rec[0], rec[1]
        if kind == D.QH:
            return [A.Pick(c) for c in self._resurrectable(p)]
        if kind == D.WIZ:
            return [A.Pick(u[C0]) for u in self.front[p]]
        if kind == D.QSKEEP:
            return [A.Pick(c) for c in sorted(self.deck[-rec[2]:])]
        k, placed = rec[2], rec[3]
        return [A.Pick(c) for c in sorted(self.deck[len(self.deck) - k + placed:])]

    # -- playing cards ------------------------------------------------------------------------

    def _enter_soldier(self, p: int, c: int, slot: int = -1, on_top: bool = False,
                       flags: int = 0, copy: int = -1) -> None:
        acts_as = copy if copy >= 0 else c
        ready = SUIT[acts_as] == DIAMONDS and not self._wizarded(p)
        nu = new_unit(c, flags | (0 if ready else EXH), copy, DOPPELGANGER if copy >= 0 else 0)
        front = self.front[p]
        if slot < 0:
            front.append(nu)
        else:
            old = front[slot]
            front[slot] = merge(nu, old) if on_top else merge(old, nu)

    def _play_deploy(self, a: A.Deploy) -> None:
        p = self.to_move
        c = a.card
        self.hands[p].remove(c)
        self.known[c] = self._all_mask()
        if p == self.cur and self.phase == DEPLOY:
            self.last_played = c
        k = KIND[c]
        if k is SOLDIER:
            self._enter_soldier(p, c, a.slot, a.lead)
            if a.slot < 0:
                self._say("{0} {0:deploys/deploy} {card} to the front ranks.", p, card=WORDS[c])
            else:
                self._say("{0} {0:deploys/deploy} {card} into a Blood Bond: {unit}.", p, card=WORDS[c],
                                unit=words(self.front[p][a.slot]))
        elif k is ACE and c == ACE_D:
            self._say("{0} {0:plays/play} the Ace of Diamonds.", p)
            self.pending.append((D.AD, p, c))
        elif k is ACE or k is KING:
            self.rear[p].append(new_unit(c, EXH))
            self._say("{0} {0:deploys/deploy} {card} to the rear ranks.", p, card=WORDS[c])
        elif k is JOKER:
            self._say("{0} {0:deploys/deploy} {card}.", p, card=WORDS[c])
            self.pending.append((D.VARIANT, p, c))
        else:
            self.up.append(c)
            self._say("{0} {0:plays/play} {card}.", p, card=WORDS[c])
            self._card_effect(p, c)

    def _card_effect(self, p: int, c: int) -> None:
        """The one-off action of a Jack or Queen (the card is already in the Barrows)."""
        if c == JD:
            self._jack_of_diamonds()
        elif c == JC:
            self.pending.append((D.JC, p))
        elif c == JH:
            self.pending.append((D.JH, p))
        elif c == JS:
            self.pending.append((D.JS, p))
        elif c == QD:
            self.extra.append((p, self.turns_taken[p] + 1))
            self._say("{0} will take an extra turn after {0:their/your} next turn.", p)
        elif c == QC:
            self.pending.append((D.QC1, p))
        elif c == QH:
            self.pending.append((D.QH, p))
        elif c == QS:
            n = min(4, len(self.deck))
            for x in self.deck[-n:]:
                self.known[x] |= 1 << p
            self._say("{0} {0:looks/look} at the top {n} cards of the deck.", p, n=str(n))
            self.pending.append((D.QSKEEP, p, n))

    def _jack_of_diamonds(self) -> None:
        cur, c = self.cur, self.last_played
        for rank in (self.front[cur], self.rear[cur]):
            for i, u in enumerate(rank):
                if u[C0] == c or u[C1] == c:
                    if u[C1] < 0:
                        self._discard_unit(cur, rank.pop(i))
                    else:
                        a, b = split(u)
                        gone, rank[i] = (a, b) if u[C0] == c else (b, a)
                        self._discard_unit(cur, gone)
                    self._say("{card}, the last card {0:obj} played, goes to the Barrows.", cur,
                                         card=cap(WORDS[c]))
                    break
        self._say("The Jack of Diamonds ends {0:'s} turn.", cur)
        self.responders = []
        self.phase = END

    def _play_scout(self, a: A.Scout) -> None:
        p, c, q = self.cur, a.card, a.seat
        self.hands[p].remove(c)
        allm = self._all_mask()
        self.known[c] = allm
        self.last_played = c
        hand = self.hands[q]
        s = SUIT[c]
        rng = self._rng()
        picks = rng.sample(hand, min(2 if s == DIAMONDS else 1, len(hand)))
        for x in picks:
            self.known[x] = allm
        names = " and ".join(WORDS[x] for x in picks)
        self._say("{0} {0:sends/send} {card} to scout {1:'s} hand: it reveals {names}.", p, q,
                             card=WORDS[c], names=names)
        if s == CLUBS:
            for x in picks:
                hand.remove(x)
                self.up.append(x)
            self.log.append(f"{cap(names)} {'go' if len(picks) > 1 else 'goes'} to the Barrows.")
        elif s == SPADES:
            for x in picks:
                hand.remove(x)
                self._gain(p, x)
            self._say("{0} {0:takes/take} {names} into {0:their/your} hand.", p, names=names)
        if s == HEARTS:
            self._enter_soldier(p, c)
        else:
            self.up.append(c)

    # -- Jokers -----------------------------------------------------------------------------------

    def _play_variant(self, a: A.Variant) -> None:
        _, p, c = self.pending.pop()
        v = VARIANT_CODE[a.name]
        self._say("{0:'s} Joker is the {variant}.", p, variant=VARIANT_WORDS[v])
        if v == DOPPELGANGER:
            self.pending.append((D.COPYRANK, p))
            return
        self.rear[p].append(new_unit(c, EXH, -1, v))
        if v == INSANE_WIZARD:
            self._wizard_enters(p)

    def _wizard_enters(self, p: int) -> None:
        opps = self.opponents(p)
        for q in opps:
            units = []
            for u in self.front[q]:
                if u[C1] >= 0:
                    units.extend(split(u))
                else:
                    units.append(u)
            if len(units) != len(self.front[q]):
                self._say("The Insane Wizard splits {0:'s} Blood Bonds.", q)
            self.front[q] = units
        for q in reversed(opps):
            if len(self.front[q]) > 4:
                self.pending.append((D.WIZ, q))

    def _play_copy_rank(self, a: A.CopyRank) -> None:
        p = self.pending.pop()[1]
        self.pending.append((D.COPYSUIT, p, a.rank))

    def _play_copy_suit(self, a: A.CopySuit) -> None:
        _, p, rank = self.pending.pop()
        e = a.suit * 13 + rank - 1
        self.log.append(f"The Doppelganger takes the form of {WORDS[e]}.")
        if IS_SOLDIER[e]:
            self._enter_soldier(p, BLACK_JOKER, copy=e)
        elif e == ACE_D:
            self.pending.append((D.AD, p, BLACK_JOKER))
        else:
            self.rear[p].append(new_unit(BLACK_JOKER, EXH, e, DOPPELGANGER))
            if KIND[e] is JACK or KIND[e] is QUEEN:
                # it stays as a 0/11 or 0/12 unit and uses the card's power once, now
                self._card_effect(p, e)

    # -- redeploying ---------------------------------------------------------------------------------

    def _play_return(self, a: A.Return) -> None:
        p = self.cur
        u = self._take(p, a.pos)
        self._discard_unit(p, u, to_hand=True)
        self.no_deploy.extend(c for c in (u[C0], u[C1]) if c >= 0)
        self.redeployed = True
        self._say("{0} {0:returns/return} {unit} to {0:their/your} hand.", p, unit=words(u))

    def _play_split(self, a: A.Split) -> None:
        p = self.cur
        front = self.front[p]
        u = front[a.pos]
        first, second = split(u)
        stay, leave = (second, first) if a.card == u[C0] else (first, second)
        front[a.pos] = stay
        self.redeployed = True
        if len(front) < 4:
            front.append(leave)
            self._say("{0} {0:splits/split} the Blood Bond of {unit}.", p, unit=words(u))
        else:
            self._discard_unit(p, leave)
            self._say("{0} {0:splits/split} the Blood Bond of {unit}; with no room, "
                                 "{leave} goes to the Barrows.", p, unit=words(u), leave=words(leave))

    def _play_bond(self, a: A.Bond) -> None:
        p = self.cur
        front = self.front[p]
        m = merge(front[a.pos], front[a.other])
        front[a.pos] = m
        del front[a.other]
        self.redeployed = True
        self._say("{0} {0:forms/form} a Blood Bond: {unit}.", p, unit=words(m))

    def _play_summon(self, a: A.Summon) -> None:
        p = self.cur
        self.up.remove(a.card)
        self.front[p].append(new_unit(a.card, SUMMONED))
        self.summoned = True
        self.log.append(f"The Necromancer summons {WORDS[a.card]} from the Barrows.")

    # -- targets and picks ---------------------------------------------------------------------------

    def _play_target(self, a: A.Target) -> None:
        rec = self.pending.pop()
        kind, p = rec[0], rec[1]
        if kind in (D.EXCESS, D.RAGE, D.SP2, D.AS2):
            self._combat_target(rec, a)
            return
        q, pos = a.seat, a.pos
        log = self.log
        if kind == D.AD:
            u = self._remove(q, pos)
            self.up.append(rec[2])
            log.append(f"The Ace of Diamonds strikes {words(u)} down: to the Barrows.")
        elif kind == D.JC:
            u = self.unit(q, pos)
            u[FL] |= DOUBLE
            log.append(f"{cap(words(u))} will deal double damage this turn.")
        elif kind == D.JH:
            u = self.unit(q, pos)
            u[FL] |= PROTECT
            log.append(f"{cap(words(u))} {verb(u, 'is', 'are')} protected from all damage this turn.")
        elif kind == D.JS:
            u = self._take(q, pos)
            (self.front if IS_SOLDIER[lead(u)] else self.rear)[p].append(u)
            self._say("{0} {0:takes/take} {unit} from {1:obj}.", p, q, unit=words(u))
        elif kind == D.QC1:
            if len(self._target_legal((D.QC2, p, q, pos))) == 0:
                u = self._remove(q, pos)
                log.append(f"The Queen of Clubs sends {words(u)} to the Barrows.")
            else:
                self.pending.append((D.QC2, p, q, pos))
        elif kind == D.QC2:
            u1, u2 = self.unit(rec[2], rec[3]), self.unit(q, pos)
            for s, u in ((rec[2], u1), (q, u2)):
                rank = self.front[s] if any(x is u for x in self.front[s]) else self.rear[s]
                rank[:] = [x for x in rank if x is not u]
                self._discard_unit(s, u)
            log.append(f"The Queen of Clubs sends {words(u1)} and {words(u2)} to the Barrows.")

    def _play_pick(self, a: A.Pick) -> None:
        rec = self.pending.pop()
        kind, p, c = rec[0], rec[1], a.card
        if kind == D.WIZ:
            front = self.front[p]
            i = next(i for i, u in enumerate(front) if u[C0] == c)
            u = front.pop(i)
            self._discard_unit(p, u)
            self._say("{0} {0:sends/send} {unit} to the Barrows (the Insane Wizard).", p, unit=words(u))
            if len(front) > 4:
                self.pending.append((D.WIZ, p))
        elif kind == D.QH:
            self.up.remove(c)
            if IS_SOLDIER[c]:
                self._enter_soldier(p, c, flags=RES0)
            else:
                self.rear[p].append(new_unit(c, EXH | RES0))
            self._say("The Queen of Hearts resurrects {card} for {0:obj}.", p, card=WORDS[c])
        elif kind == D.QSKEEP:
            n = rec[2]
            self.deck.remove(c)
            self._gain(p, c)
            self._say("{0} {0:keeps/keep} one of them.", p)
            if not self.deck and self.final is None:
                self._start_sudden_death(p)
            if n - 1 >= 2:
                self.pending.append((D.QSORDER, p, n - 1, 0))
        else:
            k, placed = rec[2], rec[3]
            deck = self.deck
            start = len(deck) - k
            deck.remove(c)
            deck.insert(start + placed, c)
            if k - placed - 1 >= 2:
                self.pending.append((D.QSORDER, p, k, placed + 1))
            else:
                self._say("{0} {0:puts/put} the other cards back on top of the deck.", p)

    def _done_pending(self, rec: tuple) -> None:
        """Done on an optional pending choice (a second target): nothing more."""
