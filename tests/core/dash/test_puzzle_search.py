"""Icehouse Dash: the exact length-bounded search behind puzzles (core/dash/puzzle_search.py)."""

from __future__ import annotations

import os

import pytest

from core.dash import GAME
from core.dash.actions import Play
from core.dash.cards import SQUARES
from core.dash.puzzle_search import Bounded, kind
from core.dash.solver import solve


def _end_of_a_won_line(seed: int, back: int):
    s = GAME.new(1, seed)
    line = solve(s, 20_000)
    assert line is not None
    for a in line[: len(line) - back]:
        s.apply(a)
    return s


def _replay(state, moves) -> bool:
    s = state.clone()
    for k, _wild, side, src, _dest in moves:
        card = next(c for c in s.hands[0] if kind(c) == k)
        s.apply(Play(card, side, SQUARES[src]))
    return s.over and bool(s.outcome.winners)


def test_fewest_plays_is_proved_and_its_line_wins_when_replayed():
    s = _end_of_a_won_line(0, 8)
    b = Bounded(s)
    par, line = b.fewest(8)
    assert par == 6 and len(line) == 6 and _replay(s, line)
    # the proof: a fresh search finds no line one play shorter
    assert Bounded(s).wins_within(par - 1) is None


def test_an_unknown_pile_only_helps_when_drawn_cards_may_be_played():
    s = _end_of_a_won_line(1, 4)
    known = Bounded(s).fewest(6)
    hand_only = Bounded(s, pile_known=False, play_drawn=False).fewest(6)
    wild = Bounded(s, pile_known=False).fewest(6)
    assert known is not None and wild is not None
    # wild draws are the best cards any pile could give: never slower than the deal's
    assert wild[0] <= known[0]
    assert hand_only is None or hand_only[0] >= wild[0]


# -- the tight bound (Bounded(tight=True), whole-deal puzzles) ---------------------

def _lined(a: int, b: int) -> bool:
    return a != b and (a % 8 == b % 8 or a // 8 == b // 8)


def _colour_alone_wins_within(stacks: list[list[int]], c: int, r: int) -> bool:
    """Brute force of the relaxation the tight bound claims to bound: colour `c`'s
    three pyramids move any distance along a file or rank (one play each move), onto
    an empty square or their own colour's next size up; any other pyramid leaves the
    board for free once on top (it can only be in the way). Whether `c`'s tree can
    stand within `r` moves."""
    own = {c, c + 5, c + 10}
    # what is never above one of c's pyramids leaves at once, the rest as uncovered
    board = [[p for p in st[:max((i + 1 for i, p in enumerate(st) if p in own), default=0)]] for st in stacks]
    for st in board:
        while st and st[-1] not in own:
            st.pop()
    where = {p: sq for sq, st in enumerate(board) for p in st if p in own}
    big, mid = board[where[c]], board[where[c + 5]]
    if where[c] == where[c + 5] == where[c + 10] and big[-3:] == [c, c + 5, c + 10]:
        return True
    if r == 0:
        return False
    for p in own:
        src = where[p]
        if board[src][-1] != p:
            continue
        for dest in range(64):
            if not _lined(src, dest) or (board[dest] and board[dest][-1] != p - 5):
                continue
            if p < 5 and board[dest]:
                continue  # a large lands on an empty square only
            moved = [list(st) for st in board]
            moved[src].pop()
            moved[dest].append(p)
            if _colour_alone_wins_within(moved, c, r - 1):
                return True
    del mid
    return False


def _random_positions(count: int, plays: int):
    """Positions `plays` random legal plays into seeded solo deals (stacks as the
    rules make them)."""
    import random

    rng = random.Random(24)
    out = []
    while len(out) < count:
        s = GAME.new(1, rng.randrange(1 << 20))
        for _ in range(rng.randrange(plays + 1)):
            if s.over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.over:
            out.append(s)
    return out


@pytest.mark.skipif(not os.environ.get("HOUSES_SLOW"), reason="brute force: set HOUSES_SLOW=1")
def test_tight_bound_is_admissible_each_colour_needs_at_least_its_count_of_moves():
    # For every colour of random positions the brute force of the relaxation finds no
    # way to stand the tree in fewer moves than the tight bound counts.
    seen = set()
    for s in _random_positions(12, 12):
        b = Bounded(s, tight=True)
        for c in range(5):
            need = b.colour_need(c)
            seen.add(need)
            assert not _colour_alone_wins_within(b.stacks, c, need - 1), (s.to_text(), c, need)
    assert {2, 3, 4} <= seen  # the bound's values beyond the loose bound's reach (3) are met


def _brute_fewest(b: Bounded, most: int) -> int | None:
    """The fewest plays that win from `b`'s position, at most `most`, by trying every
    line (no bound, no table)."""
    if b.need() == 0:
        return 0
    if most == 0:
        return None
    best = None
    for mv in b.moves():
        rec = b.do(mv)
        sub = _brute_fewest(b, most - 1 if best is None else min(most, best) - 1)
        b.undo(mv, rec)
        if sub is not None and (best is None or sub + 1 < best):
            best = sub + 1
    return best


@pytest.mark.skipif(not os.environ.get("HOUSES_SLOW"), reason="brute force: set HOUSES_SLOW=1")
def test_tight_bound_never_exceeds_the_fewest_plays_and_the_par_is_the_brute_forces():
    # Near the solver's wins the exact fewest plays are small enough to try every line:
    # the tight bound is at most that many, and the search with it finds the same par
    # as every line tried (up to 2 plays) and as the loose bound's search (beyond).
    for seed, back in [(0, 2), (1, 2), (2, 2), (4, 2), (5, 1), (0, 6), (1, 5), (3, 7), (6, 6)]:
        s = _end_of_a_won_line(seed, back)
        exact = _brute_fewest(Bounded(s), 2) if back <= 2 else Bounded(s).fewest(back)[0]
        assert exact is not None
        tight = Bounded(s, tight=True)
        assert tight.need() <= exact
        par, line = tight.fewest(back)
        assert par == exact and _replay(s, line)


def test_tight_bound_starts_a_whole_deal_higher_than_the_loose_one():
    # The deal of seed 0 from its first card: every colour counts 3 with the loose
    # bound; the tight one counts 4 for a colour whose three pyramids share no line.
    s = GAME.new(1, 0)
    assert Bounded(s).need() == 15 and Bounded(s, tight=True).need() == 17
