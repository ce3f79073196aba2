"""Saves and games: making a save, recording moves in it, and replaying it.

A save is (game id, seats, options, seed, actions); the position is never stored,
it is rebuilt by replaying the actions, so a save is small and always agrees with
the rules that made it.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from functools import lru_cache
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from saves.model import FORMAT, SaveError, SaveFile, Seat

if TYPE_CHECKING:  # the registry's type only: saves imports core late (games())
    from core.engine import AnyGame, AnyState


def games() -> Mapping[str, AnyGame]:
    """The game registry, `core.GAMES` (imported late, so that importing saves never
    fails or slows down because of one game)."""
    import core

    return core.GAMES


def now_iso() -> str:
    """The time now as an ISO-8601 UTC string, to the microsecond (sorts as text)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@lru_cache(maxsize=1)
def local_minute(stamp: str, short: bool = False) -> str:
    """A save's UTC time stamp as local time, to the minute ("2026-11-29 10:00").
    `short` (the saves list's column, 12 wide): "29 Nov 10:00" this year, the date
    alone before."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return stamp[:12] if short else stamp[:16]
    if short:
        return moment.strftime("%d %b %H:%M" if moment.year == datetime.now().year else "%Y-%m-%d")
    return moment.strftime("%Y-%m-%d %H:%M")


def app_version() -> str:
    """The installed version of Houses, or "unknown" when running from a bare tree:
    the one version string (written in every save, and `houses --version`)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("houses")
    except PackageNotFoundError:
        return "unknown"


def new_id(game_id: str) -> str:
    """A fresh save id: game, UTC date and time, and 4 random hex digits, e.g.
    "dash-20261129-121314-ab12". Ids sort by game, then by the time they were made."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"{game_id}-{stamp}-{secrets.token_hex(2)}"


def file_name(save_id: str) -> str:
    return f"{save_id}.json"


def _game(game_id: str, where: str) -> Any:
    game = games().get(game_id)
    if game is None:
        raise SaveError(f"{where} is for a game this version of Houses does not have: {game_id!r}.")
    return game


def _seat(seat: Any) -> Seat:
    if isinstance(seat, Seat):
        return Seat(seat.name, seat.kind, seat.level)
    return msgspec.convert(seat, Seat)


def new_save(game_id: str, seats: list[Any], options: Any = None, seed: int = 0) -> SaveFile:
    """A new save for a game about to start: no actions yet, a fresh id.

    `seats` is a list of `Seat` (or dicts with name, kind, level); `options` the
    game's Options struct, a dict of its fields, or None for the defaults. Raises
    ValueError for an unknown game, a wrong number of seats or bad options.
    """
    game = games().get(game_id)
    if game is None:
        raise ValueError(f"There is no game {game_id!r}.")
    seat_list = [_seat(s) for s in seats]
    game.check_seats(len(seat_list))
    if options is None or isinstance(options, dict):
        try:
            options = game.options_from_builtins(options)
        except msgspec.ValidationError as e:
            raise ValueError(f"Bad options for {game.title}: {e}.") from None
    stamp = now_iso()
    return SaveFile(
        format=FORMAT,
        app_version=app_version(),
        game=game_id,
        seats=seat_list,
        options=game.options_to_builtins(options),
        seed=int(seed),
        actions=[],
        cursor=0,
        created=stamp,
        updated=stamp,
        over=False,
        summary=f"{game.title}, new game",
        id=new_id(game_id),
    )


def record(
    save: SaveFile,
    action: Any,
    *,
    over: bool | None = None,
    summary: str | None = None,
    state: AnyState | None = None,
) -> None:
    """Record `action` (a game Action, or its builtins) as the next move.

    It goes in at the cursor; any redo tail after the cursor is dropped. `over`
    and `summary` are set when given; with `state` (the position after the action)
    `over` is taken from `state.over` unless given. Does not write the file: call
    `Store.write(save)` after (autosave).
    """
    game = _game(save.game, "This save")
    data = action if isinstance(action, dict) else game.action_to_builtins(action)
    del save.actions[save.cursor :]
    save.actions.append(data)
    save.cursor = len(save.actions)
    if over is None and state is not None:
        over = bool(state.over)
    if over is not None:
        save.over = over
    if summary is not None:
        save.summary = summary


def _name(save: SaveFile) -> str:
    return f"Save '{file_name(save.id)}'" if save.id else "This save"


def decode_actions(save: SaveFile, where: str | None = None) -> list[Any]:
    """The save's actions as the game's Action structs. SaveError if the game is
    unknown or an action is not one of that game's actions."""
    where = where or _name(save)
    game = _game(save.game, where)
    out = []
    convert = game.action_from_builtins
    for i, data in enumerate(save.actions, 1):
        try:
            out.append(convert(data))
        except (msgspec.ValidationError, TypeError, ValueError) as e:
            raise SaveError(
                f"{where} holds a move that {game.title} does not know: move {i} ({e}). "
                "It was left as it is.",
                move=i,
            ) from None
    return out


def _apply_one(state: AnyState, action: Any, data: Any, i: int, where: str) -> None:
    """Apply move `i` (0-based) of a save; SaveError naming it if it cannot be made."""
    from core.engine import IllegalAction

    try:
        state.apply(action)
    except IllegalAction as e:
        raise SaveError(
            f"{where} no longer replays: move {i + 1} ({_what(state, action, data)}) "
            f"cannot be made: {e.reason}",
            move=i + 1,
        ) from None
    except Exception as e:  # data the engine did not expect: a bad file, not a crash
        raise SaveError(
            f"{where} no longer replays: move {i + 1} ({data}) cannot be made "
            f"({type(e).__name__}: {e})",
            move=i + 1,
        ) from None


def _what(state: AnyState, action: Any, data: Any) -> str:
    try:
        return state.describe(action)
    except Exception:  # a describe that cannot cope with an illegal action
        return str(data)
