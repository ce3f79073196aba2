"""Issue 16 in the app (no SSH; the app talks to a table host in its own event loop,
the other players are plain socket clients): watching a table from the Tables screen,
the seated player told who watches, the leaderboards screen, the player's own rating
on the statistics screen, a deal of the day's result sent to the host."""

from __future__ import annotations

import pytest

from core import GAMES

from peer import Peer
from test_table_screens import PEERS, SIZE, tables, to_tables  # noqa: F401  (the fixture)
from tui_support import choose, make_app, settle, status, store, wait_for  # noqa: F401  (the fixture)


async def full_table(host, game_id="house-rules", seed=7) -> tuple[Peer, Peer]:
    """bob and carol at a table ABCD of two: a full table for alice to watch."""
    bob, carol = await Peer.connect(host, "bob"), await Peer.connect(host, "carol")
    PEERS.extend([bob, carol])
    bob.send(op="open", game=game_id, seed=seed, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    await bob.get("table")
    carol.send(op="join", code="ABCD")
    await carol.get("table")
    await bob.get("table")
    return bob, carol


async def watch_from_the_tables_screen(pilot) -> None:
    await to_tables(pilot)
    await pilot.press("w")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "code", None) == "ABCD"
                   and status(pilot.app).startswith("Watching table ABCD"), 10, "alice watching table ABCD")


async def test_a_watcher_sees_the_table_and_cannot_act(store, tables):
    from textual.widgets._footer import FooterKey

    from tui.tables.watch import WatchMatch

    await tables.start()
    try:
        bob, carol = await full_table(tables)
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await watch_from_the_tables_screen(pilot)
            screen = app.screen
            assert isinstance(screen.match, WatchMatch) and screen.viewer is None
            assert status(app).startswith("Watching table ABCD (q leaves): bob to move")
            # bob and carol see alice watching.
            msg = await bob.get("table")
            assert msg["watchers"] == ["alice"]
            # No key that acts is shown; a move that reaches the screen is refused in words.
            shown = {key.action for key in screen.query(FooterKey)}
            assert shown <= {"stop_watching", "zone(1)", "command_palette", "help"}, shown  # q: Leave
            assert screen.check_action("moves", ()) is not True
            state = GAMES["house-rules"].new(2, 7, GAMES["house-rules"].Options())
            assert screen.submit(state.legal_actions()[0]) is False
            assert "You are watching table ABCD" in status(app)
            screen.say("")
            await pilot.press("e")  # HOUSE RULES' End turn: hidden, and refused in words
            assert status(app) == "You are watching table ABCD: only its players move. q leaves."
            # What a board's enter says to a watcher (TOWN 77's board and rack use it too).
            assert screen.wait_words() == "You are watching table ABCD: only its players move. q leaves."
            # bob moves: the watcher's screen follows.
            mine = GAMES["house-rules"].from_text(msg["view"])
            bob.send(op="act", code="ABCD", cursor=0,
                     action=GAMES["house-rules"].action_to_builtins(mine.legal_actions()[0]))
            await wait_for(pilot, lambda: screen.save.cursor == 1, 10)
            host_state = tables.tables["ABCD"].state
            assert screen.state.to_text() == host_state.view(None).to_text()
            assert f"{['bob', 'carol'][host_state.to_move]} to move" in status(app)
            # escape leaves (q too): bob sees nobody watching.
            await pilot.press("escape")
            while (await bob.get("table")).get("watchers", []) != []:
                pass
            assert app.screen.__class__.__name__ == "HomeScreen"
    finally:
        await tables.stop()


async def test_the_seated_player_sees_who_is_watching(store, tables):
    from test_table_screens import bob_opens_dash

    await tables.start()
    try:
        await bob_opens_dash(tables)
        app = make_app(store)
        async with app.run_test(size=(100, 24)) as pilot:
            await to_tables(pilot)
            await pilot.press("enter")  # alice joins seat 2
            await wait_for(pilot, lambda: getattr(app.screen, "code", None) == "ABCD", 10)
            dave = await Peer.connect(tables, "dave")
            PEERS.append(dave)
            dave.send(op="watch", code="ABCD")
            await dave.get("table")
            await wait_for(pilot, lambda: "watching: dave" in status(app), 10)
            assert status(app) == "Table ABCD: waiting for bob. (watching: dave)"
    finally:
        await tables.stop()


def rate_some(host) -> None:
    host.storage.set_ratings("house-rules", "t1", {"alice": (27.0, 5.0), "bob": (31.0, 4.0), "carol": (22.0, 6.5)})
    host.storage.set_ratings("house-rules", "t2", {"bob": (33.0, 3.5)})


@pytest.mark.parametrize("ascii_", [False, True], ids=["unicode", "ascii"])
def test_the_leaderboards_screen(snap_compare, store, tables, ascii_):
    async def before(pilot):
        await tables.start()
        rate_some(tables)
        await choose(pilot, "leaderboards")
        await wait_for(pilot, lambda: pilot.app.screen.query("#board") and
                       pilot.app.screen.query_one("#board").row_count == 3, 10, "three rows on the board")
        await settle(pilot)

    assert snap_compare(make_app(store, ascii=ascii_), terminal_size=SIZE, run_before=before)


def test_the_days_board_with_a_streak(snap_compare, store, tables):
    async def before(pilot):
        await tables.start()
        tables.today = lambda: make_app(store).today
        day = make_app(store).today.isoformat()
        tables.storage.record_daily("bob", "town", day, False, 41, 0, "Architect")
        tables.storage.record_daily("alice", "town", day, False, 30, 2, "Builder")
        from tui.tables.community import LeaderboardsScreen

        await pilot.app.push_screen(LeaderboardsScreen("daily:town"))
        await wait_for(pilot, lambda: pilot.app.screen.query_one("#board").row_count == 2, 10, "two rows on the board")
        await settle(pilot)

    assert snap_compare(make_app(store), terminal_size=SIZE, run_before=before)


async def test_leaderboards_change_board_by_keys_and_mark_my_row(store, tables):
    from tui.tables.community import LeaderboardsScreen

    await tables.start()
    try:
        rate_some(tables)
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            home = app.screen
            menu = home.query_one("#menu")
            assert [o.id for o in menu.options].index("leaderboards") == [o.id for o in menu.options].index("tables") + 1
            await app.push_screen(LeaderboardsScreen())
            screen = app.screen
            board = screen.query_one("#board")
            await wait_for(pilot, lambda: board.row_count == 3, 10)
            rows = [[str(c) for c in board.get_row_at(i)] for i in range(3)]
            assert [r[2] for r in rows] == ["bob", "alice", "carol"]  # by mu - 3 sigma: 22.5, 12, 2.5
            assert [r[0] for r in rows] == [" ", "*", " "]  # alice's own row
            assert "* is you: 12.0 after 1 game." in str(screen.query_one("#board-note").render())
            await pilot.press("right")  # TOWN 77: nobody rated
            await wait_for(pilot, lambda: "Nobody is rated in TOWN 77" in str(screen.query_one("#board-note").render()), 10)
            assert "[TOWN 77]" in str(screen.query_one("#boards").render())
            await pilot.press("left", "left")  # round to the last board (the last game's puzzle of the day, or its day)
            assert screen.board == screen.boards[-1][0]
            await wait_for(pilot, lambda: "No results yet" in str(screen.query_one("#board-note").render())
                           or "Nobody has tried the puzzle of" in str(screen.query_one("#board-note").render()), 10)
            await pilot.press("escape")
            assert app.screen is home
    finally:
        await tables.stop()


async def test_my_rating_on_the_statistics_screen(store, tables):
    from tui.screens.stats import StatsScreen

    await tables.start()
    try:
        rate_some(tables)
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(StatsScreen())
            detail = app.screen.query_one("#stats-detail")
            await wait_for(pilot, lambda: "Rating on this host" in str(detail.render()), 10)
            assert "HOUSE RULES 12.0 (1 game)" in str(detail.render())
    finally:
        await tables.stop()


async def test_a_finished_deal_of_the_day_is_sent_to_the_host(store, tables, monkeypatch):
    """A solo TOWN 77 deal of the day played to its end reaches the host's day board,
    with the tiles placed, the hints asked for and the rank."""
    import random

    from core.town.solo import solo_hint
    from core.town.words import level_for
    from tui_support import TODAY, game_save, put_save

    game = GAMES["town"]
    state, actions, rng = game.new(1, game.daily_seed(TODAY), game.Options()), [], random.Random(5)
    while True:  # today's deal, played up to its last move
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        if after.over:
            break
        state = after
        actions.append(action)
    put_save(store, game_save("town", ["human"], game.daily_seed(TODAY), actions, "town-daily"))
    await tables.start()
    try:
        app = make_app(store)
        monkeypatch.setattr(tables, "today", lambda: app.today)
        async with app.run_test(size=SIZE) as pilot:
            app.start_daily("town")  # carries on with today's deal
            await wait_for(pilot, lambda: getattr(app.screen, "game_id", "") == "town"
                           and app.screen.query("#town-board"), 10)
            screen = app.screen
            await pilot.press("t")  # a hint, thought about in a worker: counted once shown
            await wait_for(pilot, lambda: screen.save.hints_used == 1, 10)
            while not screen.state.over:  # the last move(s), the hint's choice
                assert screen.submit(solo_hint(screen.state))
                await pilot.pause()
            day = app.today.isoformat()
            await wait_for(pilot, lambda: tables.storage.daily_results("town", day), 10)
            [result] = tables.storage.daily_results("town", day)
            placed = screen.state.placed
            assert (result.player, result.moves, result.hints, result.rank) == ("alice", placed, 1, level_for(placed))
            # A game that is not the day's deal is not sent.
            from tui.tables.community import daily_result

            screen.save.seed += 1
            assert daily_result(screen) is None
    finally:
        await tables.stop()
