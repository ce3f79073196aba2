"""DEPLOY and RESPONSE: playing cards, redeploying units, and every card's effect
that is not combat (Scouts, Jacks, Queens, Kings, the Ace of Diamonds, Jokers).
Functions of the state they are given; `play_*` carry out an action (the state's
`_PLAY` table names them), `*_legal` list what may be done (docs/architecture.md,
"One layout a game")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.skirmish import actions as A
from core.skirmish.actions import BONDS, DEPLOY_BONDS, DEPLOYS, RETURNS, TARGETS
from core.skirmish.battlefield import enemy_units, has_variant, king_suit, resurrectable, stealable, wizarded
from core.skirmish.cards import (
    ACE, ACE_OF, BINDING_SPIRIT, BLACK_JOKER, CLUBS, DIAMONDS, DOPPELGANGER, HEARTS, INSANE_WIZARD,
    IS_SOLDIER, JACK, JACK_OF, JOKER, KING, KIND, NECROMANCER, QUEEN, QUEEN_OF, RANK, SOLDIER,
    SPADES, SUIT, VARIANT_NAMES, VARIANT_WORDS, VARIANTS_OF, WORDS,
)
from core.skirmish.combat import combat_target
from core.skirmish.phases import DEPLOY, END, cap
from core.skirmish.phases import Decision as D
from core.skirmish.units import (
    DOUBLE, EXH, PROTECT, RES0, SUMMONED, Unit, lead, merge, new_unit, split, suit, verb, words,
)

ACE_D = ACE_OF[DIAMONDS]
JD, JC, JH, JS = (JACK_OF[s] for s in range(4))
QD, QC, QH, QS = (QUEEN_OF[s] for s in range(4))
VARIANT_CODE = {n: i for i, n in enumerate(VARIANT_NAMES) if n}
COPY_RANKS = tuple(range(1, 14))   # a Doppelganger imitates any card but a Joker (rulings.md 4)

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState


# -- whether a Jack or Queen may be played ----------------------------------------------

def jack_ok(s: SkirmishState, p: int, c: int) -> bool:
    if c == JD:
        return True     # section 4: "during the DEPLOY or RESPONSE Phases"
    if c == JS:
        return bool(stealable(s, p))
    return any(s.front[q] or s.rear[q] for q in range(s.seats) if s.life[q] > 0)


def queen_ok(s: SkirmishState, p: int, c: int) -> bool:
    if c == QC:
        return any(s.front[q] or s.rear[q] for q in range(s.seats) if s.life[q] > 0)
    if c == QH:
        return bool(resurrectable(s, p))
    if c == QS:
        return bool(s.deck)
    return True


# -- legal actions ----------------------------------------------------------------------

def deploy_legal(s: SkirmishState, p: int) -> list[A.Action]:
    acts: list[A.Action] = []
    front, rear = s.front[p], s.rear[p]
    fs, rs = len(front) < 4, len(rear) < 4
    wiz = wizarded(s, p)
    spirit = not wiz and has_variant(s, p, BINDING_SPIRIT)
    singles = [] if wiz else [(i, suit(u)) for i, u in enumerate(front)
                              if u.second < 0 and not u.flags & SUMMONED]
    nd = s.no_deploy
    opps = None
    for c in s.hands[p]:
        if c < 0 or (nd and c in nd):  # -1: a card this view cannot see, no known play
            continue
        k = KIND[c]
        if k is SOLDIER:
            if fs:
                acts.append(DEPLOYS[c])
            sc = SUIT[c]
            for i, su in singles:
                if spirit or su == sc:
                    acts.extend(DEPLOY_BONDS[c][i])
            if RANK[c] == 2 and (fs or sc != HEARTS):
                if opps is None:
                    opps = s.opponents(p)
                for q in opps:
                    if s.hands[q]:
                        acts.append(A.Scout(c, q))
        elif k is ACE:
            if (c == ACE_D and enemy_units(s, p)) or (c != ACE_D and rs):
                acts.append(DEPLOYS[c])
        elif k is KING:
            if rs and king_suit(s, p) < 0:
                acts.append(DEPLOYS[c])
        elif k is JOKER:
            # offered exactly when one of its variants fits: rear space (Necromancer,
            # Red Joker, a copied Ace or King), or a Doppelganger form that needs
            # none (a soldier's front space, the Ace of Diamonds' opposing unit)
            if rs or (c == BLACK_JOKER and copy_ranks(s, p)):
                acts.append(DEPLOYS[c])
        elif k is JACK:
            if jack_ok(s, p, c):
                acts.append(DEPLOYS[c])
        elif queen_ok(s, p, c):
            acts.append(DEPLOYS[c])
    if not s.redeployed:
        for pos, u in enumerate(front):
            if not u.flags & SUMMONED:
                acts.append(RETURNS[pos])
        for pos, u in enumerate(rear, 4):
            if not u.flags & SUMMONED:
                acts.append(RETURNS[pos])
        for i, u in enumerate(front):
            if u.second >= 0:
                acts.append(A.Split(i, u.first))
                acts.append(A.Split(i, u.second))
        for i, si in singles:
            for j, sj in singles:
                if i != j and (spirit or si == sj):
                    acts.append(BONDS[i][j])
    if not s.summoned and fs and has_variant(s, p, NECROMANCER):
        for c in sorted({c for c in s.up if IS_SOLDIER[c]}):
            acts.append(A.Summon(c))
    acts.append(A.DONE)
    return acts


def response_legal(s: SkirmishState, r: int) -> list[A.Action]:
    acts: list[A.Action] = []
    for c in s.hands[r]:
        if c < 0:  # a card this view cannot see: no known play
            continue
        k = KIND[c]
        if k is JACK:
            if jack_ok(s, r, c):
                acts.append(DEPLOYS[c])
        elif k is QUEEN:
            if queen_ok(s, r, c):
                acts.append(DEPLOYS[c])
        elif c == ACE_D and enemy_units(s, r):
            acts.append(DEPLOYS[c])
    acts.append(A.DONE)
    return acts


def joker_legal(s: SkirmishState, rec: tuple) -> list:
    kind, p = rec[0], rec[1]
    if kind == D.VARIANT:
        return [A.Variant(VARIANT_NAMES[v]) for v in VARIANTS_OF[rec[2]]
                if (copy_ranks(s, p) if v == DOPPELGANGER else len(s.rear[p]) < 4)]
    if kind == D.COPYRANK:
        return [A.CopyRank(r) for r in copy_ranks(s, p)]
    return [A.CopySuit(st) for st in copy_suits(s, p, rec[2])]


def copy_ranks(s: SkirmishState, p: int) -> list[int]:
    fs, rs = len(s.front[p]) < 4, len(s.rear[p]) < 4
    out = []
    for r in COPY_RANKS:
        if r == 1:
            ok = rs or enemy_units(s, p)
        elif r == 13:
            ok = rs and king_suit(s, p) < 0
        elif r in (11, 12):
            ok = rs and bool(copy_suits(s, p, r))
        else:
            ok = fs
        if ok:
            out.append(r)
    return out


def copy_suits(s: SkirmishState, p: int, rank: int) -> list[int]:
    if rank in (11, 12):
        return [st for st in range(4) if royal_copy_ok(s, p, st * 13 + rank - 1)]
    if rank != 1:
        return [0, 1, 2, 3]
    out = [DIAMONDS] if enemy_units(s, p) else []
    if len(s.rear[p]) < 4:
        out += [CLUBS, HEARTS, SPADES]
    return out


def royal_copy_ok(s: SkirmishState, p: int, e: int) -> bool:
    """Whether a Doppelganger imitating Jack or Queen `e` could use its power: it
    first takes a rear space (so the power is judged with it standing there)."""
    rear = s.rear[p]
    if len(rear) >= 4:
        return False
    rear.append(new_unit(BLACK_JOKER, EXH, e, DOPPELGANGER))
    try:
        return jack_ok(s, p, e) if KIND[e] is JACK else queen_ok(s, p, e)
    finally:
        rear.pop()


def target_legal(s: SkirmishState, rec: tuple) -> list:
    kind, p = rec[0], rec[1]
    if kind == D.AD:
        return [TARGETS[q][pos + 1] for q in s.opponents(p) for pos, _ in s.units(q)]
    if kind in (D.JC, D.JH):    # section 4: "a unit of choice", anybody's
        return [TARGETS[q][pos + 1] for q in range(s.seats) if s.life[q] > 0
                for pos, _ in s.units(q)]
    if kind == D.JS:
        return [TARGETS[q][pos + 1] for q, pos in stealable(s, p)]
    if kind == D.QC1:
        return [TARGETS[q][pos + 1] for q in range(s.seats) if s.life[q] > 0
                for pos, _ in s.units(q)]
    if kind == D.QC2:
        return [TARGETS[q][pos + 1] for q in range(s.seats) if s.life[q] > 0
                for pos, _ in s.units(q) if (q, pos) != (rec[2], rec[3])]
    return []


def pick_legal(s: SkirmishState, rec: tuple) -> list:
    kind, p = rec[0], rec[1]
    if kind == D.QH:
        return [A.Pick(c) for c in resurrectable(s, p)]
    if kind == D.WIZ:
        return [A.Pick(u.first) for u in s.front[p]]
    if kind == D.QSKEEP:
        return [A.Pick(c) for c in sorted(s.deck[-rec[2]:])]
    k, placed = rec[2], rec[3]
    return [A.Pick(c) for c in sorted(s.deck[len(s.deck) - k + placed:])]


# -- playing cards ------------------------------------------------------------------------

def enter_soldier(s: SkirmishState, p: int, c: int, slot: int = -1, on_top: bool = False,
                   flags: int = 0, copy: int = -1) -> None:
    acts_as = copy if copy >= 0 else c
    ready = SUIT[acts_as] == DIAMONDS and not wizarded(s, p)
    nu = new_unit(c, flags | (0 if ready else EXH), copy, DOPPELGANGER if copy >= 0 else 0)
    front = s.front[p]
    if slot < 0:
        front.append(nu)
    else:
        old = front[slot]
        front[slot] = merge(nu, old) if on_top else merge(old, nu)


def play_deploy(s: SkirmishState, a: A.Deploy) -> None:
    p = s.to_move
    assert p is not None  # somebody is asked whenever an action is played
    c = a.card
    s.hands[p].remove(c)
    s.known[c] = s._all_mask()
    if p == s.cur and s.phase == DEPLOY:
        s.last_played = c
    k = KIND[c]
    if k is SOLDIER:
        enter_soldier(s, p, c, a.slot, a.lead)
        if a.slot < 0:
            s._say("{0} {0:deploys/deploy} {card} to the front ranks.", p, card=WORDS[c])
        else:
            s._say("{0} {0:deploys/deploy} {card} into a Blood Bond: {unit}.", p, card=WORDS[c],
                            unit=words(s.front[p][a.slot]))
    elif k is ACE and c == ACE_D:
        s._say("{0} {0:plays/play} the Ace of Diamonds.", p)
        s.pending.append((D.AD, p, c))
    elif k is ACE or k is KING:
        s.rear[p].append(new_unit(c, EXH))
        s._say("{0} {0:deploys/deploy} {card} to the rear ranks.", p, card=WORDS[c])
    elif k is JOKER:
        s._say("{0} {0:deploys/deploy} {card}.", p, card=WORDS[c])
        s.pending.append((D.VARIANT, p, c))
    else:
        s.up.append(c)
        s._say("{0} {0:plays/play} {card}.", p, card=WORDS[c])
        card_effect(s, p, c)


def card_effect(s: SkirmishState, p: int, c: int) -> None:
    """The one-off action of a Jack or Queen (the card is already in the Barrows)."""
    if c == JD:
        jack_of_diamonds(s)
    elif c == JC:
        s.pending.append((D.JC, p))
    elif c == JH:
        s.pending.append((D.JH, p))
    elif c == JS:
        s.pending.append((D.JS, p))
    elif c == QD:
        s.extra.append((p, s.turns_taken[p] + 1))
        s._say("{0} will take an extra turn after {0:their/your} next turn.", p)
    elif c == QC:
        s.pending.append((D.QC1, p))
    elif c == QH:
        s.pending.append((D.QH, p))
    elif c == QS:
        n = min(4, len(s.deck))
        for x in s.deck[-n:]:
            s.known[x] |= 1 << p
        s._say("{0} {0:looks/look} at the top {n} cards of the deck.", p, n=str(n))
        s.pending.append((D.QSKEEP, p, n))


def jack_of_diamonds(s: SkirmishState) -> None:
    cur, c = s.cur, s.last_played
    for rank in (s.front[cur], s.rear[cur]):
        for i, u in enumerate(rank):
            if u.first == c or u.second == c:
                if u.second < 0:
                    s._discard_unit(cur, rank.pop(i))
                else:
                    a, b = split(u)
                    gone, rank[i] = (a, b) if u.first == c else (b, a)
                    s._discard_unit(cur, gone)
                s._say("{card}, the last card {0:obj} played, goes to the Barrows.", cur,
                                     card=cap(WORDS[c]))
                break
    s._say("The Jack of Diamonds ends {0:'s} turn.", cur)
    s.responders = []
    s.phase = END


def play_scout(s: SkirmishState, a: A.Scout) -> None:
    p, c, q = s.cur, a.card, a.seat
    s.hands[p].remove(c)
    allm = s._all_mask()
    s.known[c] = allm
    s.last_played = c
    hand = s.hands[q]
    st = SUIT[c]
    rng = s._rng()
    picks = rng.sample(hand, min(2 if st == DIAMONDS else 1, len(hand)))
    for x in picks:
        s.known[x] = allm
    names = " and ".join(WORDS[x] for x in picks)
    s._say("{0} {0:sends/send} {card} to scout {1:'s} hand: it reveals {names}.", p, q,
                         card=WORDS[c], names=names)
    if st == CLUBS:
        for x in picks:
            hand.remove(x)
            s.up.append(x)
        s.log.append(f"{cap(names)} {'go' if len(picks) > 1 else 'goes'} to the Barrows.")
    elif st == SPADES:
        for x in picks:
            hand.remove(x)
            s._gain(p, x)
        s._say("{0} {0:takes/take} {names} into {0:their/your} hand.", p, names=names)
    if st == HEARTS:
        enter_soldier(s, p, c)
    else:
        s.up.append(c)


# -- Jokers -----------------------------------------------------------------------------------

def play_variant(s: SkirmishState, a: A.Variant) -> None:
    _, p, c = s.pending.pop()
    v = VARIANT_CODE[a.name]
    s._say("{0:'s} Joker is the {variant}.", p, variant=VARIANT_WORDS[v])
    if v == DOPPELGANGER:
        s.pending.append((D.COPYRANK, p))
        return
    s.rear[p].append(new_unit(c, EXH, -1, v))
    if v == INSANE_WIZARD:
        wizard_enters(s, p)


def wizard_enters(s: SkirmishState, p: int) -> None:
    opps = s.opponents(p)
    for q in opps:
        units: list[Unit] = []
        for u in s.front[q]:
            if u.second >= 0:
                units.extend(split(u))
            else:
                units.append(u)
        if len(units) != len(s.front[q]):
            s._say("The Insane Wizard splits {0:'s} Blood Bonds.", q)
        s.front[q] = units
    for q in reversed(opps):
        if len(s.front[q]) > 4:
            s.pending.append((D.WIZ, q))


def play_copy_rank(s: SkirmishState, a: A.CopyRank) -> None:
    p = s.pending.pop()[1]
    s.pending.append((D.COPYSUIT, p, a.rank))


def play_copy_suit(s: SkirmishState, a: A.CopySuit) -> None:
    _, p, rank = s.pending.pop()
    e = a.suit * 13 + rank - 1
    s.log.append(f"The Doppelganger takes the form of {WORDS[e]}.")
    if IS_SOLDIER[e]:
        enter_soldier(s, p, BLACK_JOKER, copy=e)
    elif e == ACE_D:
        s.pending.append((D.AD, p, BLACK_JOKER))
    else:
        s.rear[p].append(new_unit(BLACK_JOKER, EXH, e, DOPPELGANGER))
        if KIND[e] is JACK or KIND[e] is QUEEN:
            # it stays as a 0/11 or 0/12 unit and uses the card's power once, now
            card_effect(s, p, e)


# -- redeploying ---------------------------------------------------------------------------------

def play_return(s: SkirmishState, a: A.Return) -> None:
    p = s.cur
    u = s._take(p, a.pos)
    s._discard_unit(p, u, to_hand=True)
    s.no_deploy.extend(c for c in (u.first, u.second) if c >= 0)
    s.redeployed = True
    s._say("{0} {0:returns/return} {unit} to {0:their/your} hand.", p, unit=words(u))


def play_split(s: SkirmishState, a: A.Split) -> None:
    p = s.cur
    front = s.front[p]
    u = front[a.pos]
    first, second = split(u)
    stay, leave = (second, first) if a.card == u.first else (first, second)
    front[a.pos] = stay
    s.redeployed = True
    if len(front) < 4:
        front.append(leave)
        s._say("{0} {0:splits/split} the Blood Bond of {unit}.", p, unit=words(u))
    else:
        s._discard_unit(p, leave)
        s._say("{0} {0:splits/split} the Blood Bond of {unit}; with no room, "
                             "{leave} goes to the Barrows.", p, unit=words(u), leave=words(leave))


def play_bond(s: SkirmishState, a: A.Bond) -> None:
    p = s.cur
    front = s.front[p]
    m = merge(front[a.pos], front[a.other])
    front[a.pos] = m
    del front[a.other]
    s.redeployed = True
    s._say("{0} {0:forms/form} a Blood Bond: {unit}.", p, unit=words(m))


def play_summon(s: SkirmishState, a: A.Summon) -> None:
    p = s.cur
    s.up.remove(a.card)
    s.front[p].append(new_unit(a.card, SUMMONED))
    s.summoned = True
    s.log.append(f"The Necromancer summons {WORDS[a.card]} from the Barrows.")


# -- targets and picks ---------------------------------------------------------------------------

def play_target(s: SkirmishState, a: A.Target) -> None:
    rec = s.pending.pop()
    kind, p = rec[0], rec[1]
    if kind in (D.EXCESS, D.RAGE, D.SP2, D.AS2):
        combat_target(s, rec, a)
        return
    q, pos = a.seat, a.pos
    log = s.log
    if kind == D.AD:
        u = s._remove(q, pos)
        s.up.append(rec[2])
        log.append(f"The Ace of Diamonds strikes {words(u)} down: to the Barrows.")
    elif kind == D.JC:
        u = s.unit(q, pos)
        u.flags |= DOUBLE
        log.append(f"{cap(words(u))} will deal double damage this turn.")
    elif kind == D.JH:
        u = s.unit(q, pos)
        u.flags |= PROTECT
        log.append(f"{cap(words(u))} {verb(u, 'is', 'are')} protected from all damage this turn.")
    elif kind == D.JS:
        u = s._take(q, pos)
        (s.front if IS_SOLDIER[lead(u)] else s.rear)[p].append(u)
        s._say("{0} {0:takes/take} {unit} from {1:obj}.", p, q, unit=words(u))
    elif kind == D.QC1:
        if len(target_legal(s, (D.QC2, p, q, pos))) == 0:
            u = s._remove(q, pos)
            log.append(f"The Queen of Clubs sends {words(u)} to the Barrows.")
        else:
            s.pending.append((D.QC2, p, q, pos))
    elif kind == D.QC2:
        u1, u2 = s.unit(rec[2], rec[3]), s.unit(q, pos)
        for seat, u in ((rec[2], u1), (q, u2)):
            rank = s.front[seat] if any(x is u for x in s.front[seat]) else s.rear[seat]
            rank[:] = [x for x in rank if x is not u]
            s._discard_unit(seat, u)
        log.append(f"The Queen of Clubs sends {words(u1)} and {words(u2)} to the Barrows.")


def play_pick(s: SkirmishState, a: A.Pick) -> None:
    rec = s.pending.pop()
    kind, p, c = rec[0], rec[1], a.card
    if kind == D.WIZ:
        front = s.front[p]
        i = next(i for i, u in enumerate(front) if u.first == c)
        u = front.pop(i)
        s._discard_unit(p, u)
        s._say("{0} {0:sends/send} {unit} to the Barrows (the Insane Wizard).", p, unit=words(u))
        if len(front) > 4:
            s.pending.append((D.WIZ, p))
    elif kind == D.QH:
        s.up.remove(c)
        if IS_SOLDIER[c]:
            enter_soldier(s, p, c, flags=RES0)
        else:
            s.rear[p].append(new_unit(c, EXH | RES0))
        s._say("The Queen of Hearts resurrects {card} for {0:obj}.", p, card=WORDS[c])
    elif kind == D.QSKEEP:
        n = rec[2]
        s.deck.remove(c)
        s._gain(p, c)
        s._say("{0} {0:keeps/keep} one of them.", p)
        if not s.deck and s.final is None:
            s._start_sudden_death(p)
        if n - 1 >= 2:
            s.pending.append((D.QSORDER, p, n - 1, 0))
    else:
        k, placed = rec[2], rec[3]
        deck = s.deck
        start = len(deck) - k
        deck.remove(c)
        deck.insert(start + placed, c)
        if k - placed - 1 >= 2:
            s.pending.append((D.QSORDER, p, k, placed + 1))
        else:
            s._say("{0} {0:puts/put} the other cards back on top of the deck.", p)


def done_pending(s: SkirmishState, rec: tuple) -> None:
    """Done on an optional pending choice (a second target): nothing more."""

