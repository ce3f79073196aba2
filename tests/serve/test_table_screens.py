"""The tables screens in the app itself (no SSH): the app talks to a table host in the
same event loop; the other player is a plain socket client."""

from __future__ import annotations

import pytest

from core import GAMES
from host import protocol as p
from host.tables import TableHost
from tui.tables.seat import SeatMatch

from peer import Peer
from tui_support import make_app, settle, status, store, wait_for  # noqa: F401  (the fixture)

SIZE = (80, 24)


@pytest.fixture
def tables(tmp_path, monkeypatch):
    host = TableHost(tmp_path / "host")
    (tmp_path / "host").mkdir(exist_ok=True)
    codes = iter(["ABCD", "EFGH", "JKLM"])
    monkeypatch.setattr(host, "new_code", lambda: next(codes))
    monkeypatch.setenv("HOUSES_TABLES", str(host.socket_path))
    monkeypatch.setenv("HOUSES_TABLE_TOKEN", host.token_for("alice"))
    return host


PEERS: list[Peer] = []  # kept, or a collected connection would close (bob away)


async def bob_opens_dash(host: TableHost) -> Peer:
    bob = await Peer.connect(host, "bob")
    PEERS.append(bob)
    bob.send(op="open", game="dash", seed=4242, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    await bob.get("table")
    return bob


async def to_tables(pilot) -> None:
    """From the home menu to the tables screen, listing at least one table."""
    from tui.tables.screens import TablesScreen

    menu = pilot.app.screen.query_one("#menu")
    index = next(i for i, o in enumerate(menu.options) if o.id == "tables")
    menu.highlighted = index
    await pilot.press("enter")

    def listed() -> bool:
        screen = pilot.app.screen
        return (isinstance(screen, TablesScreen) and screen.query_one("#table-list").option_count > 0
                and screen.query_one("#table-list").get_option_at_index(0).id != "none")

    await wait_for(pilot, listed, timeout=10, what="the tables screen listing a table")


async def join(pilot, code: str = "ABCD") -> object:
    """Enter on the highlighted table: the seat's screen at `code`, its board drawn."""
    await pilot.press("enter")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "code", None) == code
                   and pilot.app.screen.query("#status"), timeout=10, what=f"alice's seat at table {code}")
    return pilot.app.screen


def test_the_tables_list(snap_compare, store, tables):
    async def before(pilot):
        await tables.start()
        await bob_opens_dash(tables)
        await to_tables(pilot)
        await settle(pilot)

    assert snap_compare(make_app(store), terminal_size=SIZE, run_before=before)


def test_seated_at_a_dash_table(snap_compare, store, tables):
    async def before(pilot):
        await tables.start()
        await bob_opens_dash(tables)
        await to_tables(pilot)
        await join(pilot)  # ABCD, seat 2
        await wait_for(pilot, lambda: "waiting for bob" in status(pilot.app), what="'waiting for bob' said")
        await settle(pilot)

    assert snap_compare(make_app(store), terminal_size=SIZE, run_before=before)


async def test_moves_go_both_ways(store, tables):
    await tables.start()
    try:
        bob = await bob_opens_dash(tables)
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await to_tables(pilot)
            screen = await join(pilot)
            assert screen.seat == 1 and "waiting for bob" in status(app)
            # Not alice's turn: the list of moves (m) is hidden like every key of the game, a move is refused.
            assert screen.check_action("moves", ()) is False
            # bob plays; alice's screen follows.
            msg = await bob.get("table")
            state = GAMES["dash"].from_text(msg["view"])
            bob.send(op="act", code="ABCD", cursor=0, action=GAMES["dash"].action_to_builtins(state.legal_actions()[0]))
            await wait_for(pilot, lambda: screen.save.cursor == 1, timeout=10, what="bob's move on alice's screen")
            assert screen.last_seat == 0
            assert screen.state.to_move == 1
            # alice plays from the list of moves; bob hears of it.
            await pilot.press("m")
            await wait_for(pilot, lambda: app.screen is not screen, timeout=10, what="the list of moves")
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.save.cursor == 2, timeout=10, what="alice's move made")
            while (update := await bob.get("table"))["cursor"] != 2:
                pass
            assert update["last"]["seat"] == 1
            # alice leaves for home: bob sees her away.
            await pilot.press("q")
            while 1 not in (await bob.get("table"))["away"]:
                pass
    finally:
        await tables.stop()


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_player_not_to_move_is_shown_no_key_of_the_game(store, tables, game_id):
    """Issue 13: the player waiting saw "e End turn". While another seat is to move,
    the footer offers only keys that are no move (Home, zones, help, the palette)."""
    from textual.widgets._footer import FooterKey

    import saves

    game = GAMES[game_id]
    seats = [saves.Seat(name="bob", kind="human"), saves.Seat(name="alice", kind="human")]
    options = game.options_to_builtins(game.Options())
    seed = next(s for s in range(4242, 4300) if saves.replay(saves.new_save(game_id, seats, options, s)).to_move == 0)
    await tables.start()
    try:
        bob = await Peer.connect(tables, "bob")
        PEERS.append(bob)
        bob.send(op="open", game=game_id, seed=seed, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        await bob.get("table")
        app = make_app(store)
        async with app.run_test(size=(120, 40)) as pilot:
            await to_tables(pilot)
            screen = await join(pilot)
            await settle(pilot)  # the footer follows the screen's bindings
            assert screen.seat == 1 and screen.state.to_move == 0
            shown = {key.action for key in screen.query(FooterKey)}
            assert shown <= {"home", "zone(1)", "command_palette", "help"}, shown
            assert "home" in shown
    finally:
        await tables.stop()


async def test_a_hosted_player_is_offered_no_screenshot(store, monkeypatch):
    """Issue 13: the palette's Screenshot wrote into the host user's ~/Downloads and
    named a host path; on a host it is not offered."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Screenshot" in [c.title for c in app.get_system_commands(app.screen)]
        monkeypatch.setenv("HOUSES_PLAYER", "alice")
        titles = [c.title for c in app.get_system_commands(app.screen)]
    assert "Screenshot" not in titles and "New game" in titles


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_at_a_table_is_the_games_own_screen_playing_a_seat_match(game_id):
    """Issue 14: no screen class is built at run time for a table; the game's own
    screen is given a match whose moves go to the host."""
    import saves
    from tui.games import screen_class
    from tui.tables.screens import table_screen

    game = GAMES[game_id]
    state = game.new(2, 4242, game.Options())
    msg = p.Table(code="ABCD", seat=1, away=[], game=game_id, seed=4242, cursor=0,
                  seats=[p.SeatInfo("ann"), p.SeatInfo("bob")], last=None, id="", created="",
                  options=game.options_to_builtins(game.Options()), view=state.view(1).to_text(), log=[])
    sent = []

    class Client:
        screens: dict = {}

        def act(self, code, cursor, action, game_id):
            sent.append((code, cursor, action))

    screen = table_screen(Client(), msg)
    assert type(screen) is screen_class(game_id)
    assert isinstance(screen.match, SeatMatch) and screen.seat == 1 and screen.code == "ABCD"
    assert screen.match.result() is None  # the host counts a table, never the seat
    if state.to_move == 1:
        action = state.legal_actions()[0]
        screen.match.play(action)
        assert sent == [("ABCD", 0, action)]
