"""The Skirmish position and the turn's flow.

`SkirmishState` holds the whole position as plain lists and ints, and a `Unit`
struct for each unit on the battlefield (`units.py`). Decisions that take several steps are pending records, tuples on
`pending` (top = last), each `(kind, seat, *ints)`; with none pending the phase
says who decides. After every action `_settle` runs the automatic steps (READY,
DRAW, the end of combat, END) until somebody has a decision to make.
"""

from __future__ import annotations

import bisect
import random
from typing import Any, Callable

from core.engine import Line, Outcome, State, bad_field, chance, typed_check
from core.skirmish import actions as A
from core.skirmish.cards import WORDS
from core.skirmish import combat, deploy, notation, views
from core.skirmish.combat import (
    Fight, copy_fight,
    attack_legal, block_legal, can_attack, can_block, combat_target_legal, end_attacks, resolve, start_resolution,
)
from core.skirmish.deploy import deploy_legal, done_pending, joker_legal, pick_legal, response_legal, target_legal
from core.skirmish.units import (
    C0, C1, DOUBLE, EXH, POIS, POIS_CLUBS, PROTECT, RES0, RES1, SUMMONED, Unit, copy_unit, verb, words,
)
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, END, OVER, RESOLVE, RESPONSE, SETUP, cap
from core.skirmish.phases import Decision as D

START_LIFE = 40
_AFTER = {n: tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in range(1, 6)}
_copy = list.copy
_REAR_POS = (4, 5, 6, 7, 8, 9, 10, 11)
HAND_START = 5


PHASE_PROMPTS = {
    DEPLOY: "Deploy a card, redeploy a unit, or end deployment",
    RESPONSE: "Respond with a Jack, a Queen or the Ace of Diamonds, or pass",
    ATTACK: "Declare an attacker and its target, or finish",
    BLOCK: "Choose a blocker for an attacker, or finish blocking",
}


class SkirmishState(State[A.Action]):
    """The whole position as plain data (every attribute declared below), what may
    be done now and the flow of a turn. The cards' effects are deploy.py's and
    combat.py's functions, what a seat may see views.py's, the notation
    notation.py's: each takes the state it works on (docs/architecture.md, "One
    layout a game")."""

    game_id = "skirmish"
    over: bool  # kept, not computed: State declares it read-only

    __slots__ = (
        "seats", "jokers", "seed", "counter", "life", "hands", "deck", "up", "down",
        "front", "rear", "known", "phase", "cur", "turn", "turns_taken", "skip_draw",
        "redeployed", "summoned", "no_deploy", "last_played", "extra", "final",
        "responders", "attacks", "blockers", "pending", "hits", "kept", "over",
        "outcome", "log", "logging", "viewer",
    )

    # -- construction -------------------------------------------------------------

    def __init__(self, seats: int = 2, jokers: bool = True) -> None:
        self.seats = seats
        self.jokers = jokers
        self.seed: int | None = 0
        self.counter = 0
        self.life = [START_LIFE] * seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.deck: list[int] = []          # the top of the deck is the end of the list
        self.up: list[int] = []            # the Barrows, face up
        self.down: list[int] = []          # the Barrows, face down (Soul Burned)
        self.front: list[list[Unit]] = [[] for _ in range(seats)]   # by seat: pos 0-3
        self.rear: list[list[Unit]] = [[] for _ in range(seats)]    # by seat: pos 4-7
        self.known = [0] * 54              # per card: bit mask of seats that know where it is
        self.phase = SETUP
        self.cur = 0
        self.turn = 0
        self.turns_taken = [0] * seats
        self.skip_draw = False
        self.redeployed = False
        self.summoned = False
        self.no_deploy: list[int] = []
        self.last_played = -1
        self.extra: list[tuple[int, int]] = []       # (seat, own turn number after which)
        self.final: list[int] | None = None          # sudden death: seats still to play
        self.responders: list[int] = []
        self.attacks: list[Fight] = []               # declared this turn (combat.py)
        self.blockers: list[int] = []
        self.pending: list[tuple] = []
        self.hits: list[tuple[int, int, int]] = []   # chosen extra damage (seat, pos, amount)
        self.kept: list[int] = []                    # Aces of Hearts kept as guards (pos)
        self.over = False
        self.outcome: Outcome | None = None
        self.log: list[str] = []
        self.logging = True  # False on a bot's determinized copy: nobody reads its log
        self.viewer: int | None = None               # None for a full state; else a view
        # (a seat, or -1 for a spectator's view)

    def clone(self) -> SkirmishState:
        s = SkirmishState.__new__(SkirmishState)
        s.seats = self.seats
        s.jokers = self.jokers
        s.seed = self.seed
        s.counter = self.counter
        s.life = self.life[:]
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.up = self.up[:]
        s.down = self.down[:]
        s.front = [[*map(copy_unit, r)] for r in self.front]
        s.rear = [[*map(copy_unit, r)] for r in self.rear]
        s.known = self.known[:]
        s.phase = self.phase
        s.cur = self.cur
        s.turn = self.turn
        s.turns_taken = self.turns_taken[:]
        s.skip_draw = self.skip_draw
        s.redeployed = self.redeployed
        s.summoned = self.summoned
        s.no_deploy = self.no_deploy[:]
        s.last_played = self.last_played
        s.extra = self.extra[:]
        s.final = None if self.final is None else self.final[:]
        s.responders = self.responders[:]
        s.attacks = [*map(copy_fight, self.attacks)] if self.attacks else []
        s.blockers = self.blockers[:]
        s.pending = self.pending[:]
        s.hits = self.hits[:]
        s.kept = self.kept[:]
        s.over = self.over
        s.outcome = self.outcome
        s.log = self.log[:]
        s.logging = self.logging
        s.viewer = self.viewer
        return s

    # -- who decides ----------------------------------------------------------------

    # core.engine.State declares `to_move` and `prompt` read-only (Icehouse Dash
    # stores them); here they are worked out from the position.

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.pending[-1][1]
        ph = self.phase
        if ph == RESPONSE:
            return self.responders[0]
        if ph == BLOCK:
            return self.blockers[0]
        return self.cur

    @property
    def prompt(self) -> str:
        if self.over:
            return "The game is over"
        if self.pending:
            return self.pending[-1][0].prompt
        return PHASE_PROMPTS.get(self.phase, "")

    # -- small helpers ----------------------------------------------------------------

    def _say(self, template: str, *seats: int, **words: str) -> None:
        """Log a Line (core.engine) that names `seats`; nothing is built when not logging."""
        if self.logging:
            self.log.append(Line(template, *seats, **words))

    def alive(self, seat: int) -> bool:
        return self.life[seat] > 0

    def opponents(self, seat: int) -> list[int]:
        """The living opponents of `seat` in turn order after it."""
        life = self.life
        return [q for q in _AFTER[self.seats][seat] if life[q] > 0]

    def unit(self, seat: int, pos: int) -> Unit:
        return self.front[seat][pos] if pos < 4 else self.rear[seat][pos - 4]

    def units(self, seat: int) -> list[tuple[int, Unit]]:
        """(pos, unit) for every unit of `seat`, front ranks first."""
        out = list(enumerate(self.front[seat]))
        rear = self.rear[seat]
        if rear:
            out.extend(zip(_REAR_POS, rear))
        return out

    def in_flight(self) -> list[int]:
        """Cards being played whose pending decision is not yet made (a Joker waiting
        for its variant or form, an Ace of Diamonds waiting for its target)."""
        out = []
        for rec in self.pending:
            k = rec[0]
            if k in (D.VARIANT, D.AD):
                out.append(rec[2])
            elif k in (D.COPYRANK, D.COPYSUIT):
                out.append(52)
        return out

    def _take(self, seat: int, pos: int) -> Unit:
        return self.front[seat].pop(pos) if pos < 4 else self.rear[seat].pop(pos - 4)

    def _rng(self):
        r = chance(self.seed or 0, self.counter)
        self.counter += 1
        return r

    def _all_mask(self) -> int:
        return (1 << self.seats) - 1

    def _gain(self, seat: int, c: int) -> None:
        bisect.insort(self.hands[seat], c)

    def _draw(self, seat: int) -> int | None:
        if not self.deck:
            return None
        c = self.deck.pop()
        self._gain(seat, c)
        self.known[c] |= 1 << seat
        if not self.deck and self.final is None:
            self._start_sudden_death(seat)
        return c

    def _start_sudden_death(self, seat: int) -> None:
        # The drawer's turn (if it is theirs) is their final one; a player who took
        # the last card in another's turn (Queen of Spades) starts the final round.
        self.final = self.opponents(seat) if seat == self.cur else [seat] + self.opponents(seat)
        self._say("{0} drew the last card: sudden death. This is the final round.", seat)

    def _to_barrows(self, c: int, burned: bool) -> None:
        if burned:
            self.down.append(c)
        else:
            self.up.append(c)

    def _discard_unit(self, seat: int, u: Unit, to_hand: bool = False) -> None:
        """Move every card of a unit that left the battlefield to the Barrows (face
        down when Soul Burned) or, with `to_hand`, to its owner's hand."""
        f = u.flags
        for i, bit in ((C0, RES0), (C1, RES1)):
            c = u.card(i)
            if c < 0:
                continue
            if to_hand and not f & SUMMONED:
                self._gain(seat, c)
                self.known[c] = self._all_mask()
            else:
                self._to_barrows(c, bool(f & (bit | SUMMONED)))
        if f & POIS_CLUBS:
            self._random_discard(seat)

    def _random_discard(self, seat: int) -> None:
        hand = self.hands[seat]
        if not hand:
            return
        c = hand.pop(self._rng().randrange(len(hand)))
        self.up.append(c)
        self.known[c] = self._all_mask()
        self._say("{0} {0:discards/discard} {card} at random (Ace of Clubs).", seat, card=WORDS[c])

    def _remove(self, seat: int, pos: int, to_hand: bool = False) -> Unit:
        u = self._take(seat, pos)
        self._discard_unit(seat, u, to_hand)
        return u

    # -- the protocol ------------------------------------------------------------------

    def legal_actions(self) -> list[A.Action]:
        if self.over:
            return []
        if self.pending:
            return self._pending_legal(self.pending[-1])
        ph = self.phase
        if ph == DEPLOY:
            return deploy_legal(self, self.cur)
        if ph == RESPONSE:
            return response_legal(self, self.responders[0])
        if ph == ATTACK:
            acts = attack_legal(self)
            acts.append(A.DONE)
            return acts
        if ph == BLOCK:
            acts = block_legal(self, self.blockers[0])
            acts.append(A.DONE)
            return acts
        return []

    def _pending_legal(self, p: tuple) -> list[A.Action]:
        kind = p[0]
        if kind in (D.START,):
            return [A.StartWith(s) for s in range(self.seats)]
        if kind in (D.VARIANT, D.COPYRANK, D.COPYSUIT):
            return joker_legal(self, p)
        if kind in (D.QH, D.QSKEEP, D.QSORDER, D.WIZ):
            return pick_legal(self, p)
        if kind == D.GUARD:
            return [A.Guard(True), A.Guard(False)]
        if kind in (D.EXCESS, D.RAGE, D.SP2, D.AS2):
            return combat_target_legal(self, p)
        return target_legal(self, p)

    @typed_check(A.Action)
    def check(self, action: object) -> str | None:  # anything: a malformed action is told so
        if self.over:
            return "The game is over."
        if action in self.legal_actions():
            return None
        bad = bad_field(action)
        if bad is not None:
            return f"That action is malformed: its {bad} is not of the right kind."
        return self._why_not(action)

    def play(self, action: A.Action) -> None:
        _PLAY[type(action)](self, action)
        self._settle()

    # -- stopping at a combat (the screen's "Last combat" box) ---------------------------

    def play_until_combat(self, action: A.Action) -> bool:
        """Play `action` as `play` does, but stop the flow where a combat is about to
        be resolved. True when it stopped there: the phase is RESOLVE, nothing is
        pending, and every attack, block, second target and chosen excess damage is
        in place, none of it carried out yet. False when the action was played in
        full without reaching a resolution (the state is then as after `play`).
        `resume()` carries on from the stop; the two together equal `play(action)`."""
        _PLAY[type(action)](self, action)
        return self._settle(stop_at_resolution=True)

    def resume(self) -> None:
        """Carry the flow on from where `play_until_combat` stopped: the combat is
        resolved and the turn goes on, exactly as `play` would have done."""
        self._settle()

    def resolve_combat(self) -> None:
        """RESOLUTION of the declared attacks as they stand (combat.py), and nothing
        after it: the turn's flow does not move on. The flow calls it at RESOLVE; the
        screen calls it on a copy to tell what the planned attacks would do."""
        resolve(self)

    # -- the flow of a turn ------------------------------------------------------------

    def _settle(self, stop_at_resolution: bool = False) -> bool:
        """Run the automatic steps until somebody decides. With `stop_at_resolution`,
        stop before a combat resolves instead and say so (True)."""
        while not self.over and not self.pending:
            ph = self.phase
            if ph == RESPONSE:
                if self.responders:
                    return False
                self.phase = ATTACK
            elif ph == ATTACK:
                if can_attack(self):
                    return False
                end_attacks(self)
            elif ph == BLOCK:
                while self.blockers and not can_block(self, self.blockers[0]):
                    self.blockers.pop(0)
                if self.blockers:
                    return False
                start_resolution(self)
            elif ph == RESOLVE:
                if stop_at_resolution:
                    return True
                self.resolve_combat()
                if not self.over:
                    self.phase = END
            elif ph == END:
                self._end_turn()
            else:
                return False
        return False

    def _begin_turn(self, seat: int) -> None:
        self.cur = seat
        self.turn += 1
        self.turns_taken[seat] += 1
        self.redeployed = False
        self.summoned = False
        self.no_deploy = []
        self.last_played = -1
        self.attacks = []
        self.blockers = []
        self.responders = []
        self.hits = []
        self.kept = []
        self._say("Turn {n}: {0}.", seat, n=str(self.turn))
        # READY: straighten units; the Necromancer's summoned units are Soul Burned.
        for rank in (self.front[seat], self.rear[seat]):
            keep = []
            for u in rank:
                if u.flags & SUMMONED:
                    self._discard_unit(seat, u)
                    self.log.append(f"{cap(words(u))} {verb(u, 'returns', 'return')} to the Barrows, Soul Burned.")
                else:
                    u.flags &= ~EXH
                    keep.append(u)
            rank[:] = keep
        # DRAW
        if self.skip_draw:
            self.skip_draw = False
        elif self._draw(seat) is not None:
            self._say("{0} {0:draws/draw} a card.", seat)
        self.phase = DEPLOY

    def _end_deploy(self) -> None:
        self.responders = [q for q in self.opponents(self.cur) if self.hands[q]]
        self.phase = RESPONSE

    def _end_turn(self) -> None:
        """END: poisoned units go to the Barrows, damage and this turn's effects end."""
        for seat in range(self.seats):
            for rank in (self.front[seat], self.rear[seat]):
                if any(u.flags & POIS for u in rank):
                    keep = []
                    for u in rank:
                        if u.flags & POIS:
                            self.log.append(f"{cap(words(u))} {verb(u, 'succumbs', 'succumb')} to poison.")
                            self._discard_unit(seat, u)
                        else:
                            keep.append(u)
                    rank[:] = keep
                for u in rank:
                    u.damage = 0
                    u.flags &= ~(DOUBLE | PROTECT)
        self.attacks = []
        self.hits = []
        self.kept = []
        cur = self.cur
        if self.final is not None:
            while self.final and not self.alive(self.final[0]):
                self.final.pop(0)
            if not self.final:
                self._finish_by_life()
                return
            self._begin_turn(self.final.pop(0))
            return
        mark = (cur, self.turns_taken[cur])
        if mark in self.extra:
            self.extra.remove(mark)
            self._say("{0} {0:takes/take} an extra turn (Queen of Diamonds).", cur)
            self._begin_turn(cur)
            return
        self._begin_turn(self.opponents(cur)[0])

    def _eliminate(self, seat: int) -> None:
        """`seat` is out of life: every card they hold or field goes to the Barrows.
        The caller then asks `_last_one_standing` whether the game is over."""
        self._say("{0} {0:is/are} out of life and {0:leaves/leave} the battle.", seat)
        for rank in (self.front[seat], self.rear[seat]):
            for u in rank:
                self._discard_unit(seat, u)
            rank.clear()
        for c in self.hands[seat]:
            self.up.append(c)
            self.known[c] = self._all_mask()
        self.hands[seat] = []
        if seat in self.responders:
            self.responders.remove(seat)
        if self.final is not None and seat in self.final:
            self.final.remove(seat)

    def _last_one_standing(self) -> None:
        """End the game when one player is left. Called once after every elimination
        of a resolution is carried out, so nobody knocked out keeps cards."""
        living = [q for q in range(self.seats) if self.life[q] > 0]
        if len(living) == 1:
            self._game_over(tuple(living), Line("{0} {0:is/are} the last one standing.", living[0]))

    def _finish_by_life(self) -> None:
        living = [q for q in range(self.seats) if self.life[q] > 0]
        best = max(self.life[q] for q in living)
        winners = tuple(q for q in living if self.life[q] == best)
        names = " and ".join("{%d}" % i for i in range(len(winners)))  # Line placeholders
        has = "{0:has/have}" if len(winners) == 1 else "share"
        self._game_over(winners, Line(f"Sudden death: {names} {has} the highest life ({{best}}).", *winners,
                                      best=str(best)))

    def _game_over(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.phase = OVER
        self.pending = []
        self.outcome = Outcome(winners, reason, tuple(float(max(0, x)) for x in self.life))
        self.log.append(reason)

    # -- setup ----------------------------------------------------------------------------

    def _setup(self) -> None:
        deck = list(range(54 if self.jokers else 52))
        self._rng().shuffle(deck)
        self.deck = deck
        for _ in range(HAND_START):
            for seat in range(self.seats):
                self._draw(seat)
        self.log.append(f"Each player is dealt {HAND_START} cards.")
        contenders = list(range(self.seats))
        from core.skirmish.cards import ADVANTAGE
        while True:
            drawn = {}
            for seat in contenders:
                if not self.deck:
                    break
                c = self.deck.pop()
                self.up.append(c)
                drawn[seat] = c
                self._say("Advantage draw: {0} {0:turns/turn} up {card}.", seat, card=WORDS[c])
            if not drawn:
                break
            best = max(ADVANTAGE[c] for c in drawn.values())
            contenders = [s for s, c in drawn.items() if ADVANTAGE[c] == best]
            if len(contenders) == 1:
                break
            self._say("A tie: " + " and ".join("{%d}" % i for i in range(len(contenders))) + " draw again.",
                                 *contenders)
        winner = contenders[0]
        self._say("{0} {0:wins/win} the advantage.", winner)
        self.pending.append((D.START, winner))

    def _play_start(self, a: A.StartWith) -> None:
        w = self.pending.pop()[1]
        if a.seat != w:
            self._say("{0} {0:chooses/choose} {1:obj} to start.", w, a.seat)
        else:
            self._say("{0} {0:chooses/choose} to start.", w)
        self.skip_draw = True
        self._begin_turn(a.seat)

    def _play_done(self, a: A.Done) -> None:
        if self.pending:
            done_pending(self, self.pending.pop())
            return
        ph = self.phase
        if ph == DEPLOY:
            self._say("{0} {0:ends/end} deployment.", self.cur)
            self._end_deploy()
        elif ph == RESPONSE:
            self.responders.pop(0)
        elif ph == ATTACK:
            end_attacks(self)
        elif ph == BLOCK:
            self.blockers.pop(0)

    # -- what a seat sees, and the notation ---------------------------------------------

    def view(self, seat: int | None) -> SkirmishState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> SkirmishState:
        return views.determinize(self, rng)

    def to_text(self) -> str:
        return notation.to_text(self)

    # -- words ------------------------------------------------------------------------------

    def describe(self, action: A.Action) -> str:
        from core.skirmish.words import describe
        return describe(self, action)

    def reveals(self, action: A.Action, seat: int | None) -> bool:
        from core.skirmish.reveals import reveals
        return reveals(self, action, seat)

    def _why_not(self, action: object) -> str:
        from core.skirmish.words import why_not
        return why_not(self, action)


# How each action is carried out: a function of (state, action).
_PLAY: dict[type, Callable[[SkirmishState, Any], None]] = {
    A.StartWith: SkirmishState._play_start,
    A.Deploy: deploy.play_deploy,
    A.Scout: deploy.play_scout,
    A.Variant: deploy.play_variant,
    A.CopyRank: deploy.play_copy_rank,
    A.CopySuit: deploy.play_copy_suit,
    A.Return: deploy.play_return,
    A.Split: deploy.play_split,
    A.Bond: deploy.play_bond,
    A.Summon: deploy.play_summon,
    A.Target: deploy.play_target,
    A.Attack: combat.play_attack,
    A.Block: combat.play_block,
    A.Pick: deploy.play_pick,
    A.Guard: combat.play_guard,
    A.Done: SkirmishState._play_done,
}
