"""The Icehouse Dash screen driven by keys: hints, the footer, marks, the help legend."""

from __future__ import annotations

import saves
from core import GAMES
from core.engine import lines_to_wire
from host import protocol as p
from tui_support import make_app, settle, status, wait_for
from tui.start import NewGame, Resume

SIZE = (80, 24)
SEED = 4242


def dash_app(store, seed: int = SEED, options=None, **kwargs):
    you = [saves.Seat(name="You")]
    options = options if options is not None else GAMES["dash"].Options()
    return make_app(store, start=NewGame("dash", you, seed, options), **kwargs)


async def test_hint_key_shows_a_hint_and_picks_its_card_and_side(store):
    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await wait_for(pilot, lambda: not pilot.app.screen.hint_thinking)
        assert app.screen is screen  # no crash, still in the game
        line = status(app)
        assert line.startswith("Hint"), line
        assert "enter plays it" in line
        assert screen.card in screen.state.hands[0]
        assert screen.side in "NESW"
        await pilot.press("enter")  # playing the hinted move by keys
        await pilot.pause()
        assert screen.save.cursor == 1


def footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [key.description for key in app.screen.query(FooterKey)]


async def test_hint_is_not_in_the_footer_once_the_game_is_over(store):
    from tui_support import dash_save, losing_line, put_save

    line = losing_line(SEED)
    put_save(store, dash_save(SEED, line[:-1], "dash-20261129-100000-llll"))
    app = make_app(store, start=Resume("dash-20261129-100000-llll"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Hint" in footer_keys(app)
        app.screen.submit(line[-1])
        await pilot.pause()
        await pilot.press("escape")  # the game-over dialog: see the board
        await pilot.pause()
        assert app.screen.game_id == "dash" and app.screen.state.over
        assert "Hint" not in footer_keys(app)


async def test_town_solo_hint_is_not_in_the_footer_once_the_game_is_over(store):
    from test_town import solo_app

    app, line = solo_app(store, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Hint" in footer_keys(app)
        for action in line:
            app.screen.submit(action)
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.game_id == "town" and app.screen.state.over
        assert "Hint" not in footer_keys(app)


# -- today's puzzle: resume, not a fresh start ---------------------------------------------


def notes(app) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_todays_puzzle_resumes_todays_unfinished_deal(store):
    from test_flows import play_first_legal

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")  # today's puzzle from home
        await pilot.pause()
        first = app.screen.save.id
        await play_first_legal(pilot, 2)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("t")  # again: the same game, at move 2
        await pilot.pause()
        assert app.screen.game_id == "dash"
        assert app.screen.save.id == first
        assert app.screen.save.cursor == 2
        assert "move 2" in notes(app)
    assert [s.id for s in store.list()] == [first]


async def test_todays_puzzle_finished_starts_again_and_says_so(store):
    from core.dash import daily_seed
    from tui_support import TODAY, dash_save, losing_line, put_save

    seed = daily_seed(TODAY)
    options = GAMES["dash"].Options(winnable=True)
    state = GAMES["dash"].new(1, seed, options)
    line = []
    while not state.over:  # the first legal play each time: a quick loss
        action = state.legal_actions()[0]
        state.apply(action)
        line.append(action)
    put_save(store, dash_save(seed, line, "dash-20261129-090000-done", options=options))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_for(pilot, lambda: "already finished today's" in notes(app))  # (a busy machine: later)
        screen = app.screen
        assert screen.game_id == "dash" and screen.save.id != "dash-20261129-090000-done"
        assert screen.save.cursor == 0


async def test_todays_town_solo_resumes_todays_unfinished_deal(store):
    from core.town.solo import daily_seed
    from test_town import town_save
    from tui_support import TODAY, put_save

    seed = daily_seed(TODAY)
    state = GAMES["town"].new(1, seed)
    line = []
    for _ in range(3):
        action = state.legal_actions()[0]
        state.apply(action)
        line.append(action)
    put_save(store, town_save(["human"], seed, line, "town-20261129-090000-part"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_daily("town")
        await pilot.pause()
        assert app.screen.game_id == "town"
        assert app.screen.save.id == "town-20261129-090000-part"
        assert app.screen.save.cursor == 3
        assert "move 3" in notes(app)


# -- what the screen shows ------------------------------------------------------------------


def winning_resume(store, moves_left: int = 3, **kwargs):
    from tui_support import dash_save, put_save, winning_line

    line = winning_line(SEED)
    options = GAMES["dash"].Options(winnable=True)
    put_save(store, dash_save(SEED, line[:-moves_left], "dash-20261129-100000-wwww", options=options))
    return make_app(store, start=Resume("dash-20261129-100000-wwww"), **kwargs), line


def board_lines(app) -> list[str]:
    board = app.screen.query_one("#board")
    return [board.render_line(y).text for y in range(board.size.height)]


def test_tree_mark_is_no_suit_glyph():
    from tui.glyphs import ASCII, UNICODE

    for table in (UNICODE, ASCII):
        suits = {table[f"suit_{s}"] for s in "CDHS"}
        assert table["tree"] not in suits
        assert table["tree"].lower() not in {s.lower() for s in suits}


def test_standing_trees_are_read_from_the_board():
    from tui.games.dash.screen import standing_trees

    stacks = {"a1": [("R", 3), ("R", 2), ("R", 1)], "b2": [("K", 3), ("G", 3), ("G", 2), ("G", 1)],
              "c3": [("B", 3), ("B", 2)], "d4": [("Y", 3), ("Y", 1), ("Y", 2)]}
    assert standing_trees(stacks) == {"R": "a1", "G": "b2"}


async def test_a_standing_tree_is_marked_beside_its_top_piece(store):
    app, _ = winning_resume(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        tree = app.glyphs["tree"]
        from tui.games.dash.screen import standing_trees

        standing = list(standing_trees(screen.shown().stacks))
        assert standing, "the position should have a tree"
        text = "\n".join(board_lines(app))
        for colour in standing:
            assert f"{colour}1{tree}" in text
        assert text.count(tree) == len(standing)


async def test_a_card_laid_west_keeps_a_gap_before_the_rank_numbers(store):
    app, _ = winning_resume(store)  # cards have been laid at every side by now
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from rich.cells import cell_len

        for side in ("#side-W", "#side-E"):
            label = app.screen.query_one(side)
            lines = str(label.render()).split("\n")
            assert lines[-1], f"{side} should show the last card laid there"
            assert max(cell_len(line) for line in lines) < label.size.width, side


async def test_the_log_writes_cards_as_the_hand_does(store):
    for ascii, card in ((False, "♦"), (True, "d")):
        app, line = winning_resume(store, ascii=ascii)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            log = str(app.screen.query_one("#log").render())
            played = line[-4].card  # the move before the three left
            assert played[0] + app.glyphs["suit_" + played[1]] in log
            assert played not in log.split(), log


async def test_a_winnable_deal_shows_a_number_that_gives_it_back(store):
    app, _ = winning_resume(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#dash-title").render())
        assert "deal 4242 winnable" in title
        assert "deal 4242 winnable" in app.screen.summary()
    from tui.cli import build_parser, new_game_spec

    spec = new_game_spec(build_parser().parse_args(["new", "dash", "--seed", "4242", "--winnable"]))
    assert spec.seed == 4242 and spec.options.winnable


async def test_the_side_prompt_fits_80_columns(store):
    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        status = app.screen.query_one("#status")
        text = str(status.render())
        assert "west" in text
        assert len(text) <= status.content_region.width


async def test_an_illegal_move_reason_is_shown_whole(store):
    from tui.games.dash.screen import cell_of, square_of

    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1", "right")
        await pilot.pause()
        bad = next(sq for sq, (dest, _) in screen.preview.items() if dest is None)
        board = screen.query_one("#board")
        board.cursor = cell_of(bad)
        await pilot.press("enter")
        await pilot.pause()
        status = screen.query_one("#status")
        text = str(status.render())
        reason = screen.preview[square_of(board.cursor)][1]
        assert reason in text
        region = status.content_region
        assert len(text) <= region.width * region.height
        assert screen.save.cursor == 0


async def test_a_large_terminal_gets_a_larger_board(store):
    app = dash_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert board.size.width >= 70 and board.size.height >= 30
        side = app.screen.query_one("#dash-side")
        assert side.region.right <= 120 and side.size.width >= 30
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: board.size.width <= 44)
        assert board.size.width <= 44 and board.size.height == 17
        assert side.region.x >= board.region.right


async def test_help_explains_the_marks_of_the_dash_screen(store):
    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        source = app.screen.query_one("#help-text").source
        assert "## On the screen" in source
        for mark in (app.glyphs["tree"], "•", "×", "'", "*", "`r2`"):
            assert mark in source, mark


async def test_keys_typed_ahead_go_where_the_move_has_got_to(store):
    """Over SSH a card key and an arrow often arrive in one read: the arrow must
    choose the side, not move the hand's cursor (focus moves at once, not later)."""
    from textual import events

    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        app.post_message(events.Key("1", "1"))
        app.post_message(events.Key("left", None))
        # both keys read (on busy cores one pause may return before the second arrives);
        # an arrow taken by the hand's cursor would leave no side chosen, and fail here
        await wait_for(pilot, lambda: screen.side is not None, timeout=5, what="the arrow to choose a side")
        assert screen.card == screen.state.hands[0][0]
        assert screen.side == "W"


async def test_no_hint_where_the_deal_is_hidden(store):
    """A shared table of two people opened without hints: the hint is not offered,
    and `t` does nothing; nor can the deal be restarted there (`r` would replay a
    local copy of the deal)."""
    from tui.tables.screens import table_screen

    class Client:  # the table's connection: nothing is sent in this test
        screens: dict = {}

        def leave(self, code):
            pass

    game = GAMES["dash"]
    state = game.new(2, SEED)
    for _ in range(3):  # three moves made at the table
        state.apply(state.legal_actions()[0])
    msg = p.Table(code="ABCD", seat=state.to_move, away=[], game="dash",
                  seats=[p.SeatInfo("ann"), p.SeatInfo("bob")], last=None, id="", created="",
                  options={}, seed=SEED, cursor=3, view=state.view(state.to_move).to_text(),
                  log=lines_to_wire(state.log))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(Client(), msg)
        assert screen.state.is_view()
        app.push_screen(screen)
        await pilot.pause()
        assert "Hint" not in footer_keys(app)
        assert "Restart" not in footer_keys(app)
        await pilot.press("t", "r")
        await settle(pilot)
        assert not app.workers  # no hint search started
        assert app.screen is screen and app.is_running
        assert screen.save.cursor == 3 and screen.state.is_view()


async def test_a_team_game_names_the_player_to_move_once(store):
    seats = [saves.Seat(name=f"Player {n}") for n in (1, 2, 3, 4)]
    app = make_app(store, start=NewGame("dash", seats, 77, GAMES["dash"].Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        who = f"Player {app.screen.state.to_move + 1}"
        line = status(app)
        assert line.startswith(f"{who}: Play a card"), line
        assert line.count("Player") == 1, line


async def test_undo_in_a_hidden_hands_game_hands_the_keyboard_back_to_the_player_of_that_move(store):
    from tui.screens.dialogs import HandOverScreen

    seats = [saves.Seat(name="Ann"), saves.Seat(name="Bob")]
    options = GAMES["dash"].Options(hidden_hands=True)
    app = make_app(store, start=NewGame("dash", seats, SEED, options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.save.hints = True  # opened with hints (two people)
        first = screen.state.to_move
        assert screen.submit(screen.state.legal_actions()[0])
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)  # to the other player
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer != first
        await pilot.press("u")  # the other player takes back the first player's move
        await pilot.pause()
        assert screen.state.to_move == first
        assert isinstance(app.screen, HandOverScreen)  # ... and hands the keyboard back
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == first
        await pilot.press("t")  # a hint for the hand on screen, never a crash
        await wait_for(pilot, lambda: not screen.hint_thinking)
        await pilot.pause()
        assert app.screen is screen and screen.card in screen.state.hands[first]
