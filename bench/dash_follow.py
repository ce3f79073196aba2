"""Icehouse Dash: how many winnable deals a player wins by following the coach's
hints alone, from the first move to the last (issue 26).

    nice -n 10 .venv/bin/python bench/dash_follow.py [--deals 20] [--seed 1]
        [--budget 1.0] [--effort N] [--clock cpu] [--jobs 2]

Each deal is a solo winnable deal (`Options(winnable=True)`, seeds seed*1000+k); at
every move the hint (core.ai.coach.hint, from the player's view: the pile order
unseen) is played. Printed: deals won, the trees at the end of each lost deal,
boards gone back to (a move that brings back a board seen before in the same game,
like issue 26's a3-a8-a1-a8), cards laid that moved nothing (the board stays; not
counted as going back), and the seconds a hint.
With `--effort` each hint's work is capped (sampled deals of 100 x effort positions)
so the figure does not depend on the machine's load; the budget stays a ceiling.
With `--jobs N` the deals are played by N processes at once (the same figures: each
hint depends only on its seed and the effort; wall time shorter on a machine with
cores to spare).
With `--lost-at` each lost deal also says after which move the real deal could no
longer be won (the review's `lost_move`, 120 s at most), the cards left in the pile
then, and whether the play that would have kept it winnable went back to a board
seen before ("back") or not ("new").
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import GAMES  # noqa: E402
from core.ai.coach import hint  # noqa: E402
from core.dash.coach import lost_move  # noqa: E402

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def board(state) -> tuple:
    return tuple(sorted((sq, tuple(st)) for sq, st in state.stacks.items()))


def follow(seed: int, budget: float, effort: int | None, clock,
           lost_at: bool = False) -> tuple[bool, int, int, int, list[float], str]:
    """Play deal `seed` by the hints alone: (won, trees at the end, boards gone back
    to, cards laid that moved nothing, hint times, where a lost deal was lost)."""
    if isinstance(clock, str):
        clock = CLOCKS[clock]
    game = GAMES["dash"]
    state = game.new(1, seed, game.Options(winnable=True))
    start = state.clone()
    played: list = []
    seen = {board(state)}
    repeats = stays = 0
    times = []
    move = 0
    while not state.over:
        t = clock()
        got = hint("dash", state.view(0), budget, seed=seed * 1000 + move, effort=effort)
        times.append(clock() - t)
        before = board(state)
        played.append((0, got.action))
        state.play(got.action)
        move += 1
        key = board(state)
        if key == before:
            stays += 1  # a card laid with no pyramid moved: the board stays
        elif key in seen:
            repeats += 1  # back to a board seen before
        seen.add(key)
    won = bool(state.outcome.winners)
    where = lost_where(start, played) if lost_at and not won else ""
    return won, len(state.trees), repeats, stays, times, where


def lost_where(start, played: list) -> str:
    """After which move the real deal was lost, the pile then, and whether the play
    that kept it winnable there went back to a board seen before."""
    found = lost_move(start, played, budget_s=120.0)
    if found is None:
        return "; lost at no move proven"
    index, better = found  # move index + 1 lost the deal; `better` kept it winnable
    state = start.clone()
    boards = {board(state)}
    for _, action in played[:index]:
        state.play(action)
        boards.add(board(state))
    after = state.clone()
    after.play(better)
    back = board(after) != board(state) and board(after) in boards
    return f"; lost after move {index + 1} with {len(state.pile)} in the pile, the winning play {'back' if back else 'new'}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--effort", type=int, default=None)
    ap.add_argument("--clock", choices=tuple(CLOCKS), default="wall")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--lost-at", action="store_true")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}; {args.deals} deals, budget {args.budget:g} s, "
          f"effort {args.effort}, clock {args.clock}, jobs {args.jobs}", flush=True)
    won = repeats = stays = 0
    times: list[float] = []
    lost_trees = []
    seeds = [args.seed * 1000 + k for k in range(args.deals)]
    play = functools.partial(follow, budget=args.budget, effort=args.effort, clock=args.clock,
                             lost_at=args.lost_at)
    from multiprocessing import Pool

    pool = Pool(args.jobs) if args.jobs > 1 else None
    results = pool.imap(play, seeds) if pool else map(play, seeds)  # in seed order, printed as they end
    for seed, (w, trees, rep, stay, t, where) in zip(seeds, results):
        won += w
        repeats += rep
        stays += stay
        times += t
        if not w:
            lost_trees.append(trees)
        print(f"deal {seed}: {'won' if w else f'lost at {trees}/5 trees'}, {len(t)} moves, "
              f"{rep} boards gone back to, {stay} cards laid moving nothing{where}", flush=True)
    if pool:
        pool.close()
        pool.join()
    print(f"won {won}/{args.deals} ({100 * won / args.deals:.0f}%); boards gone back to {repeats}; "
          f"cards laid moving nothing {stays}; "
          f"trees in lost deals {lost_trees}; hint p50 {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s; load average after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
