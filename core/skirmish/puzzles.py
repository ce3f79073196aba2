"""Skirmish puzzles (issue 24; docs/rules/skirmish.md, "Puzzles"): knock out the
opponent this turn, survive this combat, take the King this turn.

Puzzles are mined from two-player games between the Tactician bots: a position
right after a bot's move, the other player (the solver) to decide, where exactly
one of the solver's plans reaches the goal by the end of the turn against every
reply (core/skirmish/puzzle_search.py). The puzzle shows the opponent's hand, and
the claim is made against exactly those cards; the deck stays hidden, and a line
that needs luck from it is never a puzzle's line.

The shipped puzzles.json is made by these runs, in this order, each merging into
the file (one process; about 9 minutes on an idle machine):

    rm core/skirmish/puzzles.json
    python tools/puzzles.py mine skirmish --seed 100 --count 8
    python tools/puzzles.py mine skirmish --seed 101 --count 8
    python tools/puzzles.py mine skirmish --seed 201 --count 8
    python tools/puzzles.py mine skirmish --seed 300 --count 45
    python tools/puzzles.py mine skirmish --seed 301 --count 320

389 puzzles; `python tools/puzzles.py verify skirmish` proves them again. The
bands follow from each puzzle's rating (`band_of`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

from core.ai import BUDGET_S
from core.puzzles import Puzzle, PuzzleKit, puzzle_id
from core.skirmish import actions as A
from core.skirmish.battlefield import king_suit
from core.skirmish.cards import (
    ACE, ATK, BLACK_JOKER, DIAMONDS, IS_SOLDIER, JACK_OF, KIND, KING, NAME, QUEEN_OF, SPADES, SUIT,
    NECROMANCER,
)
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from core.skirmish.phases import Decision as D
from core.skirmish.puzzle_search import GOALS, Search, TooBig, check_line, has_king, solve
from core.skirmish.state import SkirmishState
from core.skirmish.units import EXH, attack, lead

BUDGET = 2_000  # positions a search may look at before the miner gives a candidate up
VERIFY_BUDGET = 2_000_000  # verify proves again what the miner proved: no real cap
# The bands by rating (`rating_of`: 1000 + 45 a solver action + 60 a bit of choice
# among plans). The cuts split the mined ratings into thirds (389 puzzles of seeds
# 100-301: 1105..1768, terciles at 1200 and 1410), each moved to the nearest rating
# that says something in rating_of's terms, so a harder band is more actions among
# more plans, not just a bigger number. By the solver's actions and its plans:
# - easy, below 1200: 1 action among at most 5 plans (5: 1184; 6: 1200), 2 among
#   at most 3, 3 between 2 (one right choice of two);
# - hard, from 1420: 3 actions among 27 plans or more (three choices each: 1420),
#   4 among 16 (two each: 1420), 2 among 45, 1 among 76, 5 among 10;
# - medium between.
# Mined that way: easy 123 (all one action), medium 143, hard 123 (all three
# actions or more); docs/performance.md.
EASY_BELOW, HARD_FROM = 1200.0, 1420.0

# The themes a card played in the line teaches.
_CARD_THEMES = {
    JACK_OF[0]: "jack of diamonds", JACK_OF[1]: "double damage", JACK_OF[2]: "untouchable",
    JACK_OF[3]: "steal a unit", QUEEN_OF[0]: "extra turn", QUEEN_OF[1]: "queen of clubs",
    QUEEN_OF[2]: "resurrection", QUEEN_OF[3]: "queen of spades",
}
_PENDING_THEMES = {D.EXCESS: "raging charge", D.RAGE: "raging charge", D.SP2: "dual wielding",
                   D.AS2: "double poison", D.AD: "ace of diamonds", D.GUARD: "guard"}
_GOAL_THEMES = {"knockout": "knockout", "survive": "defence", "king": "regicide"}


def band_of(rating: float) -> str:
    return "easy" if rating < EASY_BELOW else "hard" if rating >= HARD_FROM else "medium"


def rating_of(solver_moves: int, widths: list[int]) -> float:
    """A starting rating: more of the solver's actions and more plans to choose
    among make a harder puzzle. `widths` counts the plans at each of the solver's
    decisions; their log2 is the bits of choice the solver must get right."""
    choice = sum(math.log2(max(1, w)) for w in widths)
    return float(round(min(2100.0, 1000.0 + 45.0 * solver_moves + 60.0 * choice)))


class SkirmishPuzzles(PuzzleKit[SkirmishState, A.Action]):
    prefix = "S"
    version = "1"
    goals = {
        "knockout": "Knock out your opponent this turn",
        "survive": "Survive this combat",
        "king": "Take the opponent's King this turn",
    }

    def shown(self, state: SkirmishState, puzzle: Puzzle) -> list[str]:
        assert isinstance(state, SkirmishState)
        lines = []
        for q in range(state.seats):
            if q != puzzle.seat and state.life[q] > 0:
                cards = " ".join(NAME[c] for c in state.hands[q]) or "no cards"
                lines.append(f"Player {q + 1}'s hand: {cards}")
        return lines

    def accepts(self, before: SkirmishState, action: A.Action, puzzle: Puzzle, step: int) -> list[A.Action] | None:
        """The line's move, or any other order of the same plan: a move after which
        the goal is still sure (the rest of the line found anew)."""
        line = self.line(puzzle)
        if step < len(line) and action == line[step]:
            return line[step + 1:]
        assert isinstance(before, SkirmishState)
        if action not in before.legal_actions():
            return None
        search = Search(puzzle.goal, puzzle.seat, before.turn, VERIFY_BUDGET)
        after = before.clone()
        after.logging = False
        after.play(action)
        if search.done(after):
            return [] if search.reached(after) else None
        try:
            if not search.value(after, sure=True):
                return None
            rest = _sure_line(after, search)
        except TooBig:
            return None
        return rest

    def verify(self, puzzle: Puzzle) -> str | None:
        if puzzle.goal not in GOALS:
            return f"Unknown goal {puzzle.goal!r}."
        try:
            s = self.game.from_text(puzzle.position)
        except ValueError as e:
            return f"The position does not read: {e}"
        if s.seats != 2 or s.to_move != puzzle.seat:
            return "The solver is not the one to move in the position."
        if puzzle.goal == "king" and not any(has_king(s, q) for q in range(s.seats) if q != puzzle.seat):
            return "The opponent has no King to take."
        s.logging = False
        try:
            line = self.line(puzzle)
        except Exception as e:  # noqa: BLE001 - any bad builtins: say why
            return f"The line does not read: {e}"
        search = Search(puzzle.goal, puzzle.seat, s.turn, VERIFY_BUDGET)
        try:
            return check_line(s, search, line)
        except TooBig:
            return "The proof needs more positions than the verifier looks at."

    def mine(self, seed: int, count: int) -> Iterator[Puzzle]:
        made: set[str] = set()
        game_no = 0
        while len(made) < count:
            for puzzle in self._mine_game(seed, game_no):
                if puzzle.id not in made:
                    made.add(puzzle.id)
                    yield puzzle
                    if len(made) >= count:
                        return
            game_no += 1

    def _mine_game(self, seed: int, game_no: int) -> Iterator[Puzzle]:
        from core.skirmish.bots import make_bot

        rng = random.Random(f"skirmish-puzzles/{seed}/{game_no}")
        s = self.game.new(2, rng.randrange(1 << 30))
        levels = ("easy", "normal") if game_no % 2 == 0 else ("normal", "easy")
        bots = [make_bot(level, random.Random(rng.random())) for level in levels]
        steps = 0
        while not s.over and steps < 2000:
            who = s.to_move
            assert who is not None, "somebody moves until the game is over"
            action = bots[who].choose(s.view(who), BUDGET_S)
            before = s.to_text()
            s.play(action)
            steps += 1
            for goal in candidates(s, who):
                puzzle = self._try(s, goal, before, action, seed)
                if puzzle is not None:
                    yield puzzle

    def _try(self, s: SkirmishState, goal: str, before: str, mistake: A.Action, seed: int) -> Puzzle | None:
        position = s.to_text()
        x = self.game.from_text(position)  # what verify will read
        x.logging = False
        seat = x.to_move
        if seat is None:  # the game is over there: nothing to solve
            return None
        search = Search(goal, seat, x.turn, BUDGET)
        try:
            found = solve(x, search)
        except TooBig:
            return None
        if found is None:
            return None
        line, widths = found
        if widths[0] < 2:  # nothing to choose: not a puzzle
            return None
        solution = [self.game.action_to_builtins(a) for a in line]
        mine_count, themes = themes_of(x, seat, line, goal)
        rating = rating_of(mine_count, widths)
        puzzle = Puzzle(
            id=puzzle_id(self.prefix, position, solution), game=self.game.id, goal=goal, moves=1,
            position=position, seat=seat, solution=solution, band=band_of(rating), rating=rating,
            themes=themes, generator=f"{self.game.id}/{self.version}", seed=seed, before=before,
            mistake=self.game.action_to_builtins(mistake))
        return puzzle if self.verify(puzzle) is None else None


def candidates(s: SkirmishState, mover: int) -> list[str]:
    """The goals worth a search in `s`, just after `mover`'s move: the other player
    to decide, in their own DEPLOY or COMBAT (knock out, take the King) or blocking
    (survive)."""
    if s.over or s.pending or s.seats != 2:
        return []
    me = s.to_move
    if me is None or me == mover:
        return []
    opp = 1 - me
    if s.phase in (DEPLOY, ATTACK) and s.cur == me:
        out = []
        if s.life[opp] <= reach(s, me):
            out.append("knockout")
        if has_king(s, opp) and can_reach_rear(s, me):
            out.append("king")
        return out
    if s.phase == BLOCK and s.cur == opp:
        incoming = sum(attack(s.unit(opp, f.attacker)) for f in s.attacks if f.target < 0)
        return ["survive"] if incoming >= s.life[me] else []
    return []


def reach(s: SkirmishState, p: int) -> int:
    """A generous bound on the damage `p` could deal a player this turn."""
    total = sum(attack(u) for u in s.front[p] if not u.flags & EXH)
    total += sum(1 for u in s.rear[p] if not u.flags & EXH and KIND[lead(u)] is ACE)
    best_opp = max((attack(u) for q in range(s.seats) if q != p for u in s.front[q]), default=0)
    if s.phase == DEPLOY:
        for c in s.hands[p]:
            if IS_SOLDIER[c] and SUIT[c] == DIAMONDS:
                total += ATK[c]
            elif c in (BLACK_JOKER, JACK_OF[SPADES]):
                total += max(10, best_opp)
            elif c == QUEEN_OF[2]:
                total += 10
        if any(u.variant == NECROMANCER for u in s.rear[p]):
            total += 10
        if JACK_OF[1] in s.hands[p]:
            total *= 2
    if king_suit(s, p) == 1 or KING_OF_CLUBS in s.hands[p]:
        total *= 2
    return total


KING_OF_CLUBS = 1 * 13 + 12


def can_reach_rear(s: SkirmishState, p: int) -> bool:
    """Whether `p` might remove a rear unit this turn: a ready Ace, enhanced Spades,
    or a card that takes or removes a unit."""
    if any(not u.flags & EXH and KIND[lead(u)] is ACE for u in s.rear[p]):
        return True
    if king_suit(s, p) == SPADES and any(not u.flags & EXH and SUIT[lead(u)] == SPADES for u in s.front[p]):
        return True
    if s.phase != DEPLOY:
        return False
    reachers = {0, JACK_OF[SPADES], QUEEN_OF[1], BLACK_JOKER, SPADES * 13 + 12}
    return any(c in reachers for c in s.hands[p])


def themes_of(s: SkirmishState, seat: int, line: list[Any], goal: str) -> tuple[int, tuple[str, ...]]:
    """The count of the solver's actions in `line` and what the line teaches."""
    themes = [_GOAL_THEMES[goal]]
    x = s.clone()
    mine = 0
    for a in line:
        if x.to_move == seat:
            mine += 1
            t = type(a)
            if x.pending and x.pending[-1][0] in _PENDING_THEMES:
                themes.append(_PENDING_THEMES[x.pending[-1][0]])
            if t is A.Deploy:
                if a.slot >= 0:
                    themes.append("blood bond")
                elif a.card in _CARD_THEMES:
                    themes.append(_CARD_THEMES[a.card])
                elif IS_SOLDIER[a.card] and SUIT[a.card] == DIAMONDS and x.phase == DEPLOY:
                    themes.append("quick")
                elif KIND[a.card] is KING:
                    themes.append("royal enhancement")
            elif t is A.Bond:
                themes.append("blood bond")
            elif t in (A.Return, A.Split):
                themes.append("redeploy")
            elif t is A.Variant:
                themes.append(a.name if a.name != "wizard" else "insane wizard")
            elif t is A.Summon:
                themes.append("necromancer")
            elif t is A.Block:
                themes.append("blocking")
            elif t is A.Attack and KIND[lead(x.unit(seat, a.pos))] is ACE:
                themes.append("assassin")
        x.play(a)
    return mine, tuple(dict.fromkeys(themes))


def _sure_line(s: SkirmishState, search: Search) -> list[Any]:
    """A line from `s` the solver is sure to win from: the first sure action at each
    of the solver's moves, the stubborn reply at the opponent's."""
    line: list[Any] = []
    x = s
    while not search.done(x):
        acts = x.legal_actions()
        if x.to_move == search.seat:
            for a in acts:
                c = search.child(x, a)
                if search.after(x, c, sure=True):
                    break
            else:
                return line
        else:
            a = ([b for b in acts if b != A.DONE] + acts)[0]
            c = search.child(x, a)
        line.append(a)
        x = c
    return line
