"""TOWN 77 screen: snapshots at 80x24 of every step of a turn, solo and its end, and
Pilot flows (solo played to the end by keys, resume, exchange, give-back, refusals).

Positions with bots are reached by replaying fixed actions (a seeded script), so no
bot thinks in a picture: every save ends with a person to decide.
"""

from __future__ import annotations

import random

import saves
from core import GAMES
from core.town import CELLS, ChooseStack, Exchange, GiveBack, Keep, Leave, Place, rowcol
from core.town.solo import solo_hint
from core.town.words import level_for
from core.town.state import GIVEBACK, TURN
from tui_support import game_save, make_app, put_save, resume_app, status, wait_for
from tui.start import NewForm, NewGame, Resume

SIZE = (80, 24)
GAME = GAMES["town"]
SOLO_SEED = 219


# -- fixed positions -------------------------------------------------------------------


def pick(state, rng: random.Random):
    """A fixed script's move: some place, mostly keep, sometimes give back."""
    legal = state.legal_actions()
    if state.phase == GIVEBACK:
        gives = [a for a in legal if isinstance(a, GiveBack)]
        return rng.choice(gives) if gives and rng.random() < 0.3 else Keep()
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return rng.choice(places)
    return next((a for a in legal if isinstance(a, Exchange)), Leave())


def script(seats: int, seed: int, moves: int, to: int = 0, phase: str = TURN) -> list:
    """`moves` scripted actions, then more until seat `to` decides in `phase`."""
    state = GAME.new(seats, seed)
    rng = random.Random(seed * 7 + seats)
    line = []
    while not state.over and (len(line) < moves or state.to_move != to or state.phase != phase):
        action = pick(state, rng)
        state.apply(action)
        line.append(action)
    assert not state.over
    return line


def solo_line(seed: int) -> list:
    """The strong strategy's whole solo game on `seed` (the hint key's moves)."""
    state = GAME.new(1, seed)
    line = []
    while not state.over:
        action = solo_hint(state)
        state.apply(action)
        line.append(action)
    return line


def solo_script(seed: int = SOLO_SEED) -> list:
    """A fixed solo game that does not hang on the strategy: stacks in turn, each
    tile in its first legal cell (deal 219 places 23 tiles this way)."""
    state = GAME.new(1, seed)
    line, turn = [], 0
    while not state.over:
        legal = state.legal_actions()
        if isinstance(legal[0], ChooseStack):
            action, turn = legal[turn % len(legal)], turn + 1
        else:
            action = legal[0]
        state.apply(action)
        line.append(action)
    return line


def town_save(kinds: list[str], seed: int, actions: list, save_id: str) -> saves.SaveFile:
    return game_save("town", kinds, seed, actions, save_id)


def two_players(store, moves: int = 6, phase: str = TURN, seed: int = 4, **kwargs):
    save = town_save(["human", "normal"], seed, script(2, seed, moves, phase=phase), "town-20261129-100000-two2")
    return resume_app(store, save, **kwargs)


def five_players(store, **kwargs):
    kinds = ["human", "easy", "normal", "hard", "normal"]
    save = town_save(kinds, 11, script(5, 11, 30), "town-20261129-100000-five")
    return resume_app(store, save, **kwargs)


def solo_app(store, moves: int, seed: int = SOLO_SEED, **kwargs):
    line = solo_script(seed)
    save = town_save(["human"], seed, line[:moves], "town-20261129-100000-solo")
    return resume_app(store, save, **kwargs), line


# -- snapshots -------------------------------------------------------------------------


def test_town_two_players_in_play(snap_compare, store):
    assert snap_compare(two_players(store, moves=9, seed=5), terminal_size=SIZE)


def test_town_five_players_in_play(snap_compare, store):
    assert snap_compare(five_players(store), terminal_size=SIZE)


def test_town_tile_chosen_with_its_cells(snap_compare, store):
    assert snap_compare(two_players(store, moves=9, seed=5), terminal_size=SIZE, press=["2"])


def test_town_refused_cell_shows_why(snap_compare, store):
    # choose a tile, put the cursor on a cell next to the town where it may not go, enter
    async def refuse(pilot):
        screen = pilot.app.screen
        await pilot.press("2")
        state, tile = screen.state, screen.tile
        bad = next(c for i, c in enumerate(CELLS) if state.cells[i] is None and "touch" not in
                   (state.why_not(tile, c) or "touch"))
        screen.board.cursor = rowcol(bad)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(two_players(store, moves=9, seed=5), terminal_size=SIZE, run_before=refuse)


def test_town_exchange(snap_compare, store):
    # deal 4: your first rack holds three Purple tiles
    save = town_save(["human", "normal"], 4, [], "town-20261129-100000-exch")
    assert snap_compare(resume_app(store, save), terminal_size=SIZE, press=["x"])


def stuck_app(store):
    """Deal 64, two players: after 21 scripted moves no tile of yours fits, but three
    Whites may be exchanged (or you leave the game)."""
    save = town_save(["human", "normal"], 64, script(2, 64, 21), "town-20261129-100000-stck")
    return resume_app(store, save)


def test_town_stuck_exchange_or_leave(snap_compare, store):
    assert snap_compare(stuck_app(store), terminal_size=SIZE)


def test_town_give_back_prompt(snap_compare, store):
    assert snap_compare(two_players(store, moves=6, phase=GIVEBACK), terminal_size=SIZE)


def test_town_hand_over(snap_compare, store):
    save = town_save(["human", "human"], 5, script(2, 5, 4, to=0, phase=GIVEBACK), "town-20261129-100000-hand")
    assert snap_compare(resume_app(store, save), terminal_size=SIZE, press=["enter"])


def test_town_solo_in_play(snap_compare, store):
    app, line = solo_app(store, 24)
    assert isinstance(line[23], ChooseStack)
    assert snap_compare(app, terminal_size=SIZE)


def test_town_solo_end_with_level(snap_compare, store):
    app, line = solo_app(store, 0)
    save = app.store.load("town-20261129-100000-solo")

    async def play_out(pilot):
        for action in line:
            pilot.app.screen.submit(action)
            await pilot.pause()

    assert save.cursor == 0
    assert snap_compare(app, terminal_size=SIZE, run_before=play_out)


def test_town_ascii(snap_compare, store):
    assert snap_compare(two_players(store, moves=9, seed=5, ascii=True), terminal_size=SIZE, press=["2"])


# -- flows by keys -----------------------------------------------------------------------


async def place_first_fit_by_keys(pilot) -> Place:
    """Choose the first rack tile that fits (by its number), walk the cursor to its
    first cell with the arrows, press enter. Returns the move made."""
    screen = pilot.app.screen
    state = screen.state
    rack = state.racks[screen.viewer]
    action = next(a for a in state.legal_actions() if isinstance(a, Place))
    await pilot.press(str(rack.index(action.tile) + 1))
    assert screen.tile == action.tile
    row, col = rowcol(action.cell)
    cur_row, cur_col = screen.board.cursor
    keys = ["down" if row > cur_row else "up"] * abs(row - cur_row)
    keys += ["right" if col > cur_col else "left"] * abs(col - cur_col)
    await pilot.press(*keys, "enter")
    await pilot.pause()
    return action


def new_town(store, kinds: list[str], seed: int):
    seats = [saves.Seat(name="You" if k == "human" and kinds.count("human") == 1 else f"Player {i + 1}")
             if k == "human" else saves.Seat(name=f"{k.title()} bot {i + 1}", kind="bot", level=k)
             for i, k in enumerate(kinds)]
    return make_app(store, start=NewGame("town", seats, seed, GAME.Options()))


async def test_solo_played_to_the_end_by_keys(store):
    from tui.screens.game_over import GameOverScreen

    app = new_town(store, ["human"], 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "town" and screen.state.solo
        line = solo_line(5)
        for action in line[:-4]:  # the hint's moves played for the player, to save time,
            assert screen.submit(action)
        await pilot.pause()
        presses = 0
        while not screen.state.over:  # and the last ones by keys
            await pilot.press("t", "enter")  # the hint, then take it
            presses += 1
            assert presses < 20
        await pilot.pause()
        placed = screen.state.placed
        assert screen.save.cursor == len(line)
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert f"Level: {level_for(placed)}" in text
        assert "first TOWN 77 solo result" in text
        await pilot.press("enter")  # see the board
        await pilot.pause()
        assert app.screen is screen
        assert screen.check_action("hint", ()) is False
        app.flush_saves()  # the result was queued at game over, after the save
    stats = store.read_stats()[0].get("town")
    assert stats.played == 1
    assert stats.best["most_tiles_placed"] == placed


async def test_solo_personal_best_is_shown_at_the_end(store):
    line = solo_script()
    placed = 1 + sum(isinstance(a, Place) for a in line)
    earlier = town_save(["human"], SOLO_SEED, line, "town-20261128-100000-done")
    put_save(store, earlier)
    store.record_result(earlier, None, {"most_tiles_placed": float(placed + 3)})
    put_save(store, town_save(["human"], SOLO_SEED, line[:-1], "town-20261129-100000-best"))
    app = make_app(store, start=Resume("town-20261129-100000-best"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.submit(line[-1])
        await pilot.pause()
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert f"Your best: {placed + 3} ({level_for(placed + 3)})" in text


async def test_two_players_moves_quit_resume_same_position(store):
    app = new_town(store, ["human", "easy"], 8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(3):
            await wait_for(pilot, lambda: screen.state.to_move == 0 and screen.state.phase == TURN)
            await place_first_fit_by_keys(pilot)
            assert screen.state.phase == GIVEBACK
            at = screen.save.cursor
            await pilot.press("enter")  # the cursor starts on Keep
            await pilot.pause()
            assert isinstance(GAME.action_from_builtins(screen.save.actions[at]), Keep)
        await wait_for(pilot, lambda: screen.state.to_move == 0)
        position = screen.shown().to_text()
        save_id, cursor = screen.save.id, screen.save.cursor
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    assert store.load(save_id).cursor == cursor

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Continue
        await pilot.pause()
        assert app.screen.save.id == save_id
        assert app.screen.shown().to_text() == position
        assert app.screen.recent  # the last placements are marked again


async def test_exchange_by_keys(store):
    app = new_town(store, ["human", "easy"], 4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("exchange", ()) is True
        await pilot.press("x")
        assert screen.exchanging and len(screen.marked) == 3
        await pilot.press("escape")
        assert not screen.exchanging
        await pilot.press("x", "x")
        await pilot.pause()
        done = GAME.action_from_builtins(screen.save.actions[0])
        assert isinstance(done, Exchange) and set(done.tiles) == {"Pc", "Pf", "Ps"}
        assert len(screen.drawn) == 3
        assert "in the exchange" in str(screen.query_one("#town-turn").render())


async def test_exchange_needs_three_marked(store):
    app = new_town(store, ["human", "easy"], 4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("x", "2")  # unmark the Purple Cottage
        assert len(screen.marked) == 2
        await pilot.press("x")
        assert screen.save.cursor == 0
        assert "three tiles: 2 marked" in status(app)


async def test_exchange_is_not_offered_when_impossible(store):
    app = new_town(store, ["human", "easy"], 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not any(isinstance(a, Exchange) for a in screen.state.legal_actions())
        assert screen.check_action("exchange", ()) is False
        assert screen.check_action("undo", ()) is False
        await pilot.press("x", "u")
        assert not screen.exchanging and screen.save.cursor == 0


async def test_give_back_by_keys(store):
    app = new_town(store, ["human", "easy"], 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await place_first_fit_by_keys(pilot)
        assert screen.state.phase == GIVEBACK
        assert len(screen.drawn) == 1
        assert "You drew" in str(screen.query_one("#town-turn").render())
        give = screen.state.racks[0][1]
        await pilot.press("2")  # the digit only moves to the tile: giving back is for good
        assert screen.state.phase == GIVEBACK
        at = screen.save.cursor
        await pilot.press("enter")
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[at]) == GiveBack(give)
        assert screen.state.limits[0] == 3


async def test_refused_cell_says_why(store):
    app = two_players(store, moves=9, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("2")
        tile = screen.tile
        bad = next(c for i, c in enumerate(CELLS) if screen.state.cells[i] is None
                   and "touch" not in (screen.state.why_not(tile, c) or "touch"))
        screen.board.cursor = rowcol(bad)
        await pilot.pause()
        why = screen.state.why_not(tile, bad)
        assert why.split(" ", 1)[1] in str(screen.query_one("#town-cell").render())
        await pilot.press("enter")
        assert why in status(app)
        assert screen.save.cursor == len(script(2, 5, 9))
        await pilot.press("escape")
        assert screen.tile is None and screen.focused is screen.bar


async def test_a_tile_that_fits_nowhere_is_not_chosen(store):
    app = two_players(store, moves=9, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        state = screen.state
        stuck = [i for i, t in enumerate(state.racks[0]) if not state.legal_cells(t)]
        assert stuck  # the Blue Spire: a Blue and a Spire stand everywhere it could go
        await pilot.press(str(stuck[0] + 1))
        assert screen.tile is None
        assert "fits nowhere" in status(app)


async def test_hand_over_between_two_people(store):
    from tui.screens.dialogs import HandOverScreen

    app = new_town(store, ["human", "human"], 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        first_rack = list(screen.state.racks[0])
        await place_first_fit_by_keys(pilot)
        await pilot.press("enter")  # keep
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1
        assert screen.entries == screen.state.racks[1] != first_rack
        assert "Rack of Player 2" in str(screen.query_one("#town-bar-title").render())
        assert all(t.endswith("?") for t in screen.shown().racks[0])


async def test_daily_solo_deal(store):
    from core.town.solo import daily_seed
    from tui_support import TODAY

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_daily("town")
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "town" and screen.state.solo
        assert screen.save.seed == daily_seed(TODAY)


async def test_new_game_form_starts_solo_and_help_shows_town_rules(store):
    from tui.screens.help import HelpScreen

    app = make_app(store, start=NewForm("town"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "town" and screen.state.seats == 1
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.game_id == "town"


async def test_replay_of_a_finished_solo_game(store):
    line = solo_script()
    save = town_save(["human"], SOLO_SEED, line, "town-20261129-100000-play")
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_game(store.load(save.id), replay=True)
        await pilot.pause()
        screen = app.screen
        assert screen.replay and screen.replay_at == len(line)
        await pilot.press("left", "left")
        await pilot.pause()
        assert screen.replay_at == len(line) - 2
        assert screen.shown().placed == screen.state.placed
        await pilot.press("home")
        await pilot.pause()
        assert screen.shown().placed == 0


async def test_bot_moves_are_marked(store):
    app = new_town(store, ["human", "easy", "easy"], 8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        mine = await place_first_fit_by_keys(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.state.to_move == 0 and screen.state.phase == TURN)
        await pilot.pause()
        marks = screen.board.marks
        assert marks[rowcol(mine.cell)] == "last"
        assert len([m for m in marks.values() if m == "last"]) == 3


async def test_leave_when_stuck_by_key(store):
    app = stuck_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("leave", ()) is True
        assert screen.check_action("exchange", ()) is True
        assert "e leaves the game" in status(app)
        at = screen.save.cursor
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(GAME.action_from_builtins(screen.save.actions[at]), Leave)
        assert 0 in [s for s, _ in screen.state.left]


async def test_two_player_game_to_the_end_against_a_bot(store):
    from tui.screens.game_over import GameOverScreen

    app = new_town(store, ["human", "easy"], 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(200):
            await wait_for(pilot, lambda: screen.state.over or screen.state.to_move == 0)
            if screen.state.over:
                break
            state = screen.state
            if state.phase == GIVEBACK:
                await pilot.press("enter")  # keep
            elif any(isinstance(a, Place) for a in state.legal_actions()):
                await place_first_fit_by_keys(pilot)
            elif screen.can_exchange():
                await pilot.press("x", "x")
            else:
                await pilot.press("e")
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert "You:" in text and "Easy bot 2:" in text
        await pilot.press("enter")
        await pilot.pause()
        players = str(screen.query_one("#town-players").render())
        assert "out 1st" in players and "out 2nd" in players
        assert screen.summary().endswith("won")


def test_tile_colours_stay_apart_in_16_colours():
    """Each tile colour falls on its own ANSI colour when a terminal has only 16, and
    every face and back carries its colour's letter."""
    from rich.color import Color, ColorSystem

    from tui.games.town.tiles import SHADES, back, face

    standard = {Color.parse(hex_).downgrade(ColorSystem.STANDARD).number for hex_ in SHADES.values()}
    assert len(standard) == len(SHADES) == 7
    for tile in ("Rc", "Ot", "Yd", "Gg", "Bf", "Pm", "Ws"):
        assert face(tile, ascii_only=True).plain.strip().startswith(tile[0])
        assert back(tile[0] + "?").plain == tile[0] + "?"


async def test_daily_solo_deal_from_the_home_menu(store):
    from core.town.solo import daily_seed
    from tui_support import TODAY

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.action_pick("daily:town")
        await pilot.pause()
        assert app.screen.game_id == "town" and app.screen.state.solo
        assert app.screen.save.seed == daily_seed(TODAY)


async def test_log_names_the_seats_with_verbs_for_you(store):
    """The engine's lines name seats; the screen reads them with the seats' names,
    the verb agreeing with "You" (core.engine.Line, no regex patch)."""
    from tui.widgets.log import GameLog

    app = two_players(store, moves=6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = app.screen.query_one(GameLog)._lines
        text = "\n".join(lines)
        assert "You place the " in text and "Normal bot 2 places the " in text
        assert "Player " not in text and "You places" not in text
