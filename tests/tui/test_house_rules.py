"""HOUSE RULES in the app: snapshots of its key states at 80x24 and Pilot flows by
keys (a whole game against the easy bot, resume from the save, the pending
decisions: revival, change marker, Regroup swap; refusals with their reasons).

Positions come from fixed lines of actions replayed from a save, so no bot thinks in
any picture. Seat 0 (White) is the person, seat 1 (Black) the easy bot.
"""

from __future__ import annotations

import time

import pytest

import saves
from core import GAMES
from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from tui_support import make_app, put_save

SIZE = (80, 24)
GAME = GAMES["house-rules"]
SEATS = [saves.Seat(name="You"), saves.Seat(name="Easy bot", kind="bot", level="easy")]

# A game on deal 1 (a normal bot as White against the easy bot, recorded once): cards,
# change markers, Regroup, a revival with Homecoming at action 46, White wins at 49.
LINE = (
    "c1-c2 end f6-f5 end card:sprint b1-b3 g6-g5 card:colour-blind e1-e3 end d6-d5 card:homecoming "
    "d1-d3 card:team-support d5-b5 end b3-a3 card:change end f5-f4 marker:c5 card:diagonal-step e3-f4 end "
    "b5-b4 marker:b2 a3-a2 end card:last-stand b4-a3 marker:e1 f4-f6 end card:fortress g5-g6 marker:f3 "
    "f6-e6 end card:regroup c6-c5 card:stalwart d3-c3 a3-a2 c3-c5 a2-c2 c5-b6 revive:3@e1 c2-a2 b6-a6"
).split()
MARKER_AT = 18  # White has moved and may place a change marker
SWAP_AT = 40  # White may swap (Regroup in force)
REVIVE_AT = 46  # White's square reached the far row: +1 or bring back the cube
# No cards played: White's square on b4 can take the tetrahedron on c4 (3 vs 3, the
# white cell helps it) but not the hypertetrahedron on b5 (3 vs 4).
CAPTURE_LINE = "b1-b2 end c6-c5 end b2-b3 end c5-c4 end g1-g2 end d6-d5 end g2-g3 end d5-c5 end b3-b4 end c5-b5 end".split()


def act(token: str):
    """One action from the short notation of the lines above."""
    if token == "end":
        return EndTurn()
    if token == "pass":
        return Pass()
    if token == "bonus":
        return TakeBonus()
    kind, _, rest = token.partition(":")
    if kind == "card":
        return PlayCard(rest)
    if kind == "marker":
        return PlaceMarker(rest)
    if kind == "revive":
        pawn, cell = rest.split("@")
        return Revive(int(pawn), cell)
    if "/" in token:
        return Swap(*token.split("/"))
    return Move(*token.split("-"))


def hr_save(tokens: list[str], save_id: str, seed: int = 1, seats=None, options=None) -> saves.SaveFile:
    save = saves.new_save("house-rules", list(seats or SEATS),
                          GAME.options_to_builtins(options) if options else None, seed)
    save.id = save_id
    for token in tokens:
        saves.record(save, act(token))
    save.over = saves.replay(save).over
    return save


def resumed(store, tokens: list[str], save_id: str = "house-rules-20261129-100000-aaaa", **kwargs):
    put_save(store, hr_save(tokens, save_id, **kwargs))
    return make_app(store, start=("resume", save_id))


def new_app(store, seed: int = 7, **kwargs):
    return make_app(store, start=("new", "house-rules", list(SEATS), seed, GAME.Options()), **kwargs)


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def info(app) -> str:
    return str(app.screen.query_one("#hr-info").render())


# -- snapshots ------------------------------------------------------------------------------


def test_hr_start(snap_compare, store):
    assert snap_compare(new_app(store), terminal_size=SIZE)


def test_hr_ascii_mid_game(snap_compare, store):
    # change markers, upgrades, captured pawns and nine cards in force, in ASCII only
    put_save(store, hr_save(LINE[:SWAP_AT], "house-rules-20261129-100000-aaaa"))
    app = make_app(store, ascii=True, start=("resume", "house-rules-20261129-100000-aaaa"))
    assert snap_compare(app, terminal_size=SIZE)


def test_hr_pawn_selected(snap_compare, store):
    # the cursor starts on d1: walk to b4 and choose the square
    app = resumed(store, CAPTURE_LINE)
    assert snap_compare(app, terminal_size=SIZE, press=["up", "up", "up", "left", "left", "enter"])


def test_hr_capture_preview(snap_compare, store):
    app = resumed(store, CAPTURE_LINE)
    assert snap_compare(app, terminal_size=SIZE, press=["up", "up", "up", "left", "left", "enter", "right"])


def test_hr_card_being_played(snap_compare, store):
    # tab to the cards, down to Sprint, enter: the card waits for a second enter
    assert snap_compare(new_app(store), terminal_size=SIZE, press=["tab", "down", "down", "down", "enter"])


def test_hr_cards_in_force(snap_compare, store):
    app = resumed(store, LINE[:SWAP_AT])
    assert snap_compare(app, terminal_size=SIZE, press=["tab", "down", "down", "down"])


def test_hr_revival_choice(snap_compare, store):
    # the list offers +1 or the captured cube; choosing the cube lights its cells
    app = resumed(store, LINE[:REVIVE_AT])
    assert snap_compare(app, terminal_size=SIZE, press=["down", "enter"])


def test_hr_game_over(snap_compare, store):
    async def last_move(pilot):
        pilot.app.screen.submit(act(LINE[-1]))
        await pilot.pause()

    app = resumed(store, LINE[:-1])
    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)


# -- Pilot flows by keys ----------------------------------------------------------------------

from core.house_rules.board import CELL_INDEX  # noqa: E402


@pytest.fixture
def seeded_bots(monkeypatch):
    """The app's bots get a fixed seed, so a flow plays the same game every run."""
    import core.ai

    real = core.ai.bot
    monkeypatch.setattr(core.ai, "bot", lambda game_id, level, seed=None: real(game_id, level, 11))


async def settle(pilot, screen, limit: float = 20.0) -> None:
    """Wait until a person is to decide (a bot's reply may be on its way) or the game is over."""
    deadline = time.monotonic() + limit
    while True:
        await pilot.pause()
        state = screen.state
        if state.over or (not screen.is_bot(state.to_move) and screen._bot_token is None):
            return
        assert time.monotonic() < deadline, "the bot did not answer"
        await pilot.pause(0.02)


async def focus(pilot, screen, widget_id: str) -> None:
    for _ in range(4):
        if screen.focused is not None and screen.focused.id == widget_id:
            return
        await pilot.press("tab")
    assert screen.focused.id == widget_id


async def walk_to(pilot, screen, cell: str) -> None:
    """Move the board cursor to `cell` with the arrow keys."""
    await focus(pilot, screen, "board")
    board = screen.query_one("#board")
    row, col = screen.cell_of(CELL_INDEX[cell])
    cur_row, cur_col = board.cursor
    keys = ["down" if row > cur_row else "up"] * abs(row - cur_row)
    keys += ["right" if col > cur_col else "left"] * abs(col - cur_col)
    await pilot.press(*keys)
    assert board.cursor == (row, col)


async def list_to(pilot, screen, list_id: str, item_id: str) -> None:
    """Move a list's cursor to `item_id` with up and down."""
    await focus(pilot, screen, list_id)
    choices = screen.query_one(f"#{list_id}")
    ids = [o.id for o in choices.options]
    target = ids.index(item_id)
    key = "down" if target > (choices.highlighted or 0) else "up"
    for _ in range(len(ids)):
        if choices.highlighted == target:
            break
        await pilot.press(key)
    assert choices.current_id == item_id


async def play_by_keys(pilot, screen, action) -> None:
    """Make one decision the way a person does, by keys only."""
    kind = type(action)
    if kind is Move:
        await walk_to(pilot, screen, action.src)
        await pilot.press("enter")
        await walk_to(pilot, screen, action.dst)
        await pilot.press("enter")
    elif kind is Swap:
        await walk_to(pilot, screen, action.a)
        await pilot.press("enter")
        await walk_to(pilot, screen, action.b)
        await pilot.press("enter")
    elif kind is PlayCard:
        await list_to(pilot, screen, "hr-cards", action.card)
        await pilot.press("enter", "enter")
    elif kind is EndTurn:
        await pilot.press("e")
    elif kind is Pass:
        await pilot.press("p")
    elif kind is TakeBonus:
        await list_to(pilot, screen, "hr-choices", "bonus")
        await pilot.press("enter")
    elif kind is Revive:
        await list_to(pilot, screen, "hr-choices", f"revive-{action.pawn}")
        await pilot.press("enter")
        await walk_to(pilot, screen, action.cell)
        await pilot.press("enter")
    elif kind is PlaceMarker:
        await walk_to(pilot, screen, action.cell)
        await pilot.press("enter", "enter")
    await pilot.pause()


async def play_human_turns(pilot, screen, chooser, decisions: int | None = None) -> int:
    """Let `chooser` pick each of the person's decisions and make it by keys, until
    the game is over (or `decisions` were made). Every decision must be recorded."""
    made = 0
    await settle(pilot, screen)
    while not screen.state.over and (decisions is None or made < decisions):
        state = screen.state
        action = chooser.choose(state.view(state.to_move), 1.0)
        before = screen.save.cursor
        await play_by_keys(pilot, screen, action)
        assert screen.save.cursor > before and screen.save.actions[before] == GAME.action_to_builtins(action), \
            f"{action} was not played by keys: {status(pilot.app)}"
        made += 1
        await settle(pilot, screen)
    return made


async def test_hr_whole_game_vs_easy_bot_by_keys_then_resume(store, seeded_bots):
    from core.ai import bot
    from tui.screens.game_over import GameOverScreen

    started = time.monotonic()
    chooser = bot("house-rules", "normal", 5)  # picks the person's moves; keys make them
    app = new_app(store, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.game_id == "house-rules"
        await play_human_turns(pilot, screen, chooser, decisions=8)
        position, save_id, cursor = screen.state.to_text(), screen.save.id, screen.save.cursor
        await pilot.press("q")  # home: the game is already saved
        await pilot.pause()
        app.flush_saves()
    assert store.load(save_id).cursor == cursor

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # "Continue", the newest unfinished game
        await pilot.pause()
        screen = app.screen
        assert screen.save.id == save_id
        assert screen.state.to_text() == position
        await play_human_turns(pilot, screen, chooser)
        assert screen.state.over
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        app.flush_saves()
        assert store.load(save_id).over
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    stats = store.load_stats().get("house-rules")
    assert stats.played == 1
    assert time.monotonic() - started < 30
