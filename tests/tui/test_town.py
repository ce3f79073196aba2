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
from core.town.solo import level_for, solo_hint
from core.town.state import GIVEBACK, SOLO_PLACE, TURN
from tui_support import make_app, put_save

SIZE = (80, 24)
GAME = GAMES["town"]


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
    """The strong strategy's whole solo game on `seed`."""
    state = GAME.new(1, seed)
    line = []
    while not state.over:
        action = solo_hint(state)
        state.apply(action)
        line.append(action)
    return line


def town_save(kinds: list[str], seed: int, actions: list, save_id: str) -> saves.SaveFile:
    humans = kinds.count("human")
    seats = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(saves.Seat(name="You" if humans == 1 else f"Player {i + 1}"))
        else:
            seats.append(saves.Seat(name=f"{kind.title()} bot {i + 1}", kind="bot", level=kind))
    save = saves.new_save("town", seats, None, seed)
    save.id = save_id
    for action in actions:
        saves.record(save, action)
    save.over = saves.replay(save).over
    return save


def resume_app(store, save: saves.SaveFile, **kwargs):
    put_save(store, save)
    return make_app(store, start=("resume", save.id), **kwargs)


def two_players(store, moves: int = 6, phase: str = TURN, seed: int = 4, **kwargs):
    save = town_save(["human", "normal"], seed, script(2, seed, moves, phase=phase), "town-20261129-100000-two2")
    return resume_app(store, save, **kwargs)


def five_players(store, **kwargs):
    kinds = ["human", "easy", "normal", "hard", "normal"]
    save = town_save(kinds, 11, script(5, 11, 30), "town-20261129-100000-five")
    return resume_app(store, save, **kwargs)


def solo_app(store, moves: int, seed: int = 21, **kwargs):
    line = solo_line(seed)
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
