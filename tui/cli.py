"""The `houses` command line (docs/architecture.md, "The command line").

Sub-commands that print (saves, rules, --version) never start Textual, so they stay
fast and work in a pipe. The app's layer knows no host: `houses serve ...` is a
`Command` the host adds, and a host's database of players' saves is opened by the
`open_documents` the host gives, both wired by the `houses` command itself
(houses/cli.py).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, NoReturn, Sequence

import msgspec

from tui.start import NewGame, OpenPuzzle, Resume, Start, StartHome


@dataclass(frozen=True)
class Command:
    """A sub-command another layer adds to `houses` (the host's `serve`): how it adds
    its parser to the sub-commands, and how it runs once parsed (its exit status)."""

    name: str
    add_parser: Callable[[Any], None]
    run: Callable[[argparse.Namespace], int]

class Refused(Exception):
    """A command line asked for something that cannot be: said in one line on
    stderr, status 2, the app not opened."""


def refuse(message: str) -> NoReturn:
    raise Refused(message)


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_option_flags(parser: argparse.ArgumentParser, game) -> None:
    """One flag per field of a game's Options struct, described with the form's
    label, its allowed values and its default (checked by `new_game_spec`)."""
    from core.engine import describe_choices

    for field in msgspec.structs.fields(game.Options):
        flag, default, label = _flag(field.name), field.default, game.option_label(field.name)
        what = game.option_help.get(field.name, "")
        what = f" ({what})" if what else ""
        if field.type is bool:
            parser.add_argument(flag, dest=f"opt_{field.name}", action=argparse.BooleanOptionalAction, default=None,
                                help=f"{label}{what}: on or off (default: {'on' if default else 'off'})")
            continue
        choices = game.option_choices.get(field.name)
        allowed = describe_choices(choices) if choices else ("a whole number" if field.type is int else "text")
        metavar = "{" + ",".join(map(str, choices)) + "}" if choices and field.type is str else (
            "N" if field.type is int else "TEXT")
        parser.add_argument(flag, dest=f"opt_{field.name}", default=None, metavar=metavar,
                            help=f"{label}{what}: {allowed} (default: {default})")


class _Parser(argparse.ArgumentParser):
    """argparse, except that --help and --version into a closed pipe are not silently
    taken for success (the BrokenPipeError reaches closed_pipe_ends_quietly), and a
    mistake is one line in words with status 2, not a usage block."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        refuse(f"{message[:1].upper()}{message[1:]}. See '{self.prog} --help'.")


def build_parser(with_games: bool = True, commands: Sequence[Command] = ()) -> argparse.ArgumentParser:
    """The parser; `with_games=False` leaves out the per-game flags of `new`, which
    import the game engines (the plain `houses` start need not pay for them);
    `commands` are added after the app's own (houses/cli.py: `serve`)."""
    from core import GAMES
    from core.ai import LEVELS
    from core.engine import MAX_SEED, describe_seats
    from saves.game import app_version
    from tui.games import how_many, playable

    parser = _Parser(prog="houses", description=f"{how_many().capitalize()} house games in the terminal.")
    parser.add_argument("--version", action="version", version=f"houses {app_version()}")
    parser.add_argument("--ascii", action="store_true", default=None, help="draw with ASCII characters only")
    sub = parser.add_subparsers(dest="command")

    new = sub.add_parser("new", help="start a new game")
    games = new.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in (GAMES[gid] for gid in (playable() if with_games else ())):
        g = games.add_parser(game.id, help=f"{game.title}, for {describe_seats(game.seats)}",
                             description=f"A new game of {game.title}, for {describe_seats(game.seats)}.")
        lo, hi = game.seats.start, game.seats.stop - 1
        g.add_argument("--seats", default=None, metavar="N",
                       help=f"players: {lo}" + (f" to {hi}" if hi != lo else "") + " (default: the fewest)")
        g.add_argument("--seed", default=None, metavar="N",
                       help=f"deal number (the game ID shown on screen): 0 to {MAX_SEED} (default: random)")
        if not game.cooperative:
            g.add_argument("--bots", default="", metavar="LEVELS",
                           help=f"levels of the computer players, comma-separated, each one of {', '.join(LEVELS)}: "
                           "they take the last seats, the rest are people (default: none)")
        else:  # accepted only to be refused in words (a game of people only)
            g.add_argument("--bots", default="", help=argparse.SUPPRESS)
        _add_option_flags(g, game)

    resume = sub.add_parser("resume", help="resume the newest unfinished game, or the one named")
    resume.add_argument("save_id", nargs="?", default=None, metavar="SAVE", help="a save's name, as `houses saves` lists it")
    sub.add_parser("saves", help="list saved games (no TUI)")
    puzzle = sub.add_parser("puzzle", help="solve puzzles: one by its id, or the next of a game",
                            description="The puzzles: rated puzzles of each game that has them, and one a "
                            "day. With an id, that puzzle (ids are the same on every install); with "
                            "--game, the next puzzle of that game near your puzzle rating.")
    puzzle.add_argument("puzzle_id", nargs="?", default=None, metavar="ID", help="a puzzle's id, e.g. as shared by a friend")
    puzzle.add_argument("--game", default=None, metavar="GAME",
                        help="the next puzzle of this game (its id or title)")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", metavar="GAME", help="one of: " + ", ".join(playable()) + " (or the game's title)")
    for command in commands:
        command.add_parser(sub)
    return parser


def _whole(text: str, what: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        refuse(f"{what} must be a whole number, not {text!r}.")


def new_game_spec(args: argparse.Namespace) -> NewGame:
    """The new game (`NewGame`: game id, seats, seed, options) from parsed `houses new` arguments;
    Refused, in the form's words, for anything the game would not start with."""
    import saves
    from core import GAMES
    from core.ai import LEVELS
    from core.engine import describe_seats, parse_seed

    game = GAMES[args.game]
    levels = [s.strip() for s in getattr(args, "bots", "").split(",") if s.strip()]
    if levels and game.cooperative:
        refuse(f"{game.title} is played by people only: it has no computer players (--bots).")
    for level in levels:
        if level not in LEVELS:
            refuse(f"There is no bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    count = _whole(args.seats, "The number of players (--seats)") if args.seats is not None else max(
        game.seats.start, 1 + len(levels))
    if count not in game.seats:
        refuse(f"{game.title} is for {describe_seats(game.seats)}, not {count}.")
    if len(levels) >= count:
        refuse("At least one seat must be a person: give fewer --bots or more --seats.")
    humans = count - len(levels)
    seats = [saves.Seat(name=f"Player {i + 1}" if humans > 1 else "You", kind="human", level=None) for i in range(humans)]
    seats += [saves.Seat(name=f"{level.title()} bot {humans + i + 1}", kind="bot", level=level)
              for i, level in enumerate(levels)]
    values: dict[str, Any] = {}
    for field in msgspec.structs.fields(game.Options):
        value = getattr(args, f"opt_{field.name}")
        if value is not None and field.type is int:
            value = _whole(value, f"{game.option_label(field.name)} ({_flag(field.name)})")
        if value is not None:
            values[field.name] = value
    try:
        options = msgspec.convert(values, game.Options)
    except msgspec.ValidationError as exc:
        refuse(f"{game.title} cannot start with these options: {exc}.")
    problem = game.check_options(options)
    if problem:
        refuse(f"{problem} See 'houses new {game.id} --help'.")
    try:
        seed = parse_seed(args.seed) if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    except ValueError as exc:
        refuse(str(exc).replace("The deal number", "The deal number (--seed)", 1))
    return NewGame(game.id, seats, seed, options)


def puzzle_spec(args: argparse.Namespace) -> OpenPuzzle:
    """What `houses puzzle [ID | --game G]` opens; Refused for an unknown id or a
    game without puzzles."""
    from core import GAMES
    from core.puzzles import by_id
    from tui.puzzles.catalogue import games_with_puzzles

    with_puzzles = games_with_puzzles()
    named = ", ".join(GAMES.info(gid).title for gid in with_puzzles) or "none yet"
    if args.puzzle_id is not None and args.game is not None:
        refuse("Give a puzzle's id or --game, not both.")
    if args.puzzle_id is not None:
        puzzle = by_id(args.puzzle_id)
        if puzzle is None or puzzle.game not in with_puzzles:
            refuse(f"There is no puzzle {args.puzzle_id!r}: a puzzle id is its game's letters, a dash and six more, as the puzzle shows it (HR-VHU232).")
        return OpenPuzzle(puzzle_id=puzzle.id)
    if args.game is not None:
        found = game_named(args.game)
        if found is None or found not in with_puzzles:
            refuse(f"There are no puzzles for {args.game!r}; the games with puzzles: {named}.")
        return OpenPuzzle(game_id=found)
    return OpenPuzzle()


def resume_spec(store, save_id: str | None) -> Resume:
    """The save to resume (None: the newest unfinished), one that opens; Refused saying why not."""
    import saves

    if save_id is None:
        if store.newest_unfinished() is None:
            refuse("There is no unfinished game to resume; 'houses saves' lists the saved games.")
        return Resume(None)
    try:
        store.load(save_id)
    except saves.SaveError as exc:
        refuse(f"Cannot resume {save_id!r}: {exc}")
    return Resume(save_id)


def print_saves(store) -> int:
    good, bad = store.scan()
    if not good and not bad:
        print(f"No saved games in {store.root}.")
        return 0
    from saves.game import local_minute

    rows = [("SAVE", "LAST PLAYED", "STATE", "GAME")]
    rows += [(s.id, local_minute(s.updated), "finished" if s.over else "in play" if s.actions else "not started",
              s.summary) for s in good]
    rows += [(u.id or str(u.path), "", "unreadable", u.message) for u in bad]
    # Columns as wide as their longest entry, so they line up whatever the ids are.
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])
    return 0


def _plain(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def game_named(name: str) -> str | None:
    """The id of the playable game called `name`: its id or its title, in any case
    and spacing (DASH, town 77, House Rules), or a title's last word when only
    one game ends so (Skirmish)."""
    from core import GAMES
    from tui.games import playable

    wanted = _plain(name)
    if not wanted:
        return None
    for gid in playable():
        if wanted in (_plain(gid), _plain(GAMES.info(gid).title)):
            return gid
    last = [gid for gid in playable() if _plain(GAMES.info(gid).title.split()[-1]) == wanted]
    return last[0] if len(last) == 1 else None


def print_rules(game_id: str) -> int:
    """`houses rules GAME`: the text on stdout; an unknown game or a missing file is
    said on stderr with a non-zero status, so a script notices."""
    from core import GAMES
    from tui.games import playable
    from tui.rules import RulesMissing, for_players, read_rules

    found = game_named(game_id)
    if found is None:
        games = ", ".join(f"{gid} ({GAMES.info(gid).title})" for gid in playable())
        print(f"houses rules: there is no game called {game_id!r}; the games are {games}.", file=sys.stderr)
        return 2
    try:
        text = for_players(read_rules(found))
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


def main(argv: list[str] | None = None, commands: Sequence[Command] = (),
         open_documents: Callable[[str], Any] | None = None) -> int:
    """`houses`: `commands` are other layers' sub-commands, `open_documents` the host's
    documents for a player's saves in its database (both given by houses/cli.py)."""
    try:
        return _main(sys.argv[1:] if argv is None else argv, commands, open_documents)
    except Refused as exc:
        print(f"houses: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str], commands: Sequence[Command], open_documents: Callable[[str], Any] | None) -> int:
    with closed_pipe_ends_quietly():  # --help, --version, rules, saves print
        args = build_parser(with_games="new" in argv, commands=commands).parse_args(argv)
        if args.command == "rules":
            return print_rules(args.game)
        if args.command == "saves":
            import saves

            return print_saves(saves.Store())

    for command in commands:
        if args.command == command.name:
            return command.run(args)

    import saves

    try:
        store = saves.open_store(open_documents)
    except saves.SaveError as exc:
        refuse(str(exc))
    start: Start
    if args.command == "new":
        start = new_game_spec(args)
    elif args.command == "resume":
        start = resume_spec(store, args.save_id)
    elif args.command == "puzzle":
        start = puzzle_spec(args)
    else:
        start = StartHome()

    from tui.app import HousesApp

    from tui import lifecycle

    lifecycle.leave(lifecycle.run(HousesApp(store, ascii=args.ascii, start=start), store.root))
    return 0  # (not reached)


if __name__ == "__main__":
    raise SystemExit(main())
