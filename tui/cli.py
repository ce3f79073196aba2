"""The `houses` command line (docs/architecture.md, "The command line").

Sub-commands that print (saves, rules, --version) never start Textual, so they stay
fast and work in a pipe.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from contextlib import contextmanager
from typing import Any, Iterator

import msgspec

def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_option_flags(parser: argparse.ArgumentParser, options_type: type) -> None:
    """One flag per field of a game's Options struct, from its type and default."""
    for field in msgspec.structs.fields(options_type):
        flag, default = _flag(field.name), field.default
        if field.type is bool:
            parser.add_argument(flag, dest=f"opt_{field.name}", action=argparse.BooleanOptionalAction, default=None,
                                help=f"(default: {'on' if default else 'off'})")
        else:
            kind = int if field.type is int else str
            parser.add_argument(flag, dest=f"opt_{field.name}", type=kind, default=None,
                                help=f"(default: {default})")


class _Parser(argparse.ArgumentParser):
    """argparse, except that --help and --version into a closed pipe are not silently
    taken for success: the BrokenPipeError reaches closed_pipe_ends_quietly."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            (file or sys.stderr).write(message)


def build_parser(with_games: bool = True) -> argparse.ArgumentParser:
    """The parser; `with_games=False` leaves out the per-game flags of `new`, which
    import the game engines (the plain `houses` start need not pay for them)."""
    from core import GAMES
    from saves.game import app_version
    from tui.games import playable

    parser = _Parser(prog="houses", description="Four house games in the terminal.")
    parser.add_argument("--version", action="version", version=f"houses {app_version()}")
    parser.add_argument("--ascii", action="store_true", default=None, help="draw with ASCII characters only")
    sub = parser.add_subparsers(dest="command")

    new = sub.add_parser("new", help="start a new game")
    games = new.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in (GAMES[gid] for gid in (playable() if with_games else ())):
        g = games.add_parser(game.id, help=game.title)
        g.add_argument("--seats", type=int, default=None, help=f"players ({game.seats.start}-{game.seats.stop - 1})")
        g.add_argument("--seed", type=int, default=None, help="deal number (the game ID shown on screen)")
        if not game.cooperative:
            g.add_argument("--bots", default="", help="levels of the computer players, e.g. easy,hard: "
                           "they take the last seats, the rest are human")
        _add_option_flags(g, game.Options)

    resume = sub.add_parser("resume", help="resume the newest unfinished game, or the one named")
    resume.add_argument("save_id", nargs="?", default=None)
    sub.add_parser("saves", help="list saved games (no TUI)")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", metavar="GAME", help="one of: " + ", ".join(playable()))
    from host.cli import add_serve_parser

    add_serve_parser(sub)
    return parser


def new_game_spec(args: argparse.Namespace) -> tuple:
    """("new", game_id, seats, seed, options) from parsed `houses new` arguments."""
    import saves
    from core import GAMES
    from core.ai import LEVELS

    game = GAMES[args.game]
    levels = [s.strip() for s in getattr(args, "bots", "").split(",") if s.strip()]
    for level in levels:
        if level not in LEVELS:
            raise SystemExit(f"houses: unknown bot level {level!r}; use {', '.join(LEVELS)}")
    count = args.seats if args.seats is not None else max(game.seats.start, 1 + len(levels))
    if count not in game.seats:
        raise SystemExit(f"houses: {game.title} is for {game.seats.start} to {game.seats.stop - 1} players")
    if len(levels) >= count:
        raise SystemExit("houses: at least one seat must be human")
    humans = count - len(levels)
    seats = [saves.Seat(name=f"Player {i + 1}" if humans > 1 else "You", kind="human", level=None) for i in range(humans)]
    seats += [saves.Seat(name=f"{level.title()} bot {humans + i + 1}", kind="bot", level=level)
              for i, level in enumerate(levels)]
    values: dict[str, Any] = {}
    for field in msgspec.structs.fields(game.Options):
        value = getattr(args, f"opt_{field.name}")
        if value is not None:
            values[field.name] = value
    try:
        options = msgspec.convert(values, game.Options)
    except msgspec.ValidationError as exc:
        raise SystemExit(f"houses: bad option: {exc}") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    return ("new", game.id, seats, seed, options)


def print_saves(store) -> int:
    good, bad = store.scan()
    if not good and not bad:
        print(f"No saved games in {store.root}.")
        return 0
    for s in good:
        state = "finished" if s.over else "in play"
        print(f"{s.id:40} {s.updated[:16].replace('T', ' '):17} {state:9} {s.summary}")
    for u in bad:
        print(f"{u.id:40} {'':17} {'UNREADABLE':9} {u.message}")
    return 0


def print_rules(game_id: str) -> int:
    """`houses rules GAME`: the text on stdout; an unknown game or a missing file is
    said on stderr with a non-zero status, so a script notices."""
    from core import GAMES
    from tui.games import playable
    from tui.rules import RulesMissing, read_rules

    if game_id not in playable():
        games = "\n".join(f"  {gid:12} {GAMES[gid].title}" for gid in playable())
        print(f"houses rules: no game called {game_id!r}. The games are:\n{games}", file=sys.stderr)
        return 2
    try:
        text = read_rules(game_id)
    except RulesMissing as exc:
        print(f"houses rules: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0


@contextmanager
def closed_pipe_ends_quietly() -> Iterator[None]:
    """Printing into a pipe whose reader has gone (`houses saves | head -1`) ends the
    program quietly with the status a Unix tool killed by SIGPIPE has (141), not with
    a traceback. Python ignores SIGPIPE, so the closed pipe shows as BrokenPipeError."""
    try:
        try:
            yield
        finally:
            sys.stdout.flush()  # the last buffered lines fail here, not at exit
    except BrokenPipeError:
        try:  # Python flushes stdout again at exit: let that write go nowhere
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        raise SystemExit(128 + signal.SIGPIPE) from None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    with closed_pipe_ends_quietly():  # --help, --version, rules, saves print
        args = build_parser(with_games="new" in argv).parse_args(argv)
        if args.command == "rules":
            return print_rules(args.game)
        if args.command == "saves":
            import saves

            return print_saves(saves.Store())

    if args.command == "serve":
        from host.cli import run_serve

        return run_serve(args)

    import saves

    store = saves.open_store()
    if args.command == "new":
        start = new_game_spec(args)
    elif args.command == "resume":
        start = ("resume", args.save_id)
    else:
        start = ("home",)

    from tui.app import HousesApp

    from tui import lifecycle

    lifecycle.leave(lifecycle.run(HousesApp(store, ascii=args.ascii, start=start), store.root))
    return 0  # (not reached)


if __name__ == "__main__":
    raise SystemExit(main())
