"""HOUSE RULES puzzles (docs/rules/house-rules.md, "Puzzles"): "win in N turns",
mined from games between the project's bots and proved by the exact search of
core/house_rules/solver.py. Both hands are open in HOUSE RULES, so a puzzle shows
everything and its claim is made for the cards the position holds.

A puzzle's line lists every action, the opponent's replies included. "Only move"
means only winning turn: a turn is what it leaves (solver.result_key), so playing a
card before or after the move, when both give the same result, is the same turn and
`accepts` takes either order; on the winning turn a card played before the winning
move changes nothing and is accepted too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

from msgspec import json

from core.house_rules.actions import END_TURN, Action, Move, Options, PlaceMarker, PlayCard
from core.house_rules.board import FAR_ROW, CELL_INDEX
from core.house_rules.solver import OutOfBudget, Solver, Turn, completions, result_key, won_by
from core.puzzles import Puzzle, PuzzleKit, puzzle_id
from core.house_rules.state import HouseRulesState

MAX_N = 3  # the longest win the default miner looks for (turns of the solver)
BUDGET = 60_000  # states a search may make before the miner gives a position up
BUDGET_LONG = 20_000  # the same for a win in 3, tried only where one looks near
FOUR = 4  # the win mined on its own (`mine(..., moves=FOUR)`): too slow to try everywhere
BUDGET_FOUR = 500_000  # states for one win-in-4 proof (and for its mistake check)
BACK = range(3, 10)  # the winner's turns before the end of a game tried for a win in 4
PER_GAME_FOUR = 2  # wins in 4 taken from one game at most
MODES = ("hands", "none", "random")
KEEPERS = ((True, False), (False, True), (True, True), (False, False))  # sides that keep their cards
PER_GAME = 6  # puzzles taken from one game at most (variety)


def grade(n: int, card: bool, tempting: int) -> tuple[str, float]:
    """Band and starting rating from what makes a win hard to see: more turns to
    win, a card that must be played first, and other captures or far-row moves on
    offer that do not win. Win in 1 without a card is easy unless five or more such
    moves tempt; a card or a second turn makes it medium; a third turn, a card and
    a second turn, or either with three or more temptations, hard; a fourth turn,
    hard from 1800. The rating runs 1100-1400 in easy, 1400-1700 in medium,
    1700-2100 in hard, up with the score."""
    score = {1: 0.0, 2: 2.5, 3: 4.5}.get(n, 5.0) + (2.5 if card else 0.0) + min(tempting, 6) / 2
    if score < 2.5:
        return "easy", round(1100 + score / 2.5 * 300, 1)
    if score < 4.0:
        return "medium", round(1400 + (score - 2.5) / 1.5 * 300, 1)
    return "hard", round(1700 + min(score - 4.0, 4.0) / 4.0 * 400, 1)


def looks_won(s: Any) -> bool:
    """Worth a search for a win in 3 (only a filter on where to spend time): the
    side to move is clearly ahead, or the other side is near its losing total."""
    me, them = s.tot[s.side], s.tot[1 - s.side]
    return me - them >= 4 or them <= 9


def markers_live(s: Any) -> bool:
    """Change markers could be placed during the puzzle: every turn then has dozens
    of variants, too many to prove a longer win in the miner's time."""
    return s.markers_left > 0 and ("change" in s.cards_in_force or any("change" in h for h in s.hands))


def split_turns(s: Any, line: list[Any]) -> list[list[Any]]:
    """The line cut into turns, replayed from `s` (a copy is used)."""
    st = s.clone()
    st.silent = True
    out: list[list[Any]] = []
    new_turn = True
    for a in line:
        if new_turn:
            out.append([])
        side = st.side
        st.play(a)
        out[-1].append(a)
        new_turn = st.side != side
    return out


class HouseRulesPuzzles(PuzzleKit[HouseRulesState, Action]):
    prefix: ClassVar[str] = "HR"
    version: ClassVar[str] = "2"
    goals: ClassVar[dict[str, str]] = {"win": "Win in {n} turns"}

    def task(self, puzzle: Puzzle) -> str:
        return "Win in 1 turn" if puzzle.moves == 1 else super().task(puzzle)

    # -- proving ---------------------------------------------------------------

    def solve(self, s: Any, n_max: int, budget: int = BUDGET) -> tuple[int, list[Any]] | None:
        """(N, line) when the side to move wins in N <= n_max turns with one winning
        turn at each of its turns against the longest defence; else None."""
        solver = Solver(s.side, budget)
        try:
            n = solver.distance(s, n_max)
            if n is None:
                return None
            line: list[Any] = []
            cur, left = s, n
            while True:
                wins = solver.winning_turns(cur, left)
                if len(wins) != 1:
                    return None
                t = wins[0]
                line.extend(t.actions)
                if t.end.over:
                    return (n, line) if won_by(t.end, s.side) else None
                # The defence: a reply that holds out longest, the bots' favourite first.
                best: Turn | None = None
                for d in solver.turns(t.end):
                    if d.end.over:
                        continue
                    if not solver.wins(d.end, left - 2):
                        if len(solver.winning_turns(d.end, left - 1)) == 1:
                            best = d
                            break
                if best is None:
                    return None
                line.extend(best.actions)
                cur, left = best.end, left - 1
        except OutOfBudget:
            return None

    def verify(self, puzzle: Puzzle) -> str | None:
        try:
            s: Any = self.start(puzzle)
        except Exception as e:  # noqa: BLE001 - a bad position is a reason, in words
            return f"The position does not read: {e}"
        if s.over or s.side != puzzle.seat:
            return "The solver is not to move in the position."
        # A win in 4 needs its own budget (the miner's proof made at most BUDGET_FOUR
        # states; the same search here makes the same ones).
        found = self.solve(s, puzzle.moves, budget=10 * BUDGET if puzzle.moves < FOUR else 2 * BUDGET_FOUR)
        if found is None:
            return f"No single winning turn wins in {puzzle.moves} (or the search ran out)."
        n, line = found
        if n != puzzle.moves:
            return f"The win takes {n} turns, not {puzzle.moves}."
        try:
            mine = self.line(puzzle)
        except Exception as e:  # noqa: BLE001 - a line that does not read is a reason too
            return f"The line does not read: {e}"
        if self._turn_results(s, mine) != self._turn_results(s, line):
            return "The line is not the winning line (a turn in it is not the only winning one, or not the best defence)."
        return None

    @staticmethod
    def _turn_results(s: Any, line: list[Any]) -> list[Any]:
        """What each turn of the line leaves (result_key), "illegal" where an
        action cannot be played, "unfinished" when the line stops mid-turn."""
        st = s.clone()
        st.silent = True
        out: list[Any] = []
        for a in line:
            if st.over or st.check(a) is not None:
                return out + ["illegal"]
            side = st.side
            st.play(a)
            if st.over or st.side != side:
                out.append(result_key(st))
        if not st.over and st.phase != "before":
            out.append("unfinished")
        return out

    def accepts(self, before: HouseRulesState, action: Action, puzzle: Puzzle, step: int) -> list[Action] | None:
        line = self.line(puzzle)
        if step < len(line) and action == line[step]:
            return line[step + 1:]
        # Another order of the same turn: the rest of this turn in the line gives the
        # result to reach; a completion starting with `action` that reaches it is good.
        st = before.clone()
        st.silent = True
        side, rest = st.side, step
        while rest < len(line) and not st.over and st.side == side:
            if st.check(line[rest]) is not None:
                return None
            st.play(line[rest])
            rest += 1
        target = result_key(st)
        if before.check(action) is not None:
            return None
        nxt = before.clone()
        nxt.silent = True
        nxt.play(action)
        for c in completions(nxt):
            if result_key(c.end) == target or (st.over and won_by(c.end, side) and won_by(st, side)
                                                and bytes(c.end.board) == bytes(st.board)):
                return list(c.actions) + line[rest:]
        return None

    # -- mining ----------------------------------------------------------------

    def mine(self, seed: int, count: int, moves: int | None = None) -> Iterator[Puzzle]:
        """Puzzles from bot games started at `seed`: wins in 1-3 turns, or with
        `moves=4` wins in exactly 4 (`_mine_four`, a search of its own)."""
        if moves is not None:
            if moves != FOUR:
                raise ValueError(f"HOUSE RULES mines wins in exactly {FOUR} turns on their own, not {moves}.")
            yield from self._mine_four(seed, count)
            return
        game = self.game
        rng = random.Random(seed)
        made = 0
        seen: set[str] = set()
        g = 0
        while made < count:
            g += 1
            s, bots, keeps = self._bot_game(rng, g)
            before_text, mistake, before_state = None, None, None
            here = 0
            lines: set[bytes] = set()  # a bot shuffling back and forth repeats a line
            while not s.over and s.turn < 160 and made < count and here < PER_GAME:
                text = s.to_text()
                if before_text is not None:
                    p = self._try(game.from_text(text), text, before_state, before_text, mistake, seed)
                    if p is not None and p.id not in seen and (line := json.encode(p.solution)) not in lines:
                        seen.add(p.id)
                        lines.add(line)
                        made += 1
                        here += 1
                        yield p
                before_text, before_state = text, s.clone()
                mistake = [game.action_to_builtins(a) for a in self._bot_turn(s, bots, keeps)]

    def _bot_game(self, rng: random.Random, g: int) -> tuple[HouseRulesState, list[Any], tuple[bool, bool]]:
        """The `g`th game a miner plays from `rng`: its start, its two bots, and which
        side keeps its cards. The bots play their cards early; in some games a side
        keeps its hand (it plays as if it held none), so cards are still there when
        the end comes."""
        game = self.game
        mode = MODES[g % len(MODES)]
        s = game.new(2, seed=rng.randrange(1 << 30), options=Options(cards=mode))
        levels = rng.choice([("easy", "normal"), ("normal", "easy"), ("easy", "easy")])
        bots = [game.make_bot(lv, random.Random(rng.randrange(1 << 30)), iterations=400) for lv in levels]
        keeps = rng.choice(KEEPERS) if mode == "hands" else (False, False)
        return s, bots, keeps

    def _bot_turn(self, s: HouseRulesState, bots: list[Any], keeps: tuple[bool, bool]) -> list[Action]:
        """Play the side to move's whole turn on `s` by its bot; the actions played."""
        side, acts = s.side, []
        while not s.over and s.side == side:
            a = self._bot_action(bots[side], s, keeps[side])
            acts.append(a)
            s.apply(a)
        return acts

    @staticmethod
    def _bot_action(bot: Any, s: Any, keep: bool) -> Any:
        view = s.view(s.side)
        if keep:
            view.hands[s.side] = []
            if view.phase == "after" and not any(type(a) is PlaceMarker for a in view.legal_actions()):
                return END_TURN
        return bot.choose(view, 5.0)

    def _try(self, s: Any, text: str, before: Any, before_text: str, mistake: Any, seed: int) -> Puzzle | None:
        markers = markers_live(s) or markers_live(before)
        found = self.solve(s, 1 if markers else min(2, MAX_N))
        if found is None and not markers and MAX_N >= 3 and looks_won(s):
            found = self.solve(s, 3, budget=BUDGET_LONG)
        if found is None:
            return None
        return self._puzzle(s, text, before, before_text, mistake, seed, found, BUDGET)

    def _puzzle(self, s: Any, text: str, before: Any, before_text: str, mistake: Any, seed: int,
                found: tuple[int, list[Any]], budget: int) -> Puzzle | None:
        """The puzzle of a proved win `found` at `s`, or None when the other side's
        turn before it was no mistake (it lost as fast whatever it played)."""
        n, line = found
        # A mistake: before it, the other side had a turn that did not lose this fast.
        guard = Solver(s.side, budget)
        try:
            if guard.defender_loses(before, n):
                return None
        except OutOfBudget:
            return None
        band, rating, themes = self.describe(s, line, n)
        solution = [self.game.action_to_builtins(a) for a in line]
        return Puzzle(id=puzzle_id(self.prefix, text, solution), game=self.game.info.id, goal="win", moves=n,
                      position=text, seat=s.side, solution=solution, band=band, rating=rating,
                      themes=tuple(themes), generator=f"{self.game.info.id}/{self.version}", seed=seed,
                      before=before_text, mistake=mistake)

    @staticmethod
    def describe(s: Any, line: list[Any], n: int) -> tuple[str, float, list[str]]:
        """Band, starting rating and themes of the win in n `line` from `s`."""
        first = split_turns(s, line)[0]
        card = any(type(a) is PlayCard for a in first)
        win_cells = {CELL_INDEX[a.dst] for a in first if type(a) is Move}
        tempting = len({(a.src, a.dst) for a in s.legal_actions() if type(a) is Move
                        and CELL_INDEX[a.dst] not in win_cells
                        and (s.board[CELL_INDEX[a.dst]] or CELL_INDEX[a.dst] in FAR_ROW[s.side])})
        themes = ["card combo"] if card else []
        if any(type(a) is Move and CELL_INDEX[a.dst] in FAR_ROW[s.side] for a in first):
            themes.append("far-row upgrade")
        if any(type(a) is Move and s.board[CELL_INDEX[a.dst]] for a in first):
            themes.append("capture")
        themes.append(f"win in {n}")
        band, rating = grade(n, card, tempting)
        return band, rating, themes

    def _mine_four(self, seed: int, count: int) -> Iterator[Puzzle]:
        """Wins in exactly 4 turns. A proof costs up to BUDGET_FOUR states (about a
        second), so only a few positions of a game are tried: a bot game is played
        to its end first, and where one side won, its turns 3 to 9 before its
        winning one (BACK) are searched, each after the other side's turn as the
        mistake. The same seed plays the same games and makes the same proofs (the
        budget counts states, not time)."""
        game = self.game
        rng = random.Random(seed)
        made, g = 0, 0
        seen: set[str] = set()
        while made < count:
            g += 1
            s, bots, keeps = self._bot_game(rng, g)
            played: list[tuple[Any, list[Any]]] = []  # each turn: the state before it, its actions
            while not s.over and s.turn < 160:
                before = s.clone()
                played.append((before, [game.action_to_builtins(a) for a in self._bot_turn(s, bots, keeps)]))
            if s.outcome is None or len(s.outcome.winners) != 1:
                continue
            winner, here = s.outcome.winners[0], 0
            starts = [i for i, (st, _) in enumerate(played) if st.side == winner and i > 0]
            for k in BACK:
                if k > len(starts) or made >= count or here >= PER_GAME_FOUR:
                    break
                i = starts[-k]
                (before, mistake), (at, _) = played[i - 1], played[i]
                if markers_live(at) or markers_live(before):
                    continue
                text = at.to_text()
                start = game.from_text(text)  # searched as the puzzle will start
                found = self.solve(start, FOUR, budget=BUDGET_FOUR)
                if found is None or found[0] != FOUR:
                    continue
                p = self._puzzle(start, text, before, before.to_text(), mistake, seed, found, BUDGET_FOUR)
                if p is not None and p.id not in seen:
                    seen.add(p.id)
                    made += 1
                    here += 1
                    yield p
