"""Icehouse Dash puzzles (issue 24; docs/rules/dash.md, "Puzzles"): "finish the last
tree in N plays", and deal endings with a par.

Puzzles are mined from solo deals the project's solver (core.dash.solver) wins: a
position on its winning line, a few plays from the end, is searched exactly for the
fewest plays that still win (core.dash.puzzle_search, the pile's order known).

- Seeds below PAR_SEEDS: a position is a puzzle when its par line is forced all the
  way: at each play exactly one play keeps the win within the plays left, every
  other play is proved unable to. Otherwise the first position along the par line
  from which the rest is forced is the puzzle. Four trees standing make it a
  'finish' puzzle, fewer a 'par' one.
- Seeds from PAR_SEEDS: 'par' puzzles (fewer than four trees) whose winning lines of
  the fewest plays are all made of one set of plays, in some order (`winning_sets`);
  any order that keeps the par is accepted.
- Seeds from DEAL_SEEDS: 'deal' puzzles, whole deals from the first card whose par
  (the fewest plays that win) the search settles within DEAL_BUDGET positions, with
  the tight bound (`Bounded(tight=True)`); most deals are too big and are passed
  over. The claim is the par alone: the deal is won in N plays and in no fewer; any
  play after which N can still be reached is accepted.

The claim is made for the exact cards: the puzzle shows the draws that can come
during it (`shown`: the next N - 1 cards of the pile, in order); the rest of the
pile is never drawn within N plays and cannot matter.

"One play" is a play up to what it does: two cards of one kind (the same value,
both diamonds or both not) moving the same pyramid to the same square are one play,
and laying a card that moves nothing is one play whichever pyramid and side it is
laid against. `accepts` takes any member of the line's play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from core.dash.actions import Play
from core.dash.cards import DIAMOND, SQUARES, distance, is_tree
from core.dash.puzzle_search import Bounded, TooBig, kind
from core.dash.state import DashState, board_key
from core.puzzles import Puzzle, PuzzleKit, Undecided, puzzle_id

MIN_N = 2  # the shortest puzzle: one forced play is no puzzle
# The shortest puzzles are the most common by far: one in KEEP[n] of n plays is kept.
KEEP = {2: 8, 3: 4, 4: 2}
MAX_BACK = 10  # the farthest from the solver's win a position is taken
# Seeds from PAR_SEEDS mine 'par' puzzles whose plays are one set in any order
# (`_mine_pars`); lower seeds mine lines forced play by play.
PAR_SEEDS = 1000
PAR_MIN_N = 3
# Seeds from DEAL_SEEDS mine whole deals with their par (`_mine_whole`).
DEAL_SEEDS = 2000
DEAL_BUDGET = 20_000  # positions the miner's search of one whole deal may look at
MINE_BUDGET = 20_000  # positions the miner's search of one candidate may look at
VERIFY_BUDGET = 3_000_000  # verify proves again what the miner proved: no real cap
# A whole deal's play off the line is searched while the player waits (the UI thread):
# about 0.2 s at most (docs/performance.md, "Puzzles"); past it the play is Undecided.
JUDGE_BUDGET = 2_000
SOLVE_BUDGET = 20_000  # the solver's budget for a deal's winning line
# A puzzle's rating from its difficulty, and the bands by rating.
EASY_BELOW, HARD_FROM = 1400.0, 1700.0

# A searched move: (kind, wild, side, src, dest), squares by index (puzzle_search).
Move = tuple[str, bool, str, int, int]


def band_of(rating: float) -> str:
    return "easy" if rating < EASY_BELOW else "hard" if rating >= HARD_FROM else "medium"


def rating_of(n: int, choices: list[int], themes: tuple[str, ...]) -> float:
    """A starting rating: more plays, more plays to choose among at each, and the
    harder ideas (a tree taken apart, a card spent, a drawn card) make it harder."""
    spread = sum(math.log2(max(1, c)) for c in choices) / max(1, len(choices))
    extra = sum(w for t, w in _THEME_WEIGHT.items() if t in themes)
    return float(round(min(2100.0, max(900.0, 1000.0 + 170.0 * (n - 2) + 40.0 * (spread - 3.5) + extra))))


_THEME_WEIGHT = {"take a tree apart": 120.0, "spend a card": 60.0, "use the draw": 30.0,
                 "away from the side": 30.0}


def same_play(a: Move, b: Move) -> bool:
    """Whether two searched moves are one play: the same kind of card, and either
    both move nothing or both move the same pyramid to the same square."""
    if a[0] != b[0]:
        return False
    if a[3] == a[4] or b[3] == b[4]:
        return a[3] == a[4] and b[3] == b[4]
    return a[3] == b[3] and a[4] == b[4]


def as_move(state: DashState, play: Play) -> Move:
    """The searched move of a legal `play` in `state`."""
    dest, _ = state.target(play.card, play.side, play.src)
    assert dest is not None
    return kind(play.card), False, play.side, SQUARES.index(play.src), SQUARES.index(dest)


def others_fail(b: Bounded, mv: Move, r: int) -> bool:
    """Whether, at `b`'s position, every play but `mv`'s fails to win within `r`
    plays (raises TooBig past the search's budget)."""
    for other in b.moves():
        if same_play(other, mv):
            continue
        rec = b.do(other)
        # (no undo after TooBig: the search is left mid-line, and dropped)
        wins = b.wins_within(r - 1) is not None
        b.undo(other, rec)
        if wins:
            return False
    return True


class _Many(Exception):
    """A second set of plays wins as fast."""


def _tag(b: Bounded, mv: Move) -> tuple:
    """What a searched move does, order aside: the card kind, and the pyramid moved
    from and to where (or nothing moved)."""
    return (mv[0], b.stacks[mv[3]][-1], mv[3], mv[4]) if mv[3] != mv[4] else (mv[0], -1, -1, -1)


def winning_sets(b: Bounded, r: int, memo: dict) -> set[tuple]:
    """The plays (as `_tag`s, sorted) of every line that wins in exactly `r` plays
    from `b`'s position, `r` its fewest; raises _Many at a second set."""
    if b.need() == 0:
        return {()}
    key = (b.key(), r)
    if key in memo:
        return memo[key]
    out: set[tuple] = set()
    for mv in b.moves():
        tag = _tag(b, mv)
        rec = b.do(mv)
        if b.wins_within(r - 1) is not None:
            for rest in winning_sets(b, r - 1, memo):
                out.add(tuple(sorted((*rest, tag))))
        b.undo(mv, rec)
        if len(out) > 1:
            raise _Many
    memo[key] = out
    return out


class DashPuzzles(PuzzleKit[DashState, Play]):
    prefix: ClassVar[str] = "D"
    version: ClassVar[str] = "1"
    goals: ClassVar[dict[str, str]] = {
        "finish": "Finish the last tree in {n} plays",
        "par": "Win this deal in {n} plays, its par",
        "deal": "Win the whole deal in {n} plays, its par",
    }

    deals_tried = 0  # whole deals the miner searched (`_mine_whole`), kept or not

    def shown(self, state: DashState, puzzle: Puzzle) -> list[str]:
        assert isinstance(state, DashState)
        draws = state.pile[:max(0, puzzle.moves - 1)]
        if not draws:
            return ["No card will be drawn before the last play."]
        return [f"Your next draws, in order: {' '.join(draws)}"]

    def accepts(self, before: DashState, action: Play, puzzle: Puzzle, step: int) -> list[Play] | None:
        """The line's play or another member of it (a card of the same kind, or a card
        that moves nothing laid anywhere): the rest of the line, with the card kept
        in place of the one laid."""
        line = self.line(puzzle)
        if step >= len(line) or not isinstance(before, DashState) or not isinstance(action, Play):
            return None
        want = line[step]
        if action == want:
            return line[step + 1:]
        if before.check(action) is not None or before.check(want) is not None:
            return None
        if same_play(as_move(before, action), as_move(before, want)):
            kept, laid = want.card, action.card
            return [Play(kept, a.side, a.src) if a.card == laid else a for a in line[step + 1:]]
        if puzzle.goal not in ("par", "deal"):
            return None
        # A par's plays may come in another order: any play after which the par is
        # still reached (the rest of a line found anew).
        after = before.clone()
        after.apply(action)
        left = len(line) - step - 1
        if after.over:
            return [] if left == 0 and after.outcome is not None and after.outcome.winners else None
        # First the line itself with the play made earlier (a replay, no search).
        tail = line[step:]
        for j in range(1, len(tail)):
            rest = _replayed(after, tail[:j] + tail[j + 1:], left)
            if rest is not None:
                return rest
        # Then a search; one too big to settle while the player waits (a whole deal's,
        # past JUDGE_BUDGET) is said as such (Undecided), never called a wrong move.
        budget = JUDGE_BUDGET if puzzle.goal == "deal" else VERIFY_BUDGET
        try:
            found = Bounded(after, node_limit=budget, tight=puzzle.goal == "deal").wins_within(left)
        except TooBig:
            raise Undecided("That play may still win, but could not be checked in time.") from None
        if found is None:
            return None
        x = after.clone()
        return [_play_of(x, mv) for mv in found]

    # -- proving ---------------------------------------------------------------

    def verify(self, puzzle: Puzzle) -> str | None:
        if puzzle.goal not in self.goals:
            return f"Unknown goal {puzzle.goal!r}."
        try:
            s = self.game.from_text(puzzle.position)
        except ValueError as e:
            return f"The position does not read: {e}"
        if s.seats != 1 or s.over or s.to_move != puzzle.seat:
            return "The position is not a solo deal with the player to move."
        whole = s.turns == 0 and not any(s.played.values())
        if puzzle.goal == "deal":
            if not whole:
                return "A 'deal' puzzle starts from the first card, nothing played."
        elif (len(s.trees) == 4) != (puzzle.goal == "finish"):
            return "A 'finish' puzzle starts with four trees standing, a 'par' puzzle with fewer."
        n = puzzle.moves
        try:
            line = self.line(puzzle)
        except Exception as e:  # noqa: BLE001 - any bad builtins: say why
            return f"The line does not read: {e}"
        if len(line) != n:
            return f"The line has {len(line)} plays, not {n}."
        # The line wins, play by play as the rules go.
        x, moves = s.clone(), []
        for i, a in enumerate(line):
            why = x.check(a)
            if why is not None:
                return f"Play {i + 1} of the line is not legal: {why}"
            moves.append(as_move(x, a))
            x.apply(a)
            if x.over and i < n - 1:
                return f"The deal ends after play {i + 1}, before the line does."
        if not (x.over and x.outcome is not None and x.outcome.winners):
            return "The line does not stand all five trees."
        # No shorter win, and at each play every other play fails.
        b = Bounded(s, node_limit=VERIFY_BUDGET, tight=puzzle.goal == "deal")
        try:
            if b.wins_within(n - 1) is not None:
                return f"The deal can be won in fewer than {n} plays."
            if puzzle.goal == "deal":
                return None  # the claim is the par alone: N plays win, fewer cannot
            if puzzle.goal == "par":
                winning_sets(b, n, {})  # one set: the line's, which wins
                return None
            for i, mv in enumerate(moves):
                if not others_fail(b, mv, n - i):
                    return f"Play {i + 1} of the line is not the only one that wins in time."
                b.do(mv)
        except _Many:
            return f"Other plays than the line's also win in {n}."
        except TooBig:
            return "The proof needs more positions than the verifier looks at."
        return None

    # -- mining ----------------------------------------------------------------

    def mine(self, seed: int, count: int) -> Iterator[Puzzle]:
        made: set[str] = set()
        deal_no = 0
        while len(made) < count:
            for puzzle in self._mine_deal(seed, deal_no):
                if puzzle.id not in made:
                    made.add(puzzle.id)
                    yield puzzle
                    if len(made) >= count:
                        return
            deal_no += 1

    def _mine_deal(self, seed: int, deal_no: int) -> Iterator[Puzzle]:
        from core.dash.solver import solve

        rng = random.Random(f"dash-puzzles/{seed}/{deal_no}")
        start = self.game.new(1, rng.randrange(1 << 30))
        line = solve(start, SOLVE_BUDGET)
        if line is None:
            return
        if seed >= DEAL_SEEDS:
            yield from self._mine_whole(start, seed)
            return
        if seed >= PAR_SEEDS:
            yield from self._mine_pars(start, line, seed)
            return
        # Positions on one winning line give nested puzzles (a shorter one is the tail
        # of a longer): the longest of each chain, the shortest thinned (KEEP).
        chains: dict[str, list[tuple[DashState, list[Play]]]] = {}
        for back in range(MIN_N, min(MAX_BACK, len(line)) + 1):
            s = start.clone()
            for a in line[:len(line) - back]:
                s.apply(a)
            found = self._forced_end(s, back)
            if found is not None:
                end = found[0].clone()
                for a in found[1]:
                    end.apply(a)
                chain = chains.setdefault(end.to_text(), [])
                if all(len(f[1]) != len(found[1]) for f in chain):
                    chain.append(found)
        for chain in chains.values():
            pick = max(chain, key=lambda f: len(f[1]))
            if rng.randrange(KEEP.get(len(pick[1]), 1)):
                continue
            puzzle = self._puzzle(*pick, seed)
            if puzzle is not None:
                yield puzzle

    def _mine_pars(self, start: DashState, line: list[Play], seed: int) -> Iterator[Puzzle]:
        """'par' puzzles from positions of the solver's line with fewer than four
        trees: the fewest plays win with one set of plays only (in some order); the
        longest of those ending on one board."""
        best: dict[bytes, tuple[DashState, list[Play]]] = {}
        for back in range(PAR_MIN_N, min(MAX_BACK, len(line)) + 1):
            s = start.clone()
            for a in line[:len(line) - back]:
                s.apply(a)
            if len(s.trees) >= 4:
                continue
            b = Bounded(s, node_limit=MINE_BUDGET)
            try:
                found = b.fewest(back)
                if found is None or found[0] < PAR_MIN_N:
                    continue
                winning_sets(b, found[0], {})
            except (TooBig, _Many):
                continue
            x = s.clone()
            plays = [_play_of(x, mv) for mv in found[1]]
            end = board_key(x.stacks)
            if end not in best or len(best[end][1]) < len(plays):
                best[end] = (s, plays)
        for s, plays in best.values():
            puzzle = self._puzzle(s, plays, seed)
            if puzzle is not None:
                yield puzzle

    def _mine_whole(self, start: DashState, seed: int) -> Iterator[Puzzle]:
        """The whole deal from its first card, when the search settles its par within
        DEAL_BUDGET positions."""
        self.deals_tried += 1
        b = Bounded(start, node_limit=DEAL_BUDGET, tight=True)
        try:
            found = b.fewest(len(start.pile) + len(start.hands[0]))
        except TooBig:
            return
        if found is None:
            return
        x = start.clone()
        puzzle = self._puzzle(start, [_play_of(x, mv) for mv in found[1]], seed, goal="deal")
        if puzzle is not None:
            yield puzzle

    def _forced_end(self, s: DashState, most: int) -> tuple[DashState, list[Play]] | None:
        """The position along the par line of `s` (found within `most` plays) from
        which each play is forced to the end, and the line from it; None when the
        forced end is shorter than MIN_N or the search is too big."""
        b = Bounded(s, node_limit=MINE_BUDGET)
        try:
            found = b.fewest(most)
            if found is None:
                return None
            par, moves = found
            recs = [b.do(mv) for mv in moves]
            start = par
            for i in range(par - 1, -1, -1):
                b.undo(moves[i], recs[i])
                if not others_fail(b, moves[i], par - i):
                    break
                start = i
        except TooBig:
            return None
        if par - start < MIN_N:
            return None
        x = s.clone()
        plays = [_play_of(x, mv) for mv in moves]
        y = s.clone()
        for p in plays[:start]:
            y.apply(p)
        return y, plays[start:]

    def _puzzle(self, s: DashState, line: list[Play], seed: int, goal: str = "") -> Puzzle | None:
        position = s.to_text()
        x = self.game.from_text(position)
        n = len(line)
        themes, choices = themes_of(x, line)
        goal = goal or ("finish" if len(x.trees) == 4 else "par")
        themes = ({"finish": "last tree", "par": "par", "deal": "whole deal"}[goal], *themes)
        rating = rating_of(n, choices, themes)
        solution = [self.game.action_to_builtins(a) for a in line]
        puzzle = Puzzle(
            id=puzzle_id(self.prefix, position, solution), game=self.game.info.id, goal=goal, moves=n,
            position=position, seat=0, solution=solution, band=band_of(rating), rating=rating,
            themes=themes, generator=f"{self.game.info.id}/{self.version}", seed=seed)
        return puzzle if self.verify(puzzle) is None else None


def _play_of(s: DashState, mv: Move) -> Play:
    """The play of searched move `mv` at `s`, which it then makes on `s`: the first
    card of the move's kind in hand (so the line is the one the search proved)."""
    k, _wild, side, src, _dest = mv
    card = next(c for c in s.hands[0] if kind(c) == k)
    play = Play(card, side, SQUARES[src])
    s.apply(play)
    return play


def _replayed(after: DashState, plays: list[Play], left: int) -> list[Play] | None:
    """`plays` played from `after` as written, a card not in hand swapped for one of
    its kind in hand: the plays made if all are legal and win within `left`."""
    x, made = after.clone(), list[Play]()
    for p in plays:
        hand = x.hands[0]  # a solo deal
        card = p.card if p.card in hand else next((c for c in hand if kind(c) == kind(p.card)), None)
        if card is None or len(made) == left:
            return None
        play = Play(card, p.side, p.src)
        if x.check(play) is not None:
            return None
        x.apply(play)
        made.append(play)
        if x.over:
            break
    return made if x.over and x.outcome is not None and x.outcome.winners else None


def themes_of(s: DashState, line: list[Play]) -> tuple[tuple[str, ...], list[int]]:
    """What the line teaches, and how many distinct plays there were to choose among
    at each of its plays."""
    themes: list[str] = []
    choices: list[int] = []
    x = s.clone()
    held = set(x.hands[0])
    for play in line:
        choices.append(len(Bounded(x).moves()))
        piece = x.stacks[play.src][-1]
        d = distance(play.card, piece[1])
        if d == 0:
            themes.append("spend a card")
        elif d < 0:
            themes.append("away from the side")
        if play.card[1] == DIAMOND and d:
            themes.append("diamond")
        if play.card not in held:
            themes.append("use the draw")
        if x.tree_squares.get(piece[0]) == play.src:
            themes.append("take a tree apart")
        dest, _ = x.target(play.card, play.side, play.src)
        x.apply(play)
        stack = x.stacks.get(dest or "", [])
        if dest != play.src and len(stack) > 3 and is_tree(stack, piece[0]):
            themes.append("tree on a stack")
    return tuple(dict.fromkeys(themes)), choices
