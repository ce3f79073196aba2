"""The game-over dialog, local and at a shared table: every key it names does what it
says (issue 22: at a table "q home" only closed the dialog). The app reaches the table as a player
does, through the tables screen, so the connection to the host is the one that screen
made; each key is pressed on a fresh table."""

from __future__ import annotations

import re

import pytest

from core import GAMES
from host.tables import TableHost
from tui.screens.game_over import GameOverScreen

from peer import Peer
from tui_support import make_app, store, wait_for, winning_line  # noqa: F401  (the fixture)

SIZE = (80, 24)
SEED = 4242


@pytest.fixture
def tables(tmp_path, monkeypatch):
    host = TableHost(tmp_path / "host")
    (tmp_path / "host").mkdir(exist_ok=True)
    codes = (f"T{i:03d}" for i in range(100))
    monkeypatch.setattr(host, "new_code", lambda: next(codes))
    monkeypatch.setenv("HOUSES_TABLES", str(host.socket_path))
    monkeypatch.setenv("HOUSES_TABLE_TOKEN", host.token_for("alice"))
    return host


def named_keys(dialog) -> dict[str, str]:
    """What the dialog's key line names: {key: what it says it does}."""
    markup = str(dialog.query_one(".dialog-keys").content)
    found = {k: v.strip() for k, v in re.findall(r"\[b\](\w+)\[/b\] ([a-z ]+)", markup)}
    assert found, markup
    return found


async def to_tables(pilot) -> None:
    from tui.tables.screens import TablesScreen

    menu = pilot.app.screen.query_one("#menu")
    menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == "tables")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TablesScreen), timeout=10)


async def finish_a_table(pilot, tables, watcher: bool):
    """alice at a Dash deal won to the end, seated (she plays it) or watching bob play
    its last play (he played the rest before she came, to save time); the game-over
    dialog up. Returns the game screen."""
    from tui.tables.screens import get_client
    import saves

    app = pilot.app
    await to_tables(pilot)
    client = get_client(app)
    await wait_for(pilot, lambda: client.connected, timeout=10)
    before = set(tables.tables)
    line = winning_line(SEED)
    if watcher:
        bob = await Peer.connect(tables, "bob")
        bob.send(op="open", game="dash", seed=SEED, options={"winnable": True}, seats=[{"kind": "human"}])
        code = (await bob.get("table"))["code"]
        for i, action in enumerate(line[:-1]):  # bob's deal, to its last play, before alice watches
            bob.send(op="act", code=code, cursor=i, action=GAMES["dash"].action_to_builtins(action))
        await bob.until(lambda msg: msg["cursor"] == len(line) - 1, what="bob's plays")
        await pilot.press("r")  # refresh the list: the table is there to watch
        await wait_for(pilot, lambda: code in app.screen.rows, timeout=10)
        await pilot.press("w")
    else:
        client.open_table("dash", [saves.Seat(name="alice", kind="human")], SEED, GAMES["dash"].Options(winnable=True))
        await wait_for(pilot, lambda: set(tables.tables) - before, timeout=10)
        code = next(iter(set(tables.tables) - before))
    await wait_for(pilot, lambda: getattr(app.screen, "code", None) == code, timeout=10)
    screen = app.screen
    for i, action in enumerate(line):
        if watcher and i < len(line) - 1:
            continue  # played before alice came
        if watcher:
            bob.send(op="act", code=code, cursor=i, action=GAMES["dash"].action_to_builtins(action))
        else:
            assert screen.submit(action)
        await wait_for(pilot, lambda: screen.save.cursor == i + 1, timeout=10)
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=10)
    return screen


def did(app, screen, says: str) -> bool:
    from tui.games.base import GameScreen
    from tui.screens.home import HomeScreen
    from tui.screens.new_game import NewGameScreen

    top = app.screen
    if says == "home":
        return isinstance(top, HomeScreen)
    if says == "new game":
        return isinstance(top, NewGameScreen)
    if says == "replay":
        return isinstance(top, GameScreen) and top is not screen and top.replay and top.save.cursor == screen.save.cursor
    if says == "the board":
        return top is screen
    if says == "review":
        from tui.screens.review import ReviewWork

        return isinstance(top, ReviewWork) or getattr(top, "review_notes", None) is not None
    raise AssertionError(f"the dialog names a key this test does not know: {says}")


@pytest.mark.parametrize("watcher", [False, True], ids=["seated", "watching"])
async def test_every_key_a_tables_game_over_dialog_names_does_what_it_says(store, tables, watcher):
    await tables.start()
    try:
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await finish_a_table(pilot, tables, watcher)
            keys = named_keys(app.screen)
        assert "q" in keys and keys["q"] == "home"
        assert ("r" in keys) is not watcher  # a watcher has no save of the table to replay
        for key, says in keys.items():
            app = make_app(store)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                screen = await finish_a_table(pilot, tables, watcher)
                await pilot.press(key)
                await wait_for(pilot, lambda: did(app, screen, says), timeout=10)
    finally:
        await tables.stop()


async def finish_locally(pilot):
    """A local Dash deal won to the end; the game-over dialog up. Returns the game screen."""
    from tui.games.base import GameScreen
    import saves

    app = pilot.app
    app.start_game("dash", [saves.Seat(name="alice")], SEED, GAMES["dash"].Options(winnable=True))
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted, timeout=10)
    screen = app.screen
    for action in winning_line(SEED):
        assert screen.submit(action)
        await pilot.pause()
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=10)
    return screen


async def test_every_key_a_local_game_over_dialog_names_does_what_it_says(store):
    import msgspec

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        finished = (await finish_locally(pilot)).save
        keys = named_keys(app.screen)
    assert set(keys) == {"n", "r", "v", "q", "enter"}
    last = GAMES["dash"].action_from_builtins(finished.actions[-1])
    for key, says in keys.items():
        # Each key on a fresh app: the same game resumed one play before its end (the
        # whole game by the screen was played once, above), then the last play.
        one = msgspec.structs.replace(finished, actions=finished.actions[:-1], cursor=finished.cursor - 1,
                                      over=False, id="")
        save_id = store.write(one).stem
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.resume(save_id)
            await wait_for(pilot, lambda: getattr(app.screen, "save", None) is not None
                           and app.screen.save.id == save_id and app.screen.is_mounted, timeout=10)
            screen = app.screen
            assert screen.submit(last)
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=10)
            await pilot.press(key)
            await wait_for(pilot, lambda: did(app, screen, says), timeout=20)
