"""Mine, verify and time a game's puzzles (docs/architecture.md, "Puzzles").

    python tools/puzzles.py mine GAME --seed S --count N [--out FILE] [--moves M]
    python tools/puzzles.py verify GAME [--file FILE] [--sample K]

`mine` asks the game's PuzzleKit for `count` verified puzzles from bot games started
at `seed` (the same seed gives the same puzzles), keeps one of each id, and writes them
sorted by band and rating (default: the game's shipped puzzles.json, merged with what
is there). `verify` re-proves each puzzle of a file. Both print their throughput.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import GAMES  # noqa: E402
from core.puzzles import BANDS, Puzzle, load  # noqa: E402
from core.puzzles.library import FILE  # noqa: E402


def shipped_file(game_id: str) -> Path:
    return ROOT.joinpath(*GAMES.info(game_id).module.split(".")) / FILE


def read(path: Path) -> list[Puzzle]:
    return msgspec.json.decode(path.read_bytes(), type=list[Puzzle]) if path.exists() else []


def write(path: Path, puzzles: list[Puzzle]) -> None:
    order = {band: i for i, band in enumerate(BANDS)}
    puzzles = sorted(puzzles, key=lambda p: (order.get(p.band, len(order)), p.rating, p.id))
    # One puzzle a line: diffs of the shipped file stay readable.
    lines = [msgspec.json.encode(p).decode() for p in puzzles]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n")


def mine(args: argparse.Namespace) -> int:
    kit = GAMES[args.game].puzzle_kit()
    out = Path(args.out) if args.out else shipped_file(args.game)
    kept = {p.id: p for p in read(out)}
    start, made = time.perf_counter(), 0
    # --moves: only wins of that length, for a kit that mines them on their own.
    extra = {"moves": args.moves} if args.moves else {}
    for puzzle in kit.mine(args.seed, args.count, **extra):
        made += 1
        kept[puzzle.id] = puzzle
        write(out, list(kept.values()))  # each puzzle kept at once: a long run may be stopped
        print(f"{made:4} {puzzle.id} {puzzle.band:6} {puzzle.goal} {puzzle.moves} {time.perf_counter() - start:7.1f}s",
              flush=True)
    took = time.perf_counter() - start
    write(out, list(kept.values()))
    rate = made / took * 60 if took else 0.0
    print(f"{made} puzzles in {took:.1f} s ({rate:.1f} a minute); {len(kept)} in {out}")
    tried = getattr(kit, "deals_tried", 0)  # a kit that passes deals over counts them
    if tried:
        print(f"{tried} deals searched for them")
    return 0


def verify(args: argparse.Namespace) -> int:
    kit = GAMES[args.game].puzzle_kit()
    puzzles = read(Path(args.file)) if args.file else list(load(args.game))
    if args.sample:
        puzzles = puzzles[:: max(1, len(puzzles) // args.sample)][: args.sample]
    bad, times = 0, []
    for puzzle in puzzles:
        start = time.perf_counter()
        reason = kit.verify(puzzle)
        times.append(time.perf_counter() - start)
        if reason is not None:
            bad += 1
            print(f"{puzzle.id}: {reason}")
    if times:
        times.sort()
        print(f"{len(times)} verified, {bad} failed; per puzzle: median {times[len(times) // 2] * 1000:.0f} ms, "
              f"max {times[-1] * 1000:.0f} ms, total {sum(times):.1f} s")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine")
    m.add_argument("game", choices=list(GAMES))
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--count", type=int, default=10)
    m.add_argument("--out")
    m.add_argument("--moves", type=int, default=0, help="only puzzles of this length (where the game's kit offers it)")
    v = sub.add_parser("verify")
    v.add_argument("game", choices=list(GAMES))
    v.add_argument("--file")
    v.add_argument("--sample", type=int, default=0)
    args = parser.parse_args()
    return mine(args) if args.command == "mine" else verify(args)


if __name__ == "__main__":
    sys.exit(main())
