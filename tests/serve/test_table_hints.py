"""Issue 15: hints at a shared table. A table of several people offers hints only when
it was opened with them (a flag of OpenTable, kept in the table's save); the hint is
worked out in the player's app from the seat's view, and counted there."""

from __future__ import annotations

import msgspec
import pytest

from core import GAMES
from host.tables import TableHost

from peer import Peer
from tui_support import make_app, settle, status, store, wait_for  # noqa: F401  (the fixture)

SIZE = (80, 24)
PEERS: list[Peer] = []  # kept, or a collected connection would close (bob away)


@pytest.fixture
def tables(tmp_path, monkeypatch):
    host = TableHost(tmp_path / "host")
    (tmp_path / "host").mkdir()
    codes = iter(["ABCD", "EFGH"])
    monkeypatch.setattr(host, "new_code", lambda: next(codes))
    monkeypatch.setenv("HOUSES_TABLES", str(host.socket_path))
    monkeypatch.setenv("HOUSES_TABLE_TOKEN", host.token_for("alice"))
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", "0.05")
    return host


def footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [key.description for key in app.screen.query(FooterKey)]


async def alice_at_bobs_table(pilot, tables: TableHost, hints: bool) -> tuple[Peer, object]:
    """bob opens a two-person Dash table (with or without hints) and makes the first
    move; alice joins it by keys: her screen, her turn."""
    bob = await Peer.connect(tables, "bob")
    PEERS.append(bob)
    bob.send(op="open", game="dash", seed=4242, options={}, hints=hints,
             seats=[{"kind": "human"}, {"kind": "human"}])
    first = await bob.get("table")
    state = GAMES["dash"].from_text(first["view"])
    bob.send(op="act", code="ABCD", cursor=0, action=GAMES["dash"].action_to_builtins(state.legal_actions()[0]))
    while (await bob.get("table"))["cursor"] != 1:
        pass
    app = pilot.app
    menu = app.screen.query_one("#menu")
    menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == "tables")
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.screen.query("#table-list")
                   and app.screen.query_one("#table-list").get_option_at_index(0).id == "ABCD", timeout=10)
    await pilot.press("enter")
    await wait_for(pilot, lambda: getattr(app.screen, "code", None) == "ABCD" and app.screen.state.to_move == 1,
                   timeout=10)
    return bob, app.screen


async def test_a_table_opened_with_hints_offers_them_and_counts_them(store, tables):
    await tables.start()
    try:
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bob, screen = await alice_at_bobs_table(pilot, tables, hints=True)
            assert tables.tables["ABCD"].save.hints  # kept with the table
            assert screen.save.hints and "Hint" in footer_keys(app)
            await pilot.press("t")
            await wait_for(pilot, lambda: screen.last_hint is not None, timeout=10)
            hint = screen.last_hint
            assert hint.action in screen.state.legal_actions() and status(app).startswith("Hint (")
            assert app._table_client.hints_used == {"ABCD": 1}
            await pilot.press("enter")  # plays it: the move goes to the host
            while (update := await bob.get("table"))["cursor"] != 2:
                pass
            assert GAMES["dash"].action_from_builtins(update["last"]["action"]) == hint.action
    finally:
        await tables.stop()


async def test_a_table_of_people_opened_without_hints_has_none(store, tables):
    await tables.start()
    try:
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            _, screen = await alice_at_bobs_table(pilot, tables, hints=False)
            assert not tables.tables["ABCD"].save.hints
            assert "Hint" not in footer_keys(app)
            await pilot.press("t")
            await settle(pilot)  # a hint, had one started, would be done by now
            assert screen.last_hint is None and not screen.hint_thinking
    finally:
        await tables.stop()


def test_the_open_table_form_sends_the_hints_flag(store, tables):
    """The flag on the wire: OpenTable carries it, and an older app's message
    (without it) opens a table without hints."""
    from host import protocol as p

    sent = p.OpenTable(game="dash", seats=[p.SeatRequest("human"), p.SeatRequest("human")], hints=True)
    assert msgspec.json.decode(msgspec.json.encode(sent), type=p.AnyMessage).hints is True
    old = b'{"op": "open", "game": "dash", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    assert msgspec.json.decode(old, type=p.AnyMessage).hints is False


async def test_the_open_table_form_opens_a_table_with_hints(store, tables):
    from textual.widgets import Select

    await tables.start()
    try:
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu")
            menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == "tables")
            await pilot.press("enter")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TablesScreen", timeout=10)
            await pilot.press("o")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TableFormScreen", timeout=10)
            form = app.screen
            form.query_one("#seats", Select).value = 2
            form.query_one("#seat-1", Select).value = "human"  # a seat for another player
            await pilot.pause()
            assert form.query_one("#hints-row").display
            form.query_one("#hints").focus()
            await pilot.press("space", "ctrl+s")
            await wait_for(pilot, lambda: getattr(app.screen, "code", None) == "ABCD", timeout=10)
            assert tables.tables["ABCD"].save.hints and app.screen.save.hints
    finally:
        await tables.stop()


@pytest.mark.parametrize("hints", [0, 2])
async def test_a_finished_table_is_counted_with_the_hints_this_player_saw(store, tables, hints):
    """The host's finished save knows nothing of hints: the player's app adds its own
    count before the table goes into the player's saves and statistics."""
    import saves
    from tui.tables.screens import get_client
    from tui_support import winning_line

    line = winning_line(4242)
    save = saves.new_save("dash", [saves.Seat(name="alice")], {"winnable": True}, 4242)
    for action in line:
        saves.record(save, action)
    save.over = True
    save.id = "dash-table-ABCD"
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        client = get_client(app)
        client.hints_used["ABCD"] = hints
        client.keep(msgspec.to_builtins(save) | {"my_seat": 0})
        app.flush_saves()
    stats = store.read_stats()[0].get("dash")
    assert stats.won == 1 and stats.won_no_hint == (1 if hints == 0 else 0)
    assert store.load("dash-table-ABCD").hints_used == hints
