"""Whole flows driven by keys through Textual's Pilot: new game, moves, quit,
resume at the same position, undo and redo, a saves folder that cannot be written."""

from __future__ import annotations

import os

import pytest

import saves
from core import GAMES
from tui_support import dash_save, make_app, put_save, wait_for
from tui.start import NewGame, Resume

SIZE = (80, 24)


def board_text(app) -> str:
    return app.screen.shown().to_text()


async def play_first_legal(pilot, times: int = 1) -> None:
    """Play the first legal move by keys: card, side, then walk the cursor to the piece."""
    from tui.games.dash.screen import cell_of

    for _ in range(times):
        screen = pilot.app.screen
        action = screen.state.legal_actions()[0]
        index = screen.state.hands[screen.state.to_move].index(action.card)
        await pilot.press(str(index + 1))
        await pilot.press({"N": "up", "E": "right", "S": "down", "W": "left"}[action.side])
        board = screen.query_one("#board")
        row, col = cell_of(action.src)
        cur_row, cur_col = board.cursor
        keys = ["down" if row > cur_row else "up"] * abs(row - cur_row)
        keys += ["right" if col > cur_col else "left"] * abs(col - cur_col)
        await pilot.press(*keys, "enter")
        await pilot.pause()


async def test_new_game_moves_quit_resume_same_position(store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the new-game form, Dash is the first game
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "dash"
        await play_first_legal(pilot, 3)
        assert screen.save.cursor == 3
        position = board_text(app)
        save_id = screen.save.id
        await pilot.press("q")  # home: the game is already saved
        await pilot.pause()
        app.flush_saves()
    assert store.load(save_id).cursor == 3

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # "Continue" is the first entry
        await pilot.pause()
        assert app.screen.save.id == save_id
        assert board_text(app) == position


async def test_undo_and_redo_by_keys(store):
    app = make_app(store, start=NewGame("dash", [saves.Seat("You")], 99, GAMES["dash"].Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = board_text(app)
        await play_first_legal(pilot, 2)
        after_two = board_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.save.cursor == 1
        await pilot.press("u")
        await pilot.pause()
        assert board_text(app) == start
        await pilot.press("ctrl+r", "ctrl+r")
        await pilot.pause()
        assert board_text(app) == after_two
        app.flush_saves()
        assert store.load(app.screen.save.id).cursor == 2


async def test_illegal_move_is_refused_with_its_reason(store):
    app = make_app(store, start=NewGame("dash", [saves.Seat("You")], 99, GAMES["dash"].Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.state
        bad = next((c, s, sq) for c in state.hands[0] for s in "NESW" for sq in state.top_squares()
                   if state.target(c, s, sq)[0] is None)
        from core.dash import Play

        assert screen.submit(Play(*bad)) is False
        status = str(screen.query_one("#status").render())
        assert "cannot move" in status
        assert screen.save.cursor == 0


async def test_unwritable_saves_folder_is_reported_and_play_goes_on(store, tmp_path):
    if os.geteuid() == 0:
        # root ignores folder permissions: make the saves path a file instead
        store.saves_dir.parent.mkdir(parents=True, exist_ok=True)
        store.saves_dir.write_text("not a folder")
    else:
        store.saves_dir.mkdir(parents=True)
        store.saves_dir.chmod(0o500)
    app = make_app(store, start=NewGame("dash", [saves.Seat("You")], 99, GAMES["dash"].Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_first_legal(pilot, 1)
        app.flush_saves()
        await pilot.pause()
        assert app.screen.save.cursor == 1  # the move stands
        messages = [n.message for n in app._notifications]
        assert any("Play goes on" in m for m in messages)


async def test_corrupt_save_is_listed_and_kept(store):
    store.saves_dir.mkdir(parents=True)
    bad = store.saves_dir / "dash-20261129-100000-zzzz.json"
    bad.write_text("{ not json")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")  # Saved games
        await pilot.pause()
        detail = str(app.screen.query_one("#saves-detail").render())
        assert "Unreadable" in detail
        await pilot.press("x")  # delete is not offered for an unreadable file
        await pilot.pause()
    assert bad.read_text() == "{ not json"


async def test_resume_of_a_finished_game_opens_replay_not_play(store):
    from tui_support import losing_line

    put_save(store, dash_save(5, losing_line(5), "dash-20261129-100000-dddd"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")
        await pilot.pause()
        assert app.screen.replay
        end = app.screen.replay_at
        await pilot.press("home")
        await pilot.pause()
        assert app.screen.replay_at == 0
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.replay_at == end


@pytest.mark.parametrize("width,height", [(79, 24), (80, 23)])
async def test_too_small_notice_comes_and_goes(store, width, height):
    from tui.screens.too_small import TooSmallScreen

    app = make_app(store)
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not isinstance(app.screen, TooSmallScreen))


async def test_too_small_notice_when_the_terminal_shrinks_in_play(store):
    from tui.screens.too_small import TooSmallScreen

    app = make_app(store, start=NewGame("dash", [saves.Seat("You")], 99, GAMES["dash"].Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
        assert app.screen.game_id == "dash"


async def test_theme_choice_is_remembered(store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await pilot.pause()
        app.flush_saves()
    assert store.load_settings().theme == "nord"
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "nord"


async def test_command_palette_offers_the_app_commands(store):
    from textual.command import CommandList, CommandPalette

    from tui.screens.stats import StatsScreen

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")  # the palette as a player opens it, listing its commands
        titles = ("New game", "Continue", "Saves", "Statistics", "Daily Dash", "Home")

        def listed() -> str:
            if not isinstance(app.screen, CommandPalette):
                return ""
            commands = app.screen.query_one(CommandList)
            return "\n".join(str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count))

        await wait_for(pilot, lambda: all(title in listed() for title in titles), timeout=10)
        await pilot.press(*"statis")
        await wait_for(pilot, lambda: listed().startswith("Statistics"), timeout=10)
        await pilot.press("enter")  # the command runs
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), timeout=10)


async def test_daily_deal_is_one_key_from_home_and_the_same_for_the_day(store):
    from core.dash import daily_seed

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.game_id == "dash"
        assert app.screen.save.seed == daily_seed(app.today)
        assert app.screen.save.options["winnable"] is True


async def test_replay_arrows_step_through_the_moves(store):
    from tui_support import losing_line

    line = losing_line(5)
    put_save(store, dash_save(5, line, "dash-20261129-100000-eeee"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")
        await pilot.pause()
        assert app.screen.replay_at == len(line)
        await pilot.press("left", "left")
        await pilot.pause()
        assert app.screen.replay_at == len(line) - 2
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.replay_at == len(line) - 1


async def test_a_bad_move_ahead_of_the_cursor_is_refused_not_a_crash_on_redo(store):
    """A save whose kept redo move is damaged ('ZZ' is not a card): it is refused when
    opened, with the move named, and the file is kept; redo never meets it."""
    from tui_support import losing_line

    save = dash_save(5, losing_line(5)[:4], "dash-20261129-100000-ffff")
    save.actions[2]["card"] = "ZZ"
    save.cursor = 2
    put_save(store, save)
    path = store.saves_dir / f"{save.id}.json"
    before = path.read_bytes()
    app = make_app(store, start=Resume(save.id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("move 3" in m and "left as it is" in m for m in messages), messages
        assert getattr(app.screen, "game_id", None) is None  # not opened
        await pilot.press("s")  # shown as unreadable in the saves browser when highlighted
        await pilot.pause()
        assert "move 3" in str(app.screen.query_one("#saves-detail").render())
        await pilot.press("enter", "r")  # neither resumes nor replays it
        await pilot.pause()
        assert getattr(app.screen, "game_id", None) is None
        assert "BAD" in [str(c) for c in app.screen.query_one("#saves-table").get_row_at(0)]
    assert path.read_bytes() == before

    app = make_app(store)  # Continue on the home screen: refused with the reason
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert getattr(app.screen, "game_id", None) is None
        assert any("move 3" in n.message for n in app._notifications)
    assert path.read_bytes() == before


async def test_bots_make_the_same_moves_from_the_same_save(store):
    """A bot's dice are seeded by the position (saves.match.BotTurn.seed): the same
    save opened twice gets the same opening from an easy bot (whose choices are
    random), on each of a few deals."""
    from tui_support import game_save, resume_app

    def first_move(seed: int, run: int):
        return game_save("house-rules", ["easy", "human"], seed, [], f"bot-first-{seed}-{run}")

    openings = {}
    for seed in (11, 12, 13):
        for run in range(2):
            app = resume_app(store, first_move(seed, run))
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                screen = app.screen
                await wait_for(pilot, lambda: screen.state.to_move == 1 and screen._bot_token is None)
                openings.setdefault(seed, []).append(list(screen.save.actions))
    assert all(first and first == again for first, again in openings.values()), openings
